// Exact text for a page: token amounts (1 token = 10^8 base units) and raw Decs as percentages,
// integer arithmetic only (a JS number never carries money).

export const TOKEN_DECIMALS = 8;
export const UNITS_PER_TOKEN = 10n ** 8n;
const U128_MAX = (1n << 128n) - 1n;

/** A token amount as typed ("1000", "1,000.5", up to 8 decimals) in base units; a RangeError says why not. */
export function parseTokens(text: string): bigint {
  const t = text.trim().replace(/[,_\s]/g, "");
  const m = /^([0-9]+)(?:\.([0-9]*))?$/.exec(t) ?? /^()\.([0-9]+)$/.exec(t);
  if (!m) throw new RangeError(t.startsWith("-") ? "must not be negative" : "not a token amount (digits, optionally with up to 8 decimals)");
  const frac = m[2] ?? "";
  if (frac.length > TOKEN_DECIMALS) throw new RangeError(`at most ${TOKEN_DECIMALS} decimals`);
  const units = BigInt(m[1] || "0") * UNITS_PER_TOKEN + BigInt(frac.padEnd(TOKEN_DECIMALS, "0"));
  if (units > U128_MAX) throw new RangeError("too large");
  return units;
}

/** `1234567` -> `1,234,567`. */
export function groupThousands(v: bigint): string {
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString();
  return (neg ? "-" : "") + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Base units as tokens, every digit kept: 150000000n -> "1.5", 10^17 -> "1,000,000,000". */
export function formatTokens(units: bigint): string {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const frac = (abs % UNITS_PER_TOKEN).toString().padStart(TOKEN_DECIMALS, "0").replace(/0+$/, "");
  return `${neg ? "-" : ""}${groupThousands(abs / UNITS_PER_TOKEN)}${frac ? `.${frac}` : ""}`;
}

/** A raw Dec (value x 10^18) as a percentage with `places` decimals, truncated: 0.0427n*10^18 -> "4.27". */
export function formatPercent(raw: bigint, places = 2): string {
  const neg = raw < 0n;
  const abs = neg ? -raw : raw;
  const shift = 16 - places;
  const scaled = shift >= 0 ? abs / 10n ** BigInt(shift) : abs * 10n ** BigInt(-shift);
  const s = scaled.toString().padStart(places + 1, "0");
  return `${neg ? "-" : ""}${places === 0 ? s : `${s.slice(0, -places)}.${s.slice(-places)}`}`;
}

/** Unix nanoseconds as an RFC 3339 UTC time to the second: "2026-11-23T21:00:00Z". */
export function formatTime(ns: bigint): string {
  const secs = ns / 1_000_000_000n;
  return `${new Date(Number(secs) * 1000).toISOString().slice(0, 19)}Z`;
}
