// Savepoints in the core's store transaction (assembly/store/tx.ts, exports/transaction.ts): the
// SDK's cached context inside a tx. A rollback to a savepoint puts every record, the journal and the
// total supply back as they were at it — records changed before it and again after it included —
// and leaves the changes before it to the transaction; a release keeps its changes for the
// enclosing level's commit or abort.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCoreFromFile } from "../../host/core/node.js";
import { rng } from "../helpers/checks.js";
import { tierChain, ALICE, BOB, MIN_LOCK } from "../helpers/tiers.js";

const core = await loadCoreFromFile();
const x = core.exports;

function journal(): string {
  const ptr = x.storeJournalPtr();
  const dv = new DataView(x.memory.buffer);
  return Array.from({ length: x.storeJournalLength() }, (_, i) => `${dv.getUint32(ptr + i * 8, true)}:${dv.getUint32(ptr + i * 8 + 4, true)}`).join(",");
}

const KEYS = 24n;

function tableReader(t: number) {
  return (key: bigint): bigint | undefined => {
    const slot = x.storeFind(t, key);
    return slot < 0 ? undefined : new DataView(x.memory.buffer).getBigUint64(x.storeRecordPtr(t, slot) + 8, true);
  };
}

function write(t: number, key: bigint, value: bigint): void {
  const slot = x.storeUpsert(t, key);
  new DataView(x.memory.buffer).setBigUint64(x.storeRecordPtr(t, slot) + 8, value, true);
}

test("outside a transaction there is no savepoint; a level not open is refused", () => {
  assert.is(x.storeSavepoint(), 0);
  assert.is(x.storeRollbackTo(1), 1);
  assert.is(x.storeReleaseSavepoint(1), 1);
  x.storeTxBegin();
  const sp = x.storeSavepoint();
  assert.is(sp, 1);
  assert.is(x.storeRollbackTo(2), 1, "level 2 was never opened");
  assert.is(x.storeReleaseSavepoint(sp), 0);
  assert.is(x.storeRollbackTo(sp), 1, "released: closed");
  x.storeTxCommit();
});

test("a record written before the savepoint and again after it goes back to its value at the savepoint, then to its first on abort", () => {
  x.storeJournalClear();
  const t = x.storeCreateTable(16);
  const read = tableReader(t);
  write(t, 1n, 100n);
  write(t, 2n, 200n);
  x.storeJournalClear();
  x.storeTxBegin();
  write(t, 1n, 101n);
  assert.ok(x.storeRemove(t, 2n));
  write(t, 3n, 300n);
  const atSavepoint = journal();
  const sp = x.storeSavepoint();
  write(t, 1n, 102n); // saved before the savepoint, modified after it
  write(t, 3n, 301n); // inserted before, modified after
  write(t, 2n, 202n); // removed before, inserted again after
  assert.ok(x.storeRemove(t, 3n)); // inserted before, removed after
  write(t, 4n, 400n); // inserted after
  assert.is(x.storeRollbackTo(sp), 0);
  assert.is(read(1n), 101n);
  assert.is(read(2n), undefined);
  assert.is(read(3n), 300n);
  assert.is(read(4n), undefined);
  assert.is(x.storeSize(t), 2);
  assert.is(journal(), atSavepoint, "the journal as at the savepoint");
  // the transaction goes on: a change after the rollback, then the whole transaction aborted
  write(t, 1n, 103n);
  x.storeTxAbort();
  assert.is(read(1n), 100n);
  assert.is(read(2n), 200n);
  assert.is(read(3n), undefined);
  assert.is(x.storeSize(t), 2);
  assert.is(journal(), "");
});

test("nested savepoints, rolled back, released, committed and aborted at random, agree with a stack of maps", () => {
  x.storeJournalClear();
  const t = x.storeCreateTable(24);
  const read = tableReader(t);
  const next = rng(91n);
  let committed = new Map<bigint, bigint>();
  const check = (m: Map<bigint, bigint>, what: string) => {
    for (let k = 0n; k < KEYS; k++) assert.is(read(k), m.get(k), `key ${k} ${what}`);
    assert.is(x.storeSize(t), m.size, what);
  };
  for (let txn = 0; txn < 1500; txn++) {
    const journalBefore = journal();
    x.storeTxBegin();
    let working = new Map(committed);
    // open levels: their number, the model and the journal at them
    const levels: { sp: number; model: Map<bigint, bigint>; journal: string }[] = [];
    const steps = Number(next() % 24n);
    for (let i = 0; i < steps; i++) {
      const op = next() % 12n;
      if (op < 2n && levels.length < 6) {
        const sp = x.storeSavepoint();
        assert.is(sp, levels.length + 1);
        levels.push({ sp, model: new Map(working), journal: journal() });
      } else if (op === 2n && levels.length > 0) {
        const at = Number(next() % BigInt(levels.length));
        const level = levels[at]!;
        assert.is(x.storeRollbackTo(level.sp), 0);
        working = new Map(level.model);
        levels.length = at;
        check(working, `after rolling back to level ${level.sp} in transaction ${txn}`);
        assert.is(journal(), level.journal, "the journal as at the savepoint");
      } else if (op === 3n && levels.length > 0) {
        const at = Number(next() % BigInt(levels.length));
        assert.is(x.storeReleaseSavepoint(levels[at]!.sp), 0);
        levels.length = at;
      } else {
        const key = next() % KEYS;
        if (next() % 3n === 0n) assert.is(x.storeRemove(t, key), working.delete(key) ? 1 : 0);
        else {
          const value = next();
          write(t, key, value);
          working.set(key, value);
        }
      }
    }
    const abort = next() % 3n === 0n;
    if (abort) x.storeTxAbort();
    else x.storeTxCommit();
    if (!abort) committed = working;
    check(committed, `after transaction ${txn} (${abort ? "aborted" : "committed"})`);
    if (abort) assert.is(journal(), journalBefore, "an abort leaves the journal as before");
    if (txn % 40 === 0) x.storeJournalClear();
  }
  // a transaction after all that saves every record afresh: an abort of a write to each puts all back
  x.storeTxBegin();
  for (let k = 0n; k < KEYS; k++) write(t, k, 7n);
  x.storeTxAbort();
  check(committed, "after a last aborted transaction");
  x.storeJournalClear();
});

test("a rollback to a savepoint gives back balances, a delegation and the burned supply, the changes before it kept", async () => {
  const c = await tierChain();
  const x = c.core.exports;
  const supply0 = c.ledger.totalSupply();
  const alice0 = c.ledger.balance(ALICE), bob0 = c.ledger.balance(BOB);
  x.storeTxBegin();
  c.ledger.send(ALICE, BOB, 5n);
  const sp = c.core.savepoint();
  c.ledger.send(ALICE, BOB, 7n);
  c.ledger.burn(BOB, 3n);
  c.ledger.delegate(ALICE, 1, MIN_LOCK);
  assert.is(c.ledger.totalSupply(), supply0 - 3n);
  c.core.rollbackTo(sp);
  assert.is(c.ledger.balance(ALICE), alice0 - 5n);
  assert.is(c.ledger.balance(BOB), bob0 + 5n);
  assert.is(c.ledger.totalSupply(), supply0, "the burn undone");
  assert.equal(c.ledger.checkInvariants(), []);
  // a released level's changes stay with the transaction: its commit keeps them
  const sp2 = c.core.savepoint();
  c.ledger.burn(BOB, 2n);
  c.core.release(sp2);
  x.storeTxCommit();
  assert.is(c.ledger.balance(BOB), bob0 + 3n);
  assert.is(c.ledger.totalSupply(), supply0 - 2n);
  assert.equal(c.ledger.checkInvariants(), []);
  // and its abort drops them with the rest
  x.storeTxBegin();
  const sp3 = c.core.savepoint();
  c.ledger.burn(BOB, 1n);
  c.core.release(sp3);
  x.storeTxAbort();
  assert.is(c.ledger.totalSupply(), supply0 - 2n);
  assert.is(c.ledger.balance(BOB), bob0 + 3n);
  assert.equal(c.ledger.checkInvariants(), []);
});

test.run();
