// Chart hygiene (issue 37 item 9), on the PNGs as drawn: the failure banner in display units,
// wrapped at words (never cut mid-word), each of its lines as resvg draws it (DejaVu Sans, its own
// bounding box) inside the page; the footer of assumptions whole; the PNG's size the page's.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { Resvg } from "@resvg/resvg-js";
import { WIDTH, pageLines, simulationChart, sweepChart } from "../../host/scenario/chart.js";
import { svgToPng } from "../../host/scenario/chart-file.js";
import { displayLog, textWidth, wrapText } from "../../host/scenario/chart-text.js";
import type { Simulation } from "../../host/scenario/sim-types.js";
import type { RunSummary } from "../../host/scenario/sweep.js";
import { runScenario } from "../helpers/simulate.js";

const LOG = "simulation: failed to execute message; message index: 0: bonus: 582135523613963, pool balance: 526009365949961: insufficient bonus pool balance";

/** The width resvg draws `text` at (DejaVu Sans, `size` px, bold or not). */
function drawnWidth(text: string, size: number, bold: boolean): number {
  const esc = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="40"><text x="0" y="20" font-family="DejaVu Sans" font-size="${size}"${bold ? ' font-weight="bold"' : ""}>${esc}</text></svg>`;
  return new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" } }).getBBox()!.width;
}

/** The texts of an SVG, in order. */
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&amp;/g, "&").replace(/&#39;/g, "'").replace(/&quot;/g, '"'));

/** PNG width and height. */
function pngSize(png: Uint8Array): [number, number] {
  const v = new DataView(png.buffer, png.byteOffset);
  return [v.getUint32(16), v.getUint32(20)];
}

test("a chain log in display units: CRO, not base units, the SDK's prefix dropped", () => {
  assert.is(displayLog(LOG), "bonus: 5,821,355.23 CRO, pool balance: 5,260,093.65 CRO: insufficient bonus pool balance");
  assert.is(displayLog("insufficient funds: 5000basecro is smaller than 100000000basecro"), "insufficient funds: 0.00005 CRO is smaller than 1 CRO");
});

test("wrapping: at words, every line within the width as resvg draws it; at most N lines, then ' …' after a word", () => {
  const long = `35 of 1904 scenario txs FAILED; first (month 26): ${displayLog(LOG)} and then some more words to make it wrap over the page's width twice over, and more`;
  for (const [size, bold] of [[12, true], [12, false], [11, true]] as const) {
    const lines = wrapText(long, 940, size, bold);
    assert.ok(lines.length >= 2, "it wraps");
    assert.is(lines.join(" "), long, "nothing lost, nothing cut: the words joined again are the text");
    for (const l of lines) {
      assert.ok(drawnWidth(l, size, bold) <= 940, `${JSON.stringify(l)}: drawn ${drawnWidth(l, size, bold).toFixed(1)} px > 940`);
      assert.ok(textWidth(l, size, bold) >= drawnWidth(l, size, bold), "the estimate is never below the drawn width");
    }
  }
  const two = wrapText([long, long, long].join(" "), 940, 12, true, 2);
  assert.is(two.length, 2);
  assert.ok(two[1]!.endsWith(" …"));
  const words = new Set(long.split(" "));
  for (const w of two.join(" ").replace(/ …$/, "").split(" ")) assert.ok(words.has(w), `${JSON.stringify(w)} is a whole word`);
});

let sim: Simulation;
test.before(async () => {
  // A pool the top-ups empty in month 2: the claims fail from then on.
  sim = await runScenario({ months: 4, block_time: "1h", pool: { reserve: "30000000" }, cohorts: [{ tier: 3, amount: "1000000000" }] });
  assert.ok(sim.failures.length > 0);
});

test("a run's PNG: the banner in CRO, whole words, each line inside the page; the footer of assumptions; sizes", async () => {
  const svg = simulationChart(sim, "Simulation over 4 months: a test");
  const t = texts(svg);
  // The banner: the page's bold red lines.
  const banner = [...svg.matchAll(/<text[^>]*font-weight:bold;[^>]*fill="#c00000">([^<]*)<\/text>/g)].map((m) => m[1]!);
  assert.ok(banner.length >= 1 && banner.length <= 2, `the banner: ${JSON.stringify(banner)}`);
  assert.ok(banner.join(" ").includes(" CRO"), "amounts in CRO");
  assert.ok(!/\d{9,}/.test(banner.join(" ")), "no base-unit amount");
  assert.ok(!banner.join(" ").includes("…") || banner.join(" ").endsWith(" …"), "an ellipsis only after a whole word");
  assert.ok(banner.join(" ").endsWith("insufficient bonus pool balance"), `the reason whole: ${JSON.stringify(banner)}`);
  for (const l of banner) assert.ok(drawnWidth(l, 12, true) <= WIDTH - 40, `${l}: fits`);
  const p = sim.provenance;
  const foot = t.filter((x) => x.startsWith("Assumptions:") || x.includes(p.code_version)).join(" ");
  assert.ok(foot.includes(`${p.block_time} blocks`) && foot.includes(p.scenario_sha256.slice(0, 12)) && foot.includes(p.chain_id) && foot.includes(p.code_version), foot);
  for (const l of pageLines([], [], foot).footer) assert.ok(drawnWidth(l, 11, true) <= WIDTH - 40, `${l}: fits`);
  const height = Number(/height="(\d+)"/.exec(svg)![1]);
  const png = await svgToPng(svg);
  assert.equal(pngSize(png), [WIDTH * 2, height * 2]);
});

test("a sweep's PNG: a flat series is a note, not a panel; heat maps of a constant say so", async () => {
  const run = (sets: string[], dry: number | null, supply: string): RunSummary => ({
    sets, pool_dry_height: null, pool_dry_time: null, pool_dry_days: null, pool_dry_month: dry, months: 60, supply_at_horizon: supply, pool_at_horizon: "0",
    mean_base_apy: "0.03", mean_tier_paid_apys: { tier1: "0.04" }, mean_tier_nominal_apys: { tier1: "0.047" }, failed_txs: 0, warnings: null,
    fee_lumping_pool_effect: "0", fee_lumping_days: null, first_failure_height: null, first_failure: null, app_hash: "AB",
    provenance: { scenario_sha256: "ab".repeat(32), block_time: "5s", chain_id: "c", genesis_sha256: "cd".repeat(32), code_version: "v" },
  });
  const flat = sweepChart([run(["a=1"], null, "9965452600071403433"), run(["a=2"], null, "9965452600071403433")], [{ key: "fees.growth", values: ["0.1", "0.2"] }], "flat");
  const t = texts(flat);
  assert.ok(t.some((x) => x.startsWith("pool runway: it lasted the horizon (60 months) in every run")), JSON.stringify(t.slice(0, 6)));
  assert.ok(t.some((x) => x.startsWith("supply at the horizon: 99.7 B tokens in every run")));
  assert.ok(!t.includes("pool runway (months)") && !t.includes("supply at the horizon"), "neither drawn as a panel");
  const [w, h] = pngSize(await svgToPng(flat));
  assert.is(w, WIDTH * 2);
  assert.ok(h < 984 * 2 - 2 * 282 * 2 + 100, `one panel's page: ${h}`);
  const heat = sweepChart(
    [run(["a=1", "b=1"], 20, "1"), run(["a=1", "b=2"], 20, "1"), run(["a=2", "b=1"], 20, "1"), run(["a=2", "b=2"], 20, "1")],
    [{ key: "fees.growth", values: ["0.1", "0.2"] }, { key: "claims.every_months", values: ["1", "2"] }], "heat");
  assert.ok(texts(heat).includes("pool runway (months): 20 months in every run"));
});

test.run();
