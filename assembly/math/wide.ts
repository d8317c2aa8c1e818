// Fixed-capacity natural numbers on u32 digits, least significant first, in static memory.
//
// A `Wide` is a pointer to WIDE_DIGITS digits (768 bits): wide enough for the reference's
// largest intermediate (a 632-bit product of two in-range Decs, a 436-bit a * 10^36 numerator).
// Digits above a number's length are always zero. Little-endian u32 digits share their memory
// layout with little-endian u64 limbs, so a u128 slot reads as the first four digits.
// Nothing here allocates; callers own the buffers they pass.

export const WIDE_DIGITS: i32 = 24;
export const WIDE_BYTES: i32 = WIDE_DIGITS * 4;

// Knuth D works on normalized copies of both operands.
const normU: usize = memory.data(WIDE_BYTES + 8, 8);
const normV: usize = memory.data(WIDE_BYTES + 8, 8);

// @ts-ignore: decorator
@inline
function dig(p: usize, i: i32): u64 {
  return <u64>load<u32>(p + (<usize>i << 2));
}

// @ts-ignore: decorator
@inline
function setDig(p: usize, i: i32, v: u64): void {
  store<u32>(p + (<usize>i << 2), <u32>v);
}

export function wideZero(p: usize): void {
  memory.fill(p, 0, WIDE_BYTES);
}

export function wideCopy(dst: usize, src: usize): void {
  if (dst != src) memory.copy(dst, src, WIDE_BYTES);
}

export function wideFromU128(p: usize, lo: u64, hi: u64): void {
  wideZero(p);
  store<u64>(p, lo);
  store<u64>(p, hi, 8);
}

export function wideFromU64(p: usize, v: u64): void {
  wideZero(p);
  store<u64>(p, v);
}

/** Number of significant digits (0 for zero). */
export function wideLen(p: usize): i32 {
  let n = WIDE_DIGITS;
  while (n > 0 && load<u32>(p + (<usize>(n - 1) << 2)) == 0) n--;
  return n;
}

export function wideIsZero(p: usize): bool {
  return wideLen(p) == 0;
}

/** True when the number fits in 128 bits. */
export function wideFitsU128(p: usize): bool {
  return wideLen(p) <= 4;
}

export function wideCmp(a: usize, b: usize): i32 {
  for (let i = WIDE_DIGITS - 1; i >= 0; i--) {
    const x = dig(a, i), y = dig(b, i);
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

/** dst = a + b; returns false if the sum does not fit the capacity. */
export function wideAdd(dst: usize, a: usize, b: usize): bool {
  let carry: u64 = 0;
  for (let i = 0; i < WIDE_DIGITS; i++) {
    const s = dig(a, i) + dig(b, i) + carry;
    setDig(dst, i, s);
    carry = s >> 32;
  }
  return carry == 0;
}

/** dst = a - b for a >= b. */
export function wideSub(dst: usize, a: usize, b: usize): void {
  let borrow: i64 = 0;
  for (let i = 0; i < WIDE_DIGITS; i++) {
    const s = <i64>dig(a, i) - <i64>dig(b, i) + borrow;
    setDig(dst, i, <u64>s);
    borrow = s >> 32;
  }
}

/** dst = a + small. */
export function wideAddSmall(dst: usize, a: usize, small: u32): bool {
  let carry = <u64>small;
  for (let i = 0; i < WIDE_DIGITS; i++) {
    const s = dig(a, i) + carry;
    setDig(dst, i, s);
    carry = s >> 32;
  }
  return carry == 0;
}

/** dst = a * b (schoolbook); dst must not alias a or b. Returns false on capacity overflow. */
export function wideMul(dst: usize, a: usize, b: usize): bool {
  const la = wideLen(a), lb = wideLen(b);
  wideZero(dst);
  if (la == 0 || lb == 0) return true;
  if (la + lb > WIDE_DIGITS + 1) return false;
  for (let i = 0; i < la; i++) {
    const ai = dig(a, i);
    let carry: u64 = 0;
    for (let j = 0; j < lb; j++) {
      const k = i + j;
      if (k >= WIDE_DIGITS) {
        if (ai * dig(b, j) + carry != 0) return false;
        continue;
      }
      const t = ai * dig(b, j) + dig(dst, k) + carry;
      setDig(dst, k, t);
      carry = t >> 32;
    }
    const k = i + lb;
    if (carry != 0) {
      if (k >= WIDE_DIGITS) return false;
      setDig(dst, k, carry);
    }
  }
  return true;
}

/**
 * q = floor(u / v), r = u mod v (either may be 0 to skip it; neither may alias u or v).
 * Knuth's algorithm D (TAOCP 4.3.1) with 32-bit digits and 64-bit intermediates, as in
 * Hacker's Delight `divmnu`. Returns false when v is zero.
 */
export function wideDivMod(q: usize, r: usize, u: usize, v: usize): bool {
  const n = wideLen(v);
  if (n == 0) return false;
  const m = wideLen(u);
  if (q) wideZero(q);
  if (m < n) {
    if (r) wideCopy(r, u);
    return true;
  }
  if (n == 1) {
    const d = dig(v, 0);
    let rem: u64 = 0;
    for (let j = m - 1; j >= 0; j--) {
      const cur = (rem << 32) | dig(u, j);
      if (q) setDig(q, j, cur / d);
      rem = cur % d;
    }
    if (r) wideFromU64(r, rem);
    return true;
  }
  // Normalize so the divisor's top digit has its top bit set.
  const s = <u64>clz<u32>(load<u32>(v + (<usize>(n - 1) << 2)));
  for (let i = n - 1; i > 0; i--) {
    setDig(normV, i, (dig(v, i) << s) | (s ? dig(v, i - 1) >> (32 - s) : 0));
  }
  setDig(normV, 0, dig(v, 0) << s);
  setDig(normU, m, s ? dig(u, m - 1) >> (32 - s) : 0);
  for (let i = m - 1; i > 0; i--) {
    setDig(normU, i, (dig(u, i) << s) | (s ? dig(u, i - 1) >> (32 - s) : 0));
  }
  setDig(normU, 0, dig(u, 0) << s);

  const b: u64 = 1 << 32;
  const vTop = dig(normV, n - 1), vNext = dig(normV, n - 2);
  for (let j = m - n; j >= 0; j--) {
    const num = (dig(normU, j + n) << 32) | dig(normU, j + n - 1);
    let qhat = num / vTop;
    let rhat = num - qhat * vTop;
    while (qhat >= b || qhat * vNext > ((rhat << 32) | dig(normU, j + n - 2))) {
      qhat -= 1;
      rhat += vTop;
      if (rhat >= b) break;
    }
    // Multiply and subtract.
    let k: i64 = 0;
    let t: i64 = 0;
    for (let i = 0; i < n; i++) {
      const p = qhat * dig(normV, i);
      t = <i64>dig(normU, i + j) - k - <i64>(p & 0xffffffff);
      setDig(normU, i + j, <u64>t);
      k = <i64>(p >> 32) - (t >> 32);
    }
    t = <i64>dig(normU, j + n) - k;
    setDig(normU, j + n, <u64>t);
    if (t < 0) {
      // qhat was one too large: add the divisor back.
      qhat -= 1;
      let c: u64 = 0;
      for (let i = 0; i < n; i++) {
        const s2 = dig(normU, i + j) + dig(normV, i) + c;
        setDig(normU, i + j, s2);
        c = s2 >> 32;
      }
      setDig(normU, j + n, dig(normU, j + n) + c);
    }
    if (q) setDig(q, j, qhat);
  }
  if (r) {
    wideZero(r);
    for (let i = 0; i < n - 1; i++) {
      setDig(r, i, (dig(normU, i) >> s) | (s ? dig(normU, i + 1) << (32 - s) : 0));
    }
    setDig(r, n - 1, dig(normU, n - 1) >> s);
  }
  // Clear the scratch digits the division touched, so later calls see zeros above m.
  memory.fill(normU, 0, WIDE_BYTES + 8);
  return true;
}

/** Bit length (0 for zero). */
export function wideBitLen(p: usize): i32 {
  const n = wideLen(p);
  if (n == 0) return 0;
  return (n - 1) * 32 + (32 - <i32>clz<u32>(load<u32>(p + (<usize>(n - 1) << 2))));
}
