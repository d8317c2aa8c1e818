// The core's memory bounds (host/core/memory.ts), with low ceilings instead of 4 GiB: a state that
// does not fit is refused before it is loaded (a genesis, a database at restart), naming its
// records and the bytes against the ceiling; one that fits has its tables reserved at their size
// (one block each, no doubling); once the state and its tables' next growth near the ceiling,
// CheckTx refuses txs (a block cannot be refused) with the numbers, and nothing is lost.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../host/core/core.js";
import { TABLE_NAMES, StateTooLarge, reserveState, reservedBytes } from "../../host/core/memory.js";
import { defaultGenesisJson, devAddress, type Json } from "../../host/app/genesis.js";
import { nodeHarness, signedBy, wasm } from "../helpers/node.js";
import { sendMsg } from "../helpers/dev-signer.js";
import { encodeAddress } from "../../host/wire/address.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";

const h = await nodeHarness({ prefix: "memory-test-" });
test.after(h.remove);
const MiB = 2 ** 20;

/** The default genesis with `n` more funded accounts (a state of n balances). */
function withAccounts(n: number): Json {
  const g = defaultGenesisJson() as unknown as { app_state: any };
  const balances = g.app_state.bank.balances as { address: string; coins: { denom: string; amount: string }[] }[];
  const reserve = balances[0]!;
  for (let i = 0; i < n; i++) balances.push({ address: encodeAddress("cro", sha256(utf8ToBytes(`account ${i}`)).subarray(0, 20)), coins: [{ denom: "basecro", amount: "1000" }] });
  reserve.coins[0]!.amount = `${BigInt(reserve.coins[0]!.amount) - 1000n * BigInt(n)}`;
  return g as unknown as Json;
}

test("every table is named, in the core's order", async () => {
  const x = (await loadCore(wasm)).exports;
  assert.is(x.storeTableCount(), TABLE_NAMES.length);
  const size = (name: string) => x.storeRecordSize(TABLE_NAMES.indexOf(name));
  assert.equal([size("balances"), size("validators"), size("delegations"), size("positions"), size("position owners"), size("validator events")], [24, 192, 96, 128, 48, 56]);
});

test("a reserved table takes one block of its size: no doubling", async () => {
  const core = await loadCore(wasm);
  const x = core.exports;
  const t = TABLE_NAMES.indexOf("delegations");
  const before = x.heapTop();
  reserveState(core, new Map([[t, 100_000]]), 2 ** 32, "test");
  assert.is(x.storeCapacity(t), 100_000);
  assert.ok(x.storeIndexSize(t) >= 100_000 * 4 / 3 && x.storeIndexSize(t) < 100_000 * 8 / 3);
  const taken = x.heapTop() - before;
  assert.ok(taken >= reservedBytes(100_000, x.storeSlotBytes(t)) && taken < reservedBytes(100_000, x.storeSlotBytes(t)) + 64 * 1024, `${taken}`);
});

test("a genesis that does not fit is refused before it is placed, with its numbers", async () => {
  const e = await h.open({ genesis: withAccounts(20_000), limits: { coreMemoryBytes: 2 * MiB } }).catch((x: Error) => x);
  assert.instance(e, StateTooLarge);
  assert.match((e as Error).message, /^the genesis: [0-9,]+ records \(balances 20,0[0-9]{2} x 32 B/);
  assert.match((e as Error).message, /above its ceiling of 2\.0 MiB \(--core-memory-limit/);
});

test("a database that does not fit is refused at restart; with room, CheckTx refuses txs near the ceiling and nothing is lost", async () => {
  const dbPath = h.freshDb();
  const node = await h.open({ dbPath, genesis: withAccounts(20_000) });
  await node.chain.advance(2n);
  await node.chain.close();
  // What a restart takes (its tables reserved at their size), with room
  const measured = await h.open({ dbPath, genesis: withAccounts(20_000) });
  const m = measured.chain.app.coreMemory();
  await measured.chain.close();
  const small = await h.open({ dbPath, genesis: withAccounts(20_000), limits: { coreMemoryBytes: 2 * MiB } }).catch((x: Error) => x);
  assert.instance(small, StateTooLarge);
  assert.match((small as Error).message, new RegExp(`^${dbPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: [0-9,]+ records \\(balances`));
  // A ceiling the restart fits under, but not the state with its next growth (used + growth + an eighth): txs refused.
  const ceiling = Math.floor(((m.used + m.growth) * 8) / 7) - 1;
  const near = await h.open({ dbPath, genesis: withAccounts(20_000), limits: { coreMemoryBytes: ceiling } });
  const height = near.chain.latest.height;
  const r = await near.post("/txs", await signedBy(near, 5, [sendMsg(devAddress(5), devAddress(6), 1n)]));
  assert.is(r.json.tx_response.code, 20, r.json.tx_response.raw_log);
  assert.match(r.json.tx_response.raw_log, /the state is at the core's memory bound: [0-9.]+ MiB used, [0-9.]+ MiB kept for its tables' next growth, ceiling [0-9.]+ MiB/);
  await near.chain.advance(1n); // blocks go on
  assert.is(near.chain.latest.height, height + 1n);
  await near.chain.close();
  // The same database with room again: the tx is admitted and committed.
  const roomy = await h.open({ dbPath, genesis: withAccounts(20_000) });
  const ok = await roomy.post("/txs", await signedBy(roomy, 5, [sendMsg(devAddress(5), devAddress(6), 1n)]));
  assert.is(ok.json.tx_response.code, 0, ok.json.tx_response.raw_log);
  await roomy.chain.close();
});

test.run();
