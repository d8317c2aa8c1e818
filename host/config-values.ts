// The node's flag values, one parser each (host/config.ts applies them): ports, hosts, paths, block
// times, counts, gas prices, Go durations, CORS origins. Each refuses a bad value with one line.

import { ValidationError } from "./errors.js";
import { UsageError } from "./flags.js";
import type { GasPriceText } from "./limits.js";

export type ClockMode = "real" | "simulated";

/** A bad flag or value: printed as one `error: <message>` line, exit code 2. */
export class ConfigError extends UsageError {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** `*`, or exact origins (`scheme://host[:port]`). */
export type CorsOrigins = "*" | readonly string[];

/** Parses `--cors-origins`: `*`, or a comma-separated list of origins. */
export function parseCorsOrigins(text: string): CorsOrigins {
  const trimmed = text.trim();
  if (trimmed === "*") return "*";
  const origins = trimmed.split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (origins.length === 0) throw new ConfigError("--cors-origins: give * or a comma-separated list of origins (http://localhost:5173)");
  for (const o of origins) {
    let url: URL;
    try {
      url = new URL(o);
    } catch {
      throw new ConfigError(`--cors-origins ${JSON.stringify(o)}: not an origin (scheme://host[:port])`);
    }
    if (url.origin !== o || (url.protocol !== "http:" && url.protocol !== "https:")) {
      throw new ConfigError(`--cors-origins ${JSON.stringify(o)}: not an origin (scheme://host[:port], no path or trailing slash); did you mean ${url.origin}?`);
    }
  }
  return origins;
}

export function parsePort(source: string, text: string): number {
  if (!/^[0-9]{1,5}$/.test(text) || Number(text) > 65535) {
    throw new ConfigError(`${source} ${JSON.stringify(text)}: not a port number (0 to 65535)`);
  }
  return Number(text);
}

export function parseHost(text: string): string {
  if (text.trim() === "" || /\s/.test(text)) throw new ConfigError(`--host ${JSON.stringify(text)}: not an address`);
  return text;
}

export function parseSegment(text: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._~-]*$/.test(text)) {
    throw new ConfigError(
      `--chain ${JSON.stringify(text)}: must be one path segment (letters, digits, '.', '_', '~', '-')`,
    );
  }
  return text;
}

const MS = 1_000_000n;
const MAX_BLOCK_TIME = 24n * 3600n * 1_000_000_000n;

export function parseBlockTime(text: string, clock: ClockMode): bigint {
  let ns: bigint;
  try {
    ns = parseGoDuration(text);
  } catch (e) {
    throw new ConfigError(`--block-time ${JSON.stringify(text)}: ${(e as Error).message}`);
  }
  if (ns <= 0n) throw new ConfigError(`--block-time ${JSON.stringify(text)}: must be positive`);
  if (ns > MAX_BLOCK_TIME) throw new ConfigError(`--block-time ${JSON.stringify(text)}: at most 24h`);
  if (clock === "real" && ns < MS) {
    throw new ConfigError(`--block-time ${JSON.stringify(text)}: at least 1ms with --clock real`);
  }
  return ns;
}

/** A whole number from `min` up to 2^53 - 1. */
export function parseCount(flag: string, text: string, min = 1): number {
  if (!/^[0-9]{1,16}$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new ConfigError(`${flag} ${JSON.stringify(text)}: must be a whole number, at least ${min}`);
  }
  return Number(text);
}

export const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;

/**
 * `--minimum-gas-prices`: DecCoins as the SDK writes them, `0.025basecro` or `0.025basecro,1uatom`;
 * empty = none. The amounts stay text here; the node parses them with the core's Dec.
 */
export function parseGasPrices(text: string): GasPriceText[] {
  if (text.trim() === "") return [];
  const out: GasPriceText[] = [];
  for (const part of text.split(",")) {
    const m = /^([0-9]+(?:\.[0-9]+)?)(.+)$/.exec(part.trim());
    if (!m || !DENOM.test(m[2]!)) {
      throw new ConfigError(`--minimum-gas-prices ${JSON.stringify(text)}: expected prices such as 0.025basecro`);
    }
    if (out.some((p) => p.denom === m[2])) {
      throw new ConfigError(`--minimum-gas-prices ${JSON.stringify(text)}: duplicate denom ${m[2]}`);
    }
    out.push({ amount: m[1]!, denom: m[2]! });
  }
  return out;
}

export function parseGenesisPath(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === "") throw new ConfigError("--genesis: empty file name");
  return text;
}

export function parseDbPath(source: string, text: string): string {
  if (text.trim() === "") throw new ConfigError(`${source}: empty file name`);
  return text;
}

const UNIT_NS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  "µs": 1_000n, // U+00B5 micro sign
  "μs": 1_000n, // U+03BC Greek mu
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};
const DURATION_PART = /([0-9]*)(?:\.([0-9]*))?(ns|us|µs|μs|ms|s|m|h)?/y;

/**
 * Nanoseconds of a Go duration string (`time.ParseDuration`): `5s`, `500ms`, `1h30m`, `1.5s`, `0`.
 * Exact: fractions of a unit are truncated to whole nanoseconds, as Go does. Non-negative only.
 * Throws a ValidationError saying what is wrong.
 */
export function parseGoDuration(text: string): bigint {
  if (text === "0") return 0n;
  if (text === "") throw new ValidationError("empty duration");
  if (text.startsWith("-")) throw new ValidationError("must not be negative");
  const s = text.startsWith("+") ? text.slice(1) : text;
  let pos = 0;
  let total = 0n;
  while (pos < s.length) {
    DURATION_PART.lastIndex = pos;
    const m = DURATION_PART.exec(s);
    const whole = m?.[1] ?? "";
    const frac = m?.[2];
    if (!m || (whole === "" && (frac === undefined || frac === ""))) {
      throw new ValidationError("not a duration (e.g. 5s, 500ms, 1h30m)");
    }
    if (m[3] === undefined) {
      const rest = s.slice(DURATION_PART.lastIndex);
      throw new ValidationError(
        rest === "" ? "missing unit (ns, us, ms, s, m or h)" : `unknown unit ${JSON.stringify(rest)} (ns, us, ms, s, m or h)`,
      );
    }
    const unit = UNIT_NS[m[3]];
    const digits = frac ?? "";
    total += BigInt(whole || "0") * unit + (BigInt(digits || "0") * unit) / 10n ** BigInt(digits.length);
    pos = DURATION_PART.lastIndex;
  }
  if (total >= 1n << 63n) throw new ValidationError("duration out of range");
  return total;
}
