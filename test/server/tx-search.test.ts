// Tx search (host/store/tx-search.ts, store.ts tx_attrs): GET /cosmos/tx/v1beta1/txs?query=… as
// the v0.50+ tx service answers it (CometBFT's query language, page/limit/order_by, total) and
// GET /cosmos/tx/v1beta1/txs/block/{height}; the index built for a database written before it.

import { test } from "uvu";
import * as assert from "uvu/assert";
import Database from "better-sqlite3";
import { devAddress, operatorOf } from "../../host/app/genesis.js";
import { parseTxQuery, valueMatches } from "../../host/store/tx-search.js";
import { keplrBody, protoSigner } from "../helpers/cosmjs.js";
import { nodeHarness, type TestNode } from "../helpers/node.js";

const nodes = await nodeHarness({ prefix: "tx-search-" });
test.after(() => nodes.remove());

const coin = (amount: bigint) => ({ denom: "basecro", amount: amount.toString() });
const send = (from: number, to: number, amount: bigint) => ({
  typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: devAddress(from), toAddress: devAddress(to), amount: [coin(amount)] },
});

/** Signs (CosmJS, DIRECT) and broadcasts; returns the hash. */
async function broadcast(node: TestNode, n: number, msgs: any[]): Promise<string> {
  const acct = node.chain.directory.account(devAddress(n))!;
  const sequence = acct.sequence; // one tx per signer per block here
  const bytes = await (await protoSigner(n, "direct")).sign(msgs, { chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence });
  const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes));
  assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  return r.json.tx_response.txhash;
}

const search = (node: TestNode, query: string, extra = "") => node.get(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(query)}${extra}`);

test("query language: conditions, operators, operands, errors", () => {
  assert.equal(parseTxQuery("message.sender='cro1x' AND tx.height>=5"), [
    { key: "message.sender", op: "=", operand: "cro1x", numeric: false },
    { key: "tx.height", op: ">=", operand: "5", numeric: true },
  ]);
  assert.equal(parseTxQuery("transfer.amount CONTAINS 'basecro' AND tx.signature EXISTS").map((c) => c.op), ["CONTAINS", "EXISTS"]);
  assert.equal(parseTxQuery("a.b = 'it\\'s'")[0]!.operand, "it's");
  for (const bad of ["", "   ", "foo", "a.b", "a.b =", "a.b > 'x'", "a.b = 'x' OR c.d = 'y'", "a.b = 'x' c.d = 'y'", "a.b CONTAINS 5", "x = 'y'", "a.b = 'unterminated", "a".repeat(600)]) {
    assert.throws(() => parseTxQuery(bad), /query/, bad);
  }
  assert.ok(valueMatches("10", { key: "a.b", op: ">", operand: "9", numeric: true }), "integers, not text");
  assert.not.ok(valueMatches("10basecro", { key: "a.b", op: ">", operand: "9", numeric: true }));
  assert.ok(valueMatches("18446744073709551616", { key: "a.b", op: ">", operand: "18446744073709551615", numeric: true }), "beyond 2^53");
});

test("GET /cosmos/tx/v1beta1/txs?query=: by sender, height, action and attribute; order, pages, total", async () => {
  const node = await nodes.open();
  const h1 = await broadcast(node, 5, [send(5, 6, 100n)]);
  const h2 = await broadcast(node, 6, [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: devAddress(6), validatorAddress: operatorOf(devAddress(1)), amount: coin(10n ** 8n) } }]);
  await node.post("/dev/advance?blocks=1");
  const height1 = node.chain.latest.height;
  const h3 = await broadcast(node, 5, [send(5, 7, 200n)]);
  await node.post("/dev/advance?blocks=3");

  const bySender = await search(node, `message.sender='${devAddress(5)}'`);
  assert.is(bySender.status, 200, JSON.stringify(bySender.json));
  assert.equal(bySender.json.tx_responses.map((t: any) => t.txhash), [h1, h3]);
  assert.is(bySender.json.total, "2");
  assert.is(bySender.json.pagination, null);
  assert.is(bySender.json.txs[0].body.messages[0]["@type"], "/cosmos.bank.v1beta1.MsgSend");
  assert.equal((await search(node, `message.sender='${devAddress(5)}'`, "&order_by=ORDER_BY_DESC")).json.tx_responses.map((t: any) => t.txhash), [h3, h1]);
  const paged = await search(node, `message.sender='${devAddress(5)}'`, "&limit=1&page=2");
  assert.equal(paged.json.tx_responses.map((t: any) => t.txhash), [h3]);
  assert.is(paged.json.total, "2");
  assert.equal((await search(node, `tx.height=${height1}`)).json.tx_responses.map((t: any) => t.txhash).sort(), [h1, h2].sort());
  assert.equal((await search(node, `tx.height>${height1}`)).json.tx_responses.map((t: any) => t.txhash), [h3]);
  assert.equal((await search(node, `message.action='/cosmos.staking.v1beta1.MsgDelegate'`)).json.tx_responses.map((t: any) => t.txhash), [h2]);
  assert.equal((await search(node, `message.sender='${devAddress(5)}' AND transfer.recipient='${devAddress(7)}'`)).json.tx_responses.map((t: any) => t.txhash), [h3]);
  assert.equal((await search(node, `tx.hash='${h2}'`)).json.tx_responses.map((t: any) => t.txhash), [h2]);
  assert.equal((await search(node, `tx.acc_seq='${devAddress(5)}/1'`)).json.tx_responses.map((t: any) => t.txhash), [h3]);
  assert.equal((await search(node, `delegate.validator EXISTS`)).json.tx_responses.map((t: any) => t.txhash), [h2]);
  const none = await search(node, `message.sender='${devAddress(9)}'`);
  assert.equal([none.status, none.json.total, none.json.txs], [200, "0", []]);

  // Errors as the tx service's: 400 with the reason.
  for (const [path, text] of [
    ["/cosmos/tx/v1beta1/txs", "query cannot be empty"],
    [`/cosmos/tx/v1beta1/txs?events=${encodeURIComponent("message.sender='x'")}`, "query cannot be empty"],
    ["/cosmos/tx/v1beta1/txs?query=bogus", "invalid query"],
    [`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`message.sender='${devAddress(5)}'`)}&page=3&limit=1`, "page should be within [1, 2] range, given 3"],
    [`/cosmos/tx/v1beta1/txs?query=tx.height%3D1&page=-1`, "page"],
    [`/cosmos/tx/v1beta1/txs?query=tx.height%3D1&order_by=SIDEWAYS`, "order_by"],
  ] as const) {
    const r = await node.get(path);
    assert.is(r.status, 400, path);
    assert.is(r.json.code, 3);
    assert.match(r.json.message, text);
  }

  // A block's txs.
  const block = await node.get(`/cosmos/tx/v1beta1/txs/block/${height1}`);
  assert.is(block.status, 200, JSON.stringify(block.json));
  assert.is(block.json.block.header.height, `${height1}`);
  assert.is(block.json.txs.length, 2);
  assert.is(block.json.pagination.total, "2");
  assert.is(block.json.block.data.txs.length, 2);
  const empty = await node.get(`/cosmos/tx/v1beta1/txs/block/${height1 + 2n}`);
  assert.equal([empty.status, empty.json.txs, empty.json.pagination.total], [200, [], "0"]);
  assert.is((await node.get(`/cosmos/tx/v1beta1/txs/block/${height1 + 100n}`)).status, 400);
  assert.is((await node.get("/cosmos/tx/v1beta1/txs/block/x")).status, 400);
  await node.chain.close();
});

test("a database written before the index: built at open, searches find its txs", async () => {
  const dbPath = nodes.freshDb();
  let node = await nodes.open({ dbPath });
  const hash = await broadcast(node, 5, [send(5, 6, 5n)]);
  await node.post("/dev/advance?blocks=1");
  await node.chain.close();
  const db = new Database(dbPath);
  db.exec("DELETE FROM tx_attrs; DELETE FROM meta WHERE key = 'tx_attrs'");
  db.close();
  node = await nodes.open({ dbPath });
  assert.equal((await search(node, `message.sender='${devAddress(5)}'`)).json.tx_responses.map((t: any) => t.txhash), [hash]);
  await node.chain.close();
});

test.run();
