// Emission: the block provision (Cosmos SDK x/mint), the supply cap, and the per-block loop, on
// top of the inflation rate by height (rate.ts, chain-main x/inflation).
//
// provision = TruncateInt((rate MulInt supply) QuoInt blocksPerYear), capped so that the
// circulating supply (total - burned) never passes maxSupply (0: no cap). `advance` runs blocks inside the
// core: the rates of a month come two at a time (they do not depend on the supply), the provision
// of a one-word supply without a 128-bit product, and the state record keeps the last block's
// figures. The parameters and state are fixed records (abi/emission-params.ts, emission-state.ts).

import { OK, ERR_OVERFLOW, ERR_UNDERFLOW, ERR_INVALID_PARAMS, setErrorArg } from "../errors";
import {
  POW18, POW18_N, POW18_V, POW18_SHIFT, Divisor, divByPow18, div2by1Quotient, q0, q1, mulHi, spill,
} from "../math/limbs";
import { sub, resLo, resHi, setResult } from "../dec/dec";
import {
  PARAMS_BASE_RATE, PARAMS_DECAY_RATE, PARAMS_MAX_SUPPLY, PARAMS_BLOCKS_PER_YEAR, PARAMS_DECAY_EPOCH, PARAMS_SIZE,
} from "../abi/emission-params";
import {
  STATE_HEIGHT, STATE_TOTAL_SUPPLY, STATE_BURNED, STATE_RATE, STATE_ANNUAL, STATE_PROVISION, STATE_MINTED,
  STATE_SIZE,
} from "../abi/emission-state";
import {
  baseLo, baseHi, decayActive, epoch, blocksPerMonth, rateA, rateB, configureRate, decayedRate, decayedRatePair,
} from "./rate";

export const params: usize = memory.data(PARAMS_SIZE, 16);
export const state: usize = memory.data(STATE_SIZE, 16);

/** Skip the exact annual provisions in `advance`: a ledger run's blocks but its last (only the host reads them). */
let skipAnnual = false;

export function setSkipAnnual(skip: bool): void {
  skipAnnual = skip;
}

const bpyDivisor = new Divisor();
let maxLo: u64 = 0, maxHi: u64 = 0;
let configured = false;

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

/**
 * Validate and load the parameters record. Rules (errorArg): 1 decay rate above 1, 2 base rate
 * above 1, 3 blocks per year zero. The rate's part (rate.ts `configureRate`) computes
 * f = approxRoot(1 - decay, m) and both squares tables.
 */
export function configure(): i32 {
  const decayLo = ld(params, PARAMS_DECAY_RATE), decayHi = ld(params, PARAMS_DECAY_RATE + 8);
  const bLo = ld(params, PARAMS_BASE_RATE), bHi = ld(params, PARAMS_BASE_RATE + 8);
  const bpy = ld(params, PARAMS_BLOCKS_PER_YEAR);
  if (decayHi != 0 || decayLo > POW18) {
    setErrorArg(1);
    return ERR_INVALID_PARAMS;
  }
  if (bHi != 0 || bLo > POW18) {
    setErrorArg(2);
    return ERR_INVALID_PARAMS;
  }
  if (bpy == 0) {
    setErrorArg(3);
    return ERR_INVALID_PARAMS;
  }
  configured = false;
  maxLo = ld(params, PARAMS_MAX_SUPPLY);
  maxHi = ld(params, PARAMS_MAX_SUPPLY + 8);
  bpyDivisor.prepare(bpy);
  const e = configureRate(bLo, bHi, decayLo, ld(params, PARAMS_DECAY_EPOCH), bpy / 12);
  if (e != OK) return e;
  configured = true;
  return OK;
}

/** Annual provisions (rate MulInt supply: exact) of the last `provisions` call. */
export let annualLo: u64 = 0;
export let annualHi: u64 = 0;

/**
 * x/mint: annual = rate MulInt supply (exact); block provision = TruncateInt(annual QuoInt
 * blocksPerYear), i.e. both divisions truncate. The provision goes to the result registers.
 */
export function provisions(rateLo: u64, rateHi: u64, supplyLo: u64, supplyHi: u64): i32 {
  // rate < 2^60 (at most 1) and supply < 2^128 keep the product within 192 bits.
  if (rateHi != 0) return ERR_OVERFLOW;
  const lo = rateLo * supplyLo;
  const mid = mulHi(rateLo, supplyLo);
  const hi = mid + rateLo * supplyHi;
  if (mulHi(rateLo, supplyHi) != 0 || hi < mid) return ERR_OVERFLOW;
  annualLo = lo;
  annualHi = hi;
  // (hi:lo) / blocksPerYear: two 2-by-1 steps on the normalized numerator.
  const s = <u64>bpyDivisor.shift;
  const u1 = (hi << s) | spill(lo, s), u0 = lo << s;
  const qa = div2by1Quotient(spill(hi, s), u1, bpyDivisor.norm, bpyDivisor.recip);
  const qb = div2by1Quotient(u1 - qa * bpyDivisor.norm, u0, bpyDivisor.norm, bpyDivisor.recip);
  // then / 10^18, in one step whenever the quotient fits a word (always, for real supplies)
  if (qa < POW18) {
    const n0 = qb << POW18_SHIFT;
    return setResult(div2by1Quotient((qa << POW18_SHIFT) | (qb >> (64 - POW18_SHIFT)), n0, POW18_N, POW18_V), 0);
  }
  divByPow18(0, 0, qa, qb);
  return setResult(q0, q1);
}

const E9: u64 = 1_000_000_000;

/**
 * The block provision for a one-word supply and a rate of at most 1, without the 128-bit product:
 * floor(floor(rate * supply / 10^18) / blocksPerYear), which equals the reference's
 * TruncateInt((rate MulInt supply) QuoInt blocksPerYear) because nested truncating divisions
 * commute. floor(rate * supply / 10^18) comes from base-10^9 digits, rate = r1 r0 and
 * supply = s2 s1 s0 (s2 = supply / 10^18 < 19), where every partial product fits 64 bits:
 *   rate * supply = P3 10^27 + P2 10^18 + P1 10^9 + P0,  P1 = h 10^9 + l
 *   floor(rate * supply / 10^18) = P3 10^9 + P2 + h + floor((l 10^9 + P0) / 10^18)
 */
// @ts-ignore: decorator
@inline
function provisionSmall(rate: u64, supply: u64): u64 {
  const r1 = rate / E9, r0 = rate - r1 * E9;
  const s2 = supply / POW18;
  const s10 = supply - s2 * POW18;
  const s1 = s10 / E9, s0 = s10 - s1 * E9;
  const p1 = r0 * s1 + r1 * s0;
  const h = p1 / E9;
  const low = (p1 - h * E9) * E9 + r0 * s0; // < 2 * 10^18
  const scaled = r1 * s2 * E9 + r0 * s2 + r1 * s1 + h + u64(low >= POW18);
  const sh = <u64>bpyDivisor.shift;
  return div2by1Quotient(spill(scaled, sh), scaled << sh, bpyDivisor.norm, bpyDivisor.recip);
}

/**
 * What the cap lets a block mint: min(provision, maxSupply - circulating), never negative, with
 * circulating = supply - burned (burned <= supply, as setState ensures).
 */
// @ts-ignore: decorator
@inline
function cappedMint(provLo: u64, provHi: u64, supplyLo: u64, supplyHi: u64, burnedLo: u64, burnedHi: u64): void {
  mintLo = provLo;
  mintHi = provHi;
  if ((maxLo | maxHi) == 0) return;
  const circLo = supplyLo - burnedLo;
  const circHi = supplyHi - burnedHi - u64(supplyLo < burnedLo);
  if (circHi > maxHi || (circHi == maxHi && circLo >= maxLo)) {
    mintLo = 0; // at or above the cap already
    mintHi = 0;
    return;
  }
  const roomLo = maxLo - circLo;
  const roomHi = maxHi - circHi - u64(maxLo < circLo);
  if (roomHi < provHi || (roomHi == provHi && roomLo < provLo)) {
    mintLo = roomLo;
    mintHi = roomHi;
  }
}

let mintLo: u64 = 0, mintHi: u64 = 0;

function saveState(
  height: u64, supplyLo: u64, supplyHi: u64, rateLo: u64, rateHi: u64, annLo: u64, annHi: u64,
  provLo: u64, provHi: u64, mLo: u64, mHi: u64,
): void {
  store<u64>(state + <usize>STATE_HEIGHT, height);
  st(state, STATE_TOTAL_SUPPLY, supplyLo, supplyHi);
  st(state, STATE_RATE, rateLo, rateHi);
  st(state, STATE_ANNUAL, annLo, annHi);
  st(state, STATE_PROVISION, provLo, provHi);
  st(state, STATE_MINTED, mLo, mHi);
}

/**
 * Run `count` blocks after the state's height: each mints its provision (capped) into the total
 * supply. The state record then holds the last block's rate, provisions and mint. Stops at the
 * first error, leaving the state at the last completed block. Months and blocks-into-the-month
 * are stepped along with the height instead of divided out per block.
 */
export function advance(count: u64): i32 {
  if (!configured) {
    setErrorArg(0);
    return ERR_INVALID_PARAMS;
  }
  const start = ld(state, STATE_HEIGHT);
  let height = start;
  let supplyLo = ld(state, STATE_TOTAL_SUPPLY), supplyHi = ld(state, STATE_TOTAL_SUPPLY + 8);
  const burnedLo = ld(state, STATE_BURNED), burnedHi = ld(state, STATE_BURNED + 8);
  // The last completed block: its rate, provision, mint, and the supply before it.
  let rLo: u64 = 0, rHi: u64 = 0, sbLo: u64 = 0, sbHi: u64 = 0;
  let pLo: u64 = 0, pHi: u64 = 0, mLo: u64 = 0, mHi: u64 = 0;
  let h = height + 1;
  let inDecay = decayActive && h >= epoch;
  let month: u64 = 0, offset: u64 = 0;
  if (inDecay) {
    month = (h - epoch) / blocksPerMonth;
    offset = h - epoch - month * blocksPerMonth;
  }
  let e: i32 = OK;
  // Rates do not depend on the supply: within a month they are computed two blocks at a time.
  let pending = false;
  let pendingRate: u64 = 0;
  for (let i: u64 = 0; i < count; i++) {
    let rateLo = baseLo, rateHi = baseHi;
    if (pending) {
      rateLo = pendingRate;
      rateHi = 0;
      pending = false;
    } else if (inDecay) {
      if (i + 1 < count && offset + 1 < blocksPerMonth) {
        e = decayedRatePair(month, offset);
        if (e != OK) break;
        rateLo = rateA;
        rateHi = 0;
        pendingRate = rateB;
        pending = true;
      } else {
        e = decayedRate(month, offset);
        if (e != OK) break;
        rateLo = resLo;
        rateHi = resHi;
      }
    }
    let provLo: u64, provHi: u64 = 0;
    if ((supplyHi | rateHi) == 0 && rateLo <= POW18) {
      provLo = provisionSmall(rateLo, supplyLo);
    } else {
      e = provisions(rateLo, rateHi, supplyLo, supplyHi);
      if (e != OK) break;
      provLo = resLo;
      provHi = resHi;
    }
    cappedMint(provLo, provHi, supplyLo, supplyHi, burnedLo, burnedHi);
    const newLo = supplyLo + mintLo;
    const newHi = supplyHi + mintHi + u64(newLo < supplyLo);
    if (newHi < supplyHi) {
      e = ERR_OVERFLOW;
      break;
    }
    sbLo = supplyLo;
    sbHi = supplyHi;
    supplyLo = newLo;
    supplyHi = newHi;
    height = h;
    rLo = rateLo;
    rHi = rateHi;
    pLo = provLo;
    pHi = provHi;
    mLo = mintLo;
    mHi = mintHi;
    h += 1;
    if (inDecay) {
      offset += 1;
      if (offset == blocksPerMonth) {
        offset = 0;
        month += 1;
      }
    } else if (decayActive && h >= epoch) {
      inDecay = true; // h == epoch: the first decayed block, month 0, offset 0
    }
  }
  if (height != start) {
    // Annual provisions of the last block (exact; the loop needs only its truncated quotient).
    if (!skipAnnual) provisions(rLo, rHi, sbLo, sbHi);
    saveState(height, supplyLo, supplyHi, rLo, rHi, skipAnnual ? 0 : annualLo, skipAnnual ? 0 : annualHi, pLo, pHi, mLo, mHi);
  }
  return e;
}

/**
 * Set the chain's position: the last executed height, the total supply and the burned balances
 * (integers at the given pointers). Refused, changing nothing, if more is burned than exists.
 */
export function setState(height: u64, supply: usize, burned: usize): i32 {
  const sLo = load<u64>(supply), sHi = load<u64>(supply, 8);
  const bLo = load<u64>(burned), bHi = load<u64>(burned, 8);
  if (sub(sLo, sHi, bLo, bHi) != OK) return ERR_UNDERFLOW;
  store<u64>(state + <usize>STATE_HEIGHT, height);
  st(state, STATE_TOTAL_SUPPLY, sLo, sHi);
  st(state, STATE_BURNED, bLo, bHi);
  return OK;
}

/** Burned tokens leave the total supply (x/bank BurnCoins). Refused if more than the supply. */
export function reduceSupply(lo: u64, hi: u64): i32 {
  const sLo = ld(state, STATE_TOTAL_SUPPLY), sHi = ld(state, STATE_TOTAL_SUPPLY + 8);
  if (sub(sLo, sHi, lo, hi) != OK) return ERR_UNDERFLOW;
  st(state, STATE_TOTAL_SUPPLY, resLo, resHi);
  return OK;
}
