// x/group's decimals (x/group/internal/math over cockroachdb/apd): a coefficient and an exponent as
// written ("2.50" keeps its two places), sums and differences at the smaller exponent (apd's
// BaseContext: exact), text in 'f' form ("1.0" stays "1.0"), the errors its parsers give. The
// percentage policy's quotient is compared exactly by cross-multiplying (no rounding here).

import { TxError } from "../../wire/errors.js";
import { GroupErrors } from "./errors.js";

export interface Dec {
  /** Coefficient (signed). */
  readonly c: bigint;
  /** Exponent: value = c × 10^e. */
  readonly e: number;
}

const invalid = (detail: string) => new TxError(GroupErrors.InvalidDecString, detail);

/** apd.NewFromString's grammar (sign, digits with one point, an exponent): its error texts where they matter. */
function parse(s: string): Dec {
  let t = s;
  let exp = 0;
  const ei = t.search(/[eE]/);
  if (ei >= 0) {
    const x = t.slice(ei + 1);
    if (!/^[+-]?\d+$/.test(x)) throw invalid(`parse exponent: ${x}: strconv.ParseInt: parsing ${JSON.stringify(x)}: invalid syntax: invalid decimal string`);
    exp = Number(x);
    t = t.slice(0, ei);
  }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(t);
  if (m === null || (m[2] === "" && (m[3] ?? "") === "")) {
    if (/^[+-]?(inf|infinity|nan|snan)$/i.test(t)) throw invalid(`expected a finite decimal, got ${s}: invalid decimal string`);
    throw invalid(`parse mantissa: ${t}: invalid decimal string`);
  }
  const digits = `${m[2]}${m[3] ?? ""}` || "0";
  const c = BigInt(digits) * (m[1] === "-" ? -1n : 1n);
  return { c, e: exp - (m[3]?.length ?? 0) };
}

export function positiveDec(s: string): Dec {
  const d = parse(s);
  if (d.c <= 0n) throw invalid(`expected a positive decimal, got ${s}`);
  return d;
}

export function nonNegativeDec(s: string): Dec {
  const d = parse(s);
  if (d.c < 0n) throw invalid(`expected a non-negative decimal, got ${s}`);
  return d;
}

export const ZERO: Dec = { c: 0n, e: 0 };

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const e = Math.min(a.e, b.e);
  return [a.c * 10n ** BigInt(a.e - e), b.c * 10n ** BigInt(b.e - e), e];
}

export const add = (a: Dec, b: Dec): Dec => {
  const [x, y, e] = align(a, b);
  return { c: x + y, e };
};
export const sub = (a: Dec, b: Dec): Dec => {
  const [x, y, e] = align(a, b);
  return { c: x - y, e };
};
export function cmp(a: Dec, b: Dec): number {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}
export const min = (a: Dec, b: Dec): Dec => (cmp(a, b) < 0 ? a : b);

/** SubNonNegative: a plain error when the result is negative. */
export function subNonNegative(a: Dec, b: Dec): Dec {
  const z = sub(a, b);
  if (z.c < 0n) throw new TxError({ codespace: "undefined", code: 1, description: "result negative during non-negative subtraction" });
  return z;
}

/** apd's Text('f'). */
export function decText(d: Dec): string {
  const neg = d.c < 0n;
  const digits = (neg ? -d.c : d.c).toString();
  let out: string;
  if (d.e >= 0) out = d.c === 0n ? "0" : digits + "0".repeat(d.e);
  else {
    const places = -d.e;
    const padded = digits.padStart(places + 1, "0");
    out = `${padded.slice(0, -places)}.${padded.slice(-places)}`;
  }
  return neg ? `-${out}` : out;
}

/** a / b >= p, exactly (b > 0). */
export function quoAtLeast(a: Dec, b: Dec, p: Dec): boolean {
  // a/b >= p  <=>  a >= p*b (b > 0)
  const pb: Dec = { c: p.c * b.c, e: p.e + b.e };
  return cmp(a, pb) >= 0;
}
