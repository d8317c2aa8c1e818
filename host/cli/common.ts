// Shared pieces of the CLI commands: the command shape (host/cli/command.ts), exact number parsing
// of flag values, and integer-only formatting. Flag parsing itself is host/flags.ts.

import { existsSync } from "node:fs";
import { UsageError } from "../flags.js";

export { EXIT_USAGE, UsageError, parseFlags, formatFlags, oneLine, type FlagSpecs, type FlagValues } from "../flags.js";
export { actionCommand, command, flagCommand, type Command, type ParsedFlags } from "./command.js";

/** A non-negative integer flag (plain decimal digits, no sign, no exponent). */
export function parseCount(flag: string, text: string, opts: { min?: bigint; max?: bigint } = {}): bigint {
  if (!/^[0-9]+$/.test(text)) {
    throw new UsageError(`--${flag} ${quote(text)}: not a non-negative integer`);
  }
  const v = BigInt(text);
  if (opts.min !== undefined && v < opts.min) {
    throw new UsageError(`--${flag} ${text}: must be at least ${opts.min}`);
  }
  if (opts.max !== undefined && v > opts.max) {
    throw new UsageError(`--${flag} ${text}: must be at most ${opts.max}`);
  }
  return v;
}

/** Base units per token (1 token = 10^8 base units). */
export const TOKEN_DECIMALS = 8;
export const UNITS_PER_TOKEN = 10n ** BigInt(TOKEN_DECIMALS);
export const U128_MAX = (1n << 128n) - 1n;

/** A token amount ("98500000000", "1.5", up to 8 decimals) as exact base units. */
export function parseTokens(flag: string, text: string): bigint {
  const m = /^([0-9]+)(?:\.([0-9]{1,8}))?$/.exec(text);
  if (!m) {
    const why = text.startsWith("-")
      ? "must not be negative"
      : /^[0-9]*\.[0-9]{9,}$/.test(text)
        ? `at most ${TOKEN_DECIMALS} decimals (1 token = 10^${TOKEN_DECIMALS} base units)`
        : "not a token amount (digits, optionally with up to 8 decimals)";
    throw new UsageError(`--${flag} ${quote(text)}: ${why}`);
  }
  const units = BigInt(m[1]) * UNITS_PER_TOKEN + BigInt((m[2] ?? "").padEnd(TOKEN_DECIMALS, "0"));
  if (units > U128_MAX) throw new UsageError(`--${flag} ${text}: too large`);
  return units;
}

/** `1234567` -> `1,234,567`. */
export function groupThousands(v: bigint): string {
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString();
  const head = digits.length % 3 || 3;
  const parts = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) parts.push(digits.slice(i, i + 3));
  return (neg ? "-" : "") + parts.join(",");
}

/** Dec precision: a raw Dec is value x 10^18. */
export const DEC_DECIMALS = 18;

/**
 * A raw Dec as a percentage with `places` decimals, truncated (integer arithmetic only):
 * 4295274742753897n (0.004295274742753897) -> "0.429527" for 6 places.
 */
export function decPercent(raw: bigint, places: number): string {
  if (raw < 0n) throw new RangeError("negative Dec");
  // percent = raw / 10^16; keep `places` decimals: floor(raw / 10^(16 - places)).
  const shift = DEC_DECIMALS - 2 - places;
  const scaled = shift >= 0 ? raw / 10n ** BigInt(shift) : raw * 10n ** BigInt(-shift);
  if (places === 0) return scaled.toString();
  const s = scaled.toString().padStart(places + 1, "0");
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
}

/** Whole tokens of a base-unit amount (truncated). */
export function wholeTokens(units: bigint): bigint {
  return units / UNITS_PER_TOKEN;
}

/** Whole tokens of a raw Dec amount of base units (truncated). */
export function wholeTokensOfDec(raw: bigint): bigint {
  return raw / (10n ** BigInt(DEC_DECIMALS) * UNITS_PER_TOKEN);
}

function quote(s: string): string {
  return JSON.stringify(s);
}

/** A stopped node's database: `--db`, else DB_PATH, else ./chain.db; a usage error when it is not there. */
export function existingDb(flag: string | undefined): string {
  const db = flag ?? process.env.DB_PATH ?? "./chain.db";
  if (!existsSync(db)) throw new UsageError(`--db ${db}: no such file`);
  return db;
}
