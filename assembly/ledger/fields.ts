// u128 fields of ledger records: read the low / high limb at an offset, write both, add in place;
// and the split of a Dec amount into the whole units paid out and the decimal part kept.

import { OK } from "../errors";
import { add, resLo, resHi } from "../dec/dec";
import { divByPow18, q0, q1, qRem } from "../math/limbs";

// @ts-ignore: decorator
@inline
export function ld(p: usize, off: i32): u64 {
  return load<u64>(p + <usize>off);
}

// @ts-ignore: decorator
@inline
export function ldh(p: usize, off: i32): u64 {
  return load<u64>(p + <usize>off, 8);
}

// @ts-ignore: decorator
@inline
export function put(p: usize, off: i32, lo: u64, hi: u64): void {
  store<u64>(p + <usize>off, lo);
  store<u64>(p + <usize>off, hi, 8);
}

/** field += (lo, hi); fails (changing nothing) on overflow. */
export function addAt(p: usize, off: i32, lo: u64, hi: u64): i32 {
  const f = p + <usize>off;
  const e = add(load<u64>(f), load<u64>(f, 8), lo, hi);
  if (e != OK) return e;
  store<u64>(f, resLo);
  store<u64>(f, resHi, 8);
  return OK;
}

/** The whole units of the last `splitWhole` (an integer) and its decimal part (a raw Dec < 10^18). */
export let wholeLo: u64 = 0;
export let wholeHi: u64 = 0;
export let fraction: u64 = 0;

/** TruncateDecimal of a Dec amount: whole units (paid out) and the decimal remainder (kept). */
export function splitWhole(lo: u64, hi: u64): void {
  divByPow18(0, 0, hi, lo);
  wholeLo = q0;
  wholeHi = q1;
  fraction = qRem;
}
