// Unsigned multi-limb arithmetic on u64 limbs.
//
// Results wider than one limb come back through module globals (the shape of `umuldi` in
// AssemblyScript's std/assembly/math.ts), so nothing here allocates. Read a global right after
// the call that set it: the next call overwrites it.

/** High limb of the last `mulWide`. */
export let wideHi: u64 = 0;
/** Remainder of the last `div2by1`. */
export let divRem: u64 = 0;

/** Limbs of the last `mul256` product, least significant first. */
export let p0: u64 = 0;
export let p1: u64 = 0;
export let p2: u64 = 0;
export let p3: u64 = 0;

/** Quotient limbs and remainder of the last `div256By64` / `divByPow18`. */
export let q0: u64 = 0;
export let q1: u64 = 0;
export let q2: u64 = 0;
export let q3: u64 = 0;
export let qRem: u64 = 0;

// 10^18: the Dec scale. POW18_N is it shifted left by POW18_SHIFT so its top bit is set, and
// POW18_V = floor((2^128 - 1) / POW18_N) - 2^64 its reciprocal for `div2by1`.
export const POW18: u64 = 1_000_000_000_000_000_000;
export const POW18_SHIFT: u32 = 4;
export const POW18_N: u64 = POW18 << POW18_SHIFT;
export const POW18_V: u64 = 2820903858849102350;

/** High word of the 64x64 -> 128-bit product (the low word is the wrapping `a * b`). */
// @ts-ignore: decorator
@inline
export function mulHi(a: u64, b: u64): u64 {
  const a0 = a & 0xffffffff, a1 = a >> 32;
  const b0 = b & 0xffffffff, b1 = b >> 32;
  const p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0;
  const mid = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);
  return a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/** Full 64x64 -> 128-bit product: returns the low limb; the high limb is left in `wideHi`. */
// @ts-ignore: decorator
@inline
export function mulWide(a: u64, b: u64): u64 {
  wideHi = mulHi(a, b);
  return a * b;
}

/**
 * (u1:u0) / d for a normalized divisor d (top bit set) and u1 < d, given v = reciprocal(d).
 * Möller & Granlund, "Improved division by invariant integers" (2011), algorithm 4: exact, no
 * hardware 128-bit division needed. Returns the quotient only: the remainder is u0 - q * d
 * (mod 2^64), which the caller computes if it needs it. Locals only, for hot loops.
 */
// @ts-ignore: decorator
@inline
export function div2by1Quotient(u1: u64, u0: u64, d: u64, v: u64): u64 {
  let hi = mulHi(v, u1);
  let lo = v * u1;
  lo += u0;
  hi += u1 + u64(lo < u0) + 1;
  let r = u0 - hi * d;
  if (r > lo) {
    hi -= 1;
    r += d;
  }
  return hi + u64(r >= d);
}

/** `div2by1Quotient` that also leaves the remainder in `divRem`. */
// @ts-ignore: decorator
@inline
export function div2by1(u1: u64, u0: u64, d: u64, v: u64): u64 {
  const q = div2by1Quotient(u1, u0, d, v);
  divRem = u0 - q * d;
  return q;
}

/**
 * floor((2^128 - 1) / d) - 2^64 for a normalized d: the reciprocal `div2by1` needs. Plain
 * shift-and-subtract over 64 bits, so it is meant for set-up, not for hot loops.
 */
export function reciprocal(d: u64): u64 {
  // (2^128 - 1) - 2^64 * d = (~d):(~0), and ~d < d because d is normalized.
  let r = ~d;
  const u0: u64 = ~0;
  let q: u64 = 0;
  for (let i = 63; i >= 0; i--) {
    const top = r >> 63;
    r = (r << 1) | ((u0 >> u64(i)) & 1);
    q <<= 1;
    if (top != 0 || r >= d) {
      r -= d;
      q |= 1;
    }
  }
  return q;
}

/** Full 128x128 -> 256-bit product of (ahi:alo) and (bhi:blo) into p0..p3. */
export function mul256(alo: u64, ahi: u64, blo: u64, bhi: u64): void {
  const ll = mulWide(alo, blo);
  const llh = wideHi;
  if ((ahi | bhi) == 0) {
    p0 = ll;
    p1 = llh;
    p2 = 0;
    p3 = 0;
    return;
  }
  const lh = mulWide(alo, bhi);
  const lhh = wideHi;
  const hl = mulWide(ahi, blo);
  const hlh = wideHi;
  const hh = mulWide(ahi, bhi);
  const hhh = wideHi;
  // column 1: llh + lh + hl
  let c1 = llh + lh;
  let carry1 = u64(c1 < lh);
  c1 += hl;
  carry1 += u64(c1 < hl);
  // column 2: lhh + hlh + hh + carry1
  let c2 = lhh + hlh;
  let carry2 = u64(c2 < hlh);
  c2 += hh;
  carry2 += u64(c2 < hh);
  c2 += carry1;
  carry2 += u64(c2 < carry1);
  p0 = ll;
  p1 = c1;
  p2 = c2;
  p3 = hhh + carry2;
}

/** The bits of x that a left shift by s pushes into the next limb. */
// @ts-ignore: decorator
@inline
export function spill(x: u64, s: u64): u64 {
  // x >> 64 would be x in WebAssembly (shift counts are taken mod 64), hence the test.
  return s == 0 ? 0 : x >> (64 - s);
}

/**
 * (n3:n2:n1:n0) / d, truncated, for any non-zero 64-bit d given its normalized form
 * dn = d << shift and v = reciprocal(dn): quotient into q0..q3, remainder into qRem.
 * The numerator is shifted by the same amount as the divisor, so the remainder of the shifted
 * division is shifted back at the end.
 */
export function div256By64(n3: u64, n2: u64, n1: u64, n0: u64, dn: u64, shift: u32, v: u64): void {
  const s = <u64>shift;
  let rem: u64;
  if ((n3 | n2) == 0) {
    q3 = 0;
    q2 = 0;
    rem = spill(n1, s);
  } else {
    rem = spill(n3, s);
    q3 = div2by1(rem, (n3 << s) | spill(n2, s), dn, v);
    rem = divRem;
    q2 = div2by1(rem, (n2 << s) | spill(n1, s), dn, v);
    rem = divRem;
  }
  q1 = div2by1(rem, (n1 << s) | spill(n0, s), dn, v);
  q0 = div2by1(divRem, n0 << s, dn, v);
  qRem = divRem >> s;
}

/** (n3:n2:n1:n0) / 10^18, truncated: quotient into q0..q3, remainder into qRem. */
// @ts-ignore: decorator
@inline
export function divByPow18(n3: u64, n2: u64, n1: u64, n0: u64): void {
  div256By64(n3, n2, n1, n0, POW18_N, POW18_SHIFT, POW18_V);
}

/**
 * (hi:lo) / 10^18 when hi < 10^18, so the quotient fits one word: a single 2-by-1 division.
 * Returns the quotient; the remainder goes to qRem.
 */
// @ts-ignore: decorator
@inline
export function divWordByPow18(hi: u64, lo: u64): u64 {
  const q = div2by1((hi << POW18_SHIFT) | (lo >> (64 - POW18_SHIFT)), lo << POW18_SHIFT, POW18_N, POW18_V);
  qRem = divRem >> POW18_SHIFT;
  return q;
}

/**
 * A 64-bit divisor prepared once for many divisions: `prepare(d)` (a no-op when d is unchanged),
 * then `div256By64(..., norm, shift, recip)`.
 */
export class Divisor {
  norm: u64 = 0;
  shift: u32 = 0;
  recip: u64 = 0;
  value: u64 = 0;

  prepare(d: u64): void {
    if (d == this.value && d != 0) return;
    this.value = d;
    this.shift = <u32>clz<u64>(d);
    this.norm = d << this.shift;
    this.recip = reciprocal(this.norm);
  }
}

