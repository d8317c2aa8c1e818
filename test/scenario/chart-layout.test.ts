// Report-ready charts: each chart kind (a run's three panels, a sweep over one key, a sweep over two)
// rendered to SVG and to PNG by resvg; no two text boxes collide (legends, titles, axis names, tick
// labels, the pool-dry mark, failure notes), every text is inside the canvas, axes carry one unit
// each and SI suffixes, swept keys read as words, the heat maps' colour scales carry numbers, each
// panel's series differ in colour or dash, and failed txs are said on the chart.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../host/core/core.js";
import { mergeJson, type Json } from "../../host/app/genesis.js";
import { defaultScenarioJson, parseScenario } from "../../host/scenario/scenario.js";
import { scenarioGenesis } from "../../host/scenario/sim-genesis.js";
import { simulate } from "../../host/scenario/sim-run.js";
import type { Simulation } from "../../host/scenario/sim-types.js";
import type { RunSummary } from "../../host/scenario/sweep.js";
import { HEIGHT, SWEEP_HEAT_HEIGHT, WIDTH, simulationChart, sweepChart } from "../../host/scenario/chart.js";
import { keyLabel, si, valueLabel } from "../../host/scenario/chart-format.js";
import { svgToPng } from "../../host/scenario/chart-file.js";
import { overlaps, textBoxes, type TextBox } from "../helpers/svg-layout.js";
import { wasm } from "../helpers/node.js";

const test = suite("charts: layout, units, names, scales");

/** 8 months of 1 h blocks: a cohort, a small pool that runs dry, claims that then fail. */
async function run(): Promise<Simulation> {
  const core = await loadCore(wasm);
  const doc = { months: 8, block_time: "1h", pool: { reserve: "60000000" }, cohorts: [{ month: 0, tier: 3, amount: "2000000000" }, { month: 1, tier: 1, amount: "500000000" }] };
  const s = parseScenario(mergeJson(defaultScenarioJson(), doc as unknown as Json), core.dec);
  return simulate(core, s, await scenarioGenesis(core, s));
}

const summary = (sets: string[], dry: number | null, base: string, failed = 0): RunSummary => ({
  sets, pool_dry_height: dry === null ? null : `${dry * 730}`, pool_dry_time: null, pool_dry_days: null, pool_dry_month: dry, months: 60,
  supply_at_horizon: "9965452600071403433", pool_at_horizon: "0", mean_base_apy: base,
  mean_tier_paid_apys: { tier1: "0.031", tier2: "0.05", tier3: "0.08" }, mean_tier_nominal_apys: { tier1: "0.047", tier2: "0.067", tier3: "0.097" },
  failed_txs: failed, warnings: null, fee_lumping_pool_effect: "0", fee_lumping_days: null, first_failure_height: failed > 0 ? "18251" : null,
  first_failure: failed > 0 ? "month 25: claim: simulation: insufficient bonus pool balance" : null, app_hash: "AB",
  provenance: { scenario_sha256: "ab".repeat(32), block_time: "1h0m0s", chain_id: "test-chain", genesis_sha256: "cd".repeat(32), code_version: "tiered-rewards-engine 0.1.0" },
});

/** The page's height: `height`, or more when the banner wraps (panels moved down) or the footer takes two lines. */
function checkLayout(svg: string, width: number, minHeight: number, what: string): TextBox[] {
  const size = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg);
  assert.ok(size && Number(size[1]) === width && Number(size[2]) >= minHeight && Number(size[2]) <= minHeight + 80, `${what}: size ${size?.[1]}x${size?.[2]}`);
  const height = Number(size![2]);
  const boxes = textBoxes(svg);
  assert.ok(boxes.length > 20, `${what}: texts found (${boxes.length})`);
  const bad = overlaps(boxes);
  assert.equal(bad.map(([a, b]) => `${JSON.stringify(a.text)} collides with ${JSON.stringify(b.text)}`), [], `${what}: no text collides`);
  const outside = boxes.filter((b) => b.x0 < 0 || b.y0 < 0 || b.x1 > width || b.y1 > height);
  assert.equal(outside.map((b) => b.text), [], `${what}: every text inside the canvas`);
  return boxes;
}

/** Series lines (fill none, width 2, no transform) by panel: their first point's y within the grid's band. */
function lineStyles(svg: string, bands: [number, number][]): Set<string>[] {
  const out = bands.map(() => new Set<string>());
  for (const m of svg.matchAll(/<path d="M([0-9.]+) ([0-9.]+)[^"]*" fill="none"[^>]*stroke="(#[0-9A-Fa-f]+)" stroke-width="2"( stroke-dasharray="[^"]*")?/g)) {
    const y = Number(m[2]);
    const i = bands.findIndex(([a, b]) => y >= a && y <= b);
    if (i >= 0) out[i]!.add(`${m[3]}${m[4] ?? ""}`);
  }
  return out;
}

let sim: Simulation;
test.before(async () => {
  sim = await run();
  assert.ok(sim.poolDry !== null && sim.failures.length > 0, "a run whose pool runs dry and whose claims then fail");
});

test("a run's chart: three panels, no collisions, units, SI suffixes, paid solid and nominal dashed, the failures said", async () => {
  const svg = simulationChart(sim, "Simulation over 8 months: a test");
  const texts = checkLayout(svg, WIDTH, HEIGHT, "run").map((b) => b.text);
  for (const t of ["supply (tokens)", "tokens", "APY (% a year)", "rewards pool", "base APY received", "tier 3 paid", "tier 3 nominal", "tier 1 paid",
    "total supply (= circulating: nothing burned)", `pool dry: month ${sim.poolDry!.month}`]) {
    assert.ok(texts.includes(t), `text ${JSON.stringify(t)}`);
  }
  // The runway in days under the title; the provenance in the footer.
  assert.ok(texts.some((t) => t.includes(`${sim.poolDry!.days} days after the genesis`)), "the runway in exact days");
  const p = sim.provenance;
  assert.ok(texts.join(" ").includes(`Assumptions: scenario sha256 ${p.scenario_sha256.slice(0, 12)}… · ${p.block_time} blocks · genesis ${p.chain_id} sha256 ${p.genesis_sha256.slice(0, 12)}… · ${p.code_version}`),
    "the provenance footer");
  assert.is(texts.filter((t) => t === "month after 2026-01-01 (the start)").length, 3, "each panel's month axis says when month 0 is");
  assert.ok(texts.some((t) => new RegExp(`^${sim.failures.length} of ${sim.txs} scenario txs FAILED`).test(t)), "the failures under the title");
  // Tick labels: SI suffixes and percentages, never a raw 11-digit number.
  assert.ok(texts.some((t) => /^\d+(\.\d+)? B$/.test(t)), "supply ticks in billions");
  assert.ok(texts.some((t) => /^\d+(\.\d+)? M$/.test(t)), "pool ticks in millions");
  assert.ok(texts.some((t) => /^\d+(\.\d+)? %$/.test(t)), "APY ticks in percent");
  assert.ok(!texts.some((t) => /^\d{1,3}(,\d{3}){2,}$|^\d{7,}$/.test(t)), "no unscaled long numbers");
  // Each panel's series are told apart by colour or dash: 1 supply line; pool (+ owed); base + 2 per tier.
  // The panels move down as far as the banner's wrapped lines take: measured on the legend against a run without failures.
  const legendY = (x: string) => textBoxes(x).find((b) => b.text === "rewards pool")!.y0;
  const dy = legendY(svg) - legendY(simulationChart({ ...sim, failures: [] }, "Simulation over 8 months: a test"));
  const [supply, pool, apy] = lineStyles(svg, [[112 + dy, 292 + dy], [394 + dy, 574 + dy], [700 + dy, 890 + dy]]);
  assert.is(supply!.size, 1);
  assert.ok(pool!.size >= 1);
  const paidTiers = sim.rows[0]!.tiers.filter((_, k) => sim.rows.some((r) => r.tiers[k]!.paidApy !== null)).length;
  assert.is(paidTiers, 2, "tiers 1 and 3 held tokens: their paid lines are drawn; tier 2 has none");
  assert.is(apy!.size, 1 + 3 + paidTiers, "base, each tier's nominal and each paid line, all different");
  assert.ok([...apy!].filter((s) => s.includes("dasharray")).length === 3, "the nominal lines dashed");
  // Two supply lines when something is burned: total solid, circulating dashed.
  const burned = { ...sim, rows: sim.rows.map((r) => ({ ...r, circulating: r.totalSupply - 10n ** 17n })) };
  const svg2 = simulationChart(burned, "burned");
  const t2 = checkLayout(svg2, WIDTH, HEIGHT, "run with burns").map((b) => b.text);
  assert.ok(t2.includes("total supply") && t2.includes("circulating supply"));
  assert.is(lineStyles(svg2, [[112 + dy, 292 + dy]])[0]!.size, 2);
  // PNG: resvg draws it at twice the size.
  const png = await svgToPng(svg);
  assert.equal([...png.slice(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "a PNG");
  const view = new DataView(png.buffer, png.byteOffset);
  assert.is(view.getUint32(16), WIDTH * 2);
  assert.is(view.getUint32(20), Number(/height="(\d+)"/.exec(svg)![1]) * 2);
  assert.is(simulationChart(sim, "Simulation over 8 months: a test"), svg, "deterministic");
});

test("a sweep over one key: runway bars, supply, mean APYs; the key in words, its values scaled, failed runs marked", () => {
  const rows = [summary(["cohorts[0].amount=1000000000"], 20, "0.02", 3), summary(["cohorts[0].amount=2000000000"], 30, "0.025"), summary(["cohorts[0].amount=4000000000"], null, "0.03")];
  const svg = sweepChart(rows, [{ key: "cohorts[0].amount", values: ["1000000000", "2000000000", "4000000000"] }], "Sweep: a test");
  // The supply at the horizon is the same in every run: a note, not a panel (two panels, the page 282 px shorter).
  const texts = checkLayout(svg, WIDTH, HEIGHT - 282, "sweep over one key").map((b) => b.text);
  assert.ok(texts.some((t) => /^supply at the horizon: 99\.7 B tokens in every run \(no panel\)/.test(t)), "the flat supply as a note");
  assert.ok(!texts.includes("supply at the horizon"), "no panel for it");
  assert.is(texts.filter((t) => t === "cohort 1: tokens locked").length, 2);
  // A supply that varies gets its panel back.
  const varied = rows.map((r, i) => ({ ...r, supply_at_horizon: `${BigInt(r.supply_at_horizon) + BigInt(i) * 10n ** 17n}` }));
  const t3 = checkLayout(sweepChart(varied, [{ key: "cohorts[0].amount", values: ["1000000000", "2000000000", "4000000000"] }], "Sweep: a test"), WIDTH, HEIGHT, "sweep, supply varies").map((b) => b.text);
  assert.ok(t3.includes("supply at the horizon"));
  assert.is(t3.filter((t) => t === "cohort 1: tokens locked").length, 3);
  for (const t of ["1 B", "2 B", "4 B", "20*", "30", "60", "months", "mean APY (% a year)", "tier 2 paid", "tier 2 nominal", "mean base APY received"]) {
    assert.ok(texts.includes(t), `text ${JSON.stringify(t)}`);
  }
  assert.ok(!texts.includes("cohorts[0].amount") && !texts.includes("4000000000"), "no raw key or value");
  assert.ok(texts.some((t) => /^1 of 3 runs had FAILED scenario txs \(marked \*\); first by height: /.test(t)));
  assert.ok(texts.join(" ").includes(`Assumptions: scenario sha256 per run · 1h0m0s blocks · genesis test-chain sha256 ${"cd".repeat(6)}… · tiered-rewards-engine 0.1.0`), "the sweep's provenance footer");
});

test("a sweep over two keys: heat maps with numbered colour scales, cells labelled, failed runs marked", () => {
  const ratios = ["0.4", "0.5", "0.6", "0.7", "0.8"];
  const amounts = ["1000000000", "2000000000", "4000000000"];
  const rows = ratios.flatMap((x, i) => amounts.map((y, j) => summary([`bonded_ratio[0].ratio=${x}`, `cohorts[0].amount=${y}`], i + j > 4 ? null : 20 + i * 3 + j, `0.0${2 + j}`, i === 0 ? 2 : 0)));
  const svg = sweepChart(rows, [{ key: "bonded_ratio[0].ratio", values: ratios }, { key: "cohorts[0].amount", values: amounts }], "Sweep: heat maps");
  const texts = checkLayout(svg, WIDTH, SWEEP_HEAT_HEIGHT, "sweep over two keys").map((b) => b.text);
  for (const t of ["bonded ratio", "cohort 1: tokens locked", "40 %", "80 %", "1 B", "4 B", "pool runway (months)", "mean base APY received (% a year)", "20*", "60"]) {
    assert.ok(texts.includes(t), `text ${JSON.stringify(t)}`);
  }
  // The colour scales: five numbered bins each.
  assert.is(texts.filter((t) => /^\d+ – \d+ months$/.test(t)).length, 5, "runway bins in months");
  assert.is(texts.filter((t) => /^\d+\.\d\d – \d+\.\d\d %$/.test(t)).length, 5, "APY bins in percent");
});

test("labels: SI suffixes, scenario keys in words, values as a reader reads them", () => {
  assert.equal([si(98_500_000_000), si(4_000_000_000), si(525_960), si(1_250), si(12), si(0)], ["98.5 B", "4 B", "526 K", "1.25 K", "12", "0"]);
  assert.equal(keyLabel("pool.reserve"), { label: "rewards pool at start (tokens)", unit: "tokens" });
  assert.equal(keyLabel("cohorts[2].month"), { label: "cohort 3: month of entry", unit: "months" });
  assert.equal(keyLabel("bonded_ratio[0].ratio").label, "bonded ratio");
  assert.equal(keyLabel("fees.per_year").label, "fee revenue a year (tokens)");
  assert.equal(keyLabel("governance[0].target_rate").label, "governance change 1: target rate");
  assert.equal(keyLabel("pool.inflows[1].amount").label, "deposit 2 into the pool (tokens)");
  assert.is(valueLabel("ratio", "0.45"), "45 %");
  assert.is(valueLabel("tokens", "20000000"), "20 M");
  assert.is(valueLabel("text", "1h"), "1h");
});

test.run();
