// Decimal text of Decs and integers: the reference's parser (LegacyNewDecFromStr) and printer.
// Text travels as UTF-8 bytes in linear memory; lengths count bytes, as Go's do.

import {
  ERR_OVERFLOW, ERR_UNDERFLOW, ERR_PARSE_EMPTY, ERR_PARSE_INVALID_STRING,
  ERR_PARSE_INVALID_LENGTH, ERR_PARSE_PRECISION, ERR_PARSE_SYNTAX, ERR_PARSE_OUT_OF_RANGE,
  setErrorArg,
} from "../errors";
import { mulWide, wideHi, divByPow18, q0, q1, qRem, POW18 } from "../math/limbs";
import { setResult } from "./dec";

const PRECISION: i32 = 18;
const MINUS: u8 = 0x2d;
const PLUS: u8 = 0x2b;
const DOT: u8 = 0x2e;
const ZERO: u8 = 0x30;
// Digits of the reference's largest raw Dec, 2^256 * 10^18 - 1: beyond it parsing fails.
const MAX_RAW_DIGITS = "115792089237316195423570985008687907853269984665640564039457584007913129639935999999999999999999";

// @ts-ignore: decorator
@inline
function isDigit(c: u8): bool {
  return c >= ZERO && c <= 0x39;
}

/**
 * The digit string the reference hands to big.Int: integer digits, fraction digits, then zeros up
 * to 18 fraction digits, read through `digitAt` so nothing is copied.
 */
let intStart: usize = 0;
let intLen: i32 = 0;
let fracStart: usize = 0;
let fracLen: i32 = 0;

function combinedLen(): i32 {
  return intLen + PRECISION;
}

function digitAt(i: i32): u8 {
  if (i < intLen) return load<u8>(intStart + <usize>i);
  i -= intLen;
  if (i < fracLen) return load<u8>(fracStart + <usize>i);
  return ZERO;
}

/**
 * Parse `len` bytes at `ptr` as LegacyNewDecFromStr does: one leading '-' is removed; empty ->
 * ERR_PARSE_EMPTY; more than one '.' -> ERR_PARSE_INVALID_STRING; a '.' with nothing before or
 * after -> ERR_PARSE_INVALID_LENGTH; more than 18 fraction bytes -> ERR_PARSE_PRECISION (errorArg =
 * 18 - count, negative); the combined digits read as a base-10 integer that may carry one sign
 * of its own, else ERR_PARSE_SYNTAX; beyond the reference's range -> ERR_PARSE_OUT_OF_RANGE.
 * Then this core's limits: above 128 bits ERR_OVERFLOW, negative and non-zero ERR_UNDERFLOW.
 */
export function parseDec(ptr: usize, len: i32): i32 {
  let start: i32 = 0;
  let negative = false;
  if (len > 0 && load<u8>(ptr) == MINUS) {
    negative = true;
    start = 1;
  }
  if (len - start == 0) return ERR_PARSE_EMPTY;
  let dot: i32 = -1;
  for (let i = start; i < len; i++) {
    if (load<u8>(ptr + <usize>i) == DOT) {
      if (dot >= 0) return ERR_PARSE_INVALID_STRING;
      dot = i;
    }
  }
  intStart = ptr + <usize>start;
  if (dot < 0) {
    intLen = len - start;
    fracLen = 0;
  } else {
    intLen = dot - start;
    fracStart = ptr + <usize>(dot + 1);
    fracLen = len - dot - 1;
    if (fracLen == 0 || intLen == 0) return ERR_PARSE_INVALID_LENGTH;
  }
  if (fracLen > PRECISION) {
    setErrorArg(<i64>(PRECISION - fracLen));
    return ERR_PARSE_PRECISION;
  }
  // big.Int.SetString(s, 10): an optional sign, then one or more ASCII digits.
  const n = combinedLen();
  let i: i32 = 0;
  const first = digitAt(0);
  if (first == PLUS || first == MINUS) {
    if (first == MINUS) negative = !negative;
    i = 1;
  }
  if (i >= n) return ERR_PARSE_SYNTAX;
  for (let j = i; j < n; j++) if (!isDigit(digitAt(j))) return ERR_PARSE_SYNTAX;
  // Range: compare the significant digits with the largest raw value.
  while (i < n - 1 && digitAt(i) == ZERO) i++;
  const significant = n - i;
  if (significant > MAX_RAW_DIGITS.length) return ERR_PARSE_OUT_OF_RANGE;
  if (significant == MAX_RAW_DIGITS.length) {
    for (let j = 0; j < significant; j++) {
      const c = <i32>digitAt(i + j), m = MAX_RAW_DIGITS.charCodeAt(j);
      if (c != m) {
        if (c > m) return ERR_PARSE_OUT_OF_RANGE;
        break;
      }
    }
  }
  let lo: u64 = 0, hi: u64 = 0;
  for (let j = i; j < n; j++) {
    const l = mulWide(lo, 10);
    const carryIn = wideHi;
    const h = mulWide(hi, 10);
    if (wideHi != 0) return ERR_OVERFLOW;
    let newHi = h + carryIn;
    if (newHi < h) return ERR_OVERFLOW;
    const d = <u64>(digitAt(j) - ZERO);
    lo = l + d;
    if (lo < l) {
      newHi += 1;
      if (newHi == 0) return ERR_OVERFLOW;
    }
    hi = newHi;
  }
  if (negative && (lo | hi) != 0) return ERR_UNDERFLOW;
  return setResult(lo, hi);
}

/** Write the decimal digits of a u64, zero-padded to `width` (0: no padding); returns the count. */
function writeU64(buf: usize, v: u64, width: i32): i32 {
  let n: i32 = 0;
  let t = v;
  do {
    n++;
    t /= 10;
  } while (t != 0);
  if (n < width) n = width;
  for (let i = n - 1; i >= 0; i--) {
    store<u8>(buf + <usize>i, <u8>(ZERO + <u8>(v % 10)));
    v /= 10;
  }
  return n;
}

/** Write the plain decimal form of an unsigned 128-bit integer; returns the byte count (<= 39). */
export function formatInt(buf: usize, lo: u64, hi: u64): i32 {
  if (hi == 0) return writeU64(buf, lo, 0);
  divByPow18(0, 0, hi, lo);
  const low18 = qRem;
  const upperLo = q0, upperHi = q1;
  let n: i32;
  if (upperHi == 0 && upperLo < POW18) {
    n = writeU64(buf, upperLo, 0);
  } else {
    divByPow18(0, 0, upperHi, upperLo);
    const mid18 = qRem;
    n = writeU64(buf, q0, 0); // < 2^128 / 10^36 < 341
    n += writeU64(buf + <usize>n, mid18, 18);
  }
  n += writeU64(buf + <usize>n, low18, 18);
  return n;
}

/** Write the canonical text of a Dec: integer digits, '.', exactly 18 fraction digits. */
export function formatDec(buf: usize, lo: u64, hi: u64): i32 {
  divByPow18(0, 0, hi, lo);
  const frac = qRem;
  let n = formatInt(buf, q0, q1);
  store<u8>(buf + <usize>n, DOT);
  n += 1;
  n += writeU64(buf + <usize>n, frac, PRECISION);
  return n;
}

