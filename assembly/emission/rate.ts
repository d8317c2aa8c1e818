// The inflation rate by height (chain-main x/inflation): the decay kernel of the emission engine
// (emission.ts, which validates the parameters and runs the per-block loop).
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

import { OK, ERR_OVERFLOW } from "../errors";
import { POW18 } from "../math/limbs";
import { mul, mulSmall, SMALL_OPERAND_MAX, mulRounded, ROUND_HALF_EVEN, resLo, resHi, setResult } from "../dec/dec";
import { approxRoot } from "../dec/root";

const TABLE_ENTRIES: i32 = 64;
const xSquares: usize = memory.data(TABLE_ENTRIES * 16, 16); // d_k of x = 1 - decay
const fSquares: usize = memory.data(TABLE_ENTRIES * 16, 16); // d_k of f = x^(1/m)

// fLow[x] = the accumulator t of f^r after the bits of x (x < 2^LOW_BITS): the product of d_k over
// x's set bits, ascending, starting from exactly 1. fLow[0] is 1.
const LOW_BITS: i32 = 12;
const fLow: usize = memory.data((1 << LOW_BITS) * 16, 16);

// f^r by block offset r, filled as the first month runs: every later month reads its offsets'
// powers instead of multiplying them again (the same values: f^r depends on r alone). Sized to the
// month when that is at most FRAC_TABLE_MAX entries (32 MB); `fracFilled` entries are valid.
const FRAC_TABLE_MAX: u64 = 1 << 22;
let fracTable: usize = 0;
let fracCapacity: u64 = 0;
let fracFilled: u64 = 0;

// @ts-ignore: decorator
@inline
function fracAt(r: u64): u64 {
  if (r < fracFilled) return load<u64>(fracTable + <usize>(r << 3));
  return fracFill(r);
}

/** f^r, filling the table up to r first (in order, once: offsets past a restart's are filled then). */
function fracFill(r: u64): u64 {
  const before = rateError;
  while (fracFilled <= r && fracFilled < fracCapacity) {
    rateError = OK;
    const f = fracPower(fracFilled);
    if (rateError != OK) break; // not tabled: the caller's own product reports it
    store<u64>(fracTable + <usize>(fracFilled << 3), f);
    fracFilled++;
  }
  rateError = before;
  if (r < fracFilled) return load<u64>(fracTable + <usize>(r << 3));
  return fracPower(r);
}

export let baseLo: u64 = 0, baseHi: u64 = 0;
export let decayActive = false;
export let epoch: u64 = 0;
export let blocksPerMonth: u64 = 0;
// x^n of the last month asked for: n changes once a month.
let cachedMonth: u64 = u64.MAX_VALUE;
let monthLo: u64 = 0, monthHi: u64 = 0;
/** Newton steps the reference took for f (reported with the parameters). */
export let factorIterations: i32 = 0;

// @ts-ignore: decorator
@inline
function st(p: usize, off: i32, lo: u64, hi: u64): void {
  store<u64>(p + <usize>off, lo);
  store<u64>(p + <usize>off, hi, 8);
}

/** d_0 = a, d_{k+1} = d_k * d_k for k below `entries` (as many as the exponents can use). */
function fillSquares(table: usize, lo: u64, hi: u64, entries: i32): i32 {
  st(table, 0, lo, hi);
  for (let k = 1; k < entries; k++) {
    const prev = table + <usize>((k - 1) << 4);
    const e = mul(load<u64>(prev), load<u64>(prev, 8), load<u64>(prev), load<u64>(prev, 8));
    if (e != OK) return e;
    st(table, k << 4, resLo, resHi);
  }
  return OK;
}

/** Set by `mulRate` when a product left the one-word range; checked once per rate. */
let rateError: i32 = OK;

/**
 * a * b, half-even (Mul), for one-word operands: the per-block loop's product, `mulSmall` for
 * operands up to 4.0 (every rate is at most 1). Larger ones fall back to `mul`, flagging
 * `rateError` if the result does not fit one word.
 */
// @ts-ignore: decorator
@inline
function mulRate(a: u64, b: u64): u64 {
  if (a > SMALL_OPERAND_MAX || b > SMALL_OPERAND_MAX) return mulRateWide(a, b);
  return mulSmall(a, b);
}

function mulRateWide(a: u64, b: u64): u64 {
  const e = mulRounded(a, 0, b, 0, ROUND_HALF_EVEN);
  if (e != OK || resHi != 0) {
    rateError = e != OK ? e : ERR_OVERFLOW;
    return 0;
  }
  return resLo;
}

/** True when every entry of a table of `entries` values is a one-word value. */
function oneWord(table: usize, entries: i32): bool {
  for (let k = 0; k < entries; k++) if (load<u64>(table + <usize>(k << 4), 8) != 0) return false;
  return true;
}

/** Number of bits of v (0 for 0), at least 1 so a table always holds its base. */
function bitLength(v: u64): i32 {
  const n = 64 - <i32>clz<u64>(v);
  return n > 0 ? n : 1;
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

/** fLow for every low-bit pattern that can occur: below 2^bits, where bits <= LOW_BITS. */
function fillLowProducts(bits: i32): i32 {
  st(fLow, 0, POW18, 0);
  for (let x = 1; x < 1 << bits; x++) {
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

/**
 * f^r: tablePower(fSquares, r) with the low bits' accumulator read from fLow. The tables hold
 * one-word values (checked by `configure`); a product that leaves one word sets `rateError`.
 */
function fracPower(r: u64): u64 {
  if (r == 0) return POW18;
  const top = 63 - <i32>clz<u64>(r);
  const lowBits = top < LOW_BITS ? top : LOW_BITS;
  const low = <i32>(r & ((<u64>1 << <u64>lowBits) - 1));
  let t = load<u64>(fLow + <usize>(low << 4));
  let tIsOne = low == 0;
  for (let k = lowBits; k < top; k++) {
    if ((r >> <u64>k) & 1) {
      const d = load<u64>(fSquares + <usize>(k << 4));
      t = tIsOne ? d : mulRate(t, d);
      tIsOne = false;
    }
  }
  const d = load<u64>(fSquares + <usize>(top << 4));
  return tIsOne ? d : mulRate(d, t);
}

// Results of `fracPowerPair` / `decayedRatePair`.
let fracA: u64 = 0, fracB: u64 = 0;
export let rateA: u64 = 0, rateB: u64 = 0;

/**
 * f^ra and f^rb into fracA / fracB: the same products as two `fracPower` calls. When both
 * offsets share their bits above the low table (true for 4095 of every 4096 consecutive pairs),
 * the two accumulators run through one loop, so the CPU overlaps their independent product
 * chains; otherwise it is simply two calls.
 */
function fracPowerPair(ra: u64, rb: u64): void {
  const high = ra >> <u64>LOW_BITS;
  if (high == 0 || high != rb >> <u64>LOW_BITS) {
    fracA = fracPower(ra);
    fracB = fracPower(rb);
    return;
  }
  const mask: u64 = (<u64>1 << <u64>LOW_BITS) - 1;
  const top = 63 - <i32>clz<u64>(ra);
  let ta = load<u64>(fLow + <usize>((ra & mask) << 4));
  let tb = load<u64>(fLow + <usize>((rb & mask) << 4));
  let oneA = (ra & mask) == 0, oneB = (rb & mask) == 0;
  for (let k = LOW_BITS; k < top; k++) {
    if ((ra >> <u64>k) & 1) {
      const d = load<u64>(fSquares + <usize>(k << 4));
      ta = oneA ? d : mulRate(ta, d);
      tb = oneB ? d : mulRate(tb, d);
      oneA = false;
      oneB = false;
    }
  }
  const d = load<u64>(fSquares + <usize>(top << 4));
  fracA = oneA ? d : mulRate(d, ta);
  fracB = oneB ? d : mulRate(d, tb);
}

/**
 * Load the rate's parameters (checked by emission.ts `configure`): the base rate, the decay rate
 * (0: none), the decay epoch and the blocks of a month m. With decay, computes
 * f = approxRoot(1 - decay, m) and both squares tables.
 */
export function configureRate(bLo: u64, bHi: u64, decayLo: u64, decayEpoch: u64, monthBlocks: u64): i32 {
  baseLo = bLo;
  baseHi = bHi;
  epoch = decayEpoch;
  blocksPerMonth = monthBlocks;
  decayActive = decayLo != 0 && epoch != 0 && blocksPerMonth != 0;
  cachedMonth = u64.MAX_VALUE;
  factorIterations = 0;
  fracFilled = 0;
  if (decayActive && blocksPerMonth <= FRAC_TABLE_MAX && fracCapacity < blocksPerMonth) {
    fracTable = heap.alloc(<usize>(blocksPerMonth << 3));
    fracCapacity = blocksPerMonth;
  }
  if (decayActive) {
    const xLo = POW18 - decayLo;
    // n = e / m < 2^64 / m and r < m: squares beyond those exponents' top bits are never used.
    let e = fillSquares(xSquares, xLo, 0, bitLength(u64.MAX_VALUE / blocksPerMonth));
    if (e != OK) return e;
    e = approxRoot(xLo, 0, blocksPerMonth);
    if (e != OK) return e;
    const fLo = resLo, fHi = resHi;
    const fEntries = bitLength(blocksPerMonth - 1);
    e = fillSquares(fSquares, fLo, fHi, fEntries);
    if (e != OK) return e;
    const lowBits = fEntries < LOW_BITS ? fEntries : LOW_BITS;
    e = fillLowProducts(lowBits);
    if (e != OK) return e;
    // x <= 1 and f = x^(1/m) <= 1 keep every entry below one word; the per-block path relies on it.
    if (!oneWord(fSquares, fEntries) || !oneWord(fLow, 1 << lowBits)) return ERR_OVERFLOW;
  }
  return OK;
}

/** f = x^(1/m), the per-block decay factor (1 when decay is off). */
export function perBlockFactor(): i32 {
  if (!decayActive) return setResult(POW18, 0);
  return setResult(load<u64>(fSquares), load<u64>(fSquares, 8));
}

/** x^n into monthLo / monthHi, computed once per month n. */
function monthPower(n: u64): i32 {
  if (n == cachedMonth) return OK;
  const err = tablePower(xSquares, n);
  if (err != OK) return err;
  monthLo = resLo;
  monthHi = resHi;
  cachedMonth = n;
  return OK;
}

/** x^n and f^r at height h into `intPart` / the result registers (both 1 when no decay applies). */
export function decayParts(h: u64, intPart: usize): i32 {
  if (!decayActive || h < epoch) {
    st(intPart, 0, POW18, 0);
    return setResult(POW18, 0);
  }
  const e = h - epoch;
  const n = e / blocksPerMonth;
  const err = monthPower(n);
  if (err != OK) return err;
  st(intPart, 0, monthLo, monthHi);
  rateError = OK;
  const f = fracPower(e - n * blocksPerMonth);
  return rateError != OK ? rateError : setResult(f, 0);
}

/** base * (x^n * f^r): the decayed rate n months and r blocks after the epoch. */
export function decayedRate(n: u64, r: u64): i32 {
  const e = monthPower(n); // x^n <= 1: one word
  if (e != OK) return e;
  rateError = OK;
  const rate = mulRate(baseLo, mulRate(monthLo, fracAt(r)));
  return rateError != OK ? rateError : setResult(rate, 0);
}

/**
 * The decayed rates of offsets r and r + 1 of month n (r + 1 < blocksPerMonth) into rateA /
 * rateB, their products interleaved: the same products as two `decayedRate` calls.
 */
export function decayedRatePair(n: u64, r: u64): i32 {
  const e = monthPower(n);
  if (e != OK) return e;
  rateError = OK;
  if (fracCapacity >= blocksPerMonth) {
    fracA = fracAt(r);
    fracB = fracAt(r + 1);
  } else fracPowerPair(r, r + 1);
  const ia = mulRate(monthLo, fracA);
  const ib = mulRate(monthLo, fracB);
  rateA = mulRate(baseLo, ia);
  rateB = mulRate(baseLo, ib);
  return rateError;
}

/** The inflation rate at height h, into the result registers. */
export function rateAt(h: u64): i32 {
  if (!decayActive || h < epoch) return setResult(baseLo, baseHi);
  const e = h - epoch;
  const n = e / blocksPerMonth;
  return decayedRate(n, e - n * blocksPerMonth);
}
