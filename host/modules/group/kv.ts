// x/group's store as the SDK lays it out (its ORM's tables, indexes and sequences: keys and values
// byte for byte), kept by the node beside the core's state: journaled (a failed tx leaves nothing),
// committed as module records (`group/<hex key>` → base64 value) hashed with the state and read back
// on a restart. The keeper reads and writes it through a `Kv`: the store itself (a tx's execution),
// or an overlay on it whose accesses are charged to a gas meter as the SDK's gaskv store charges
// them (a message's gas model runs the very same code on the overlay).

import { UndoJournal, setJournaled } from "../../framework/journal.js";
import type { GasMeter } from "../../framework/gas/meter.js";
import { KV_GAS, GasDesc } from "../../framework/gas/meter.js";
import type { ModuleRecord } from "../../store/records.js";

const RECORD = "group/";

/**
 * The three sequences' keys (groups 0x01, policies 0x21, proposals 0x31, each then 0x01): InitGenesis
 * writes each (InitVal, 0 included), so a chain's store always holds them. The node keeps one at 0 as
 * absent (no module record, so a chain without groups hashes as before x/group) and reads it as
 * InitVal left it: eight zero bytes.
 */
const SEQUENCES = new Set(["0101", "2101", "3101"]);
const ZERO_SEQ = new Uint8Array(8);

export const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");
export const unhex = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, "hex"));

/** The store operations the ORM needs. Iterators run over [start, end) of the byte order. */
export interface Kv {
  get(key: Uint8Array): Uint8Array | undefined;
  has(key: Uint8Array): boolean;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
  /** Keys in [start, end) (undefined: open), ascending or descending, read lazily as a gaskv iterator charges them. */
  iterator(start: Uint8Array | undefined, end: Uint8Array | undefined, reverse?: boolean): KvIterator;
  /** A flat charge (the keeper's own ConsumeGas). */
  consume(amount: bigint, descriptor: string): void;
}

export interface KvIterator {
  valid(): boolean;
  key(): Uint8Array;
  value(): Uint8Array;
  next(): void;
}

/** Hex keys in [start, end) in byte order (hex text sorts as the bytes do). */
function range(keys: Iterable<string>, start: Uint8Array | undefined, end: Uint8Array | undefined, reverse: boolean): string[] {
  const s = start === undefined ? undefined : hex(start);
  const e = end === undefined ? undefined : hex(end);
  const out = [...keys].filter((k) => (s === undefined || k >= s) && (e === undefined || k < e)).sort();
  return reverse ? out.reverse() : out;
}

/** The module's store: hex key → value bytes. */
export class GroupStore implements Kv {
  private readonly map = new Map<string, Uint8Array>();
  private readonly dirty = new Set<string>();

  constructor(private readonly undo = new UndoJournal()) {}

  static owns(key: string): boolean {
    return key.startsWith(RECORD);
  }

  get(key: Uint8Array): Uint8Array | undefined {
    return this.getHex(hex(key));
  }
  has(key: Uint8Array): boolean {
    return this.getHex(hex(key)) !== undefined;
  }
  set(key: Uint8Array, value: Uint8Array): void {
    const k = hex(key);
    const zeroSeq = SEQUENCES.has(k) && value.every((b) => b === 0);
    if (zeroSeq && !this.map.has(k)) return;
    setJournaled(this.map, k, zeroSeq ? undefined : value, this.undo, () => this.dirty.add(k));
  }
  delete(key: Uint8Array): void {
    const k = hex(key);
    if (!this.map.has(k)) return;
    setJournaled(this.map, k, undefined, this.undo, () => this.dirty.add(k));
  }
  iterator(start: Uint8Array | undefined, end: Uint8Array | undefined, reverse = false): KvIterator {
    return listIterator(range(this.map.keys(), start, end, reverse), (k) => this.map.get(k)!);
  }
  consume(): void {}

  /** Every key of the hex keys (for the overlay's iteration). */
  keys(): IterableIterator<string> {
    return this.map.keys();
  }
  getHex(k: string): Uint8Array | undefined {
    return this.map.get(k) ?? (SEQUENCES.has(k) ? ZERO_SEQ : undefined);
  }

  takeDirty(): ModuleRecord[] {
    const out = [...this.dirty].sort().map((k) => {
      const v = this.map.get(k);
      return { key: RECORD + k, value: v === undefined ? null : Buffer.from(v).toString("base64") };
    });
    this.dirty.clear();
    return out;
  }

  /** A stored record back (on start). */
  load(key: string, value: string): void {
    this.map.set(key.slice(RECORD.length), new Uint8Array(Buffer.from(value, "base64")));
  }

  /** An exported record into a new chain (written with its first block). */
  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty.add(key.slice(RECORD.length));
  }
}

function listIterator(keys: string[], value: (k: string) => Uint8Array): KvIterator {
  let i = 0;
  return {
    valid: () => i < keys.length,
    key: () => unhex(keys[i]!),
    value: () => value(keys[i]!),
    next: () => { i++; },
  };
}

/** The store as a message's gas model sees it: writes kept aside, every access charged (gaskv). */
export class MeteredOverlay implements Kv {
  private readonly writes = new Map<string, Uint8Array | null>();

  constructor(private readonly base: GroupStore, private readonly meter: GasMeter) {}

  private read(k: string): Uint8Array | undefined {
    const w = this.writes.get(k);
    if (w !== undefined) return w ?? undefined;
    return this.base.getHex(k);
  }

  get(key: Uint8Array): Uint8Array | undefined {
    const v = this.read(hex(key));
    this.meter.get("group", key.length, v?.length ?? 0, "group");
    return v;
  }
  has(key: Uint8Array): boolean {
    this.meter.has("group", key.length, "group");
    return this.read(hex(key)) !== undefined;
  }
  set(key: Uint8Array, value: Uint8Array): void {
    this.meter.set("group", key.length, value.length, "group");
    this.writes.set(hex(key), value);
  }
  delete(key: Uint8Array): void {
    this.meter.del("group", key.length, "group");
    this.writes.set(hex(key), null);
  }
  iterator(start: Uint8Array | undefined, end: Uint8Array | undefined, reverse = false): KvIterator {
    const all = new Set<string>([...this.base.keys(), ...this.writes.keys()]);
    const keys = range(all, start, end, reverse).filter((k) => this.read(k) !== undefined);
    const it = listIterator(keys, (k) => this.read(k)!);
    const seek = () => {
      if (it.valid()) {
        this.meter.consume(KV_GAS.readPerByte * BigInt(it.key().length), GasDesc.valuePerByte);
        this.meter.consume(KV_GAS.readPerByte * BigInt(it.value().length), GasDesc.valuePerByte);
      }
      this.meter.consume(KV_GAS.iterNextFlat, GasDesc.iterNextFlat);
    };
    seek();
    return { ...it, next: () => { seek(); it.next(); } };
  }
  consume(amount: bigint, descriptor: string): void {
    this.meter.charge(amount, descriptor);
  }
}
