// The tx search index written after the block (host/store/tx-index.ts): the worker's rows are the
// ones the block's own transaction wrote before (inline); a search, a tx by hash and
// broadcast_tx_commit right after a block see every committed tx (the index completed on the main
// thread when the worker is not there yet); a database whose index is behind its blocks (a crash
// between the block and its rows) is completed when it is opened, before anything is served,
// including after a real SIGKILL in the instant after the block's commit.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import Database from "better-sqlite3";
import { devAddress } from "../../host/app/genesis.js";
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import { indexTxsThrough, txIndexing, TX_INDEX_MARKER, type IndexerReport } from "../../host/store/tx-index.js";
import { INDEXED_ATTRIBUTES_JS, TX_INDEX_WORKER } from "../../host/store/tx-index-worker.js";
import { indexedAttributes } from "../../host/store/tx-search.js";
import { setUp } from "../../host/store/migrate.js";
import { txIndexWait } from "../../host/app/tx-indexed.js";
import { createRpc } from "../../host/rpc/server.js";
import type { NodeStore } from "../../host/store/store.js";
import { sendMsg } from "../helpers/dev-signer.js";
import { nodeHarness, signedBy, type TestNode } from "../helpers/node.js";

const nodes = await nodeHarness({ prefix: "tx-index-" });
test.after(() => {
  txIndexing.worker = true;
  return nodes.remove();
});

const storeOf = (node: TestNode) => node.chain.app.state.store as NodeStore;

/** `blocks` blocks of sends from dev keys 5..(5+perBlock-1), each signer once per block; their hashes. */
async function sends(node: TestNode, blocks: number, perBlock: number): Promise<string[]> {
  const hashes: string[] = [];
  for (let b = 0; b < blocks; b++) {
    for (let k = 0; k < perBlock; k++) {
      const n = 5 + k;
      const tx = await signedBy(node, n, [sendMsg(devAddress(n), devAddress(40 + b), BigInt(1000 + k))]);
      const r = await node.post("/txs", tx);
      assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
      hashes.push(r.json.tx_response.txhash);
    }
    await node.chain.advance(1n);
  }
  return hashes;
}

const attrRows = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare("SELECT key, value, height, idx FROM tx_attrs ORDER BY key, value, height, idx").all();
  } finally {
    db.close();
  }
};
const marker = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return Number(db.prepare("SELECT value FROM meta WHERE key = 'tx_index_height'").pluck().get());
  } finally {
    db.close();
  }
};

test("the worker's index rows equal the ones written in the block's own transaction", async () => {
  txIndexing.worker = false;
  const inline = await nodes.open();
  await sends(inline, 2, 4);
  assert.is(storeOf(inline).txIndexStats!.chunks, 0, "no worker");
  await inline.chain.close();
  txIndexing.worker = true;
  const off = await nodes.open();
  await sends(off, 2, 4);
  await storeOf(off).txIndexCaughtUp();
  assert.ok(storeOf(off).txIndexStats!.chunks >= 2, "the worker wrote them");
  await off.chain.close();
  const rows = attrRows(off.dbPath);
  assert.ok(rows.length >= 8 * 10, `${rows.length} rows`);
  assert.equal(rows, attrRows(inline.dbPath));
  assert.is(marker(off.dbPath), marker(inline.dbPath));
});

/** Events of every shape the index meets: attributes indexed, not indexed, unmarked; none; keys and values with dots, quotes, non-ASCII. */
const EVENTS = [
  [],
  [{ type: "message", attributes: [{ key: "action", value: "/cosmos.bank.v1beta1.MsgSend", index: true }, { key: "sender", value: "cro1x", index: false }, { key: "module", value: "bank" }] }],
  [{ type: "tx", attributes: [] }, { type: "transfer", attributes: [{ key: "amount", value: "1basecro", index: true }, { key: "recipient", value: "cro1\"q\u00e9.\u4e2d", index: true }] }, { type: "a.b", attributes: [{ key: "c.d", value: "", index: true }] }],
];

test("the worker's JavaScript attribute rows are indexedAttributes' (the TypeScript the inline path runs)", () => {
  const js = new Function(`${INDEXED_ATTRIBUTES_JS}; return indexedAttributes;`)() as typeof indexedAttributes;
  for (const events of EVENTS) assert.equal(js(JSON.stringify(events)), indexedAttributes(JSON.stringify(events)));
  assert.is(js(JSON.stringify(EVENTS[1])).length, 2, "the attribute marked index: false left out");
});

test("the worker runs with no TypeScript loader (no execArgv) and writes what the inline path writes", async () => {
  const made = (name: string) => {
    const db = new Database(join(nodes.dir, name));
    setUp(db);
    const put = db.prepare("INSERT INTO txs (height, idx, hash, body, code, codespace, raw_log, events) VALUES (?, ?, ?, '', 0, '', '', ?)");
    EVENTS.forEach((e, i) => put.run(1 + Math.floor(i / 2), i % 2, `H${i}`, JSON.stringify(e)));
    return db;
  };
  const inline = made("plain-inline.db");
  inline.transaction(() => indexTxsThrough(inline, 2))();
  inline.close();
  made("plain-worker.db").close();
  const stop = new Int32Array(new SharedArrayBuffer(8));
  const w = new Worker(TX_INDEX_WORKER, {
    eval: true, execArgv: [],
    workerData: { path: join(nodes.dir, "plain-worker.db"), chunkRows: 2, stop: stop.buffer, sqlite: createRequire(import.meta.url).resolve("better-sqlite3"), marker: TX_INDEX_MARKER },
  });
  const reports: IndexerReport[] = [];
  await new Promise<void>((done, fail) => {
    w.on("error", fail);
    w.on("message", (r: IndexerReport) => {
      reports.push(r);
      if (r.indexed === 2) done();
    });
    w.postMessage({ to: 2 });
  });
  Atomics.store(stop, 0, 1);
  w.postMessage({ to: 0 });
  Atomics.wait(stop, 1, 0, 10_000);
  await w.terminate();
  assert.is(Atomics.load(stop, 1), 1, "its connection closed");
  assert.equal(reports.map((r) => r.indexed), [1, 2]);
  assert.ok(reports[1]!.chunks >= 2, "chunks of chunkRows");
  const rows = attrRows(join(nodes.dir, "plain-worker.db"));
  assert.is(rows.length, 5);
  assert.equal(rows, attrRows(join(nodes.dir, "plain-inline.db")));
  assert.is(marker(join(nodes.dir, "plain-worker.db")), 2);
});

test("in the turn after the block: search, tx by hash and broadcast_tx_commit's tx all found", async () => {
  txIndexing.worker = true;
  const node = await nodes.open();
  const hashes = await sends(node, 1, 3);
  // the same turn as the block's commit: the worker has not reported (it may not have started)
  const height = node.chain.latest.height;
  const found = node.chain.searchTxs(`tx.height=${height} AND message.sender EXISTS`, { page: 1, limit: 100, desc: false });
  assert.equal(found.txs.map((t) => t.hash), hashes);
  assert.ok(storeOf(node).txIndexStats!.mainCompletions >= 1, "completed on the main thread");
  for (const h of hashes) assert.is(node.chain.txResult(h)?.height, height);
  // a tx committed through the RPC's broadcast_tx_commit path (the block's included promise), searched at once
  const tx = await signedBy(node, 8, [sendMsg(devAddress(8), devAddress(3), 5n)]);
  const submitted = node.chain.submit(new TextEncoder().encode(JSON.stringify(tx.tx)));
  const [included] = await Promise.all([submitted.included, node.chain.advance(1n)]);
  const bySender = node.chain.searchTxs(`message.sender='${devAddress(8)}'`, { page: 1, limit: 100, desc: false });
  assert.equal(bySender.txs.map((t) => t.hash), [included.hash]);
  // over REST, at once
  const rest = await node.get(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`transfer.recipient='${devAddress(3)}'`)}`);
  assert.is(rest.status, 200);
  assert.equal(rest.json.tx_responses.map((t: any) => t.txhash), [included.hash]);
  await storeOf(node).txIndexCaughtUp();
  await node.chain.close();
});

/** `run` on a fresh node with the worker on and a search's wait long enough that the worker always gets there first. */
async function withWorkerFirst(run: (node: TestNode) => Promise<void>): Promise<void> {
  txIndexing.worker = true;
  const wait = txIndexWait.ms;
  txIndexWait.ms = 120_000;
  try {
    const node = await nodes.open();
    await run(node);
    await node.chain.close();
  } finally {
    txIndexWait.ms = wait;
  }
}

test("GET /cosmos/tx/v1beta1/txs right after a block waits for the worker's rows (the main thread writes none)", () =>
  withWorkerFirst(async (node) => {
    const hashes = await sends(node, 2, 3);
    const r = await node.get(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent("message.action='/cosmos.bank.v1beta1.MsgSend'")}`);
    assert.is(r.status, 200);
    assert.equal(r.json.tx_responses.map((t: any) => t.txhash), hashes);
    assert.is(storeOf(node).txIndexStats!.mainCompletions, 0, "the worker wrote every row");
    assert.ok(storeOf(node).txIndexStats!.chunks >= 2);
  }));

test("RPC tx_search right after a block waits for the worker's rows too (the main thread writes none)", () =>
  withWorkerFirst(async (node) => {
    const rpc = createRpc(node.chain, {} as Parameters<typeof createRpc>[1]);
    const hashes = await sends(node, 2, 3);
    const r = await rpc.call(1, "tx_search", { query: "message.action='/cosmos.bank.v1beta1.MsgSend'" }, "json");
    assert.equal((r.result as { txs: { hash: string }[] }).txs.map((t) => t.hash), hashes);
    assert.is(storeOf(node).txIndexStats!.mainCompletions, 0, "the worker wrote every row");
  }));

test("close in the turn after a block: the worker's connection is closed when it returns; a reopen completes the index", async () => {
  txIndexing.worker = true;
  const node = await nodes.open();
  const hashes = await sends(node, 2, 3);
  const store = storeOf(node);
  await node.chain.close();
  assert.ok(store.txIndexStats!.workerClosed, "closed before close returned");
  const again = await nodes.open({ dbPath: node.dbPath });
  const all = again.chain.searchTxs("message.action='/cosmos.bank.v1beta1.MsgSend'", { page: 1, limit: 100, desc: false });
  assert.equal(all.txs.map((t) => t.hash), hashes);
  await again.chain.close();
});

test("a database whose index is behind its blocks is completed when opened", async () => {
  const node = await nodes.open();
  const hashes = await sends(node, 3, 2);
  await storeOf(node).txIndexCaughtUp();
  const before = attrRows(node.dbPath);
  const top = Number(node.chain.latest.height);
  await node.chain.close();
  // the state a crash between the blocks and their rows leaves: the last two blocks' rows absent, the marker before them
  const db = new Database(node.dbPath);
  db.prepare("DELETE FROM tx_attrs WHERE height >= ?").run(top - 1);
  db.prepare("UPDATE meta SET value = ? WHERE key = 'tx_index_height'").run(`${top - 2}`);
  db.close();
  assert.ok(attrRows(node.dbPath).length < before.length);
  const again = await nodes.open({ dbPath: node.dbPath });
  assert.is(storeOf(again).txIndexStats!.restartCompletions, 1);
  assert.equal(attrRows(again.dbPath), before);
  const all = again.chain.searchTxs("message.action='/cosmos.bank.v1beta1.MsgSend'", { page: 1, limit: 100, desc: false });
  assert.equal(all.txs.map((t) => t.hash), hashes);
  await again.chain.close();
});

test("SIGKILL in the instant after a block's commit: the restart's search has its txs", async () => {
  const dir = nodes.dir;
  const dbPath = join(dir, "killed.db");
  const child = spawnSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "tx-index-crash.ts"), dbPath], { encoding: "utf8", timeout: 120_000 });
  assert.is(child.signal, "SIGKILL", `${child.stdout}\n${child.stderr}`);
  const sent = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as { hashes: string[]; height: number };
  assert.ok(marker(dbPath) < sent.height, "killed before the worker wrote the block's rows");
  const node = await nodes.open({ dbPath });
  assert.is(node.chain.latest.height, BigInt(sent.height));
  const found = node.chain.searchTxs(`tx.height=${sent.height} AND message.action EXISTS`, { page: 1, limit: 100, desc: false });
  assert.equal(found.txs.map((t) => t.hash), sent.hashes);
  assert.is(marker(dbPath), sent.height);
  await node.chain.close();
});

test.run();
