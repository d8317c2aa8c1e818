// The store's transactions (the SDK's cache context) and their savepoints (a cached context inside
// one: x/group's proposal execution), over the tables' undo log (table.ts, logs.ts).
//
// Between `txBegin` and `txCommit` / `txAbort` the first change to a record saves its prior bytes
// and flags (table.ts `touch` / `upsert` / `removeAt`); an abort undoes the entries last first and
// truncates the journal. `txSavepoint` opens a level: it marks the undo log and the journal, and
// clears SAVED on the records the enclosing level saved, so that their next change saves them
// again with the bytes they have at the savepoint (SAVED means "saved at the innermost open
// level"). `txRollbackTo` undoes the entries after its mark, last first, and truncates both logs;
// `txRelease` closes the level, its entries joining the enclosing one's. A record may so have
// several entries; undone last first, the earliest (the transaction's start) wins on abort.

import {
  journalCount, journalTruncate, undoPtr, undoEntries, undoUsed, undoClear, undoTruncate, inTx, spDepth, spUndoUsed,
  spUndoEntries, spJournal, MAX_SAVEPOINTS, setInTx, pushSavepoint, setSpDepth,
} from "./logs";
import { tableOf } from "./table";

let txJournalCount: u32 = 0;
/** Offsets of the entries being undone (they vary in size: walked forwards, undone backwards); grows, kept. */
let undoOffsets: usize = 0;
let undoOffsetsCapacity: u32 = 0;

/** Undo the entries from the `entries`th (at byte `from`) to the last, last first. */
function undoFrom(from: usize, entries: u32): void {
  const n = undoEntries - entries;
  if (n > undoOffsetsCapacity) {
    let cap = undoOffsetsCapacity == 0 ? <u32>256 : undoOffsetsCapacity;
    while (cap < n) cap *= 2;
    if (undoOffsets != 0) heap.free(undoOffsets);
    undoOffsets = heap.alloc(<usize>cap << 3);
    undoOffsetsCapacity = cap;
  }
  let off = from;
  for (let i: u32 = 0; i < n; i++) {
    store<u64>(undoOffsets + (<usize>i << 3), <u64>off);
    off += 16 + <usize>tableOf(load<u32>(undoPtr + off)).recordSize;
  }
  for (let i = <i32>n - 1; i >= 0; i--) {
    const e = undoPtr + <usize>load<u64>(undoOffsets + (<usize>i << 3));
    tableOf(load<u32>(e)).undo(load<u32>(e, 4), load<u32>(e, 8), <u8>load<u32>(e, 12), e + 16);
  }
}

/** Clear SAVED on the records saved from entry `entries` (at byte `from`) on. */
function unsaveFrom(from: usize, entries: u32): void {
  let off = from;
  for (let i: u32 = entries; i < undoEntries; i++) {
    const e = undoPtr + off;
    const t = tableOf(load<u32>(e));
    t.unsave(load<u32>(e, 4));
    off += 16 + <usize>t.recordSize;
  }
}

/** Start a transaction (not nested: inner levels are savepoints): every change until commit or abort can be undone. */
export function txBegin(): void {
  assert(!inTx, "transactions do not nest");
  setInTx(true);
  txJournalCount = journalCount;
  undoClear();
}

/** Keep the transaction's changes (open savepoints close with it). */
export function txCommit(): void {
  unsaveFrom(0, 0);
  setInTx(false);
  undoClear();
}

/** Drop the transaction's changes: every record as it was at txBegin, the journal too. */
export function txAbort(): void {
  undoFrom(0, 0);
  journalTruncate(txJournalCount);
  setInTx(false);
  undoClear();
}

/** Open a savepoint level inside the transaction: its number (1 the outermost), or 0 outside a transaction or past the deepest level. */
export function txSavepoint(): i32 {
  if (!inTx || spDepth == MAX_SAVEPOINTS) return 0;
  // The enclosing level's saves stay its own: a record's next change saves it again for this level.
  if (spDepth > 0) unsaveFrom(<usize>unchecked(spUndoUsed[spDepth - 1]), unchecked(spUndoEntries[spDepth - 1]));
  else unsaveFrom(0, 0);
  return pushSavepoint(journalCount);
}

/** Whether `sp` is an open savepoint level. */
export function isSavepoint(sp: i32): bool {
  return inTx && sp >= 1 && sp <= spDepth;
}

/** Undo every change since savepoint `sp` (and the levels inside it) and close it; false if it is not open. */
export function txRollbackTo(sp: i32): bool {
  if (!isSavepoint(sp)) return false;
  const used = <usize>unchecked(spUndoUsed[sp - 1]), entries = unchecked(spUndoEntries[sp - 1]);
  undoFrom(used, entries);
  undoTruncate(used, entries);
  journalTruncate(unchecked(spJournal[sp - 1]));
  setSpDepth(sp - 1);
  return true;
}

/** Close savepoint `sp` (and the levels inside it), its changes kept by the enclosing level; false if it is not open. */
export function txRelease(sp: i32): bool {
  if (!isSavepoint(sp)) return false;
  setSpDepth(sp - 1);
  return true;
}

/**
 * A throw-away transaction (a query computed by changing the state, then undone): its own, or
 * inside the host's a savepoint, so the host's changes stay. Returns what `scratchEnd` takes.
 */
export function scratchBegin(): i32 {
  if (inTx) return txSavepoint();
  txBegin();
  return -1;
}

/** Undo a throw-away transaction's changes. */
export function scratchEnd(mark: i32): void {
  if (mark < 0) txAbort();
  else txRollbackTo(mark);
}
