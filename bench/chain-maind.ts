// `npm run bench -- chain-maind`: this node side by side with the reference chain-maind (issue 35's
// done-when: queries >= 5x, txs accepted and committed >= 2x, RSS after the load <= 1x).
//
// Both chains start from the same genesis: the recorded reference genesis' app_state
// (test/reference-chain/genesis.json) with dev keys 9-28 funded from the reserve, chain-maind's
// gentx of dev key 1 collected (scripts/reference-chain/lib/chain.ts initHome: 1 s blocks, minimum
// gas price 0basecro, REST on); this node (host/main.ts in its own process, real clock, 1 s blocks)
// reads chain-maind's collected genesis.json. Both run at once; the rounds alternate between them
// (this node first in odd rounds, chain-maind first in even ones). A round, for each chain:
//   queries: 16 connections for BENCH_MAIND_SECONDS (default 10) s over 3 REST paths (a balance,
//            an account, the validators), req/s;
//   txs:     1,000 bank sends pre-signed (20 signers x 50 sequences, CosmJS SIGN_MODE_DIRECT, signed
//            before the clock starts) through CometBFT RPC broadcast_tx_sync, one keep-alive
//            connection per signer (a signer's txs in sequence order): accepted/s once every
//            answer is back, committed/s once the blocks hold all 1,000.
// Then each process's RSS. Medians over BENCH_MAIND_ROUNDS (default 3) rounds, the load average
// beside them. Twice (BENCH_MAIND_CADENCE=both, the default; 1s or fast for one): both chains on
// 1 s blocks (this node's --block-time 1s, chain-maind's timeout_commit 1s), then each at its
// fastest honest setting for the txs alone: this node with --on-demand-blocks (a block as soon as
// txs wait), chain-maind with timeout_commit 0s (BENCH_MAIND_TIMEOUT_COMMIT), the lowest it takes.
// Before the measured rounds, BENCH_MAIND_WARMUP (default 1) uncounted tx rounds on each chain.
// While one chain's txs are measured the other is stopped (SIGSTOP; BENCH_MAIND_PAUSE=0 leaves it running).
// The txs are sent as pre-built HTTP requests over raw keep-alive sockets (RawPoster), for both.
// At 1 s blocks each tx round starts as the chain's next block is seen (BENCH_MAIND_ALIGN=0: not).
// Without the binary (scripts/reference-chain/build.sh) the section says so and skips.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { processCpuMs, statusValue, threadCpuMs } from "./proc.js";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import http from "node:http";
import { createConnection, type Socket } from "node:net";
import autocannon from "autocannon";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";
import { toBase64 } from "@cosmjs/encoding";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { devAddress, devPrivateKey } from "../host/app/genesis.js";
import { choosePorts, initHome, start, stop, type Chain } from "../scripts/reference-chain/lib/chain.js";
import { rssMiB, startChild } from "./load.js";
import { median, loadAverage, progressOf } from "./stats.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const progress = progressOf("chain-maind");
const SIGNERS = Array.from({ length: 20 }, (_, i) => 9 + i);
const PER_SIGNER = 50;
const EXTRA_FUNDS = 100_000_000_000_000n;
const CONNECTIONS = 16;

export interface Side { queriesPerSec: number; acceptedPerSec: number; committedPerSec: number; refused: number; rssMiB: number; cpuMsPerTx: number; rssParts: RssParts }
/** A process's RSS by kind (/proc/PID/status: anonymous, file-backed such as its binary's code), MiB, and its threads. */
export interface RssParts { anon: number; file: number; threads: number }
export function rssPartsOf(pid: number): RssParts {
  return { anon: statusValue(pid, "RssAnon") / 1024, file: statusValue(pid, "RssFile") / 1024, threads: statusValue(pid, "Threads") };
}

/** Each thread's CPU time so far (user + system), ms, by "comm/tid" (bench/proc.ts; empty without /proc). */
export const threadCpuOf = (pid: number): Map<string, number> => threadCpuMs(pid, (name, tid) => `${name}/${tid}`);

/** Where a tx round's CPU went: the chain's process (by thread) and this bench's own, in the accept and the commit phase, ms. */
export interface RoundCpu {
  /** The chain's process, all threads: [accept phase, commit phase]. */
  chain: [number, number];
  /** The bench's own process (process.cpuUsage: the load generator and its polling): [accept, commit]. */
  client: [number, number];
  /** The chain's threads that used CPU, by "comm/tid": [accept, commit]. */
  threads: Record<string, [number, number]>;
  /** Wall time of each phase, ms. */
  wall: [number, number];
}

/** A round's CPU account as one line: each phase's wall, the chain's and the bench's CPU, the chain's busiest threads. */
export function cpuLine(c: RoundCpu, threads = 8): string {
  const f = (x: number) => x.toFixed(0);
  const busiest = Object.entries(c.threads).sort((a, b) => b[1][0] + b[1][1] - a[1][0] - a[1][1]).slice(0, threads);
  return `accept ${f(c.wall[0])} ms wall: chain ${f(c.chain[0])} ms CPU, bench ${f(c.client[0])}; commit ${f(c.wall[1])} ms wall: chain ${f(c.chain[1])}, bench ${f(c.client[1])}; threads (accept+commit ms) ${busiest.map(([k, [a, b]]) => `${k} ${f(a)}+${f(b)}`).join(", ")}`;
}

const clientCpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

function roundCpu(pid: number, t: [Map<string, number>, Map<string, number>, Map<string, number>], c: [number, number, number], w: [number, number, number]): RoundCpu {
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const threads: Record<string, [number, number]> = {};
  for (const [k, v2] of t[2]) {
    const v0 = t[0].get(k) ?? 0;
    const v1 = t[1].get(k) ?? v0;
    if (v2 - v0 > 0) threads[k] = [v1 - v0, v2 - v1];
  }
  void pid;
  return { chain: [sum(t[1]) - sum(t[0]), sum(t[2]) - sum(t[1])], client: [c[1] - c[0], c[2] - c[1]], threads, wall: [w[1] - w[0], w[2] - w[1]] };
}

export interface MaindBench { cadence: string; rounds: number; warmup: number; node: Side; maind: Side; loadavg: string[] }

/** A keep-alive JSON-RPC client of one connection. */
function rpcClient(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const call = (method: string, params: Record<string, unknown>) => new Promise<any>((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
    const req = http.request(url, { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch (e) {
          reject(e);
        }
      });
    });
    req.on("error", reject);
    req.end(body);
  });
  return { call, close: () => agent.destroy() };
}

/**
 * A keep-alive HTTP/1.1 client of one socket that POSTs requests whose bytes were built before the
 * clock started, and reads each answer's body (Content-Length or chunked): the load generator's
 * own CPU per request a fraction of node:http's (request object, header parsing, agent), the same
 * for both chains. One request at a time.
 */
export class RawPoster {
  private socket: Socket | undefined;
  private buf: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (body: Buffer) => void; reject: (e: Error) => void } | undefined;

  constructor(private readonly host: string, private readonly port: number) {}

  /** The request's bytes: POST / with `body` (JSON). */
  static request(url: string, body: string): Buffer {
    const u = new URL(url);
    return Buffer.from(`POST ${u.pathname || "/"} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  static of(url: string): RawPoster {
    const u = new URL(url);
    return new RawPoster(u.hostname, Number(u.port || 80));
  }

  private connect(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const s = createConnection({ host: this.host, port: this.port, noDelay: true }, () => resolve(s));
      s.on("data", (d: Buffer) => this.read(d));
      s.on("error", (e) => { reject(e); this.fail(e); });
      s.on("close", () => { this.socket = undefined; this.fail(new Error("connection closed")); });
    });
  }

  private fail(e: Error): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.reject(e);
  }

  async post(request: Buffer): Promise<Buffer> {
    this.socket ??= await this.connect();
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket!.write(request);
    });
  }

  private read(d: Buffer): void {
    this.buf = this.buf.length === 0 ? d : Buffer.concat([this.buf, d]);
    const end = this.buf.indexOf("\r\n\r\n");
    if (end < 0) return;
    const head = this.buf.toString("latin1", 0, end).toLowerCase();
    let body: Buffer;
    let rest: Buffer;
    const length = /\r\ncontent-length: *(\d+)/.exec(head);
    if (length) {
      const n = Number(length[1]);
      if (this.buf.length < end + 4 + n) return;
      body = this.buf.subarray(end + 4, end + 4 + n);
      rest = this.buf.subarray(end + 4 + n);
    } else if (/\r\ntransfer-encoding: *chunked/.test(head)) {
      const parts: Buffer[] = [];
      let at = end + 4;
      for (;;) {
        const eol = this.buf.indexOf("\r\n", at);
        if (eol < 0) return;
        const size = parseInt(this.buf.toString("latin1", at, eol), 16);
        if (this.buf.length < eol + 2 + size + 2) return;
        if (size === 0) {
          at = eol + 4;
          break;
        }
        parts.push(this.buf.subarray(eol + 2, eol + 2 + size));
        at = eol + 2 + size + 2;
      }
      body = Buffer.concat(parts);
      rest = this.buf.subarray(at);
    } else {
      return this.fail(new Error(`an answer without a length: ${head.slice(0, 200)}`));
    }
    this.buf = rest;
    const w = this.waiting;
    this.waiting = undefined;
    w?.resolve(body);
  }

  close(): void {
    this.socket?.destroy();
  }
}

/** GET as JSON; once more if the socket was closed under it (a keep-alive socket the server closed as fetch reused it). */
const getJson = async (url: string): Promise<any> => {
  try {
    return await (await fetch(url)).json();
  } catch {
    return (await fetch(url)).json();
  }
};

/** The reference genesis with dev keys 9-28 funded (from dev key 0) and holding accounts. */
export function referenceGenesis(): any {
  const doc = JSON.parse(readFileSync(join(ROOT, "test", "reference-chain", "genesis.json"), "utf8"));
  const bank = doc.app_state.bank;
  const reserve = bank.balances.find((b: any) => b.address === devAddress(0));
  reserve.coins[0].amount = `${BigInt(reserve.coins[0].amount) - BigInt(SIGNERS.length) * EXTRA_FUNDS}`;
  for (const n of SIGNERS) {
    bank.balances.push({ address: devAddress(n), coins: [{ denom: "basecro", amount: `${EXTRA_FUNDS}` }] });
    doc.app_state.auth.accounts.push({ "@type": "/cosmos.auth.v1beta1.BaseAccount", address: devAddress(n), pub_key: null, account_number: "0", sequence: "0" });
  }
  return doc;
}

export interface Target { name: "node" | "maind"; rest: string; rpc: string; pid: () => number }

/** 16 connections over the 3 query paths for `seconds`: req/s (non-2xx answers count as errors). */
async function queries(t: Target, seconds: number): Promise<number> {
  const addr = devAddress(2);
  const paths = [`/cosmos/bank/v1beta1/balances/${addr}`, `/cosmos/auth/v1beta1/accounts/${addr}`, "/cosmos/staking/v1beta1/validators"];
  const r = await autocannon({ url: t.rest, connections: CONNECTIONS, duration: seconds, requests: paths.map((path) => ({ method: "GET", path })) });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${t.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors over ${paths.join(", ")}`);
  return r.requests.total / seconds;
}

/** The signers' txs for this round: PER_SIGNER sends each at their next sequences on `t`. */
/** Each chain's signers' sequences after the last round (the next round signs from there). */
const nextSequence = new Map<string, number>();

export async function signRound(t: Target, chainId: string): Promise<string[][]> {
  return Promise.all(SIGNERS.map(async (n) => {
    // The account as the chain's REST answers it, once it shows the last round's txs: CometBFT
    // serves a block before the app has committed it, so a query right after may still see the
    // former sequence (chain-maind then refused the round's repeats: "tx already exists in cache").
    const want = nextSequence.get(`${t.rest} ${n}`) ?? 0;
    let a = (await getJson(`${t.rest}/cosmos/auth/v1beta1/accounts/${devAddress(n)}`)).account;
    for (let waited = 0; Number(a.sequence) < want && waited < 10_000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
      a = (await getJson(`${t.rest}/cosmos/auth/v1beta1/accounts/${devAddress(n)}`)).account;
    }
    nextSequence.set(`${t.rest} ${n}`, Number(a.sequence) + PER_SIGNER);
    const client = await SigningStargateClient.offline(await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro"));
    const out: string[] = [];
    for (let s = 0; s < PER_SIGNER; s++) {
      const raw = await client.sign(devAddress(n), [{
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: { fromAddress: devAddress(n), toAddress: devAddress(1), amount: [{ denom: "basecro", amount: "1" }] },
      }], { amount: [{ denom: "basecro", amount: "1" }], gas: "200000" }, "", {
        accountNumber: BigInt(a.account_number), sequence: Number(a.sequence) + s, chainId,
      });
      out.push(toBase64(TxRaw.encode(raw).finish()));
    }
    return out;
  }));
}

/** Sends the round's txs through broadcast_tx_sync: accepted/s, committed/s and refusals. */
export async function txRound(t: Target, queues: string[][], o: { alignToBlock?: boolean } = {}): Promise<{ accepted: number; committed: number; refused: number; cpuMsPerTx: number; cpu: RoundCpu; blockLine: string; firstRefusal?: string }> {
  const total = queues.reduce((n, q) => n + q.length, 0);
  const status = rpcClient(t.rpc);
  let height0 = Number((await status.call("status", {})).result.sync_info.latest_block_height);
  // alignToBlock: the round starts as the chain's next block is seen (polled every 5 ms), so that at
  // a fixed cadence every round, on either chain, starts at the same point of its block interval
  // (where it starts decides how long the accepted txs wait for their block).
  for (const until = Date.now() + 5_000; o.alignToBlock && Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 5));
    const h = Number((await status.call("status", {})).result.sync_info.latest_block_height);
    if (h > height0) {
      height0 = h;
      break;
    }
  }
  let refused = 0;
  let firstRefusal: string | undefined;
  // Each request's bytes built before the clock starts (as the txs were signed before it).
  const requests = queues.map((q) => q.map((tx) => RawPoster.request(t.rpc, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "broadcast_tx_sync", params: { tx } }))));
  const cpu0 = processCpuMs(t.pid());
  const th0 = threadCpuOf(t.pid());
  const cl0 = clientCpuMs();
  const t0 = performance.now();
  await Promise.all(requests.map(async (q) => {
    const c = RawPoster.of(t.rpc);
    for (const request of q) {
      const r = JSON.parse((await c.post(request)).toString("utf8"));
      if (r.result?.code !== 0) {
        refused++;
        firstRefusal ??= JSON.stringify(r).slice(0, 300);
      }
    }
    c.close();
  }));
  const accepted = performance.now() - t0;
  const acceptedAtMs = Date.now();
  const blocks: { txs: number; headerMs: number; seenMs: number }[] = [];
  const th1 = threadCpuOf(t.pid());
  const cl1 = clientCpuMs();
  // Committed: the blocks after height0 hold every accepted tx.
  let seen = 0;
  let h = height0;
  const deadline = Date.now() + 120_000;
  while (seen < total - refused) {
    if (Date.now() > deadline) throw new Error(`${t.name}: ${seen} of ${total - refused} txs committed after 120 s`);
    const latest = Number((await status.call("status", {})).result.sync_info.latest_block_height);
    for (; h < latest; h++) {
      const b = await status.call("block", { height: `${h + 1}` });
      const n = (b.result.block.data.txs ?? []).length;
      seen += n;
      if (n > 0) blocks.push({ txs: n, headerMs: Date.parse(b.result.block.header.time), seenMs: Date.now() });
    }
    if (seen < total - refused) await new Promise((r) => setTimeout(r, 20));
  }
  const committed = performance.now() - t0;
  const cpuMsPerTx = (processCpuMs(t.pid()) - cpu0) / (total - refused);
  const cpu = roundCpu(t.pid(), [th0, th1, threadCpuOf(t.pid())], [cl0, cl1, clientCpuMs()], [0, accepted, committed]);
  status.close();
  // The blocks that held the round's txs: their sizes, and the last one's header time and when the bench saw it, after the last answer (ms).
  const last = blocks[blocks.length - 1];
  const blockLine = `${blocks.length} blocks (${blocks.map((b) => b.txs).join("+")}); the last one's header time ${last ? (last.headerMs - acceptedAtMs).toFixed(0) : "?"} ms after the last answer, seen ${last ? (last.seenMs - acceptedAtMs).toFixed(0) : "?"} ms after it`;
  return { accepted: (total - refused) / (accepted / 1000), committed: (total - refused) / (committed / 1000), refused, cpuMsPerTx, cpu, blockLine, ...(firstRefusal ? { firstRefusal } : {}) };
}

/** How each chain makes its blocks in a setup: this node's flags, chain-maind's timeout_commit. */
interface Cadence { label: string; nodeArgs: string[]; timeoutCommit: string; queries: boolean }

/** The same 1 s cadence on both (queries, txs, RSS), and each at its fastest honest setting (txs only). */
function cadences(): Cadence[] {
  const which = process.env.BENCH_MAIND_CADENCE ?? "both";
  const same: Cadence = { label: "1 s blocks", nodeArgs: ["--block-time", "1s"], timeoutCommit: "1s", queries: true };
  // This node: a block as soon as txs wait (--on-demand-blocks); chain-maind: the lowest timeout_commit CometBFT takes (0s).
  const tc = process.env.BENCH_MAIND_TIMEOUT_COMMIT ?? "0s";
  const empty = process.env.BENCH_MAIND_EMPTY_BLOCKS === "false" ? ", create_empty_blocks false" : "";
  const fast: Cadence = { label: `fastest: node --on-demand-blocks, chain-maind timeout_commit ${tc}${empty}`, nodeArgs: ["--block-time", "1s", "--on-demand-blocks"], timeoutCommit: tc, queries: false };
  return which === "1s" ? [same] : which === "fast" ? [fast] : [same, fast];
}

export async function runMaindBench(bin: string): Promise<MaindBench[]> {
  const out: MaindBench[] = [];
  for (const c of cadences()) out.push(await runCadence(bin, c));
  return out;
}

async function runCadence(bin: string, cadence: Cadence): Promise<MaindBench> {
  const rounds = Number(process.env.BENCH_MAIND_ROUNDS ?? 3) || 3;
  const seconds = Number(process.env.BENCH_MAIND_SECONDS ?? 10) || 10;
  const dir = await mkdtemp(join(tmpdir(), "bench-maind-"));
  let chain: Chain | undefined;
  let child: Awaited<ReturnType<typeof startChild>>["child"] | undefined;
  try {
    progress(`${cadence.label}: load ${loadAverage()}; chain-maind ${bin}`);
    chain = initHome(bin, join(dir, "maind-home"), referenceGenesis(), await choosePorts());
    const cfgPath = join(chain.home, "config", "config.toml");
    let cfg = readFileSync(cfgPath, "utf8").replace(/^timeout_commit = .*$/m, `timeout_commit = "${cadence.timeoutCommit}"`);
    // BENCH_MAIND_EMPTY_BLOCKS=false: CometBFT's create_empty_blocks off (a block only when txs wait), in the fast setup.
    if (!cadence.queries && process.env.BENCH_MAIND_EMPTY_BLOCKS === "false") cfg = cfg.replace(/^create_empty_blocks = .*$/m, "create_empty_blocks = false");
    writeFileSync(cfgPath, cfg);
    const genesisFile = join(dir, "genesis.json");
    writeFileSync(genesisFile, JSON.stringify(chain.genesis));
    await start(chain);
    const maindPid = chain.proc!.pid!;
    const started = await startChild(join(dir, "node.db"), "1s", (m) => { if (!/ INFO /.test(m)) progress(m); }, { args: ["--genesis", genesisFile, ...cadence.nodeArgs] });
    child = started.child;
    const nodePid = child.pid!;
    const targets: Target[] = [
      { name: "node", rest: started.url, rpc: started.rpc, pid: () => nodePid },
      { name: "maind", rest: chain.rest, rpc: chain.rpc, pid: () => maindPid },
    ];
    const chainId = chain.genesis.chain_id as string;
    const got = { node: { q: [] as number[], a: [] as number[], c: [] as number[], cpu: [] as number[], refused: 0 }, maind: { q: [] as number[], a: [] as number[], c: [] as number[], cpu: [] as number[], refused: 0 } };
    const loads: string[] = [];
    // BENCH_MAIND_WARMUP (default 1): rounds of 1,000 sends on each chain before the measured ones, not
    // counted: this node's JavaScript is compiled as it runs (a fresh node's first 1,000 sends cost
    // ~2x the CPU of its fourth), chain-maind's Go is compiled ahead; 0 measures the cold start too.
    const warmup = Number(process.env.BENCH_MAIND_WARMUP ?? 1);
    for (let r = 0; r < warmup; r++) {
      for (const t of targets) {
        progress(`warm-up ${r + 1}/${warmup} ${t.name}: 1,000 sends (not counted); load ${loadAverage()}`);
        await txRound(t, await signRound(t, chainId));
      }
    }
    // BENCH_MAIND_PAUSE (default 1): the chain not measured is stopped (SIGSTOP) during the other's
    // tx round and continued (SIGCONT) after, so each chain's txs are measured alone on the 2 cores
    // (the query phase runs as before: both chains at 1 s blocks idle cheaply).
    // Left running, chain-maind at timeout_commit 0s makes empty blocks without pause (~40 % of a
    // core while the node was measured), while this node idles between its 1 s blocks (~1 %).
    const pause = process.env.BENCH_MAIND_PAUSE !== "0";
    const alone = async <T>(t: Target, work: () => Promise<T>): Promise<T> => {
      const other = targets.find((o) => o !== t)!;
      if (pause) process.kill(other.pid(), "SIGSTOP");
      try {
        return await work();
      } finally {
        if (pause) process.kill(other.pid(), "SIGCONT");
      }
    };
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? targets : [...targets].reverse();
      for (const t of order) {
        if (cadence.queries) {
          progress(`round ${r + 1}/${rounds} ${t.name}: queries (${CONNECTIONS} connections, ${seconds} s); load ${loadAverage()}`);
          got[t.name].q.push(await queries(t, seconds));
        }
        const queues = await signRound(t, chainId);
        progress(`round ${r + 1}/${rounds} ${t.name}: 1,000 sends through broadcast_tx_sync (${cadence.label}); load ${loadAverage()}`);
        const other = targets.find((o) => o !== t)!;
        const otherCpu0 = processCpuMs(other.pid());
        // At 1 s blocks each round starts as a block is seen (BENCH_MAIND_ALIGN=0: wherever signing left it).
        const tx = await alone(t, () => txRound(t, queues, { alignToBlock: cadence.queries && process.env.BENCH_MAIND_ALIGN !== "0" }));
        progress(`  ${t.name}: ${tx.accepted.toFixed(0)} accepted/s, ${tx.committed.toFixed(0)} committed/s, ${(tx.cpuMsPerTx * 1000).toFixed(0)} µs CPU/tx; ${cpuLine(tx.cpu, 4)}; the other chain (${other.name}) meanwhile ${(processCpuMs(other.pid()) - otherCpu0).toFixed(0)} ms CPU; ${tx.blockLine}`);
        if (tx.firstRefusal) progress(`${t.name}: ${tx.refused} refused, first: ${tx.firstRefusal}`);
        got[t.name].a.push(tx.accepted);
        got[t.name].c.push(tx.committed);
        got[t.name].cpu.push(tx.cpuMsPerTx);
        got[t.name].refused += tx.refused;
      }
      loads.push(loadAverage());
    }
    const side = (n: "node" | "maind", pid: number): Side => ({
      queriesPerSec: cadence.queries ? median(got[n].q) : NaN, acceptedPerSec: median(got[n].a), committedPerSec: median(got[n].c), refused: got[n].refused, rssMiB: rssMiB(pid), rssParts: rssPartsOf(pid),
      cpuMsPerTx: median(got[n].cpu),
    });
    return { cadence: cadence.label, rounds, warmup, node: side("node", nodePid), maind: side("maind", maindPid), loadavg: loads };
  } finally {
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => (child!.exitCode !== null ? r(undefined) : child!.once("exit", r)));
    }
    if (chain) await stop(chain);
    await rm(dir, { recursive: true, force: true });
  }
}

export function maindLines(b: MaindBench): string[] {
  const f = (x: number) => Math.round(x).toLocaleString("en-US");
  const row = (label: string, node: number, maind: number, target: number, higherBetter: boolean, unit: string) => {
    const ratio = node / maind;
    const ok = higherBetter ? ratio >= target : ratio <= target;
    return `  ${label.padEnd(22)} node ${f(node).padStart(7)} ${unit}   chain-maind ${f(maind).padStart(7)} ${unit}   ${ratio.toFixed(2)}x   ${ok ? "PASS" : "MISS"} ${higherBetter ? ">=" : "<="} ${target}x`;
  };
  return [
    `against chain-maind, ${b.cadence} (same genesis, ${b.warmup} warm-up tx round(s) each, then alternating rounds, medians of ${b.rounds}; load ${b.loadavg.join(" | ")})`,
    ...(Number.isNaN(b.node.queriesPerSec) ? [] : [row("queries (16 conn, 3)", b.node.queriesPerSec, b.maind.queriesPerSec, 5, true, "req/s")]),
    row("txs accepted", b.node.acceptedPerSec, b.maind.acceptedPerSec, 2, true, "tx/s "),
    row("txs committed", b.node.committedPerSec, b.maind.committedPerSec, 2, true, "tx/s "),
    `  CPU per committed tx (process, all threads, from broadcast to commit): node ${(b.node.cpuMsPerTx * 1000).toFixed(0)} µs   chain-maind ${(b.maind.cpuMsPerTx * 1000).toFixed(0)} µs   ${(b.maind.cpuMsPerTx / b.node.cpuMsPerTx).toFixed(2)}x fewer`,
    row("RSS after the load", b.node.rssMiB, b.maind.rssMiB, 1, false, "MiB  "),
    `  RSS by kind: node anonymous ${f(b.node.rssParts.anon)} + file-backed ${f(b.node.rssParts.file)} MiB, ${b.node.rssParts.threads} threads   chain-maind ${f(b.maind.rssParts.anon)} + ${f(b.maind.rssParts.file)} MiB, ${b.maind.rssParts.threads} threads`,
    ...(b.node.refused + b.maind.refused > 0 ? [`  refused: node ${b.node.refused}, chain-maind ${b.maind.refused}`] : []),
  ];
}

export async function maindMain(): Promise<number> {
  const bin = process.env.BENCH_CHAIN_MAIND ?? join(ROOT, ".tools", "chain-maind", "bin", "chain-maind");
  if (!existsSync(bin)) {
    console.log(`chain-maind: skipped: no binary at ${bin} (build it with scripts/reference-chain/build.sh, or point BENCH_CHAIN_MAIND at one)`);
    return 0;
  }
  for (const b of await runMaindBench(bin)) for (const l of maindLines(b)) console.log(l);
  return 0;
}
