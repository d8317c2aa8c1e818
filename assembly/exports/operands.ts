// The export files' operand helpers: a u128 operand's limbs at a pointer (abi/operands.ts), and a
// result written to `dst` only on success. Not re-exported by index.ts: nothing here is an export.

import { OK } from "../errors";
import * as dec from "../dec/dec";
import { U128_HIGH } from "../abi/operands";

// @ts-ignore: decorator
@inline
export function lo(p: usize): u64 {
  return load<u64>(p);
}

// @ts-ignore: decorator
@inline
export function hi(p: usize): u64 {
  return load<u64>(p, U128_HIGH);
}

/** Store a u128 at `dst`. */
// @ts-ignore: decorator
@inline
export function store128(dst: usize, vLo: u64, vHi: u64): void {
  store<u64>(dst, vLo);
  store<u64>(dst, vHi, U128_HIGH);
}

/** The result registers (dec.resLo, dec.resHi) to `dst` if `e` is OK; returns `e`. */
export function put(dst: usize, e: i32): i32 {
  if (e == OK) store128(dst, dec.resLo, dec.resHi);
  return e;
}
