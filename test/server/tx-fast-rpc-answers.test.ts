// The RPC broadcast fast path (host/server/tx-fast.ts fastRpcBroadcast) with the RPC's `callNow`:
// each broadcast of a batch is answered (its bytes written) as soon as its own CheckTx ends, inside
// the batch, not after the batch's last CheckTx; a method that answers with a promise still gets
// its reply.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fastRpcBroadcast, fastTxCounts, type IngestQueue } from "../../host/server/tx-fast.js";

/** An ingest queue that holds its txs until `runAll` runs them in one synchronous batch. */
function heldQueue() {
  const held: (() => void)[] = [];
  const q = { add: (_tx: Uint8Array, run: () => void) => void held.push(run) } as unknown as IngestQueue;
  return { q, held, runAll: () => held.splice(0).forEach((run) => run()) };
}

function post(url: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function serve(answeredAtCall: number[], reply: (id: unknown) => unknown) {
  const h = heldQueue();
  const server: Server = createServer(fastRpcBroadcast((_req, res) => res.end("app"), {
    callNow: (id: unknown) => {
      answeredAtCall.push(fastTxCounts.answered);
      return reply(id);
    },
    ingest: h.q, maxBodyBytes: 1_000_000, cors: false,
  }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { h, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

const body = (id: number, method = "broadcast_tx_sync") => JSON.stringify({ jsonrpc: "2.0", id, method, params: { tx: "AAEC" } });

test("with callNow, each answer of a batch is written as its CheckTx ends, byte for byte the reply's JSON", async () => {
  const answeredAtCall: number[] = [];
  const { h, server, url } = await serve(answeredAtCall, (id) => ({ jsonrpc: "2.0", id, result: { code: 0, hash: `H${id as number}` } }));
  try {
    const answers = [1, 2, 3, 4].map((i) => post(url, body(i)));
    while (h.held.length < 4) await new Promise((r) => setTimeout(r, 5));
    const a0 = fastTxCounts.answered;
    h.runAll();
    // Inside the batch: the second call ran after the first answer was written, and so on.
    assert.equal(answeredAtCall.map((n) => n - a0), [0, 1, 2, 3]);
    assert.is(fastTxCounts.answered, a0 + 4, "all four written before the batch returned");
    const got = await Promise.all(answers);
    assert.equal(got, [1, 2, 3, 4].map((i) => JSON.stringify({ jsonrpc: "2.0", id: i, result: { code: 0, hash: `H${i}` } })));
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

test("with callNow, a reply that is a promise is written when it settles", async () => {
  const { h, server, url } = await serve([], (id) => Promise.resolve({ jsonrpc: "2.0", id, result: { later: true } }));
  try {
    const answer = post(url, body(5, "broadcast_tx_commit"));
    while (h.held.length < 1) await new Promise((r) => setTimeout(r, 5));
    const a0 = fastTxCounts.answered;
    h.runAll();
    assert.is(fastTxCounts.answered, a0, "not written inside the batch");
    assert.is(await answer, JSON.stringify({ jsonrpc: "2.0", id: 5, result: { later: true } }));
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

test.run();
