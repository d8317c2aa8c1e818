// Fees paid in lumps (fees.payments_per_month) against fees by block (docs/notebook.md, "Fees and
// the block time"): the effect the engine measures at each payment is what a run with a payment in
// every block actually keeps more in the pool; it is said (JSON, CSV, table, stderr) when it is a
// day of top-ups or more, and the block time changes it.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../host/core/core.js";
import { feeLumpingLines, simulationCsv, simulationJson } from "../../host/scenario/simulate-output.js";
import { runScenario } from "../helpers/simulate.js";
import { wasm } from "../helpers/node.js";
import { cli } from "../helpers/cli.js";

const test = suite("fee lumps and the block time");

// 2 months of 1 h blocks (730 a month), 100 M tokens of fees a year: a lump of 30 a month is ten
// times a block's top-up, a block's share of the fees less than it.
const base = { months: 2, block_time: "1h", fees: { per_year: "100000000" } };

test("the measured effect is what fees in every block keep more in the pool (within 0.1 %)", async () => {
  const [lumped, everyBlock] = await Promise.all([runScenario(base), runScenario({ ...base, fees: { ...base.fees, payments_per_month: 730 } })]);
  const f = lumped.feeLumping;
  assert.is(f.payments, 60);
  assert.is(f.measured, 60, "every lump measured (the two blocks after it carry no scenario tx)");
  assert.ok(f.savedByLumps < f.savedIfSpread, "a lump lowers one block's top-up, at most by it");
  assert.is(f.poolEffect, f.savedIfSpread - f.savedByLumps);
  const kept = everyBlock.rows.at(-1)!.pool - lumped.rows.at(-1)!.pool;
  assert.ok(kept > 0n, "fees by block keep more in the pool");
  const off = kept > f.poolEffect ? kept - f.poolEffect : f.poolEffect - kept;
  assert.ok(off * 1000n < kept, `measured ${f.poolEffect} against ${kept} kept by fees in every block`);
  // The same fees either way.
  assert.is(everyBlock.rows.reduce((t, r) => t + r.fees, 0n), lumped.rows.reduce((t, r) => t + r.fees, 0n));
  assert.match(f.days!, /^\d+\.\d{6}$/);
  assert.ok(Number(f.days) >= 1, `${f.days} days`);
  // Said in the outputs.
  const core = await loadCore(wasm);
  const j = simulationJson(core, lumped) as { fee_lumping: Record<string, unknown> };
  assert.equal(j.fee_lumping, {
    payments: 60, measured: 60, fees_after_tax: `${f.feesAfterTax}`, saved_by_lumps: `${f.savedByLumps}`, saved_if_spread: `${f.savedIfSpread}`,
    pool_effect: `${f.poolEffect}`, days: f.days,
  });
  const csv = simulationCsv(core, lumped);
  assert.ok(csv.includes(`# fee_lumping_pool_effect: ${f.poolEffect}\n# fee_lumping_days: ${f.days}\n`));
  assert.match(feeLumpingLines(lumped)[0]!, new RegExp(`the pool holds [\\d,]+ tokens less, ${f.days!.replace(".", "\\.")} days of top-ups`));
});

test("the block time moves it: smaller with longer blocks; no warning below a day of top-ups", async () => {
  const [hour, minute] = await Promise.all([
    runScenario({ ...base, fees: { per_year: "1000000" } }),
    runScenario({ ...base, block_time: "1m", months: 1, fees: { per_year: "1000000" } }),
  ]);
  assert.ok(hour.feeLumping.poolEffect * 10n < minute.feeLumping.poolEffect * 2n, `1 h: ${hour.feeLumping.poolEffect}, 1 min (one month): ${minute.feeLumping.poolEffect}`);
  assert.equal(feeLumpingLines(hour), [], "1 M a year at 1 h blocks: each lump fits its block's top-up");
});

test("the command line warns on stderr with the size of the effect", async () => {
  const r = await cli("simulate", "--set", "months=1", "--set", "block_time=1h", "--set", "fees.per_year=100000000", "--csv");
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, /^warning: fees paid in lumps \(fees\.payments_per_month\) kept [\d,]+ of their [\d,]+ tokens after tax in the pool; spread evenly by block they would have kept [\d,]+: the pool holds [\d,]+ tokens less, \d+\.\d{6} days of top-ups/m);
  assert.match(r.stdout, /^# warning: fees paid in lumps/m);
});

test.run();
