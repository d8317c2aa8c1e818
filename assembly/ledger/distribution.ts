// x/distribution's allocation (keeper/allocation.go), one denom: DecCoins are single Decs.
//   AllocateTokensToValidator: commission = tokens Mul rate (half-even), the rest to the current
//   period's rewards; all of it is outstanding.
//   AllocateTokens: the whole fee collector moves to distribution; each last-commit validator gets
//   fees x (1 - tax) MulDecTruncate (power QuoTruncate totalPower); the tax and the truncation dust
//   go to the community pool (all of it when the total power is zero).

import { OK, ERR_OVERFLOW } from "../errors";
import { POW18 } from "../math/limbs";
import {
  mul, mulRounded, mulByWord, sub, add, fromInt, resLo, resHi, setResult, ROUND_TRUNCATE, ROUND_HALF_EVEN,
} from "../dec/dec";
import { validators, V_COMMISSION_RATE, V_CURRENT_REWARDS, V_COMMISSION, V_OUTSTANDING } from "./validators";
import { balanceOf, transfer, FEE_COLLECTOR, DISTRIBUTION } from "./bank";
import { COMMUNITY_POOL, cellPtr } from "./globals";
import { powerFraction, ALLOC_SIZE, ALLOC_REWARD, ALLOC_FRACTION } from "../rewards/topup";
import { Divisor } from "../math/limbs";
import { addAt } from "./fields";

const totalDivisor = new Divisor();


/** Add a Dec to the community pool. */
export function toCommunityPool(lo: u64, hi: u64): i32 {
  return addAt(cellPtr(COMMUNITY_POOL), 0, lo, hi);
}

/** AllocateTokensToValidator for the validator in `slot` (a Dec amount). */
export function allocateToValidator(slot: u32, lo: u64, hi: u64): i32 {
  validators.touch(slot);
  const p = validators.ptr(slot);
  const rate = p + <usize>V_COMMISSION_RATE;
  let e = mul(lo, hi, load<u64>(rate), load<u64>(rate, 8));
  if (e != OK) return e;
  const cLo = resLo, cHi = resHi;
  sub(lo, hi, cLo, cHi); // commission <= tokens: the rate is at most 1
  const sLo = resLo, sHi = resHi;
  e = addAt(p, V_COMMISSION, cLo, cHi);
  if (e != OK) return e;
  e = addAt(p, V_CURRENT_REWARDS, sLo, sHi);
  if (e != OK) return e;
  return addAt(p, V_OUTSTANDING, lo, hi);
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
  const c2Lo = resLo, c2Hi = resHi;
  // commission c1 + c2; to the delegators (t - c1) + (f - c2); outstanding t + f (each c <= its share)
  e = add(c1Lo, c1Hi, c2Lo, c2Hi);
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

/** The top-up's shares (Dec at `topUps + i * ALLOC_SIZE + ALLOC_REWARD`) to the voters, one by one. */
export function allocateTopUps(votes: usize, count: i32, topUps: usize): i32 {
  for (let i = 0; i < count; i++) {
    const a = topUps + <usize>(i * ALLOC_SIZE + ALLOC_REWARD);
    const e = allocateToValidator(load<u32>(votes + (<usize>i << 4)), load<u64>(a), load<u64>(a, 8));
    if (e != OK) return e;
  }
  return OK;
}

/**
 * AllocateTokens for the votes (validator slot u32, power u64: 16 bytes each) of the last commit.
 * `keepLo/Hi` is 1 - community tax. With `topUps` (else 0), the top-up's shares allocated just
 * before (allocateTopUps) go to each validator in the same pass. Returns the fees moved (whole
 * units) in the result registers.
 */
export function allocateTokens(votes: usize, count: i32, keepLo: u64, keepHi: u64, topUps: usize): i32 {
  balanceOf(FEE_COLLECTOR);
  const feesLo = resLo, feesHi = resHi;
  let e = transfer(FEE_COLLECTOR, DISTRIBUTION, feesLo, feesHi);
  if (e != OK) return e;
  e = fromInt(feesLo, feesHi);
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
  e = mulRounded(fLo, fHi, keepLo, keepHi, ROUND_TRUNCATE);
  if (e != OK) return e;
  const multLo = resLo, multHi = resHi;
  let leftLo = fLo, leftHi = fHi;
  for (let i = 0; i < count; i++) {
    const v = votes + (<usize>i << 4);
    // The top-up computed the same fractions of the same total power (all but the last's)
    let fraction: u64;
    if (topUps != 0 && i < count - 1) {
      fraction = load<u64>(topUps + <usize>(i * ALLOC_SIZE + ALLOC_FRACTION));
    } else {
      e = powerFraction(load<u64>(v, 8), totalLo, totalHi, totalDivisor);
      if (e != OK) return e;
      fraction = resLo; // at most 1: one word below 2^60
    }
    e = mulByWord(multLo, multHi, fraction, ROUND_TRUNCATE);
    if (e != OK) return e;
    const rLo = resLo, rHi = resHi;
    if (topUps != 0) {
      const a = topUps + <usize>(i * ALLOC_SIZE + ALLOC_REWARD);
      e = allocateBothToValidator(load<u32>(v), load<u64>(a), load<u64>(a, 8), rLo, rHi);
    } else {
      e = allocateToValidator(load<u32>(v), rLo, rHi);
    }
    if (e != OK) return e;
    e = sub(leftLo, leftHi, rLo, rHi);
    if (e != OK) return ERR_OVERFLOW; // the fractions sum to at most 1: cannot happen
    leftLo = resLo;
    leftHi = resHi;
  }
  e = toCommunityPool(leftLo, leftHi);
  return e != OK ? e : setResult(feesLo, feesHi);
}

/** 1 - tax, the validators' share of the fees. */
export function keepOf(taxLo: u64, taxHi: u64): i32 {
  return sub(POW18, 0, taxLo, taxHi);
}
