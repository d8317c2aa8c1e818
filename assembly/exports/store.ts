// The state store (store/table.ts, its logs in store/logs.ts): what the host persists (records,
// the journal of changes, abi/journal.ts), tables of its own, and the store's gas counters
// (store/gas.ts, abi/gas-counters.ts).

import * as tables from "../store/table";
import * as storeLogs from "../store/logs";
import * as gas from "../store/gas";
import { GAS_READS, GAS_READ_BYTES, GAS_WRITES, GAS_WRITE_BYTES, GAS_DELETES } from "../abi/gas-counters";

/** A new table of `recordSize`-byte records (the first 8 bytes are the key); returns its id. */
export function storeCreateTable(recordSize: u32): u32 {
  return new tables.Table(recordSize, <u32>tables.tableCount()).id;
}
/**
 * The state format: what the records' bytes mean. A database or an export keeps the format it
 * was written in, and a node refuses another one, so records are never read with another layout.
 * Bump it with any change to a record's layout or meaning, or to the tables' order.
 *   1  the first node databases
 *   2  tier params record; a delegation's withdraw-address flag and copy (D_ROUTED, D_RECIPIENT)
 */
export function stateFormat(): u32 {
  return 2;
}
export function storeTableCount(): i32 {
  return tables.tableCount();
}
export function storeRecordSize(table: i32): u32 {
  return tables.tableAt(table).recordSize;
}
export function storeSize(table: i32): u32 {
  return tables.tableAt(table).size;
}
/** Slot of `key`, or -1. */
export function storeFind(table: i32, key: u64): i32 {
  return tables.tableAt(table).find(key);
}
/** Slot of `key`, created zeroed (with its key) if absent; journaled. */
export function storeUpsert(table: i32, key: u64): u32 {
  return tables.tableAt(table).upsert(key);
}
/** 1 if the last storeUpsert created the record. */
export function storeInserted(): i32 {
  return tables.inserted ? 1 : 0;
}
/** Delete `key`'s record; 0 if there was none. */
export function storeRemove(table: i32, key: u64): i32 {
  return tables.tableAt(table).remove(key) ? 1 : 0;
}
/** Pointer to a slot's bytes (valid until the table's next insert). */
export function storeRecordPtr(table: i32, slot: u32): usize {
  return tables.tableAt(table).ptr(slot);
}
/** Journal a write the host made through storeRecordPtr. */
export function storeTouch(table: i32, slot: u32): void {
  tables.tableAt(table).touch(slot);
}
/** The journal since the last clear: `storeJournalLength()` entries (abi/journal.ts). */
export function storeJournalPtr(): usize {
  return storeLogs.journalEntries();
}
export function storeJournalLength(): u32 {
  return storeLogs.journalLength();
}
export function storeJournalClear(): void {
  tables.journalClear();
}
/** Gas counters (not state) since the last reset at `dst` (abi/gas-counters.ts). */
export function storeGasCounters(dst: usize): void {
  store<u64>(dst, gas.gasReads, GAS_READS);
  store<u64>(dst, gas.gasReadBytes, GAS_READ_BYTES);
  store<u64>(dst, gas.gasWrites, GAS_WRITES);
  store<u64>(dst, gas.gasWriteBytes, GAS_WRITE_BYTES);
  store<u64>(dst, gas.gasDeletes, GAS_DELETES);
}
export function storeGasCountersReset(): void {
  gas.resetGasCounters();
}
/** Restore at startup: place a stored record (its bytes at `src`, key first) in `table`, without journaling it. */
export function storeRestore(table: i32, src: usize): void {
  tables.tableAt(table).restore(src);
}
/** Room for `n` records in `table` at once (restore, import): see Table.reserve. */
export function storeReserve(table: i32, n: u32): void {
  tables.tableAt(table).reserve(n);
}
/** Slots `table`'s records block holds now. */
export function storeCapacity(table: i32): u32 {
  return tables.tableAt(table).capacity;
}
/** Bytes of one slot of `table` (record and header). */
export function storeSlotBytes(table: i32): u32 {
  return tables.tableAt(table).slotBytes;
}
/** Entries of `table`'s hash index (12 bytes each). */
export function storeIndexSize(table: i32): u32 {
  return tables.tableAt(table).indexSize;
}
/**
 * The top of the heap: every byte below it is taken (the stub runtime's bump allocator never
 * reuses a block but the last one). Allocating a minimal block and freeing it again (it is the
 * last) reads it without moving it.
 */
export function heapTop(): usize {
  const p = heap.alloc(0);
  heap.free(p);
  return p;
}
