// `npm run bench -- sig`: signature verification and tx ingest (issue 11's targets).
//
//   a. raw verify rate: libsecp256k1 (the `secp256k1` package's native binding, what the node
//      uses) against @noble/curves, interleaved rounds, same 2,000 (signature, hash, key) triples;
//   b. signed protobuf txs (CosmJS SIGN_MODE_DIRECT, signed before timing, 20 accounts x 100
//      sequences) ingested end to end: through CheckTx (NodeChain.submit) and through
//      POST /cosmos/tx/v1beta1/txs on a node's HTTP server (20 keep-alive clients in a worker
//      thread, one per signer: a signer's txs go in sequence order); tx/s and the
//      ratio to the raw verify rate of the same run (targets: >= 2,000 tx/s, >= 70 %);
//   c. a block commit of 1,000 changed records (one SQLite transaction as the node's store
//      writes a block), ms (target <= 20 ms).
// Medians of 5 runs; the load average is printed beside them (the machine is shared).

import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";
import { toBase64 } from "@cosmjs/encoding";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { loadCoreFromFile } from "../host/core/node.js";
import { NodeChain } from "../host/drivers/embedded.js";
import { NodeStore } from "../host/store/store.js";
import { defaultGenesisJson, devAddress, devPrivateKey } from "../host/app/genesis.js";
import { run, type RunningNode } from "../host/main.js";
import { secp256k1Backend, verifyHashNoble, verifyHashSecp256k1 } from "../host/wire/secp256k1.js";
import { median, loadAverage, progressOf } from "./stats.js";
import { sigPoolCounts, verifyAheadForState } from "../host/app/ante/sig-pool.js";
import { IngestQueue } from "../host/server/tx-fast.js";
import { forgetDecodedTxs } from "../host/app/decoded-txs.js";
import { forgetVerifiedSignatures } from "../host/wire/keys.js";

const RUNS = 5;
/**
 * Uncounted rounds of each kind before the counted ones (BENCH_SIG_WARMUP, default 2): a fresh
 * process's first ~4,000 CheckTx run while V8 is still compiling the hot code (a node running
 * for a while is past that); the first round of each is printed apart as the cold figure.
 */
const WARMUP = sigWarmupOf(process.env.BENCH_SIG_WARMUP);

/** BENCH_SIG_WARMUP: uncounted CheckTx rounds of each kind, a whole number (unset or empty: 2). */
export function sigWarmupOf(text: string | undefined): number {
  if (text === undefined || text === "") return 2;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`BENCH_SIG_WARMUP=${text}: uncounted rounds of each kind, a whole number (0: none)`);
  return n;
}
/** Dev keys 5-8 (the default genesis's users) and 9-24 (funded from the reserve here). */
const SIGNERS = Array.from({ length: 20 }, (_, i) => 5 + i);
const PER_SIGNER = 100;
const USER_FUNDS = 100_000_000_000_000n;

/** The default genesis with dev keys 9-24 funded like the users 5-8, from the reserve. */
export function benchGenesis() {
  const doc = defaultGenesisJson() as any;
  const balances = doc.app_state.bank.balances as { address: string; coins: { denom: string; amount: string }[] }[];
  const extra = SIGNERS.filter((n) => n > 8);
  balances[0]!.coins[0]!.amount = `${BigInt(balances[0]!.coins[0]!.amount) - BigInt(extra.length) * USER_FUNDS}`;
  for (const n of extra) balances.push({ address: devAddress(n), coins: [{ denom: "basecro", amount: `${USER_FUNDS}` }] });
  return doc;
}

const progress = progressOf("sig");
const load = loadAverage;

export interface SigBench {
  backend: string;
  verifyPerSec: { libsecp256k1: number; noble: number; ratio: number };
  checkTxPerSec: number;
  /** CheckTx with the signature workers (batches of BATCH), wall; and both per process CPU second. */
  checkTxWorkersPerSec: number;
  checkTxMainCpuPerSec: { inline: number; workers: number };
  /** The first round of each kind (a fresh process: V8 still compiling), wall tx/s; not in the medians when WARMUP > 0. */
  checkTxCold: { inline: number; workers: number };
  /**
   * CPU time of the main thread alone (Linux's schedstat; undefined elsewhere), µs: a raw verify, and
   * a tx's CheckTx inline and with the workers (hand-off included). With a core free for the
   * workers, the main thread is what bounds the rate: the ratio is the machine-load-free figure.
   */
  mainThreadUs?: { verify: number; inline: number; workers: number };
  /** Signature checks that took a worker's verdict, of all the pooled runs' txs. */
  workerVerdictShare: number;
  httpTxPerSec: number;
  checkTxShareOfVerify: number;
  httpShareOfVerify: number;
  commit1000Ms: number;
  loadavg: string;
}

/** The main thread's CPU time so far, ns (Linux: /proc/self/task/<pid>/schedstat), or undefined. */
function mainThreadNs(): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    return undefined;
  }
}

/** a. Verifications per second of both implementations, interleaved; and the native one's main-thread CPU µs a verify. */
function verifyRates(): { libsecp256k1: number; noble: number; ratio: number; mainUs?: number } {
  const triples = Array.from({ length: 2000 }, (_, i) => {
    const priv = sha256(new TextEncoder().encode(`bench key ${i % 50}`));
    const hash = sha256(new TextEncoder().encode(`bench msg ${i}`));
    return { sig: secp256k1.sign(hash, priv, { prehash: false, lowS: true, format: "compact" }), hash, key: secp256k1.getPublicKey(priv, true) };
  });
  const rate = (f: typeof verifyHashNoble) => {
    const t0 = performance.now();
    let ok = 0;
    for (const t of triples) if (f(t.sig, t.hash, t.key)) ok++;
    if (ok !== triples.length) throw new Error("a valid signature did not verify");
    return triples.length / ((performance.now() - t0) / 1000);
  };
  rate(verifyHashSecp256k1);
  rate(verifyHashNoble);
  const native: number[] = [];
  const noble: number[] = [];
  const ratios: number[] = [];
  const mainUs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const n0 = mainThreadNs();
    const a = rate(verifyHashSecp256k1);
    const n1 = mainThreadNs();
    if (n0 !== undefined && n1 !== undefined) mainUs.push((n1 - n0) / 1000 / triples.length);
    const b = rate(verifyHashNoble);
    native.push(a);
    noble.push(b);
    ratios.push(a / b);
  }
  return { libsecp256k1: median(native), noble: median(noble), ratio: median(ratios), ...(mainUs.length > 0 ? { mainUs: median(mainUs) } : {}) };
}

/** CosmJS-signed TxRaw bytes: SIGNERS x PER_SIGNER sends at consecutive sequences. */
export async function signTxs(chain: NodeChain): Promise<Uint8Array[]> {
  const out: Uint8Array[][] = [];
  for (const n of SIGNERS) {
    const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro");
    const client = await SigningStargateClient.offline(wallet);
    const acct = chain.directory.account(devAddress(n))!;
    const txs: Uint8Array[] = [];
    for (let s = 0; s < PER_SIGNER; s++) {
      const raw = await client.sign(devAddress(n), [{
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: { fromAddress: devAddress(n), toAddress: devAddress(1), amount: [{ denom: "basecro", amount: "1" }] },
      }], { amount: [{ denom: "basecro", amount: "1" }], gas: "200000" }, "", {
        accountNumber: acct.accountNumber, sequence: Number(acct.sequence) + s, chainId: chain.chainId,
      });
      txs.push(TxRaw.encode(raw).finish());
    }
    out.push(txs);
  }
  // Interleave signers (each signer's own txs stay in sequence order).
  const mixed: Uint8Array[] = [];
  for (let s = 0; s < PER_SIGNER; s++) for (const txs of out) mixed.push(txs[s]!);
  return mixed;
}

export async function freshChain(dir: string, i: number): Promise<NodeChain> {
  return NodeChain.open(await loadCoreFromFile(), benchGenesis(), { dbPath: join(dir, `check-${i}.db`), clock: "simulated", blockTimeNs: 5_000_000_000n });
}

/** Txs per batch when the signature workers verify ahead (what arrives together over HTTP at 20 clients, times 5). */
const BATCH = 100;

/**
 * The node's ingest with the signature workers (server/tx-fast.ts IngestQueue, as host/main.ts
 * makes it): `txs` arrive BATCH per turn of the event loop; each turn hands its batch to the workers
 * and runs the previous batch's CheckTx (NodeChain.submit), so the workers verify ahead. Throws if
 * a tx was refused.
 */
export async function pipelinedRound(chain: NodeChain, txs: readonly Uint8Array[]): Promise<void> {
  let refused: unknown;
  let ran = 0;
  const queue = new IngestQueue((batch) => verifyAheadForState(chain.app.state, batch));
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (let i = 0; i < txs.length; i += BATCH) {
    for (const t of txs.slice(i, i + BATCH)) {
      queue.add(t, () => {
        ran++;
        try {
          chain.submit(t);
        } catch (e) {
          refused ??= e;
        }
      });
    }
    await turn();
  }
  while (ran < txs.length) await turn();
  if (refused !== undefined) throw refused;
}

/**
 * b1. CheckTx in process, rounds alternating: inline, and through the node's IngestQueue with the
 * signature workers verifying each batch ahead of its CheckTx (`pipelinedRound`). Tx/s by wall
 * time and per second of the process's CPU time (main thread, workers and GC together).
 */
async function checkTxRates(dir: string, txs: Uint8Array[]): Promise<{
  inline: number; workers: number; inlineMain: number; workersMain: number; mainUs?: { inline: number; workers: number };
  cold: { inline: number; workers: number }; workerVerdictShare: number;
}> {
  const wall = { inline: [] as number[], workers: [] as number[] };
  const main = { inline: [] as number[], workers: [] as number[] };
  const thread = { inline: [] as number[], workers: [] as number[] };
  const cold = { inline: 0, workers: 0 };
  let used0 = sigPoolCounts.used;
  for (let r = 0; r < 2 * (WARMUP + RUNS); r++) {
    const pooled = r % 2 === 1;
    const counted = r >= 2 * WARMUP;
    if (r === 2 * WARMUP) used0 = sigPoolCounts.used;
    const chain = await freshChain(dir, r);
    forgetDecodedTxs(); // every round decodes its txs, as a node that never saw them (app/decoded-txs.ts)
    forgetVerifiedSignatures(); // and verifies their signatures (wire/keys.ts remembers valid ones)
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const n0 = mainThreadNs();
    if (!pooled) for (const t of txs) chain.submit(t);
    else await pipelinedRound(chain, txs);
    const n1 = mainThreadNs();
    const cpu = process.cpuUsage(c0);
    const seconds = (performance.now() - t0) / 1000;
    if (r < 2) cold[pooled ? "workers" : "inline"] = txs.length / seconds;
    if (!counted) {
      await chain.close();
      continue;
    }
    if (n0 !== undefined && n1 !== undefined) (pooled ? thread.workers : thread.inline).push((n1 - n0) / 1000 / txs.length);
    (pooled ? wall.workers : wall.inline).push(txs.length / seconds);
    // The process's CPU (main thread, workers, GC): what the workers add to the machine's work.
    (pooled ? main.workers : main.inline).push(txs.length / ((cpu.user + cpu.system) / 1e6));
    await chain.close();
  }
  return {
    inline: median(wall.inline), workers: median(wall.workers), inlineMain: median(main.inline), workersMain: median(main.workers),
    cold, workerVerdictShare: (sigPoolCounts.used - used0) / (RUNS * txs.length),
    ...(thread.inline.length > 0 ? { mainUs: { inline: median(thread.inline), workers: median(thread.workers) } } : {}),
  };
}

/** The HTTP clients (plain JS, run in a worker thread): each queue in order, all queues at once. */
export const CLIENT_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const { url, queues } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: queues.length });
const post = (body) => new Promise((resolve, reject) => {
  const req = http.request(url, { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
    const chunks = [];
    res.on("data", (c) => chunks.push(c));
    res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
  });
  req.on("error", reject);
  req.end(body);
});
let refused = 0;
Promise.all(queues.map(async (q) => {
  for (const body of q) {
    const j = await post(body);
    if (!j.tx_response || j.tx_response.code !== 0) refused++;
  }
})).then(() => { agent.destroy(); parentPort.postMessage(refused); });
`;

/** b2. POST /cosmos/tx/v1beta1/txs on a node's own HTTP server, CONCURRENCY clients. */
async function httpRate(dir: string, txs: Uint8Array[]): Promise<number> {
  const rates: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const genesisFile = join(dir, "genesis.json");
    await writeFile(genesisFile, JSON.stringify(benchGenesis()));
    const started = await run(["--port", "0", "--clock", "simulated", "--rpc-port", "off", "--genesis", genesisFile, "--db", join(dir, `http-${r}.db`)], {}, { out: () => {}, err: () => {} });
    if (typeof started === "number") throw new Error(`node exited ${started}`);
    const node: RunningNode = started;
    forgetDecodedTxs(); // the node runs in this process: its txs decoded anew each round
    forgetVerifiedSignatures(); // and their signatures verified anew
    const url = `${node.url}/cosmos/tx/v1beta1/txs`;
    const bodies = txs.map((t) => JSON.stringify({ tx_bytes: toBase64(t), mode: "BROADCAST_MODE_SYNC" }));
    // Per signer in order: a client takes a signer's next tx only after its previous one answered.
    const queues = SIGNERS.map((_, k) => bodies.filter((_, i) => i % SIGNERS.length === k));
    // One client per signer (a signer's txs must arrive in sequence order): 20 concurrent clients,
    // in a worker thread, so the clients' own work (fetch) runs beside the node, not on its thread.
    const t0 = performance.now();
    const refused = await new Promise<number>((resolve, reject) => {
      const w = new Worker(CLIENT_WORKER, { eval: true, workerData: { url, queues } });
      w.once("message", (n: number) => resolve(n));
      w.once("error", reject);
    });
    rates.push(bodies.length / ((performance.now() - t0) / 1000));
    await node.close();
    if (refused > 0) throw new Error(`${refused} txs refused`);
  }
  return median(rates);
}

/** c. One SQLite block commit of 1,000 changed records (100-byte records, 8-byte keys). */
function commitMs(dir: string): number {
  const store = new NodeStore(join(dir, "commit.db"));
  const times: number[] = [];
  for (let r = 0; r < RUNS + 1; r++) {
    const changes = Array.from({ length: 1000 }, (_, i) => {
      const key = Buffer.alloc(8);
      key.writeBigUInt64BE(BigInt(i * 7919 + r));
      return { table: 1 + (i % 8), key, bytes: Buffer.alloc(100, r) };
    });
    const block = { height: BigInt(r + 1), firstHeight: BigInt(r + 1), timeNs: BigInt(r), stepNs: 0n, txCount: 0, appHash: "00", hash: `H${r}` };
    const t0 = performance.now();
    store.commitBlock(block, [], changes, []);
    if (r > 0) times.push(performance.now() - t0);
  }
  store.close();
  return median(times);
}

export async function runSigBench(): Promise<SigBench> {
  const dir = await mkdtemp(join(tmpdir(), "bench-sig-"));
  try {
    progress(`backend ${secp256k1Backend}; load ${load()}`);
    progress("a. raw verify");
    const verifyPerSec = verifyRates();
    progress("signing the txs");
    const chain = await freshChain(dir, 99);
    const txs = await signTxs(chain);
    await chain.close();
    progress(`b. CheckTx x ${txs.length}, inline and with the signature workers`);
    const ct = await checkTxRates(dir, txs);
    const workerVerdictShare = ct.workerVerdictShare;
    const checkTxPerSec = ct.inline;
    progress(`b. HTTP x ${txs.length}`);
    const httpTxPerSec = await httpRate(dir, txs);
    progress("c. commit");
    const commit1000Ms = commitMs(dir);
    return {
      backend: secp256k1Backend, verifyPerSec, checkTxPerSec, httpTxPerSec,
      checkTxWorkersPerSec: ct.workers, checkTxCold: ct.cold, checkTxMainCpuPerSec: { inline: ct.inlineMain, workers: ct.workersMain }, workerVerdictShare,
      ...(ct.mainUs && verifyPerSec.mainUs !== undefined ? { mainThreadUs: { verify: verifyPerSec.mainUs, ...ct.mainUs } } : {}),
      checkTxShareOfVerify: checkTxPerSec / verifyPerSec.libsecp256k1,
      httpShareOfVerify: httpTxPerSec / verifyPerSec.libsecp256k1,
      commit1000Ms, loadavg: load(),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function sigLines(b: SigBench): string[] {
  const f = (x: number) => Math.round(x).toLocaleString("en-US");
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
  const mark = (ok: boolean) => (ok ? "PASS" : "MISS");
  return [
    `signatures (backend ${b.backend}; load ${b.loadavg})`,
    `  verify         libsecp256k1 ${f(b.verifyPerSec.libsecp256k1)}/s   @noble ${f(b.verifyPerSec.noble)}/s   ratio ${b.verifyPerSec.ratio.toFixed(2)}x`,
    `  ingest CheckTx ${f(b.checkTxPerSec)} tx/s (${pct(b.checkTxShareOfVerify)} of raw verify)   ${mark(b.checkTxPerSec >= 2000 && b.checkTxShareOfVerify >= 0.7)} >= 2,000 tx/s and >= 70 %`,
    `  ingest CheckTx with signature workers ${f(b.checkTxWorkersPerSec)} tx/s (${pct(b.checkTxWorkersPerSec / b.verifyPerSec.libsecp256k1)} of raw verify; ` +
      `${pct(b.workerVerdictShare)} of signatures judged by a worker)   ${mark(b.checkTxWorkersPerSec / b.verifyPerSec.libsecp256k1 >= 0.7)} >= 70 %`,
    `  CheckTx medians of ${RUNS} rounds of each after ${WARMUP} uncounted (BENCH_SIG_WARMUP); a fresh process's first round: ` +
      `inline ${f(b.checkTxCold.inline)} tx/s (${pct(b.checkTxCold.inline / b.verifyPerSec.libsecp256k1)}), with workers ${f(b.checkTxCold.workers)} tx/s (${pct(b.checkTxCold.workers / b.verifyPerSec.libsecp256k1)})`,
    `  CheckTx per process CPU second: inline ${f(b.checkTxMainCpuPerSec.inline)} tx/s, with workers ${f(b.checkTxMainCpuPerSec.workers)} tx/s`,
    ...(b.mainThreadUs ? [
      `  main thread CPU: raw verify ${b.mainThreadUs.verify.toFixed(1)} µs, CheckTx inline ${b.mainThreadUs.inline.toFixed(1)} µs (${pct(b.mainThreadUs.verify / b.mainThreadUs.inline)} of raw verify), ` +
        `with signature workers ${b.mainThreadUs.workers.toFixed(1)} µs (${pct(b.mainThreadUs.verify / b.mainThreadUs.workers)}: the rate with a core free for the workers)`,
    ] : []),
    `  ingest HTTP    ${f(b.httpTxPerSec)} tx/s (${pct(b.httpShareOfVerify)} of raw verify)   ${mark(b.httpTxPerSec >= 3000)} >= 3,000 tx/s`,
    `  commit of 1,000 changed records ${b.commit1000Ms.toFixed(2)} ms   ${mark(b.commit1000Ms <= 20)} <= 20 ms`,
  ];
}

export async function sigMain(): Promise<number> {
  const b = await runSigBench();
  for (const l of sigLines(b)) console.log(l);
  return 0;
}
