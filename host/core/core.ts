// The host's handle on the WASM core. Browser-safe: it takes the module's bytes (from fs, from
// fetch, from anywhere) and uses no Node API. Amounts cross the boundary as u128 slots written
// from and read into `bigint`; a JS number never carries money.

import { instantiate } from "@assemblyscript/loader";
import { CoreCode, CoreError } from "./errors.js";
import { SLOT_COUNT, U128_BYTES, U128_HIGH, type CoreExports } from "./abi.gen.js";
import { readFields, type Layout } from "./record-layout.js";

type Ptr = number;
type Code = number;

/** The core's exports, as build/core.d.ts declares them (generated: host/core/build-abi.ts). */
export type { CoreExports };

export const U128_MAX = (1n << 128n) - 1n;
const U64_MASK = (1n << 64n) - 1n;
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** Instantiate the core from its bytes or a compiled module. */
export async function loadCore(source: BufferSource | WebAssembly.Module): Promise<Core> {
  const { exports } = await instantiate<Record<string, unknown>>(source, {});
  return new Core(exports as unknown as CoreExports);
}

export class Core {
  readonly exports: CoreExports;
  readonly dec: DecOps;
  private readonly scratch: Ptr;

  constructor(exports: CoreExports) {
    this.exports = exports;
    this.scratch = exports.scratchPtr();
    this.dec = new DecOps(this);
  }

  /** Pointer to scratch slot i (0..SLOT_COUNT - 1): a u128 each. */
  slot(i: number): Ptr {
    if (!Number.isInteger(i) || i < 0 || i >= SLOT_COUNT) throw new RangeError(`no scratch slot ${i}`);
    return this.scratch + i * U128_BYTES;
  }

  private dataView: DataView | undefined;

  /** A view on the core's memory, remade only when memory grows (which replaces the buffer). */
  private view(): DataView {
    const buffer = this.exports.memory.buffer;
    if (this.dataView === undefined || this.dataView.buffer !== buffer) this.dataView = new DataView(buffer);
    return this.dataView;
  }

  /** The view on the core's memory now: valid until the next core call (which may grow the memory and replace its buffer). */
  memoryView(): DataView {
    return this.view();
  }

  writeU128(ptr: Ptr, v: bigint): void {
    // Magnitude first, as every core operation: beyond 128 bits either way is OVERFLOW.
    if (v > U128_MAX || v < -U128_MAX) throw new CoreError(CoreCode.OVERFLOW);
    if (v < 0n) throw new CoreError(CoreCode.UNDERFLOW);
    const dv = this.view();
    dv.setBigUint64(ptr, v & U64_MASK, true);
    dv.setBigUint64(ptr + U128_HIGH, v >> 64n, true);
  }

  readU128(ptr: Ptr): bigint {
    const dv = this.view();
    const lo = dv.getBigUint64(ptr, true);
    const hi = dv.getBigUint64(ptr + U128_HIGH, true);
    return hi === 0n ? lo : lo | (hi << 64n);
  }

  writeU64(ptr: Ptr, v: bigint): void {
    if (v < 0n || v > U64_MASK) throw new RangeError(`not a u64: ${v}`);
    this.view().setBigUint64(ptr, v, true);
  }

  writeI64(ptr: Ptr, v: bigint): void {
    if (v !== BigInt.asIntN(64, v)) throw new RangeError(`not an i64: ${v}`);
    this.view().setBigInt64(ptr, v, true);
  }

  readI64(ptr: Ptr): bigint {
    return this.view().getBigInt64(ptr, true);
  }

  writeI32(ptr: Ptr, v: number): void {
    this.view().setInt32(ptr, v, true);
  }

  readI32(ptr: Ptr): number {
    return this.view().getInt32(ptr, true);
  }

  readU64(ptr: Ptr): bigint {
    return this.view().getBigUint64(ptr, true);
  }

  readU32(ptr: Ptr): number {
    return this.view().getUint32(ptr, true);
  }

  readU8(ptr: Ptr): number {
    return this.view().getUint8(ptr);
  }

  /** The record at `ptr`, decoded by its layout (host/core/record-layout.ts). */
  readRecord<T>(ptr: Ptr, layout: Layout<T>): T {
    return readFields(this.view(), ptr, layout);
  }

  /** Write UTF-8 text into the core's text buffer; returns [pointer, byte length]. */
  writeText(s: string): [Ptr, number] {
    const bytes = utf8.encode(s);
    if (bytes.length > this.exports.textCapacity()) throw new RangeError("text too long");
    const ptr = this.exports.textPtr();
    new Uint8Array(this.exports.memory.buffer, ptr, bytes.length).set(bytes);
    return [ptr, bytes.length];
  }

  readText(ptr: Ptr, len: number): string {
    return fromUtf8.decode(new Uint8Array(this.exports.memory.buffer, ptr, len));
  }

  /** Throw the CoreError for a failed result code. */
  check(code: Code, input = ""): void {
    if (code !== CoreCode.OK) throw new CoreError(code, input, this.exports.lastErrorArg());
  }

  /**
   * A savepoint inside the store transaction the host opened (storeTxBegin): the SDK's cached
   * context within a tx. `rollbackTo` it undoes the core's changes since (records, journal, total
   * supply), `release` keeps them in the enclosing level; either closes it and the levels inside.
   */
  savepoint(): number {
    const sp = this.exports.storeSavepoint();
    if (sp === 0) throw new Error("a savepoint needs an open store transaction (at most 32 levels)");
    return sp;
  }

  rollbackTo(savepoint: number): void {
    if (this.exports.storeRollbackTo(savepoint) !== 0) throw new Error(`savepoint ${savepoint} is not open`);
  }

  release(savepoint: number): void {
    if (this.exports.storeReleaseSavepoint(savepoint) !== 0) throw new Error(`savepoint ${savepoint} is not open`);
  }
}

type Binary = (dst: Ptr, a: Ptr, b: Ptr) => Code;
type Unary = (dst: Ptr, a: Ptr) => Code;
type WithInt = (dst: Ptr, a: Ptr, n: bigint) => Code;

/**
 * The core's Dec operations on raw values (value x 10^18 as bigint). Each throws a CoreError with
 * the reference's message on failure; see assembly/dec/dec.ts for every rounding rule.
 */
export class DecOps {
  constructor(private readonly core: Core) {}

  private binary(fn: Binary, a: bigint, b: bigint): bigint {
    const c = this.core;
    c.writeU128(c.slot(0), a);
    c.writeU128(c.slot(1), b);
    c.check(fn(c.slot(2), c.slot(0), c.slot(1)));
    return c.readU128(c.slot(2));
  }

  private unary(fn: Unary, a: bigint): bigint {
    const c = this.core;
    c.writeU128(c.slot(0), a);
    c.check(fn(c.slot(2), c.slot(0)));
    return c.readU128(c.slot(2));
  }

  private withInt(fn: WithInt, a: bigint, n: bigint): bigint {
    const c = this.core;
    c.writeU128(c.slot(0), a);
    c.check(fn(c.slot(2), c.slot(0), n));
    return c.readU128(c.slot(2));
  }

  private get x(): CoreExports {
    return this.core.exports;
  }

  add = (a: bigint, b: bigint) => this.binary(this.x.decAdd, a, b);
  sub = (a: bigint, b: bigint) => this.binary(this.x.decSub, a, b);
  mul = (a: bigint, b: bigint) => this.binary(this.x.decMul, a, b);
  mulTruncate = (a: bigint, b: bigint) => this.binary(this.x.decMulTruncate, a, b);
  mulRoundUp = (a: bigint, b: bigint) => this.binary(this.x.decMulRoundUp, a, b);
  quo = (a: bigint, b: bigint) => this.binary(this.x.decQuo, a, b);
  quoTruncate = (a: bigint, b: bigint) => this.binary(this.x.decQuoTruncate, a, b);
  quoRoundUp = (a: bigint, b: bigint) => this.binary(this.x.decQuoRoundUp, a, b);
  /** b is an integer. */
  mulInt = (a: bigint, b: bigint) => this.binary(this.x.decMulInt, a, b);
  /** b is an integer. */
  quoInt = (a: bigint, b: bigint) => this.binary(this.x.decQuoInt, a, b);
  /** (a MulInt b) Quo d with a 256-bit intermediate (shares x tokens / delegator shares); b an integer. */
  mulIntQuo = (a: bigint, b: bigint, d: bigint): bigint => {
    const c = this.core;
    c.writeU128(c.slot(0), a);
    c.writeU128(c.slot(1), b);
    c.writeU128(c.slot(3), d);
    c.check(this.x.decMulIntQuo(c.slot(2), c.slot(0), c.slot(1), c.slot(3)));
    return c.readU128(c.slot(2));
  };
  mulInt64 = (a: bigint, n: bigint) => this.withInt(this.x.decMulInt64, a, n);
  quoInt64 = (a: bigint, n: bigint) => this.withInt(this.x.decQuoInt64, a, n);
  power = (a: bigint, n: bigint) => this.withInt(this.x.decPower, a, n);
  approxRoot = (a: bigint, n: bigint) => this.withInt(this.x.decApproxRoot, a, n);
  /** Newton steps of the last approxRoot. */
  rootIterations = () => this.x.decRootIterations();
  truncateInt = (a: bigint) => this.unary(this.x.decTruncateInt, a);
  roundInt = (a: bigint) => this.unary(this.x.decRoundInt, a);
  truncateInt64 = (a: bigint) => BigInt.asIntN(64, this.unary(this.x.decTruncateInt64, a));
  roundInt64 = (a: bigint) => BigInt.asIntN(64, this.unary(this.x.decRoundInt64, a));
  truncateDec = (a: bigint) => this.unary(this.x.decTruncateDec, a);
  ceil = (a: bigint) => this.unary(this.x.decCeil, a);

  /** Parse decimal text by the reference's rules. */
  parse(text: string): bigint {
    const c = this.core;
    const [ptr, len] = c.writeText(text);
    c.check(this.x.decParse(c.slot(2), ptr, len), text);
    return c.readU128(c.slot(2));
  }

  /** Canonical text of a raw Dec (18 fraction digits). */
  format(raw: bigint): string {
    const c = this.core;
    c.writeU128(c.slot(0), raw);
    const out = this.x.textPtr();
    return c.readText(out, this.x.decFormat(out, c.slot(0)));
  }

  /** Decimal text of an unsigned integer below 2^128. */
  formatInt(v: bigint): string {
    const c = this.core;
    c.writeU128(c.slot(0), v);
    const out = this.x.textPtr();
    return c.readText(out, this.x.intFormat(out, c.slot(0)));
  }
}
