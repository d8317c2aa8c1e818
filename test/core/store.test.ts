// The core's state store (assembly/store/table.ts): a hash-indexed table of records against a
// JS Map, the change journal the host persists from, and slot reuse only after the journal clears.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCoreFromFile } from "../../host/core/node.js";
import { rng } from "../helpers/checks.js";

const core = await loadCoreFromFile();
const x = core.exports;
const REMOVED = 0x8000_0000;

function journal(): { table: number; slot: number; removed: boolean }[] {
  const ptr = x.storeJournalPtr();
  const dv = new DataView(x.memory.buffer);
  return Array.from({ length: x.storeJournalLength() }, (_, i) => {
    const slot = dv.getUint32(ptr + i * 8 + 4, true);
    return { table: dv.getUint32(ptr + i * 8, true), slot: slot & ~REMOVED >>> 0, removed: (slot & REMOVED) !== 0 };
  });
}


test("finds, inserts and removes agree with a Map over 200,000 random operations", () => {
  const t = x.storeCreateTable(24);
  const model = new Map<bigint, bigint>();
  const next = rng(11n);
  const keys: bigint[] = [];
  for (let i = 0; i < 200_000; i++) {
    const op = next() % 10n;
    // a small key space forces collisions, probes across removals and reinsertion
    const key = op < 2n && keys.length > 0 ? keys[Number(next() % BigInt(keys.length))] : next() % 50_000n;
    if (op < 3n) {
      const had = model.delete(key);
      assert.is(x.storeRemove(t, key), had ? 1 : 0);
    } else if (op < 7n) {
      const slot = x.storeUpsert(t, key);
      assert.is(x.storeInserted(), model.has(key) ? 0 : 1);
      const p = x.storeRecordPtr(t, slot);
      const dv = new DataView(x.memory.buffer);
      assert.is(dv.getBigUint64(p, true), key, "a record starts with its key");
      const value = next();
      dv.setBigUint64(p + 8, value, true);
      model.set(key, value);
      keys.push(key);
    } else {
      const slot = x.storeFind(t, key);
      assert.is(slot >= 0, model.has(key), `find ${key}`);
      if (slot >= 0) {
        const dv = new DataView(x.memory.buffer);
        assert.is(dv.getBigUint64(x.storeRecordPtr(t, slot) + 8, true), model.get(key));
      }
    }
    if (i % 5000 === 0) x.storeJournalClear();
  }
  assert.is(x.storeSize(t), model.size);
  for (const [key, value] of model) {
    const slot = x.storeFind(t, key);
    assert.ok(slot >= 0);
    assert.is(new DataView(x.memory.buffer).getBigUint64(x.storeRecordPtr(t, slot) + 8, true), value);
  }
  x.storeJournalClear();
});

test("deletions keep every probe run intact, also where runs wrap around the end of the index", () => {
  // At most 11 live keys keep the index at 16 entries, so probe runs wrap around its end all the time.
  const t = x.storeCreateTable(16);
  const live = new Set<bigint>();
  const next = rng(29n);
  for (let i = 0; i < 100_000; i++) {
    const key = next() % 40n;
    if (live.has(key) || live.size >= 11) {
      const victim = live.has(key) ? key : [...live][Number(next() % BigInt(live.size))];
      assert.is(x.storeRemove(t, victim), 1);
      live.delete(victim);
    } else {
      x.storeUpsert(t, key);
      live.add(key);
    }
    for (let k = 0n; k < 40n; k++) {
      if ((x.storeFind(t, k) >= 0) !== live.has(k)) assert.unreachable(`key ${k} after op ${i}`);
    }
    if (i % 100 === 0) x.storeJournalClear();
  }
  x.storeJournalClear();
});

test("the journal lists each written record once per block, and removals, in order", () => {
  x.storeJournalClear();
  const t = x.storeCreateTable(16);
  const a = x.storeUpsert(t, 7n);
  x.storeUpsert(t, 7n); // written again: no second entry
  const b = x.storeUpsert(t, 9n);
  x.storeTouch(t, a);
  assert.equal(journal(), [
    { table: t, slot: a, removed: false },
    { table: t, slot: b, removed: false },
  ]);
  x.storeJournalClear();
  assert.is(x.storeJournalLength(), 0);
  x.storeTouch(t, a);
  assert.is(x.storeRemove(t, 9n), 1);
  assert.equal(journal(), [
    { table: t, slot: a, removed: false },
    { table: t, slot: b, removed: true },
  ]);
  // a removed record keeps its bytes (its key) until the journal is cleared
  assert.is(new DataView(x.memory.buffer).getBigUint64(x.storeRecordPtr(t, b), true), 9n);
  x.storeJournalClear();
});

test("a freed slot is reused only after the journal is cleared", () => {
  x.storeJournalClear();
  const t = x.storeCreateTable(16);
  const a = x.storeUpsert(t, 1n);
  x.storeRemove(t, 1n);
  const b = x.storeUpsert(t, 2n);
  assert.is.not(b, a, "not reused within the block that freed it");
  x.storeJournalClear();
  const c = x.storeUpsert(t, 3n);
  assert.is(c, a, "reused after the clear");
  assert.is(x.storeFind(t, 1n), -1);
  assert.is(x.storeFind(t, 3n), c);
  x.storeJournalClear();
});

test("a transaction aborted after any mix of inserts, writes and removals leaves every record and the journal as before", () => {
  x.storeJournalClear();
  const t = x.storeCreateTable(24);
  const next = rng(47n);
  const committed = new Map<bigint, bigint>();
  const read = (key: bigint) => {
    const slot = x.storeFind(t, key);
    return slot < 0 ? undefined : new DataView(x.memory.buffer).getBigUint64(x.storeRecordPtr(t, slot) + 8, true);
  };
  for (let txn = 0; txn < 3000; txn++) {
    const journalBefore = JSON.stringify(journal());
    const working = new Map(committed);
    x.storeTxBegin();
    const ops = Number(next() % 8n);
    for (let i = 0; i < ops; i++) {
      const key = next() % 30n; // few keys: insert-then-remove and remove-then-insert in one transaction
      if (next() % 3n === 0n) {
        assert.is(x.storeRemove(t, key), working.delete(key) ? 1 : 0);
      } else {
        const slot = x.storeUpsert(t, key);
        const value = next();
        new DataView(x.memory.buffer).setBigUint64(x.storeRecordPtr(t, slot) + 8, value, true);
        working.set(key, value);
      }
    }
    const abort = next() % 2n === 0n;
    if (abort) x.storeTxAbort();
    else x.storeTxCommit();
    const expected = abort ? committed : working;
    for (let k = 0n; k < 30n; k++) assert.is(read(k), expected.get(k), `key ${k} after transaction ${txn}`);
    assert.is(x.storeSize(t), expected.size);
    if (abort) assert.is(JSON.stringify(journal()), journalBefore, "the journal is as before");
    else {
      committed.clear();
      for (const [k, v] of working) committed.set(k, v);
    }
    if (txn % 50 === 0) x.storeJournalClear();
  }
  x.storeJournalClear();
});

test("a million records: every key found, the journal holds exactly the writes", () => {
  x.storeJournalClear();
  const t = x.storeCreateTable(32);
  const n = 1_000_000;
  for (let i = 0; i < n; i++) x.storeUpsert(t, (BigInt(i) << 32n) | 5n);
  assert.is(x.storeSize(t), n);
  assert.is(x.storeJournalLength(), n);
  x.storeJournalClear();
  for (let i = 0; i < n; i += 997) assert.ok(x.storeFind(t, (BigInt(i) << 32n) | 5n) >= 0);
  assert.is(x.storeFind(t, 5n << 40n), -1);
  x.storeTouch(t, x.storeFind(t, 5n));
  assert.is(x.storeJournalLength(), 1, "one write after a clear is one entry, whatever the table size");
  x.storeJournalClear();
});

test.run();
