// Issue 10, "Deliver 3" (with issue 25's chain gas, host/app/gas/): a deterministic gas meter, the
// per-tx gas limit (out of gas: sdk 11 at the first charge past it, messages undone, fee and
// sequence kept; below the ante handler's gas it is refused at CheckTx), gas_wanted / gas_used
// stored and compared by replay, the block gas limit (consensus max_gas) and --minimum-gas-prices.

import { test } from "uvu";
import * as assert from "uvu/assert";
import Database from "better-sqlite3";
import { loadCore } from "../../host/core/core.js";
import { Application } from "../../host/app/application.js";
import { NodeStateError } from "../../host/framework/types.js";
import { defaultGenesisJson, devAddress, type Json } from "../../host/app/genesis.js";
import { staticGas } from "../../host/framework/gas.js";
import { run } from "../../host/main.js";
import { nodeHarness, openNode, signedBy, wasm, type TestNode } from "../helpers/node.js";
import { sendMsg } from "../helpers/dev-signer.js";

const h = await nodeHarness({ prefix: "gas-test-" });
const u5 = devAddress(5);
const u6 = devAddress(6);
const u7 = devAddress(7);
const balance = (node: TestNode, address: string) => node.chain.ledger.balance(node.chain.directory.accountId(address)!);
const fee = (gas: string, amount = "5000") => ({ amount: [{ denom: "basecro", amount }], gas });

async function include(node: TestNode, body: unknown): Promise<any> {
  const r = await node.post("/txs", body);
  assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  await node.chain.advance(1n);
  const got = await node.get(`/cosmos/tx/v1beta1/txs/${r.json.tx_response.txhash}`);
  assert.is(got.status, 200);
  return got.json.tx_response;
}

test("out of gas: sdk 11 with the SDK's log, the message undone, the fee charged and the sequence used", async () => {
  const node = await h.open();
  const before5 = balance(node, u5);
  const before7 = balance(node, u7);
  const seq = node.chain.directory.account(u5)!.sequence;
  // 70,000 gas covers the ante handler (checked at CheckTx: ~61,000 for an account's first tx, its
  // key set), not the send's store writes (the chain's send uses 81,618).
  const r = await include(node, await signedBy(node, 5, [sendMsg(u5, u7, 1_000_000n)], { fee: fee("70000") }));
  assert.is(r.code, 11);
  assert.is(r.codespace, "sdk");
  assert.match(r.raw_log, /^out of gas in location: (ReadFlat|ReadPerByte|WriteFlat|WritePerByte|Has|Delete); gasWanted: 70000, gasUsed: (\d+): out of gas$/);
  assert.is(r.gas_wanted, "70000");
  assert.ok(BigInt(r.gas_used) > 70000n, r.gas_used);
  assert.is(r.raw_log.match(/gasUsed: (\d+)/)![1], r.gas_used);
  assert.is(balance(node, u7), before7, "the send is undone");
  assert.is(balance(node, u5), before5 - 5000n, "the fee is charged");
  assert.is(node.chain.directory.account(u5)!.sequence, seq + 1n, "the sequence is used");
  assert.equal(node.chain.app.checkInvariants(), []);
  // The same tx with enough gas goes through.
  const ok = await include(node, await signedBy(node, 5, [sendMsg(u5, u7, 1_000_000n)], { fee: fee("100000") }));
  assert.is(ok.code, 0);
  assert.is(balance(node, u7), before7 + 1_000_000n);
});

test("a gas limit below the ante handler's gas is refused at CheckTx (sdk 11) where it runs out; 0 is sdk 41", async () => {
  const node = await h.open();
  // The circuit breaker's Has (1,000), then x/auth's params read: past 2,000 at its first per-byte charge.
  const r = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u7, 1n)], { fee: fee("2000") }));
  assert.is(r.json.tx_response.code, 11);
  assert.is(r.json.tx_response.raw_log, "out of gas in location: ReadPerByte; gasWanted: 2000, gasUsed: 2003: out of gas");
  // Past the params, the tx's bytes: txSize.
  const size = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u7, 1n)], { fee: fee("2100") }));
  assert.match(size.json.tx_response.raw_log, /^out of gas in location: txSize; gasWanted: 2100, gasUsed: \d+: out of gas$/);
  const zero = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u7, 1n)], { fee: fee("0") }));
  assert.is(zero.json.tx_response.code, 41);
  const huge = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u7, 1n)], { fee: fee("9223372036854775808") }));
  assert.is(huge.json.tx_response.code, 18);
  assert.is(node.chain.pending, 0);
});

test("gas_used scales with the work, is stored, and is identical after replay (which compares it)", async () => {
  const dbPath = h.freshDb();
  const node = await openNode({ dbPath });
  // An account's first tx also stores its key (x/auth SetPubKey): the txs compared come after it.
  await include(node, await signedBy(node, 5, [sendMsg(u5, u6, 1n)]));
  const one = await include(node, await signedBy(node, 5, [sendMsg(u5, u6, 1n)]));
  const ten = await include(node, await signedBy(node, 5, Array.from({ length: 10 }, () => sendMsg(u5, u6, 1n))));
  assert.is(one.code, 0);
  assert.is(ten.code, 0);
  assert.is(one.gas_wanted, "2000000");
  const g1 = BigInt(one.gas_used);
  const g10 = BigInt(ten.gas_used);
  assert.ok(g1 > 0n);
  // Ten sends: ten times the messages' store work, plus more tx bytes.
  assert.ok(g10 > g1 * 3n, `${g10} vs ${g1}`);
  // The same tx on the same state uses the same gas: a second 1-send tx of the same size.
  const again = await include(node, await signedBy(node, 5, [sendMsg(u5, u6, 1n)]));
  assert.is(again.gas_used, one.gas_used);
  await node.chain.close();

  const replayed = Application.replay(await loadCore(wasm), dbPath);
  assert.is(replayed.height, 4n);

  // Replay does compare: a stored gas_used that the re-execution does not reproduce is a divergence.
  const db = new Database(dbPath);
  db.prepare("UPDATE txs SET gas_used = '1' WHERE height = 3").run();
  db.close();
  assert.throws(
    () => Application.replay(loadCoreSync(), dbPath),
    (e: Error) => e instanceof NodeStateError && /replay diverged at height 3: tx [0-9A-F]{64} used \d+ gas, stored 1/.test(e.message),
  );
});

let syncCore: Awaited<ReturnType<typeof loadCore>> | undefined;
const loadCoreSync = () => syncCore!;
test.before(async () => {
  syncCore = await loadCore(wasm);
});

test("a database from before gas was metered and block events were kept opens (columns added), shows 0 gas and no events for its old rows, and replays", async () => {
  const dbPath = h.freshDb();
  const node = await openNode({ dbPath });
  await include(node, await signedBy(node, 5, [sendMsg(u5, u6, 1n)])); // the account's key stored: the next txs cost alike
  const r = await include(node, await signedBy(node, 5, [sendMsg(u5, u6, 1n)]));
  await node.chain.close();
  // The txs table as it was before the gas columns.
  const db = new Database(dbPath);
  db.exec("ALTER TABLE txs DROP COLUMN gas_wanted; ALTER TABLE txs DROP COLUMN gas_used; ALTER TABLE blocks DROP COLUMN events");
  db.close();
  const reopened = await openNode({ dbPath });
  const old = await reopened.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`);
  assert.is(old.status, 200);
  assert.is(old.json.tx_response.gas_used, "0");
  const next = await include(reopened, await signedBy(reopened, 5, [sendMsg(u5, u6, 1n)]));
  assert.is(next.gas_used, r.gas_used);
  assert.equal(reopened.chain.blockTxs(BigInt(r.height))!.events, [], "an old block's events were not kept");
  assert.equal(reopened.chain.blockTxs(BigInt(next.height))!.events.map((e) => e.type).slice(0, 1), ["mint"]);
  await reopened.chain.close();
  assert.is(Application.replay(await loadCore(wasm), dbPath).height, 3n);
});

function withMaxGas(maxGas: string): Json {
  const doc = defaultGenesisJson() as { [k: string]: Json };
  return { ...doc, consensus: { params: { block: { max_gas: maxGas } } } };
}

test("block gas limit: txs whose gas limits exceed max_gas together wait for the next block; one above it is sdk 41", async () => {
  const node = await h.open({ genesis: withMaxGas("4500000") });
  const hashes: string[] = [];
  for (const n of [5, 6, 7]) {
    const r = await node.post("/txs", await signedBy(node, n, [sendMsg(devAddress(n), devAddress(8), 1n)]));
    assert.is(r.json.tx_response.code, 0);
    hashes.push(r.json.tx_response.txhash);
  }
  await node.chain.advance(1n);
  assert.is(node.chain.pending, 1, "2 x 2,000,000 fit in 4,500,000; the third waits");
  await node.chain.advance(1n);
  assert.is(node.chain.pending, 0);
  const heights = await Promise.all(hashes.map(async (hash) => (await node.get(`/cosmos/tx/v1beta1/txs/${hash}`)).json.tx_response.height));
  assert.equal(heights, ["1", "1", "2"]);
  // The waiting tx kept its check state: its signer's next tx follows it.
  const over = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { fee: fee("4500001") }));
  assert.is(over.json.tx_response.code, 41);
  assert.is(over.json.tx_response.raw_log, "tx gas limit 4500001 exceeds block max gas 4500000: invalid gas limit");
});

test("block gas limit: a signer's waiting txs keep their sequences and fees in the check state", async () => {
  const node = await h.open({ genesis: withMaxGas("2000000") });
  const seq = node.chain.directory.account(u5)!.sequence;
  for (let i = 0n; i < 3n; i++) {
    const r = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { sequence: seq + i }));
    assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  }
  await node.chain.advance(1n);
  assert.is(node.chain.pending, 2);
  // The next sequence after the two waiting txs is still accepted.
  const r = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { sequence: seq + 3n }));
  assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  await node.chain.advance(3n);
  assert.is(node.chain.pending, 0);
  assert.is(node.chain.directory.account(u5)!.sequence, seq + 4n);
});

test("genesis max_gas: below -1 is refused", async () => {
  const { parseGenesis } = await import("../../host/app/genesis.js");
  const core = await loadCore(wasm);
  assert.is(parseGenesis(defaultGenesisJson(), core.dec).consensus.maxGas, -1n);
  assert.is(parseGenesis(withMaxGas("100"), core.dec).consensus.maxGas, 100n);
  assert.throws(() => parseGenesis(withMaxGas("-2"), core.dec), /max_gas/);
});

test("--minimum-gas-prices: a fee below ceil(price x gas limit) is sdk 13 with the SDK's wording", async () => {
  const node = await h.open({ minGasPrices: [{ denom: "basecro", amount: 25_000_000_000_000_000n }] }); // 0.025
  const refused = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { fee: fee("200001", "5000") }));
  assert.is(refused.json.tx_response.code, 13);
  assert.is(refused.json.tx_response.raw_log, "insufficient fees; got: 5000basecro required: 5001basecro: insufficient fee");
  const free = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { fee: { amount: [], gas: "200000" } }));
  assert.is(free.json.tx_response.code, 13);
  assert.is(free.json.tx_response.raw_log, "insufficient fees; got:  required: 5000basecro: insufficient fee");
  const exact = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { fee: fee("200000", "5000") }));
  assert.is(exact.json.tx_response.code, 0, exact.json.tx_response.raw_log);
});

test("--minimum-gas-prices from the command line: parsed with the core's Dec, applied at CheckTx", async () => {
  const quiet = { out: () => {}, err: () => {} };
  const started = await run(
    ["--clock", "simulated", "--port", "0", "--db", h.freshDb(), "--minimum-gas-prices", "0.025basecro"], {}, quiet, { core: await loadCore(wasm) },
  );
  if (typeof started === "number") throw new Error(`exit ${started}`);
  try {
    const shim = { chain: started.chain } as TestNode;
    const body = await signedBy(shim, 5, [sendMsg(u5, u6, 1n)], { fee: { amount: [], gas: "200000" } });
    const res = await fetch(`${started.url}/txs`, { method: "POST", body: JSON.stringify(body) });
    const json = (await res.json()) as any;
    assert.is(json.tx_response.code, 13);
  } finally {
    await started.close();
  }
  const bad = await run(["--clock", "simulated", "--port", "0", "--db", h.freshDb(), "--minimum-gas-prices", "0.0000000000000000001basecro"], {}, quiet, {
    core: await loadCore(wasm),
  });
  assert.is(bad, 2);
});

test("mode block answers with the tx's gas_wanted and gas_used, as GET shows them", async () => {
  const node = await h.open();
  const body = { ...(await signedBy(node, 5, [sendMsg(u5, u6, 1n)])), mode: "block" };
  const answer = node.post("/txs", body);
  await new Promise((r) => setImmediate(r));
  await node.chain.advance(1n);
  const r = (await answer).json.tx_response;
  assert.is(r.code, 0);
  assert.is(r.gas_wanted, "2000000");
  assert.ok(BigInt(r.gas_used) > 0n);
  const got = await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`);
  assert.is(got.json.tx_response.gas_used, r.gas_used);
  assert.is(got.json.tx_response.gas_wanted, r.gas_wanted);
});

test("the meter's static part: 10 per tx byte and 1,000 per signature (a tx that fails to decode in a block)", () => {
  assert.is(staticGas(700, 1), 8_000n);
  assert.is(staticGas(0, 0), 0n);
});

test.after(() => h.remove());
test.run();
