// Load (issue 10, "Deliver 5"): a real-clock node (`host/main.ts`, 1 s blocks, a temporary
// database) in its own process, 50 connections for 30 s of GET queries mixing the light routes with
// the heaviest pages (validators, a validator's delegations, all positions, tiers, supply), and
// beside them a trickle of signed txs (dev keys 5-8, pre-signed, POSTed at a fixed rate). Reports
// req/s, p50/p99 latency, errors (every non-2xx, socket error, timeout, refused or uncommitted tx),
// the node's RSS every second, and the blocks made meanwhile: the mean interval against the block
// time (drift, %), the longest interval, and how far the last block ran behind its schedule.
//
// `npm run bench:load` (or `npm run bench -- load`) runs it alone; `npm run bench` runs it last.
// BENCH_NODE_PROF=<dir> starts the node with --cpu-prof into <dir> (where its CPU goes under the load);
// BENCH_LOAD_CLIENT_WORKERS=N runs autocannon on N worker threads.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { statusValue, threadCpuMs } from "./proc.js";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { AminoMsg } from "@cosmjs/amino";
import { devAddress } from "../host/app/genesis.js";
import { NodeStore } from "../host/store/store.js";
import { devSigner, delegateMsg, lockTierMsg, sendMsg, type DevSigner } from "../test/helpers/dev-signer.js";
import { percentile } from "./stats.js";

export interface LoadOptions {
  seconds: number;
  connections: number;
  /** Go duration for --block-time. */
  blockTime: string;
  blockTimeMs: number;
  txPerSec: number;
  /** Positions locked before the load (the positions pages then hold 100). */
  positions: number;
}

/** The issue's load: 50 connections for 30 s (BENCH_LOAD_SECONDS overrides the 30, for a quick look). */
export const DEFAULT_LOAD: LoadOptions = {
  seconds: Number(process.env.BENCH_LOAD_SECONDS ?? 30) || 30, connections: 50, blockTime: "1s", blockTimeMs: 1000, txPerSec: 10, positions: 120,
};

export interface LoadBench {
  options: LoadOptions;
  paths: string[];
  requests: number;
  reqPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; mean: number; max: number };
  errors: { total: number; socket: number; timeouts: number; non2xx: number; txRefused: number; txNotCommitted: number; firstTxProblem?: string };
  txs: { sent: number; accepted: number; committed: number; p50Ms: number; p99Ms: number };
  /** The node's CPU seconds during the load by thread (threadCpuS): the main thread's and the others'. */
  cpuS?: Record<string, number>;
  /** The bench process's own CPU seconds during the load (autocannon, the trickle): the client's share of the machine. */
  clientCpuS?: number;
  /** The machine's load average (1 min) when the load started and when it ended. */
  loadAvg?: [number, number];
  /** The node process's resident set, MiB, once a second from the start of the load. */
  rssMiB: number[];
  blocks: {
    count: number; meanIntervalMs: number; driftPct: number; maxIntervalMs: number; p50IntervalMs: number; p99IntervalMs: number;
    lastBehindScheduleMs: number; heights: [string, string];
  };
}

const SIGNERS = [5, 6, 7, 8];
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The node's resident set in MiB (Linux /proc; NaN elsewhere). */
export function rssMiB(pid: number): number {
  return statusValue(pid, "VmRSS") / 1024;
}


/**
 * CPU seconds of a process's threads so far (Linux /proc), by thread name: `main` for the main
 * thread, else its name (Node's worker threads, libuv's pool, V8's helpers). Empty elsewhere.
 */
export function threadCpuS(pid: number): Map<string, number> {
  const ms = threadCpuMs(pid, (name, _tid, isMain) => (isMain ? "main" : name));
  return new Map([...ms].map(([k, v]) => [k, v / 1000]));
}

/** Starts `host/main.ts` in a child process; resolves with it, its URL and its RPC's once it serves. */
export async function startChild(
  dbPath: string, blockTime: string, progress: (m: string) => void, o: { args?: string[]; nodeArgs?: string[] } = {},
): Promise<{ child: ChildProcess; url: string; rpc: string }> {
  const child = spawn(
    process.execPath,
    [
      ...(o.nodeArgs ?? []), "--import", "tsx", "host/main.ts", "--clock", "real", "--block-time", blockTime, "--db", dbPath, "--port", "0",
      // BENCH_QUERY_WORKERS=N: the node's --query-workers (default: the node's own default).
      ...(process.env.BENCH_QUERY_WORKERS === undefined ? [] : ["--query-workers", process.env.BENCH_QUERY_WORKERS]),
      ...(o.args ?? []),
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stderr!.on("data", (d) => progress(`node stderr: ${String(d).trimEnd()}`));
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the node did not start within 60 s")), 60_000);
    lines.on("line", (line) => {
      const m = /serving (http:\/\/[^ ]+) .*CometBFT RPC (http:\/\/[^ ]+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, rpc: m[2]! });
      }
    });
    child.once("exit", (code) => reject(new Error(`the node exited (${code}) before serving`)));
  });
}

export const getJson = async (url: string) => (await fetch(url)).json() as Promise<any>;

export async function heightOf(url: string): Promise<bigint> {
  return BigInt((await getJson(`${url}/cosmos/base/tendermint/v1beta1/blocks/latest`)).block.header.height);
}

export async function waitBlocks(url: string, n: bigint): Promise<void> {
  const target = (await heightOf(url)) + n;
  while ((await heightOf(url)) < target) await sleep(100);
}

/** The dev keys' signers, their accounts, the validators, and a signer of each key's next tx. */
export interface LoadChain {
  chainId: string;
  signers: DevSigner[];
  accounts: { accountNumber: bigint; sequence: bigint }[];
  validators: string[];
  /** Key i's next tx of these messages (its sequence taken). */
  nextSigned(i: number, msgs: AminoMsg[]): Promise<unknown>;
}

/** Dev keys 5-8 with positions on every validator and tier, and a delegation of each to each validator. */
export async function prepareLoadChain(url: string, positions: number, progress: (m: string) => void): Promise<LoadChain> {
  await waitBlocks(url, 1n);
  const signers = await Promise.all(SIGNERS.map((n) => devSigner(n)));
  const chainId = (await getJson(`${url}/cosmos/base/tendermint/v1beta1/blocks/latest`)).block.header.chain_id as string;
  const accounts = await Promise.all(signers.map(async (s) => {
    const a = (await getJson(`${url}/cosmos/auth/v1beta1/accounts/${s.address}`)).account;
    return { accountNumber: BigInt(a.account_number), sequence: BigInt(a.sequence) };
  }));
  const validators = ((await getJson(`${url}/cosmos/staking/v1beta1/validators`)).validators as { operator_address: string }[]).map((v) => v.operator_address);
  const nextSigned = async (i: number, msgs: AminoMsg[]) => {
    const body = await signers[i]!.sign(msgs, { chainId, accountNumber: accounts[i]!.accountNumber, sequence: accounts[i]!.sequence });
    accounts[i]!.sequence += 1n;
    return body;
  };
  // Setup: positions on every validator and tier, a delegation of each signer to each validator.
  progress(`load: signing and committing ${positions} positions and ${SIGNERS.length * validators.length} delegations`);
  const setup: unknown[] = [];
  for (let k = 0; k < positions; k++) {
    const i = k % signers.length;
    setup.push(await nextSigned(i, [lockTierMsg(signers[i]!.address, 1 + (k % 3), 10_000_000_000n + BigInt(k), validators[k % validators.length]!)]));
  }
  for (let i = 0; i < signers.length; i++) {
    for (const v of validators) setup.push(await nextSigned(i, [delegateMsg(signers[i]!.address, v, 1_000_000_000n)]));
  }
  for (const body of setup) {
    const r = (await (await fetch(`${url}/txs`, { method: "POST", body: JSON.stringify(body) })).json()) as any;
    if (r.tx_response?.code !== 0) throw new Error(`setup tx refused: ${JSON.stringify(r).slice(0, 200)}`);
  }
  await waitBlocks(url, 2n);
  return { chainId, signers, accounts, validators, nextSigned };
}

/** The load's GET paths: the light routes and the heaviest pages. */
export function loadPaths(validators: string[]): string[] {
  const v0 = validators[0]!;
  return [
    "/cosmos/staking/v1beta1/validators",
    `/cosmos/staking/v1beta1/validators/${v0}/delegations`,
    "/chainmain/tieredrewards/v1/positions",
    `/cosmos/staking/v1beta1/delegations/${devAddress(5)}`,
    "/chainmain/tieredrewards/v1/tiers",
    "/cosmos/bank/v1beta1/supply",
    `/chainmain/tieredrewards/v1/positions/${devAddress(6)}`,
    "/chainmain/tieredrewards/v1/rewards_pool_balances",
    "/cosmos/base/tendermint/v1beta1/blocks/latest",
    `/cosmos/distribution/v1beta1/delegators/${devAddress(7)}/rewards`,
    "/chainmain/tieredrewards/v1/estimate_rewards/0",
    `/cosmos/bank/v1beta1/balances/${devAddress(8)}`,
    "/chainmain/tieredrewards/v1/positions?pagination.reverse=true&pagination.count_total=true",
    "/cosmos/staking/v1beta1/pool",
  ];
}

export async function runLoadBench(progress: (m: string) => void, o: LoadOptions = DEFAULT_LOAD): Promise<LoadBench> {
  const dir = await mkdtemp(join(tmpdir(), "load-bench-"));
  const dbPath = join(dir, "load.db");
  const { child, url } = await startChild(dbPath, o.blockTime, progress, process.env.BENCH_NODE_PROF ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_NODE_PROF}`] } : {});
  try {
    const { signers, nextSigned, validators } = await prepareLoadChain(url, o.positions, progress);

    // The trickle, signed before the load starts (the signing is the wallets' work, not the node's).
    const trickleCount = Math.ceil(o.txPerSec * o.seconds * 1.2);
    progress(`load: signing ${trickleCount} trickle txs`);
    const trickle: unknown[] = [];
    for (let k = 0; k < trickleCount; k++) {
      const i = k % signers.length;
      trickle.push(await nextSigned(i, [sendMsg(signers[i]!.address, devAddress(SIGNERS[(i + 1) % SIGNERS.length]!), 1n + BigInt(k))]));
    }

    const paths = loadPaths(validators);
    const h0 = await heightOf(url);

    // RSS every second; the load; the trickle beside it.
    const rss: number[] = [rssMiB(child.pid!)];
    const sampler = setInterval(() => rss.push(rssMiB(child.pid!)), 1000);
    progress(`load: ${o.connections} connections for ${o.seconds} s over ${paths.length} paths, ${o.txPerSec} signed tx/s beside them`);
    const startedNs = BigInt(Date.now()) * 1_000_000n;
    let loadDone = false;
    const txLatencies: number[] = [];
    const txHashes: string[] = [];
    let txRefused = 0;
    let firstTxProblem: string | undefined;
    // One lane per signer (a signer's txs go in sequence order, each after the previous answer), the
    // lanes together on a fixed schedule of txPerSec: tx k is due k / txPerSec seconds in.
    const t0 = performance.now();
    const lane = async (i: number) => {
      for (let k = i; k < trickle.length && !loadDone; k += signers.length) {
        const wait = t0 + (k * 1000) / o.txPerSec - performance.now();
        if (wait > 0) await sleep(wait);
        if (loadDone) break;
        const s = performance.now();
        try {
          const res = await fetch(`${url}/txs`, { method: "POST", body: JSON.stringify(trickle[k]) });
          const r = (await res.json()) as any;
          txLatencies.push(performance.now() - s);
          if (res.status !== 200 || r.tx_response?.code !== 0) {
            txRefused++;
            firstTxProblem ??= `HTTP ${res.status}: ${JSON.stringify(r).slice(0, 200)}`;
          } else txHashes.push(r.tx_response.txhash as string);
        } catch (e) {
          txRefused++;
          firstTxProblem ??= String(e);
        }
      }
    };
    const trickleLoop = Promise.all(signers.map((_, i) => lane(i)));
    const cpu0 = threadCpuS(child.pid!);
    const client0 = process.cpuUsage();
    const load0 = loadavg()[0]!;
    const result = await autocannon({
      url,
      // BENCH_LOAD_CLIENT_WORKERS=N: autocannon's connections on N worker threads (the client is then less the limit on a busy machine).
      ...(process.env.BENCH_LOAD_CLIENT_WORKERS ? { workers: Number(process.env.BENCH_LOAD_CLIENT_WORKERS) } : {}),
      connections: o.connections,
      duration: o.seconds,
      requests: paths.map((path) => ({ method: "GET", path })),
    });
    loadDone = true;
    const client1 = process.cpuUsage(client0);
    const clientCpuS = Math.round((client1.user + client1.system) / 1e4) / 100;
    const loadAvg: [number, number] = [load0, loadavg()[0]!];
    const cpu1 = threadCpuS(child.pid!);
    const cpuS: Record<string, number> = {};
    for (const [name, t] of cpu1) if (t - (cpu0.get(name) ?? 0) >= 0.05) cpuS[name] = Math.round((t - (cpu0.get(name) ?? 0)) * 100) / 100;
    const endedNs = BigInt(Date.now()) * 1_000_000n;
    await trickleLoop;
    clearInterval(sampler);
    const h1 = await heightOf(url);

    // Every accepted trickle tx committed with code 0.
    await waitBlocks(url, 2n);
    let committed = 0;
    for (const hash of txHashes) {
      const r = (await getJson(`${url}/cosmos/tx/v1beta1/txs/${hash}`)) as any;
      if (r.tx_response?.code === 0) committed++;
      else firstTxProblem ??= `tx ${hash}: ${JSON.stringify(r).slice(0, 200)}`;
    }

    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once("exit", r)));

    // Block times from the database: the blocks made during the load.
    const store = new NodeStore(dbPath, { readonly: true });
    const times: { height: bigint; timeNs: bigint }[] = [];
    try {
      for (const b of store.blocks()) {
        for (let h = b.firstHeight; h <= b.height; h++) {
          const t = b.timeNs + (h - b.firstHeight) * b.stepNs;
          if (t >= startedNs && t <= endedNs) times.push({ height: h, timeNs: t });
        }
      }
    } finally {
      store.close();
    }
    const btNs = BigInt(o.blockTimeMs) * 1_000_000n;
    let maxInterval = 0n;
    const gaps: number[] = [];
    for (let i = 1; i < times.length; i++) {
      const d = times[i]!.timeNs - times[i - 1]!.timeNs;
      if (d > maxInterval) maxInterval = d;
      gaps.push(Number(d) / 1e6);
    }
    const first = times[0]!;
    const last = times[times.length - 1]!;
    const span = last.timeNs - first.timeNs;
    const intervals = last.height - first.height;
    const meanIntervalMs = Number(span) / Number(intervals) / 1e6;
    const behind = last.timeNs - (first.timeNs + intervals * btNs);

    const socket = result.errors;
    const errors = {
      socket,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      txRefused,
      txNotCommitted: txHashes.length - committed,
      total: socket + result.timeouts + result.non2xx + txRefused + (txHashes.length - committed),
      firstTxProblem,
    };
    return {
      options: o,
      paths,
      requests: result.requests.total,
      reqPerSec: result.requests.total / o.seconds,
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, mean: result.latency.mean, max: result.latency.max },
      errors,
      txs: { sent: txLatencies.length, accepted: txHashes.length, committed, p50Ms: percentile(txLatencies, 50), p99Ms: percentile(txLatencies, 99) },
      cpuS, clientCpuS, loadAvg, rssMiB: rss.map((x) => Math.round(x * 10) / 10),
      blocks: {
        count: times.length,
        meanIntervalMs,
        driftPct: ((meanIntervalMs - o.blockTimeMs) / o.blockTimeMs) * 100,
        maxIntervalMs: Number(maxInterval) / 1e6,
        p50IntervalMs: percentile(gaps, 50),
        p99IntervalMs: percentile(gaps, 99),
        lastBehindScheduleMs: Number(behind) / 1e6,
        heights: [`${h0}`, `${h1}`],
      },
    };
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await rm(dir, { recursive: true, force: true });
  }
}

/** The report's lines. */
export function loadLines(b: LoadBench): string[] {
  const o = b.options;
  const rss = b.rssMiB.filter((x) => Number.isFinite(x));
  const every = Math.max(1, Math.round(rss.length / 10));
  return [
    `h. Load: ${o.connections} connections for ${o.seconds} s of GET over ${b.paths.length} paths (validators, delegations, positions, tiers, supply, ...),`,
    `   ${o.txPerSec} signed tx/s beside them; a real-clock node in its own process, --block-time ${o.blockTime}, ${o.positions} positions`,
    `  requests                                         ${b.requests.toLocaleString("en-US")} (${Math.round(b.reqPerSec).toLocaleString("en-US")} req/s)`,
    `  latency p50 / p90 / p99 / max                    ${b.latencyMs.p50} / ${b.latencyMs.p90} / ${b.latencyMs.p99} / ${b.latencyMs.max} ms`,
    `  signed txs sent / accepted / committed           ${b.txs.sent} / ${b.txs.accepted} / ${b.txs.committed} (POST p50 ${b.txs.p50Ms.toFixed(1)} ms, p99 ${b.txs.p99Ms.toFixed(1)} ms)`,
    `  errors                                           ${b.errors.total} (socket ${b.errors.socket}, timeouts ${b.errors.timeouts}, non-2xx ${b.errors.non2xx}, txs refused ${b.errors.txRefused}, not committed ${b.errors.txNotCommitted})` +
      (b.errors.firstTxProblem ? `; first: ${b.errors.firstTxProblem}` : ""),
    ...(b.cpuS ? [`  node CPU s during the load, by thread             ${Object.entries(b.cpuS).sort((x, y) => y[1] - x[1]).map(([n, t]) => `${n} ${t.toFixed(1)}`).join(", ")}`] : []),
    ...(b.cpuS?.main !== undefined ? [`  node main-thread CPU per request                  ${((b.cpuS.main * 1e6) / b.requests).toFixed(1)} µs (${Math.round(b.requests / b.cpuS.main).toLocaleString("en-US")} req per CPU second)`] : []),
    ...(b.clientCpuS !== undefined ? [`  client (autocannon, trickle) CPU s / per request ${b.clientCpuS.toFixed(1)} s / ${((b.clientCpuS * 1e6) / b.requests).toFixed(1)} µs`] : []),
    ...(b.loadAvg ? [`  load average (1 min) at start / end              ${b.loadAvg[0].toFixed(2)} / ${b.loadAvg[1].toFixed(2)}`] : []),
    `  node RSS, MiB (every ${every} s)                     ${rss.filter((_, i) => i % every === 0 || i === rss.length - 1).map((x) => x.toFixed(0)).join(" ")} (max ${Math.max(...rss).toFixed(0)})`,
    `  blocks during the load                           ${b.blocks.count} (heights ${b.blocks.heights[0]}..${b.blocks.heights[1]}), mean interval ${b.blocks.meanIntervalMs.toFixed(1)} ms`,
    `  block interval drift (mean vs --block-time)      ${b.blocks.driftPct >= 0 ? "+" : ""}${b.blocks.driftPct.toFixed(2)} %; longest interval ${b.blocks.maxIntervalMs.toFixed(0)} ms; last block ${b.blocks.lastBehindScheduleMs.toFixed(0)} ms behind its schedule`,
    `  block interval p50 / p99 (vs --block-time)       ${b.blocks.p50IntervalMs.toFixed(0)} / ${b.blocks.p99IntervalMs.toFixed(0)} ms (p99 ${(b.blocks.p99IntervalMs / b.options.blockTimeMs).toFixed(2)}x)`,
  ];
}

/** The issue's targets for the load: 0 errors, drift ≤ 2 %. */
export function loadTargets(b: LoadBench) {
  return [
    { name: "load: 0 errors (HTTP, socket, timeouts, txs refused or lost)", value: b.errors.total, target: 0, pass: b.errors.total === 0, show: `${b.errors.total}` },
    {
      name: "load: block interval drift <= 2 %", value: Math.abs(b.blocks.driftPct), target: 2, pass: Math.abs(b.blocks.driftPct) <= 2,
      show: `${b.blocks.driftPct.toFixed(2)} %`,
    },
    {
      name: "load: block interval p99 <= 1.2x the block time", value: b.blocks.p99IntervalMs / b.options.blockTimeMs, target: 1.2,
      pass: b.blocks.p99IntervalMs <= 1.2 * b.options.blockTimeMs, show: `${(b.blocks.p99IntervalMs / b.options.blockTimeMs).toFixed(2)}x`,
    },
  ];
}

/** The section alone (`npm run bench:load`, `npm run bench -- load`): report, results file; exit code 1 on a MISS. */
export async function loadMain(): Promise<number> {
  const b = await runLoadBench((m) => process.stderr.write(`[bench] ${m}\n`));
  for (const line of loadLines(b)) console.log(line);
  const targets = loadTargets(b);
  for (const t of targets) console.log(`  ${t.pass ? "PASS" : "MISS"}  ${t.name}: ${t.show}`);
  const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  const file = `${resultsDir}load-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, `${JSON.stringify({ load: b, targets }, null, 2)}\n`);
  console.log(`results written to ${relative(process.cwd(), file)}`);
  return targets.every((t) => t.pass) ? 0 : 1;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await loadMain();
}
