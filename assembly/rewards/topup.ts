// The base-rewards top-up of x/tieredrewards' BeginBlock (REFERENCE.md §5.1): the rewards pool
// pays the shortfall between the target base reward per block and what the fee collector holds
// after community tax, split by last-commit voting power with the remainder to the last validator.
//
//   target   = Dec(totalBonded) Mul rate Quo Dec(blocksPerYear)
//   default  = Dec(feeCollector) MulTruncate (1 - communityTax)
//   shortfall = TruncateInt(target - default)          (stop unless positive)
//   topUp    = min(shortfall, pool)                    (stop if no power or an empty pool)
//   reward_i = Dec(topUp) MulTruncate (Dec(power_i) QuoTruncate Dec(totalPower)), i < last
//   reward_last = Dec(topUp) - sum of the others

import { OK, ERR_OVERFLOW } from "../errors";
import { POW18, Divisor, mulWide, wideHi, div256By64, q0, q1 } from "../math/limbs";
import {
  mul, mulRounded, mulInt, quoRounded, sub, add, cmp, fromInt, truncateInt, resLo, resHi, setResult,
  ROUND_HALF_EVEN, ROUND_TRUNCATE,
} from "../dec/dec";
import {
  TOPUP_ALLOC_FRACTION, TOPUP_ALLOC_REWARD, TOPUP_ALLOC_SIZE, TOPUP_DISABLED, TOPUP_FULL,
  TOPUP_IN_BLOCKS_PER_YEAR, TOPUP_IN_COMMUNITY_TAX, TOPUP_IN_FEE_COLLECTOR, TOPUP_IN_POOL, TOPUP_IN_RATE,
  TOPUP_IN_TOTAL_BONDED, TOPUP_NO_SHORTFALL, TOPUP_NO_VOTING_POWER, TOPUP_OUT_DEFAULT, TOPUP_OUT_OUTCOME,
  TOPUP_OUT_SHORTFALL, TOPUP_OUT_SHORTFALL_NEGATIVE, TOPUP_OUT_SIZE, TOPUP_OUT_TARGET, TOPUP_OUT_TOP_UP,
  TOPUP_OUT_TOTAL_POWER, TOPUP_PARTIAL, TOPUP_POOL_EMPTY, TOPUP_ZERO_BLOCKS_PER_YEAR,
} from "../abi/top-up";

const totalDivisor = new Divisor();
// The last target (Dec(totalBonded) Mul rate Quo Dec(blocksPerYear)) and what it was computed from.
let targetBondedLo: u64 = 0, targetBondedHi: u64 = 0, targetRateLo: u64 = 0, targetRateHi: u64 = 0;
let targetBpy: u64 = 0, targetLastLo: u64 = 0, targetLastHi: u64 = 0;
// 256 entries of (power, total, fraction), indexed by a hash of the pair; total 0 marks empty.
const memo: usize = memory.data(256 * 24, 8);

/**
 * QuoTruncate(Dec(power), Dec(total)) = floor(power * 10^18 / total): for a one-word total, one
 * 128-by-64 division with the divisor prepared once per call site; otherwise the general path.
 */
export function powerFraction(power: u64, totalLo: u64, totalHi: u64, divisor: Divisor): i32 {
  if (totalHi == 0) {
    // The same (power, total) pairs come back block after block: a small memo of this pure function.
    const slot = memo + (<usize>((power * 0x9e3779b97f4a7c15 ^ totalLo) >> 56) * 24);
    if (load<u64>(slot) == power && load<u64>(slot, 8) == totalLo && totalLo != 0) return setResult(load<u64>(slot, 16), 0);
    divisor.prepare(totalLo);
    const lo = mulWide(power, POW18);
    div256By64(0, 0, wideHi, lo, divisor.norm, divisor.shift, divisor.recip);
    if (q1 == 0) {
      store<u64>(slot, power);
      store<u64>(slot, totalLo, 8);
      store<u64>(slot, q0, 16);
    }
    return setResult(q0, q1);
  }
  let e = fromInt(power, 0);
  if (e != OK) return e;
  const pLo = resLo, pHi = resHi;
  e = fromInt(totalLo, totalHi);
  if (e != OK) return e;
  return quoRounded(pLo, pHi, resLo, resHi, ROUND_TRUNCATE);
}

// @ts-ignore: decorator
@inline
function ld(p: usize, off: i32): u64 {
  return load<u64>(p + <usize>off);
}

// @ts-ignore: decorator
@inline
function st(p: usize, off: i32, lo: u64, hi: u64): void {
  store<u64>(p + <usize>off, lo);
  store<u64>(p + <usize>off, hi, 8);
}

function finish(out: usize, outcome: i32): i32 {
  store<i32>(out + <usize>TOPUP_OUT_OUTCOME, outcome);
  return OK;
}

/**
 * Compute the top-up for `count` validators whose last-commit powers (u64) are at `powers`, in
 * commit order; allocations go to `alloc` (count entries). Returns OK or an arithmetic error.
 */
export function computeTopUp(input: usize, powers: usize, count: i32, out: usize, alloc: usize): i32 {
  memory.fill(out, 0, TOPUP_OUT_SIZE);
  const rateLo = ld(input, TOPUP_IN_RATE), rateHi = ld(input, TOPUP_IN_RATE + 8);
  const bpy = ld(input, TOPUP_IN_BLOCKS_PER_YEAR);
  if ((rateLo | rateHi) == 0) return finish(out, TOPUP_DISABLED);
  if (bpy == 0) return finish(out, TOPUP_ZERO_BLOCKS_PER_YEAR);

  const bondedLo = ld(input, TOPUP_IN_TOTAL_BONDED), bondedHi = ld(input, TOPUP_IN_TOTAL_BONDED + 8);
  let e: i32;
  // The target changes only with the bonded tokens (and the params): the last one is kept. (Its
  // key starts at zero, which no input here has: a zero rate or blocks per year stopped above.)
  if (bondedLo != targetBondedLo || bondedHi != targetBondedHi || rateLo != targetRateLo || rateHi != targetRateHi ||
    bpy != targetBpy) {
    e = fromInt(bondedLo, bondedHi);
    if (e != OK) return e;
    e = mul(resLo, resHi, rateLo, rateHi);
    if (e != OK) return e;
    const scaledLo = resLo, scaledHi = resHi;
    e = fromInt(bpy, 0);
    if (e != OK) return e;
    e = quoRounded(scaledLo, scaledHi, resLo, resHi, ROUND_HALF_EVEN);
    if (e != OK) return e;
    targetBondedLo = bondedLo;
    targetBondedHi = bondedHi;
    targetRateLo = rateLo;
    targetRateHi = rateHi;
    targetBpy = bpy;
    targetLastLo = resLo;
    targetLastHi = resHi;
  }
  const targetLo = targetLastLo, targetHi = targetLastHi;
  st(out, TOPUP_OUT_TARGET, targetLo, targetHi);

  e = sub(POW18, 0, ld(input, TOPUP_IN_COMMUNITY_TAX), ld(input, TOPUP_IN_COMMUNITY_TAX + 8));
  if (e != OK) return e;
  const keepLo = resLo, keepHi = resHi;
  const feeLo = ld(input, TOPUP_IN_FEE_COLLECTOR), feeHi = ld(input, TOPUP_IN_FEE_COLLECTOR + 8);
  let defLo: u64, defHi: u64;
  if ((feeHi | keepHi) == 0) {
    // Dec(fee) MulTruncate keep = fee x 10^18 x keep / 10^18: exactly fee x keep, no fraction to cut
    defLo = mulWide(feeLo, keepLo);
    defHi = wideHi;
  } else {
    e = fromInt(feeLo, feeHi);
    if (e != OK) return e;
    e = mulRounded(resLo, resHi, keepLo, keepHi, ROUND_TRUNCATE);
    if (e != OK) return e;
    defLo = resLo;
    defHi = resHi;
  }
  st(out, TOPUP_OUT_DEFAULT, defLo, defHi);

  // shortfall = TruncateInt(target - default), truncated toward zero on either side of zero
  const negative = cmp(targetLo, targetHi, defLo, defHi) < 0;
  if (negative) sub(defLo, defHi, targetLo, targetHi);
  else sub(targetLo, targetHi, defLo, defHi);
  truncateInt(resLo, resHi);
  const shortLo = resLo, shortHi = resHi;
  st(out, TOPUP_OUT_SHORTFALL, shortLo, shortHi);
  store<i32>(out + <usize>TOPUP_OUT_SHORTFALL_NEGATIVE, negative && (shortLo | shortHi) != 0 ? 1 : 0);
  if (negative || (shortLo | shortHi) == 0) return finish(out, TOPUP_NO_SHORTFALL);

  let totalLo: u64 = 0, totalHi: u64 = 0;
  for (let i = 0; i < count; i++) {
    // a sum of u64 powers: its high word counts carries and cannot overflow
    const p = load<u64>(powers + (<usize>i << 3));
    totalLo += p;
    totalHi += u64(totalLo < p);
  }
  st(out, TOPUP_OUT_TOTAL_POWER, totalLo, totalHi);
  if ((totalLo | totalHi) == 0) return finish(out, TOPUP_NO_VOTING_POWER);

  const poolLo = ld(input, TOPUP_IN_POOL), poolHi = ld(input, TOPUP_IN_POOL + 8);
  if ((poolLo | poolHi) == 0) return finish(out, TOPUP_POOL_EMPTY);
  const partial = cmp(poolLo, poolHi, shortLo, shortHi) < 0;
  const topLo = partial ? poolLo : shortLo, topHi = partial ? poolHi : shortHi;
  st(out, TOPUP_OUT_TOP_UP, topLo, topHi);

  e = fromInt(topLo, topHi);
  if (e != OK) return e;
  const topDecLo = resLo, topDecHi = resHi;
  let leftLo = topDecLo, leftHi = topDecHi;
  for (let i = 0; i < count - 1; i++) {
    const a = alloc + <usize>(i * TOPUP_ALLOC_SIZE);
    e = powerFraction(load<u64>(powers + (<usize>i << 3)), totalLo, totalHi, totalDivisor);
    if (e != OK) return e;
    st(a, TOPUP_ALLOC_FRACTION, resLo, resHi);
    if ((topHi | resHi) == 0) {
      // one-word top-up and fraction: the reward is their 128-bit product, taken from what is left
      const rLo = mulWide(resLo, topLo), rHi = wideHi;
      st(a, TOPUP_ALLOC_REWARD, rLo, rHi);
      if (leftHi < rHi || (leftHi == rHi && leftLo < rLo)) return ERR_OVERFLOW; // fractions sum to at most 1: cannot happen
      leftHi = leftHi - rHi - u64(leftLo < rLo);
      leftLo -= rLo;
      continue;
    }
    // Dec(topUp) MulTruncate fraction = topUp x fraction exactly (Dec(topUp) is a whole number)
    e = topHi == 0 ? mulInt(resLo, resHi, topLo, 0) : mulRounded(topDecLo, topDecHi, resLo, resHi, ROUND_TRUNCATE);
    if (e != OK) return e;
    st(a, TOPUP_ALLOC_REWARD, resLo, resHi);
    e = sub(leftLo, leftHi, resLo, resHi);
    if (e != OK) return ERR_OVERFLOW; // fractions sum to at most 1: cannot happen
    leftLo = resLo;
    leftHi = resHi;
  }
  const last = alloc + <usize>((count - 1) * TOPUP_ALLOC_SIZE);
  st(last, TOPUP_ALLOC_FRACTION, 0, 0);
  st(last, TOPUP_ALLOC_REWARD, leftLo, leftHi);
  setResult(topLo, topHi);
  return finish(out, partial ? TOPUP_PARTIAL : TOPUP_FULL);
}
