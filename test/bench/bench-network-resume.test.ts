// `npm run bench -- network`'s senders against a scripted CometBFT RPC (broadcast_tx_sync, tx,
// block) whose chain fails a block that holds a sender's txs out of sequence order, as CometBFT
// v0.38.22's mempool can propose them (docs/performance.md "A sender's txs out of order in a
// block"). The sender goes on from the sequence the chain expects and every tx ends committed
// once: refused at its next broadcast, its last tx failed in its block, and its last tx dropped by
// a recheck (found when it is sent again). Before, the bench threw at the first refusal.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:http";
import { sha256 } from "@noble/hashes/sha2.js";
import { hex } from "@scure/base";
import { throughput } from "../../bench/network.js";

const hashOf = (tx: Uint8Array) => hex.encode(sha256(tx)).toUpperCase();
/** Sender k's tx of sequence s: two bytes (the scripted chain reads them back). */
const txOf = (k: number, s: number) => Uint8Array.of(k, s);

/**
 * A chain of one node for senders whose txs are `txOf(k, s)`: a tx is accepted when its sequence
 * is the next one (the committed one plus those waiting), a block of a sender's waiting txs is
 * committed when `blockEvery` of them wait or one of them is looked up, and `fault(k, s, waiting)`,
 * called as sender k's sequence s is accepted, may return a block to commit at once instead (the
 * waiting sequences in its order; those left out are rechecked against the new state), once.
 */
function scriptedChain(fault: (k: number, s: number, waiting: number[]) => number[] | undefined, blockEvery = 4) {
  const committed = new Map<number, number>();
  const waiting = new Map<number, number[]>();
  const cache = new Set<string>(); // CometBFT's: txs waiting and txs committed with code 0
  const results = new Map<string, { height: string; code: number; log: string }>();
  const succeeded: string[] = [];
  let height = 0;
  let faulted = false;
  const next = (k: number) => (committed.get(k) ?? 0) + (waiting.get(k)?.length ?? 0);
  const block = (k: number, order: number[]) => {
    height++;
    let expected = committed.get(k) ?? 0;
    for (const s of order) {
      const h = hashOf(txOf(k, s));
      if (s === expected) {
        expected++;
        results.set(h, { height: `${height}`, code: 0, log: "" });
        succeeded.push(`${k}/${s}`);
      } else {
        // a failure does not replace a success in CometBFT's tx index
        if (results.get(h)?.code !== 0) results.set(h, { height: `${height}`, code: 32, log: `account sequence mismatch, expected ${expected}, got ${s}: incorrect account sequence` });
        cache.delete(h);
      }
    }
    committed.set(k, expected);
    // The recheck: the waiting txs left out are refused (removed, out of the cache) unless they still follow.
    const left = (waiting.get(k) ?? []).filter((s) => !order.includes(s));
    const kept: number[] = [];
    for (const s of left) {
      if (s === expected + kept.length) kept.push(s);
      else cache.delete(hashOf(txOf(k, s)));
    }
    waiting.set(k, kept);
  };
  const handle = (method: string, params: Record<string, string>): unknown => {
    if (method === "broadcast_tx_sync") {
      const tx = Uint8Array.from(Buffer.from(params.tx!, "base64"));
      const [k, s] = [tx[0]!, tx[1]!];
      const h = hashOf(tx);
      if (cache.has(h)) return { error: { code: -32603, message: "Internal error", data: "tx already exists in cache" } };
      if (s !== next(k)) return { result: { code: 32, codespace: "sdk", log: `account sequence mismatch, expected ${next(k)}, got ${s}: incorrect account sequence`, hash: h } };
      const list = waiting.get(k) ?? [];
      list.push(s);
      waiting.set(k, list);
      cache.add(h);
      const faulty = faulted ? undefined : fault(k, s, [...list]);
      if (faulty) {
        faulted = true;
        block(k, faulty);
      } else if (list.length >= blockEvery) block(k, [...list]);
      return { result: { code: 0, codespace: "", log: "", hash: h } };
    }
    if (method === "tx") {
      const h = hex.encode(Buffer.from(params.hash!, "base64")).toUpperCase();
      for (const [k, list] of waiting) if (list.some((s) => hashOf(txOf(k, s)) === h)) block(k, [...list]);
      const r = results.get(h);
      return r ? { result: { height: r.height, tx_result: { code: r.code, log: r.log } } } : { error: { code: -32603, message: "Internal error", data: `tx (${h}) not found` } };
    }
    if (method === "block") return { result: { block: { header: { time: new Date().toISOString() } } } };
    return { error: { code: -32601, message: "Method not found" } };
  };
  return { handle, succeeded, committed };
}

async function serve(handle: (method: string, params: Record<string, string>) => unknown): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const { method, params } = JSON.parse(body) as { method: string; params: Record<string, string> };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, ...(handle(method, params) as object) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, server };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

async function run(fault: Parameters<typeof scriptedChain>[0], senders = 2, blockEvery = 4, length = 10) {
  const chain = scriptedChain(fault, blockEvery);
  const { url, server } = await serve(chain.handle);
  try {
    const txs = Array.from({ length: senders }, (_, k) => Array.from({ length }, (_, s) => txOf(k, s)));
    const t = await throughput(url, txs);
    return { t, chain };
  } finally {
    await close(server);
  }
}

const each = (senders: number, length: number) => Array.from({ length: senders }, (_, k) => Array.from({ length }, (_, s) => `${k}/${s}`)).flat().sort();

test("a block fails a sender's txs out of order; its next tx refused: it goes on from the chain's sequence", async () => {
  // As sender 0's sequence 6 is accepted (4, 5 and 6 waiting), a block holds them as 5, 4, 6: 4 passes, 5 and 6 fail.
  const { t, chain } = await run((k, s, w) => (k === 0 && s === 6 ? [w[1]!, w[0]!, ...w.slice(2)] : undefined));
  assert.equal(chain.succeeded.slice().sort(), each(2, 10)); // every tx committed, each once
  assert.is(chain.committed.get(0), 10);
  assert.is(t.committed, 20);
  assert.is(t.resumes, 1); // tx 7 refused (expected 5): back to 5
  assert.is(t.resent, 2); // 5 and 6 sent again
});

test("its last tx failed in its block: it goes back; a tx sent again that is already committed counts", async () => {
  // Sender 1's last two as 9, 8: 8 passes, 9 fails (expected 8); going back to 8 finds it in CometBFT's cache.
  const { t, chain } = await run((k, s, w) => (k === 1 && s === 9 ? [...w.slice(0, -2), 9, 8] : undefined));
  assert.equal(chain.succeeded.slice().sort(), each(2, 10));
  assert.is(chain.committed.get(1), 10);
  assert.is(t.resumes, 1);
  assert.is(t.resent, 2);
});

test("its last tx dropped by a recheck, never in a block: sent again, refused, the sender goes back", async () => {
  // All ten wait; a block holds 0..6, 8, 7 (8 fails, expected 7); the waiting 9 is then refused by the recheck and dropped.
  const { t, chain } = await run((k, s) => (k === 0 && s === 9 ? [0, 1, 2, 3, 4, 5, 6, 8, 7] : undefined), 1, 100);
  assert.equal(chain.succeeded.slice().sort(), each(1, 10));
  assert.is(chain.committed.get(0), 10);
  assert.is(t.resumes, 1);
  assert.is(t.resent, 2); // 8 and 9 sent again
});

test("a refusal for anything else still ends the bench", async () => {
  const chain = scriptedChain(() => undefined);
  const { url, server } = await serve((method, params) => (method === "broadcast_tx_sync" ? { result: { code: 13, codespace: "sdk", log: "insufficient fees" } } : chain.handle(method, params)));
  try {
    let error: Error | undefined;
    await throughput(url, [[txOf(0, 0)]]).catch((e: Error) => (error = e));
    assert.match(error?.message ?? "", /broadcast refused: .*insufficient fees/);
  } finally {
    await close(server);
  }
});

test.run();
