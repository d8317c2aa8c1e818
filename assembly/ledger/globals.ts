// Ledger-wide values that are not per account or per validator, one record each, so the journal
// persists them like any other record.

import { Table } from "../store/table";
import { T_LEDGER_CELLS } from "../store/table-ids";

/** x/distribution fee pool: the community pool (Dec). */
export const COMMUNITY_POOL: u64 = 1;
/** The current block's time, unix nanoseconds (set by BeginBlock). */
export const BLOCK_TIME: u64 = 2;
/** The last unbonding entry id handed out. */
export const ENTRY_SEQUENCE: u64 = 3;

const VALUE: i32 = 8;
const cells = new Table(24, T_LEDGER_CELLS);

// Each cell's slot as last found (0: unknown, else slot + 1): BeginBlock writes two cells a block.
const cellSlots = new StaticArray<u32>(4);

export function cellPtr(id: u64): usize {
  if (id >= 4) return cells.ptr(cells.upsert(id)) + VALUE;
  const slot = cells.upsertHint(id, <i32>unchecked(cellSlots[<i32>id]) - 1);
  unchecked(cellSlots[<i32>id] = slot + 1);
  return cells.ptr(slot) + VALUE;
}

export function cellLo(id: u64): u64 {
  const s = cells.find(id);
  return s < 0 ? 0 : load<u64>(cells.ptr(<u32>s), VALUE);
}

export function cellHi(id: u64): u64 {
  const s = cells.find(id);
  return s < 0 ? 0 : load<u64>(cells.ptr(<u32>s), VALUE + 8);
}
