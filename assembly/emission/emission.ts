// Emission: the inflation rate by height (chain-main x/inflation on top of Cosmos SDK x/mint),
// the block provision, the supply cap, and the per-block loop.
//
// rate(h) = base                                   before the decay epoch, or decay off
//         = base * (x^n * f^r)                     otherwise, x = 1 - decay, f = approxRoot(x, m),
//                                                   m = floor(blocksPerYear / 12), e = h - epoch,
//                                                   n = floor(e / m), r = e mod m
// Both powers are the reference's square-and-multiply, rounding at every product. Its sequence of
// squarings d_0 = a, d_{k+1} = d_k * d_k does not depend on the exponent, so each base's squares
// are computed once and a power costs one product per set bit: exactly the reference's products,
// in the reference's order. For f^r it goes one step further: the accumulator after the low
// LOW_BITS bits depends only on those bits, so it is tabled for all 2^LOW_BITS patterns and a
// block pays only for r's higher bits. (n = floor(e / m) equals the reference's TruncateInt(e Quo m) for every
// m below 2 * 10^18, which covers every u64 blocks-per-year.)

import { OK, ERR_OVERFLOW, ERR_UNDERFLOW, ERR_INVALID_PARAMS, setErrorArg } from "../errors";
import {
  POW18, prepareDivisor, preparedNorm, preparedShift, preparedRecip, div256By64, divByPow18, q0, q1,
  mulWide, wideHi,
} from "../math/limbs";
import { mul, sub, resLo, resHi, setResult } from "../dec/dec";
import { approxRoot } from "../dec/root";

// Parameters record, written by the host before `configure`.
export const PARAMS_BASE_RATE: i32 = 0; // Dec: x/mint inflation (min = max, as the reference pins it)
export const PARAMS_DECAY_RATE: i32 = 16; // Dec: monthly decay, in [0, 1]
export const PARAMS_MAX_SUPPLY: i32 = 32; // integer: cap on circulating supply, 0 = none
export const PARAMS_BLOCKS_PER_YEAR: i32 = 48; // u64, > 0
export const PARAMS_DECAY_EPOCH: i32 = 56; // u64 height, 0 = never set (no decay)
export const PARAMS_SIZE: i32 = 64;

// State record: read by the host after every call; written only by the core (see setState).
export const STATE_HEIGHT: i32 = 0; // u64: last block executed
export const STATE_TOTAL_SUPPLY: i32 = 16; // integer, bond denom, burned balances included
export const STATE_BURNED: i32 = 32; // integer: balances of the burn addresses
export const STATE_RATE: i32 = 48; // Dec: inflation of the last block
export const STATE_ANNUAL: i32 = 64; // Dec: annual provisions of the last block
export const STATE_PROVISION: i32 = 80; // integer: block provision of the last block
export const STATE_MINTED: i32 = 96; // integer: what the last block minted after the cap
export const STATE_SIZE: i32 = 112;

export const params: usize = memory.data(PARAMS_SIZE, 16);
export const state: usize = memory.data(STATE_SIZE, 16);

const TABLE_ENTRIES: i32 = 64;
const xSquares: usize = memory.data(TABLE_ENTRIES * 16, 16); // d_k of x = 1 - decay
const fSquares: usize = memory.data(TABLE_ENTRIES * 16, 16); // d_k of f = x^(1/m)

// fLow[x] = the accumulator t of f^r after the bits of x (x < 2^LOW_BITS): the product of d_k over
// x's set bits, ascending, starting from exactly 1. fLow[0] is 1.
const LOW_BITS: i32 = 12;
const fLow: usize = memory.data((1 << LOW_BITS) * 16, 16);

let baseLo: u64 = 0, baseHi: u64 = 0;
let decayActive = false;
let epoch: u64 = 0;
let blocksPerMonth: u64 = 0;
let bpyNorm: u64 = 0, bpyShift: u32 = 0, bpyRecip: u64 = 0;
let maxLo: u64 = 0, maxHi: u64 = 0;
let configured = false;
// x^n of the last month asked for: n changes once a month.
let cachedMonth: u64 = u64.MAX_VALUE;
let monthLo: u64 = 0, monthHi: u64 = 0;
/** Newton steps the reference took for f (reported with the parameters). */
export let factorIterations: i32 = 0;

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

function fillSquares(table: usize, lo: u64, hi: u64): i32 {
  st(table, 0, lo, hi);
  for (let k = 1; k < TABLE_ENTRIES; k++) {
    const prev = table + <usize>((k - 1) << 4);
    const e = mul(load<u64>(prev), load<u64>(prev, 8), load<u64>(prev), load<u64>(prev, 8));
    if (e != OK) return e;
    st(table, k << 4, resLo, resHi);
  }
  return OK;
}

/**
 * a^n for the base whose squares are in `table`: the reference's Power, product for product.
 * t starts at exactly 1 and 1 * d = d exactly, so the first product is skipped, not changed.
 */
function tablePower(table: usize, n: u64): i32 {
  if (n == 0) return setResult(POW18, 0);
  let k: i32 = 0;
  let tLo: u64 = POW18, tHi: u64 = 0;
  let tIsOne = true;
  while (n > 1) {
    if (n & 1) {
      const d = table + <usize>(k << 4);
      if (tIsOne) {
        tLo = load<u64>(d);
        tHi = load<u64>(d, 8);
        tIsOne = false;
      } else {
        const e = mul(tLo, tHi, load<u64>(d), load<u64>(d, 8));
        if (e != OK) return e;
        tLo = resLo;
        tHi = resHi;
      }
    }
    n >>= 1;
    k++;
  }
  const d = table + <usize>(k << 4);
  if (tIsOne) return setResult(load<u64>(d), load<u64>(d, 8));
  return mul(load<u64>(d), load<u64>(d, 8), tLo, tHi);
}

function fillLowProducts(): i32 {
  st(fLow, 0, POW18, 0);
  for (let x = 1; x < 1 << LOW_BITS; x++) {
    const top = 31 - <i32>clz<i32>(x);
    const rest = x ^ (1 << top);
    const d = fSquares + <usize>(top << 4);
    if (rest == 0) {
      st(fLow, x << 4, load<u64>(d), load<u64>(d, 8));
      continue;
    }
    const t = fLow + <usize>(rest << 4);
    const e = mul(load<u64>(t), load<u64>(t, 8), load<u64>(d), load<u64>(d, 8));
    if (e != OK) return e;
    st(fLow, x << 4, resLo, resHi);
  }
  return OK;
}

/** f^r: tablePower(fSquares, r) with the low bits' accumulator read from fLow. */
function fracPower(r: u64): i32 {
  if (r == 0) return setResult(POW18, 0);
  const top = 63 - <i32>clz<u64>(r);
  const lowBits = top < LOW_BITS ? top : LOW_BITS;
  const low = <i32>(r & ((<u64>1 << <u64>lowBits) - 1));
  const t0 = fLow + <usize>(low << 4);
  let tLo = load<u64>(t0), tHi = load<u64>(t0, 8);
  let tIsOne = low == 0;
  for (let k = lowBits; k < top; k++) {
    if ((r >> <u64>k) & 1) {
      const d = fSquares + <usize>(k << 4);
      if (tIsOne) {
        tLo = load<u64>(d);
        tHi = load<u64>(d, 8);
        tIsOne = false;
      } else {
        const e = mul(tLo, tHi, load<u64>(d), load<u64>(d, 8));
        if (e != OK) return e;
        tLo = resLo;
        tHi = resHi;
      }
    }
  }
  const d = fSquares + <usize>(top << 4);
  if (tIsOne) return setResult(load<u64>(d), load<u64>(d, 8));
  return mul(load<u64>(d), load<u64>(d, 8), tLo, tHi);
}

/**
 * Validate and load the parameters record. Rules (errorArg): 1 decay rate above 1, 2 base rate
 * above 1, 3 blocks per year zero. Computes f = approxRoot(1 - decay, m) and both squares tables.
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
  baseLo = bLo;
  baseHi = bHi;
  epoch = ld(params, PARAMS_DECAY_EPOCH);
  blocksPerMonth = bpy / 12;
  maxLo = ld(params, PARAMS_MAX_SUPPLY);
  maxHi = ld(params, PARAMS_MAX_SUPPLY + 8);
  prepareDivisor(bpy);
  bpyNorm = preparedNorm;
  bpyShift = preparedShift;
  bpyRecip = preparedRecip;
  decayActive = decayLo != 0 && epoch != 0 && blocksPerMonth != 0;
  cachedMonth = u64.MAX_VALUE;
  factorIterations = 0;
  if (decayActive) {
    const xLo = POW18 - decayLo;
    let e = fillSquares(xSquares, xLo, 0);
    if (e != OK) return e;
    e = approxRoot(xLo, 0, blocksPerMonth);
    if (e != OK) return e;
    const fLo = resLo, fHi = resHi;
    e = fillSquares(fSquares, fLo, fHi);
    if (e != OK) return e;
    e = fillLowProducts();
    if (e != OK) return e;
  }
  configured = true;
  return OK;
}

/** f = x^(1/m), the per-block decay factor (1 when decay is off). */
export function perBlockFactor(): i32 {
  if (!decayActive) return setResult(POW18, 0);
  return setResult(load<u64>(fSquares), load<u64>(fSquares, 8));
}

/** x^n and f^r at height h into `intPart` / the result registers (both 1 when no decay applies). */
export function decayParts(h: u64, intPart: usize): i32 {
  if (!decayActive || h < epoch) {
    st(intPart, 0, POW18, 0);
    return setResult(POW18, 0);
  }
  const e = h - epoch;
  const n = e / blocksPerMonth;
  if (n != cachedMonth) {
    const err = tablePower(xSquares, n);
    if (err != OK) return err;
    monthLo = resLo;
    monthHi = resHi;
    cachedMonth = n;
  }
  st(intPart, 0, monthLo, monthHi);
  return fracPower(e - n * blocksPerMonth);
}

const scratchInt: usize = memory.data(16, 16);

/** The inflation rate at height h, into the result registers. */
export function rateAt(h: u64): i32 {
  if (!decayActive || h < epoch) return setResult(baseLo, baseHi);
  let e = decayParts(h, scratchInt);
  if (e != OK) return e;
  e = mul(load<u64>(scratchInt), load<u64>(scratchInt, 8), resLo, resHi);
  if (e != OK) return e;
  return mul(baseLo, baseHi, resLo, resHi);
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
  const lo = mulWide(rateLo, supplyLo);
  const mid = wideHi;
  const hiLo = mulWide(rateLo, supplyHi);
  const top = wideHi;
  const hi = mid + hiLo;
  if (top != 0 || hi < mid) return ERR_OVERFLOW;
  annualLo = lo;
  annualHi = hi;
  div256By64(0, 0, hi, lo, bpyNorm, bpyShift, bpyRecip);
  divByPow18(0, 0, q1, q0);
  return setResult(q0, q1);
}

/** What the cap lets a block mint: min(provision, maxSupply - circulating), never negative. */
function capped(provLo: u64, provHi: u64, supplyLo: u64, supplyHi: u64): i32 {
  if ((maxLo | maxHi) == 0) return setResult(provLo, provHi);
  const burnedLo = ld(state, STATE_BURNED), burnedHi = ld(state, STATE_BURNED + 8);
  let e = sub(supplyLo, supplyHi, burnedLo, burnedHi);
  if (e != OK) return e;
  e = sub(maxLo, maxHi, resLo, resHi);
  if (e != OK) return setResult(0, 0); // circulating already above the cap
  if (resHi < provHi || (resHi == provHi && resLo < provLo)) return OK; // room < provision
  return setResult(provLo, provHi);
}

/**
 * Run `count` blocks after the state's height: each mints its provision (capped) into the total
 * supply. The state record holds the last block's rate, provisions and mint. Stops at the first
 * error, leaving the state at the last completed block.
 */
export function advance(count: u64): i32 {
  if (!configured) {
    setErrorArg(0);
    return ERR_INVALID_PARAMS;
  }
  let height = ld(state, STATE_HEIGHT);
  let supplyLo = ld(state, STATE_TOTAL_SUPPLY), supplyHi = ld(state, STATE_TOTAL_SUPPLY + 8);
  for (let i: u64 = 0; i < count; i++) {
    const h = height + 1;
    let e = rateAt(h);
    if (e != OK) return e;
    const rLo = resLo, rHi = resHi;
    e = provisions(rLo, rHi, supplyLo, supplyHi);
    if (e != OK) return e;
    const pLo = resLo, pHi = resHi;
    e = capped(pLo, pHi, supplyLo, supplyHi);
    if (e != OK) return e;
    const mLo = resLo, mHi = resHi;
    const newLo = supplyLo + mLo;
    const newHi = supplyHi + mHi + u64(newLo < supplyLo);
    if (newHi < supplyHi) return ERR_OVERFLOW;
    supplyLo = newLo;
    supplyHi = newHi;
    height = h;
    store<u64>(state + <usize>STATE_HEIGHT, height);
    st(state, STATE_TOTAL_SUPPLY, supplyLo, supplyHi);
    st(state, STATE_RATE, rLo, rHi);
    st(state, STATE_ANNUAL, annualLo, annualHi);
    st(state, STATE_PROVISION, pLo, pHi);
    st(state, STATE_MINTED, mLo, mHi);
  }
  return OK;
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
