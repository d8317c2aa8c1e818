// The core's memory bounds. The core keeps every record in one 32-bit WASM memory (at most 65,536
// pages: 4 GiB) through the stub runtime's bump allocator, which never reuses a block but the
// last: a table grows by doubling into a fresh block (the old one stays taken), and one block is
// at most 1 GiB (BLOCK_MAXSIZE). So what a state costs is known before it is loaded (records x
// slot bytes, their hash index, in blocks reserved at their final size), and what the next block
// may cost is known too (the next doubling of each table). The node refuses a state that does not
// fit, before loading it, and txs once the state is near the ceiling (app/ante.ts), with the numbers.

import type { Core } from "./core.js";

/** A 32-bit WASM memory's most: 65,536 pages of 64 KiB. */
export const WASM_MEMORY_MAX = 2 ** 32;
/** The stub runtime's largest block (BLOCK_MAXSIZE, 1 GiB less its header): a table's records or index cannot pass it. */
export const MAX_BLOCK_BYTES = 2 ** 30 - 16;
/** An index entry: a u64 key and a u32 slot. */
const INDEX_ENTRY_BYTES = 12;
/** Kept free beyond the tables' next growth (a block's journal, undo log and buffers): 64 MiB, an eighth of a smaller ceiling. */
export const marginFor = (ceiling: number) => Math.min(64 * 2 ** 20, Math.floor(ceiling / 8));

/** The core's tables in creation order (their ids), named for messages; test/core/memory.test.ts checks the sizes. */
export const TABLE_NAMES: readonly string[] = [
  "balances", "validators", "historical rewards", "slash events", "ledger cells", "delegations", "delegator lists",
  "validator lists", "unbonding entries", "unbonding lists", "unbonding pairs", "redelegation entries", "redelegation lists",
  "redelegation triples", "redelegations received", "withdraw addresses", "tiers", "positions", "position owners",
  "positions by delegator", "tier globals", "tier validator data", "validator events", "tier params",
  "vesting accounts", "vesting periods",
];

export const tableName = (t: number) => TABLE_NAMES[t] ?? `table ${t}`;

/** The smallest index (a power of two, at least 16) that holds `n` records under 3/4 full. */
export function indexSizeFor(n: number): number {
  let cap = 16;
  while ((n + 1) * 4 > cap * 3) cap *= 2;
  return cap;
}

/** Bytes `n` records of a table with `slotBytes` slots take once reserved (records block and index). */
export function reservedBytes(n: number, slotBytes: number): number {
  return n * slotBytes + indexSizeFor(n) * INDEX_ENTRY_BYTES;
}

export interface CoreMemory {
  /** Bytes taken (the heap's top). */
  used: number;
  /** Bytes the next growth of every table would take (each doubling into a fresh block). */
  growth: number;
  ceiling: number;
  /** Kept free beside the growth (marginFor). */
  margin: number;
}

/** Each table's live records, slot bytes, capacity and index bytes. */
export function tableStats(core: Core): { table: number; name: string; records: number; slotBytes: number; capacity: number; indexBytes: number }[] {
  const x = core.exports;
  return TABLE_NAMES.map((name, table) => ({
    table, name, records: x.storeSize(table), slotBytes: x.storeSlotBytes(table), capacity: x.storeCapacity(table), indexBytes: x.storeIndexSize(table) * INDEX_ENTRY_BYTES,
  }));
}

/** What the core's memory holds now, and what its tables' next growth would take. */
export function coreMemory(core: Core, ceiling: number): CoreMemory {
  const x = core.exports;
  let growth = 0;
  for (let t = 0; t < x.storeTableCount(); t++) {
    const cap = x.storeCapacity(t);
    growth += Math.max(cap, 16) * 2 * x.storeSlotBytes(t);
    if ((x.storeSize(t) + 1) * 4 * 2 > x.storeIndexSize(t) * 3) growth += x.storeIndexSize(t) * 2 * INDEX_ENTRY_BYTES;
  }
  return { used: x.heapTop(), growth, ceiling, margin: marginFor(ceiling) };
}

/** The one-line refusal of a state that would not fit: its records by table and the bytes against the ceiling. */
export class StateTooLarge extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StateTooLarge";
  }
}

export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * Check that `counts` records per table fit the core (an empty one: a restart, an import) and
 * reserve their room; a StateTooLarge naming the numbers when they do not. `source` says what
 * holds them (the database, the genesis).
 */
export function reserveState(core: Core, counts: ReadonlyMap<number, number>, ceiling: number, source: string): void {
  const x = core.exports;
  const limit = Math.min(ceiling, WASM_MEMORY_MAX);
  let need = x.heapTop();
  const parts: { table: number; n: number; bytes: number }[] = [];
  for (const [t, n] of counts) {
    if (t >= x.storeTableCount() || n === 0) continue;
    const slot = x.storeSlotBytes(t);
    const bytes = reservedBytes(n, slot);
    if (n * slot > MAX_BLOCK_BYTES) {
      throw new StateTooLarge(
        `${source}: ${n.toLocaleString("en")} records of ${tableName(t)} need one block of ${mib(n * slot)} (${slot} B each), ` +
          `above the core's largest block of ${mib(MAX_BLOCK_BYTES)}: this state does not fit this core (docs/operator.md, "Bounds")`,
      );
    }
    need += bytes;
    parts.push({ table: t, n, bytes });
  }
  // Room for a block after loading: the next growth of the largest tables.
  const headroom = parts.reduce((m, p) => Math.max(m, 2 * p.n * x.storeSlotBytes(p.table)), 0) + marginFor(limit);
  if (need + headroom > limit) {
    const records = parts.reduce((t, p) => t + p.n, 0);
    const top = [...parts].sort((a, b) => b.bytes - a.bytes).slice(0, 4)
      .map((p) => `${tableName(p.table)} ${p.n.toLocaleString("en")} x ${x.storeSlotBytes(p.table)} B`).join(", ");
    throw new StateTooLarge(
      `${source}: ${records.toLocaleString("en")} records (${top}, …) need ${mib(need)} of the core's memory and ${mib(headroom)} more ` +
        `to grow, above its ceiling of ${mib(limit)} (--core-memory-limit; a 32-bit core holds at most 4096 MiB): this state does not fit (docs/operator.md, "Bounds")`,
    );
  }
  for (const p of parts) x.storeReserve(p.table, p.n);
}
