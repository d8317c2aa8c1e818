// Withdraw addresses (assembly/ledger/withdraw.ts) and the flag that spares a withdrawal the probe
// of their table: every delegation of a delegator with an address carries D_ROUTED = 1. A claim
// must pay the address whether the delegation predates the address or follows it, pay the
// delegator again once the address is gone, and an aborted transaction or a restart must leave the
// flags as the table says (ledger invariant 64, checked throughout).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCoreFromFile } from "../../host/core/node.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { Ledger } from "../../host/core/ledger.js";
import { tierChain, ALICE, BOB, MIN_LOCK, DAY, E18, UNBONDING, type TierChain } from "../helpers/tiers.js";

const YEAR = 31_536_000n * 1_000_000_000n;
const D_ROUTED = 57; // assembly/ledger/delegations.ts
const D_RECIPIENT = 60;
const DELEGATION_SIZE = 96;

function invariants(c: TierChain): void {
  assert.equal(c.ledger.checkInvariants(), []);
  assert.equal(c.tiers.checkInvariants(), []);
}

/** The delegation tables' D_ROUTED byte of (delegator, validator), read from the core's memory. */
function routedFlag(c: TierChain, delegator: number, validator: number): number {
  const x = c.core.exports;
  const key = (BigInt(delegator) << 32n) | BigInt(validator);
  for (let t = 0; t < x.storeTableCount(); t++) {
    if (x.storeRecordSize(t) !== DELEGATION_SIZE) continue;
    const slot = x.storeFind(t, key);
    if (slot >= 0) return new Uint8Array(x.memory.buffer)[x.storeRecordPtr(t, slot) + D_ROUTED]!;
  }
  throw new Error(`no delegation ${delegator} → ${validator}`);
}

/** The D_RECIPIENT (u32 at 60) of the delegation (delegator, validator). */
function recipientOf(c: TierChain, delegator: number, validator: number): { ptr: number; value: number } {
  const x = c.core.exports;
  const key = (BigInt(delegator) << 32n) | BigInt(validator);
  for (let t = 0; t < x.storeTableCount(); t++) {
    if (x.storeRecordSize(t) !== DELEGATION_SIZE) continue;
    const slot = x.storeFind(t, key);
    if (slot >= 0) {
      const ptr = x.storeRecordPtr(t, slot) + D_RECIPIENT;
      return { ptr, value: new DataView(x.memory.buffer).getUint32(ptr, true) };
    }
  }
  throw new Error(`no delegation ${delegator} → ${validator}`);
}

/** A claim: what it paid, and how the balances of the delegator and the owner moved. */
function claim(c: TierChain, delegator: number, validator: number, owner: number) {
  const d0 = c.ledger.balance(delegator), o0 = c.ledger.balance(owner);
  const paid = c.ledger.withdrawRewards(delegator, validator);
  return { paid, toDelegator: c.ledger.balance(delegator) - d0, toOwner: c.ledger.balance(owner) - o0 };
}

/** A fresh delegator holding a delegation of `amount` to `validator` and nothing liquid. */
function delegatorWith(c: TierChain, validator: number, amount: bigint): number {
  const d = c.fresh();
  c.ledger.send(BOB, d, amount);
  c.ledger.delegate(d, validator, amount);
  assert.is(c.ledger.balance(d), 0n);
  return d;
}

test("a position's delegator: claims on a delegation older than the address, the position's own and a newer one pay the owner", async () => {
  const c = await tierChain();
  const d = delegatorWith(c, 1, MIN_LOCK);
  assert.is(routedFlag(c, d, 1), 0);
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, d, true);
  assert.is(routedFlag(c, d, 1), 1, "set on the delegation that predates the address");
  assert.is(routedFlag(c, d, 0), 1, "set on the position's delegation (created just before the address)");
  c.ledger.send(BOB, d, MIN_LOCK);
  c.ledger.delegate(d, 2, MIN_LOCK);
  assert.is(routedFlag(c, d, 2), 1, "a delegation made while the address is set starts flagged");
  for (const v of [0, 1, 2]) assert.is(recipientOf(c, d, v).value, ALICE, "each routed delegation carries the owner");
  invariants(c);
  for (let i = 0; i < 5; i++) c.block();
  for (const v of [1, 0, 2]) {
    const r = claim(c, d, v, ALICE);
    assert.ok(r.paid > 0n, `validator ${v} paid`);
    assert.is(r.toOwner, r.paid, `validator ${v}: to the owner`);
    assert.is(r.toDelegator, 0n);
  }
  invariants(c);

  // The position leaves the tier with its delegation (to the owner): the address goes, and with it
  // the flags of the delegator's remaining delegations.
  c.block(YEAR + DAY);
  assert.is(c.tiers.exitWithDelegation(ALICE, 0n, MIN_LOCK).fullExit, true);
  assert.is(routedFlag(c, d, 1), 0);
  assert.is(routedFlag(c, d, 2), 0);
  invariants(c);
  for (let i = 0; i < 5; i++) c.block();
  for (const v of [1, 2]) {
    const r = claim(c, d, v, ALICE);
    assert.ok(r.paid > 0n);
    assert.is(r.toDelegator, r.paid, `validator ${v}: to the delegator again`);
    assert.is(r.toOwner, 0n);
  }
  invariants(c);
});

test("a transaction that set the address and aborted leaves the flags clear: the delegator is paid", async () => {
  const c = await tierChain();
  const d = delegatorWith(c, 1, MIN_LOCK);
  // a second delegation: the lock's list links touch only the newest, so the older one's flag is
  // saved for the abort by the flag's own write
  c.ledger.send(BOB, d, MIN_LOCK);
  c.ledger.delegate(d, 2, MIN_LOCK);
  const x = c.core.exports;
  x.storeTxBegin();
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, d);
  assert.is(routedFlag(c, d, 1), 1);
  assert.is(routedFlag(c, d, 2), 1);
  x.storeTxAbort();
  assert.is(routedFlag(c, d, 1), 0);
  assert.is(routedFlag(c, d, 2), 0);
  invariants(c);
  for (let i = 0; i < 3; i++) c.block();
  const r = claim(c, d, 1, ALICE);
  assert.ok(r.paid > 0n);
  assert.is(r.toDelegator, r.paid);
  assert.is(r.toOwner, 0n);

  // And the other way: an address set for good, then a transaction that removed it aborted.
  c.ledger.send(d, BOB, c.ledger.balance(d)); // a position's delegator holds nothing liquid
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, d, true);
  c.block(YEAR + DAY);
  x.storeTxBegin();
  c.tiers.exitWithDelegation(ALICE, 0n, MIN_LOCK);
  assert.is(routedFlag(c, d, 1), 0);
  x.storeTxAbort();
  assert.is(routedFlag(c, d, 1), 1);
  invariants(c);
  const s = claim(c, d, 1, ALICE);
  assert.ok(s.paid > 0n);
  assert.is(s.toOwner, s.paid);
  assert.is(s.toDelegator, 0n);
});

test("restore from the journaled records: the flags come back and a claim pays the same account the same amount", async () => {
  const c = await tierChain();
  // The durable copy, as the host keeps it: after each step, the records the journal names
  // (removals deleted), then the journal cleared.
  const x = c.core.exports;
  const records = new Map<string, { table: number; bytes: Uint8Array }>();
  const persist = () => {
    const journal = new DataView(x.memory.buffer, x.storeJournalPtr(), x.storeJournalLength() * 8);
    for (let i = 0; i < x.storeJournalLength(); i++) {
      const table = journal.getUint32(i * 8, true), raw = journal.getUint32(i * 8 + 4, true);
      const p = x.storeRecordPtr(table, raw & 0x7fff_ffff);
      const bytes = new Uint8Array(x.memory.buffer, p, x.storeRecordSize(table)).slice();
      const id = `${table}:${new DataView(x.memory.buffer).getBigUint64(p, true)}`;
      if ((raw & 0x8000_0000) !== 0) records.delete(id);
      else records.set(id, { table, bytes });
    }
    x.storeJournalClear();
  };
  const routed = delegatorWith(c, 1, MIN_LOCK);
  c.ledger.send(BOB, routed, MIN_LOCK);
  c.ledger.delegate(routed, 2, MIN_LOCK); // older than the lock's delegation by two links
  persist();
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, routed);
  persist();
  const plain = delegatorWith(c, 2, MIN_LOCK);
  for (let i = 0; i < 4; i++) {
    c.block();
    persist();
  }
  const core = await loadCoreFromFile();
  new Emission(core).configure(DEFAULT_EMISSION_PARAMS);
  const ledger = new Ledger(core);
  ledger.configure({ communityTax: E18 / 50n, targetBaseRewardsRate: 0n });
  ledger.configureStaking(100, 1_000_000n, UNBONDING);
  const y = core.exports;
  for (const { table, bytes } of records.values()) {
    const ptr = y.bufferPtr();
    new Uint8Array(y.memory.buffer, ptr, bytes.length).set(bytes);
    y.storeRestore(table, ptr);
  }
  ledger.restore(c.height(), 0n);
  assert.equal(ledger.checkInvariants(), []);

  for (const [d, v, owner] of [[routed, 1, ALICE], [routed, 2, ALICE], [routed, 0, ALICE], [plain, 2, plain]] as const) {
    const before = [c.ledger.balance(owner), ledger.balance(owner)];
    const paidHere = c.ledger.withdrawRewards(d, v);
    const paidThere = ledger.withdrawRewards(d, v);
    assert.ok(paidHere > 0n);
    assert.is(paidThere, paidHere);
    assert.is(c.ledger.balance(owner) - before[0]!, paidHere, `${d} → ${v}: paid to ${owner}`);
    assert.is(ledger.balance(owner) - before[1]!, paidThere, `restored: ${d} → ${v} paid to ${owner}`);
  }
  assert.equal(ledger.checkInvariants(), []);
});

test("invariant 64 sees a delegation whose copy of the withdraw address differs from the table", async () => {
  const c = await tierChain();
  const d = delegatorWith(c, 1, MIN_LOCK);
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, d, true);
  invariants(c);
  const r = recipientOf(c, d, 1);
  new DataView(c.core.exports.memory.buffer).setUint32(r.ptr, BOB, true);
  assert.is(c.ledger.checkInvariants().length, 1, "a wrong recipient is reported");
  new DataView(c.core.exports.memory.buffer).setUint32(r.ptr, ALICE, true);
  invariants(c);
});

test.run();
