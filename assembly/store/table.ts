// Tables of fixed-size records in linear memory, the core's state store.
//
// A record's first 8 bytes are its u64 key (a validator id, delegator << 32 | validator, ...);
// a hash index maps keys to slots, so a lookup, insert or delete costs O(1) whatever the size.
// Every write goes through `touch` / `remove`, which journal the slot (once per block for
// writes): after a block the host reads the journal in order, (table, slot) = "persist this
// record's bytes" and (table, slot | REMOVED) = "delete this record's key", and so persists
// exactly what changed. Freed slots keep their bytes and are reused only after the journal is
// cleared, so every entry can still be read. Clearing walks the journal, not the tables: O(changes).
//
// Each slot is an 8-byte header (the flags byte) followed by the record, so a record and its flags
// share a cache line; the host reads recordSize bytes at storeRecordPtr, as before.
//
// Memory comes from the runtime's allocator (heap.alloc, the stub runtime's bump allocator);
// arrays grow by doubling into a fresh block, so pointers into a table are valid only until the
// next insert: address records by slot and re-derive pointers.
//
// Beside this file: the index's probes (hash-index.ts), the journal and the undo log (logs.ts),
// the gas counters (gas.ts).

import { JOURNAL_TABLE, JOURNAL_SLOT, JOURNAL_ENTRY_SIZE, REMOVED_BIT } from "../abi/journal";
import { countRead, countWrite, countDelete } from "./gas";
import { EMPTY, hash64, indexInsert, indexDelete } from "./hash-index";
import {
  grow, journalPtr, journalCount, journalAppend, journalTruncate, UNDO_MODIFIED, UNDO_INSERTED, UNDO_REMOVED,
  undoPtr, undoEntries, undoAppend, inTx, spDepth, spUsed, spUndoUsed, spUndoEntries,
} from "./logs";

const MIN_INDEX_CAPACITY: u32 = 16;
const MIN_RECORDS: u32 = 16;

/** Whether the last `upsert` inserted a new record. */
export let inserted = false;

// Per-slot flags, in the first byte of the slot's header.
const SLOT_HEADER: u32 = 8;
const LIVE: u8 = 1;
const DIRTY: u8 = 2; // journaled this block
const FREED: u8 = 4; // removed this block: bytes kept until the journal is cleared
const FREE: u8 = 8; // on the free list
const SAVED: u8 = 16; // its state before the current transaction (or savepoint) is in the undo log

// Transactions (the SDK's cache context): between `txBegin` and `txCommit` / `txAbort`, the first
// change to each record saves its prior bytes and flags in an undo log; an abort restores them,
// un-inserts new records, re-inserts removed ones and truncates the journal, so a failed message
// leaves no trace. The undo log's entries: logs.ts; the transaction's begin, end and savepoints
// (SAVED: saved at the innermost open level): tx.ts.
const tables = new Array<Table>();

export class Table {
  readonly id: u32;
  readonly recordSize: u32;
  /**
   * Slots: slot i at records + i * stride, an 8-byte header (its flags byte first) then the
   * record's bytes. The flags sit next to the record, not in an array of their own, so a write to
   * a record that was just looked up (touch: flags, undo, journal) costs no other cache line or
   * page of a big table.
   */
  private records: usize = 0;
  private readonly stride: u32;
  private recordCapacity: u32 = 0;
  /** Slots handed out so far (live or freed). */
  private slotsUsed: u32 = 0;
  /** Freed slots ready for reuse (a stack of slot numbers). */
  private freeList: usize = 0;
  private freeCount: u32 = 0;
  private freeCapacity: u32 = 0;
  /** Hash index: keys (u64) and slots (u32), open addressing with linear probing (hash-index.ts). */
  private indexKeys: usize = 0;
  private indexSlots: usize = 0;
  private indexCapacity: u32 = 0;
  private live: u32 = 0;

  /** `id`: the table's fixed id (store/table-ids.ts), whatever order the tables are created in. */
  constructor(recordSize: u32, id: u32) {
    assert(recordSize >= 8, "a record starts with its u64 key");
    this.id = id;
    this.recordSize = recordSize;
    this.stride = ((recordSize + 7) & ~7) + SLOT_HEADER;
    // A table created before one of a lower id leaves a hole the other fills (every id is taken by
    // the time the module's initialisation ends).
    while (<u32>tables.length <= id) tables.push(changetype<Table>(0));
    assert(changetype<usize>(unchecked(tables[id])) == 0, "two tables with one id");
    tables[id] = this;
    this.growIndex(MIN_INDEX_CAPACITY);
  }

  /** Number of live records. */
  get size(): u32 {
    return this.live;
  }

  /** Slots the records block holds before it must grow (by doubling, into a fresh block). */
  get capacity(): u32 {
    return this.recordCapacity;
  }

  /** Bytes of a slot: the record rounded up to 8, with its 8-byte header. */
  get slotBytes(): u32 {
    return this.stride;
  }

  /** Entries of the hash index (a power of two; it doubles past 3/4 full). */
  get indexSize(): u32 {
    return this.indexCapacity;
  }

  /**
   * Room for `n` live records at once (a restart or an import knows how many it will place): one
   * records block and one index of their final size, instead of the doublings' discarded blocks.
   */
  reserve(n: u32): void {
    if (n > this.recordCapacity) {
      this.records = grow(this.records, <usize>this.slotsUsed * this.stride, <usize>n * this.stride);
      this.recordCapacity = n;
    }
    let cap = this.indexCapacity;
    while ((<u64>n + 1) * 4 > <u64>cap * 3) cap *= 2;
    if (cap > this.indexCapacity) this.growIndex(cap);
  }

  /** Slots ever handed out (live, freed or free): iterate 0..slotCount and test `isLive`. */
  get slotCount(): u32 {
    return this.slotsUsed;
  }

  // @ts-ignore: decorator
  @inline
  ptr(slot: u32): usize {
    return this.records + <usize>slot * <usize>this.stride + <usize>SLOT_HEADER;
  }

  /** The address of a slot's flags byte (LIVE, DIRTY, FREED, FREE, SAVED). */
  // @ts-ignore: decorator
  @inline
  private flagsAt(slot: u32): usize {
    return this.records + <usize>slot * <usize>this.stride;
  }

  isLive(slot: u32): bool {
    return slot < this.slotsUsed && (load<u8>(this.flagsAt(slot)) & LIVE) != 0;
  }

  /** The slot of `key`, or -1. */
  find(key: u64): i32 {
    countRead(this.recordSize);
    const mask = this.indexCapacity - 1;
    let i = <u32>hash64(key) & mask;
    while (true) {
      const s = load<u32>(this.indexSlots + (<usize>i << 2));
      if (s == EMPTY) return -1;
      if (load<u64>(this.indexKeys + (<usize>i << 3)) == key) return <i32>s;
      i = (i + 1) & mask;
    }
    return -1;
  }

  /** `find` uncounted: a lookup the SDK's keepers make without a store read of their own (a vesting account's lock, read with the account). */
  peek(key: u64): i32 {
    if (this.live == 0) return -1;
    const mask = this.indexCapacity - 1;
    let i = <u32>hash64(key) & mask;
    while (true) {
      const s = load<u32>(this.indexSlots + (<usize>i << 2));
      if (s == EMPTY) return -1;
      if (load<u64>(this.indexKeys + (<usize>i << 3)) == key) return <i32>s;
      i = (i + 1) & mask;
    }
    return -1;
  }

  /**
   * `find` with a guess: when `hint` is a live slot holding `key` (a key has one live slot), that
   * slot without a probe of the index; else `find`. Counted as one read either way, as `find`.
   */
  findHint(key: u64, hint: i32): i32 {
    if (hint >= 0 && <u32>hint < this.slotsUsed && (load<u8>(this.flagsAt(<u32>hint)) & LIVE) != 0 && load<u64>(this.ptr(<u32>hint)) == key) {
      countRead(this.recordSize);
      return hint;
    }
    return this.find(key);
  }

  /**
   * The slot of `key`, inserting a zeroed record with that key if absent (`inserted` says which).
   * The record is journaled as changed.
   */
  upsert(key: u64): u32 {
    const found = this.find(key);
    if (found >= 0) {
      inserted = false;
      this.touch(<u32>found);
      return <u32>found;
    }
    inserted = true;
    const slot = this.takeSlot();
    const p = this.ptr(slot);
    memory.fill(p, 0, this.recordSize);
    store<u64>(p, key);
    store<u8>(this.flagsAt(slot), LIVE);
    this.live++;
    if ((this.live + 1) * 4 > this.indexCapacity * 3) this.growIndex(this.indexCapacity * 2);
    indexInsert(this.indexKeys, this.indexSlots, this.indexCapacity, key, slot);
    if (inTx) this.saveUndo(slot, UNDO_INSERTED);
    this.touch(slot);
    return slot;
  }

  /** `upsert` with a guess (see `findHint`): the same slot, journal and gas counts, without the probe when the guess holds. */
  upsertHint(key: u64, hint: i32): u32 {
    if (hint >= 0 && <u32>hint < this.slotsUsed && (load<u8>(this.flagsAt(<u32>hint)) & LIVE) != 0 && load<u64>(this.ptr(<u32>hint)) == key) {
      countRead(this.recordSize);
      inserted = false;
      this.touch(<u32>hint);
      return <u32>hint;
    }
    return this.upsert(key);
  }

  /**
   * Restore: place a record (its bytes at `src`, key first) as stored, without journaling it (it
   * is already durable). Outside transactions only; used on an empty table at startup.
   */
  restore(src: usize): void {
    const key = load<u64>(src);
    const found = this.find(key);
    let slot: u32;
    if (found >= 0) {
      slot = <u32>found;
    } else {
      slot = this.takeSlot();
      this.live++;
      if ((this.live + 1) * 4 > this.indexCapacity * 3) this.growIndex(this.indexCapacity * 2);
      indexInsert(this.indexKeys, this.indexSlots, this.indexCapacity, key, slot);
    }
    memory.copy(this.ptr(slot), src, this.recordSize);
    store<u8>(this.flagsAt(slot), LIVE);
  }

  /** Journal a write to a live slot (once per block); inside a transaction, save it first. */
  touch(slot: u32): void {
    countWrite(this.recordSize);
    const f = this.flagsAt(slot);
    let v = load<u8>(f);
    if (inTx && (v & SAVED) == 0) {
      this.saveUndo(slot, UNDO_MODIFIED);
      v = load<u8>(f);
    }
    if ((v & DIRTY) != 0) return;
    store<u8>(f, v | DIRTY);
    journalAppend(this.id, slot);
  }

  /** `touch` with its commonest case inline: outside transactions, a slot already journaled. */
  // @ts-ignore: decorator
  @inline
  touchQuick(slot: u32): void {
    if (inTx || (load<u8>(this.flagsAt(slot)) & DIRTY) == 0) this.touch(slot);
    else {
      countWrite(this.recordSize);
    }
  }

  /** Save a record's bytes and flags in the undo log (once per transaction) and mark it SAVED. */
  private saveUndo(slot: u32, kind: u32): void {
    const f = this.flagsAt(slot);
    const v = load<u8>(f);
    undoAppend(this.id, slot, kind, <u32>(v & ~SAVED), this.ptr(slot), this.recordSize);
    store<u8>(f, v | SAVED);
  }

  /** Undo one saved change (called in reverse order by `txAbort`). */
  undo(slot: u32, kind: u32, flags: u8, bytes: usize): void {
    const key = load<u64>(bytes);
    if (kind == UNDO_INSERTED) {
      const f = this.flagsAt(slot);
      if ((load<u8>(f) & LIVE) != 0) {
        indexDelete(this.indexKeys, this.indexSlots, this.indexCapacity, key);
        this.live--;
      } // else removed again in the same transaction: already out of the index
      store<u8>(f, FREE);
      this.pushFree(slot);
      return;
    }
    if (kind == UNDO_REMOVED) {
      indexInsert(this.indexKeys, this.indexSlots, this.indexCapacity, key, slot);
      this.live++;
    }
    memory.copy(this.ptr(slot), bytes, this.recordSize);
    store<u8>(this.flagsAt(slot), flags);
  }

  /** Forget that a slot was saved (the transaction is over). */
  unsave(slot: u32): void {
    const f = this.flagsAt(slot);
    store<u8>(f, load<u8>(f) & ~SAVED);
  }

  /** Delete the record of `key`; false if there was none. */
  remove(key: u64): bool {
    const slot = this.find(key);
    if (slot < 0) return false;
    this.removeAt(<u32>slot);
    return true;
  }

  /** Delete the live record at `slot` (just found: no second lookup of its key). */
  removeAt(slot: u32): void {
    countDelete();
    const key = load<u64>(this.ptr(slot));
    if (inTx) {
      const f = this.flagsAt(slot);
      // A record inserted in this transaction simply goes away on abort; any other is restored.
      if ((load<u8>(f) & SAVED) == 0) this.saveUndo(<u32>slot, UNDO_REMOVED);
      else markUndoRemoved(this.id, <u32>slot);
    }
    indexDelete(this.indexKeys, this.indexSlots, this.indexCapacity, key);
    store<u8>(this.flagsAt(slot), FREED | (load<u8>(this.flagsAt(slot)) & SAVED));
    journalAppend(this.id, <u32>slot | REMOVED_BIT);
    this.live--;
  }

  /** For one journal entry being cleared: a written slot is clean again, a freed one reusable. */
  settle(slot: u32): void {
    const f = this.flagsAt(slot);
    const v = load<u8>(f);
    if (v == FREED) {
      store<u8>(f, FREE);
      this.pushFree(slot);
    } else if ((v & DIRTY) != 0) {
      store<u8>(f, v & ~DIRTY);
    }
  }

  private takeSlot(): u32 {
    if (this.freeCount > 0) {
      this.freeCount--;
      return load<u32>(this.freeList + (<usize>this.freeCount << 2));
    }
    if (this.slotsUsed == this.recordCapacity) {
      const cap = this.recordCapacity == 0 ? MIN_RECORDS : this.recordCapacity * 2;
      this.records = grow(this.records, <usize>this.slotsUsed * this.stride, <usize>cap * this.stride);
      this.recordCapacity = cap;
    }
    return this.slotsUsed++;
  }

  private pushFree(slot: u32): void {
    if (this.freeCount == this.freeCapacity) {
      const cap = this.freeCapacity == 0 ? 64 : this.freeCapacity * 2;
      this.freeList = grow(this.freeList, <usize>this.freeCount << 2, <usize>cap << 2);
      this.freeCapacity = cap;
    }
    store<u32>(this.freeList + (<usize>this.freeCount << 2), slot);
    this.freeCount++;
  }

  private growIndex(capacity: u32): void {
    const oldKeys = this.indexKeys, oldSlots = this.indexSlots, oldCap = this.indexCapacity;
    this.indexKeys = heap.alloc(<usize>capacity << 3);
    this.indexSlots = heap.alloc(<usize>capacity << 2);
    memory.fill(this.indexSlots, 0xff, <usize>capacity << 2);
    this.indexCapacity = capacity;
    for (let i: u32 = 0; i < oldCap; i++) {
      const s = load<u32>(oldSlots + (<usize>i << 2));
      if (s != EMPTY) {
        indexInsert(this.indexKeys, this.indexSlots, this.indexCapacity, load<u64>(oldKeys + (<usize>i << 3)), s);
      }
    }
    if (oldCap > 0) {
      heap.free(oldKeys);
      heap.free(oldSlots);
    }
  }
}

/**
 * A record saved as MODIFIED and then removed in the same transaction must be re-inserted on
 * abort: turn its entry into REMOVED (an INSERTED one stays: undoing the insert removes it). With
 * savepoints, the entry is the record's last one (its innermost level's), at or after the open
 * level's mark; without, its only one.
 */
function markUndoRemoved(table: u32, slot: u32): void {
  let off: usize = spDepth > 0 ? <usize>unchecked(spUndoUsed[spDepth - 1]) : 0;
  let last: usize = 0;
  for (let i: u32 = spDepth > 0 ? unchecked(spUndoEntries[spDepth - 1]) : 0; i < undoEntries; i++) {
    const e = undoPtr + off;
    if (load<u32>(e) == table && load<u32>(e, 4) == slot) {
      last = e;
      if (!spUsed) break;
    }
    off += 16 + <usize>unchecked(tables[load<u32>(e)]).recordSize;
  }
  if (last != 0 && load<u32>(last, 8) == UNDO_MODIFIED) store<u32>(last, UNDO_REMOVED, 8);
}

/** Forget the journal (the host has persisted it): O(entries); freed slots become reusable. */
export function journalClear(): void {
  for (let i: u32 = 0; i < journalCount; i++) {
    const e = journalPtr + <usize>(i * JOURNAL_ENTRY_SIZE);
    unchecked(tables[load<u32>(e, JOURNAL_TABLE)]).settle(load<u32>(e, JOURNAL_SLOT) & ~REMOVED_BIT);
  }
  journalTruncate(0);
}

export function tableCount(): i32 {
  return tables.length;
}

export function tableAt(id: i32): Table {
  return tables[id];
}

/** `tableAt` unchecked: an id from the undo log or the journal. */
// @ts-ignore: decorator
@inline
export function tableOf(id: u32): Table {
  return unchecked(tables[id]);
}
