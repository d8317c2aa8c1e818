// Every output of `simulate` carries its provenance and the runway as block, date and exact days
// (docs/notebook.md, "Provenance and runway"): the CSV's `# ` lines, the JSON's `provenance` and
// `pool_dry`, the table's footer; the hashes are sha256 of what --print-scenario and --print-genesis
// print; the days are the dry time less the genesis time, on integers. A sweep's CSV carries them
// per run, its first failure is the first by block height (not the commonest), and a bonded-ratio
// target below the floor is clamped with a warning naming the floor.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createHash } from "node:crypto";
import { loadCore } from "../../host/core/core.js";
import { loadScenario, scenarioGenesis, simulate, summarize } from "../../host/cli/simulate.js";
import { firstFailure, sweepCsv } from "../../host/scenario/simulate-output.js";
import { daysText } from "../../host/scenario/provenance.js";
import { thisRelease } from "../../host/store/release.js";
import { wasm } from "../helpers/node.js";
import { cli } from "../helpers/cli.js";

const test = suite("provenance and runway in every output");

// 4 months of 1 h blocks, a small pool that runs dry in month 2, claims failing after it.
const SETS = ["--set", "months=4", "--set", "block_time=1h", "--set", "pool.reserve=40000000", "--set", 'cohorts=[{"tier":3,"amount":"2000000000"}]'];
const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const nsOf = (rfc3339: string) => BigInt(Date.parse(rfc3339)) * 1_000_000n;

test("CSV, JSON and table: the same provenance, hashes of --print-scenario / --print-genesis, the runway in exact days", async () => {
  const [csv, json, table, printed, genesis] = await Promise.all([
    cli("simulate", ...SETS, "--csv"), cli("simulate", ...SETS, "--json"), cli("simulate", ...SETS),
    cli("simulate", ...SETS, "--print-scenario"), cli("simulate", ...SETS, "--print-genesis"),
  ]);
  for (const r of [csv, json, table, printed, genesis]) assert.is(r.code, 0, r.stderr);
  const j = JSON.parse(json.stdout);
  const p = j.provenance;
  assert.equal(Object.keys(p), ["scenario_sha256", "block_time", "chain_id", "genesis_sha256", "code_version"]);
  assert.is(p.scenario_sha256, sha(printed.stdout), "the scenario hash is the sha256 of --print-scenario's output");
  assert.is(p.genesis_sha256, sha(genesis.stdout), "the genesis hash is the sha256 of --print-genesis's output");
  const g = JSON.parse(genesis.stdout);
  assert.is(p.chain_id, g.chain_id);
  assert.is(p.block_time, "3600s");
  assert.is(p.code_version, thisRelease());
  // The scenario text is canonical: keys sorted, so a file's key order does not change the hash.
  const keys = Object.keys(JSON.parse(printed.stdout));
  assert.equal(keys, [...keys].sort());
  // The runway: block, month, date and days, the days exactly (dry time - genesis time) / 1 day.
  assert.ok(j.pool_dry !== null, "the pool runs dry");
  const days = daysText(nsOf(j.pool_dry.time) - nsOf(g.genesis_time));
  assert.is(j.pool_dry.days, days);
  assert.match(days, /^\d+\.\d{6}$/);
  // 1 h blocks from midnight: the dry block is h hours after the genesis, h/24 days.
  const h = BigInt(j.pool_dry.height);
  assert.is(days, `${h / 24n}.${(((h % 24n) * 1_000_000n) / 24n).toString().padStart(6, "0")}`);
  // The CSV's comment lines say the same.
  const meta = Object.fromEntries(csv.stdout.split("\n").filter((l) => l.startsWith("# ")).map((l) => [l.slice(2, l.indexOf(": ")), l.slice(l.indexOf(": ") + 2)]));
  assert.equal(meta, {
    ...p, pool_dry_height: j.pool_dry.height, pool_dry_month: `${j.pool_dry.month}`, pool_dry_time: j.pool_dry.time, pool_dry_days: days,
    fee_lumping_pool_effect: j.fee_lumping.pool_effect, fee_lumping_days: j.fee_lumping.days ?? "none",
  });
  // The table's footer.
  assert.ok(table.stdout.includes(`(month ${j.pool_dry.month}, ${j.pool_dry.time}, ${days} days after the genesis).`), table.stdout);
  assert.ok(table.stdout.includes(`Provenance: scenario sha256 ${p.scenario_sha256}, 3600s blocks, genesis ${p.chain_id} sha256 ${p.genesis_sha256}, ${p.code_version}`));
  // Another scenario, another hash; the same scenario with its keys in another order, the same.
  const other = await cli("simulate", ...SETS, "--set", "months=5", "--print-scenario");
  assert.not.equal(sha(other.stdout), p.scenario_sha256);
  const reordered = await cli("simulate", "--set", 'cohorts=[{"amount":"2000000000","tier":3}]', "--set", "pool.reserve=40000000", "--set", "block_time=1h", "--set", "months=4", "--print-scenario");
  assert.is(sha(reordered.stdout), p.scenario_sha256);
});

test("a sweep's CSV: provenance header, runway days and hashes per run equal to the run alone; the first failure by block height", async () => {
  const sets = [...SETS.slice(0, -1), 'cohorts=[{"tier":3,"amount":"2000000000"},{"month":1,"tier":1,"amount":"1000"}]'];
  // The first run: a lock larger than the reserve fails once at month 1; the claims then fail more often once the pool is dry.
  const [r, ...alone] = await Promise.all([
    cli("simulate", ...sets, "--sweep", "cohorts[1].amount=900000000000,1000", "--csv"),
    cli("simulate", ...sets, "--set", "cohorts[1].amount=900000000000", "--json"),
    cli("simulate", ...sets, "--set", "cohorts[1].amount=1000", "--json"),
  ]);
  assert.is(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  const comments = lines.filter((l) => l.startsWith("# ")).map((l) => l.slice(2));
  const j = alone.map((a) => JSON.parse(a.stdout));
  assert.equal(comments, [
    `code_version: ${thisRelease()}`, `chain_id: ${j[0].provenance.chain_id}`, "block_time: 3600s", `genesis_sha256: ${j[0].provenance.genesis_sha256}`,
    "scenario_sha256: per run (the scenario_sha256 column)", "sweep: cohorts[1].amount=900000000000,1000",
  ]);
  const body = lines.filter((l) => !l.startsWith("# "));
  const cols = body[0]!.split(",");
  const cells = (l: string) => l.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, "").replace(/^"|"$/g, "").replace(/""/g, '"'));
  body.slice(1).forEach((l, i) => {
    const row = cells(l);
    const at = (c: string) => row[cols.indexOf(c)];
    assert.is(at("scenario_sha256"), j[i].provenance.scenario_sha256, `run ${i}: its scenario's hash, as simulate alone prints it`);
    assert.is(at("pool_dry_height"), j[i].pool_dry.height);
    assert.is(at("pool_dry_days"), j[i].pool_dry.days);
    const first = j[i].failures.reduce((a: any, f: any) => (a === null || BigInt(f.height) < BigInt(a.height) ? f : a), null);
    assert.is(at("first_failure_height"), first.height);
    assert.is(at("first_failure"), `${first.what}: ${first.log}`);
  });
  assert.match(cells(body[1]!)[cols.indexOf("first_failure")]!, /^cohort 1: lock 90000000000000000000 in tier 1: /, "the lock, not the commoner claim failures");
  const table = await cli("simulate", ...sets, "--sweep", "cohorts[1].amount=900000000000,1000");
  assert.match(table.stdout, /each run's first by block height:\n  cohorts\[1\]\.amount=900000000000: \d+ x, first at height [\d,]+: cohort 1: lock/);
  assert.match(table.stdout, /\nProvenance: code_version: /);
});

test("first failure by block height, not the commonest; summarize carries it and the days", async () => {
  const core = await loadCore(wasm);
  const sets = ["months=4", "block_time=1h", "pool.reserve=40000000", 'cohorts=[{"tier":3,"amount":"2000000000"},{"month":1,"tier":1,"amount":"900000000000"}]'];
  const { scenario } = await loadScenario(core, undefined, sets);
  const sim = await simulate(core, scenario, { ...(await scenarioGenesis(core, scenario)), codeVersion: thisRelease() });
  const locks = sim.failures.filter((f) => f.what.startsWith("cohort 1: lock"));
  const claims = sim.failures.filter((f) => f.what.includes("claim"));
  assert.is(locks.length, 1, "the oversized lock fails once");
  assert.ok(claims.length >= 2, `the claims fail more often (${claims.length})`);
  assert.ok(locks[0]!.height < claims[0]!.height);
  const s = summarize(core, sim, sets);
  assert.is(s.first_failure_height, `${locks[0]!.height}`);
  assert.match(s.first_failure!, /^cohort 1: lock 90000000000000000000 in tier 1: /);
  assert.is(s.pool_dry_days, sim.poolDry!.days);
  assert.is(firstFailure([{ height: 9n, what: "b", log: "" }, { height: 3n, what: "a", log: "" }])!.what, "a");
  // In the sweep's CSV: the columns say it.
  const csv = sweepCsv([s], ["x=1"]).trimEnd().split("\n").filter((l) => !l.startsWith("# "));
  const cols = csv[0]!.split(",");
  const row = csv[1]!.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, "").replace(/^"|"$/g, "").replace(/""/g, '"'));
  assert.is(row[cols.indexOf("first_failure_height")], `${locks[0]!.height}`);
  assert.is(row[cols.indexOf("pool_dry_days")], sim.poolDry!.days);
  assert.is(row[cols.indexOf("scenario_sha256")], sim.provenance.scenario_sha256);
  assert.is(row[cols.indexOf("genesis_sha256")], sim.provenance.genesis_sha256);
});

test("a bonded-ratio target below the floor: clamped to it, with a warning saying why and what the floor is; not a failure", async () => {
  const [below, floor] = await Promise.all([
    cli("simulate", "--set", "months=2", "--set", "block_time=1h", "--set", 'bonded_ratio=[{"month":0,"ratio":"0.2"}]', "--json"),
    cli("simulate", "--set", "months=2", "--set", "block_time=1h", "--json"),
  ]);
  assert.is(below.code, 0, below.stderr);
  const j = JSON.parse(below.stdout);
  const f = JSON.parse(floor.stdout);
  assert.is(j.failed_txs, 0, "no failure: the target is clamped");
  assert.is(j.warnings.length, 1);
  const w = j.warnings[0];
  assert.is(w.what, "month 0: bonded ratio 0.200000000000000000");
  const ratio0 = f.rows[0].bonded_ratio; // the floor: nothing the reserve delegated
  assert.match(w.warning, new RegExp(`^below the floor of ${ratio0.replace(".", "\\.")} \\(40\\.60 %\\): 40,000,000,000 tokens are bonded by the validators' own delegations`));
  assert.match(w.warning, /clamped to the floor/);
  assert.equal(j.rows.map((r: any) => r.bonded), f.rows.map((r: any) => r.bonded), "clamped: the run bonds what the floor bonds");
  assert.match(below.stderr, /^warning: month 0: bonded ratio 0\.200000000000000000 \(height 1\): below the floor of/m);
  // Above the floor after a move up, a move back down below it undelegates what the reserve delegated, and warns.
  const updown = await cli("simulate", "--set", "months=2", "--set", "block_time=1h", "--set", 'bonded_ratio=[{"month":0,"ratio":"0.6"},{"month":1,"ratio":"0.1"}]', "--json");
  const u = JSON.parse(updown.stdout);
  assert.is(u.failed_txs, 0);
  assert.is(u.warnings.length, 1);
  assert.is(u.rows[2].bonded, f.rows[2].bonded, "back to the floor's bonded tokens (the undelegation's unbonding aside, bonded is the floor)");
});

test.run();
