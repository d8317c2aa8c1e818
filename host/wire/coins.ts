// Coins on the amino-JSON wire and the SDK's rules for them. Amounts are integer strings (the SDK's
// `math.Int` JSON), parsed to bigint and never through a JS number. Decoding is strict: an amount
// that is a JSON number, has a fraction, an exponent, a `+`, leading zeros or more than 256 bits
// cannot be decoded at all (sdk code 2). A negative amount decodes, as it does for the SDK's Int,
// and is then refused by the rule of whoever uses the coins (invalid coins for a message, invalid
// fee for the fee), with the SDK's text.
// Leading zeros are refused (the SDK's big.Int parser would read `010` as octal 8: refusing them
// keeps the signed text and its value from ever disagreeing).

import { decodeError } from "./errors.js";

export interface Coin {
  readonly denom: string;
  readonly amount: bigint;
}

/** `math.Int` holds at most 256 bits. */
const MAX_INT_BITS = 256n;
/** Canonical integer text: no leading zeros, no "-0" (it would sign one text and mean another). */
const INT_TEXT = /^(0|-?[1-9][0-9]*)$/;
const UINT_TEXT = /^(0|[1-9][0-9]*)$/;
const MAX_UINT64 = (1n << 64n) - 1n;
/** SDK `reDnmString`, anchored. */
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;

const describe = (raw: unknown): string =>
  typeof raw === "string" ? JSON.stringify(raw) : `${raw === null ? "null" : typeof raw} ${JSON.stringify(raw)}`;

/** A signed integer string (`math.Int` JSON). `path` names the field in the error. */
export function parseIntString(raw: unknown, path: string): bigint {
  if (typeof raw !== "string" || !INT_TEXT.test(raw)) {
    throw decodeError(`${path}: expected an integer string, got ${describe(raw)}`);
  }
  const value = BigInt(raw);
  const magnitude = value < 0n ? -value : value;
  if (magnitude >> MAX_INT_BITS !== 0n) throw decodeError(`${path}: integer out of range: ${raw}`);
  return value;
}

/** An unsigned 64-bit integer string (amino JSON `uint64`, e.g. gas). */
export function parseUint64String(raw: unknown, path: string): bigint {
  if (typeof raw !== "string" || !UINT_TEXT.test(raw)) {
    throw decodeError(`${path}: expected an unsigned integer string, got ${describe(raw)}`);
  }
  const value = BigInt(raw);
  if (value > MAX_UINT64) throw decodeError(`${path}: value out of range: ${raw}`);
  return value;
}

/** A coin list: absent means empty (amino omits empty fields); each coin exactly `{denom, amount}`. */
export function parseCoins(raw: unknown, path: string): Coin[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw decodeError(`${path}: expected an array of coins, got ${describe(raw)}`);
  return raw.map((item, i) => {
    const at = `${path}[${i}]`;
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      throw decodeError(`${at}: expected a coin object, got ${describe(item)}`);
    }
    for (const key of Object.keys(item)) {
      if (key !== "denom" && key !== "amount") throw decodeError(`${at}: unknown field "${key}"`);
    }
    const { denom, amount } = item as { denom?: unknown; amount?: unknown };
    if (typeof denom !== "string") throw decodeError(`${at}.denom: expected a string, got ${describe(denom)}`);
    return { denom, amount: parseIntString(amount, `${at}.amount`) };
  });
}

/** SDK `Coin.String()` joined as `Coins.String()`: `10basecro,5foo`. */
export function coinsString(coins: readonly Coin[]): string {
  return coins.map((c) => `${c.amount}${c.denom}`).join(",");
}

/** SDK `ValidateDenom`'s verdict: undefined if valid, else its message. */
export function denomError(denom: string): string | undefined {
  return DENOM.test(denom) ? undefined : `invalid denom: ${denom}`;
}

/**
 * SDK `Coins.Validate()`: every denom valid, denoms strictly ascending (sorted, no duplicates),
 * every amount positive. Undefined if valid, else the SDK's message.
 */
export function coinsError(coins: readonly Coin[]): string | undefined {
  for (let i = 0; i < coins.length; i++) {
    const coin = coins[i]!;
    const bad = denomError(coin.denom);
    if (bad) return bad;
    if (i > 0) {
      const low = coins[i - 1]!.denom;
      if (coin.denom < low) return `denomination ${coin.denom} is not sorted`;
      if (coin.denom === low) return `duplicate denomination ${coin.denom}`;
    }
    if (coin.amount <= 0n) return `coin ${coin.amount}${coin.denom} amount is not positive`;
  }
  return undefined;
}

/** SDK `Coins.IsValid()`. */
export const coinsValid = (coins: readonly Coin[]): boolean => coinsError(coins) === undefined;

/** SDK `Coins.IsZero()`: empty or every amount zero. */
export const coinsZero = (coins: readonly Coin[]): boolean => coins.every((c) => c.amount === 0n);

/** SDK `Coins.IsAnyNegative()`. */
export const coinsAnyNegative = (coins: readonly Coin[]): boolean => coins.some((c) => c.amount < 0n);

/** A protobuf message's coins (`cosmos.base.v1beta1.Coin`, amount as Int text) as bigint coins; sdk 2 on text that is no Int (empty included). */
export function protoCoins(coins: readonly { denom: string; amount: string }[], path: string): Coin[] {
  return coins.map((c, i) => ({ denom: c.denom, amount: parseIntString(c.amount, `${path}[${i}].amount`) }));
}
