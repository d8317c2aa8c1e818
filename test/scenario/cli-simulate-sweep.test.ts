// `simulate --sweep`: a run's result is the same alone or in a sweep on worker threads, the chart
// of a sweep, the expected duration said before it starts, and the sweep values' ranges, lists and
// errors.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../host/core/core.js";
import { parseScenario } from "../../host/scenario/scenario.js";
import { loadScenario, scenarioGenesis, simulate, summarize } from "../../host/cli/simulate.js";
import { sweepChart } from "../../host/scenario/chart.js";
import { grid, runSweep, sweepValues } from "../../host/scenario/sweep.js";
import { expectedSeconds, expectedTxs, roughDuration } from "../../host/cli/sweep-command.js";
import { UsageError } from "../../host/cli/common.js";
import { wasm } from "../helpers/node.js";
import { thisRelease } from "../../host/store/release.js";
import { cli } from "../helpers/cli.js";

// ---- sweeps ----

const sweep = suite("simulate --sweep");

sweep("a run's result is the same alone or in a sweep on worker threads (summary and state hash)", async () => {
  const base = ["months=2", "block_time=1h", 'cohorts=[{"tier":3,"amount":"1000000000"}]', "claims.every_months=1"];
  const core = await loadCore(wasm);
  const points = grid([sweepValues(core, "pool.reserve=20000000:60000000:20000000"), sweepValues(core, "fees.per_year=0,50000000")]);
  assert.is(points.length, 6);
  assert.equal(points[0], ["pool.reserve=20000000", "fees.per_year=0"]);
  assert.equal(points[5], ["pool.reserve=60000000", "fees.per_year=50000000"]);
  const swept = await runSweep(points.map((p) => ({ file: undefined, sets: [...base, ...p] })), 2);
  for (const [i, p] of points.entries()) {
    const alone = await loadCore(wasm);
    const { scenario } = await loadScenario(alone, undefined, [...base, ...p]);
    const sim = await simulate(alone, scenario, { ...(await scenarioGenesis(alone, scenario)), codeVersion: thisRelease() });
    assert.equal(swept[i], summarize(alone, sim, [...base, ...p]), p.join(" "));
  }
  // The grid's points differ where they should: a bigger pool lasts longer.
  assert.ok(swept[0]!.pool_dry_height !== null);
  assert.ok(swept[0]!.app_hash !== swept[1]!.app_hash);
});

sweep("--chart over a sweep of a third key is refused (chart-layout.test.ts draws the others)", () => {
  assert.throws(
    () => sweepChart([], [{ key: "a", values: ["1"] }, { key: "b", values: ["1"] }, { key: "c", values: ["1"] }]),
    (e: unknown) => e instanceof UsageError && /one or two keys/.test((e as Error).message),
  );
});

sweep("a sweep says its expected duration before it starts: each run's blocks and txs at the speed measured then, dealt to the threads", async () => {
  const core = await loadCore(wasm);
  const s = parseScenario({
    months: 24, fees: { per_year: "10", payments_per_month: 3 }, claims: { every_months: 2 },
    cohorts: [{ month: 0, tier: 1, amount: "1000" }, { month: 1, tier: 2, amount: "1000", exit: 5, on_unlock: "undelegate" }],
    phases: [{ name: "a", month: 0 }, { name: "b", month: 20, revenue_per_month: "5" }], governance: [{ month: 3, target_rate: "0.02" }],
  } as never, core.dec);
  // 72 fee payments, 11 claims, 1 + 4 cohort steps, 4 revenue months, 1 governance change
  assert.is(expectedTxs(s), 72 + 11 + 5 + 4 + 1);
  assert.is(expectedSeconds([3, 1, 1, 1], 2), 3, "the long run on one thread, the three short ones on the other");
  assert.is(expectedSeconds([2, 2, 2], 2), 4);
  assert.is(roughDuration(40), "about 40 s");
  assert.is(roughDuration(1500), "about 25 min");
  const r = await cli("simulate", "--set", "months=1", "--set", "block_time=1h", "--sweep", "pool.reserve=1,2", "--csv");
  assert.is(r.code, 0, r.stderr);
  const first = r.stderr.split("\n")[0]!;
  assert.match(first, /^sweep: 2 runs, 1,460 blocks and about 0 scenario txs in all, on [12] thread\(s\): expected about \d+ (s|min) \(measured now: [\d,]+ blocks\/s and [\d.]+ ms a tx per thread\)$/);
});

sweep("sweep values: exact decimal ranges, lists, and errors", async () => {
  const core = await loadCore(wasm);
  assert.equal(sweepValues(core, "bonded_ratio[0].ratio=0.4:0.8:0.1"), ["0.4", "0.5", "0.6", "0.7", "0.8"].map((v) => `bonded_ratio[0].ratio=${v}`));
  assert.equal(sweepValues(core, "months=12,24"), ["months=12", "months=24"]);
  assert.throws(() => sweepValues(core, "x=1:0:1"), /TO is below FROM/);
  assert.throws(() => sweepValues(core, "x=0:1:0"), /STEP must be positive/);
  assert.throws(() => sweepValues(core, "x=a:1:1"), /FROM "a" is not a non-negative decimal/);
  assert.throws(() => sweepValues(core, "nokey"), /expected KEY=FROM:TO:STEP/);
});

sweep.run();
