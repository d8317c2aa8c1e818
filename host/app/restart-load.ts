// A restart's bulk load (init.ts restore): the stored core records placed in the core a chunk at a
// time (store/restart-read.ts: one BLOB of `table ‖ record` per 8,192 rows, copied into the core's
// buffer and placed record by record there), and the accounts packed as the state hash's inputs
// (commit.ts authBytes, after their table), for store/stored-digests.ts to sum.

import type { RecordChunk } from "../store/restart-read.js";
import type { NodeStore } from "../store/store.js";
import type { DigestSum } from "../store/stored-digests.js";
import { NodeStateError } from "../framework/types.js";
import { AUTH_TABLE, keyOf } from "./commit.js";
import type { AppState } from "./state.js";

/** One chunk's records into the core (not journaled: they are durable already); `hashEach`: each into the hash too (a replica's). */
export function placeChunk(s: AppState, c: RecordChunk, source: string, hashEach: boolean): void {
  const x = s.core.exports;
  if (c.table >= x.storeTableCount() || c.size !== x.storeRecordSize(c.table)) {
    throw new NodeStateError(`${source}: record of table ${c.table} does not fit this core build`);
  }
  const stride = c.size + 4;
  const per = Math.floor(x.bufferCapacity() / stride);
  const ptr = x.bufferPtr();
  for (let i = 0; i < c.count; i += per) {
    const n = Math.min(per, c.count - i);
    new Uint8Array(x.memory.buffer, ptr, n * stride).set(c.bytes.subarray(i * stride, (i + n) * stride));
    for (let j = 0; j < n; j++) x.storeRestore(c.table, ptr + j * stride + 4);
  }
  if (hashEach) {
    for (let o = 4; o < c.bytes.length; o += stride) {
      const bytes = c.bytes.subarray(o, o + c.size);
      s.hash.addStored(c.table, keyOf(bytes), bytes);
    }
  }
}

const ACCOUNTS_CHUNK = 1 << 20;

/** Every stored account as the hash's input (u32 AUTH_TABLE ‖ u64 id ‖ u64 sequence ‖ address), each after its u16 length, into `digests`. */
export function hashAccounts(store: NodeStore, digests: DigestSum): void {
  let buf = Buffer.from(new ArrayBuffer(ACCOUNTS_CHUNK));
  let o = 0;
  for (const page of store.accountHashRows()) for (const [id, sequence, address] of page) {
    if (o + 22 + 3 * address.length > ACCOUNTS_CHUNK) {
      digests.add(buf.subarray(0, o), 0);
      buf = Buffer.from(new ArrayBuffer(ACCOUNTS_CHUNK));
      o = 0;
    }
    const start = o;
    buf.writeUInt32LE(AUTH_TABLE, o + 2);
    u64(buf, o + 6, id, String(id));
    u64(buf, o + 14, Number(sequence), sequence);
    o += 22;
    o += buf.write(address, o, "utf8");
    buf.writeUInt16LE(o - start - 2, start);
  }
  if (o > 0) digests.add(buf.subarray(0, o), 0);
}

/** A u64 little-endian: `n` where it is exact, else the decimal text's bigint (authBytes's bytes either way). */
function u64(buf: Buffer, at: number, n: number, text: string): void {
  if (Number.isSafeInteger(n) && n >= 0) {
    buf.writeUInt32LE(n % 0x1_0000_0000, at);
    buf.writeUInt32LE(Math.floor(n / 0x1_0000_0000), at + 4);
  } else buf.writeBigUInt64LE(BigInt(text), at);
}
