// x/distribution's allocation (keeper/allocation.go), one denom: DecCoins are single Decs.
//   AllocateTokensToValidator: commission = tokens Mul rate (half-even), the rest to the current
//   period's rewards; all of it is outstanding.
//   AllocateTokens: the whole fee collector moves to distribution; each last-commit validator gets
//   fees x (1 - tax) MulDecTruncate (power QuoTruncate totalPower); the tax and the truncation dust
//   go to the community pool (all of it when the total power is zero).

import { OK, ERR_OVERFLOW } from "../errors";
import { POW18, divByPow18, divWordByPow18, mulWide, mulHi, wideHi, q0, q1, qRem } from "../math/limbs";
import {
  mul, mulRounded, mulByWord, sub, add, fromInt, resLo, resHi, setResult, ROUND_TRUNCATE, ROUND_HALF_EVEN,
} from "../dec/dec";
import { validators } from "./validators";
import { V_COMMISSION_RATE, V_CURRENT_REWARDS, V_COMMISSION, V_OUTSTANDING } from "../abi/validator";
import { balanceOf, transfer, FEE_COLLECTOR, DISTRIBUTION } from "./bank";
import { COMMUNITY_POOL, cellPtr } from "./globals";
import { powerFraction } from "../rewards/topup";
import { TOPUP_ALLOC_SIZE, TOPUP_ALLOC_REWARD, TOPUP_ALLOC_FRACTION } from "../abi/top-up";
import { Divisor } from "../math/limbs";
import { addAt } from "./fields";

const totalDivisor = new Divisor();


/** Add a Dec to the community pool. */
export function toCommunityPool(lo: u64, hi: u64): i32 {
  return addAt(cellPtr(COMMUNITY_POOL), 0, lo, hi);
}

/** Take a Dec from the community pool (DistributeFromFeePool's SafeSub): ERR_UNDERFLOW when it holds less. */
export function fromCommunityPool(lo: u64, hi: u64): i32 {
  const p = cellPtr(COMMUNITY_POOL);
  const e = sub(load<u64>(p), load<u64>(p, 8), lo, hi);
  if (e != OK) return e;
  store<u64>(p, resLo);
  store<u64>(p, resHi, 8);
  return OK;
}

/** AllocateTokensToValidator for the validator in `slot` (a Dec amount). */
export function allocateToValidator(slot: u32, lo: u64, hi: u64): i32 {
  validators.touch(slot);
  const p = validators.ptr(slot);
  const rate = p + <usize>V_COMMISSION_RATE;
  const e = mul(lo, hi, load<u64>(rate), load<u64>(rate, 8));
  if (e != OK) return e;
  return creditOne(p, lo, hi, resLo, resHi);
}

/**
 * AllocateTokensToValidator of a top-up share, then of a fee share, in one pass over the record:
 * each share's commission is its own product (as two calls would round them), the sums are exact.
 */
function allocateBothToValidator(slot: u32, tLo: u64, tHi: u64, fLo: u64, fHi: u64): i32 {
  validators.touch(slot);
  const p = validators.ptr(slot);
  // Mul by the rate (at most 1: one word below 2^60)
  const rate = load<u64>(p + <usize>V_COMMISSION_RATE);
  let e = mulByWord(tLo, tHi, rate, ROUND_HALF_EVEN);
  if (e != OK) return e;
  const c1Lo = resLo, c1Hi = resHi;
  e = mulByWord(fLo, fHi, rate, ROUND_HALF_EVEN);
  if (e != OK) return e;
  return creditBoth(p, tLo, tHi, fLo, fHi, c1Lo, c1Hi, resLo, resHi);
}

/**
 * The record updates of `allocateBothToValidator` (touched record at `p`) given both commissions:
 * commission c1 + c2; to the delegators (t - c1) + (f - c2); outstanding t + f (each c <= its share).
 */
// @ts-ignore: decorator
@inline
function creditBoth(p: usize, tLo: u64, tHi: u64, fLo: u64, fHi: u64, c1Lo: u64, c1Hi: u64, c2Lo: u64, c2Hi: u64): i32 {
  let e = add(c1Lo, c1Hi, c2Lo, c2Hi);
  if (e != OK) return e;
  const cLo = resLo, cHi = resHi;
  e = add(tLo, tHi, fLo, fHi);
  if (e != OK) return e;
  const oLo = resLo, oHi = resHi;
  sub(oLo, oHi, cLo, cHi);
  const sLo = resLo, sHi = resHi;
  e = addAt(p, V_COMMISSION, cLo, cHi);
  if (e != OK) return e;
  e = addAt(p, V_CURRENT_REWARDS, sLo, sHi);
  if (e != OK) return e;
  return addAt(p, V_OUTSTANDING, oLo, oHi);
}

/** `creditBoth` with its sums and fields inline (the fast path's): the same writes and failures. */
// @ts-ignore: decorator
@inline
function creditBothFast(p: usize, tLo: u64, tHi: u64, fLo: u64, fHi: u64, c1Lo: u64, c1Hi: u64, c2Lo: u64, c2Hi: u64): i32 {
  const cLo = c1Lo + c2Lo;
  const cH = c1Hi + c2Hi;
  const cHi = cH + u64(cLo < c1Lo);
  if (cH < c1Hi || cHi < cH) return ERR_OVERFLOW;
  const oLo = tLo + fLo;
  const oH = tHi + fHi;
  const oHi = oH + u64(oLo < tLo);
  if (oH < tHi || oHi < oH) return ERR_OVERFLOW;
  const sLo = oLo - cLo, sHi = oHi - cHi - u64(oLo < cLo); // c <= t + f: each commission is at most its share
  let e = addField(p, V_COMMISSION, cLo, cHi);
  if (e != OK) return e;
  e = addField(p, V_CURRENT_REWARDS, sLo, sHi);
  if (e != OK) return e;
  return addField(p, V_OUTSTANDING, oLo, oHi);
}

/** The record updates of `allocateToValidator` (touched record at `p`) given its commission. */
// @ts-ignore: decorator
@inline
function creditOne(p: usize, lo: u64, hi: u64, cLo: u64, cHi: u64): i32 {
  sub(lo, hi, cLo, cHi); // commission <= tokens: the rate is at most 1
  const sLo = resLo, sHi = resHi;
  let e = addAt(p, V_COMMISSION, cLo, cHi);
  if (e != OK) return e;
  e = addAt(p, V_CURRENT_REWARDS, sLo, sHi);
  if (e != OK) return e;
  return addAt(p, V_OUTSTANDING, lo, hi);
}

/** The top-up's shares (each allocation's TOPUP_ALLOC_REWARD, a Dec) to the voters, one by one. */
export function allocateTopUps(votes: usize, count: i32, topUps: usize): i32 {
  for (let i = 0; i < count; i++) {
    const a = topUps + <usize>(i * TOPUP_ALLOC_SIZE + TOPUP_ALLOC_REWARD);
    const e = allocateToValidator(load<u32>(votes + (<usize>i << 4)), load<u64>(a), load<u64>(a, 8));
    if (e != OK) return e;
  }
  return OK;
}

/**
 * AllocateTokens for the votes (validator slot u32, power u64: 16 bytes each) of the last commit.
 * `keepLo/Hi` is 1 - community tax. With `topUps` (else 0), the top-up's shares allocated just
 * before (allocateTopUps) go to each validator in the same pass; (topLo, topHi) is the top-up.
 * Returns the fees moved (whole units) in the result registers.
 */
export function allocateTokens(
  votes: usize, count: i32, keepLo: u64, keepHi: u64, topUps: usize, topLo: u64, topHi: u64,
): i32 {
  balanceOf(FEE_COLLECTOR);
  const feesLo = resLo, feesHi = resHi;
  const e = transfer(FEE_COLLECTOR, DISTRIBUTION, feesLo, feesHi);
  if (e != OK) return e;
  return allocateFees(votes, count, keepLo, keepHi, topUps, topLo, topHi, feesLo, feesHi);
}

/** `allocateTokens` once the fee collector's `fees` have moved to distribution (the caller moved them). */
export function allocateFees(
  votes: usize, count: i32, keepLo: u64, keepHi: u64, topUps: usize, topLo: u64, topHi: u64, feesLo: u64, feesHi: u64,
): i32 {
  let e = fromInt(feesLo, feesHi);
  if (e != OK) return e;
  const fLo = resLo, fHi = resHi;
  let totalLo: u64 = 0, totalHi: u64 = 0;
  for (let i = 0; i < count; i++) {
    e = add(totalLo, totalHi, load<u64>(votes + (<usize>i << 4), 8), 0);
    if (e != OK) return e;
    totalLo = resLo;
    totalHi = resHi;
  }
  if ((totalLo | totalHi) == 0) {
    if (topUps != 0) {
      e = allocateTopUps(votes, count, topUps);
      if (e != OK) return e;
    }
    e = toCommunityPool(fLo, fHi);
    return e != OK ? e : setResult(feesLo, feesHi);
  }
  let multLo: u64, multHi: u64;
  if ((feesHi | keepHi) == 0) {
    // Dec(fees) MulTruncate keep = fees x 10^18 x keep / 10^18: exactly fees x keep
    multLo = mulWide(feesLo, keepLo);
    multHi = wideHi;
  } else {
    e = mulRounded(fLo, fHi, keepLo, keepHi, ROUND_TRUNCATE);
    if (e != OK) return e;
    multLo = resLo;
    multHi = resHi;
  }
  let leftLo = fLo, leftHi = fHi;
  // The fast path: every share and commission by products of 10^9-digits (see `allocateFast`)
  if (totalHi == 0 && (topUps == 0 || (topHi == 0 && topLo < POW18))) {
    // M's quotient by 10^18 fits one word when its high word is below 10^18: one division step
    let mq: u64, mr: u64, mqHi: u64 = 0;
    if (multHi < POW18) {
      mq = divWordByPow18(multHi, multLo);
      mr = qRem;
    } else {
      divByPow18(0, 0, multHi, multLo);
      mq = q0;
      mqHi = q1;
      mr = qRem;
    }
    if (mqHi == 0 && mq < POW18) {
      e = allocateFast(votes, count, totalLo, multLo, multHi, mq, mr, topUps, topLo, fLo, fHi);
      if (e != OK) return e;
      e = toCommunityPool(fastLeftLo, fastLeftHi);
      return e != OK ? e : setResult(feesLo, feesHi);
    }
  }
  for (let i = 0; i < count; i++) {
    e = allocateOne(votes + (<usize>i << 4), i, count, totalLo, totalHi, multLo, multHi, topUps);
    if (e != OK) return e;
    e = sub(leftLo, leftHi, resLo, resHi);
    if (e != OK) return ERR_OVERFLOW; // the fractions sum to at most 1: cannot happen
    leftLo = resLo;
    leftHi = resHi;
  }
  e = toCommunityPool(leftLo, leftHi);
  return e != OK ? e : setResult(feesLo, feesHi);
}

// ---- the fast path -------------------------------------------------------------------------
//
// Each share is x * y / 10^18 rounded, for a block-wide x and a per-validator y, and the general
// product (three 64-bit limbs, two or three 2-by-1 division steps, each with a 64x64 high word
// that WebAssembly has to build from four multiplies) dominated the block. Exact rewrites:
//
//   fees x (1 - tax) = M = Mq * 10^18 + Mr  (split once per block; Mq < 10^18 on this path), so
//   fee share  r = floor(M f / 10^18) = Mq f + floor(Mr f / 10^18)                 (f: fraction)
//   and with f x rate = F = Fq * 10^18 + Fr (per validator, memoized),
//   commission  r x rate / 10^18 = Mq Fq + (Mq Fr + s x rate) / 10^18,  s = floor(Mr f / 10^18)
//   top-up share t = T f (T: the top-up, a whole number < 10^18), its commission
//               t x rate / 10^18 = T Fq + T Fr / 10^18.
// Every factor on the right but Mq f, Mq Fq, T Fq is below 10^18, so its product over 10^18 is
// taken in 10^9-digits (`mulDigits`): 64-bit partial products and divisions by the constant 10^9,
// which compile to native multiplies. The remainders give the half-even rounding of the whole sum
// (its parity is the whole quotient's). The memo per vote index (power, rate -> f and the digits
// of f, Fr, rate) is checked every block against the vote's power, the record's rate and the total
// power.

const E9: u64 = 1_000_000_000;

// Memo entry per vote index: what it was computed from (the power, with the memo's total power,
// and the rate; the validator does not matter), then the values.
const FM_POWER: i32 = 8;
const FM_RATE: i32 = 16; // the commission rate's low word (its high word is 0 on the fast path)
const FM_F: i32 = 24; // fraction f = QuoTruncate(power, total)
const FM_F1: i32 = 32; // f / 10^9
const FM_F0: i32 = 40; // f % 10^9
const FM_FQ: i32 = 48; // floor(f x rate / 10^18)
const FM_FR1: i32 = 56; // (f x rate % 10^18) / 10^9
const FM_FR0: i32 = 64; // (f x rate % 10^18) % 10^9
const FM_R1: i32 = 72; // rate / 10^9
const FM_R0: i32 = 80; // rate % 10^9
const FM_SIZE: i32 = 96;
let fastMemo: usize = 0;
let fastMemoCapacity: i32 = 0;
let fastMemoValid: i32 = 0; // entries below this index were filled for `fastMemoTotal`
let fastMemoTotal: u64 = 0;

/** What `allocateFast` left for the community pool. */
let fastLeftLo: u64 = 0;
let fastLeftHi: u64 = 0;

/** Remainder of the last `mulDigitsRem`. */
let digitsRem: u64 = 0;

/**
 * floor(a * b / 10^18) for a = a1 * 10^9 + a0, b = b1 * 10^9 + b0 (a0, b0 < 10^9; a1, b1 at
 * most 1.2 * 10^9): a * b = (a1 b1 + mh) 10^18 + x with m = a1 b0 + a0 b1 = mh 10^9 + ml,
 * x = ml 10^9 + a0 b0 < 2 * 10^18 (the `mulSmall` identity).
 */
// @ts-ignore: decorator
@inline
function mulDigits(a1: u64, a0: u64, b1: u64, b0: u64): u64 {
  const m = a1 * b0 + a0 * b1;
  const mh = m / E9;
  const x = (m - mh * E9) * E9 + a0 * b0;
  return a1 * b1 + mh + u64(x >= POW18);
}

/** `mulDigits` with the remainder of the division by 10^18 into `digitsRem`. */
// @ts-ignore: decorator
@inline
function mulDigitsRem(a1: u64, a0: u64, b1: u64, b0: u64): u64 {
  const m = a1 * b0 + a0 * b1;
  const mh = m / E9;
  const x = (m - mh * E9) * E9 + a0 * b0;
  const carry = u64(x >= POW18);
  digitsRem = x - carry * POW18;
  return a1 * b1 + mh + carry;
}

/** field += (lo, hi) in a record, as `addAt` (failing, with nothing written, past 2^128). */
// @ts-ignore: decorator
@inline
function addField(p: usize, off: i32, lo: u64, hi: u64): i32 {
  const f = p + <usize>off;
  const alo = load<u64>(f), ahi = load<u64>(f, 8);
  const nlo = alo + lo;
  const h = ahi + hi;
  const h2 = h + u64(nlo < alo);
  if (h < ahi || h2 < h) return ERR_OVERFLOW;
  store<u64>(f, nlo);
  store<u64>(f, h2, 8);
  return OK;
}

/** High word of a * b for a < 2^32 in two multiplies, else the general one. */
// @ts-ignore: decorator
@inline
function mulHiSmall(a: u64, b: u64, small: bool): u64 {
  return small ? (a * (b >> 32) + ((a * (b & 0xffffffff)) >> 32)) >> 32 : mulHi(a, b);
}

/** Fill a memo entry: the fraction of `power` in `totalLo`, f x rate split at 10^18, their digits. */
function fillMemo(m: usize, power: u64, rate: u64, totalLo: u64): i32 {
  const e = powerFraction(power, totalLo, 0, totalDivisor);
  if (e != OK) return e;
  const f = resLo; // at most 1 (power <= total)
  store<u64>(m + <usize>FM_POWER, power);
  store<u64>(m + <usize>FM_RATE, rate);
  store<u64>(m + <usize>FM_F, f);
  store<u64>(m + <usize>FM_F1, f / E9);
  store<u64>(m + <usize>FM_F0, f % E9);
  // f x rate <= 10^36: its high word is below 10^18, one division step
  const lo = mulWide(f, rate);
  store<u64>(m + <usize>FM_FQ, divWordByPow18(wideHi, lo));
  const fr = qRem;
  store<u64>(m + <usize>FM_FR1, fr / E9);
  store<u64>(m + <usize>FM_FR0, fr % E9);
  store<u64>(m + <usize>FM_R1, rate / E9);
  store<u64>(m + <usize>FM_R0, rate % E9);
  return OK;
}

/**
 * The allocation loop of `allocateTokens` for a one-word total power, M = (mLo, mHi) =
 * mq * 10^18 + mr with mq < 10^18 and, with top-ups, a top-up `top` below 10^18; the fees (Dec)
 * in (leftLo, leftHi). The same shares, commissions and record updates, in the same order and with
 * the same failures, as the general loop; what is left of the fees goes to fastLeftLo/Hi.
 */
function allocateFast(
  votes: usize, count: i32, totalLo: u64, mLo: u64, mHi: u64, mq: u64, mr: u64, topUps: usize, top: u64,
  leftLo: u64, leftHi: u64,
): i32 {
  if (count > fastMemoCapacity) {
    fastMemoCapacity = count * 2;
    fastMemo = heap.alloc(<usize>(fastMemoCapacity * FM_SIZE));
    fastMemoValid = 0;
  }
  if (totalLo != fastMemoTotal) {
    fastMemoTotal = totalLo;
    fastMemoValid = 0;
  }
  const mq1 = mq / E9, mq0 = mq % E9, mr1 = mr / E9, mr0 = mr % E9;
  const mqSmall = mq >> 32 == 0;
  const t1 = top / E9, t0 = top % E9;
  const topSmall = top >> 32 == 0;
  let e: i32;
  for (let i = 0; i < count; i++) {
    const v = votes + (<usize>i << 4);
    const slot = load<u32>(v);
    const power = load<u64>(v, 8);
    const p = validators.ptr(slot); // (a touch moves no record)
    const rate = load<u64>(p + <usize>V_COMMISSION_RATE);
    if (load<u64>(p + <usize>V_COMMISSION_RATE, 8) != 0 || rate > POW18) {
      // a rate above 1 (never by the messages' rules): the general loop's products
      e = allocateOne(v, i, count, totalLo, 0, mLo, mHi, topUps);
      if (e != OK) return e;
      e = sub(leftLo, leftHi, resLo, resHi);
      if (e != OK) return ERR_OVERFLOW; // the fractions sum to at most 1: cannot happen
      leftLo = resLo;
      leftHi = resHi;
    } else {
      const m = fastMemo + <usize>(i * FM_SIZE);
      if (i >= fastMemoValid || load<u64>(m + <usize>FM_POWER) != power || load<u64>(m + <usize>FM_RATE) != rate) {
        e = fillMemo(m, power, rate, totalLo);
        if (e != OK) return e;
        if (i == fastMemoValid) fastMemoValid = i + 1;
      }
      const f = load<u64>(m + <usize>FM_F);
      const fq = load<u64>(m + <usize>FM_FQ);
      // fee share r = Mq f + s, s = floor(Mr f / 10^18) < f <= 10^18
      const s = mulDigits(mr1, mr0, load<u64>(m + <usize>FM_F1), load<u64>(m + <usize>FM_F0));
      const rLo = mq * f + s;
      const rHi = mulHiSmall(mq, f, mqSmall) + u64(rLo < s);
      // its commission: Mq Fq + floor(T / 10^18), T = Mq Fr + s rate, half-even on T's remainder;
      // T in 10^9-digits: its columns (each below 4 * 10^18) summed before one carry
      const s1 = s / E9, s0 = s - s1 * E9;
      const fr1 = load<u64>(m + <usize>FM_FR1), fr0 = load<u64>(m + <usize>FM_FR0);
      const r1 = load<u64>(m + <usize>FM_R1), r0 = load<u64>(m + <usize>FM_R0);
      const mid = mq1 * fr0 + mq0 * fr1 + s1 * r0 + s0 * r1;
      const mh = mid / E9;
      const x = (mid - mh * E9) * E9 + mq0 * fr0 + s0 * r0; // < 3 * 10^18
      const carry = x / POW18;
      const rem = x - carry * POW18;
      const add1 = mq1 * fr1 + s1 * r1 + mh + carry; // < 2^62
      let cLo = mq * fq + add1;
      let cHi = mulHiSmall(mq, fq, mqSmall) + u64(cLo < add1);
      const twice = rem << 1;
      if (twice > POW18 || (twice == POW18 && (cLo & 1) != 0)) {
        cLo += 1;
        cHi += u64(cLo == 0);
      }
      validators.touchQuick(slot);
      if (topUps == 0) {
        // creditOne: commission, to the delegators r - c (c <= r: the rate is at most 1), outstanding
        const dLo = rLo - cLo, dHi = rHi - cHi - u64(rLo < cLo);
        e = addField(p, V_COMMISSION, cLo, cHi);
        if (e != OK) return e;
        e = addField(p, V_CURRENT_REWARDS, dLo, dHi);
        if (e != OK) return e;
        e = addField(p, V_OUTSTANDING, rLo, rHi);
      } else {
        const a = topUps + <usize>(i * TOPUP_ALLOC_SIZE + TOPUP_ALLOC_REWARD);
        const tLo = load<u64>(a), tHi = load<u64>(a, 8);
        let kLo: u64, kHi: u64;
        if (i < count - 1) {
          // the top-up share is top x f: its commission is T Fq + T Fr / 10^18, half-even
          const qt = mulDigitsRem(t1, t0, fr1, fr0);
          const tl = top * fq;
          kLo = tl + qt;
          kHi = mulHiSmall(top, fq, topSmall) + u64(kLo < qt);
          const twiceT = digitsRem << 1;
          if (twiceT > POW18 || (twiceT == POW18 && (kLo & 1) != 0)) {
            kLo += 1;
            kHi += u64(kLo == 0);
          }
        } else {
          // the last validator's top-up share is the remainder
          e = mulByWord(tLo, tHi, rate, ROUND_HALF_EVEN);
          if (e != OK) return e;
          kLo = resLo;
          kHi = resHi;
        }
        e = creditBothFast(p, tLo, tHi, rLo, rHi, kLo, kHi, cLo, cHi);
      }
      if (e != OK) return e;
      if (leftHi < rHi || (leftHi == rHi && leftLo < rLo)) return ERR_OVERFLOW; // the fractions sum to at most 1
      leftHi = leftHi - rHi - u64(leftLo < rLo);
      leftLo -= rLo;
    }
  }
  fastLeftLo = leftLo;
  fastLeftHi = leftHi;
  return OK;
}

/**
 * One vote of the general loop (vote `i` at `v`): its fee share M x fraction (truncated; the
 * top-up's fraction when it has one), allocated with its top-up share. The fee share goes to the
 * result registers.
 */
function allocateOne(v: usize, i: i32, count: i32, totalLo: u64, totalHi: u64, mLo: u64, mHi: u64, topUps: usize): i32 {
  let fraction: u64;
  let e: i32;
  if (topUps != 0 && i < count - 1) {
    fraction = load<u64>(topUps + <usize>(i * TOPUP_ALLOC_SIZE + TOPUP_ALLOC_FRACTION));
  } else {
    e = powerFraction(load<u64>(v, 8), totalLo, totalHi, totalDivisor);
    if (e != OK) return e;
    fraction = resLo; // at most 1: one word below 2^60
  }
  e = mulByWord(mLo, mHi, fraction, ROUND_TRUNCATE);
  if (e != OK) return e;
  const rLo = resLo, rHi = resHi;
  if (topUps != 0) {
    const a = topUps + <usize>(i * TOPUP_ALLOC_SIZE + TOPUP_ALLOC_REWARD);
    e = allocateBothToValidator(load<u32>(v), load<u64>(a), load<u64>(a, 8), rLo, rHi);
  } else {
    e = allocateToValidator(load<u32>(v), rLo, rHi);
  }
  if (e != OK) return e;
  return setResult(rLo, rHi);
}

/** 1 - tax, the validators' share of the fees. */
export function keepOf(taxLo: u64, taxHi: u64): i32 {
  return sub(POW18, 0, taxLo, taxHi);
}
