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

export const OUTCOME_FULL: i32 = 0;
export const OUTCOME_PARTIAL: i32 = 1;
export const OUTCOME_DISABLED: i32 = 2;
export const OUTCOME_ZERO_BLOCKS_PER_YEAR: i32 = 3;
export const OUTCOME_NO_SHORTFALL: i32 = 4;
export const OUTCOME_NO_VOTING_POWER: i32 = 5;
export const OUTCOME_POOL_EMPTY: i32 = 6;

// Input record.
export const IN_TOTAL_BONDED: i32 = 0; // integer
export const IN_RATE: i32 = 16; // Dec
export const IN_FEE_COLLECTOR: i32 = 32; // integer, bond denom
export const IN_COMMUNITY_TAX: i32 = 48; // Dec
export const IN_POOL: i32 = 64; // integer, bond denom
export const IN_BLOCKS_PER_YEAR: i32 = 80; // u64
export const IN_SIZE: i32 = 96;

// Output record. Steps not reached leave their fields zero; the outcome says which were.
export const OUT_TARGET: i32 = 0; // Dec
export const OUT_DEFAULT: i32 = 16; // Dec
export const OUT_SHORTFALL: i32 = 32; // integer magnitude
export const OUT_TOTAL_POWER: i32 = 48; // integer
export const OUT_TOP_UP: i32 = 64; // integer
export const OUT_OUTCOME: i32 = 80; // i32
export const OUT_SHORTFALL_NEGATIVE: i32 = 84; // i32: 1 when the shortfall is negative
export const OUT_SIZE: i32 = 96;

// Each allocation: power fraction (Dec; unused for the last) and reward (Dec).
export const ALLOC_FRACTION: i32 = 0;
export const ALLOC_REWARD: i32 = 16;
export const ALLOC_SIZE: i32 = 32;

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
  store<i32>(out + <usize>OUT_OUTCOME, outcome);
  return OK;
}

/**
 * Compute the top-up for `count` validators whose last-commit powers (u64) are at `powers`, in
 * commit order; allocations go to `alloc` (count entries). Returns OK or an arithmetic error.
 */
export function computeTopUp(input: usize, powers: usize, count: i32, out: usize, alloc: usize): i32 {
  memory.fill(out, 0, OUT_SIZE);
  const rateLo = ld(input, IN_RATE), rateHi = ld(input, IN_RATE + 8);
  const bpy = ld(input, IN_BLOCKS_PER_YEAR);
  if ((rateLo | rateHi) == 0) return finish(out, OUTCOME_DISABLED);
  if (bpy == 0) return finish(out, OUTCOME_ZERO_BLOCKS_PER_YEAR);

  const bondedLo = ld(input, IN_TOTAL_BONDED), bondedHi = ld(input, IN_TOTAL_BONDED + 8);
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
  st(out, OUT_TARGET, targetLo, targetHi);

  e = sub(POW18, 0, ld(input, IN_COMMUNITY_TAX), ld(input, IN_COMMUNITY_TAX + 8));
  if (e != OK) return e;
  const keepLo = resLo, keepHi = resHi;
  e = fromInt(ld(input, IN_FEE_COLLECTOR), ld(input, IN_FEE_COLLECTOR + 8));
  if (e != OK) return e;
  e = mulRounded(resLo, resHi, keepLo, keepHi, ROUND_TRUNCATE);
  if (e != OK) return e;
  const defLo = resLo, defHi = resHi;
  st(out, OUT_DEFAULT, defLo, defHi);

  // shortfall = TruncateInt(target - default), truncated toward zero on either side of zero
  const negative = cmp(targetLo, targetHi, defLo, defHi) < 0;
  if (negative) sub(defLo, defHi, targetLo, targetHi);
  else sub(targetLo, targetHi, defLo, defHi);
  truncateInt(resLo, resHi);
  const shortLo = resLo, shortHi = resHi;
  st(out, OUT_SHORTFALL, shortLo, shortHi);
  store<i32>(out + <usize>OUT_SHORTFALL_NEGATIVE, negative && (shortLo | shortHi) != 0 ? 1 : 0);
  if (negative || (shortLo | shortHi) == 0) return finish(out, OUTCOME_NO_SHORTFALL);

  let totalLo: u64 = 0, totalHi: u64 = 0;
  for (let i = 0; i < count; i++) {
    e = add(totalLo, totalHi, load<u64>(powers + (<usize>i << 3)), 0);
    if (e != OK) return e;
    totalLo = resLo;
    totalHi = resHi;
  }
  st(out, OUT_TOTAL_POWER, totalLo, totalHi);
  if ((totalLo | totalHi) == 0) return finish(out, OUTCOME_NO_VOTING_POWER);

  const poolLo = ld(input, IN_POOL), poolHi = ld(input, IN_POOL + 8);
  if ((poolLo | poolHi) == 0) return finish(out, OUTCOME_POOL_EMPTY);
  const partial = cmp(poolLo, poolHi, shortLo, shortHi) < 0;
  const topLo = partial ? poolLo : shortLo, topHi = partial ? poolHi : shortHi;
  st(out, OUT_TOP_UP, topLo, topHi);

  e = fromInt(topLo, topHi);
  if (e != OK) return e;
  const topDecLo = resLo, topDecHi = resHi;
  let leftLo = topDecLo, leftHi = topDecHi;
  for (let i = 0; i < count - 1; i++) {
    const a = alloc + <usize>(i * ALLOC_SIZE);
    e = powerFraction(load<u64>(powers + (<usize>i << 3)), totalLo, totalHi, totalDivisor);
    if (e != OK) return e;
    st(a, ALLOC_FRACTION, resLo, resHi);
    // Dec(topUp) MulTruncate fraction = topUp x fraction exactly (Dec(topUp) is a whole number)
    e = topHi == 0 ? mulInt(resLo, resHi, topLo, 0) : mulRounded(topDecLo, topDecHi, resLo, resHi, ROUND_TRUNCATE);
    if (e != OK) return e;
    st(a, ALLOC_REWARD, resLo, resHi);
    e = sub(leftLo, leftHi, resLo, resHi);
    if (e != OK) return ERR_OVERFLOW; // fractions sum to at most 1: cannot happen
    leftLo = resLo;
    leftHi = resHi;
  }
  const last = alloc + <usize>((count - 1) * ALLOC_SIZE);
  st(last, ALLOC_FRACTION, 0, 0);
  st(last, ALLOC_REWARD, leftLo, leftHi);
  setResult(topLo, topHi);
  return finish(out, partial ? OUTCOME_PARTIAL : OUTCOME_FULL);
}
