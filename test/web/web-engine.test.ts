// The web engine (host/web/engine.ts, the package's API) in Node: every source it loads from, and
// each of its computations equal to the host's own wrappers on the same core (the CLI's estimate,
// Emission, computeTopUp, segmentBonus); the page's exact formatting helpers.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFile } from "node:fs/promises";
import { loadCore } from "../../host/core/core.js";
import { CORE_WASM } from "../../host/core/node.js";
import { DEFAULT_EMISSION_PARAMS, Emission } from "../../host/core/emission.js";
import { computeTopUp, segmentBonus } from "../../host/core/rewards.js";
import { estimate } from "../../host/cli/estimate.js";
import { defaultGenesisJson, parseGenesis } from "../../host/app/genesis.js";
import { loadEngine, type Engine } from "../../host/web/engine.js";
import { formatPercent, formatTokens, parseTokens } from "../../host/web/format.js";

const E18 = 10n ** 18n;
const bytes = new Uint8Array(await readFile(CORE_WASM));

async function reference() {
  const core = await loadCore(bytes);
  const emission = new Emission(core);
  emission.configure(DEFAULT_EMISSION_PARAMS);
  return { core, emission };
}

test("loads from bytes, a WebAssembly.Module, a Response and its promise; a failed response is a clear error", async () => {
  const engines: Engine[] = [
    await loadEngine(bytes),
    await loadEngine(bytes.buffer),
    await loadEngine(await WebAssembly.compile(bytes)),
    await loadEngine(new Response(bytes, { headers: { "content-type": "application/wasm" } })),
    await loadEngine(Promise.resolve(new Response(bytes))),
  ];
  const { emission } = await reference();
  for (const e of engines) assert.is(e.rateAt(10_000_000n), emission.rateAt(10_000_000n));
  try {
    await loadEngine(new Response("nope", { status: 404 }));
    assert.unreachable("a 404 loaded");
  } catch (e) {
    assert.match((e as Error).message, /cannot load the core .*HTTP 404/);
  }
});

test("rate, provisions and the schedule equal the host's Emission on the same core", async () => {
  const engine = await loadEngine(bytes);
  const { emission } = await reference();
  for (const h of [1n, 525_960n, 6_311_520n, 63_115_200n]) {
    assert.is(engine.rateAt(h), emission.rateAt(h), `height ${h}`);
    const supply = 98_500_000_000n * 10n ** 8n;
    assert.is(engine.blockProvisionAt(h, supply), emission.provisions(emission.rateAt(h), supply).block);
  }
  assert.ok(engine.rateAt(6_311_520n) < engine.rateAt(1n), "decays");
  const supply = 9_850_000_000_000_000_000n;
  const points = engine.schedule({ fromHeight: 0n, totalSupply: supply, step: 525_960n, points: 3 });
  emission.setState({ height: 0n, totalSupply: supply, burned: 0n });
  for (const p of points) {
    const want = emission.advance(525_960n);
    assert.equal({ ...p, mintedSince: undefined }, { ...want, mintedSince: undefined });
    assert.is(p.mintedSince, want.totalSupply - supply);
  }
  assert.is(points[2].height, 3n * 525_960n);
  // A chain's own parameters: no decay keeps the base rate.
  const flat = await loadEngine(bytes, { decayEpochStart: 0n });
  assert.is(flat.rateAt(63_115_200n), E18 / 100n);
});

test("topUp and bonus equal the host's computeTopUp and segmentBonus", async () => {
  const engine = await loadEngine(bytes);
  const { core } = await reference();
  const input = {
    totalBonded: 40_000_000_000n * 10n ** 8n, targetBaseRewardsRate: (3n * E18) / 100n, blocksPerYear: 6_311_520n,
    feeCollectorBalance: 15_606_000_000n, communityTax: (2n * E18) / 100n, poolBalance: 5_000_000_000n * 10n ** 8n, powers: [3n, 5n, 7n],
  };
  const got = engine.topUp(input);
  assert.equal(got, computeTopUp(core, input));
  assert.is(got.outcome, "full_top_up");
  const start = 1_767_225_600n * 10n ** 9n;
  const year = 31_557_600n * 10n ** 9n;
  const b = engine.bonus({ amount: 100_000n * 10n ** 8n, bonusApy: (7n * E18) / 100n, startNs: start, endNs: start + 2n * year, exitUnlockNs: start + year });
  const want = segmentBonus(core, {
    shares: 100_000n * 10n ** 8n * E18, tokensPerShare: E18, bonusApy: (7n * E18) / 100n,
    start: { unix: start / 10n ** 9n, nanos: 0 }, end: { unix: (start + 2n * year) / 10n ** 9n, nanos: 0 }, exitUnlockAt: { unix: (start + year) / 10n ** 9n, nanos: 0 },
  });
  assert.equal(b, { bonus: want.bonus, seconds: want.durationSeconds, effectiveEndNs: start + year });
  assert.is(b.bonus, 7_000n * 10n ** 8n, "7 % of 100,000 tokens for the year up to the unlock");
});

test("estimate is the CLI's, for each tier and both exit choices; bad inputs are RangeErrors", async () => {
  const engine = await loadEngine(bytes);
  const { core } = await reference();
  const g = parseGenesis(defaultGenesisJson(), core.dec);
  for (const tier of g.tieredrewards.tiers) {
    for (const exitNow of [false, true]) {
      const inputs = {
        amount: 123_456_789_012n, tier, seconds: 5n * 31_557_600n + 12_345n, commission: (5n * E18) / 100n,
        targetRate: g.tieredrewards.params.targetBaseRewardsRate, exitNow, startNs: g.genesisTimeNs,
      };
      assert.equal(engine.estimate(inputs), estimate(core, inputs));
    }
  }
  const ok = { amount: 1n, tier: g.tieredrewards.tiers[0], seconds: 1n, commission: 0n, targetRate: 0n, exitNow: false, startNs: 0n };
  for (const bad of [{ amount: 0n }, { seconds: 0n }, { commission: E18 + 1n }, { targetRate: -1n }]) {
    assert.throws(() => engine.estimate({ ...ok, ...bad }), (e: unknown) => e instanceof RangeError, JSON.stringify(Object.keys(bad)));
  }
});

test("tokens and percentages as text, exactly", () => {
  assert.is(parseTokens("1,000.5"), 100_050_000_000n);
  assert.is(parseTokens(".00000001"), 1n);
  assert.is(parseTokens("98500000000"), 9_850_000_000_000_000_000n);
  for (const [text, why] of [["1.123456789", /at most 8 decimals/], ["-1", /negative/], ["1e5", /not a token amount/], ["", /not a token amount/]] as const) {
    assert.throws(() => parseTokens(text), why, text);
  }
  assert.throws(() => parseTokens("9".repeat(40)), /too large/);
  assert.is(formatTokens(100_050_000_000n), "1,000.5");
  assert.is(formatTokens(1n), "0.00000001");
  assert.is(formatTokens(9_850_000_000_000_000_000n), "98,500,000,000");
  assert.is(formatPercent(42_952_747_427_538_970n, 4), "4.2952");
  assert.is(formatPercent(E18 / 100n), "1.00");
  assert.is(formatPercent(0n, 0), "0");
});

test.run();
