// The node's figures for `npm run bench`, each against its baseline in the same run:
//   - signed transactions ingested end to end (HTTP POST on loopback -> decode -> verify -> mempool)
//     against the raw verify rate of the same transactions (host/tx verifyTx, no HTTP, no node);
//   - the commit of a block that changed ~1,000 records (journal -> state hash -> one SQLite
//     transaction, synchronous=FULL);
//   - GET req/s of the tiers route (GET /chainmain/tieredrewards/v1/tiers) on the node's server
//     against a bare Hono route serving the same JSON (autocannon).

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { Hono } from "hono";
import { createAdaptorServer } from "@hono/node-server";
import { loadCore } from "../host/core/core.js";
import { startNode } from "../host/main.js";
import { devAddress } from "../host/genesis.js";
import {
  MessageRegistry, registerBankMessages, registerStakingMessages, verifyTx, type AccountInfo,
} from "../host/tx/index.js";
import { devSigner, sendMsg } from "../test/helpers/dev-signer.js";

const SIGNERS = [1, 2, 3, 4, 5, 6, 7, 8];
const TXS = 1_000;
const GET_SECONDS = 3;
const GET_CONNECTIONS = 10;

export interface NodeBench {
  verifyTxPerSec: number;
  ingestTxPerSec: number;
  ingestRatio: number;
  commit: { records: number; ms: number; blockMs: number };
  get: { path: string; nodeReqPerSec: number; bareReqPerSec: number; ratio: number };
}

export async function runNodeBench(wasm: Uint8Array, progress: (m: string) => void): Promise<NodeBench> {
  const dir = await mkdtemp(join(tmpdir(), "node-bench-"));
  const node = await startNode(
    { port: 0, host: "127.0.0.1", chainSegment: "chainmain", blockTimeNs: 5_000_000_000n, clock: "simulated", genesisFile: undefined, dbPath: join(dir, "bench.db") },
    { core: await loadCore(wasm) },
  );
  try {
    // 1,000 sends, each to a fresh address (so the block changes ~1,000 balances and accounts).
    // Tx i is signer i mod 8's sequence i div 8.
    progress(`node: signing ${TXS} txs with CosmJS`);
    const chainId = node.chain.chainId;
    const signers = await Promise.all(SIGNERS.map((n) => devSigner(n)));
    const bodies: unknown[] = [];
    const expected: { signer: string; accountNumber: bigint; sequence: bigint }[] = [];
    for (let i = 0; i < TXS; i++) {
      const s = signers[i % signers.length]!;
      const accountNumber = node.chain.directory.account(s.address)!.accountNumber;
      const sequence = BigInt(Math.floor(i / signers.length));
      const to = devAddress(1000 + i);
      bodies.push(await s.sign([sendMsg(s.address, to, 1_000n)], { chainId, accountNumber, sequence }));
      expected.push({ signer: s.address, accountNumber, sequence });
    }

    // Raw verify: the same bodies, each against the account state it was signed for.
    progress("node: raw verify rate");
    const registry = registerStakingMessages(registerBankMessages(new MessageRegistry()));
    let current: AccountInfo = { accountNumber: 0n, sequence: 0n };
    const ctx = { chainId, registry, getAccount: () => current };
    const verifyRun = () => {
      const t0 = performance.now();
      for (let i = 0; i < TXS; i++) {
        current = expected[i]!;
        verifyTx(bodies[i], ctx);
      }
      return TXS / ((performance.now() - t0) / 1000);
    };
    verifyRun(); // warm-up
    const verifyTxPerSec = verifyRun();

    // End to end over HTTP into the mempool: one client per signer (a signer's txs in sequence
    // order, as a wallet sends them), all signers at once.
    progress("node: ingest over HTTP");
    const t0 = performance.now();
    const worker = async (w: number) => {
      for (let i = w; i < TXS; i += SIGNERS.length) {
        const body = bodies[i];
        const res = await fetch(`${node.url}/txs`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        const r = (await res.json()) as { tx_response: { code: number; raw_log: string } };
        if (r.tx_response.code !== 0) throw new Error(`bench tx rejected: ${r.tx_response.raw_log}`);
      }
    };
    await Promise.all(SIGNERS.map((_, w) => worker(w)));
    const ingestTxPerSec = TXS / ((performance.now() - t0) / 1000);
    if (node.chain.pending !== TXS) throw new Error(`mempool holds ${node.chain.pending}, expected ${TXS}`);

    progress("node: the block of 1,000 sends");
    const b0 = performance.now();
    await node.chain.advance(1n);
    const blockMs = performance.now() - b0;
    const commit = { ...node.chain.lastCommit, blockMs };

    progress("node: GET req/s against a bare Hono route");
    const path = "/chainmain/tieredrewards/v1/tiers";
    const bare = new Hono();
    const payload = await (await fetch(`${node.url}${path}`)).text();
    bare.get(path, (c) => c.body(payload, 200, { "content-type": "application/json" }));
    const bareServer = createAdaptorServer({ fetch: bare.fetch }) as Server;
    await new Promise<void>((r) => bareServer.listen(0, "127.0.0.1", () => r()));
    const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;
    const rate = async (url: string) => {
      const r = await autocannon({ url, connections: GET_CONNECTIONS, duration: GET_SECONDS });
      return r.requests.average;
    };
    await rate(`${node.url}${path}`); // warm-up of both, then measured alternately
    const bareReqPerSec = await rate(`${bareUrl}${path}`);
    const nodeReqPerSec = await rate(`${node.url}${path}`);
    await new Promise((r) => bareServer.close(() => r(undefined)));
    return {
      verifyTxPerSec,
      ingestTxPerSec,
      ingestRatio: ingestTxPerSec / verifyTxPerSec,
      commit,
      get: { path, nodeReqPerSec, bareReqPerSec, ratio: nodeReqPerSec / bareReqPerSec },
    };
  } finally {
    await node.close();
    await rm(dir, { recursive: true, force: true });
  }
}
