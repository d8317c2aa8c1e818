// The state hash: a commitment over every record, Σ sha256(table ‖ record bytes) mod 2^256 (the
// key is the record's first 8 bytes). A block's changes update the sum in O(changes) whatever the
// size of the state: a changed record's former digest is taken off the sum. Until the state is in a
// database (a new chain before its first block, a node without one), every record's digest is kept
// here; once the database holds the state (`settle`, after each block's write, and at a restart),
// only the digests of records changed since the last write are kept, and the former bytes of a
// record changed again are read back from the database (`HashSource`): the JS heap holds no copy
// of the state. The order records were written in, or reloaded in, does not matter. Dev mode's
// snapshots (dev/chain.ts) set marks: from a mark on, the first digest each record had is kept,
// and no digest is forgotten while a mark is set, so going back to the mark costs O(changes).

import { hash } from "node:crypto";

const MOD = 1n << 256n;

/** Where the bytes a record had at the last written block are read (the database). */
export interface HashSource {
  bytes(table: number, key: string): Uint8Array | undefined;
}

export class StateHash {
  /** Digests by record: every record's while `source` is unset; else those changed since the last write (null: removed). */
  private readonly digests = new Map<string, bigint | null>();
  private source: HashSource | undefined;
  private sum = 0n;
  /** Digests of stored records not yet in `sum`: 8 big-endian 32-bit limbs, added without carries (a restart adds millions; no bigint each). */
  private readonly limbs = new Float64Array(8);
  private unfolded = 0;
  /** Per mark, the digest (or absence) each record changed since had at the mark. */
  private readonly marks: Map<string, bigint | undefined>[] = [];

  /** A record (table, key) now holds `bytes`. */
  put(table: number, key: string, bytes: Uint8Array): void {
    const id = `${table}:${key}`;
    const d = digest(table, bytes);
    const old = this.current(id, table, key);
    this.keep(id, old);
    this.sum = (this.sum - (old ?? 0n) + d + MOD) % MOD;
    this.digests.set(id, d);
  }

  /** A record is gone. */
  remove(table: number, key: string): void {
    const id = `${table}:${key}`;
    const old = this.current(id, table, key);
    if (old === undefined) return;
    this.keep(id, old);
    this.sum = (this.sum - old + MOD) % MOD;
    if (this.source === undefined) this.digests.delete(id);
    else this.digests.set(id, null);
  }

  /**
   * The database now holds every record put so far (a block written, or a restart about to load
   * it): the digests kept are forgotten unless a mark needs them, and from now on a record's former
   * bytes are read from `source`.
   */
  settle(source: HashSource): void {
    this.source = source;
    if (this.marks.length === 0) this.digests.clear();
  }

  /** A record as the database holds it (a restart, after `settle`): into the sum, its digest not kept. */
  addStored(table: number, key: string, bytes: Uint8Array): void {
    if (this.source === undefined) {
      this.put(table, key, bytes);
      return;
    }
    const d = hash("sha256", input(table, bytes), "buffer") as Uint8Array;
    for (let i = 0; i < 8; i++) this.limbs[i]! += ((d[4 * i]! << 24) | (d[4 * i + 1]! << 16) | (d[4 * i + 2]! << 8) | d[4 * i + 3]!) >>> 0;
    if (++this.unfolded === FOLD_EVERY) this.fold();
  }

  /** A sum of stored records' digests (a restart's, hashed in bulk: stored-digests.ts), after `settle`. */
  addStoredSum(sum: bigint): void {
    if (this.source === undefined) throw new Error("addStoredSum before settle: each record's digest is needed");
    this.sum = (this.sum + sum) % MOD;
  }

  /** The limbs into the sum (exact: each stays below 2^53 for FOLD_EVERY additions). */
  private fold(): void {
    let v = 0n;
    for (let i = 0; i < 8; i++) v = (v << 32n) + BigInt(this.limbs[i]!);
    this.sum = (this.sum + v) % MOD;
    this.limbs.fill(0);
    this.unfolded = 0;
  }

  /** A mark: `undoTo` returns here. Returns its depth (1 for the first). */
  mark(): number {
    this.marks.push(new Map());
    return this.marks.length;
  }

  /** Back to the state at the mark of `depth`; that mark and the later ones are gone. */
  undoTo(depth: number): void {
    if (depth < 1 || depth > this.marks.length) throw new RangeError(`no mark ${depth}`);
    while (this.marks.length >= depth) {
      for (const [id, d] of this.marks.pop()!) {
        // changed since the mark, so kept (nothing is forgotten while a mark is set)
        this.sum = (this.sum - (this.digests.get(id) ?? 0n) + (d ?? 0n) + MOD) % MOD;
        if (d !== undefined) this.digests.set(id, d);
        else if (this.source === undefined) this.digests.delete(id);
        else this.digests.set(id, null);
      }
    }
  }

  /** The digest a record has now (undefined: no such record). */
  private current(id: string, table: number, key: string): bigint | undefined {
    const kept = this.digests.get(id);
    if (kept !== undefined) return kept ?? undefined;
    if (this.source === undefined) return undefined;
    const bytes = this.source.bytes(table, key);
    return bytes === undefined ? undefined : digest(table, bytes);
  }

  private keep(id: string, old: bigint | undefined): void {
    const top = this.marks[this.marks.length - 1];
    if (top !== undefined && !top.has(id)) top.set(id, old);
  }

  /** 32 bytes, hex (upper case, as CometBFT shows app hashes). */
  hex(): string {
    if (this.unfolded > 0) this.fold();
    return this.sum.toString(16).padStart(64, "0").toUpperCase();
  }

  /** How many digests are held (every record's until the first `settle`; then the changed ones'). */
  get held(): number {
    return this.digests.size;
  }
}

const FOLD_EVERY = 1 << 20;
let scratch = new Uint8Array(512);

/** table (u32 little-endian) ‖ bytes, in a buffer reused from call to call. */
function input(table: number, bytes: Uint8Array): Uint8Array {
  const n = 4 + bytes.length;
  if (scratch.length < n) scratch = new Uint8Array(2 * n);
  scratch[0] = table & 0xff;
  scratch[1] = (table >>> 8) & 0xff;
  scratch[2] = (table >>> 16) & 0xff;
  scratch[3] = (table >>> 24) & 0xff;
  scratch.set(bytes, 4);
  return scratch.subarray(0, n);
}

function digest(table: number, bytes: Uint8Array): bigint {
  // node:crypto's one-shot sha256 (native; the browser bundles' shim is @noble's): a restart hashes every record.
  return BigInt(`0x${hash("sha256", input(table, bytes), "hex")}`);
}
