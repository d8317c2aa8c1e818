// ApproxRoot, the reference's Newton iteration, on wide numbers.
//
// The answer of approxRoot fits in 128 bits whenever its operand does, but the reference walks
// through guesses whose powers reach its own Dec limit (|raw| <= 2^256 * 10^18 - 1, ~316 bits):
// 10^19 with n = 4 passes 243-bit intermediates. So the iteration runs on `Wide` numbers with
// the reference's range check after every operation, and only the answer is narrowed to 128 bits.

import { OK, ERR_OUT_OF_BOUNDS, ERR_OVERFLOW } from "../errors";
import { POW18 } from "../math/limbs";
import {
  WIDE_BYTES, wideZero, wideCopy, wideFromU128, wideFromU64, wideCmp, wideAdd, wideSub,
  wideAddSmall, wideMul, wideDivMod, wideIsZero, wideFitsU128, wideLen,
} from "../math/wide";
import { setResult } from "./dec";

const MAX_RAW = memory.data(WIDE_BYTES, 8); // 2^256 * 10^18 - 1
const SCALE18 = memory.data(WIDE_BYTES, 8);
const SCALE36 = memory.data(WIDE_BYTES, 8);
const HALF18 = memory.data(WIDE_BYTES, 8); // 5 * 10^17
const ONE_RAW = memory.data(WIDE_BYTES, 8); // the smallest Dec, raw 1
const tmpP = memory.data(WIDE_BYTES, 8);
const tmpQ = memory.data(WIDE_BYTES, 8);
const tmpR = memory.data(WIDE_BYTES, 8);
const tmpT = memory.data(WIDE_BYTES, 8);
const tmpD = memory.data(WIDE_BYTES, 8);
const guess = memory.data(WIDE_BYTES, 8);
const pw = memory.data(WIDE_BYTES, 8);
const quot = memory.data(WIDE_BYTES, 8);
const delta = memory.data(WIDE_BYTES, 8);
const operand = memory.data(WIDE_BYTES, 8);
const nWide = memory.data(WIDE_BYTES, 8);

let constantsReady = false;

function initConstants(): void {
  if (constantsReady) return;
  wideFromU64(SCALE18, POW18);
  wideFromU64(HALF18, POW18 / 2);
  wideMul(SCALE36, SCALE18, SCALE18);
  wideFromU64(ONE_RAW, 1);
  // 2^256 * 10^18 - 1
  wideZero(tmpT);
  store<u32>(tmpT + 32, 1);
  wideMul(MAX_RAW, tmpT, SCALE18);
  wideSub(MAX_RAW, MAX_RAW, ONE_RAW);
  constantsReady = true;
}

// @ts-ignore: decorator
@inline
function inRange(p: usize): bool {
  return wideCmp(p, MAX_RAW) <= 0;
}

/** dst = round_half_even(tmpP / 10^18), range-checked. Uses tmpQ, tmpR. */
function chopHalfEven(dst: usize): bool {
  wideDivMod(tmpQ, tmpR, tmpP, SCALE18);
  const c = wideCmp(tmpR, HALF18);
  if (c > 0 || (c == 0 && (load<u32>(tmpQ) & 1) != 0)) wideAddSmall(tmpQ, tmpQ, 1);
  if (!inRange(tmpQ)) return false;
  wideCopy(dst, tmpQ);
  return true;
}

/** dst = a * b, half-even (Mul); false when the reference would panic. */
function wideDecMul(dst: usize, a: usize, b: usize): bool {
  wideMul(tmpP, a, b);
  return chopHalfEven(dst);
}

/** dst = a / b, the two-step Quo; b non-zero. */
function wideDecQuo(dst: usize, a: usize, b: usize): bool {
  wideMul(tmpT, a, SCALE36);
  wideDivMod(tmpP, 0, tmpT, b);
  return chopHalfEven(dst);
}

/** dst = a^n by the reference's square-and-multiply (see dec.ts `power`). Uses tmpD. */
function wideDecPower(dst: usize, a: usize, n: u64): bool {
  wideCopy(dst, SCALE18); // t = 1
  if (n == 0) return true;
  wideCopy(tmpD, a);
  while (n > 1) {
    if (n & 1) {
      if (!wideDecMul(dst, dst, tmpD)) return false;
    }
    n >>= 1;
    if (!wideDecMul(tmpD, tmpD, tmpD)) return false;
  }
  return wideDecMul(dst, tmpD, dst);
}

/** Newton steps taken by the last approxRoot. */
export let rootIterations: i32 = 0;

/**
 * n-th root of a by the reference's ApproxRoot: guess 1; at most 300 times: p = guess^(n-1)
 * (Power; raw 1 if it came out 0), delta = (a Quo p - guess) QuoInt64 n (truncated toward zero),
 * guess += delta, stop once |delta| <= 10^-18 (after applying it). Returns the last guess even
 * without convergence; ERR_OUT_OF_BOUNDS if any step leaves the reference's range.
 */
export function approxRoot(alo: u64, ahi: u64, n: u64): i32 {
  initConstants();
  rootIterations = 0;
  if (n == 0) return setResult(POW18, 0);
  if (n == 1 || (alo | ahi) == 0 || (ahi == 0 && alo == POW18)) return setResult(alo, ahi);
  // The reference divides delta by int64(n); a root above 2^63 would flip its sign there.
  if (n > <u64>i64.MAX_VALUE) return ERR_OUT_OF_BOUNDS;
  wideFromU128(operand, alo, ahi);
  wideFromU64(nWide, n);
  wideCopy(guess, SCALE18);
  for (let i = 0; i < 300; i++) {
    rootIterations = i + 1;
    if (!wideDecPower(pw, guess, n - 1)) return ERR_OUT_OF_BOUNDS;
    if (wideIsZero(pw)) wideCopy(pw, ONE_RAW);
    if (!wideDecQuo(quot, operand, pw)) return ERR_OUT_OF_BOUNDS;
    // delta = (quot - guess) / n, truncated toward zero, applied with its sign
    const negative = wideCmp(quot, guess) < 0;
    if (negative) wideSub(tmpT, guess, quot);
    else wideSub(tmpT, quot, guess);
    wideDivMod(delta, 0, tmpT, nWide);
    if (negative) wideSub(guess, guess, delta); // |delta| <= (guess - quot) / n < guess
    else {
      wideAdd(guess, guess, delta);
      if (!inRange(guess)) return ERR_OUT_OF_BOUNDS;
    }
    if (wideLen(delta) <= 1 && load<u32>(delta) <= 1) break;
  }
  if (!wideFitsU128(guess)) return ERR_OVERFLOW;
  return setResult(load<u64>(guess), load<u64>(guess, 8));
}
