// Dec: the reference's 18-decimal fixed point (cosmossdk.io/math LegacyDec), restricted to
// non-negative values below 2^128 raw. A Dec is its raw integer, value x 10^18, as two u64 limbs.
//
// Every operation returns a result code (../errors.ts) and, on success, leaves its result in
// `resLo` / `resHi`. An exact result that is negative or needs more than 128 bits is an error,
// never a wrapped number. Each comment names the rounding and the LegacyDec method mirrored.
//
// One precedence rule for every operation (parse included): magnitude first. An exact result
// whose magnitude needs more than 128 bits is ERR_OVERFLOW, whatever its sign; only a result that
// fits and is negative (and non-zero) is ERR_UNDERFLOW. The host's range check of an operand
// (host/core/core.ts writeU128) follows the same rule.

import {
  OK, ERR_OVERFLOW, ERR_UNDERFLOW, ERR_DIVISION_BY_ZERO, ERR_INT64_OUT_OF_BOUND,
} from "../errors";
import {
  mulWide, wideHi, mul256, p0, p1, p2, p3, divByPow18, q0, q1, q2, q3, qRem, POW18,
  divWordByPow18, mulHi, div2by1Quotient, POW18_N, POW18_V, POW18_SHIFT,
} from "../math/limbs";
import {
  WIDE_BYTES, wideFromU128, wideMul, wideDivMod, wideFitsU128, wideLen,
} from "../math/wide";

/** Result of the last successful operation. */
export let resLo: u64 = 0;
export let resHi: u64 = 0;

export const ONE_LO: u64 = POW18;

// Scratch for the operations that go through wide division.
const wA: usize = memory.data(WIDE_BYTES, 8);
const wB: usize = memory.data(WIDE_BYTES, 8);
const wP: usize = memory.data(WIDE_BYTES, 8);
const wQ: usize = memory.data(WIDE_BYTES, 8);
const wR: usize = memory.data(WIDE_BYTES, 8);
const wScale: usize = memory.data(WIDE_BYTES, 8);
const wN: usize = memory.data(WIDE_BYTES, 8);

/** Rounding modes shared by the mul and quo families. */
export const ROUND_HALF_EVEN: i32 = 0;
export const ROUND_TRUNCATE: i32 = 1;
export const ROUND_CEILING: i32 = 2;

/** Set the result registers; returns OK. */
export function setResult(lo: u64, hi: u64): i32 {
  resLo = lo;
  resHi = hi;
  return OK;
}

// @ts-ignore: decorator
@inline
function ok(lo: u64, hi: u64): i32 {
  return setResult(lo, hi);
}

/** Round the quotient q0..q3 (remainder qRem) of the last division by 10^18 (roundQuotient). */
function roundPow18Quotient(mode: i32): i32 {
  return roundQuotient(q0, q1, q2 | q3, qRem, mode);
}

/**
 * Round the quotient (top:hi:lo) of a division by 10^18 with remainder `rem` and return it if it
 * fits 128 bits. Half-even compares twice the remainder with the divisor, as LegacyDec's
 * chopPrecision does; ceiling adds one for any remainder.
 */
// @ts-ignore: decorator
@inline
function roundQuotient(lo: u64, hi: u64, top: u64, rem: u64, mode: i32): i32 {
  let up = false;
  if (mode == ROUND_HALF_EVEN) {
    const twice = rem << 1; // rem < 10^18 < 2^63
    up = twice > POW18 || (twice == POW18 && (lo & 1) != 0);
  } else if (mode == ROUND_CEILING) {
    up = rem != 0;
  }
  if (up) {
    lo += 1;
    if (lo == 0) {
      hi += 1;
      if (hi == 0) top = 1;
    }
  }
  if (top != 0) return ERR_OVERFLOW;
  return ok(lo, hi);
}

/** a + b, exact (Add). */
export function add(alo: u64, ahi: u64, blo: u64, bhi: u64): i32 {
  const lo = alo + blo;
  const c = u64(lo < alo);
  const hi = ahi + bhi;
  const hi2 = hi + c;
  if (hi < ahi || hi2 < hi) return ERR_OVERFLOW;
  return ok(lo, hi2);
}

/** a - b, exact (Sub); a negative difference is ERR_UNDERFLOW. */
export function sub(alo: u64, ahi: u64, blo: u64, bhi: u64): i32 {
  if (ahi < bhi || (ahi == bhi && alo < blo)) return ERR_UNDERFLOW;
  return ok(alo - blo, ahi - bhi - u64(alo < blo));
}

export function cmp(alo: u64, ahi: u64, blo: u64, bhi: u64): i32 {
  if (ahi != bhi) return ahi < bhi ? -1 : 1;
  if (alo != blo) return alo < blo ? -1 : 1;
  return 0;
}

const WORD60: u64 = 1 << 60;

/**
 * (ahi:alo) x b / 10^18 with the given rounding, for b < 2^60: the product (n2:n1:n0) has
 * n2 < 2^60, so after the 4-bit normalization three 2-by-1 steps divide it; the same bits as the
 * general path (mul256 and a four-step division).
 */
export function mulByWord(alo: u64, ahi: u64, b: u64, mode: i32): i32 {
  const h0 = mulHi(alo, b);
  const n0 = alo * b;
  const l1 = ahi * b;
  const n1 = l1 + h0;
  // A high limb below 2^32 (every amount below 2^96): its product's high word in two multiplies.
  const h1 = ahi >> 32 == 0 ? (ahi * (b >> 32) + ((ahi * (b & 0xffffffff)) >> 32)) >> 32 : mulHi(ahi, b);
  const n2 = h1 + u64(n1 < h0);
  const u2 = (n2 << POW18_SHIFT) | (n1 >> (64 - POW18_SHIFT));
  const u1 = (n1 << POW18_SHIFT) | (n0 >> (64 - POW18_SHIFT));
  const u0 = n0 << POW18_SHIFT;
  // The top step's quotient is 0 unless the product reaches 10^18 x 2^128: skip it then.
  let x2: u64 = 0, r = u2;
  if (u2 >= POW18_N) {
    x2 = div2by1Quotient(0, u2, POW18_N, POW18_V);
    r = u2 - x2 * POW18_N;
  }
  const x1 = div2by1Quotient(r, u1, POW18_N, POW18_V);
  r = u1 - x1 * POW18_N;
  const x0 = div2by1Quotient(r, u0, POW18_N, POW18_V);
  return roundQuotient(x0, x1, x2, (u0 - x0 * POW18_N) >> POW18_SHIFT, mode);
}

/**
 * a * b: raw product / 10^18 with the given rounding. Half-even is Mul, truncation MulTruncate,
 * ceiling MulRoundUp (the same for non-negative values). The 256-bit product never overflows.
 */
export function mulRounded(alo: u64, ahi: u64, blo: u64, bhi: u64, mode: i32): i32 {
  // A factor below 2^60 (every rate and fraction): a 192-bit product, three division steps.
  if (bhi == 0 && blo < WORD60) return mulByWord(alo, ahi, blo, mode);
  if (ahi == 0 && alo < WORD60) return mulByWord(blo, bhi, alo, mode);
  mul256(alo, ahi, blo, bhi);
  divByPow18(p3, p2, p1, p0);
  return roundPow18Quotient(mode);
}

const E9: u64 = 1_000_000_000;
/** Largest operand of `mulSmall`: 4.0, so a1 * b1 (and the quotient) stay below 2^64. */
export const SMALL_OPERAND_MAX: u64 = 4 * POW18;

/**
 * a * b, half-even (Mul), for raw operands up to SMALL_OPERAND_MAX (values up to 4.0: every rate).
 * In base-10^9 digits, a = a1 * 10^9 + a0, every partial product fits 64 bits natively and the
 * divisions are by constants (which compile to multiplications):
 *   a * b = (a1 b1 + mh) 10^18 + x,  m = a1 b0 + a0 b1 = mh 10^9 + ml,  x = ml 10^9 + a0 b0 < 2 10^18
 * so floor(a * b / 10^18) = a1 b1 + mh + [x >= 10^18], and the remainder rounds half to even.
 * Returns the result (locals only: no result registers), so hot loops keep it in registers.
 */
// @ts-ignore: decorator
@inline
export function mulSmall(a: u64, b: u64): u64 {
  const a1 = a / E9, a0 = a - a1 * E9;
  const b1 = b / E9, b0 = b - b1 * E9;
  const m = a1 * b0 + a0 * b1;
  const mh = m / E9;
  const x = (m - mh * E9) * E9 + a0 * b0;
  const carry = u64(x >= POW18);
  const twice = (x - carry * POW18) << 1;
  const q = a1 * b1 + mh + carry;
  return q + u64(twice > POW18 || (twice == POW18 && (q & 1) != 0));
}

/**
 * a * b, half-even (Mul). Fast paths, same result: operands up to 4.0 go through `mulSmall`;
 * one-word operands whose product's high word is below 10^18 need a single 2-by-1 division.
 */
// @ts-ignore: decorator
@inline
export function mul(alo: u64, ahi: u64, blo: u64, bhi: u64): i32 {
  if ((ahi | bhi) == 0) {
    if (alo <= SMALL_OPERAND_MAX && blo <= SMALL_OPERAND_MAX) return setResult(mulSmall(alo, blo), 0);
    const lo = mulWide(alo, blo);
    const hi = wideHi;
    if (hi < POW18) {
      const q = divWordByPow18(hi, lo);
      const twice = qRem << 1;
      return setResult(q + u64(twice > POW18 || (twice == POW18 && (q & 1) != 0)), 0);
    }
  }
  return mulRounded(alo, ahi, blo, bhi, ROUND_HALF_EVEN);
}

/**
 * a / b. Half-even is Quo's two steps: q = trunc(a * 10^36 / b), then q / 10^18 half-even (so a
 * truncated tail ending in exactly 5 is an exact tie, as in the reference). Truncation is
 * QuoTruncate, trunc(a * 10^18 / b). Ceiling is QuoRoundUp: its quirk for negative quotients never
 * applies to non-negative values, where it is the ceiling.
 */
export function quoRounded(alo: u64, ahi: u64, blo: u64, bhi: u64, mode: i32): i32 {
  if ((blo | bhi) == 0) return ERR_DIVISION_BY_ZERO;
  wideFromU128(wA, alo, ahi);
  return quoWide(wA, blo, bhi, mode);
}

/**
 * The quo family with a wide raw numerator at `num` (a Dec's raw value, possibly above 128 bits):
 * num / b with the given rounding, as quoRounded. `num` is clobbered-free; uses wB, wP, wQ, wR.
 */
function quoWide(num: usize, blo: u64, bhi: u64, mode: i32): i32 {
  if ((blo | bhi) == 0) return ERR_DIVISION_BY_ZERO;
  wideFromU128(wB, blo, bhi);
  // scale = 10^36 for Quo, 10^18 otherwise
  const scaleLo = mulWide(POW18, mode == ROUND_HALF_EVEN ? POW18 : 1);
  wideFromU128(wScale, scaleLo, wideHi);
  if (!wideMul(wP, num, wScale)) return ERR_OVERFLOW;
  wideDivMod(wQ, wR, wP, wB);
  if (mode == ROUND_HALF_EVEN) {
    // q / 10^18 half-even: if q has more than 256 bits, so does the result.
    if (wideLen(wQ) > 8) return ERR_OVERFLOW;
    divByPow18(load<u64>(wQ, 24), load<u64>(wQ, 16), load<u64>(wQ, 8), load<u64>(wQ));
    return roundPow18Quotient(ROUND_HALF_EVEN);
  }
  if (!wideFitsU128(wQ)) return ERR_OVERFLOW;
  let lo = load<u64>(wQ), hi = load<u64>(wQ, 8);
  if (mode == ROUND_CEILING && wideLen(wR) != 0) {
    lo += 1;
    if (lo == 0) {
      hi += 1;
      if (hi == 0) return ERR_OVERFLOW;
    }
  }
  return ok(lo, hi);
}

/**
 * (a MulInt b) Quo d, with the given rounding (Quo two-step half-even, QuoTruncate, QuoRoundUp):
 * the reference's `shares.MulInt(tokens).Quo(delegatorShares)` (TokensFromShares), whose
 * intermediate a x b can pass 128 bits though the result does not.
 */
export function mulIntQuo(alo: u64, ahi: u64, blo: u64, bhi: u64, dlo: u64, dhi: u64, mode: i32): i32 {
  if ((dlo | dhi) == 0) return ERR_DIVISION_BY_ZERO;
  wideFromU128(wA, alo, ahi);
  wideFromU128(wB, blo, bhi);
  wideMul(wN, wA, wB);
  return quoWide(wN, dlo, dhi, mode);
}

/** (a MulInt b) QuoInt c: trunc(a_raw x b / c), the reference's SharesFromTokens. */
export function mulIntQuoInt(alo: u64, ahi: u64, blo: u64, bhi: u64, clo: u64, chi: u64): i32 {
  if ((clo | chi) == 0) return ERR_DIVISION_BY_ZERO;
  wideFromU128(wA, alo, ahi);
  wideFromU128(wB, blo, bhi);
  wideMul(wN, wA, wB);
  wideFromU128(wB, clo, chi);
  wideDivMod(wQ, 0, wN, wB);
  if (!wideFitsU128(wQ)) return ERR_OVERFLOW;
  return ok(load<u64>(wQ), load<u64>(wQ, 8));
}

/** a * b for an integer b, exact (MulInt). */
export function mulInt(alo: u64, ahi: u64, blo: u64, bhi: u64): i32 {
  // One-word operands (every per-block amount): one 64x64 product, which always fits.
  if ((ahi | bhi) == 0) return ok(alo * blo, mulHi(alo, blo));
  mul256(alo, ahi, blo, bhi);
  if ((p2 | p3) != 0) return ERR_OVERFLOW;
  return ok(p0, p1);
}

/**
 * a * n for a signed 64-bit n, exact (MulInt64). Magnitude first (the rule of every operation, as
 * parseDec): a product whose magnitude needs more than 128 bits is ERR_OVERFLOW whatever its sign;
 * otherwise a negative non-zero product is ERR_UNDERFLOW.
 */
export function mulInt64(alo: u64, ahi: u64, n: i64): i32 {
  const mag: u64 = n < 0 ? <u64>(-n) : <u64>n; // -(-2^63) wraps to 2^63, its magnitude
  const e = mulInt(alo, ahi, mag, 0);
  if (e != OK) return e;
  if (n < 0 && (resLo | resHi) != 0) return ERR_UNDERFLOW;
  return OK;
}

/** a / b for an integer b, truncated (QuoInt: integer division of the raw value). */
export function quoInt(alo: u64, ahi: u64, blo: u64, bhi: u64): i32 {
  if ((blo | bhi) == 0) return ERR_DIVISION_BY_ZERO;
  if ((ahi | bhi) == 0) return ok(alo / blo, 0);
  wideFromU128(wA, alo, ahi);
  wideFromU128(wB, blo, bhi);
  wideDivMod(wQ, 0, wA, wB);
  return ok(load<u64>(wQ), load<u64>(wQ, 8));
}

/**
 * a / n for a signed 64-bit n, truncated toward zero (QuoInt64). A negative quotient that
 * truncates to zero is zero; any other negative one is ERR_UNDERFLOW (its magnitude is at most a,
 * so it never overflows: magnitude first changes nothing here).
 */
export function quoInt64(alo: u64, ahi: u64, n: i64): i32 {
  if (n == 0) return ERR_DIVISION_BY_ZERO;
  const mag: u64 = n < 0 ? <u64>(-n) : <u64>n; // -(-2^63) wraps to 2^63, its magnitude
  const e = quoInt(alo, ahi, mag, 0);
  if (e != OK) return e;
  if (n < 0 && (resLo | resHi) != 0) return ERR_UNDERFLOW;
  return OK;
}

/**
 * a^n by the reference's square-and-multiply (Power): t = 1, d = a; while n > 1 { if n odd,
 * t = t*d; n /= 2; d = d*d }; result d*t. Every product is the half-even Mul, so the order of
 * squarings is part of the result. For a >= 1 every intermediate is at most the result and for
 * a < 1 at most one, so 128-bit intermediates overflow exactly when the result does.
 */
export function power(alo: u64, ahi: u64, n: u64): i32 {
  if (n == 0) return ok(ONE_LO, 0);
  let tlo = ONE_LO, thi: u64 = 0;
  let dlo = alo, dhi = ahi;
  let e: i32;
  while (n > 1) {
    if (n & 1) {
      e = mul(tlo, thi, dlo, dhi);
      if (e != OK) return e;
      tlo = resLo;
      thi = resHi;
    }
    n >>= 1;
    e = mul(dlo, dhi, dlo, dhi);
    if (e != OK) return e;
    dlo = resLo;
    dhi = resHi;
  }
  return mul(dlo, dhi, tlo, thi);
}

/** Integer part, truncated (TruncateInt); the result is an integer, not a Dec. */
export function truncateInt(alo: u64, ahi: u64): i32 {
  // Below 10^18 x 2^64 (every per-block amount) the quotient is one word: one division step.
  if (ahi < POW18) return ok(divWordByPow18(ahi, alo), 0);
  divByPow18(0, 0, ahi, alo);
  return ok(q0, q1);
}

/** Nearest integer, ties to even (RoundInt); the result is an integer. */
export function roundInt(alo: u64, ahi: u64): i32 {
  divByPow18(0, 0, ahi, alo);
  return roundPow18Quotient(ROUND_HALF_EVEN);
}

/** The integer result of truncateInt / roundInt as a signed 64-bit value (Int64). */
export function toInt64(e: i32): i32 {
  if (e != OK) return e;
  if (resHi != 0 || resLo > <u64>i64.MAX_VALUE) return ERR_INT64_OUT_OF_BOUND;
  return OK;
}

/** Integer part as a Dec (TruncateDec). */
export function truncateDec(alo: u64, ahi: u64): i32 {
  divByPow18(0, 0, ahi, alo);
  return sub(alo, ahi, qRem, 0);
}

/** Smallest integer >= a, as a Dec (Ceil); range-checked. */
export function ceil(alo: u64, ahi: u64): i32 {
  divByPow18(0, 0, ahi, alo);
  if (qRem == 0) return ok(alo, ahi);
  sub(alo, ahi, qRem, 0);
  return add(resLo, resHi, POW18, 0);
}

/** Integer n as a Dec (n x 10^18). */
export function fromInt(lo: u64, hi: u64): i32 {
  return mulInt(lo, hi, POW18, 0);
}
