// Soak (issue 23 item 7): does the node's memory grow without bound under a mixed load?
// `npm run bench -- soak [--minutes N]` (or BENCH_SOAK_MINUTES; default 30) runs a real-clock node
// (`host/main.ts --dev`, 1 s blocks, a temporary database) in its own process and, for N minutes
// (bench/soak-traffic.ts):
//   - REST GETs over many routes, paginated and heavy ones among them (autocannon, bench/load.ts's
//     paths and more: tx search, a block's txs, next_key pages, gov, slashing),
//   - RPC GETs beside them: abci_query (protobuf), tx_search, block, block_results, validators, status,
//   - signed txs on a fixed schedule: amino JSON to POST /txs, protobuf to POST /cosmos/tx/v1beta1/txs
//     and to the RPC's broadcast_tx_sync; undecodable bytes to both every 2 s (refused),
//   - WebSocket clients that connect, subscribe (NewBlock, Tx, Tx with a sender), wait for an event
//     and leave (close or terminate), over and over.
// Every few seconds it samples the node's RSS (/proc) and GET /dev/memory (V8 heap, external and
// array buffers, the WASM core's memory, SQLite's page cache bound, commit listeners, WebSocket
// clients), then idles 20 s and samples again. It prints start / max / end, the least-squares slope
// of RSS over the last half of the load and a verdict (bench/soak-report.ts), and writes every
// sample to bench/results/soak-<time>.csv. Exit 1 if RSS still grows over the last half.

import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { devAddress } from "../host/app/genesis.js";
import { protoSigner } from "../test/helpers/cosmjs.js";
import { getJson, heightOf, prepareLoadChain, rssMiB, startChild, waitBlocks } from "./load.js";
import { junkLane, restPaths, rpcPaths, txLanes, wsChurn, type Tally } from "./soak-traffic.js";
import { soakLines, soakVerdict, type SoakOptions, type SoakResult, type SoakSample } from "./soak-report.js";

export type { SoakOptions };

const MiB = 1024 * 1024;
const mib = (bytes: unknown) => (typeof bytes === "number" ? Math.round((bytes / MiB) * 10) / 10 : Number.NaN);

/** `soak [--minutes N]` (or `--minutes=N`), else BENCH_SOAK_MINUTES, else 30; anything else is refused. */
export function soakOptions(argv: readonly string[], env: Record<string, string | undefined>): SoakOptions {
  let text = env.BENCH_SOAK_MINUTES;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "soak" && i === 0) continue;
    if (a === "--minutes") text = argv[++i];
    else if (a.startsWith("--minutes=")) text = a.slice("--minutes=".length);
    else throw new Error(`soak: unknown argument ${JSON.stringify(a)} (usage: npm run bench -- soak [--minutes N])`);
  }
  const minutes = text === undefined ? 30 : Number(text);
  if (!(minutes > 0) || !Number.isFinite(minutes)) throw new Error(`--minutes: expected a positive number of minutes, got ${JSON.stringify(text)}`);
  return {
    minutes, sampleSeconds: minutes >= 10 ? 10 : 3, idleSeconds: 20, restConnections: Number(env.BENCH_SOAK_CONNECTIONS ?? 16) || 16, rpcConnections: 6,
    txPerSec: 8, wsClients: 6, positions: 120, nodeArgs: (env.BENCH_SOAK_NODE_ARGS ?? "").split(" ").filter(Boolean),
    gcEachSample: env.BENCH_SOAK_GC === "1",
  };
}

export async function runSoak(o: SoakOptions, progress: (m: string) => void): Promise<SoakResult> {
  const dir = await mkdtemp(join(tmpdir(), "soak-bench-"));
  const { child, url, rpc } = await startChild(join(dir, "soak.db"), "1s", progress, { args: ["--dev", "--log-level", "warn"], nodeArgs: [...o.nodeArgs, ...(o.gcEachSample ? ["--expose-gc"] : [])] });
  const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  const csv = `${resultsDir}soak-${new Date().toISOString().replace(/[:.]/g, "-")}.csv`;
  const columns: (keyof SoakSample)[] = [
    "t", "phase", "rss", "heapUsed", "heapTotal", "external", "arrayBuffers", "wasm", "sqliteCache", "mempool", "commitListeners", "wsClients", "height", "load1", "wsConnects", "txsAccepted",
  ];
  writeFileSync(csv, `${columns.join(",")}\n`);
  const samples: SoakSample[] = [];
  const tally: Tally = { txSent: 0, txAccepted: 0, txRefused: 0, hashes: [], junkSent: 0, junkAnswered: 0, wsConnects: 0, wsEvents: 0, wsFailures: 0 };
  let t0 = performance.now();
  let v8Flags: string[] = [];
  const sample = async (phase: SoakSample["phase"]) => {
    const rss = rssMiB(child.pid!);
    let m: any = {};
    let height = "";
    try {
      m = await getJson(`${url}/dev/memory${o.gcEachSample ? "?gc=1" : ""}`);
      height = `${await heightOf(url)}`;
      if (Array.isArray(m.v8Flags)) v8Flags = m.v8Flags as string[];
    } catch (e) {
      progress(`soak: /dev/memory did not answer: ${(e as Error).message}`);
    }
    const s: SoakSample = {
      t: Math.round((performance.now() - t0) / 100) / 10, phase, rss: Math.round(rss * 10) / 10,
      heapUsed: mib(m.heapUsed), heapTotal: mib(m.heapTotal), external: mib(m.external), arrayBuffers: mib(m.arrayBuffers),
      wasm: mib(m.wasmBytes), sqliteCache: mib(m.sqlitePageCacheLimitBytes), mempool: m.mempoolTxs ?? Number.NaN,
      commitListeners: m.commitListeners ?? Number.NaN, wsClients: m.webSocketClients ?? Number.NaN, height, load1: os.loadavg()[0]!, wsConnects: tally.wsConnects, txsAccepted: tally.txAccepted,
    };
    samples.push(s);
    appendFileSync(csv, `${columns.map((c) => s[c]).join(",")}\n`);
    return s;
  };
  try {
    await sample("start");
    const c = await prepareLoadChain(url, o.positions, progress);
    const proto = await Promise.all([5, 6, 7, 8].map((n) => protoSigner(n, "direct")));
    const nextKey = ((await getJson(`${url}/chainmain/tieredrewards/v1/positions?pagination.limit=10`)).pagination?.next_key as string | null) ?? "";
    // The setup's block: a block with txs for the by-height routes.
    const first = (await getJson(`${url}/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`message.sender='${devAddress(5)}'`)}&limit=1`)) as any;
    const txHeight = first.tx_responses[0].height as string;
    const rest = restPaths(c, nextKey, txHeight);
    const rpcs = rpcPaths(txHeight);
    // Every path answers 200 before the load, so a non-2xx under load is the load's doing.
    for (const p of rest) if ((await fetch(`${url}${p}`)).status !== 200) throw new Error(`GET ${p}: not 200 before the load`);
    for (const p of rpcs) if ((await fetch(`${rpc}${p}`)).status !== 200) throw new Error(`RPC GET ${p}: not 200 before the load`);

    const seconds = Math.round(o.minutes * 60);
    progress(`soak: ${o.minutes} min: ${o.restConnections} REST and ${o.rpcConnections} RPC connections over ${rest.length} + ${rpcs.length} paths, ` +
      `${o.txPerSec} signed tx/s, ${o.wsClients} WebSocket clients coming and going; a sample every ${o.sampleSeconds} s`);
    t0 = performance.now();
    await sample("load");
    let finished = false;
    const done = () => finished;
    const sampler = setInterval(() => {
      void sample("load").then((s) => {
        if (samples.length % 6 === 0) progress(`soak: ${s.t.toFixed(0)} s: RSS ${s.rss} MiB, heap ${s.heapUsed} MiB, WASM ${s.wasm} MiB, height ${s.height}, load ${s.load1.toFixed(2)}`);
      });
    }, o.sampleSeconds * 1000);
    const background = Promise.all([
      txLanes(c, proto, url, rpc, o.txPerSec, done, tally),
      junkLane(url, rpc, done, tally),
      ...Array.from({ length: o.wsClients }, (_, i) => wsChurn(`${rpc.replace("http://", "ws://")}/websocket`, i, done, tally)),
    ]);
    const [restRun, rpcRun] = await Promise.all([
      autocannon({ url, connections: o.restConnections, duration: seconds, requests: rest.map((path) => ({ method: "GET", path })) }),
      autocannon({ url: rpc, connections: o.rpcConnections, duration: seconds, requests: rpcs.map((path) => ({ method: "GET", path })) }),
    ]);
    finished = true;
    clearInterval(sampler);
    await background;
    await sample("load");
    progress(`soak: load over; ${o.idleSeconds} s idle`);
    await sleep(o.idleSeconds * 1000);
    await sample("idle");

    // Every accepted tx committed with code 0.
    await waitBlocks(url, 2n);
    let committed = 0;
    for (const hash of tally.hashes) {
      const r = (await getJson(`${url}/cosmos/tx/v1beta1/txs/${hash}`)) as any;
      if (r.tx_response?.code === 0) committed++;
      else tally.firstTxProblem ??= `tx ${hash}: ${JSON.stringify(r).slice(0, 200)}`;
    }
    const { hashes: _, ...counts } = tally;
    return {
      options: o, samples, committed, csv, v8Flags,
      requests: {
        rest: restRun.requests.total, rpc: rpcRun.requests.total,
        non2xx: restRun.non2xx + rpcRun.non2xx, errors: restRun.errors + rpcRun.errors + restRun.timeouts + rpcRun.timeouts,
      },
      tally: counts,
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once("exit", r)));
    await rm(dir, { recursive: true, force: true });
  }
}

/** `npm run bench -- soak [--minutes N]`: report; exit 1 if RSS still grows over the last half. */
export async function soakMain(o: SoakOptions): Promise<number> {
  const r = await runSoak(o, (m) => process.stderr.write(`[bench soak] ${m}\n`));
  for (const line of soakLines(r)) console.log(line);
  return soakVerdict(r).flat ? 0 : 1;
}
