// `simulate`'s output: JSON rows carry every column as exact strings, CSV the same columns and
// values; --chart writes a PNG or an SVG from the command line.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../host/core/core.js";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COLUMNS, tierColumns, simulationCsv, simulationJson } from "../../host/cli/simulate.js";
import { wasm } from "../helpers/node.js";
import { cli } from "../helpers/cli.js";
import { UNIT, runScenario } from "../helpers/simulate.js";

// ---- output schema ----

const schema = suite("simulate JSON and CSV");

schema("JSON rows carry every column as exact strings; CSV has the same columns and values", async () => {
  const core = await loadCore(wasm);
  const result = await runScenario({
    months: 2, block_time: "1h", cohorts: [{ month: 0, tier: 2, amount: "1000" }],
    fees: { per_year: "12000", payments_per_month: 1 },
    phases: [{ name: "reserve", month: 0 }, { name: "revenue", month: 1, revenue_per_month: "5" }],
  });
  const j = simulationJson(core, result) as any;
  assert.is(j.blocks_per_month, "730");
  assert.is(j.block_time, "3600s");
  assert.is(j.rows.length, 3);
  const tierCols = [1, 2, 3].flatMap((t) => tierColumns(t));
  assert.equal(tierColumns(2), ["tier2_paid_apy", "tier2_nominal_apy", "tier2_bonus_paid", "tier2_tokens"]);
  for (const row of j.rows) {
    assert.equal(Object.keys(row), [...COLUMNS, ...tierCols]);
    for (const c of ["height", "total_supply", "circulating_supply", "minted", "fees", "top_up_paid", "bonus_paid", "owed_bonus", "rewards_pool", "pool_inflows", "bonded"]) {
      assert.match(row[c], /^[0-9]+$/, `${c} is an integer string`);
    }
    assert.match(row.inflation, /^[0-9]+\.[0-9]{18}$/);
    assert.match(row.bonded_ratio, /^[0-9]+\.[0-9]{18}$/);
    assert.match(row.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  }
  assert.is(j.rows[0].base_apy, null);
  assert.match(j.rows[1].base_apy, /^[0-9]+\.[0-9]{18}$/);
  assert.is(j.rows[1].fees, `${1000n * UNIT}`);
  assert.is(j.rows[1].phase, "reserve");
  assert.is(j.rows[2].phase, "revenue");
  assert.is(j.rows[2].pool_inflows, `${5n * UNIT}`);
  assert.is(j.rows[1].open_positions, "1");
  // tier 2's nominal APY = base APY x (1 - 0.1 commission) + 0.04; its paid APY has nothing to
  // measure in month 1 (no tokens at its start), then the bonus month 2's claim paid over the cohort's tokens
  const base = core.dec.parse(j.rows[1].base_apy);
  assert.is(j.rows[1].tier2_nominal_apy, core.dec.format((base * 9n) / 10n + core.dec.parse("0.04")));
  assert.is(j.rows[1].tier2_paid_apy, null);
  assert.is(j.rows[1].tier2_tokens, `${1000n * UNIT}`);
  assert.is(j.rows[0].tier2_tokens, "0");
  assert.ok(BigInt(j.rows[2].tier2_bonus_paid) > 0n, "month 2's claim paid month 1's bonus");
  const base2 = core.dec.parse(j.rows[2].base_apy);
  const paidBonus = (BigInt(j.rows[2].tier2_bonus_paid) * 10n ** 18n * 8766n) / (1000n * UNIT * 730n);
  assert.is(j.rows[2].tier2_paid_apy, core.dec.format((base2 * 9n) / 10n + paidBonus));
  assert.is(j.rows[1].tier1_tokens, "0");
  assert.is(j.rows[2].tier1_paid_apy, null, "no tier-1 tokens: nothing measured");
  assert.is(j.pool_dry, null);
  assert.is(j.failed_txs, 0);
  assert.equal(j.failures, []);
  assert.ok(j.rows.every((r: any) => r.failed_txs === "0"));

  const all = simulationCsv(core, result).trimEnd().split("\n");
  // The provenance and the runway as `# ` lines first (provenance-runway.test.ts checks them).
  assert.equal(all.filter((l) => l.startsWith("# ")).map((l) => l.slice(2, l.indexOf(":"))),
    ["scenario_sha256", "block_time", "chain_id", "genesis_sha256", "code_version", "pool_dry_height", "fee_lumping_pool_effect", "fee_lumping_days"]);
  const lines = all.filter((l) => !l.startsWith("# "));
  assert.is(lines[0], [...COLUMNS, ...tierCols].join(","));
  assert.is(lines.length, 4);
  lines.slice(1).forEach((line, i) => {
    const row = j.rows[i];
    assert.equal(line.split(","), [...COLUMNS, ...tierCols].map((c) => row[c] ?? ""));
  });
});

schema("--chart FILE.png and FILE.svg from the command line; another extension is a usage error", async () => {
  const dir = await mkdtemp(join(tmpdir(), "simulate-chart-"));
  try {
    const png = join(dir, "run.png");
    const svg = join(dir, "run.svg");
    const [a, b, bad] = await Promise.all([
      cli("simulate", "--set", "months=2", "--set", "block_time=1h", "--chart", png, "--csv"),
      cli("simulate", "--set", "months=2", "--set", "block_time=1h", "--chart", svg, "--csv"),
      cli("simulate", "--set", "months=2", "--chart", join(dir, "run.jpg")),
    ]);
    assert.is(a.code, 0, a.stderr);
    assert.is(b.code, 0, b.stderr);
    const bytes = await readFile(png);
    assert.equal([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], "a PNG");
    assert.match(await readFile(svg, "utf8"), /^<svg /);
    assert.is(bad.code, 2);
    assert.match(bad.stderr, /^error: --chart .*run\.jpg: the file must end in \.svg or \.png\n$/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

schema.run();
