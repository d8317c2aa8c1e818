// x/group's ORM (x/group/internal/orm) over a Kv: tables of protobuf rows under a 2-byte prefix
// (an auto-increment table's row ids are its sequence's 8-byte big-endian values, a primary-key
// table's are built from its key parts), a sequence under its byte and 0x01, and multi-key indexes
// (`<prefix><index key part><row id>` → empty) kept by each table's writes, in the store accesses
// the SDK's code makes (Create: Has, then Set: Has, GetOne of the old row, Set, each index's
// writes; Delete: GetOne, Delete, each index's deletes).

import { fromBinary, toBinary, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { GroupErrors } from "./errors.js";
import type { Kv, KvIterator } from "./kv.js";

export type KeyPart = Uint8Array | bigint;

export function u64(v: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, v);
  return b;
}
export const readU64 = (b: Uint8Array | undefined): bigint => (b === undefined || b.length === 0 ? 0n : new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0));

export const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

/** keyPartBytes: bytes length-prefixed unless last (or empty), uint64 as 8 bytes. */
function partBytes(p: KeyPart, last: boolean): Uint8Array {
  if (typeof p === "bigint") return u64(p);
  if (last || p.length === 0) return p;
  return concat(Uint8Array.of(p.length), p);
}

/** buildKeyFromParts. */
export function keyOf(parts: readonly KeyPart[]): Uint8Array {
  return concat(...parts.map((p, i) => partBytes(p, parts.length > 1 && i === parts.length - 1)));
}

/** PrefixRange: [prefix, prefix with its last byte incremented). */
export function prefixRange(prefix: Uint8Array): [Uint8Array | undefined, Uint8Array | undefined] {
  if (prefix.length === 0) return [undefined, undefined];
  const end = prefix.slice();
  let l = end.length - 1;
  end[l] = (end[l]! + 1) & 0xff;
  while (end[l] === 0 && l > 0) {
    l--;
    end[l] = (end[l]! + 1) & 0xff;
  }
  return [prefix, l === 0 && end[0] === 0 ? undefined : end];
}

export class Sequence {
  private readonly key: Uint8Array;
  constructor(prefix: number) {
    this.key = Uint8Array.of(prefix, 0x01);
  }
  nextVal(kv: Kv): bigint {
    const v = readU64(kv.get(this.key)) + 1n;
    kv.set(this.key, u64(v));
    return v;
  }
  curVal(kv: Kv): bigint {
    return readU64(kv.get(this.key));
  }
  peekNextVal(kv: Kv): bigint {
    return this.curVal(kv) + 1n;
  }
  /** InitVal (on a fresh store: the node reads an unwritten sequence as 0, kv.ts). */
  initVal(kv: Kv, v: bigint): void {
    kv.set(this.key, u64(v));
  }
}

/** A secondary index: the key parts a row is found by (empty parts are not indexed). */
export class Index<D extends DescMessage> {
  constructor(readonly table: Table<D>, readonly prefix: number, readonly keysOf: (row: MessageShape<D>) => KeyPart[], readonly kind: "bytes" | "u64") {
    table.indexes.push(this);
  }

  private entry(part: KeyPart, rowId: Uint8Array): Uint8Array {
    return concat(Uint8Array.of(this.prefix), keyOf([part, rowId]));
  }
  private parts(row: MessageShape<D>): KeyPart[] {
    return this.keysOf(row).filter((p) => typeof p === "bigint" || p.length > 0);
  }
  onSet(kv: Kv, rowId: Uint8Array, row: MessageShape<D>, old: MessageShape<D> | undefined): void {
    const newParts = this.parts(row);
    if (old === undefined) {
      for (const p of newParts) kv.set(this.entry(p, rowId), new Uint8Array());
      return;
    }
    const oldParts = this.parts(old);
    const same = (a: KeyPart, b: KeyPart) => Buffer.compare(partBytes(a, true), partBytes(b, true)) === 0;
    for (const p of oldParts) if (!newParts.some((q) => same(p, q))) kv.delete(this.entry(p, rowId));
    for (const p of newParts) if (!oldParts.some((q) => same(p, q))) kv.set(this.entry(p, rowId), new Uint8Array());
  }
  onDelete(kv: Kv, rowId: Uint8Array, old: MessageShape<D>): void {
    for (const p of this.parts(old)) kv.delete(this.entry(p, rowId));
  }

  /** The rows under one index key, in index order (Get). */
  get(kv: Kv, part: KeyPart): RowIterator<D> {
    const [s, e] = prefixRange(concat(Uint8Array.of(this.prefix), partBytes(part, false)));
    return new RowIterator(kv, this.table, kv.iterator(s, e), (k) => this.rowIdOf(k));
  }

  /** GetPaginated with a page key: the rows under `part` from the row `rowId` on. */
  from(kv: Kv, part: KeyPart, rowId: Uint8Array): RowIterator<D> {
    const [, e] = prefixRange(concat(Uint8Array.of(this.prefix), partBytes(part, false)));
    return new RowIterator(kv, this.table, kv.iterator(concat(Uint8Array.of(this.prefix), keyOf([part, rowId])), e), (k) => this.rowIdOf(k));
  }

  /** The index's entries in [start, end) of the index key parts (PrefixScan). */
  prefixScan(kv: Kv, start: KeyPart | undefined, end: KeyPart | undefined): RowIterator<D> {
    const p = Uint8Array.of(this.prefix);
    const s = start === undefined ? prefixRange(p)[0] : concat(p, partBytes(start, false));
    const e = end === undefined ? prefixRange(p)[1] : concat(p, partBytes(end, false));
    return new RowIterator(kv, this.table, kv.iterator(s, e), (k) => this.rowIdOf(k));
  }

  /** stripRowID (the key after the index's prefix byte). */
  rowIdOf(key: Uint8Array): Uint8Array {
    const k = key.subarray(1);
    return this.kind === "u64" ? k.subarray(8) : k.subarray(1 + k[0]!);
  }
}

export class RowIterator<D extends DescMessage> {
  constructor(private readonly kv: Kv, private readonly table: Table<D>, private readonly it: KvIterator, private readonly rowIdOf: (key: Uint8Array) => Uint8Array) {}
  /** LoadNext: the next row (its id and value), or undefined at the end. */
  next(): { rowId: Uint8Array; row: MessageShape<D> } | undefined {
    if (!this.it.valid()) return undefined;
    const rowId = this.rowIdOf(this.it.key());
    this.it.next();
    const row = this.table.getOne(this.kv, rowId);
    if (row === undefined) throw new TxError(SdkErrors.NotFound);
    return { rowId, row };
  }
  all(): MessageShape<D>[] {
    const out: MessageShape<D>[] = [];
    for (let r = this.next(); r !== undefined; r = this.next()) out.push(r.row);
    return out;
  }
}

export class Table<D extends DescMessage> {
  readonly indexes: Index<D>[] = [];
  readonly prefix: Uint8Array;
  constructor(prefix: number, readonly schema: D) {
    this.prefix = Uint8Array.of(prefix, 0);
  }
  private key(rowId: Uint8Array): Uint8Array {
    return concat(this.prefix, rowId);
  }
  has(kv: Kv, rowId: Uint8Array): boolean {
    return rowId.length > 0 && kv.has(this.key(rowId));
  }
  getOne(kv: Kv, rowId: Uint8Array): MessageShape<D> | undefined {
    const b = kv.get(this.key(rowId));
    return b === undefined || b.length === 0 ? undefined : fromBinary(this.schema, b);
  }
  /** GetOne, sdk 38 without the row. */
  must(kv: Kv, rowId: Uint8Array): MessageShape<D> {
    const r = this.getOne(kv, rowId);
    if (r === undefined) throw new TxError(SdkErrors.NotFound);
    return r;
  }
  create(kv: Kv, rowId: Uint8Array, row: MessageShape<D>): void {
    if (this.has(kv, rowId)) throw new TxError(GroupErrors.UniqueConstraint);
    this.set(kv, rowId, row);
  }
  update(kv: Kv, rowId: Uint8Array, row: MessageShape<D>): void {
    if (!this.has(kv, rowId)) throw new TxError(SdkErrors.NotFound);
    this.set(kv, rowId, row);
  }
  set(kv: Kv, rowId: Uint8Array, row: MessageShape<D>): void {
    const old = this.has(kv, rowId) ? this.getOne(kv, rowId) : undefined;
    kv.set(this.key(rowId), toBinary(this.schema, row));
    for (const i of this.indexes) i.onSet(kv, rowId, row, old);
  }
  delete(kv: Kv, rowId: Uint8Array): void {
    const old = this.getOne(kv, rowId);
    if (old === undefined) throw new TxError(SdkErrors.NotFound, "load old value");
    kv.delete(this.key(rowId));
    for (const i of this.indexes) i.onDelete(kv, rowId, old);
  }
  /** Every row in row-id order (PrefixScan over the table). */
  scan(kv: Kv, start?: Uint8Array, end?: Uint8Array, reverse = false): RowIterator<D> {
    const [s, e] = prefixRange(this.prefix);
    const it = kv.iterator(start === undefined ? s : this.key(start), end === undefined ? e : this.key(end), reverse);
    return new RowIterator(kv, this.table(), it, (k) => k.subarray(2));
  }
  private table(): Table<D> {
    return this;
  }
}

/** An auto-increment table: its sequence and uint64 row ids. */
export class AutoTable<D extends DescMessage> extends Table<D> {
  readonly seq: Sequence;
  constructor(prefix: number, seqPrefix: number, schema: D) {
    super(prefix, schema);
    this.seq = new Sequence(seqPrefix);
  }
  createAuto(kv: Kv, row: MessageShape<D>): bigint {
    const id = this.seq.nextVal(kv);
    this.create(kv, u64(id), row);
    return id;
  }
}
