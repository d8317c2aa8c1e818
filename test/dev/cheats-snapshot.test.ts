// Dev mode's snapshot and revert (host/dev/chain.ts), as a dApp's tests use them: over REST and
// raw JSON-RPC, read back with CosmJS. A revert takes back the state (balances, supply, app hash),
// the block store (blocks, txs by hash, tx_search) and the mempool, keeps the websocket's
// subscriptions serving the reverted chain, uses up the snapshot and the later ones; the database
// it leaves restarts (its state hash checked) and replays to the same state hash.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { StargateClient } from "@cosmjs/stargate";
import { Application } from "../../host/app/application.js";
import { devAddress } from "../../host/app/genesis.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import type { RunningNode } from "../../host/main.js";
import { balanceOf, dev, rpc, startNode, supplyOf, until } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "cheats-snapshot-"));
const db = join(dir, "chain.db");
let node: RunningNode = await startNode(["--clock", "simulated", "--db", db]);
await dev(node, "advance?blocks=1"); // CosmJS queries need a block
const client = await StargateClient.connect(node.rpcUrl!);

test.after(async () => {
  client.disconnect();
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const fresh = (n: number) => devAddress(100 + n); // addresses no genesis funds

test("revert takes back the state, the blocks, the txs and the tx index; CosmJS sees the chain of the snapshot", async () => {
  const before = { height: await client.getHeight(), supply: await supplyOf(node), appHash: (await rpc(node, "status")).result.sync_info.latest_app_hash };
  const snap = await dev(node, "snapshot");
  assert.is(snap.status, 200);
  assert.match(snap.json.id, /^0x[0-9a-f]+$/);
  assert.is(snap.json.height, `${before.height}`);

  const to = fresh(1);
  const sent = await dev(node, "faucet", { address: to, amount: "7000basecro" });
  assert.is(sent.status, 200);
  await dev(node, "advance?blocks=10");
  assert.is((await client.getBalance(to, "basecro")).amount, "7000");
  assert.ok(await client.getTx(sent.json.txhash), "the send is found by hash before the revert");

  const reverted = await dev(node, "revert", { id: snap.json.id });
  assert.equal(reverted.json, { reverted: true, id: snap.json.id, height: `${before.height}`, mempool_txs: 0 });
  assert.is(await client.getHeight(), before.height);
  assert.is((await client.getBalance(to, "basecro")).amount, "0");
  assert.is(await client.getTx(sent.json.txhash), null, "the send's block is gone, and its tx with it");
  assert.equal(await client.searchTx(`transfer.recipient='${to}'`), [], "the tx index forgot it");
  assert.is(await supplyOf(node), before.supply, "the supply of the snapshot (no mint of the 11 blocks)");
  assert.is((await rpc(node, "status")).result.sync_info.latest_app_hash, before.appHash);
  assert.match((await rpc(node, "block", { height: `${before.height + 1}` })).error.data, /must be less than or equal to the current blockchain height/);

  const again = await dev(node, "faucet", { address: to, amount: "7000basecro" });
  assert.is(again.json.height, `${before.height + 1}`, "the chain goes on from the snapshot");
  assert.is((await client.getBalance(to, "basecro")).amount, "7000");
});

test("after a revert the genesis's parameters are the chain's: GET /dev/export and the genesis RPC answer", async () => {
  const snap = await dev(node, "snapshot");
  await dev(node, "advance?blocks=2");
  await dev(node, "revert", { id: snap.json.id });
  const res = await fetch(`${node.url}/dev/export`);
  assert.is(res.status, 200, "the export of a reverted chain");
  const doc = (await res.json()) as { chain_id: string; app_state: { bank: { balances: unknown[] } } };
  assert.is(doc.chain_id, "chainmain-local");
  assert.ok(doc.app_state.bank.balances.length > 0);
  assert.is((await rpc(node, "genesis")).result.genesis.chain_id, "chainmain-local");
});

test("reverting uses up the snapshot and every later one; earlier ones stay", async () => {
  const a = (await dev(node, "snapshot")).json.id;
  await dev(node, "advance?blocks=2");
  const b = (await dev(node, "snapshot")).json.id;
  await dev(node, "advance?blocks=2");
  const c = (await dev(node, "snapshot")).json.id;
  assert.is((await dev(node, "revert", { id: b })).status, 200);
  for (const used of [b, c]) {
    const r = await dev(node, "revert", { id: used });
    assert.is(r.status, 404);
    assert.is(r.json.code, 5);
    assert.match(r.json.message, new RegExp(`no snapshot ${used}`));
  }
  assert.is((await dev(node, "revert", { id: a })).status, 200, "an earlier snapshot is still there");
});

test("the mempool comes back: a tx waiting at the snapshot waits again after the revert", async () => {
  const to = fresh(2);
  const waiting = await dev(node, "faucet", { address: to, amount: "500basecro", mine: false });
  const snap = (await dev(node, "snapshot")).json.id;
  await dev(node, "advance?blocks=1");
  assert.is(await balanceOf(node, to), 500n);
  await dev(node, "revert", { id: snap });
  assert.is((await rpc(node, "num_unconfirmed_txs")).result.n_txs, "1");
  assert.is(await balanceOf(node, to), 0n);
  await dev(node, "advance?blocks=1");
  assert.is(await balanceOf(node, to), 500n);
  assert.is((await client.getTx(waiting.json.txhash))?.code, 0);
});

test("the websocket's subscriptions serve the reverted chain: the next NewBlock is the snapshot's height + 1", async () => {
  const snap = await dev(node, "snapshot");
  await dev(node, "advance?blocks=3");
  const ws = new WebSocket(`${node.rpcUrl!.replace("http", "ws")}/websocket`);
  const heights: string[] = [];
  await new Promise((resolve) => ws.once("open", resolve));
  ws.on("message", (m) => {
    const r = JSON.parse(String(m));
    if (r.result?.data) heights.push(r.result.data.value.block.header.height);
  });
  ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "subscribe", params: { query: "tm.event='NewBlock'" } }));
  await dev(node, "revert", { id: snap.json.id });
  await dev(node, "advance?blocks=1");
  await until(() => heights.length > 0, "a NewBlock event");
  assert.equal(heights, [`${Number(snap.json.height) + 1}`]);
  ws.close();
});

test("over JSON-RPC: dev_snapshot gives the id, dev_revert true; an unknown or malformed id is -32602", async () => {
  const id = (await rpc(node, "dev_snapshot")).result;
  assert.match(id, /^0x[0-9a-f]+$/);
  const height = await client.getHeight();
  await rpc(node, "dev_mine", [5]);
  assert.is(await client.getHeight(), height + 5);
  assert.equal(await rpc(node, "dev_revert", [id]), { jsonrpc: "2.0", id: 1, result: true });
  assert.is(await client.getHeight(), height);
  const unknown = await rpc(node, "dev_revert", { id });
  assert.is(unknown.error.code, -32602);
  assert.match(unknown.error.data, /no snapshot/);
  assert.is((await rpc(node, "dev_revert", ["abc"])).error.code, -32602);
  assert.is((await rpc(node, "dev_snapshot", ["x"])).error.code, -32602, "dev_snapshot takes no argument");
  const bad = await dev(node, "revert", { id: "abc" });
  assert.is(bad.status, 400);
  assert.is(bad.json.code, 3);
});

test("after reverts the database restarts (its state hash checked) and replays from genesis to the same state hash", async () => {
  const snap = (await dev(node, "snapshot")).json.id;
  await dev(node, "advance?blocks=4");
  await dev(node, "revert", { id: snap });
  await dev(node, "faucet", { address: fresh(3), amount: "42basecro" });
  const top = (await rpc(node, "status")).result.sync_info;
  client.disconnect();
  await node.close();
  const replayed = Application.replay(await loadCoreFromFile(), db);
  assert.is(replayed.appHash, top.latest_app_hash);
  assert.is(`${replayed.height}`, top.latest_block_height);
  node = await startNode(["--clock", "simulated", "--db", db]);
  assert.is(`${node.chain.latest.height}`, top.latest_block_height);
  assert.is(await balanceOf(node, fresh(3)), 42n);
});

test("on a real clock with --dev too: set-balance makes its block at once; revert goes back to the snapshot and the clock goes on", async () => {
  const real = await startNode(["--clock", "real", "--block-time", "50ms", "--dev", "--rpc-port", "off", "--db", join(dir, "real.db")]);
  try {
    await until(() => real.chain.latest.height >= 2n, "two blocks");
    const snap = await dev(real, "snapshot");
    const at = BigInt(snap.json.height);
    await until(() => real.chain.latest.height >= at + 3n, "three more blocks");
    const set = await dev(real, "set-balance", { address: fresh(4), amount: "77basecro" });
    assert.ok(BigInt(set.json.height) > at + 3n, "set-balance made its block at once");
    assert.is(await balanceOf(real, fresh(4)), 77n);
    const r = await dev(real, "revert", { id: snap.json.id });
    assert.is(r.json.height, `${at}`);
    assert.is(await balanceOf(real, fresh(4)), 0n);
    await until(() => real.chain.latest.height > at, "a block after the revert");
    assert.equal(real.chain.app.checkInvariants(), []);
  } finally {
    await real.close();
  }
});

test("absent on a real-clock node without --dev: 501 over REST, -32601 over JSON-RPC", async () => {
  const prod = await startNode(["--clock", "real", "--block-time", "1h", "--db", join(dir, "prod.db")]);
  try {
    for (const route of ["snapshot", "revert", "mine", "set-balance", "impersonate"]) assert.is((await dev(prod, route, {})).status, 501, route);
    assert.is((await rpc(prod, "dev_snapshot")).error.code, -32601);
  } finally {
    await prod.close();
  }
});

test.run();
