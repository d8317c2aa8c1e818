// A streamed fork's x/bank balances (dev/fork.ts fundDevKeys): the list the whole document's fork
// makes — the dev keys' new entries added, every entry then stably sorted by address bytes — made
// as it is walked, without holding the list. One walk first reads each entry's address key and
// keeps a non-decreasing run of them (every entry of an export in that order; of chain-maind's, in
// its store's order, all but the longer addresses that sort before the last 20-byte one); the
// entries out of that run and the new ones are held (few) with their place in the run, and merged
// back in their stable sort's order whenever the list is walked.

import { SpooledList, compareBytes, isObject, type Json } from "../framework/genesis-json.js";

type Obj = { [key: string]: Json };

/** Each bech32 character's 5-bit value (+1; 0: not a bech32 character), upper or lower case. */
const BECH32_VALUE = new Uint8Array(128);
[..."qpzry9x8gf2tvdw0s3jn54khce6mua7l"].forEach((c, v) => {
  BECH32_VALUE[c.charCodeAt(0)] = v + 1;
  BECH32_VALUE[c.toUpperCase().charCodeAt(0)] = v + 1;
});

/**
 * An address's sort key: the 5-bit groups of its bech32 data, checksum left out. Its bytes are
 * those groups big-endian (the last one padded with zeros), so the keys compare as the bytes do,
 * a shorter address first where one is the other's start; no checksum is computed (the parse
 * that follows the fork checks every address, with its path).
 */
export function addressKey(address: string): Uint8Array {
  const data = address.lastIndexOf("1") + 1;
  const key = new Uint8Array(Math.max(address.length - 6 - data, 0));
  for (let i = 0; i < key.length; i++) {
    const c = address.charCodeAt(data + i);
    key[i] = c < 128 ? BECH32_VALUE[c]! : 0;
  }
  return key;
}

/** The address keys of the run's entries, in one buffer (an offset each): ~32 bytes an entry. */
class KeyRun {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private ends = new Uint32Array(1 << 12);
  length = 0;

  push(key: Uint8Array): void {
    const at = this.length === 0 ? 0 : this.ends[this.length - 1]!;
    if (at + key.length > this.bytes.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, at + key.length));
      this.bytes.copy(bigger, 0, 0, at);
      this.bytes = bigger;
    }
    if (this.length === this.ends.length) {
      const bigger = new Uint32Array(this.ends.length * 2);
      bigger.set(this.ends);
      this.ends = bigger;
    }
    this.bytes.set(key, at);
    this.ends[this.length++] = at + key.length;
  }

  get(i: number): Uint8Array {
    return this.bytes.subarray(i === 0 ? 0 : this.ends[i - 1]!, this.ends[i]!);
  }

  last(): Uint8Array | undefined {
    return this.length === 0 ? undefined : this.get(this.length - 1);
  }

  /** How many keys of the run sort at or before `key`. */
  placeOf(key: Uint8Array): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareBytes(this.get(mid), key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** An entry held out of the run (or new): its place in the run, and its stable sort's key. */
interface Held {
  entry: Obj;
  key: Uint8Array;
  index: number;
  place: number;
}

export interface BalanceWalk {
  /** The first entry of each wanted address, and its index (what a key tops up). */
  firsts: Map<string, { index: number; entry: Obj }>;
  /** The entries out of the run, by index. */
  out: Map<number, Held>;
  run: KeyRun;
}

/** The one walk: each wanted address's first entry, the run in order and the entries out of it. */
export function walkBalances(balances: SpooledList, wanted: ReadonlySet<string>): BalanceWalk {
  const firsts = new Map<string, { index: number; entry: Obj }>();
  const out = new Map<number, Held>();
  const run = new KeyRun();
  let index = 0;
  for (const b of balances) {
    const address = String((b as Obj).address);
    if (isObject(b) && typeof b.address === "string" && wanted.has(address) && !firsts.has(address)) firsts.set(address, { index, entry: b });
    const key = addressKey(address);
    const last = run.last();
    if (last === undefined || compareBytes(last, key) <= 0) run.push(key);
    else out.set(index, { entry: b as Obj, key, index, place: -1 });
    index++;
  }
  // An entry out of the run goes after the run's entries at or before it: all of them came before it.
  for (const h of out.values()) h.place = run.placeOf(h.key);
  return { firsts, out, run };
}

/** The balances merged: the run in order, the held entries (topped-up copies, out of the run, new) in their places. */
export function mergedBalances(balances: SpooledList, walk: BalanceWalk, more: Obj[]): Json[] {
  const toppedUp = new Map([...walk.firsts.values()].map(({ index, entry }) => [index, entry]));
  if (more.length === 0 && walk.out.size === 0 && toppedUp.size === 0) return balances as unknown as Json[];
  const held: Held[] = [...walk.out.values()];
  more.forEach((entry, i) => {
    const key = addressKey(String(entry.address));
    held.push({ entry, key, index: balances.length + i, place: walk.run.placeOf(key) });
  });
  held.sort((a, b) => compareBytes(a.key, b.key) || a.index - b.index);
  return new SpooledList(balances.length + more.length, function* () {
    let k = 0;
    let place = 0;
    let index = 0;
    for (const b of balances) {
      const i = index++;
      if (walk.out.has(i)) continue;
      for (; k < held.length && held[k]!.place === place; k++) yield structuredClone(held[k]!.entry);
      const t = toppedUp.get(i);
      yield t === undefined ? b : structuredClone(t);
      place++;
    }
    for (; k < held.length; k++) yield structuredClone(held[k]!.entry);
  }) as unknown as Json[];
}
