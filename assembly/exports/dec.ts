// Dec and integer operations on u128 operands at pointers (dec/*.ts states each rounding rule):
// the result goes to `dst` only on success.

import * as dec from "../dec/dec";
import { approxRoot, rootIterations } from "../dec/root";
import { parseDec, formatDec, formatInt } from "../dec/text";
import { lo, hi, put } from "./operands";

export function decAdd(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.add(lo(a), hi(a), lo(b), hi(b)));
}
export function decSub(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.sub(lo(a), hi(a), lo(b), hi(b)));
}
export function decMul(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.mul(lo(a), hi(a), lo(b), hi(b)));
}
export function decMulTruncate(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.mulRounded(lo(a), hi(a), lo(b), hi(b), dec.ROUND_TRUNCATE));
}
export function decMulRoundUp(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.mulRounded(lo(a), hi(a), lo(b), hi(b), dec.ROUND_CEILING));
}
export function decQuo(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.quoRounded(lo(a), hi(a), lo(b), hi(b), dec.ROUND_HALF_EVEN));
}
export function decQuoTruncate(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.quoRounded(lo(a), hi(a), lo(b), hi(b), dec.ROUND_TRUNCATE));
}
export function decQuoRoundUp(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.quoRounded(lo(a), hi(a), lo(b), hi(b), dec.ROUND_CEILING));
}
/** b is an integer. */
export function decMulInt(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.mulInt(lo(a), hi(a), lo(b), hi(b)));
}
/** (a MulInt b) Quo d, the reference's two-step half-even Quo (x/gov's tally: shares x tokens / delegator shares); b an integer. */
export function decMulIntQuo(dst: usize, a: usize, b: usize, d: usize): i32 {
  return put(dst, dec.mulIntQuo(lo(a), hi(a), lo(b), hi(b), lo(d), hi(d), dec.ROUND_HALF_EVEN));
}
/** b is an integer. */
export function decQuoInt(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.quoInt(lo(a), hi(a), lo(b), hi(b)));
}
export function decMulInt64(dst: usize, a: usize, n: i64): i32 {
  return put(dst, dec.mulInt64(lo(a), hi(a), n));
}
export function decQuoInt64(dst: usize, a: usize, n: i64): i32 {
  return put(dst, dec.quoInt64(lo(a), hi(a), n));
}
export function decPower(dst: usize, a: usize, n: u64): i32 {
  return put(dst, dec.power(lo(a), hi(a), n));
}
export function decApproxRoot(dst: usize, a: usize, n: u64): i32 {
  return put(dst, approxRoot(lo(a), hi(a), n));
}
/** Newton steps of the last decApproxRoot. */
export function decRootIterations(): i32 {
  return rootIterations;
}
/** The result is an integer. */
export function decTruncateInt(dst: usize, a: usize): i32 {
  return put(dst, dec.truncateInt(lo(a), hi(a)));
}
/** The result is an integer. */
export function decRoundInt(dst: usize, a: usize): i32 {
  return put(dst, dec.roundInt(lo(a), hi(a)));
}
/** The result is a signed 64-bit integer in the low limb. */
export function decTruncateInt64(dst: usize, a: usize): i32 {
  return put(dst, dec.toInt64(dec.truncateInt(lo(a), hi(a))));
}
/** The result is a signed 64-bit integer in the low limb. */
export function decRoundInt64(dst: usize, a: usize): i32 {
  return put(dst, dec.toInt64(dec.roundInt(lo(a), hi(a))));
}
export function decTruncateDec(dst: usize, a: usize): i32 {
  return put(dst, dec.truncateDec(lo(a), hi(a)));
}
export function decCeil(dst: usize, a: usize): i32 {
  return put(dst, dec.ceil(lo(a), hi(a)));
}
/** Parse `len` UTF-8 bytes at `src` (the reference's rules, text.ts). */
export function decParse(dst: usize, src: usize, len: i32): i32 {
  return put(dst, parseDec(src, len));
}
/** Write the canonical text of the Dec at `a` to `out`; returns its byte length. */
export function decFormat(out: usize, a: usize): i32 {
  return formatDec(out, lo(a), hi(a));
}
/** Write the decimal text of the integer at `a` to `out`; returns its byte length. */
export function intFormat(out: usize, a: usize): i32 {
  return formatInt(out, lo(a), hi(a));
}
