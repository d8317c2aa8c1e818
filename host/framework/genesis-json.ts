// Reading a genesis document's JSON (host/app/genesis.ts and its module parsers, genesis-gov.ts): every
// field by its path, a wrong type or an unknown key a ValidationError naming it; decimals by the
// core's parser (exact), integers as bigints, durations in whole seconds.

import { ValidationError } from "../errors.js";
import { decString, parseTimestamp } from "../wire/gateway-json.js";
import { FIRST_TIME_TEXT, LAST_TIME_TEXT, NS_PER_S, fitsDuration, jsonDurationError } from "../wire/duration.js";
import { accountAddressBytes, canonicalAddress } from "../wire/address.js";

/** What parses decimal text into a raw Dec: the core's `core.dec`. */
export interface DecParser {
  parse(text: string): bigint;
}

/** JSON values as they come out of JSON.parse. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type GenesisJson = { [key: string]: Json };

/**
 * `override` laid over `base`: objects merge key by key, anything else (arrays included) is
 * replaced. A `null` replaces too, and then fails validation like a missing required field.
 */
export function mergeJson(base: Json, override: Json): Json {
  if (isObject(base) && isObject(override)) {
    const out: { [key: string]: Json } = { ...base };
    for (const [k, v] of Object.entries(override)) out[k] = k in base ? mergeJson(base[k], v) : v;
    return out;
  }
  return override;
}

export const MAX_U64 = (1n << 64n) - 1n;
export const ONE = 10n ** 18n;

export function fail(reason: string, path: string): never {
  throw new ValidationError(reason, path);
}

export function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !((v as unknown) instanceof SpooledList);
}

/**
 * A long array of a streamed genesis document (host/app/genesis-stream.ts): its elements are not
 * held in memory but read back, one at a time and parsed anew, each time the list is walked. A
 * parser reads it through `array()` as it reads an array (length, forEach, map, some, iteration);
 * JSON.stringify writes it as the array it stands for.
 */
export class SpooledList {
  constructor(
    readonly length: number,
    private readonly read: () => Iterable<Json>,
  ) {}
  [Symbol.iterator](): Iterator<Json> {
    return this.read()[Symbol.iterator]();
  }
  forEach(f: (x: Json, i: number) => void): void {
    let i = 0;
    for (const x of this.read()) f(x, i++);
  }
  map<T>(f: (x: Json, i: number) => T): T[] {
    const out: T[] = [];
    let i = 0;
    for (const x of this.read()) out.push(f(x, i++));
    return out;
  }
  some(f: (x: Json, i: number) => boolean): boolean {
    let i = 0;
    for (const x of this.read()) if (f(x, i++)) return true;
    return false;
  }
  /** The first element, or undefined. */
  first(): Json | undefined {
    for (const x of this.read()) return x;
    return undefined;
  }
  /** The elements as one array (for the few callers that need it whole: small documents, a fork's rewrite). */
  toArray(): Json[] {
    return this.map((x) => x);
  }
  toJSON(): Json[] {
    return this.toArray();
  }
}

/** The document with each SpooledList made an ordinary array (for callers that rewrite a document). */
export function materializeJson(v: Json): Json {
  if ((v as unknown) instanceof SpooledList) return (v as unknown as SpooledList).toArray();
  if (Array.isArray(v)) return v.map(materializeJson);
  if (isObject(v)) {
    const out: { [key: string]: Json } = {};
    for (const [k, x] of Object.entries(v)) out[k] = materializeJson(x);
    return out;
  }
  return v;
}

/** An object with only the given keys (an unknown key is most likely a typo). */
export function object(v: Json | undefined, path: string, keys: string[]): { [key: string]: Json | undefined } {
  if (!isObject(v)) fail(v === undefined || v === null ? "missing" : "must be a JSON object", path);
  for (const k of Object.keys(v)) {
    if (!keys.includes(k)) fail(`unknown field ${JSON.stringify(k)} (known: ${keys.join(", ")})`, path);
  }
  return v;
}

export function array(v: Json | undefined, path: string): Json[] {
  if ((v as unknown) instanceof SpooledList) return v as Json[]; // walked as an array (SpooledList's methods)
  if (!Array.isArray(v)) fail(v === undefined || v === null ? "missing" : "must be a JSON array", path);
  return v;
}

export function string(v: Json | undefined, path: string): string {
  if (typeof v !== "string") fail(v === undefined || v === null ? "missing" : "must be a string", path);
  return v;
}

/** An Int: a string of decimal digits with an optional sign, as Cosmos encodes it. */
export function int(v: Json | undefined, path: string): bigint {
  if (typeof v === "number") fail(`must be a string (an integer in quotes, e.g. "${v}")`, path);
  const s = string(v, path);
  if (!/^[+-]?[0-9]+$/.test(s)) fail(`invalid integer ${JSON.stringify(s)}`, path);
  return bigintOf(s);
}

/**
 * SMALL_BIGINTS shared values: a genesis's millions of sequences, heights and periods are small
 * numbers, each a heap object of its own if parsed anew. Larger ones are parsed.
 */
const SMALL_BIGINTS = Array.from({ length: 1024 }, (_, i) => BigInt(i));
function bigintOf(digits: string): bigint {
  if (digits.length <= 4) {
    const n = Number(digits); // digits only (a sign: the string's own parse), at most 4
    if (n >= 0 && n < SMALL_BIGINTS.length && digits.charCodeAt(0) !== 43 && digits.charCodeAt(0) !== 45) return SMALL_BIGINTS[n]!;
  }
  return BigInt(digits);
}

/** A uint64: a decimal string, or a JSON number that is a safe integer (protobuf JSON allows both). */
export function uint64(v: Json | undefined, path: string): bigint {
  let n: bigint;
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v) || v < 0) fail(`invalid uint64 ${v} (write large values as strings)`, path);
    n = BigInt(v);
  } else {
    const s = string(v, path);
    if (!/^[0-9]+$/.test(s)) fail(`invalid uint64 ${JSON.stringify(s)}`, path);
    n = bigintOf(s);
  }
  if (n > MAX_U64) fail(`invalid uint64 ${n}: out of range`, path);
  return n;
}

/**
 * A Dec string, parsed by the core's LegacyNewDecFromStr. The core holds non-negative values
 * only, so a leading '-' is taken off here and the result negated: the validation rules, not the
 * parser, reject negative rates, with the reference's messages.
 */
export function decimal(v: Json | undefined, path: string, dec: DecParser, what: string): bigint {
  if (v === undefined || v === null) fail(`${what} cannot be nil`, path);
  if (typeof v === "number") fail(`must be a string (a decimal in quotes, e.g. "${v}")`, path);
  const s = string(v, path);
  const negative = s.startsWith("-");
  try {
    const raw = dec.parse(negative ? s.slice(1) : s);
    return negative ? -raw : raw;
  } catch (e) {
    throw new ValidationError((e as Error).message, path);
  }
}

export function unitInterval(v: bigint, path: string, negative: string, tooLarge: string): void {
  if (v < 0n) throw new ValidationError(`${negative}: ${decString(v)}`, path);
  if (v > ONE) throw new ValidationError(`${tooLarge}: ${decString(v)}`, path);
}

/**
 * A protobuf JSON Duration in whole seconds, `"2419200s"`, as nanoseconds. One that does not fit
 * a Go time.Duration (int64 ns) is refused with jsonpb's error (host/wire/duration.ts), never wrapped.
 */
export function duration(v: Json | undefined, path: string): bigint {
  const s = string(v, path);
  const m = /^(-?[0-9]+)s$/.exec(s);
  if (!m) fail(`invalid duration ${JSON.stringify(s)} (whole seconds, e.g. "2419200s")`, path);
  const ns = BigInt(m[1]) * NS_PER_S;
  if (!fitsDuration(ns)) fail(jsonDurationError(s), path);
  return ns;
}


// ---- the SDK's genesis fields ----

/** A bool (protobuf JSON writes false too). */
export function bool(v: Json | undefined, path: string): boolean {
  if (typeof v !== "boolean") fail(v === undefined || v === null ? "missing" : "must be true or false", path);
  return v;
}

/** A canonical bech32 address with `prefix` (any length the SDK takes: 20-byte keys, 32-byte derived accounts). */
export function address(v: Json | undefined, path: string, prefix: string): string {
  const text = string(v, path);
  const seen = addressScope?.get(prefix);
  const hit = seen?.get(text);
  if (hit !== undefined) return hit;
  let canonical: string;
  try {
    canonical = canonicalAddress(text, prefix);
  } catch (e) {
    return fail(`invalid address: ${(e as Error).message}`, path);
  }
  if (addressScope !== undefined) {
    if (seen === undefined) addressScope.set(prefix, new Map([[text, canonical]]));
    else seen.set(text, canonical);
  }
  return canonical;
}

/** The addresses one genesis parse has already checked, by prefix: text -> its canonical text (withAddressScope). */
let addressScope: Map<string, Map<string, string>> | undefined;

/**
 * `f` with the addresses it checks remembered until it returns: a genesis names each account in
 * several lists (accounts, balances, delegations, starting infos, withdraw addresses), and each is
 * decoded, checksum and all, once; the later ones are handed the first one's string, so the parsed
 * records share one string per address. Only valid texts are kept: an invalid one fails each time,
 * where it is, with its message.
 */
export function withAddressScope<T>(f: () => T): T {
  if (addressScope !== undefined) return f();
  addressScope = new Map();
  try {
    return f();
  } finally {
    addressScope = undefined;
  }
}

/**
 * A protobuf Timestamp as nanoseconds since 1970, within what the core holds (int64 ns); the
 * zero time (0001-01-01T00:00:00Z, Go's "never") and the Unix epoch are both 0, the core's "none".
 */
export function timestamp(v: Json | undefined, path: string): bigint {
  const text = string(v, path);
  if (text === ZERO_TIME) return 0n;
  let ns: bigint;
  try {
    ns = parseTimestamp(text);
  } catch (e) {
    return fail((e as Error).message, path);
  }
  if (!fitsDuration(ns)) fail(`time ${JSON.stringify(text)} is outside this node's range: ${FIRST_TIME_TEXT} to ${LAST_TIME_TEXT} (int64 nanoseconds since 1970)`, path);
  return ns;
}

/** Go's zero time as protobuf JSON writes it. */
export const ZERO_TIME = "0001-01-01T00:00:00Z";
/** The Unix epoch as protobuf JSON writes it (x/staking's "never" for unbonding and jail times). */
export const EPOCH_TIME = "1970-01-01T00:00:00Z";

/** Coins or DecCoins of the bond denom only (the node holds one denom): their total, an Int or a raw Dec. */
export function bondCoins(v: Json | undefined, path: string, denom: string, parse: (v: Json | undefined, path: string) => bigint): bigint {
  let total = 0n;
  array(v ?? [], path).forEach((c, i) => {
    const p = `${path}[${i}]`;
    const o = object(c, p, ["denom", "amount"]);
    const d = string(o.denom, `${p}.denom`);
    if (d !== denom) fail(`only the bond denom ${denom} can be held, got ${d}`, `${p}.denom`);
    const a = parse(o.amount, `${p}.amount`);
    if (a < 0n) fail(`negative amount ${o.amount}`, `${p}.amount`);
    total += a;
  });
  return total;
}

/** `[{denom, amount}]` of the bond denom, empty for zero, as the SDK writes Coins and DecCoins. */
export function bondCoinsJson(amount: bigint, denom: string, text: (v: bigint) => string = (v) => `${v}`): Json {
  return amount === 0n ? [] : [{ denom, amount: text(amount) }];
}

/** A non-negative Dec as a raw value (the core's parser: exact, 18 decimals at most). */
export function dec(dp: DecParser): (v: Json | undefined, path: string) => bigint {
  return (v, path) => decimal(v, path, dp, "amount");
}

/**
 * The SDK's store order of addresses, which its exports follow: by bytes, or (a length-prefixed
 * key part: bank balances, validators, delegations) by length first.
 */
export function addressOrder(prefix: string, lengthPrefixed: boolean): (a: string, b: string) => number {
  // Each address turned once, not once per comparison, into a string the engine compares natively
  // in compareBytes' order of its bytes (its length first if length-prefixed): addressSortKey.
  const keys = new Map<string, string>();
  const of = (x: string) => {
    let k = keys.get(x);
    if (k === undefined) {
      k = addressSortKey(x, prefix, lengthPrefixed);
      keys.set(x, k);
    }
    return k;
  };
  return (a, b) => {
    const x = of(a), y = of(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

/** bech32's data characters by their 5-bit values; BECH32_VALUE[charCode] = value + 1 (0: not one). */
const BECH32_VALUE = (() => {
  const t = new Uint8Array(128);
  const chars = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
  for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)] = i + 1;
  return t;
})();

/**
 * A string whose order (the engine's string comparison) is compareBytes' order of the address's
 * bytes (`lengthPrefixed`: length first). A lower-case `prefix1…` text is read without decoding it:
 * its data characters' 5-bit values (the checksum's 6 left off) are the bytes' bits, big-endian,
 * padded with zeros, so comparing the values in order compares the bits (a shorter run first when
 * one is a prefix of the other, as the bytes), and a longer address has more of them (ceil(8n/5)).
 * The checksum is not checked; any other text is decoded (accountAddressBytes, which throws).
 */
export function addressSortKey(text: string, prefix: string, lengthPrefixed: boolean): string {
  const start = prefix.length + 1;
  const end = text.length - 6;
  let ok = end >= start && text.startsWith(prefix) && text.charCodeAt(prefix.length) === 49; // "1"
  const units: number[] = lengthPrefixed ? [end - start] : [];
  for (let i = start; ok && i < end; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? BECH32_VALUE[c]! : 0;
    if (v === 0) ok = false;
    else units.push(v - 1);
  }
  for (let i = end; ok && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || BECH32_VALUE[c] === 0) ok = false;
  }
  if (ok) return String.fromCharCode(...units);
  const b = accountAddressBytes(text, prefix);
  return (lengthPrefixed ? String.fromCharCode(Math.ceil((b.length * 8) / 5)) : "") + bytesKey(b);
}

/** Bytes as 5-bit values, big-endian, zero-padded: the key addressSortKey reads from the text. */
function bytesKey(b: Uint8Array): string {
  const units: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const x of b) {
    acc = (acc << 8) | x;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      units.push((acc >> bits) & 31);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) units.push((acc << (5 - bits)) & 31);
  return String.fromCharCode(...units);
}

export function compareBytes(x: Uint8Array, y: Uint8Array, lengthFirst = false): number {
  if (lengthFirst && x.length !== y.length) return x.length - y.length;
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/**
 * `items` sorted by a string key (the engine's string order; keys made once each), stable, a step
 * at a time: the keys made and runs of `step` sorted, then the runs merged, with a pause (yield)
 * every `step` items, so a long export's sort does not hold the event loop.
 */
export function* sortedInSteps<T>(items: readonly T[], key: (item: T) => string, step = 16_384): Generator<void, T[], undefined> {
  const n = items.length;
  let keys: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    keys[i] = key(items[i]!);
    if ((i + 1) % step === 0) yield;
  }
  let order: number[] = Array.from({ length: n }, (_, i) => i);
  const byKey = (a: number, b: number) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b);
  for (let lo = 0; lo < n; lo += step) {
    const run = order.slice(lo, lo + step).sort(byKey);
    for (let i = 0; i < run.length; i++) order[lo + i] = run[i]!;
    yield;
  }
  let merged = new Array<number>(n);
  let done = 0;
  for (let width = step; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n), hi = Math.min(lo + 2 * width, n);
      let i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        merged[k++] = byKey(order[i]!, order[j]!) <= 0 ? order[i++]! : order[j++]!;
        if (++done % step === 0) yield;
      }
      while (i < mid) merged[k++] = order[i++]!;
      while (j < hi) merged[k++] = order[j++]!;
    }
    [order, merged] = [merged, order];
  }
  const out = order.map((i) => items[i]!);
  keys = [];
  return out;
}

/** sortedInSteps at once (its pauses skipped). */
export function sortedByKey<T>(items: readonly T[], key: (item: T) => string): T[] {
  const g = sortedInSteps(items, key, Infinity);
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
  }
}
