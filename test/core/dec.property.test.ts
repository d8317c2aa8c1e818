// The core's Dec against the plain BigInt model (model/dec-bigint.ts) on many operands
// from a fixed seed, weighted toward the edges: 0, 1, powers of two and ten, limb boundaries,
// the u128 maximum. A result the model says needs more than 128 bits must be the overflow error.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { core, outcome, precedence } from "../helpers/core.js";
import { U128_MAX } from "../../host/core/core.js";
import * as model from "../../model/dec-bigint.js";
import { rng } from "../helpers/checks.js";

const d = core.dec;
const E18 = model.E18;


const EDGES: bigint[] = [
  0n, 1n, 2n, 5n, E18 - 1n, E18, E18 + 1n, 5n * 10n ** 17n, 15n * 10n ** 17n,
  (1n << 64n) - 1n, 1n << 64n, (1n << 64n) + 1n, (1n << 96n) - 1n, (1n << 127n) - 1n, 1n << 127n,
  U128_MAX - 1n, U128_MAX, 10n ** 36n, 10n ** 38n, 932n * 10n ** 15n,
  // the bounds and digit boundaries of the base-10^9 fast product (operands up to 4.0)
  4n * E18 - 1n, 4n * E18, 4n * E18 + 1n, 10n ** 9n - 1n, 10n ** 9n, 10n ** 9n + 1n, 999_999_999_999_999_999n,
  2n * E18 + 5n * 10n ** 8n, 3n * E18 + 999_999_999n,
];

function operands(seed: bigint, count: number): bigint[] {
  const next = rng(seed);
  const out: bigint[] = [...EDGES];
  while (out.length < count) {
    const kind = next() % 4n;
    const bits = next() % 129n;
    let v = (next() | (next() << 64n)) & ((1n << bits) - 1n);
    if (kind === 0n) v = EDGES[Number(next() % BigInt(EDGES.length))] + (next() % 5n) - 2n;
    if (kind === 1n) v = 10n ** (next() % 39n) * (next() % 1000n);
    if (v >= 0n && v <= U128_MAX) out.push(v);
  }
  return out;
}

const expected = precedence;

const A = operands(1n, 160);
const B = operands(2n, 160);

type Pair = [string, (a: bigint, b: bigint) => bigint, (a: bigint, b: bigint) => bigint];
const PAIRS: Pair[] = [
  ["add", d.add, (a, b) => a + b],
  ["sub", d.sub, (a, b) => a - b],
  ["mul", d.mul, model.mul],
  ["mulTruncate", d.mulTruncate, model.mulTruncate],
  ["mulRoundUp", d.mulRoundUp, model.mulRoundUp],
  ["mulInt", d.mulInt, model.mulInt],
];
const DIVISIONS: Pair[] = [
  ["quo", d.quo, model.quo],
  ["quoTruncate", d.quoTruncate, model.quoTruncate],
  ["quoRoundUp", d.quoRoundUp, model.quoRoundUp],
  ["quoInt", d.quoInt, model.quoInt],
];

for (const [name, coreOp, modelOp] of [...PAIRS, ...DIVISIONS]) {
  test(`${name} agrees with the BigInt model on ${A.length * B.length} operand pairs`, () => {
    const failures: string[] = [];
    for (const a of A) {
      for (const b of B) {
        const isDiv = DIVISIONS.some(([n]) => n === name);
        const want = isDiv && b === 0n ? "DIVISION_BY_ZERO" : expected(modelOp(a, b));
        const got = outcome(() => coreOp(a, b));
        if (got !== want) failures.push(`${name}(${a}, ${b}): want ${want}, got ${got}`);
      }
    }
    assert.equal(failures.slice(0, 5), []);
  });
}

test("mul rounds exact ties to even across the fast paths (operands up to 4.0 and beyond)", () => {
  const failures: string[] = [];
  // a * b = k * 10^18 + 5 * 10^17 exactly: ties, for both parities of k.
  for (const [a, b] of [
    [5n, 10n ** 17n], [15n, 10n ** 17n], [25n, 10n ** 17n], [3n * 10n ** 9n, 5n * 10n ** 8n],
    [4n * E18, 5n * 10n ** 17n + 1n], [4n * E18 + 1n, 5n * 10n ** 17n], [(1n << 64n) + 5n, 10n ** 17n],
  ] as const) {
    const want = expected(model.mul(a, b));
    const got = outcome(() => d.mul(a, b));
    if (got !== want) failures.push(`mul(${a}, ${b}): want ${want}, got ${got}`);
  }
  const next = rng(5n);
  for (let i = 0; i < 20000; i++) {
    const a = next() % (4n * E18 + 2n);
    const b = next() % (4n * E18 + 2n);
    const want = expected(model.mul(a, b));
    const got = outcome(() => d.mul(a, b));
    if (got !== want) failures.push(`mul(${a}, ${b}): want ${want}, got ${got}`);
  }
  assert.equal(failures.slice(0, 5), []);
});

test("power agrees with the model for bases around one and small exponents", () => {
  const next = rng(3n);
  const failures: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const base = E18 - 10n ** 12n + (next() % (2n * 10n ** 12n)) + (i % 7 === 0 ? next() % (4n * E18) : 0n);
    const n = i % 5 === 0 ? next() % 1_000_000n : next() % 200n;
    const want = expected(model.power(base, n));
    const got = outcome(() => d.power(base, n));
    if (got !== want) failures.push(`power(${base}, ${n}): want ${want}, got ${got}`);
  }
  assert.equal(failures.slice(0, 5), []);
});

test("approxRoot agrees with the model, iterations included", () => {
  const next = rng(4n);
  const failures: string[] = [];
  for (let i = 0; i < 200; i++) {
    const a = i % 3 === 0 ? next() % (10n ** 30n) : next() % (2n * E18);
    const n = 2n + (next() % (i % 4 === 0 ? 600_000n : 12n));
    let want: bigint | string;
    let iterations = -1;
    try {
      const [root, it] = model.approxRoot(a, n);
      want = expected(root);
      iterations = it;
    } catch {
      want = "OUT_OF_BOUNDS";
    }
    const got = outcome(() => d.approxRoot(a, n));
    if (got !== want) failures.push(`approxRoot(${a}, ${n}): want ${want}, got ${got}`);
    else if (typeof got === "bigint" && iterations >= 0 && d.rootIterations() !== iterations) {
      failures.push(`approxRoot(${a}, ${n}) iterations: want ${iterations}, got ${d.rootIterations()}`);
    }
  }
  assert.equal(failures.slice(0, 5), []);
});

test("integer conversions and ceil agree with the model", () => {
  const failures: string[] = [];
  for (const a of A) {
    const cases: [string, () => bigint, bigint][] = [
      ["truncateInt", () => d.truncateInt(a), model.truncateInt(a)],
      ["roundInt", () => d.roundInt(a), model.roundInt(a)],
      ["truncateDec", () => d.truncateDec(a), model.truncateInt(a) * E18],
      ["ceil", () => d.ceil(a), model.ceil(a)],
    ];
    for (const [name, f, want] of cases) {
      const got = outcome(f);
      if (got !== expected(want)) failures.push(`${name}(${a}): want ${expected(want)}, got ${got}`);
    }
    const t64 = outcome(() => d.truncateInt64(a));
    const want64 = model.truncateInt(a) < 1n << 63n ? model.truncateInt(a) : "INT64_OUT_OF_BOUND";
    if (t64 !== want64) failures.push(`truncateInt64(${a}): want ${want64}, got ${t64}`);
  }
  assert.equal(failures.slice(0, 5), []);
});

test("format and parse are inverse on every operand; formatInt is the plain decimal", () => {
  for (const a of [...A, ...B]) {
    const text = d.format(a);
    assert.match(text, /^\d+\.\d{18}$/);
    assert.is(d.parse(text), a);
    assert.is(d.formatInt(a), a.toString());
  }
});

test("signed 64-bit operands: a negative factor or divisor gives underflow unless the result is zero", () => {
  assert.is(outcome(() => d.mulInt64(E18, -1n)), "UNDERFLOW");
  assert.is(outcome(() => d.mulInt64(0n, -5n)), 0n);
  assert.is(outcome(() => d.quoInt64(1n, -2n)), 0n); // truncates toward zero: -0.5 raw -> 0
  assert.is(outcome(() => d.quoInt64(3n, -2n)), "UNDERFLOW");
  assert.is(outcome(() => d.quoInt64(E18, -(1n << 63n))), 0n);
  assert.is(outcome(() => d.quoInt64(5n, 0n)), "DIVISION_BY_ZERO");
});

test.run();
