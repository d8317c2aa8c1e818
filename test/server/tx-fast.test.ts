// The broadcast's fast path (host/server/tx-fast.ts): POST /cosmos/tx/v1beta1/txs {tx_bytes, mode}
// answered before the Hono app, with the same status, content type and body as the app's route;
// what it does not take (a chunked body, another mode, an unknown field, CORS) goes on to the app.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { request } from "node:http";
import { toBase64 } from "@cosmjs/encoding";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCore } from "../../host/core/core.js";
import { run, type RunningNode } from "../../host/main.js";
import { wasm } from "../helpers/node.js";
import { protoSigner } from "../helpers/cosmjs.js";
import { fastTxCounts, FAST_TX_PATH, IngestQueue } from "../../host/server/tx-fast.js";

const dir = await mkdtemp(join(tmpdir(), "tx-fast-test-"));
const node = (await run(["--port", "0", "--clock", "simulated", "--db", join(dir, "c.db")], {}, { out: () => {}, err: () => {} }, { core: await loadCore(wasm) })) as RunningNode;
test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});
const signer = await protoSigner(5, "direct");
const to = (await protoSigner(6, "direct")).address;

interface Answer { status: number; type: string | undefined; body: string }

/** POST `body`, with a Content-Length (the fast path's) or chunked (what the app answers). */
function post(body: string, how: "length" | "chunked", headers: Record<string, string> = {}, url = `${node.url}${FAST_TX_PATH}`): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(how === "length" ? { "content-length": Buffer.byteLength(body) } : {}), ...headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, type: res.headers["content-type"], body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    if (how === "chunked") req.write(body.slice(0, 5));
    req.end(how === "chunked" ? body.slice(5) : body);
  });
}

async function txBytes(sequence: bigint, amount = "1"): Promise<string> {
  const acct = node.chain.directory.account(signer.address)!;
  const tx = await signer.sign([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: signer.address, toAddress: to, amount: [{ denom: "basecro", amount }] } }], {
    chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence,
  });
  return toBase64(tx);
}

async function sendTx(sequence: bigint, amount = "1"): Promise<string> {
  return JSON.stringify({ tx_bytes: await txBytes(sequence, amount), mode: "BROADCAST_MODE_SYNC" });
}

/** Both paths' answers to the same body (the fast path's first), with what each path counted. */
async function both(body: string, url?: string): Promise<{ fast: Answer; app: Answer; answered: number; passed: number }> {
  const a0 = fastTxCounts.answered, p0 = fastTxCounts.passed;
  const fast = await post(body, "length", {}, url);
  const answered = fastTxCounts.answered - a0, passed = fastTxCounts.passed - p0;
  const app = await post(body, "chunked", {}, url);
  assert.is(fastTxCounts.answered - a0, answered, "a chunked body is the app's");
  return { fast, app, answered, passed };
}

test("an accepted tx: answered by the fast path as the app's route answers one", async () => {
  const seq = node.chain.directory.account(signer.address)!.sequence;
  const a0 = fastTxCounts.answered;
  const fast = await post(await sendTx(seq), "length");
  assert.is(fastTxCounts.answered, a0 + 1, "the fast path answered");
  const app = await post(await sendTx(seq + 1n), "chunked");
  assert.is(fastTxCounts.answered, a0 + 1, "the app answered");
  assert.is(fast.status, 200);
  assert.is(fast.type, app.type);
  const f = JSON.parse(fast.body), a = JSON.parse(app.body);
  assert.is(f.tx_response.code, 0, fast.body);
  assert.is(a.tx_response.code, 0, app.body);
  assert.match(f.tx_response.txhash, /^[0-9A-F]{64}$/);
  assert.not.equal(f.tx_response.txhash, a.tx_response.txhash);
  assert.is(fast.body, app.body.replace(a.tx_response.txhash, f.tx_response.txhash), "the same answer but the hash");
});

test("refusals: the same bytes from both paths", async () => {
  const seq = node.chain.directory.account(signer.address)!.sequence;
  const dup = await sendTx(seq + 2n);
  await post(dup, "length");
  // In the mempool's cache; then the first test's tx again; then a sequence far ahead.
  for (const body of [dup, await sendTx(seq), await sendTx(seq + 50n, "2")]) {
    const r = await both(body);
    assert.is(r.answered, 1);
    assert.is(r.fast.status, 200);
    assert.ok(JSON.parse(r.fast.body).tx_response.code !== 0, r.fast.body);
    assert.equal(r.fast, r.app);
  }
});

test("bodies the fast path passes on: the app's answer, the body read once", async () => {
  const ok = JSON.parse(await sendTx(0n)) as { tx_bytes: string };
  const bodies = [
    JSON.stringify({ tx_bytes: ok.tx_bytes, mode: "BROADCAST_MODE_SYNC", extra: 1 }),
    JSON.stringify({ tx_bytes: ok.tx_bytes, mode: "BROADCAST_MODE_BLOCK" }),
    JSON.stringify({ tx_bytes: ok.tx_bytes, mode: 2 }),
    JSON.stringify({ tx_bytes: "not base64!", mode: "BROADCAST_MODE_SYNC" }),
    JSON.stringify({ tx_bytes: "", mode: "BROADCAST_MODE_SYNC" }),
    "{\"tx_bytes\": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
    "{not json",
  ];
  for (const body of bodies) {
    const r = await both(body);
    assert.is(r.answered, 0, body);
    assert.is(r.passed, 1, body);
    assert.equal(r.fast, r.app, body);
  }
});

test("RPC broadcast_tx_sync: answered by the fast path as the RPC's app answers it", async () => {
  const rpc = `${node.rpcUrl!}/`;
  const seq = node.chain.directory.account(signer.address)!.sequence + BigInt(node.chain.app.state.mempool.size);
  const call = (tx: string, id: unknown = 7, method = "broadcast_tx_sync") => JSON.stringify({ jsonrpc: "2.0", id, method, params: { tx } });
  const a0 = fastTxCounts.answered;
  const fast = await post(call(await txBytes(seq)), "length", {}, rpc);
  assert.is(fastTxCounts.answered, a0 + 1, "the fast path answered");
  const app = await post(call(await txBytes(seq + 1n)), "chunked", {}, rpc);
  assert.is(fastTxCounts.answered, a0 + 1, "the app answered");
  const f = JSON.parse(fast.body), a = JSON.parse(app.body);
  assert.is(f.result.code, 0, fast.body);
  assert.is(a.result.code, 0, app.body);
  assert.is(fast.type, app.type);
  assert.is(fast.body, app.body.replace(a.result.hash, f.result.hash));
  // Refused (the same tx again), a tx that is not base64, broadcast_tx_async (its hash, the same tx twice): both paths alike.
  for (const body of [call(await txBytes(seq)), call("%%%", "x"), call(await txBytes(seq + 2n), 9, "broadcast_tx_async")]) {
    const r = await both(body, rpc);
    assert.is(r.answered, 1, body);
    assert.equal(r.fast, r.app, body);
  }
  // A batch and another method go on to the RPC's app.
  for (const body of [`[${call(await txBytes(seq + 3n))}]`, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "status", params: {} })]) {
    const p0 = fastTxCounts.passed;
    const r = await post(body, "length", {}, rpc);
    assert.is(fastTxCounts.passed, p0 + 1, body);
    assert.is(r.status, 200);
  }
});

test("the ingest queue: a turn's batch handed to the workers, its CheckTx one turn later after the next batch's hand-off, in arrival order", async () => {
  const log: string[] = [];
  const turn = () => new Promise((r) => setImmediate(r));
  // Batches of 4 or more are taken by the "workers" (as sig-pool's MIN_BATCH); smaller ones are not.
  const q = new IngestQueue((txs) => {
    const ids = txs.map((t) => t[0]!).join(",");
    log.push(`start ${ids}`);
    return txs.length >= 4 ? { forget: () => void log.push(`forget ${ids}`) } : undefined;
  });
  const add = (i: number) => q.add(Uint8Array.of(i), () => void log.push(`run ${i}`));
  for (let i = 0; i < 5; i++) add(i);
  await turn();
  assert.equal(log, ["start 0,1,2,3,4"], "handed over, not run in the turn it arrived");
  for (let i = 5; i < 9; i++) add(i);
  await turn();
  assert.equal(log, ["start 0,1,2,3,4", "start 5,6,7,8", "run 0", "run 1", "run 2", "run 3", "run 4", "forget 0,1,2,3,4"]);
  add(9); // a lone broadcast: not taken, run in its own turn after the batch before it
  await turn();
  assert.equal(log.slice(8), ["start 9", "run 5", "run 6", "run 7", "run 8", "forget 5,6,7,8", "run 9"]);
  add(10); // nothing waits: it runs in the turn it arrived
  await turn();
  assert.equal(log.slice(15), ["start 10", "run 10"]);
  for (let i = 11; i < 15; i++) add(i); // a last batch taken: it runs in the next turn with nothing new
  await turn();
  await turn();
  assert.equal(log.slice(17), ["start 11,12,13,14", "run 11", "run 12", "run 13", "run 14", "forget 11,12,13,14"]);
});

test.run();
