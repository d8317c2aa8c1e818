// The core's per-block emission loop (assembly/emission/emission.ts `advance`) written plainly with
// TypeScript BigInt on the dec-bigint.ts model: the benchmark baseline. Same algorithm, same
// products in the same order, so the WASM/BigInt ratio measures the arithmetic, not a shortcut.
//
// rate(h) = base                      before the decay epoch, or decay off
//         = base * (x^n * f^r)        x = 1 - decay, f = approxRoot(x, m), m = floor(bpy / 12),
//                                     e = h - epoch, n = floor(e / m), r = e mod m
// Each power is the reference's square-and-multiply over a table of repeated squares (the
// squarings do not depend on the exponent). x^n is cached per month. With `lowBits` > 0 the
// accumulator of f^r after its low bits is tabled too, as the core's fLow table does. (The core
// also schedules two consecutive blocks' rate products side by side so the CPU overlaps them;
// that changes no product and has nothing to gain in BigInt, so it is not mirrored here.)

import { E18, approxRoot, mul } from "./dec-bigint.js";

// The same shapes as the core's wrapper, so the harness drives both alike.
export type { EmissionParams, EmissionState, BlockOutcome } from "../host/core/emission.js";
import type { EmissionParams, EmissionState, BlockOutcome } from "../host/core/emission.js";

const TABLE_ENTRIES = 64;
/** The core's LOW_BITS (assembly/emission/rate.ts). */
export const CORE_LOW_BITS = 12;

/** d_0 = a, d_{k+1} = d_k * d_k (half-even), 64 entries. */
function squares(a: bigint): bigint[] {
  const t = [a];
  for (let k = 1; k < TABLE_ENTRIES; k++) t.push(mul(t[k - 1], t[k - 1]));
  return t;
}

// Exponents are u64 block counts, not money: their bits are tested on two 32-bit number words,
// because a BigInt shift per bit would cost as much as the products and flatter the core.
const U32 = 0xffff_ffffn;

/** Bit k (0..63) of the u64 whose words are lo and hi. */
const bit = (lo: number, hi: number, k: number) => (k < 32 ? (lo >>> k) & 1 : (hi >>> (k - 32)) & 1);

/** Bits in n (n < 2^64), like the core's 64 - clz. */
const bitLength = (lo: number, hi: number) => (hi !== 0 ? 64 - Math.clz32(hi) : 32 - Math.clz32(lo));

/**
 * a^n from a's squares: the reference's Power, product for product (the core's tablePower).
 * t starts at exactly 1 and 1 * d = d exactly, so the first product is skipped, not changed.
 */
export function tablePower(d: readonly bigint[], n: bigint): bigint {
  if (n === 0n) return E18;
  const lo = Number(n & U32), hi = Number(n >> 32n);
  const top = bitLength(lo, hi) - 1; // the loop runs while n > 1: over the bits below the top one
  let t = E18;
  let tIsOne = true;
  for (let k = 0; k < top; k++) {
    if (bit(lo, hi, k)) {
      t = tIsOne ? d[k] : mul(t, d[k]);
      tIsOne = false;
    }
  }
  return tIsOne ? d[top] : mul(d[top], t);
}

export class EmissionBigInt {
  private base = 0n;
  private decayActive = false;
  private epoch = 0n;
  private blocksPerMonth = 0n;
  private blocksPerYear = 1n;
  private maxSupply = 0n;
  private xSquares: bigint[] = [];
  private fSquares: bigint[] = [];
  /** fLow[v] = accumulator of f^r after the bits of v (v < 2^lowBits); [1] when lowBits = 0. */
  private fLow: bigint[] = [E18];
  private cachedMonth = -1n;
  private monthPower = E18;
  private configured = false;
  private height = 0n;
  private totalSupply = 0n;
  private burned = 0n;
  // The last block's figures, kept as fields (like the core's state record), not an object a block.
  private rate = 0n;
  private annual = 0n;
  private provision = 0n;
  private minted = 0n;

  /**
   * @param lowBits bits of r whose f^r accumulator is tabled: CORE_LOW_BITS is the core's exact
   * algorithm; 0 is plain tablePower for every block (same result, more products).
   */
  constructor(private readonly lowBits: number = CORE_LOW_BITS) {
    if (!Number.isInteger(lowBits) || lowBits < 0 || lowBits > 20) throw new RangeError("lowBits");
  }

  /** The core's `configure`, with its validation rules. */
  configure(p: EmissionParams): void {
    if (p.decayRate < 0n || p.decayRate > E18) throw new RangeError("decay rate above 1");
    if (p.baseRate < 0n || p.baseRate > E18) throw new RangeError("base rate above 1");
    if (p.blocksPerYear <= 0n) throw new RangeError("blocks per year zero");
    this.configured = false;
    this.base = p.baseRate;
    this.epoch = p.decayEpochStart;
    this.blocksPerYear = p.blocksPerYear;
    this.blocksPerMonth = p.blocksPerYear / 12n;
    this.maxSupply = p.maxSupply;
    this.decayActive = p.decayRate !== 0n && this.epoch !== 0n && this.blocksPerMonth !== 0n;
    this.cachedMonth = -1n;
    this.fLow = [E18];
    if (this.decayActive) {
      const x = E18 - p.decayRate;
      this.xSquares = squares(x);
      const [f] = approxRoot(x, this.blocksPerMonth);
      this.fSquares = squares(f);
      // Same recurrence as the core's fillLowProducts: fLow[v] = fLow[v without top bit] * d_top.
      for (let v = 1; v < 1 << this.lowBits; v++) {
        const top = 31 - Math.clz32(v);
        const rest = v ^ (1 << top);
        this.fLow.push(rest === 0 ? this.fSquares[top] : mul(this.fLow[rest], this.fSquares[top]));
      }
    }
    this.configured = true;
  }

  setState(s: EmissionState): void {
    if (s.burned > s.totalSupply) throw new RangeError("burned above total supply");
    this.height = s.height;
    this.totalSupply = s.totalSupply;
    this.burned = s.burned;
  }

  /** f^r: tablePower(fSquares, r) with the low bits' accumulator read from fLow. */
  private fracPower(r: bigint): bigint {
    if (this.lowBits === 0) return tablePower(this.fSquares, r);
    if (r === 0n) return E18;
    const lo = Number(r & U32), hi = Number(r >> 32n);
    const top = bitLength(lo, hi) - 1;
    const lowBits = Math.min(top, this.lowBits); // <= 20, so the low bits are all in lo
    const low = lo & ((1 << lowBits) - 1);
    let t = this.fLow[low];
    let tIsOne = low === 0;
    for (let k = lowBits; k < top; k++) {
      if (bit(lo, hi, k)) {
        t = tIsOne ? this.fSquares[k] : mul(t, this.fSquares[k]);
        tIsOne = false;
      }
    }
    return tIsOne ? this.fSquares[top] : mul(this.fSquares[top], t);
  }

  /** base * (x^n * f^r), x^n cached per month: the core's decayedRate. */
  private decayedRate(n: bigint, r: bigint): bigint {
    if (n !== this.cachedMonth) {
      this.monthPower = tablePower(this.xSquares, n);
      this.cachedMonth = n;
    }
    return mul(this.base, mul(this.monthPower, this.fracPower(r)));
  }

  rateAt(h: bigint): bigint {
    if (!this.decayActive || h < this.epoch) return this.base;
    const e = h - this.epoch;
    const n = e / this.blocksPerMonth;
    return this.decayedRate(n, e - n * this.blocksPerMonth);
  }

  /**
   * Run `count` blocks; returns the last block's outcome. As the core's advance, months and
   * blocks-into-the-month are stepped with the height instead of divided out per block.
   */
  advance(count: bigint = 1n): BlockOutcome {
    if (!this.configured) throw new Error("not configured");
    let inDecay = this.decayActive && this.height + 1n >= this.epoch;
    let month = 0n;
    let offset = 0n;
    if (inDecay) {
      const e = this.height + 1n - this.epoch;
      month = e / this.blocksPerMonth;
      offset = e - month * this.blocksPerMonth;
    }
    for (let i = 0n; i < count; i++) {
      const h = this.height + 1n;
      const rate = inDecay ? this.decayedRate(month, offset) : this.base;
      const annual = rate * this.totalSupply; // MulInt: exact
      const provision = annual / this.blocksPerYear / E18; // QuoInt, then TruncateInt
      let minted = provision;
      if (this.maxSupply > 0n) {
        const room = this.maxSupply - (this.totalSupply - this.burned);
        minted = room <= 0n ? 0n : room < provision ? room : provision;
      }
      this.totalSupply += minted;
      this.height = h;
      if (inDecay) {
        offset += 1n;
        if (offset === this.blocksPerMonth) {
          offset = 0n;
          month += 1n;
        }
      } else if (this.decayActive && h + 1n >= this.epoch) {
        inDecay = true;
      }
      this.rate = rate;
      this.annual = annual;
      this.provision = provision;
      this.minted = minted;
    }
    return this.last();
  }

  /** The state and the outcome of the last block. */
  last(): BlockOutcome {
    return {
      height: this.height, rate: this.rate, annualProvisions: this.annual,
      blockProvision: this.provision, minted: this.minted, totalSupply: this.totalSupply,
    };
  }
}
