// Reading a genesis document's JSON (host/app/genesis.ts and its module parsers, genesis-gov.ts): every
// field by its path, a wrong type or an unknown key a ValidationError naming it; decimals by the
// core's parser (exact), integers as bigints, durations in whole seconds.

import { ValidationError } from "../errors.js";
import { decString } from "../wire/gateway-json.js";
import { NS_PER_S, fitsDuration, jsonDurationError } from "../wire/duration.js";

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
  return typeof v === "object" && v !== null && !Array.isArray(v);
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
  return BigInt(s);
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
    n = BigInt(s);
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

