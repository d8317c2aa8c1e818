// `simulate --runs`: the distributions' sampling (deterministic from (seed, run), within range, at
// the input's decimals, never a float in the scenario), the bands' percentiles (each an actual run's
// value, P10 <= P50 <= P90), a run with point distributions equal to the plain `simulate`, results
// identical on one thread and on two, and --compare's Δ equal to the difference of two single runs.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../host/core/core.js";
import { wasm } from "../helpers/node.js";
import { parseScenario } from "../../host/scenario/scenario.js";
import { scenarioGenesis } from "../../host/scenario/sim-genesis.js";
import { simulate } from "../../host/scenario/sim-run.js";
import { summarize } from "../../host/scenario/simulate-output.js";
import { runSeries } from "../../host/scenario/montecarlo-series.js";
import { thisRelease } from "../../host/store/release.js";
import { Rng, findDistributions, range, sample, sampleRun, withValues } from "../../host/scenario/montecarlo-dist.js";
import { bandsTable, planRuns, rankIndex, runwayTable } from "../../host/scenario/montecarlo.js";
import { runDocs } from "../../host/scenario/montecarlo-run.js";
import { decSub, deltaTable } from "../../host/scenario/compare.js";
import { planSensitivity, tornadoTable } from "../../host/scenario/tornado.js";
import { tableCsv, tableJson, tableWriter } from "../../host/scenario/decimal-table.js";
import { readArrowTable, readParquetTable } from "../../host/scenario/table-read.js";
import type { Json } from "../../host/app/genesis.js";

const dist = suite("montecarlo: distributions");

const DOC: Json = {
  months: 3, block_time: "1h",
  pool: { reserve: { dist: "uniform", min: "10000000", max: "40000000" } },
  fees: { per_year: "10000000", growth: { dist: "triangular", min: "0", mode: "0.2", max: "0.5", decimals: 3 }, payments_per_month: 2 },
  target_rate: { dist: "normal", mean: "0.03", sd: "0.005", min: "0.02", max: "0.04", decimals: 4 },
  cohorts: [{ tier: 3, amount: { dist: "choice", values: ["1000000000", "2000000000"], weights: [3, 1] } }],
};

dist("the same (seed, run) samples the same inputs, whatever the run count; other seeds differ", () => {
  const ds = findDistributions(DOC);
  assert.equal(ds.map((d) => d.path), ["pool.reserve", "fees.growth", "target_rate", "cohorts[0].amount"]);
  const a = planRuns(DOC, 5, 42n);
  const b = planRuns(DOC, 50, 42n);
  for (let i = 0; i < 5; i++) assert.equal([...a.sampled[i]!], [...b.sampled[i]!]);
  assert.equal(a.docs[3], b.docs[3]);
  const c = planRuns(DOC, 5, 43n);
  assert.not.equal(a.sampled.map((s) => [...s].join()), c.sampled.map((s) => [...s].join()));
});

dist("samples are decimal strings at the input's decimals, within [min, max]; a choice keeps its weights", () => {
  const ds = findDistributions(DOC);
  const seen = new Map<string, string[]>();
  for (let i = 0; i < 400; i++) for (const [k, v] of sampleRun(ds, 9n, i)) seen.set(k, [...(seen.get(k) ?? []), v]);
  const within = (vals: string[], lo: number, hi: number, re: RegExp) => vals.every((v) => re.test(v) && Number(v) >= lo && Number(v) <= hi);
  assert.ok(within(seen.get("pool.reserve")!, 10_000_000, 40_000_000, /^\d+$/));
  assert.ok(within(seen.get("fees.growth")!, 0, 0.5, /^\d\.\d{3}$/));
  assert.ok(within(seen.get("target_rate")!, 0.02, 0.04, /^0\.\d{4}$/));
  const ones = seen.get("cohorts[0].amount")!.filter((v) => v === "1000000000").length;
  assert.ok(ones > 240 && ones < 360, `${ones} of 400 at weight 3:1`);
  // The triangular's mode pulls the mass: more samples below 0.25 than above.
  const g = seen.get("fees.growth")!.map(Number);
  assert.ok(g.filter((x) => x < 0.25).length > g.filter((x) => x > 0.25).length);
  // A normal truncated to [0.02, 0.04] around 0.03: the median near the mean.
  const t = seen.get("target_rate")!.map(Number).sort();
  assert.ok(Math.abs(t[200]! - 0.03) < 0.002, `median ${t[200]}`);
});

dist("uniform integers are exact and cover the range; xoshiro's stream is fixed", () => {
  const r = new Rng(1n, 0);
  const first = [r.next(), r.next()];
  const again = new Rng(1n, 0);
  assert.equal([again.next(), again.next()], first);
  const d = findDistributions({ x: { dist: "uniform", min: "1", max: "3" } })[0]!;
  const vals = new Set(Array.from({ length: 60 }, () => sample(d, r)));
  assert.equal([...vals].sort(), ["1", "2", "3"]);
  assert.equal(range(d), ["1", "3"]);
  assert.is(d.base, "2");
});

dist("bad distributions name their field", () => {
  assert.throws(() => findDistributions({ fees: { growth: { dist: "lognormal" } } }), /fees\.growth\.dist/);
  assert.throws(() => findDistributions({ fees: { growth: { dist: "uniform", min: "1", max: "0.5" } } }), /fees\.growth\.max/);
  assert.throws(() => findDistributions({ fees: { growth: { dist: "uniform", min: 0.1, max: "0.5" } } }), /fees\.growth\.min/);
  assert.throws(() => withValues({ a: { dist: "uniform", min: "0", max: "1" } }, new Map()), /no value/);
});

const runs = suite("montecarlo: runs");

runs("a run with point distributions equals the plain simulate; one thread and two give the same results", async () => {
  const point: Json = { months: 2, block_time: "1h", pool: { reserve: { dist: "choice", values: ["20000000"] } }, cohorts: [{ tier: 3, amount: { dist: "uniform", min: "1000000000", max: "1000000000" } }] };
  const plain: Json = { months: 2, block_time: "1h", pool: { reserve: "20000000" }, cohorts: [{ tier: 3, amount: "1000000000" }] };
  const plan = planRuns(point, 3, 5n);
  const one = await runDocs(plan.docs, ["a", "b", "c"], 1);
  const two = await runDocs(plan.docs, ["a", "b", "c"], 2);
  assert.equal(two, one);
  const core = await loadCore(wasm);
  const s = parseScenario(plain, core.dec);
  const sim = await simulate(core, s, { ...(await scenarioGenesis(core, s)), codeVersion: thisRelease() });
  for (const r of one) {
    assert.equal(r.summary, summarize(core, sim, []));
    assert.equal(r.series, runSeries(sim));
  }
  // Every band of identical runs is that run.
  const bands = bandsTable(one, []);
  const col = (n: string) => bands.columns.findIndex((c) => c.name === n);
  for (const [m, row] of bands.rows.entries()) {
    assert.is(row[col("total_supply_p10")], `${sim.rows[m]!.totalSupply}`);
    assert.is(row[col("rewards_pool_p90")], `${sim.rows[m]!.pool}`);
  }
});

runs("sampled runs: P10 <= P50 <= P90 in every band and the runway; each percentile is one run's value; different runs differ", async () => {
  const plan = planRuns(DOC, 6, 11n);
  const results = await runDocs(plan.docs, plan.docs.map((_, i) => `run ${i}`), 2);
  assert.ok(new Set(results.map((r) => r.summary.app_hash)).size > 1);
  const bands = bandsTable(results, []);
  const num = (v: string | null) => (v === null ? null : BigInt(v.replace(".", "")));
  for (const row of bands.rows) {
    for (let c = 0; c < bands.columns.length; c++) {
      const name = bands.columns[c]!.name;
      if (!name.endsWith("_p10")) continue;
      const [p10, p50, p90] = [num(row[c]!), num(row[c + 1]!), num(row[c + 2]!)];
      if (p10 === null) continue;
      assert.ok(p10 <= p50! && p50! <= p90!, `${name} at month ${row[0]}`);
    }
  }
  // The bands in Parquet and Arrow (decimal columns) read back to the CSV's exact strings.
  for (const [format, read] of [["parquet", readParquetTable], ["arrow", readArrowTable]] as const) {
    const back = await read((await tableWriter(format)!(bands)) as Uint8Array);
    assert.equal(back.columns.map((c) => c.name), bands.columns.map((c) => c.name), format);
    assert.equal(back.rows, bands.rows, `${format}: every cell exact`);
  }
  const pools = results.map((r) => `${r.series.months[1]!.pool}`);
  const pc = bands.columns.findIndex((c) => c.name === "rewards_pool_p50");
  assert.ok(pools.includes(bands.rows[1]![pc]!), "the median is one run's value");
  const runway = runwayTable(results, []);
  const days = runway.rows.map((r) => r[5] ?? `99999.${r[6]}`);
  assert.ok(Number(days[0]) <= Number(days[1]) && Number(days[1]) <= Number(days[2]));
  assert.is(runway.rows[1]![5], results[Number(runway.rows[1]![1])]!.summary.pool_dry_days);
  assert.is(rankIndex(10, 6), 0);
  assert.is(rankIndex(50, 6), 2);
  assert.is(rankIndex(90, 6), 5);
  // The tables' writers carry every row and the metadata.
  assert.is(tableCsv(bands).split("\n").filter((l) => l && !l.startsWith("#")).length, bands.rows.length + 1);
  assert.is((tableJson(bands) as { rows: unknown[] }).rows.length, bands.rows.length);
});

runs("--compare's Δ is the difference of the two single runs; the tornado is sorted by swing = |high - low|", async () => {
  const a: Json = { months: 3, block_time: "1h", pool: { reserve: "400000000" }, cohorts: [{ tier: 3, amount: "1000000000" }] };
  const b: Json = { ...(a as object), governance: [{ month: 1, tier: 3, bonus_apy: "0.05" }] } as Json;
  const results = await runDocs([a, b], ["a", "b"], 2);
  const delta = deltaTable(["a", "b"], results, []);
  const col = (n: string) => delta.columns.findIndex((c) => c.name === n);
  const core = await loadCore(wasm);
  const alone = async (d: Json) => {
    const c = await loadCore(wasm);
    const s = parseScenario(d, c.dec);
    return summarize(core, await simulate(c, s, { ...(await scenarioGenesis(c, s)), codeVersion: thisRelease() }), []);
  };
  const [sa, sb] = [await alone(a), await alone(b)];
  assert.is(delta.rows[1]![col("delta_pool_dry_days")], decSub(sb.pool_dry_days, sa.pool_dry_days));
  assert.is(delta.rows[1]![col("delta_mean_tier3_paid_apy")], decSub(sb.mean_tier_paid_apys.tier3!, sa.mean_tier_paid_apys.tier3!));
  assert.is(delta.rows[1]![col("delta_supply_at_horizon")], `${BigInt(sb.supply_at_horizon) - BigInt(sa.supply_at_horizon)}`);
  assert.ok(delta.rows[1]![col("delta_mean_tier3_paid_apy")]!.startsWith("-"), "a lower bonus pays tier 3 less");
  assert.is(decSub("1.5", "2.25"), "-0.75");

  const sens = planSensitivity(DOC);
  assert.is(sens.docs.length, 1 + 2 * 4);
  const sr = await runDocs(sens.docs, sens.labels, 2);
  const t = tornadoTable(sens, sr, "runway_days", []);
  const swings = t.rows.map((r) => Number(r[9]));
  assert.equal(swings, [...swings].sort((x, y) => y - x));
  for (const r of t.rows) assert.is(r[9], decSub(r[6]!, r[4]!)!.replace(/^-/, ""));
  assert.ok(swings[0]! > 0);
});

dist.run();
runs.run();
