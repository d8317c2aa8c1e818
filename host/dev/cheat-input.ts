// The cheat codes' arguments (dev/chain.ts), one reading for REST's JSON bodies and the
// JSON-RPC's params: counts and seconds as JSON integers, digit strings or 0x hex (as Anvil and
// Hardhat take them), durations also as Go text ("1h30m"), times also as RFC 3339, amounts as
// strings only (a JSON number cannot carry every amount exactly). A bad one is a CheatError.

import { parseGoDuration } from "../config.js";
import { parseTimestamp } from "../wire/gateway-json.js";
import { canonicalAddress } from "../wire/address.js";

/** What a cheat code refuses: bad input, an unknown snapshot, what the node cannot do now, or a change its block could not make (failed). */
export class CheatError extends Error {
  constructor(readonly kind: "invalid" | "not-found" | "unavailable" | "failed", message: string) {
    super(message);
    this.name = "CheatError";
  }
}

const invalid = (message: string) => new CheatError("invalid", message);

const NS_PER_S = 1_000_000_000n;
/** Most blocks one mine makes, as POST /dev/advance (about 7 s of core time). */
export const MAX_MINE_BLOCKS = 10_000_000n;
/** The largest balance setBalance takes: 10^30 base units, far above any supply and far from 2^128. */
export const MAX_SET_BALANCE = 10n ** 30n;

/** A non-negative integer: a JSON integer, a digit string, or 0x hex. */
export function integer(v: unknown, name: string): bigint {
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === "string" && /^(0x[0-9a-fA-F]{1,32}|[0-9]{1,39})$/.test(v)) return BigInt(v);
  throw invalid(`${name}: expected a non-negative integer (123, "123" or "0x7b"), got ${JSON.stringify(v)}`);
}

/** mine's block count (default 1). */
export function blockCount(v: unknown): bigint {
  if (v === undefined || v === null) return 1n;
  const n = integer(v, "blocks");
  if (n > MAX_MINE_BLOCKS) throw invalid(`blocks: at most ${MAX_MINE_BLOCKS} per call (asked for ${n}); mine in several calls`);
  return n;
}

/** A duration: Go text ("5s", "1h30m") or whole seconds (as evm_increaseTime takes them). */
export function duration(v: unknown, name: string): bigint {
  if (typeof v === "string" && /[a-zµμ]/.test(v)) {
    try {
      return parseGoDuration(v);
    } catch (e) {
      throw invalid(`${name} ${JSON.stringify(v)}: ${(e as Error).message}`);
    }
  }
  try {
    return integer(v, name) * NS_PER_S;
  } catch {
    throw invalid(`${name}: expected a duration ("5s", "1h30m") or whole seconds, got ${JSON.stringify(v)}`);
  }
}

/** A block time: RFC 3339 text or Unix seconds (as evm_setNextBlockTimestamp takes them); in ns. */
export function time(v: unknown, name: string): bigint {
  if (typeof v === "string" && v.includes("T")) {
    try {
      return parseTimestamp(v);
    } catch (e) {
      throw invalid(`${name}: ${(e as Error).message}`);
    }
  }
  try {
    return integer(v, name) * NS_PER_S;
  } catch {
    throw invalid(`${name}: expected an RFC 3339 time ("2030-01-01T00:00:00Z") or Unix seconds, got ${JSON.stringify(v)}`);
  }
}

/** An account address in canonical form. */
export function address(v: unknown, prefix: string): string {
  if (typeof v !== "string") throw invalid(`address: expected a string ("${prefix}1..."), got ${JSON.stringify(v)}`);
  try {
    return canonicalAddress(v, prefix);
  } catch (e) {
    throw invalid(`address ${JSON.stringify(v)}: ${(e as Error).message}`);
  }
}

/**
 * setBalance's amount of the bond denom (the only one the chain's bank holds): "123basecro", "123",
 * {denom, amount} or a list of one such coin, amounts as strings.
 */
export function balance(v: unknown, denom: string): bigint {
  const coin = Array.isArray(v) && v.length === 1 ? v[0] : v;
  let amount: string | undefined;
  let given = denom;
  if (typeof coin === "string") {
    const m = /^([0-9]{1,39})([a-zA-Z][a-zA-Z0-9/:._-]{2,127})?$/.exec(coin.trim());
    if (m) [amount, given] = [m[1], m[2] ?? denom];
  } else if (typeof coin === "object" && coin !== null && !Array.isArray(coin)) {
    const c = coin as { denom?: unknown; amount?: unknown };
    if (typeof c.amount === "string" && /^[0-9]{1,39}$/.test(c.amount) && (c.denom === undefined || typeof c.denom === "string")) {
      [amount, given] = [c.amount, (c.denom as string | undefined) ?? denom];
    }
  }
  if (typeof coin === "number") throw invalid(`amount: give a string such as "1000${denom}" (a JSON number cannot carry every amount exactly), got ${coin}`);
  if (amount === undefined) throw invalid(`amount: expected "1000${denom}", "1000", {"denom": "${denom}", "amount": "1000"} or a list of one such coin, got ${JSON.stringify(v)}`);
  if (given !== denom) throw invalid(`amount: the chain's bank holds ${denom} only, not ${given}`);
  const n = BigInt(amount);
  if (n > MAX_SET_BALANCE) throw invalid(`amount: at most ${MAX_SET_BALANCE}${denom}`);
  return n;
}

/** A snapshot id as snapshot gave it ("0x1"), or its number. */
export function snapshotId(v: unknown): string {
  try {
    return `0x${integer(v, "id").toString(16)}`;
  } catch {
    throw invalid(`id: expected a snapshot id such as "0x1", got ${JSON.stringify(v)}`);
  }
}

/** An optional boolean (default `fallback`). */
export function flag(v: unknown, name: string, fallback: boolean): boolean {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== "boolean") throw invalid(`${name}: expected true or false, got ${JSON.stringify(v)}`);
  return v;
}
