// The state hash: a commitment over every record, Σ sha256(table ‖ record bytes) mod 2^256 (the
// key is the record's first 8 bytes). Each record's digest is kept, so a block's changes update
// the sum in O(changes) whatever the size of the state; the order records were written in, or
// reloaded in, does not matter. Dev mode's snapshots (dev/chain.ts) set marks: from a mark
// on, the first digest each record had is kept, so going back to the mark costs O(changes).

import { createHash } from "node:crypto";

const MOD = 1n << 256n;

export class StateHash {
  private readonly digests = new Map<string, bigint>();
  private sum = 0n;
  /** Per mark, the digest (or absence) each record changed since had at the mark. */
  private readonly marks: Map<string, bigint | undefined>[] = [];

  /** A record (table, key) now holds `bytes`. */
  put(table: number, key: string, bytes: Uint8Array): void {
    const id = `${table}:${key}`;
    const d = digest(table, bytes);
    this.keep(id);
    this.sum = (this.sum - (this.digests.get(id) ?? 0n) + d + MOD) % MOD;
    this.digests.set(id, d);
  }

  /** A record is gone. */
  remove(table: number, key: string): void {
    const id = `${table}:${key}`;
    const old = this.digests.get(id);
    if (old === undefined) return;
    this.keep(id);
    this.sum = (this.sum - old + MOD) % MOD;
    this.digests.delete(id);
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
        this.sum = (this.sum - (this.digests.get(id) ?? 0n) + (d ?? 0n) + MOD) % MOD;
        if (d === undefined) this.digests.delete(id);
        else this.digests.set(id, d);
      }
    }
  }

  private keep(id: string): void {
    const top = this.marks[this.marks.length - 1];
    if (top !== undefined && !top.has(id)) top.set(id, this.digests.get(id));
  }

  /** 32 bytes, hex (upper case, as CometBFT shows app hashes). */
  hex(): string {
    return this.sum.toString(16).padStart(64, "0").toUpperCase();
  }

  get size(): number {
    return this.digests.size;
  }
}

function digest(table: number, bytes: Uint8Array): bigint {
  const input = new Uint8Array(4 + bytes.length);
  new DataView(input.buffer).setUint32(0, table, true);
  input.set(bytes, 4);
  // node:crypto's sha256 (native; the browser bundles' shim is @noble's): a restart hashes every record.
  return BigInt(`0x${createHash("sha256").update(input).digest("hex")}`);
}
