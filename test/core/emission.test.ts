// The emission engine's rules beyond the golden vectors: parameter validation, decay off, the
// cap with burned balances, errors that leave the state untouched, and determinism.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { core } from "../helpers/core.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import { CoreError } from "../../host/core/errors.js";
import { Emission, DEFAULT_EMISSION_PARAMS, type EmissionParams } from "../../host/core/emission.js";
import * as model from "../../model/dec-bigint.js";
import { EmissionBigInt } from "../../model/emission-bigint.js";

const E18 = 10n ** 18n;
const em = new Emission(core);
const LAUNCH = 9_850_000_000_000_000_000n;

function rejects(f: () => unknown, codeName: string, message?: RegExp): void {
  try {
    f();
  } catch (e) {
    assert.instance(e, CoreError);
    assert.is((e as CoreError).codeName, codeName);
    if (message) assert.match((e as CoreError).message, message);
    return;
  }
  assert.unreachable(`expected ${codeName}`);
}

const params = (over: Partial<EmissionParams> = {}): EmissionParams => ({ ...DEFAULT_EMISSION_PARAMS, ...over });

test("parameters are validated as the reference validates them", () => {
  rejects(() => em.configure(params({ decayRate: E18 + 1n })), "INVALID_PARAMS", /decay rate too large/);
  rejects(() => em.configure(params({ baseRate: E18 + 1n })), "INVALID_PARAMS", /inflation rate too large/);
  rejects(() => em.configure(params({ blocksPerYear: 0n })), "INVALID_PARAMS", /blocks per year must be positive/);
  rejects(() => em.configure(params({ decayRate: -1n })), "UNDERFLOW");
  em.configure(params({ decayRate: E18 })); // 1 is inclusive
  em.configure(params({ decayRate: 0n }));
});

test("without a decay epoch, or with decay 0, the rate is the base rate at every height", () => {
  for (const p of [params({ decayEpochStart: 0n }), params({ decayRate: 0n })]) {
    em.configure(p);
    for (const h of [1n, 2n, 525_961n, 63_115_200n]) assert.is(em.rateAt(h), E18 / 100n);
    assert.is(em.perBlockFactor(), E18);
  }
});

test("decay 1 gives the base rate at the epoch block and 0 from the next block on", () => {
  em.configure(params({ decayRate: E18, decayEpochStart: 10n }));
  assert.is(em.rateAt(9n), E18 / 100n);
  assert.is(em.rateAt(10n), E18 / 100n);
  assert.is(em.rateAt(11n), 0n);
  assert.is(em.rateAt(10n + 525_960n * 3n), 0n);
});

test("the rate at whole months is base x 0.932^k and falls block by block within a month", () => {
  em.configure(params({ decayEpochStart: 1n }));
  const m = 525_960n;
  assert.is(em.rateAt(1n + m), core.dec.mul(E18 / 100n, (932n * E18) / 1000n));
  let prev = em.rateAt(1n);
  for (const h of [2n, 3n, 1000n, m, m + 1n, m + 2n]) {
    const r = em.rateAt(h);
    assert.ok(r < prev, `rate at ${h} below the rate before`);
    prev = r;
  }
});

test("at the cap minting stops; circulating supply excludes burned balances and never passes the cap", () => {
  const cap = 10n ** 19n;
  em.configure(params({ maxSupply: cap }));
  const burned = 7_000_000_000n;
  // circulating starts 1.5 block provisions below the cap
  em.setState({ height: 0n, totalSupply: cap - 24_000_000_000n + burned, burned });
  const first = em.advance(1n);
  assert.is(first.minted, first.blockProvision);
  const second = em.advance(1n);
  assert.ok(second.minted < second.blockProvision, "the block that reaches the cap is clipped");
  assert.is(second.totalSupply - burned, cap);
  const third = em.advance(1000n);
  assert.is(third.minted, 0n);
  assert.is(third.totalSupply - burned, cap);
  assert.ok(third.blockProvision > 0n, "the provision is still computed; only the mint stops");
});

test("a supply already above the cap mints nothing (never a negative mint)", () => {
  em.configure(params({ maxSupply: 10n ** 19n }));
  em.setState({ height: 5n, totalSupply: 10n ** 19n + 1n, burned: 0n });
  const out = em.advance(3n);
  assert.is(out.minted, 0n);
  assert.is(out.totalSupply, 10n ** 19n + 1n);
});

test("burned balances above the total supply are refused and change nothing", () => {
  em.configure(params());
  em.setState({ height: 7n, totalSupply: 1000n, burned: 10n });
  rejects(() => em.setState({ height: 9n, totalSupply: 10n, burned: 11n }), "UNDERFLOW");
  const last = em.last();
  assert.is(last.height, 7n);
  assert.is(last.totalSupply, 1000n);
});

test("a block that would overflow fails and leaves the state at the last completed block", () => {
  em.configure(params({ maxSupply: 0n }));
  const huge = 1n << 127n; // rate x supply needs more than 192 bits
  em.setState({ height: 41n, totalSupply: huge, burned: 0n });
  rejects(() => em.advance(5n), "OVERFLOW");
  assert.is(em.last().height, 41n);
  assert.is(em.last().totalSupply, huge);
});

test("advancing in one call or block by block gives the same state", () => {
  em.configure(params());
  em.setState({ height: 0n, totalSupply: LAUNCH, burned: 0n });
  const once = em.advance(5000n);
  em.setState({ height: 0n, totalSupply: LAUNCH, burned: 0n });
  let stepwise = em.last();
  for (let i = 0; i < 5000; i++) stepwise = em.advance(1n);
  assert.equal(stepwise, once);
});

test("two fresh instances of the core reach the same state (no clock, no randomness)", async () => {
  const run = async () => {
    const e = new Emission(await loadCoreFromFile());
    e.configure(params());
    e.setState({ height: 0n, totalSupply: LAUNCH, burned: 0n });
    return e.advance(600_000n);
  };
  const [a, b] = [await run(), await run()];
  assert.equal(a, b);
  assert.is(a.height, 600_000n);
});

test("the rate equals the reference formula base * (x^n * approxRoot(x, m)^r), for many parameter sets and heights", () => {
  const sets: [bigint, bigint, bigint][] = [
    // [decay, blocksPerYear, epoch]
    [(68n * E18) / 1000n, 6_311_520n, 1n],
    [(68n * E18) / 1000n, 5_256_000n, 1000n],
    [E18 / 2n, 120n, 5n], // m = 10: tables far smaller than the low-bits table
    [E18 / 10n, 12n, 3n], // m = 1: every block is a month
    [E18 / 3n, 11n, 3n], // m = 0: no decay at all
    [1n, 6_311_520n, 1n], // the smallest decay
    [E18 - 1n, 63_115n, 2n],
  ];
  let x = 12345n;
  const next = () => (x = (x * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n));
  for (const [decay, bpy, epoch] of sets) {
    em.configure(params({ decayRate: decay, blocksPerYear: bpy, decayEpochStart: epoch }));
    const m = bpy / 12n;
    const base = E18 / 100n;
    const xf = E18 - decay;
    const f = m > 0n ? model.approxRoot(xf, m)[0] : E18;
    const heights = [epoch - 1n, epoch, epoch + 1n, epoch + m, epoch + m + 1n, epoch + 40n * m + 7n];
    for (let i = 0; i < 40; i++) heights.push(epoch + (next() % (m * 130n + 1n)));
    for (const h of heights) {
      const e = h - epoch;
      const want =
        h < epoch || m === 0n ? base : model.mul(base, model.mul(model.power(xf, e / m), model.power(f, e % m)));
      assert.is(em.rateAt(h), want, `decay ${decay} bpy ${bpy} height ${h}`);
    }
  }
});

test("advance matches the BigInt model block by block at the supply boundaries of its fast paths", () => {
  const U64 = 1n << 64n;
  const cases: [string, Partial<EmissionParams>, bigint][] = [
    ["launch supply", {}, LAUNCH],
    ["just under 2^64, rate 1", { baseRate: E18, maxSupply: 0n }, U64 - 1n - 10n ** 12n],
    ["across 2^64, rate 1", { baseRate: E18, maxSupply: 0n }, U64 - 3n],
    ["above 2^64", { maxSupply: 0n }, U64 + 12_345n],
    ["digit boundaries", { baseRate: E18 - 1n, maxSupply: 0n }, 18n * E18 + 999_999_999n * 10n ** 9n + 999_999_999n],
    ["at the cap", { maxSupply: 10n ** 19n }, 10n ** 19n - 100n],
    ["epoch ahead", { decayEpochStart: 40n }, LAUNCH],
  ];
  for (const [name, over, supply] of cases) {
    const p = params(over);
    const reference = new EmissionBigInt();
    reference.configure(p);
    em.configure(p);
    const start = { height: 0n, totalSupply: supply, burned: 0n };
    reference.setState(start);
    em.setState(start);
    for (const n of [1n, 2n, 3n, 64n, 1000n]) {
      assert.equal(em.advance(n), reference.advance(n), `${name}: after ${n} more blocks`);
    }
  }
});

test("the provision is exact for any one-word supply and rate (tiny blocks-per-year expose every carry)", () => {
  // With blocksPerYear 1 the provision is floor(rate * supply / 10^18) itself, so a carry lost
  // anywhere in its digit arithmetic shows; with 6,311,520 it would show once in millions.
  let x = 987654321n;
  const next = () => (x = (x * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n));
  for (const bpy of [1n, 7n, 6_311_520n]) {
    for (let i = 0; i < 300; i++) {
      const rate = i % 10 === 0 ? E18 : next() % (E18 + 1n);
      const supply = i % 7 === 0 ? (1n << 64n) - 1n - (next() % 1000n) : next();
      const p = params({ baseRate: rate, blocksPerYear: bpy, maxSupply: 0n, decayEpochStart: 0n });
      em.configure(p);
      em.setState({ height: 0n, totalSupply: supply, burned: 0n });
      const want = (rate * supply) / bpy / E18;
      assert.is(em.advance(1n).blockProvision, want, `rate ${rate} supply ${supply} bpy ${bpy}`);
    }
  }
});

test.run();
