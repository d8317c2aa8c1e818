// The state hash: a commitment over every record, Σ sha256(table ‖ record bytes) mod 2^256 (the
// key is the record's first 8 bytes). Each record's digest is kept, so a block's changes update
// the sum in O(changes) whatever the size of the state; the order records were written in, or
// reloaded in, does not matter.

import { createHash } from "node:crypto";

const MOD = 1n << 256n;

export class StateHash {
  private readonly digests = new Map<string, bigint>();
  private sum = 0n;

  /** A record (table, key) now holds `bytes`. */
  put(table: number, key: string, bytes: Uint8Array): void {
    const id = `${table}:${key}`;
    const d = digest(table, bytes);
    this.sum = (this.sum - (this.digests.get(id) ?? 0n) + d + MOD) % MOD;
    this.digests.set(id, d);
  }

  /** A record is gone. */
  remove(table: number, key: string): void {
    const id = `${table}:${key}`;
    const old = this.digests.get(id);
    if (old === undefined) return;
    this.sum = (this.sum - old + MOD) % MOD;
    this.digests.delete(id);
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
