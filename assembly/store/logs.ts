// The store's two append-only logs, in blocks from the runtime's allocator (heap.alloc) that grow
// by doubling into a fresh block:
//
// - the journal, shared by all tables (entries of abi/journal.ts): (table, slot) = "persist this
//   record's bytes", (table, slot | REMOVED_BIT) = "delete this record's key"; the host reads it
//   after a block, then clears it (table.ts `journalClear`);
// - the undo log of the current transaction (table.ts `txBegin` … `txCommit` / `txAbort`): per
//   record changed, its prior bytes and flags (once per record and savepoint level: table.ts). Entry: table u32, slot u32, kind u32, flags u32, then
//   the record's bytes; its size is the table's, so a walk needs the tables (table.ts).

import { JOURNAL_TABLE, JOURNAL_SLOT, JOURNAL_ENTRY_SIZE } from "../abi/journal";

/** A fresh block of `newBytes`: the first `usedBytes` of `ptr` copied, the rest zeroed. */
export function grow(ptr: usize, usedBytes: usize, newBytes: usize): usize {
  const p = heap.alloc(newBytes);
  if (usedBytes > 0) memory.copy(p, ptr, usedBytes);
  memory.fill(p + usedBytes, 0, newBytes - usedBytes);
  return p;
}

// ---- the journal ----

export let journalPtr: usize = 0;
export let journalCount: u32 = 0;
let journalCapacity: u32 = 0;

export function journalAppend(table: u32, slot: u32): void {
  if (journalCount == journalCapacity) {
    const cap = journalCapacity == 0 ? 1024 : journalCapacity * 2;
    journalPtr = grow(journalPtr, <usize>(journalCount * JOURNAL_ENTRY_SIZE), <usize>(cap * JOURNAL_ENTRY_SIZE));
    journalCapacity = cap;
  }
  const e = journalPtr + <usize>(journalCount * JOURNAL_ENTRY_SIZE);
  store<u32>(e, table, JOURNAL_TABLE);
  store<u32>(e, slot, JOURNAL_SLOT);
  journalCount++;
}

export function journalEntries(): usize {
  return journalPtr;
}

export function journalLength(): u32 {
  return journalCount;
}

/** Keep the first `count` entries (an aborted transaction's mark; 0 once the host has them). */
export function journalTruncate(count: u32): void {
  journalCount = count;
}

// ---- the undo log ----

export const UNDO_MODIFIED: u32 = 0;
export const UNDO_INSERTED: u32 = 1;
export const UNDO_REMOVED: u32 = 2;
export let undoPtr: usize = 0;
export let undoEntries: u32 = 0;
/** Bytes of the undo log in use: where the next entry goes (a savepoint's mark, with `undoEntries`). */
export let undoUsed: usize = 0;
let undoCapacity: usize = 0;

/** Append an entry: a record's `size` bytes at `bytes`, with its table, slot, kind and flags. */
export function undoAppend(table: u32, slot: u32, kind: u32, flags: u32, bytes: usize, size: u32): void {
  const need = undoUsed + 16 + <usize>size;
  if (need > undoCapacity) {
    const cap = need * 2 > 4096 ? need * 2 : 4096;
    undoPtr = grow(undoPtr, undoUsed, cap);
    undoCapacity = cap;
  }
  const e = undoPtr + undoUsed;
  store<u32>(e, table);
  store<u32>(e, slot, 4);
  store<u32>(e, kind, 8);
  store<u32>(e, flags, 12);
  memory.copy(e + 16, bytes, size);
  undoUsed = need;
  undoEntries++;
}

/** Keep the first `entries` entries, `used` bytes (a savepoint rolled back to). */
export function undoTruncate(used: usize, entries: u32): void {
  undoUsed = used;
  undoEntries = entries;
}

/** Empty the undo log (a transaction begins or ends). */
export function undoClear(): void {
  undoUsed = 0;
  undoEntries = 0;
}

// ---- the transaction's levels (tx.ts) ----

/** Between txBegin and txCommit / txAbort: changes are saved in the undo log. */
export let inTx = false;
export const MAX_SAVEPOINTS: i32 = 32;
/** Open savepoint levels; level i (1-based) has its marks at index i - 1. */
export let spDepth: i32 = 0;
/** Whether this transaction opened a savepoint (a record may then have several entries). */
export let spUsed = false;
/** Each level's marks: the undo log's bytes and entries, the journal's entries. */
export const spUndoUsed = new StaticArray<u64>(MAX_SAVEPOINTS);
export const spUndoEntries = new StaticArray<u32>(MAX_SAVEPOINTS);
export const spJournal = new StaticArray<u32>(MAX_SAVEPOINTS);

/** A transaction begins (`on`) or ends: no savepoint open. */
export function setInTx(on: bool): void {
  inTx = on;
  spDepth = 0;
  if (on) spUsed = false;
}

/** Open a level (its marks: the logs now) or close levels down to `depth`. */
export function pushSavepoint(journal: u32): i32 {
  unchecked(spUndoUsed[spDepth] = <u64>undoUsed);
  unchecked(spUndoEntries[spDepth] = undoEntries);
  unchecked(spJournal[spDepth] = journal);
  spUsed = true;
  return ++spDepth;
}

export function setSpDepth(depth: i32): void {
  spDepth = depth;
}
