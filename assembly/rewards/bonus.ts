// The bonus of one time segment of a tier position (x/tieredrewards, REFERENCE.md §6.1):
// bonus = TruncateInt(shares.Mul(tokensPerShare).Mul(bonusApy).MulInt64(secs).QuoInt64(31557600))
// over [start, end], end clamped to the exit unlock time, secs the whole seconds of the span.
// Times are (unix seconds, nanoseconds). Simple interest on the live token value, truncated per
// segment.

import { OK, ERR_OVERFLOW } from "../errors";
import { mul256, p0, p1, p2, p3, div256By64, divByPow18, q0, q1, q2, q3, Divisor } from "../math/limbs";
import { mul, resLo, resHi, setResult } from "../dec/dec";

/** Seconds in the 365.25-day year the bonus APY is quoted over. */
export const SECONDS_PER_YEAR: u64 = 31_557_600;
const NANOS: i64 = 1_000_000_000;
/** Go's time.Duration saturates at 2^63 - 1 ns, i.e. 9223372036 whole seconds. */
const MAX_SPAN_SECONDS: u64 = 9_223_372_036;

// Outputs besides the bonus (in the result registers).
export let effEndSec: i64 = 0;
export let effEndNanos: i32 = 0;
export let durationSeconds: u64 = 0;
/** Whether the computation reached the token value (false for an empty segment). */
export let hasTokens = false;
export let tokensLo: u64 = 0;
export let tokensHi: u64 = 0;

const year = new Divisor();

// @ts-ignore: decorator
@inline
function after(aSec: i64, aNs: i32, bSec: i64, bNs: i32): bool {
  return aSec > bSec || (aSec == bSec && aNs > bNs);
}

/** Whole seconds from start to a later end, saturating as Go's Time.Sub does. */
function wholeSeconds(startSec: i64, startNs: i32, endSec: i64, endNs: i32): u64 {
  const ds = <u64>(endSec - startSec); // the true difference is below 2^64: both are i64
  if (ds > MAX_SPAN_SECONDS + 1) return MAX_SPAN_SECONDS;
  let nanos = <i64>(ds * <u64>NANOS) + <i64>(endNs - startNs);
  if (<u64>nanos > <u64>i64.MAX_VALUE) nanos = i64.MAX_VALUE; // wrapped past 2^63 - 1: saturate
  return <u64>(nanos / NANOS);
}

export function segmentBonus(
  sharesLo: u64, sharesHi: u64, tpsLo: u64, tpsHi: u64, apyLo: u64, apyHi: u64,
  startSec: i64, startNs: i32, endSec: i64, endNs: i32,
  unlockSet: bool, unlockSec: i64, unlockNs: i32,
): i32 {
  if (unlockSet && after(endSec, endNs, unlockSec, unlockNs)) {
    endSec = unlockSec;
    endNs = unlockNs;
  }
  effEndSec = endSec;
  effEndNanos = endNs;
  durationSeconds = 0;
  hasTokens = false;
  if (!after(endSec, endNs, startSec, startNs)) return setResult(0, 0);
  const secs = wholeSeconds(startSec, startNs, endSec, endNs);
  durationSeconds = secs;
  if (secs == 0) return setResult(0, 0);
  let e = mul(sharesLo, sharesHi, tpsLo, tpsHi);
  if (e != OK) return e;
  tokensLo = resLo;
  tokensHi = resHi;
  hasTokens = true;
  e = mul(tokensLo, tokensHi, apyLo, apyHi);
  if (e != OK) return e;
  // (value MulInt64 secs) QuoInt64 31557600, then TruncateInt: nested truncating divisions, one
  // 256-bit numerator (a 128-bit value times up to 2^34 seconds).
  mul256(resLo, resHi, secs, 0);
  year.prepare(SECONDS_PER_YEAR); // once: it keeps the divisor it was last given
  div256By64(p3, p2, p1, p0, year.norm, year.shift, year.recip);
  divByPow18(q3, q2, q1, q0);
  if ((q2 | q3) != 0) return ERR_OVERFLOW;
  return setResult(q0, q1);
}
