// The node's figures for `npm run bench`, each against its baseline in the same run:
//   - signed transactions ingested end to end (HTTP POST on loopback -> decode -> verify -> mempool,
//     the clients in a worker thread) against the raw verify rate of the same transactions
//     (host/tx verifyTx, no HTTP, no node);
//   - the commit of a block that changed ~1,000 records (journal -> state hash -> one SQLite
//     transaction, synchronous=FULL);
//   - GET req/s of the tiers route (GET /chainmain/tieredrewards/v1/tiers) on the node's server
//     against a bare Hono route serving the same JSON (autocannon).

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "node:http";
import { Worker } from "node:worker_threads";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { Hono } from "hono";
import { createAdaptorServer } from "@hono/node-server";
import { loadCore } from "../host/core/core.js";
import { startNode } from "../host/main.js";
import { devAddress } from "../host/app/genesis.js";
import { MessageRegistry } from "../host/app/registry.js";
import { bankModule } from "../host/modules/bank/module.js";
import { stakingModule } from "../host/modules/staking/module.js";
import { verifyTx, type AccountInfo } from "../host/app/ante/verify.js";
import { devSigner, sendMsg } from "../test/helpers/dev-signer.js";

const SIGNERS = [1, 2, 3, 4, 5, 6, 7, 8];
const TXS = 1_000;
/** Interleaved rounds of raw verify and ingest; figures are their medians. */
const ROUNDS = 3;
const GET_SECONDS = 3;
const GET_CONNECTIONS = 10;

export interface NodeBench {
  verifyTxPerSec: number;
  ingestTxPerSec: number;
  ingestRatio: number;
  /** Ingest / raw verify of each round. */
  ingestRatios: number[];
  commit: { records: number; ms: number; blockMs: number };
  get: { path: string; nodeReqPerSec: number; bareReqPerSec: number; ratio: number };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The wallets' side of the ingest: `lanes` sequential senders in a worker thread; tx/s from first send to last answer. */
function ingestFromWorker(url: string, bodies: string[], lanes: number): Promise<number> {
  // node:http with a keep-alive agent: a light client, so the wallets' side costs little CPU.
  const client = `
    const { parentPort, workerData } = require("node:worker_threads");
    const http = require("node:http");
    const { url, bodies, lanes } = workerData;
    const agent = new http.Agent({ keepAlive: true, maxSockets: lanes });
    const post = (body) => new Promise((resolve, reject) => {
      const req = http.request(url, { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (d) => (text += d)).on("end", () => resolve(text));
      });
      req.on("error", reject);
      req.end(body);
    });
    const lane = async (w) => {
      for (let i = w; i < bodies.length; i += lanes) {
        const r = JSON.parse(await post(bodies[i]));
        if (r.tx_response.code !== 0) throw new Error("bench tx rejected: " + r.tx_response.raw_log);
      }
    };
    const t0 = performance.now();
    Promise.all(Array.from({ length: lanes }, (_, w) => lane(w))).then(
      () => parentPort.postMessage({ ms: performance.now() - t0 }),
      (e) => parentPort.postMessage({ error: String(e) }),
    );`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(client, { eval: true, workerData: { url, bodies, lanes } });
    worker.once("message", (m: { ms?: number; error?: string }) => {
      void worker.terminate();
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(bodies.length / (m.ms! / 1000));
    });
    worker.once("error", reject);
  });
}

/** The bench's sizes (a test runs it small): txs per round (a multiple of the 8 signers), rounds, seconds of GET load. */
export interface NodeBenchSizes {
  txs: number;
  rounds: number;
  getSeconds: number;
}

export async function runNodeBench(
  wasm: Uint8Array, progress: (m: string) => void, sizes: NodeBenchSizes = { txs: TXS, rounds: ROUNDS, getSeconds: GET_SECONDS },
): Promise<NodeBench> {
  const dir = await mkdtemp(join(tmpdir(), "node-bench-"));
  const node = await startNode(
    { port: 0, host: "127.0.0.1", chainSegment: "chainmain", blockTimeNs: 5_000_000_000n, clock: "simulated", genesisFile: undefined, dbPath: join(dir, "bench.db"), dev: true },
    { core: await loadCore(wasm) },
  );
  try {
    // Rounds of 1,000 sends, each to a fresh address (so a block changes ~1,000 balances and
    // accounts). In round r, tx i is signer i mod 8's sequence (its genesis one +) r x 125 + i div 8.
    progress(`node: signing ${sizes.rounds} x ${sizes.txs} txs with CosmJS`);
    const chainId = node.chain.chainId;
    const signers = await Promise.all(SIGNERS.map((n) => devSigner(n)));
    const perSigner = sizes.txs / SIGNERS.length;
    const rounds: { bodies: unknown[]; expected: AccountInfo[] }[] = [];
    for (let r = 0; r < sizes.rounds; r++) {
      const bodies: unknown[] = [];
      const expected: AccountInfo[] = [];
      for (let i = 0; i < sizes.txs; i++) {
        const s = signers[i % signers.length]!;
        // from the account's sequence at genesis (a genesis validator's operator signed its gentx: 1)
        const account = node.chain.directory.account(s.address)!;
        const { accountNumber } = account;
        const sequence = account.sequence + BigInt(r * perSigner + Math.floor(i / signers.length));
        bodies.push(await s.sign([sendMsg(s.address, devAddress(1000 + r * sizes.txs + i), 1_000n)], { chainId, accountNumber, sequence }));
        expected.push({ accountNumber, sequence });
      }
      rounds.push({ bodies, expected });
    }

    // Raw verify: the same bodies, each against the account state it was signed for.
    const registry = new MessageRegistry([bankModule, stakingModule]);
    let current: AccountInfo = { accountNumber: 0n, sequence: 0n };
    const ctx = { chainId, registry, getAccount: () => current };
    const verifyRun = (round: (typeof rounds)[number]) => {
      const t0 = performance.now();
      for (let i = 0; i < sizes.txs; i++) {
        current = round.expected[i]!;
        verifyTx(round.bodies[i], ctx);
      }
      return sizes.txs / ((performance.now() - t0) / 1000);
    };
    verifyRun(rounds[0]!); // warm-up

    // Per round: raw verify, then the same txs end to end over HTTP into the mempool (one client
    // per signer, a signer's txs in sequence order as a wallet sends them, all signers at once,
    // from a worker thread: the clients are other programs, so they do not take the node's
    // thread; on 2 cores, one each), then the block of those 1,000 sends.
    const verifyRates: number[] = [];
    const ingestRates: number[] = [];
    const ratios: number[] = [];
    let commit = { records: 0, ms: 0, blockMs: 0 };
    for (let r = 0; r < sizes.rounds; r++) {
      progress(`node: round ${r + 1}/${sizes.rounds}: raw verify, ingest over HTTP, the block of ${sizes.txs} sends`);
      const verify = verifyRun(rounds[r]!);
      const ingest = await ingestFromWorker(`${node.url}/txs`, rounds[r]!.bodies.map((b) => JSON.stringify(b)), SIGNERS.length);
      if (node.chain.pending !== sizes.txs) throw new Error(`mempool holds ${node.chain.pending}, expected ${sizes.txs}`);
      verifyRates.push(verify);
      ingestRates.push(ingest);
      ratios.push(ingest / verify);
      const b0 = performance.now();
      await node.chain.advance(1n);
      commit = { ...node.chain.app.lastCommit, blockMs: performance.now() - b0 };
    }
    const verifyTxPerSec = median(verifyRates);
    const ingestTxPerSec = median(ingestRates);

    progress("node: GET req/s against a bare Hono route");
    const path = "/chainmain/tieredrewards/v1/tiers";
    const bare = new Hono();
    const payload = await (await fetch(`${node.url}${path}`)).text();
    bare.get(path, (c) => c.body(payload, 200, { "content-type": "application/json" }));
    const bareServer = createAdaptorServer({ fetch: bare.fetch }) as Server;
    await new Promise<void>((r) => bareServer.listen(0, "127.0.0.1", () => r()));
    const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;
    const rate = async (url: string) => {
      const r = await autocannon({ url, connections: GET_CONNECTIONS, duration: sizes.getSeconds });
      return r.requests.average;
    };
    await rate(`${node.url}${path}`); // warm-up of both, then measured alternately
    const bareReqPerSec = await rate(`${bareUrl}${path}`);
    const nodeReqPerSec = await rate(`${node.url}${path}`);
    await new Promise((r) => bareServer.close(() => r(undefined)));
    return {
      verifyTxPerSec,
      ingestTxPerSec,
      ingestRatio: median(ratios),
      ingestRatios: ratios,
      commit,
      get: { path, nodeReqPerSec, bareReqPerSec, ratio: nodeReqPerSec / bareReqPerSec },
    };
  } finally {
    await node.close();
    await rm(dir, { recursive: true, force: true });
  }
}
