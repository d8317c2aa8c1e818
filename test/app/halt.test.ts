// No transaction can halt the chain (issue: "any account can halt the chain with one ordinary
// transaction sent twice"): CheckTx refuses a fee the signer cannot pay (counting the fees of its
// txs already in the mempool); a tx whose fee an earlier tx of its block spent fails there without
// moving the sequence, may be sent again and lands at a later height (the store keeps a tx hash at
// two heights, the query answers the latest); a block that fails part-way serves nothing after.

import { test } from "uvu";
import * as assert from "uvu/assert";
import Database from "better-sqlite3";
import { Application } from "../../host/app/application.js";
import { loadCore } from "../../host/core/core.js";
import { devAddress } from "../../host/app/genesis.js";
import { NodeStore } from "../../host/store/store.js";
import { devSigner, sendMsg, FEE } from "../helpers/dev-signer.js";
import { nodeHarness, signedBy, wasm, type TestNode } from "../helpers/node.js";

const nodes = await nodeHarness({ prefix: "halt-test-" });
test.after(nodes.remove);

/** A new account (dev key 9 is not in the genesis) funded with `amount` by dev key 5. */
async function fundKey9(node: TestNode, amount: bigint): Promise<string> {
  const poor = (await devSigner(9)).address;
  const r = await node.post("/txs", await signedBy(node, 5, [sendMsg(devAddress(5), poor, amount)]));
  assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  await node.post("/dev/advance?blocks=1");
  return poor;
}

const txResponse = async (node: TestNode, body: unknown) => (await node.post("/txs", body)).json.tx_response;

test("the issue's halt: 1,000 basecro, a 5,000-basecro fee, sent twice: refused at check both times; blocks go on", async () => {
  const node = await nodes.open();
  try {
    const poor = await fundKey9(node, 1000n);
    const body = await signedBy(node, 9, [sendMsg(poor, devAddress(6), 1n)]);
    for (let i = 0; i < 2; i++) {
      const r = await txResponse(node, body);
      assert.equal([r.codespace, r.code], ["sdk", 5]);
      assert.is(r.raw_log, "spendable balance 1000basecro is smaller than 5000basecro: insufficient funds: insufficient funds");
      assert.is(node.chain.pending, 0, "never enters the mempool");
      const adv = await node.post("/dev/advance?blocks=2");
      assert.is(adv.status, 200);
    }
    assert.is(node.chain.halted, null);
    assert.is(node.chain.latestBlock().height, 5n);
    assert.is(node.chain.directory.account(poor)!.sequence, 0n);
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

test("check counts the fees of the signer's txs already in the mempool", async () => {
  const node = await nodes.open();
  try {
    const poor = await fundKey9(node, 9000n);
    const first = await txResponse(node, await signedBy(node, 9, [sendMsg(poor, devAddress(6), 1n)]));
    assert.is(first.code, 0);
    const second = await txResponse(node, await signedBy(node, 9, [sendMsg(poor, devAddress(6), 1n)], { sequence: 1n }));
    assert.equal([second.code, second.raw_log], [5, "spendable balance 4000basecro is smaller than 5000basecro: insufficient funds: insufficient funds"]);
    assert.is(node.chain.pending, 1);
    await node.post("/dev/advance?blocks=1");
    assert.is(node.chain.ledger.balance(node.chain.directory.accountId(poor)!), 9000n - 5000n - 1n);
  } finally {
    await node.chain.close();
  }
});

test("a fee spent by an earlier tx of the block fails there, is sent again, lands later; restart and replay agree", async () => {
  const dbPath = nodes.freshDb();
  let node = await nodes.open({ dbPath });
  const poor = await fundKey9(node, 10_000n);
  // A: fee 100, sends all but the fee away. B: fee 5,000, passes check (10,000 - 100 is enough).
  const s = await devSigner(9);
  const acct = node.chain.directory.account(poor)!;
  const a = await s.sign([sendMsg(poor, devAddress(6), 9_900n)], {
    chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: 0n,
    fee: { amount: [{ denom: "basecro", amount: "100" }], gas: FEE.gas },
  });
  const b = await signedBy(node, 9, [sendMsg(poor, devAddress(7), 1n)], { sequence: 1n });
  assert.is((await txResponse(node, a)).code, 0);
  const checked = await txResponse(node, b);
  assert.is(checked.code, 0);
  const hash = checked.txhash as string;
  await node.post("/dev/advance?blocks=1");
  const failed = (await node.get(`/cosmos/tx/v1beta1/txs/${hash}`)).json.tx_response;
  assert.equal([failed.code, failed.codespace], [5, "sdk"]);
  assert.is(failed.raw_log, "spendable balance 0basecro is smaller than 5000basecro: insufficient funds: insufficient funds");
  const failedHeight = failed.height as string;
  assert.is(node.chain.directory.account(poor)!.sequence, 1n, "B did not move the sequence");

  // The same bytes again: refused while the fee cannot be paid, accepted once it can.
  assert.is((await txResponse(node, b)).code, 5);
  await fundKey9(node, 6_000n);
  const again = await txResponse(node, b);
  assert.equal([again.code, again.txhash], [0, hash]);
  await node.post("/dev/advance?blocks=1");
  assert.is(node.chain.halted, null, "the second inclusion does not halt the chain");
  const landed = (await node.get(`/cosmos/tx/v1beta1/txs/${hash}`)).json.tx_response;
  assert.is(landed.code, 0);
  assert.ok(BigInt(landed.height) > BigInt(failedHeight), "the query answers the latest inclusion");
  assert.is(node.chain.directory.account(poor)!.sequence, 2n);
  const top = node.chain.latestBlock();
  await node.chain.close();

  const db = new Database(dbPath, { readonly: true });
  const heights = db.prepare("SELECT height, code FROM txs WHERE hash = ? ORDER BY height").all(hash) as { height: number; code: number }[];
  db.close();
  assert.equal(heights.map((h) => [`${h.height}`, h.code]), [[failedHeight, 5], [landed.height, 0]]);

  node = await nodes.open({ dbPath });
  try {
    assert.equal(node.chain.latestBlock(), top, "restart: same height and state hash");
  } finally {
    await node.chain.close();
  }
  assert.equal(Application.replay(await loadCore(wasm), dbPath), top, "replay re-executes both inclusions");
});

test("a block that fails part-way: every route answers 503, a waiting mode=block request returns, restart resumes", async () => {
  const dbPath = nodes.freshDb();
  const node = await nodes.open({ dbPath });
  const committed = node.chain.latestBlock();
  const store = (node.chain.app as unknown as { s: { store: NodeStore } }).s.store;
  store.commitBlock = () => {
    throw new Error("disk I/O error");
  };
  const halts: Error[] = [];
  const app = node.chain.app as unknown as { haltCallback: (e: Error) => void };
  const driverCallback = app.haltCallback; // the driver's: its clock stops
  app.haltCallback = (e) => {
    driverCallback(e);
    halts.push(e);
  };
  const body = { ...(await signedBy(node, 5, [sendMsg(devAddress(5), devAddress(6), 7n)])), mode: "block" };
  const waiting = node.post("/txs", body);
  await new Promise((r) => setTimeout(r, 10));
  const adv = await node.post("/dev/advance?blocks=1");
  assert.is(adv.status, 503);
  const waited = await waiting;
  assert.is(waited.status, 503);
  assert.match(waited.json.message, "chain halted at height 0: disk I/O error");
  assert.is(halts.length, 1);
  for (const path of ["/cosmos/bank/v1beta1/balances/" + devAddress(6), "/chainmain/tieredrewards/v1/tiers", "/cosmos/base/tendermint/v1beta1/blocks/latest"]) {
    const r = await node.get(path);
    assert.is(r.status, 503, path);
    assert.equal([r.json.code, r.json.details], [14, []]);
  }
  assert.is((await node.post("/txs", body)).status, 503);
  await node.chain.close();

  const again = await nodes.open({ dbPath });
  try {
    assert.equal(again.chain.latestBlock(), committed);
    const r = await again.post("/txs", { ...body, mode: "sync" });
    assert.is(r.json.tx_response.code, 0, "the tx was never committed: it can be sent again");
    await again.post("/dev/advance?blocks=1");
    assert.is(again.chain.latestBlock().height, 1n);
  } finally {
    await again.chain.close();
  }
});

test("a database from before (txs keyed by hash) is migrated on open; its txs stay readable", async () => {
  const dbPath = nodes.freshDb();
  const node = await nodes.open({ dbPath });
  const r = await txResponse(node, await signedBy(node, 5, [sendMsg(devAddress(5), devAddress(6), 3n)]));
  await node.post("/dev/advance?blocks=1");
  const top = node.chain.latestBlock();
  await node.chain.close();
  const db = new Database(dbPath);
  db.exec(`
    CREATE TABLE old_txs (hash TEXT PRIMARY KEY, height INTEGER NOT NULL, idx INTEGER NOT NULL, body TEXT NOT NULL,
      code INTEGER NOT NULL, codespace TEXT NOT NULL, raw_log TEXT NOT NULL, events TEXT NOT NULL);
    -- that build kept each tx's POSTed body (here a legacy amino {tx, mode}), not its bytes
    INSERT INTO old_txs SELECT hash, height, idx, '{"tx":' || CAST(tx AS TEXT) || ',"mode":"sync"}', code, codespace, raw_log, events FROM txs;
    DROP TABLE txs; ALTER TABLE old_txs RENAME TO txs;
    CREATE INDEX txs_by_height ON txs (height, idx);`);
  db.close();
  const reopened = await nodes.open({ dbPath });
  try {
    assert.equal(reopened.chain.latestBlock(), top);
    const got = await reopened.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`);
    assert.equal([got.status, got.json.tx_response.code, got.json.tx_response.height], [200, 0, "1"]);
  } finally {
    await reopened.chain.close();
  }
  const check = new Database(dbPath, { readonly: true });
  const sql = (check.prepare("SELECT sql FROM sqlite_master WHERE name = 'txs'").get() as { sql: string }).sql;
  check.close();
  assert.match(sql, "PRIMARY KEY (height, idx)");
});

test.run();
