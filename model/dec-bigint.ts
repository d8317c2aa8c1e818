// The reference's LegacyDec arithmetic written plainly with TypeScript BigInt: what a user would
// write without the core. It is the benchmark baseline, and the independent model the property
// tests check the core against. Raw values (value x 10^18), non-negative, unbounded except where
// the reference itself range-checks (approxRoot).

export const E18 = 10n ** 18n;
export const E36 = E18 * E18;
/** The reference's largest raw Dec: 2^256 * 10^18 - 1. */
export const MAX_RAW = (1n << 256n) * E18 - 1n;

/** n / d rounded half to even (n, d > 0). */
function divHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r2 = (n % d) * 2n;
  if (r2 > d || (r2 === d && (q & 1n) === 1n)) return q + 1n;
  return q;
}

export const mul = (a: bigint, b: bigint) => divHalfEven(a * b, E18);
export const mulTruncate = (a: bigint, b: bigint) => (a * b) / E18;
export const mulRoundUp = (a: bigint, b: bigint) => (a * b + E18 - 1n) / E18;
/** Two steps: truncate at 36 decimals, then half-even to 18. */
export const quo = (a: bigint, b: bigint) => divHalfEven((a * E36) / b, E18);
export const quoTruncate = (a: bigint, b: bigint) => (a * E18) / b;
export const quoRoundUp = (a: bigint, b: bigint) => (a * E18 + b - 1n) / b;
export const mulInt = (a: bigint, i: bigint) => a * i;
export const quoInt = (a: bigint, i: bigint) => a / i;
export const truncateInt = (a: bigint) => a / E18;
export const roundInt = (a: bigint) => divHalfEven(a, E18);
export const ceil = (a: bigint) => ((a + E18 - 1n) / E18) * E18;

/** Square-and-multiply with a half-even product at every step, in the reference's order. */
export function power(a: bigint, n: bigint, check = false): bigint {
  let t = E18;
  let d = a;
  if (n === 0n) return E18;
  while (n > 1n) {
    if (n & 1n) t = ranged(mul(t, d), check);
    n >>= 1n;
    d = ranged(mul(d, d), check);
  }
  return ranged(mul(d, t), check);
}

function ranged(v: bigint, check: boolean): bigint {
  if (check && v > MAX_RAW) throw new RangeError("out of bounds");
  return v;
}

/** The reference's Newton iteration; returns [root, iterations]. Throws "out of bounds". */
export function approxRoot(a: bigint, n: bigint): [bigint, number] {
  if (n === 0n) return [E18, 0];
  if (n === 1n || a === 0n || a === E18) return [a, 0];
  let g = E18;
  let i = 0;
  while (i < 300) {
    i++;
    let p = power(g, n - 1n, true);
    if (p === 0n) p = 1n;
    const q = ranged(quo(a, p), true);
    let delta = q - g;
    delta = delta < 0n ? -(-delta / n) : delta / n; // truncated toward zero
    g = ranged(g + delta, true);
    if ((delta < 0n ? -delta : delta) <= 1n) break;
  }
  return [g, i];
}
