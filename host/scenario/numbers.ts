// Exact numbers as a scenario's output and the command line print them: tokens of base units, raw
// Decs as percentages and short decimals, digits grouped. Integer arithmetic only.

/** Base units per token (1 token = 10^8 base units). */
export const TOKEN_DECIMALS = 8;
export const UNITS_PER_TOKEN = 10n ** BigInt(TOKEN_DECIMALS);

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

const E18 = 10n ** 18n;

/** A raw Dec as short decimal text (defaults in --help, the table's preface): 10^16 -> "0.01". */
export function decShort(raw: bigint): string {
  const frac = (raw % E18).toString().padStart(18, "0").replace(/0+$/, "");
  return frac ? `${raw / E18}.${frac}` : `${raw / E18}`;
}

/** The display name of a base denom: `basecro` -> `CRO` (a denom without the `base` prefix as it is). */
export function displayDenom(baseDenom: string): string {
  return baseDenom.startsWith("base") && baseDenom.length > 4 ? baseDenom.slice(4).toUpperCase() : baseDenom;
}

/**
 * A base-unit amount in display units, exact, with the base units in brackets:
 * 10000000000n -> "100 CRO (10,000,000,000 basecro)"; 150000000n -> "1.5 CRO (150,000,000 basecro)".
 */
export function displayAmount(units: bigint, baseDenom = "basecro"): string {
  const neg = units < 0n;
  const a = neg ? -units : units;
  const frac = (a % UNITS_PER_TOKEN).toString().padStart(TOKEN_DECIMALS, "0").replace(/0+$/, "");
  const whole = `${neg ? "-" : ""}${groupThousands(a / UNITS_PER_TOKEN)}${frac ? `.${frac}` : ""}`;
  return `${whole} ${displayDenom(baseDenom)} (${groupThousands(units)} ${baseDenom})`;
}
