// Shared pieces of the CLI commands: the command shape (host/cli/command.ts), exact number parsing
// of flag values, and integer-only formatting (scenario/numbers.ts). Flag parsing itself is host/flags.ts.

import { existsSync } from "node:fs";
import { UsageError } from "../flags.js";

export { EXIT_USAGE, UsageError, parseFlags, formatFlags, oneLine, type FlagSpecs, type FlagValues } from "../flags.js";
export { actionCommand, command, flagCommand, type Command, type ParsedFlags } from "./command.js";
export { DEC_DECIMALS, TOKEN_DECIMALS, UNITS_PER_TOKEN, decPercent, groupThousands, wholeTokens, wholeTokensOfDec } from "../scenario/numbers.js";
import { TOKEN_DECIMALS, UNITS_PER_TOKEN } from "../scenario/numbers.js";

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

function quote(s: string): string {
  return JSON.stringify(s);
}

/** A stopped node's database: `--db`, else DB_PATH, else ./chain.db; a usage error when it is not there. */
export function existingDb(flag: string | undefined): string {
  const db = flag ?? process.env.DB_PATH ?? "./chain.db";
  if (!existsSync(db)) throw new UsageError(`--db ${db}: no such file`);
  return db;
}
