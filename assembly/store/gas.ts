// Gas counters: store operations since the core started (never reset, never state). The host
// takes their differences over a transaction and prices them with the SDK's gas schedule. A read
// is a key lookup (`find`, also inside upsert and remove), a write a `touch` (every call, journaled
// or not) or an insert, a delete a removal; bytes are the record's size (its key included).
// Only the tables (table.ts) count, through the inline helpers below: two increments a call.

export let gasReads: u64 = 0;
export let gasReadBytes: u64 = 0;
export let gasWrites: u64 = 0;
export let gasWriteBytes: u64 = 0;
export let gasDeletes: u64 = 0;

export function resetGasCounters(): void {
  gasReads = 0;
  gasReadBytes = 0;
  gasWrites = 0;
  gasWriteBytes = 0;
  gasDeletes = 0;
}

/** A key lookup in a table of `recordSize`-byte records. */
// @ts-ignore: decorator
@inline
export function countRead(recordSize: u32): void {
  gasReads++;
  gasReadBytes += <u64>recordSize;
}

/** A write of a `recordSize`-byte record. */
// @ts-ignore: decorator
@inline
export function countWrite(recordSize: u32): void {
  gasWrites++;
  gasWriteBytes += <u64>recordSize;
}

/** A removal. */
// @ts-ignore: decorator
@inline
export function countDelete(): void {
  gasDeletes++;
}
