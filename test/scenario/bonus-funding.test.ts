// docs/economics.md: the order of a month's first block, and `bonus_funding`. Once the pool is dry,
// the default ("pool") deposits the month's revenue as its own tx: the claim in the same block is
// simulated on the last block's state (pool empty) and fails, and the next blocks' top-ups take the
// deposit. "revenue_first" deposits it in the claim's own tx, before the claim: the claim is paid
// from it, the top-ups get the rest. Same scenario otherwise; every figure from the chain.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../host/core/core.js";
import { parseScenario } from "../../host/scenario/scenario.js";
import { runScenario, UNIT } from "../helpers/simulate.js";
import { wasm } from "../helpers/node.js";

const test = suite("bonus_funding: the pool's order, and revenue first");

// A small pool that runs dry in month 2; a 2 B tier-3 cohort (about 11.7 M bonus a month); 50 M of
// revenue a month from month 3.
const doc = (bonusFunding?: string) => ({
  months: 6, block_time: "1h", pool: { reserve: "40000000" }, cohorts: [{ month: 0, tier: 3, amount: "2000000000" }],
  phases: [{ name: "reserve", month: 0 }, { name: "revenue", month: 3, revenue_per_month: "50000000" }],
  ...(bonusFunding ? { bonus_funding: bonusFunding } : {}),
});

test("the field: \"pool\" by default, \"revenue_first\", anything else refused naming the field", async () => {
  const core = await loadCore(wasm);
  assert.is(parseScenario(doc() as never, core.dec).bonusFunding, "pool");
  assert.is(parseScenario(doc("revenue_first") as never, core.dec).bonusFunding, "revenue_first");
  assert.throws(() => parseScenario(doc("bonus") as never, core.dec), (e: Error) => /bonus_funding/.test(String((e as { path?: string }).path ?? e.message)) && /expected "pool" or "revenue_first"/.test(e.message));
});

test("once the pool is dry: by default the revenue never reaches the bonus; revenue first pays the claims from it", async () => {
  const [pool, first] = await Promise.all([runScenario(doc()), runScenario(doc("revenue_first"))]);
  for (const sim of [pool, first]) assert.is(sim.poolDry?.month, 2, "the pool runs dry in month 2 either way");
  // Before the revenue the runs are the same.
  assert.equal(first.rows.slice(0, 4).map((r) => r.pool), pool.rows.slice(0, 4).map((r) => r.pool));
  // Months 4-6 (their first blocks' claims, months 3-5 in the scenario's counting), 50 M deposited each month in both.
  for (const sim of [pool, first]) assert.equal(sim.rows.slice(4).map((r) => r.poolInflows), [50_000_000n * UNIT, 50_000_000n * UNIT, 50_000_000n * UNIT]);
  // "pool": every claim from month 2 on fails its simulation (the pool was empty at the last block), no bonus paid.
  assert.equal(pool.failures.map((f) => f.what), ["month 2: claim", "month 3: claim", "month 4: claim", "month 5: claim"]);
  assert.ok(pool.failures.every((f) => /insufficient bonus pool balance/.test(f.log)));
  assert.equal(pool.rows.slice(3).map((r) => r.bonusPaid), [0n, 0n, 0n, 0n]);
  // "revenue_first": the deposit and the claim in one tx; the claims of months 3-5 are paid (month 3's the two months owed since month 1).
  assert.equal(first.failures.map((f) => f.what), ["month 2: claim"]);
  const paid = first.rows.slice(4).map((r) => r.bonusPaid);
  assert.ok(paid.every((v) => v > 0n), `bonus paid: ${paid}`);
  assert.ok(paid[0]! > paid[1]! && paid[1] === paid[2], "the first claim pays two months' accrual, then a month each");
  // The pool's flows still close: top-up = inflows - bonus - the pool's change; the top-ups got the rest.
  for (const sim of [pool, first]) {
    for (let i = 1; i < sim.rows.length; i++) {
      const [a, b] = [sim.rows[i - 1]!, sim.rows[i]!];
      assert.is(b.topUp, b.poolInflows - b.bonusPaid - (b.pool - a.pool));
    }
  }
  for (let i = 4; i < 7; i++) assert.ok(first.rows[i]!.topUp < pool.rows[i]!.topUp, `month ${i}: the top-ups get less with revenue first`);
  // The tier's paid APY: base alone by default, base + the bonus with revenue first.
  const t3 = (sim: typeof pool, i: number) => sim.rows[i]!.tiers.find((t) => t.tier === 3)!;
  for (let i = 5; i < 7; i++) {
    assert.ok(t3(first, i).paidApy! > t3(pool, i).paidApy! + 5n * 10n ** 16n, `month ${i}: more than 5 points more paid with revenue first`);
  }
});

test.run();
