// One precedence rule for OVERFLOW and UNDERFLOW in every Dec operation (docs/core.md, "Values"):
// magnitude first. An exact result whose magnitude needs more than 128 bits is OVERFLOW whatever
// its sign; a result that fits and is negative (non-zero) is UNDERFLOW. These cases enumerate the
// operations that can produce a negative result (signed factors and divisors, sub, parse of a
// negative text, the host's range check of an operand) on both sides of the 128-bit boundary.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { core, outcome, precedence } from "../helpers/core.js";
import { U128_MAX } from "../../host/core/core.js";
import { rng } from "../helpers/checks.js";

const d = core.dec;
const E18 = 10n ** 18n;
const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;

const rule = precedence;

/** Decimal text of a raw value of any size and sign (the parser's input). */
function text(raw: bigint): string {
  const neg = raw < 0n;
  const abs = neg ? -raw : raw;
  return `${neg ? "-" : ""}${abs / E18}.${(abs % E18).toString().padStart(18, "0")}`;
}

test("mulInt64: a product too large in magnitude is OVERFLOW even when negative (the issue's case: 2^127 raw x -7)", () => {
  const cases: [bigint, bigint, bigint | string][] = [
    [1n << 127n, -7n, "OVERFLOW"],
    [1n << 127n, 7n, "OVERFLOW"],
    [1n << 127n, -1n, "UNDERFLOW"],
    [1n << 127n, -2n, "OVERFLOW"], // exactly -2^128: magnitude 2^128 does not fit
    [U128_MAX, -1n, "UNDERFLOW"], // -(2^128 - 1): fits in magnitude
    [U128_MAX, I64_MIN, "OVERFLOW"],
    [1n << 65n, I64_MIN, "OVERFLOW"], // -2^128
    [(1n << 65n) - 1n, I64_MIN, "UNDERFLOW"], // -(2^128 - 2^63)
    [1n, I64_MIN, "UNDERFLOW"],
    [0n, I64_MIN, 0n],
    [0n, -7n, 0n],
    [E18, -1n, "UNDERFLOW"],
    [U128_MAX, 1n, U128_MAX],
    [(1n << 65n) - 1n, I64_MAX, ((1n << 65n) - 1n) * I64_MAX],
  ];
  for (const [a, n, want] of cases) {
    assert.is(outcome(() => d.mulInt64(a, n)), want, `mulInt64(${a}, ${n})`);
    assert.is(rule(a * n), want, `the rule on ${a} x ${n}`);
  }
});

test("quoInt64: a quotient's magnitude never exceeds the dividend, so only UNDERFLOW (or zero) for a negative divisor", () => {
  const cases: [bigint, bigint, bigint | string][] = [
    [U128_MAX, -1n, "UNDERFLOW"],
    [U128_MAX, I64_MIN, "UNDERFLOW"],
    [(1n << 63n) - 1n, I64_MIN, 0n], // -0.99... truncates toward zero
    [1n << 63n, I64_MIN, "UNDERFLOW"],
    [1n << 127n, -7n, "UNDERFLOW"],
    [0n, -1n, 0n],
    [5n, 0n, "DIVISION_BY_ZERO"],
  ];
  for (const [a, n, want] of cases) assert.is(outcome(() => d.quoInt64(a, n)), want, `quoInt64(${a}, ${n})`);
});

test("mulInt64 and quoInt64 follow the rule on a seeded grid of operands and signed 64-bit factors", () => {
  const next = rng(10n);
  const as: bigint[] = [0n, 1n, E18, (1n << 64n) - 1n, 1n << 64n, (1n << 65n) - 1n, 1n << 65n, (1n << 127n) - 1n, 1n << 127n, U128_MAX];
  while (as.length < 60) as.push((next() | (next() << 64n)) & ((1n << (next() % 129n)) - 1n));
  const ns: bigint[] = [I64_MIN, I64_MIN + 1n, -7n, -2n, -1n, 0n, 1n, 2n, 7n, I64_MAX];
  while (ns.length < 40) ns.push(BigInt.asIntN(64, next() >> (next() % 64n)));
  const failures: string[] = [];
  for (const a of as) {
    for (const n of ns) {
      const m = outcome(() => d.mulInt64(a, n));
      if (m !== rule(a * n)) failures.push(`mulInt64(${a}, ${n}): want ${rule(a * n)}, got ${m}`);
      const want = n === 0n ? "DIVISION_BY_ZERO" : rule(a / n); // BigInt division truncates toward zero
      const q = outcome(() => d.quoInt64(a, n));
      if (q !== want) failures.push(`quoInt64(${a}, ${n}): want ${want}, got ${q}`);
    }
  }
  assert.equal(failures.slice(0, 5), []);
});

test("parse: magnitude first, before the sign (the rule's origin)", () => {
  assert.is(outcome(() => d.parse(text(-(1n << 128n)))), "OVERFLOW");
  assert.is(outcome(() => d.parse(text(-U128_MAX))), "UNDERFLOW");
  assert.is(outcome(() => d.parse(text(1n << 128n))), "OVERFLOW");
  assert.is(outcome(() => d.parse("-0.000000000000000001")), "UNDERFLOW");
  assert.is(outcome(() => d.parse("-0")), 0n);
});

test("sub: a difference of two values fits in magnitude, so a negative one is UNDERFLOW", () => {
  assert.is(outcome(() => d.sub(0n, U128_MAX)), "UNDERFLOW");
  assert.is(outcome(() => d.sub(1n << 127n, U128_MAX)), "UNDERFLOW");
  assert.is(outcome(() => d.sub(U128_MAX, U128_MAX)), 0n);
});

test("the host's operand range check follows the same rule (an operand beyond 128 bits either way is OVERFLOW)", () => {
  assert.is(outcome(() => d.add(-(1n << 128n), 0n)), "OVERFLOW");
  assert.is(outcome(() => d.add(-(1n << 200n), 0n)), "OVERFLOW");
  assert.is(outcome(() => d.add(-U128_MAX, 0n)), "UNDERFLOW");
  assert.is(outcome(() => d.add(-1n, 0n)), "UNDERFLOW");
  assert.is(outcome(() => d.add(1n << 128n, 0n)), "OVERFLOW");
  assert.is(outcome(() => d.mulInt(2n, -(1n << 130n))), "OVERFLOW");
  assert.is(outcome(() => d.mulInt(2n, -3n)), "UNDERFLOW");
});

test.run();
