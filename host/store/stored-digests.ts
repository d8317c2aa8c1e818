// A restart's sum of the stored records' digests (state-hash.ts: Σ sha256(table ‖ bytes) mod 2^256)
// over inputs read in bulk (restart-read.ts): `table ‖ bytes` runs of one stride, or runs of inputs
// each after its u16 little-endian length. Past `restartHashing.workerFrom` inputs, a worker thread
// hashes them while the main thread fills the core; the restart then waits for its sum (Atomics.wait:
// restore stays synchronous) and compares it with the last block's app hash before the node answers
// anything. A chunk is handed over (transferred) only after the core has its records: the worker
// hashes the bytes the core holds. While the worker is `backlog` chunks behind, the thread hashes
// the next chunk itself (the two sums add up). Fewer inputs: hashed in the thread, the same way.

import { hash } from "node:crypto";
import { Worker } from "node:worker_threads";

/**
 * `workerFrom`: from how many stored inputs (records and accounts) a restart hashes on a worker
 * (tests set 0 to take that path). `backlog`: chunks handed to the worker and not yet hashed past
 * which the thread hashes the next chunk itself (whichever thread has the CPU does the work).
 */
export const restartHashing = { workerFrom: 100_000, backlog: 3 };

export interface DigestSum {
  /** `bytes`: inputs of `stride` bytes each, or (stride 0) each after its u16 little-endian length. Not used by the caller after. */
  add(bytes: Uint8Array, stride: number): void;
  /** The sum of every input's sha256 mod 2^256 (waits for the worker). */
  finish(): bigint;
  /** Stop (the worker ends); after `finish` or on an error. */
  close(): void;
}

export function digestSum(inputs: number): DigestSum {
  return inputs >= restartHashing.workerFrom ? new WorkerSum() : new LocalSum();
}

// Digests add as 8 big-endian 32-bit limbs without carries (exact below 2^53: folded every 2^20).
const SUMMING = `
const FOLD_EVERY = 1 << 20;
function summer(hash) {
  const limbs = new Float64Array(8);
  let unfolded = 0, sum = 0n;
  const fold = () => {
    let v = 0n;
    for (let i = 0; i < 8; i++) v = (v << 32n) + BigInt(limbs[i]);
    sum = (sum + v) % (1n << 256n);
    limbs.fill(0);
    unfolded = 0;
  };
  const one = (input) => {
    // the digest as a latin1 string, a char per byte: no Buffer per digest (a third of the cost of "buffer")
    const d = hash("sha256", input, "latin1");
    for (let i = 0; i < 8; i++) {
      limbs[i] += ((d.charCodeAt(4 * i) << 24) | (d.charCodeAt(4 * i + 1) << 16) | (d.charCodeAt(4 * i + 2) << 8) | d.charCodeAt(4 * i + 3)) >>> 0;
    }
    if (++unfolded === FOLD_EVERY) fold();
  };
  return {
    add(bytes, stride) {
      const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if (stride > 0) for (let o = 0; o + stride <= b.length; o += stride) one(b.subarray(o, o + stride));
      else for (let o = 0; o < b.length; ) { const n = b[o] | (b[o + 1] << 8); one(b.subarray(o + 2, o + 2 + n)); o += 2 + n; }
    },
    total() { fold(); return sum; },
  };
}
`;

const makeSummer = new Function("hash", `${SUMMING}\nreturn summer(hash);`) as (h: typeof hash) => { add(b: Uint8Array, stride: number): void; total(): bigint };

class LocalSum implements DigestSum {
  private readonly s = makeSummer(hash);
  add(bytes: Uint8Array, stride: number): void {
    this.s.add(bytes, stride);
  }
  finish(): bigint {
    return this.s.total();
  }
  close(): void {}
}

// status[0]: 0 working, 1 done (sum in bytes 12..44), 2 failed (message length in status[1], text from 44); status[2]: chunks hashed
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { hash } = require("node:crypto");
${SUMMING}
const s = summer(hash);
const status = new Int32Array(workerData.shared, 0, 3);
const out = new Uint8Array(workerData.shared);
parentPort.on("message", (m) => {
  try {
    if (m.done) {
      const hex = s.total().toString(16).padStart(64, "0");
      out.set(Buffer.from(hex, "hex"), 12);
      Atomics.store(status, 0, 1);
    } else {
      s.add(new Uint8Array(m.buffer, m.offset, m.length), m.stride);
      Atomics.add(status, 2, 1);
      return;
    }
  } catch (e) {
    const text = Buffer.from(String(e && e.stack || e)).subarray(0, out.length - 44);
    out.set(text, 44);
    Atomics.store(status, 1, text.length);
    Atomics.store(status, 0, 2);
  }
  Atomics.notify(status, 0);
  parentPort.close();
});
`;

const STALL_MS = 120_000;

class WorkerSum implements DigestSum {
  private readonly shared = new SharedArrayBuffer(44 + 2048);
  private readonly status = new Int32Array(this.shared, 0, 3);
  private readonly worker = new Worker(WORKER, { eval: true, workerData: { shared: this.shared } });
  /** What this thread hashed itself while the worker was behind. */
  private readonly local = makeSummer(hash);
  private posted = 0;

  constructor() {
    this.worker.unref();
  }

  add(bytes: Uint8Array, stride: number): void {
    if (this.posted - Atomics.load(this.status, 2) >= restartHashing.backlog) {
      this.local.add(bytes, stride);
      return;
    }
    this.posted++;
    // hand the bytes over without a copy where they own their buffer (a BLOB better-sqlite3 read)
    if (bytes.byteOffset === 0 && !(bytes.buffer instanceof SharedArrayBuffer)) {
      try {
        this.worker.postMessage({ buffer: bytes.buffer, offset: 0, length: bytes.byteLength, stride }, [bytes.buffer as ArrayBuffer]);
        return;
      } catch {
        // an untransferable buffer (Buffer's pool): copied below
      }
    }
    const copy = new Uint8Array(bytes); // a copy (a Buffer's slice() would be a view)
    this.worker.postMessage({ buffer: copy.buffer, offset: 0, length: copy.byteLength, stride }, [copy.buffer]);
  }

  finish(): bigint {
    this.worker.postMessage({ done: true });
    const status = this.status;
    // a worker that never started or died without a word (its events need this thread's loop): no progress for STALL_MS fails the restart
    let hashed = Atomics.load(status, 2);
    let since = performance.now();
    while (Atomics.load(status, 0) === 0) {
      Atomics.wait(status, 0, 0, 1000);
      const now = Atomics.load(status, 2);
      if (now !== hashed) [hashed, since] = [now, performance.now()];
      else if (performance.now() - since > STALL_MS) throw new Error(`the restart's hashing worker made no progress in ${STALL_MS / 1000} s`);
    }
    const out = new Uint8Array(this.shared);
    if (Atomics.load(status, 0) === 2) {
      throw new Error(`the restart's hashing worker failed: ${Buffer.from(out.subarray(44, 44 + status[1]!)).toString()}`);
    }
    return (BigInt(`0x${Buffer.from(out.subarray(12, 44)).toString("hex")}`) + this.local.total()) % (1n << 256n);
  }

  close(): void {
    void this.worker.terminate();
  }
}

const PACK_CHUNK = 1 << 20;

/**
 * Inputs one at a time (the genesis block's records and accounts as its write makes their rows):
 * each `table (u32 LE) ‖ bytes` after its u16 length, in chunks of 1 MiB handed to `sum` (a
 * worker's, from `restartHashing.workerFrom` inputs on: it hashes while the thread writes).
 */
export class DigestPacker {
  private buf = Buffer.from(new ArrayBuffer(PACK_CHUNK)); // its own buffer: handed over without a copy
  private at = 0;
  /** Inputs added (a test's count). */
  count = 0;

  constructor(private readonly sum: DigestSum) {}

  add(table: number, bytes: Uint8Array): void {
    const n = 4 + bytes.length;
    if (n > 0xffff) throw new RangeError(`a state hash input of ${n} bytes (at most 65,535 in a packed chunk)`);
    if (this.at + 2 + n > PACK_CHUNK) this.flush();
    const b = this.buf;
    b.writeUInt16LE(n, this.at);
    b.writeUInt32LE(table >>> 0, this.at + 2);
    b.set(bytes, this.at + 6);
    this.at += 2 + n;
    this.count++;
  }

  /** An account's input as commit.ts `authBytes` makes it (u64 id ‖ u64 sequence ‖ address), after `table`: no array per account. */
  addAccount(table: number, id: number, sequence: bigint, address: string): void {
    if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`account id ${id}`);
    if (22 + 3 * address.length > 0xffff) {
      this.add(table, accountBytes(id, sequence, address));
      return;
    }
    if (this.at + 24 + 3 * address.length > PACK_CHUNK) this.flush();
    const b = this.buf, at = this.at;
    b.writeUInt32LE(table >>> 0, at + 2);
    b.writeUInt32LE(id % 0x1_0000_0000, at + 6);
    b.writeUInt32LE(Math.floor(id / 0x1_0000_0000), at + 10);
    b.writeBigUInt64LE(BigInt.asUintN(64, sequence), at + 14);
    const n = b.write(address, at + 22, "utf8");
    b.writeUInt16LE(20 + n, at);
    this.at += 22 + n;
    this.count++;
  }

  /** The inputs so far to the sum. */
  flush(): void {
    if (this.at === 0) return;
    this.sum.add(this.buf.subarray(0, this.at), 0);
    this.buf = Buffer.from(new ArrayBuffer(PACK_CHUNK));
    this.at = 0;
  }

  /** Every input's digest summed (waits for the worker). */
  finish(): bigint {
    this.flush();
    return this.sum.finish();
  }

  close(): void {
    this.sum.close();
  }
}

function accountBytes(id: number, sequence: bigint, address: string): Uint8Array {
  const addr = Buffer.from(address, "utf8");
  const out = Buffer.alloc(16 + addr.length);
  out.writeBigUInt64LE(BigInt(id), 0);
  out.writeBigUInt64LE(BigInt.asUintN(64, sequence), 8);
  out.set(addr, 16);
  return out;
}
