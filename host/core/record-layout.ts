// A boundary record's layout as one table: each field's kind (width, signedness) and byte offset
// (assembly/abi/*.ts). One loop reads any record from, or writes it into, a little-endian view,
// so a record's shape is written once and every decoder is the same code.

import { U128_HIGH } from "./abi.gen.js";

/** How a field is stored; `bool` is a u8 that is 0 or not. */
export type FieldKind = "bool" | "u8" | "u32" | "u64" | "i64" | "u128";

type KindOf<V> = V extends boolean ? "bool" : V extends number ? "u8" | "u32" : V extends bigint ? "u64" | "i64" | "u128" : never;

/** Every field of T with its kind and byte offset, in the order the decoded object lists them. */
export type Layout<T> = { readonly [K in keyof T]-?: readonly [KindOf<T[K]>, number] };

type Value = boolean | number | bigint;
type ValueOf<K extends FieldKind> = K extends "bool" ? boolean : K extends "u8" | "u32" ? number : bigint;

/** A layout written first, its record's type then `Fields<typeof L>` (the shape stated once). */
export const layout = <const L extends { readonly [name: string]: readonly [FieldKind, number] }>(l: L): L => l;

/** The record a layout decodes to. */
export type Fields<L extends { readonly [name: string]: readonly [FieldKind, number] }> = { -readonly [K in keyof L]: ValueOf<L[K][0]> };

const U64_MASK = (1n << 64n) - 1n;

const u64 = (dv: DataView, at: number): bigint => dv.getBigUint64(at, true);
const setU64 = (dv: DataView, at: number, v: bigint): void => dv.setBigUint64(at, BigInt.asUintN(64, v), true);

/** Each kind's read. */
export const READ: { readonly [K in FieldKind]: (dv: DataView, at: number) => ValueOf<K> } = {
  bool: (dv, at) => dv.getUint8(at) !== 0,
  u8: (dv, at) => dv.getUint8(at),
  u32: (dv, at) => dv.getUint32(at, true),
  u64,
  i64: (dv, at) => dv.getBigInt64(at, true),
  u128: (dv, at) => u64(dv, at) | (u64(dv, at + U128_HIGH) << 64n),
};

/** Each kind's write: a u64 wraps (asUintN), a u128 out of range throws a RangeError. */
export const WRITE: { readonly [K in FieldKind]: (dv: DataView, at: number, v: ValueOf<K>) => void } = {
  bool: (dv, at, v) => dv.setUint8(at, v ? 1 : 0),
  u8: (dv, at, v) => dv.setUint8(at, v),
  u32: (dv, at, v) => dv.setUint32(at, v, true),
  u64: setU64,
  i64: (dv, at, v) => dv.setBigInt64(at, v, true),
  u128: (dv, at, v) => {
    if (v < 0n || v >= 1n << 128n) throw new RangeError(`${v} does not fit 128 bits`);
    setU64(dv, at, v & U64_MASK);
    setU64(dv, at + U128_HIGH, v >> 64n);
  },
};

type Reader = (dv: DataView, at: number) => Value;
const readers = new WeakMap<object, readonly (readonly [string, Reader, number])[]>();

/** A layout's fields as (name, read, offset), made once per layout: a decode is a plain loop. */
function fieldsOf(layout: object): readonly (readonly [string, Reader, number])[] {
  let fields = readers.get(layout);
  if (fields === undefined) {
    fields = Object.entries(layout as Record<string, readonly [FieldKind, number]>).map(([name, [kind, offset]]) => [name, READ[kind], offset] as const);
    readers.set(layout, fields);
  }
  return fields;
}

/** The record at `base` of `dv`, every field of `layout` decoded. */
export function readFields<T>(dv: DataView, base: number, layout: Layout<T>): T {
  const out: Record<string, Value> = {};
  for (const [name, read, offset] of fieldsOf(layout)) out[name] = read(dv, base + offset);
  return out as T;
}

/** Write every field of `layout` from `value` into the record at `base` of `dv`. */
export function writeFields<T>(dv: DataView, base: number, layout: Layout<T>, value: T): void {
  for (const name in layout) {
    const [kind, offset] = layout[name];
    (WRITE[kind] as (dv: DataView, at: number, v: Value) => void)(dv, base + offset, value[name] as Value);
  }
}
