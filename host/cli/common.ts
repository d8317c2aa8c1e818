// Shared pieces of the CLI commands: the command shape, exact number parsing of flag values, and
// integer-only formatting. Flag parsing itself is host/flags.ts.

import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { EXIT_USAGE, UsageError, formatFlags, oneLine, parseFlags, type FlagSpec, type FlagSpecs, type FlagValues } from "../flags.js";

export { EXIT_USAGE, UsageError, parseFlags, formatFlags, oneLine, type FlagSpecs, type FlagValues } from "../flags.js";

/** One CLI command: `host/cli.ts <name> [flags]`. */
export interface Command {
  /** One line for the command list. */
  summary: string;
  /** Full help text of the command (every flag with its default). */
  usage(): string;
  /** Run with the arguments after the command name; resolves to the exit code. */
  run(argv: string[]): Promise<number>;
}

/** The `--help` flag of every command. */
export const HELP_FLAG = { type: "boolean", short: "h", description: "show this help and exit" } as const satisfies FlagSpec;

/** A command's help: its usage line(s) and what it does, then `Flags:` with every flag's default, then any notes. */
export function helpText(head: readonly string[], flags: FlagSpecs, notes: readonly string[] = []): string {
  return [...head, "", "Flags:", formatFlags(flags), ...(notes.length > 0 ? ["", ...notes] : [])].join("\n");
}

/** A command's run: with `--help` it prints the usage (exit 0), else `run` gets the parsed flags. */
export function helpOr<F extends { help?: boolean }>(parse: (argv: string[]) => F, usage: () => string, run: (f: F) => Promise<number>) {
  return async (argv: string[]): Promise<number> => {
    const f = parse(argv);
    if (f.help) {
      process.stdout.write(usage() + "\n");
      return 0;
    }
    return run(f);
  };
}

/** A command's run over its flags alone (parseFlags: no positionals), `--help` included. */
export function flagRun<S extends FlagSpecs & { help: FlagSpec }>(flags: S, usage: () => string, run: (f: FlagValues<S>) => Promise<number>) {
  type F = FlagValues<S> & { help?: boolean };
  return helpOr<F>((argv) => parseFlags(argv, flags) as F, usage, run);
}

/** Flag values as parseArgs gives them with positionals allowed: a string flag's text, a boolean's true. */
export type ParsedFlags<S extends FlagSpecs> = { [K in keyof S]?: S[K]["type"] extends "boolean" ? boolean : string };

/**
 * A command of an action, up to `maxArgs` arguments after it and flags (`keys show NAME`): no
 * action prints the usage and exits 2, `--help` prints it and exits 0; more arguments are a usage error.
 */
export function actionCommand<S extends FlagSpecs & { help: FlagSpec }>(
  summary: string, flags: S, usage: () => string, maxArgs: number,
  run: (action: string, args: (string | undefined)[], f: ParsedFlags<S>) => Promise<number>,
): Command {
  return {
    summary,
    usage,
    async run(argv) {
      const parsed = parseCommandLine(argv, flags);
      const f = parsed.values as ParsedFlags<S>;
      const [action, ...args] = parsed.positionals;
      if (f.help || action === undefined) {
        process.stdout.write(usage() + "\n");
        return action === undefined && !f.help ? EXIT_USAGE : 0;
      }
      const extra = args.slice(maxArgs);
      if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
      return run(action, args, f);
    },
  };
}

/** A command's flags and its positional arguments (an action, ids); a bad flag is a usage error. */
export function parseCommandLine<F extends FlagSpecs>(argv: string[], flags: F): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    return parseArgs({ args: argv, options: flags as never, strict: true, allowPositionals: true }) as never;
  } catch (e) {
    throw new UsageError(oneLine((e as Error).message));
  }
}

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
