// `npm run bench -- network`: signed-tx throughput and commit latency of CometBFT networks of this
// node (host/cometbft/testnet.ts, 1 s blocks) of 1, 4 and 10 validators (BENCH_NETWORK_SIZES) against
// the single-process node (its own real clock, 1 s blocks), in the same run, the load average
// beside each. The same CosmJS-signed protobuf txs (keys 5-8, consecutive sequences) go to each
// one's RPC with broadcast_tx_sync; throughput is txs over the time from the first send to the
// block that holds the last; latency is a tx's send to the time of the block that holds it (a
// sample of them). Each network's start-up (launch to block 1 on every node) and RSS per node
// (app and CometBFT) are reported too, and every broadcast_tx_sync's answer time (what paces each
// sender). BENCH_NETWORK_COMET_PROF=DIR adds a Go CPU profile of every CometBFT (its pprof endpoint)
// over the window's first BENCH_NETWORK_COMET_PROF_S seconds; BENCH_NETWORK_COMET_CONFIG sets more
// config.toml values for every node (an experiment: `mempool.recheck=false`); BENCH_NETWORK_COMETBFT=PATH
// runs the nodes with another CometBFT binary (scripts/testnet-cometbft-flushfix.sh builds one).
// A network of more than one validator is measured twice: first every sender to node 0's RPC (the
// figure compared over time), then, labelled "senders spread", the same number of new txs with
// sender i sending to node i's RPC, as a network's users would (BENCH_NETWORK_SPREAD=0 skips it).
// BENCH_NETWORK_WARMUP=N: N txs a sender sent and committed, uncounted, before each measured window
// of the single node and of every network (default 0: none). BENCH_NETWORK_NODE_FLAGS="--flag …": more
// Node.js flags for every network's apps (an experiment; the single node runs as before).
// A sender refused for its sequence, because a block held its txs out of order (CometBFT's mempool
// can add a sender's consecutive txs in either order when two peers bring them at once:
// docs/performance.md "A sender's txs out of order in a block"), goes on from the sequence the chain
// expects, as a wallet would; the row says how many txs were sent again.

import { spawn, type ChildProcess } from "node:child_process";
import { statusValue } from "./proc.js";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { sha256 } from "@noble/hashes/sha2.js";
import { hex } from "@scure/base";
import { devAddress, devPrivateKey } from "../host/app/genesis.js";
import { startTestnet, cometStatus } from "../host/cometbft/testnet.js";
import { chainRegistry } from "../test/helpers/cosmjs.js";
import { loadAverage, median, percentile, progressOf } from "./stats.js";
import { account, cpuCeiling, cpuParts, cpuSeconds, snapshot, type CpuParts } from "./network-profile.js";

/** Txs per sender (BENCH_NETWORK_TXS, default 150): more spread the last block's wait over more blocks. */
const TXS_PER_KEY = Number(process.env.BENCH_NETWORK_TXS ?? 150);
/**
 * Txs per sender sent and committed before the measured window, on the single node and on every
 * network alike, uncounted (BENCH_NETWORK_WARMUP, default 0: none, the figures as before): a fresh
 * process's first txs cost several times its later ones while V8 compiles the hot code, and a
 * network has a process of each kind per node.
 */
const WARMUP_PER_KEY = warmupOf(process.env.BENCH_NETWORK_WARMUP);

/** BENCH_NETWORK_NODE_FLAGS: more Node.js flags for every app of a network (an experiment: `--max-semi-space-size=64`), space-separated. */
export function nodeFlagsOf(text: string | undefined): string[] {
  const flags = (text ?? "").split(/\s+/).filter((f) => f !== "");
  const bad = flags.find((f) => !f.startsWith("--"));
  if (bad !== undefined) throw new Error(`BENCH_NETWORK_NODE_FLAGS: ${JSON.stringify(bad)} is not a --flag`);
  return flags;
}

/** BENCH_NETWORK_WARMUP: txs per sender, a whole number (unset or empty: 0). */
export function warmupOf(text: string | undefined): number {
  const n = Number(text ?? 0);
  if (!Number.isInteger(n) || n < 0) throw new Error(`BENCH_NETWORK_WARMUP=${text}: txs per sender, a whole number (0: none)`);
  return n;
}

/** The warm-up (WARMUP_PER_KEY): its txs sent to `rpc` and committed, nothing measured. */
async function warmUp(rpc: string, chainId: string): Promise<void> {
  if (WARMUP_PER_KEY <= 0) return;
  progress(`warm-up: ${WARMUP_PER_KEY * KEYS.length} txs, uncounted`);
  await throughput(rpc, await signTxs(rpc, chainId, WARMUP_PER_KEY));
}
const KEYS = [5, 6, 7, 8];
/** Every this many txs of a key, one's latency is sampled. */
const LATENCY_EVERY = 10;
const progress = progressOf("network");
const MAIN = fileURLToPath(new URL("../host/main.ts", import.meta.url));
const MiB = 2 ** 20;

/** TxRaw bytes of MsgSends, per key with consecutive sequences from the account's current one. */
export async function signTxs(rpc: string, chainId: string, perKey = TXS_PER_KEY): Promise<Uint8Array[][]> {
  const out: Uint8Array[][] = [];
  for (const k of KEYS) {
    const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(k), "cro");
    const client = await SigningStargateClient.connectWithSigner(rpc, wallet, { registry: chainRegistry() });
    const acct = await client.getAccount(devAddress(k));
    const txs: Uint8Array[] = [];
    for (let i = 0; i < perKey; i++) {
      const raw = await client.sign(devAddress(k), [{
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: { fromAddress: devAddress(k), toAddress: devAddress(1), amount: [{ denom: "basecro", amount: "1" }] },
      }], { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" }, "", {
        accountNumber: acct!.accountNumber, sequence: acct!.sequence + i, chainId,
      });
      txs.push(TxRaw.encode(raw).finish());
    }
    client.disconnect();
    out.push(txs);
  }
  return out;
}

async function rpcCall(rpc: string, method: string, params: Record<string, unknown>): Promise<any> {
  const r = await fetch(rpc, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await r.json()) as any;
  return body.result ?? { error: body.error };
}

export interface Throughput {
  seconds: number; committed: number; latencyP50: number; latencyP99: number;
  /** broadcast_tx_sync's answer time (ms: send to CheckTx's answer), every tx: what paces each sender. */
  answerP50: number; answerP99: number;
  /**
   * Txs sent again, and how many times a sender went back (`resumeIndexOf`): a block that held a
   * sender's txs out of sequence order (CometBFT's mempool adds two peers' CheckTx answers in either
   * order, docs/performance.md "A sender's txs out of order in a block") failed the later ones, and
   * the sender went on from the sequence the chain expects, as a wallet would.
   */
  resent: number; resumes: number;
}

/**
 * The RPC each sender sends to: with `spread`, sender i to node i's (round the nodes: one RPC per
 * sender, as a network's users would be), else every sender to node 0's.
 */
export function senderRpcs(rpcs: string[], senders: number, spread: boolean): string[] {
  return Array.from({ length: senders }, (_, i) => rpcs[spread ? i % rpcs.length : 0]!);
}

/** How many times a sender may go back (`resumeIndexOf`) in one window before the bench gives up. */
const MAX_RESUMES = 20;

/**
 * Where a sender of consecutive sequences goes on from when the tx at index `at` of its list was
 * refused (CheckTx) or failed in a block (its result) with the SDK's `account sequence mismatch,
 * expected E, got G`: index at + (E - G), the tx carrying the sequence the chain expects (before
 * `at` when a block failed the sender's later txs, after it when they were committed meanwhile;
 * `length`: all were). Undefined for any other refusal, or an index outside 0..length or at `at`
 * itself (no progress).
 */
export function resumeIndexOf(at: number, length: number, log: string | undefined): number | undefined {
  const m = /account sequence mismatch, expected (\d+), got (\d+)/.exec(log ?? "");
  if (!m) return undefined;
  const next = at + Number(BigInt(m[1]!) - BigInt(m[2]!));
  return next >= 0 && next <= length && next !== at ? next : undefined;
}

/** A broadcast_tx_sync answered with CometBFT's ErrTxInCache or CheckTx's sdk 19: the same bytes already wait (a tx sent again). */
export const alreadyWaiting = (r: any): boolean =>
  /tx already exists in cache/.test(`${r?.error?.data ?? ""} ${r?.error?.message ?? ""}`) || (r?.code === 19 && r?.codespace === "sdk");

/**
 * Send every tx (the keys in parallel, each key's in order, key i's to `to[i]`); seconds to the
 * block with the last (as `rpc` sees it), and sampled latencies. A sender whose next tx is refused
 * for its sequence, or whose last tx failed in its block for it, goes on from the sequence the
 * chain expects (`resumeIndexOf`): its txs are signed for consecutive sequences, so the same bytes
 * are sent again.
 */
export async function throughput(rpc: string, txs: Uint8Array[][], to: string[] = txs.map(() => rpc)): Promise<Throughput> {
  const started = performance.now();
  const sampled: { hash: string; sentMs: number }[] = [];
  const answers: number[] = [];
  let resent = 0;
  let resumes = 0;
  await Promise.all(txs.map(async (list, k) => {
    let i = 0;
    let back = 0;
    let failedIn: string | undefined; // the block the last tx failed in, once it has
    // `at` refused (never accepted) or, with `accepted`, dropped after it was: the sender goes back.
    const goBack = (at: number, log: string | undefined, what: string, accepted = false) => {
      const next = resumeIndexOf(at, list.length, log);
      if (next === undefined || ++back > MAX_RESUMES) throw new Error(`sender ${k}: ${what}: ${log}`);
      if (next < at) resent += at - next + (accepted ? 1 : 0);
      resumes++;
      i = next;
    };
    for (;;) {
      while (i < list.length) {
        const tx = list[i]!;
        const sentMs = Date.now();
        const sent = performance.now();
        const r = await rpcCall(to[k]!, "broadcast_tx_sync", { tx: Buffer.from(tx).toString("base64") });
        answers.push(performance.now() - sent);
        if (r?.code === 0 || (back > 0 && alreadyWaiting(r))) {
          if (i % LATENCY_EVERY === 0) sampled.push({ hash: hashOf(tx), sentMs });
          i++;
        } else if (r?.code === 32 && r?.codespace === "sdk") goBack(i, r.log, "broadcast refused");
        else throw new Error(`broadcast refused: ${JSON.stringify(r)}`);
      }
      // The last tx in a block: done if it succeeded; failed for its sequence, the sender goes back.
      // Not in a block after a while: sent again, which tells whether it still waits (CometBFT's
      // cache) or a recheck dropped it for its sequence (refused: the sender goes back).
      const lastTx = list[list.length - 1]!;
      const last = hashOf(lastTx);
      for (let polls = 1; ; polls++) {
        const result = await rpcCall(rpc, "tx", { hash: Buffer.from(last, "hex").toString("base64") }).catch(() => undefined);
        if (result?.height && result.height !== failedIn) {
          if ((result.tx_result?.code ?? 0) === 0) return;
          failedIn = result.height; // sent again, it may be indexed again (a success replaces a failure)
          goBack(list.length - 1, result.tx_result.log, `last tx failed in block ${result.height}`, true);
          break;
        }
        if (polls % 30 === 0) {
          const r = await rpcCall(to[k]!, "broadcast_tx_sync", { tx: Buffer.from(lastTx).toString("base64") });
          if (r?.code === 32 && r?.codespace === "sdk") {
            goBack(list.length - 1, r.log, "last tx refused when sent again", true);
            break;
          }
          if (r?.code !== 0 && !alreadyWaiting(r)) throw new Error(`broadcast refused: ${JSON.stringify(r)}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const blockTime = new Map<string, number>();
  const latencies: number[] = [];
  for (const s of sampled) {
    const t = await rpcCall(rpc, "tx", { hash: Buffer.from(s.hash, "hex").toString("base64") });
    if (!t?.height) continue;
    if (!blockTime.has(t.height)) blockTime.set(t.height, Date.parse((await rpcCall(rpc, "block", { height: t.height })).block.header.time));
    latencies.push(Math.max(0, blockTime.get(t.height)! - s.sentMs));
  }
  return {
    seconds, committed: txs.flat().length, latencyP50: percentile(latencies, 50), latencyP99: percentile(latencies, 99),
    answerP50: Math.round(percentile(answers, 50) * 10) / 10, answerP99: Math.round(percentile(answers, 99) * 10) / 10,
    resent, resumes,
  };
}

/** A tx's hash as CometBFT gives it (sha256 of its bytes, upper-case hex). */
const hashOf = (tx: Uint8Array): string => hex.encode(sha256(tx)).toUpperCase();

/** Median interval (ms) between the last `n` blocks' times. */
async function blockInterval(rpc: string, n = 20): Promise<number> {
  const top = (await cometStatus(rpc))!.height;
  const times: number[] = [];
  for (let h = top - BigInt(n) > 1n ? top - BigInt(n) : 2n; h <= top; h++) {
    const r = await rpcCall(rpc, "block", { height: `${h}` });
    if (!r?.block) throw new Error(`${rpc} block ${h}: ${JSON.stringify(r)}`);
    times.push(Date.parse(r.block.header.time as string));
  }
  return median(times.slice(1).map((t, i) => t - times[i]!));
}

/** A process's resident memory (VmRSS), bytes; 0 once it has gone. */
function rssOf(pid: number | undefined): number {
  const kb = statusValue(pid, "VmRSS");
  return Number.isNaN(kb) ? 0 : kb * 1024;
}

const waitHeight = async (rpc: string, h: bigint) => {
  while (((await cometStatus(rpc))?.height ?? 0n) < h) await new Promise((r) => setTimeout(r, 200));
};

interface Row {
  label: string; tput: Throughput; interval: number; load: string; startS?: number; appRss?: number; cometRss?: number; account?: string[]; cpuMsPerTx?: number;
  /** A network's window: CPU a committed tx by the apps, the CometBFTs and the bench's client (network-profile.ts cpuParts). */
  parts?: CpuParts;
  /** A network's second figure: the same number of txs with sender i sending to node i's RPC (BENCH_NETWORK_SPREAD=0: not measured). */
  spread?: Row;
}

/** `section.key=value,…` → config.toml values (home.ts HomeOptions.config). */
export function cometConfigOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(",")) {
    const at = part.indexOf("=");
    if (at <= 0) throw new Error(`BENCH_NETWORK_COMET_CONFIG: ${JSON.stringify(part)} is not section.key=value`);
    out[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return out;
}

/** A CometBFT's Go CPU profile over BENCH_NETWORK_COMET_PROF_S seconds, written to `file` (`go tool pprof -top` reads it). */
async function cometProfile(pprof: string, file: string): Promise<void> {
  const seconds = Number(process.env.BENCH_NETWORK_COMET_PROF_S ?? 10);
  const r = await fetch(`${pprof}/debug/pprof/profile?seconds=${seconds}`, { signal: AbortSignal.timeout((seconds + 30) * 1000) });
  await writeFile(file, new Uint8Array(await r.arrayBuffer()));
}

async function network(dir: string, validators: number): Promise<Row> {
  const t0 = performance.now();
  // Profiled: CometBFT's metrics and the apps' ABCI timings (network-profile.ts); BENCH_NETWORK_CPU_PROF=DIR: each app's --cpu-prof there.
  // BENCH_NETWORK_COMET_PROF=DIR: a Go CPU profile of every CometBFT over the window's first BENCH_NETWORK_COMET_PROF_S
  // seconds (default 10) there; BENCH_NETWORK_COMET_CONFIG="section.key=value,…": more config.toml values for every node.
  const cpuProf = process.env.BENCH_NETWORK_CPU_PROF;
  const cometProf = process.env.BENCH_NETWORK_COMET_PROF;
  const net = await startTestnet({
    validators, dir: join(dir, `net${validators}`), basePort: 20_000 + Math.floor(Math.random() * 1_000) * 10, blockInterval: "1s",
    profile: { nodeFlags: [...(cpuProf ? ["--cpu-prof", "--cpu-prof-dir", cpuProf] : []), ...nodeFlagsOf(process.env.BENCH_NETWORK_NODE_FLAGS)], pprof: cometProf !== undefined },
    ...(process.env.BENCH_NETWORK_COMET_CONFIG ? { cometConfig: cometConfigOf(process.env.BENCH_NETWORK_COMET_CONFIG) } : {}),
    ...(process.env.BENCH_NETWORK_COMETBFT ? { cometbft: process.env.BENCH_NETWORK_COMETBFT } : {}),
  });
  try {
    await Promise.all(net.nodes.map((n) => waitHeight(n.rpc, 1n)));
    const startS = (performance.now() - t0) / 1000;
    const rpc = net.nodes[0]!.rpc;
    await waitHeight(rpc, 3n);
    const appRss = median(net.nodes.map((n) => rssOf(n.app?.pid)));
    const cometRss = median(net.nodes.map((n) => rssOf(n.comet?.pid)));
    await warmUp(rpc, net.chainId);
    const txs = await signTxs(rpc, net.chainId);
    const load = loadAverage();
    progress(`${validators} validators up in ${startS.toFixed(1)} s; ${txs.flat().length} txs (load ${load})`);
    await waitHeight(rpc, ((await cometStatus(rpc))?.height ?? 0n) + 1n); // a profile written at the last Commit
    const before = await snapshot(net.nodes);
    const profiles = cometProf === undefined ? [] : net.nodes.map((n) => cometProfile(n.pprof!, join(cometProf, `cometbft-${n.index}.pprof`)));
    const tput = await throughput(rpc, txs);
    await Promise.all(profiles);
    const after = await snapshot(net.nodes);
    const sum = (xs: number[]) => xs.reduce((t, x) => t + x, 0);
    const cpuMsPerTx = ((sum(after.appCpu) + sum(after.cometCpu) - sum(before.appCpu) - sum(before.cometCpu)) * 1000) / tput.committed;
    const label = `${validators} validator${validators === 1 ? "" : "s"}`;
    const interval = await blockInterval(rpc);
    // The second figure: the senders' txs spread over the validators' RPCs (sender i to node i), after the first.
    let spread: Row | undefined;
    if (validators > 1 && process.env.BENCH_NETWORK_SPREAD !== "0") {
      const again = await signTxs(rpc, net.chainId);
      const spreadLoad = loadAverage();
      progress(`${validators} validators, senders spread over the nodes' RPCs: ${again.flat().length} txs (load ${spreadLoad})`);
      await waitHeight(rpc, ((await cometStatus(rpc))?.height ?? 0n) + 1n);
      const b = await snapshot(net.nodes);
      const t = await throughput(rpc, again, senderRpcs(net.nodes.map((n) => n.rpc), again.length, true));
      const a = await snapshot(net.nodes);
      spread = {
        label: `${label}, senders spread (sender i to node i's RPC)`, tput: t, interval: await blockInterval(rpc), load: spreadLoad,
        account: account(b, a, validators), cpuMsPerTx: ((sum(a.appCpu) + sum(a.cometCpu) - sum(b.appCpu) - sum(b.cometCpu)) * 1000) / t.committed,
        parts: cpuParts(b, a, t.committed),
      };
    }
    return {
      label, tput, interval, load, startS, appRss, cometRss, account: account(before, after, validators), cpuMsPerTx,
      parts: cpuParts(before, after, tput.committed), ...(spread ? { spread } : {}),
    };
  } finally {
    await net.stop();
  }
}

async function singleNode(dir: string): Promise<Row> {
  const port = 19_000 + Math.floor(Math.random() * 900);
  const single: ChildProcess = spawn(process.execPath, [
    "--import", "tsx", MAIN, "--port", `${port}`, "--rpc-port", `${port + 1}`, "--block-time", "1s", "--db", join(dir, "single.db"),
  ], { stdio: "ignore" });
  try {
    const srpc = `http://127.0.0.1:${port + 1}`;
    await waitHeight(srpc, 3n);
    const appRss = rssOf(single.pid);
    await warmUp(srpc, "chainmain-local");
    const stxs = await signTxs(srpc, "chainmain-local");
    const load = loadAverage();
    progress(`single node: ${stxs.flat().length} txs (load ${load})`);
    const cpu0 = cpuSeconds(single.pid);
    const tput = await throughput(srpc, stxs);
    const cpuMsPerTx = ((cpuSeconds(single.pid) - cpu0) * 1000) / tput.committed;
    return { label: "single node", tput, interval: await blockInterval(srpc), load, appRss, cpuMsPerTx };
  } finally {
    single.kill("SIGTERM");
    await new Promise((r) => single.once("exit", r));
  }
}

/** A row's note of the txs its senders sent again (`resumeIndexOf`), if any. */
export function resentNote(t: Pick<Throughput, "resent" | "resumes">): string {
  if (t.resumes === 0) return "";
  return `; ${t.resent} txs sent again: ${t.resumes} time${t.resumes === 1 ? "" : "s"} a sender went back to the sequence the chain expected (a block held its txs out of order)`;
}

export async function networkMain(): Promise<number> {
  const sizes = (process.env.BENCH_NETWORK_SIZES ?? "1,4,10").split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 100)) {
    console.error(`error: BENCH_NETWORK_SIZES=${process.env.BENCH_NETWORK_SIZES}: validator counts 1 to 100, e.g. 1,4,10`);
    return 2;
  }
  const dir = await mkdtemp(join(tmpdir(), "bench-network-"));
  try {
    // The single node first and last: the ratio takes the mean of the two (the machine's load drifts).
    const rows: Row[] = [await singleNode(dir)];
    for (const n of sizes) rows.push(await network(dir, n));
    rows.push(await singleNode(dir));
    const single = [rows[0]!, rows[rows.length - 1]!];
    const singleRate = single.reduce((t, r) => t + r.tput.committed / r.tput.seconds, 0) / 2;
    const cores = availableParallelism();
    console.log(`networks of this node under CometBFT v0.38.22 vs the single-process node (1 s blocks; ${KEYS.length} senders, broadcast_tx_sync` +
      `${WARMUP_PER_KEY > 0 ? `; after an uncounted warm-up of ${WARMUP_PER_KEY * KEYS.length} txs on each` : ""})`);
    for (const r of rows.flatMap((x) => (x.spread ? [x, x.spread] : [x]))) {
      const rate = r.tput.committed / r.tput.seconds;
      const ratio = r.label === "single node" ? "" : `, ${(rate / singleRate).toFixed(2)}x the single node`;
      const mem = r.appRss === undefined ? "" : `; RSS per node: app ${(r.appRss / MiB).toFixed(0)} MiB${r.cometRss ? `, CometBFT ${(r.cometRss / MiB).toFixed(0)} MiB` : ""}`;
      const start = r.startS === undefined ? "" : `; started in ${r.startS.toFixed(1)} s`;
      const cpu = r.cpuMsPerTx === undefined ? "" : `; CPU ${r.cpuMsPerTx.toFixed(2)} ms a tx (${r.label === "single node" ? "the node" : "apps and CometBFTs"})`;
      console.log(`  ${r.label.padEnd(13)}: ${r.tput.committed} txs in ${r.tput.seconds.toFixed(1)} s = ${rate.toFixed(0)} tx/s${ratio}; ` +
        `latency p50 ${r.tput.latencyP50} ms, p99 ${r.tput.latencyP99} ms; broadcast answered p50 ${r.tput.answerP50} ms, p99 ${r.tput.answerP99} ms; commit-to-commit ${r.interval} ms${start}${mem}${cpu}${resentNote(r.tput)} (load ${r.load})`);
      for (const line of r.account ?? []) console.log(line);
      if (r.parts) {
        const c = cpuCeiling(r.parts, cores, singleRate);
        // The single node's own bound: its CPU a tx on the one thread that checks and executes (its client runs beside it).
        const singleMs = single.reduce((t, x) => t + (x.cpuMsPerTx ?? NaN), 0) / 2;
        console.log(`    the CPU ceiling: ${cores} cores x 1000 / (apps ${r.parts.app.toFixed(2)} + CometBFTs ${r.parts.comet.toFixed(2)} + client ` +
          `${r.parts.client.toFixed(2)} ms a tx) = ${c.txPerSec.toFixed(0)} tx/s with every core busy and no waits: ${c.ofSingle.toFixed(2)}x the single node's measured rate, ` +
          `${(c.txPerSec / (1000 / singleMs)).toFixed(2)}x its one-thread bound (1000 / ${singleMs.toFixed(2)} ms a tx = ${(1000 / singleMs).toFixed(0)} tx/s)`);
      }
    }
    return 0;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
