// The `project` and `estimate` commands as a user runs them (`node --import tsx host/cli.ts ...` in
// a child process), checked against independent computations: the emission engine alone, an
// in-memory chain stepped block by block, and BigInt arithmetic of REFERENCE §6.1. One run uses the
// chain's real 5 s blocks (one month: 525,960 blocks); the rest use --block-time 1h (730 blocks a
// month) so the suite stays quick. Runs go in parallel.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { core } from "../helpers/core.js";
import { cli, type Result } from "../helpers/cli.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { ModuleAccount } from "../../host/core/ledger.js";
import { NodeChain } from "../../host/drivers/embedded.js";
import { defaultGenesisJson } from "../../host/app/genesis.js";
import { withBlocksPerYear, withPool } from "../../host/scenario/genesis-input.js";
import { UsageError } from "../../host/cli/common.js";
import { projectCommand } from "../../host/cli/project.js";
import { estimateCommand } from "../../host/cli/estimate.js";

const COMMANDS: Record<string, { run(argv: string[]): Promise<number> }> = { project: projectCommand, estimate: estimateCommand };

const E18 = 10n ** 18n;
const UNIT = 10n ** 8n;
const LAUNCH = 9_850_000_000_000_000_000n;
const HOUR_NS = 3_600_000_000_000n;
/** --block-time 1h: floor(31,557,600 s / 3,600 s) blocks a year, a twelfth of them a month. */
const BPY_1H = 8766n;
const BPM_1H = BPY_1H / 12n;

interface Row {
  month: string;
  height: string;
  time: string;
  total_supply: string;
  circulating_supply: string;
  inflation: string;
  minted: string;
  rewards_pool: string;
  top_ups: string;
  bonded: string;
  staker_rewards: string;
  base_apy: string | null;
}
interface ProjectionJson {
  blocks_per_year: string;
  blocks_per_month: string;
  block_time: string;
  target_base_rewards_rate: string;
  rows: Row[];
  pool_dry: { height: string; month: string; time: string } | null;
}

function json<T>(r: Result, what: string): T {
  assert.is(r.code, 0, `${what}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/** A usage failure: exit 2, nothing on stdout, exactly one `error: ` line on stderr. */
function assertUsageError(r: Result, what: string, pattern?: RegExp): void {
  assert.is(r.code, 2, `${what}: exit code (stderr: ${r.stderr})`);
  assert.is(r.stdout, "", `${what}: stdout`);
  const lines = r.stderr.split("\n");
  assert.is(lines.length, 2, `${what}: one stderr line, got ${JSON.stringify(r.stderr)}`);
  assert.ok(lines[0].startsWith("error: "), `${what}: ${lines[0]}`);
  if (pattern) assert.match(lines[0], pattern, what);
}

/** A raw Dec as the chain prints it (18 decimals), by BigInt alone. */
function decText(raw: bigint): string {
  return `${raw / E18}.${(raw % E18).toString().padStart(18, "0")}`;
}

/** The emission engine alone (no ledger) after `blocks` blocks from the launch supply. */
function emissionAlone(blocksPerYear: bigint, blocks: bigint): { supply: bigint; rate: bigint } {
  const e = new Emission(core);
  e.configure({ ...DEFAULT_EMISSION_PARAMS, blocksPerYear, decayEpochStart: 1n });
  e.setState({ height: 0n, totalSupply: LAUNCH, burned: 0n });
  const o = e.advance(blocks);
  return { supply: o.totalSupply, rate: o.rate };
}

const H = ["--block-time", "1h"];
// Started once, shared by the tests that read them.
const runs = {
  realMonth: cli("project", "--months", "1", "--every", "month", "--json"),
  twoYears: cli("project", ...H, "--months", "24", "--every", "month", "--json"),
  dry: cli("project", ...H, "--months", "12", "--every", "month", "--pool", "30000000", "--json"),
  dryYear: cli("project", ...H, "--years", "1", "--pool", "30000000"),
  noTarget: cli("project", ...H, "--months", "12", "--every", "month", "--target-rate", "0", "--json"),
  emptyPool: cli("project", ...H, "--months", "2", "--every", "month", "--pool", "0", "--json"),
};

const project = suite("cli project");

project("one month at the real 5 s blocks: supply is the emission engine's alone and the sum of the minted column", async () => {
  const p = json<ProjectionJson>(await runs.realMonth, "realMonth");
  assert.is(p.blocks_per_year, "6311520");
  assert.is(p.blocks_per_month, "525960");
  assert.is(p.block_time, "5s");
  assert.equal(p.rows.map((r) => [r.month, r.height]), [["0", "0"], ["1", "525960"]]);
  const alone = emissionAlone(6_311_520n, 525_960n);
  assert.is(p.rows[1].total_supply, `${alone.supply}`);
  assert.is(p.rows[1].inflation, decText(alone.rate));
  assert.is(BigInt(p.rows[1].minted), alone.supply - LAUNCH);
  assert.is(p.rows[0].total_supply, `${LAUNCH}`);
  assert.is(p.rows[1].circulating_supply, p.rows[1].total_supply); // no burns
  // The pool holds base rewards at the 3 % target (the first block distributes nothing: a hair under).
  const apy = core.dec.parse(p.rows[1].base_apy!);
  assert.ok(apy <= 3n * 10n ** 16n && apy > 2_999n * 10n ** 13n, p.rows[1].base_apy!);
});

project("24 months: supply and rate match the emission engine every month; minted sums to the growth; pool falls by exactly the top-ups", async () => {
  const p = json<ProjectionJson>(await runs.twoYears, "twoYears");
  assert.is(p.blocks_per_year, `${BPY_1H}`);
  assert.is(p.rows.length, 25);
  let minted = 0n;
  for (let m = 1; m <= 24; m++) {
    const r = p.rows[m];
    const prev = p.rows[m - 1];
    assert.is(r.month, `${m}`);
    assert.is(r.height, `${BigInt(m) * BPM_1H}`);
    const alone = emissionAlone(BPY_1H, BigInt(m) * BPM_1H);
    assert.is(r.total_supply, `${alone.supply}`, `month ${m} supply`);
    assert.is(r.inflation, decText(alone.rate), `month ${m} rate`);
    minted += BigInt(r.minted);
    // Top-ups are measured where they arrive (fee collector and distribution): the pool's fall is
    // an independent conservation check.
    assert.is(BigInt(prev.rewards_pool) - BigInt(r.rewards_pool), BigInt(r.top_ups), `month ${m} pool`);
    assert.ok(BigInt(r.top_ups) > 0n, `month ${m} top-up`);
    // The mint decays: the shortfall, hence the top-up, grows.
    if (m > 1) assert.ok(BigInt(r.top_ups) > BigInt(prev.top_ups), `month ${m} top-ups grow`);
    assert.is(r.bonded, "4000000000000000000");
    for (const k of ["total_supply", "minted", "rewards_pool", "top_ups", "bonded"] as const) assert.match(r[k], /^\d+$/);
    assert.match(r.inflation, /^\d\.\d{18}$/);
    assert.match(r.base_apy!, /^\d\.\d{18}$/);
    assert.match(r.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  }
  assert.is(minted, BigInt(p.rows[24].total_supply) - LAUNCH);
  assert.is(p.pool_dry, null);
  assert.is(p.rows[0].rewards_pool, `${5_000_000_000n * UNIT}`);
  // From month 2 on (the first block distributes nothing), the top-up holds the target to 1e-12.
  for (const r of p.rows.slice(2)) {
    const apy = core.dec.parse(r.base_apy!);
    assert.ok(apy <= 3n * 10n ** 16n && apy > 3n * 10n ** 16n - 10n ** 6n, `month ${r.month}: ${r.base_apy}`);
  }
});

project("a small --pool runs dry: reported at the exact block, checked by stepping an in-memory chain", async () => {
  const p = json<ProjectionJson>(await runs.dry, "dry");
  assert.is(p.rows[0].rewards_pool, `${30_000_000n * UNIT}`);
  assert.is(p.rows[0].total_supply, `${LAUNCH}`); // moved from the reserve: supply unchanged
  assert.ok(p.pool_dry, "pool_dry");
  const dryHeight = BigInt(p.pool_dry!.height);
  const dryMonth = Number(p.pool_dry!.month);
  // The month the pool empties is the first row with an empty pool.
  const firstEmpty = p.rows.findIndex((r) => r.rewards_pool === "0");
  assert.is(firstEmpty, dryMonth);
  assert.ok(BigInt(p.rows[dryMonth - 1].rewards_pool) > 0n);
  assert.ok(dryHeight > BigInt(p.rows[dryMonth - 1].height) && dryHeight <= BigInt(p.rows[dryMonth].height));
  // The pool paid out all it held, and nothing after.
  const paid = p.rows.reduce((t, r) => t + BigInt(r.top_ups), 0n);
  assert.is(paid, 30_000_000n * UNIT);
  for (const r of p.rows.slice(dryMonth + 1)) assert.is(r.top_ups, "0");
  // After the pool: stakers get the mint's share alone, well under the target.
  const after = core.dec.parse(p.rows[dryMonth + 1].base_apy!);
  assert.ok(after < 3n * 10n ** 16n - 10n ** 15n, p.rows[dryMonth + 1].base_apy!);

  // Independently: the same genesis in a chain stepped to the block before, then one block.
  const doc = withPool(core, withBlocksPerYear(defaultGenesisJson(), BPY_1H), 30_000_000n * UNIT);
  const chain = NodeChain.inMemory(core, doc, HOUR_NS);
  await chain.advance(dryHeight - 1n);
  assert.ok(chain.ledger.balance(ModuleAccount.rewardsPool) > 0n, "pool before the dry block");
  await chain.advance(1n);
  assert.is(chain.ledger.balance(ModuleAccount.rewardsPool), 0n, "pool after the dry block");
  assert.is(chain.latest.height, dryHeight);

  // The yearly table reports the same block.
  const t = await runs.dryYear;
  assert.is(t.code, 0, t.stderr);
  const grouped = dryHeight.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  assert.match(t.stdout, `The rewards pool runs dry at height ${grouped} (month ${dryMonth}, ${p.pool_dry!.time})`);
  assert.match(t.stdout, /month\s+height\s+total supply\s+circulating\s+inflation\s+minted\s+rewards pool\s+top-ups\s+bonded\s+base APY/);
  assert.match(t.stdout, /^\s+0\s+0\s+98,500,000,000\s+98,500,000,000\s+1\.0000%\s+-\s+30,000,000\s+-\s+40,000,000,000\s+-$/m);
});

project("--target-rate 0: no top-ups, the pool untouched, the same supply, the mint's share as base APY", async () => {
  const [z, base] = await Promise.all([runs.noTarget, runs.twoYears]);
  const p = json<ProjectionJson>(z, "noTarget");
  const b = json<ProjectionJson>(base, "twoYears");
  assert.is(p.target_base_rewards_rate, "0.000000000000000000");
  for (const [i, r] of p.rows.entries()) {
    assert.is(r.top_ups, "0");
    assert.is(r.rewards_pool, `${5_000_000_000n * UNIT}`);
    assert.is(r.total_supply, b.rows[i].total_supply, `month ${i}: the mint does not depend on the top-up`);
  }
  assert.is(p.pool_dry, null);
  // Month 2: (1 - 0.02) of the mint over 40 B bonded, annualized: about 2.2 %, well under 3 %.
  const apy = core.dec.parse(p.rows[2].base_apy!);
  const minted = BigInt(p.rows[2].minted);
  const expected = (minted * 98n * E18 * BPY_1H) / (100n * 4_000_000_000n * 10n ** 9n * BPM_1H);
  assert.ok(apy < 3n * 10n ** 16n);
  assert.ok(apy <= expected + 10n ** 6n && apy >= expected - 10n ** 12n, `${p.rows[2].base_apy} vs ${decText(expected)}`);
});

project("--pool 0: dry from genesis", async () => {
  const p = json<ProjectionJson>(await runs.emptyPool, "emptyPool");
  assert.equal(p.pool_dry, { height: "0", month: "0", time: "2026-01-01T00:00:00Z" });
  assert.ok(p.rows.every((r) => r.top_ups === "0" && r.rewards_pool === "0"));
  assert.is(p.rows[0].total_supply, `${LAUNCH}`);
});

project("--genesis FILE laid over the default: its target rate and pool drive the projection", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cli-project-"));
  const file = join(dir, "genesis.json");
  writeFileSync(file, JSON.stringify({ app_state: { tieredrewards: { params: { target_base_rewards_rate: "0.05" } } } }));
  const p = json<ProjectionJson>(await cli("project", ...H, "--months", "3", "--every", "month", "--genesis", file, "--json"), "genesis");
  assert.is(p.target_base_rewards_rate, "0.050000000000000000");
  const apy = core.dec.parse(p.rows[3].base_apy!);
  assert.ok(apy <= 5n * 10n ** 16n && apy > 5n * 10n ** 16n - 10n ** 6n, p.rows[3].base_apy!);
});

project("--help lists every flag", async () => {
  const r = await cli("project", "--help");
  assert.is(r.code, 0);
  for (const flag of ["--years N", "--months N", "--every month|year", "--genesis FILE", "--target-rate DEC", "--pool TOKENS", "--block-time DURATION", "--json", "--help"]) {
    assert.match(r.stdout, flag);
  }
  assert.match(r.stdout, "(default: year)");
});

// ---- estimate ----

interface EstimateJson {
  amount: string;
  tier: number;
  seconds: string;
  bonus_seconds: string;
  base_seconds: string;
  base_rewards: string;
  bonus_rewards: string;
  total_rewards: string;
  base_apy: string;
  effective_apy: string;
  exit_unlock_at: string | null;
  commission: string;
  target_base_rewards_rate: string;
}

/** REFERENCE §6.1 by BigInt: TruncateInt(shares x 1 x apy x secs / 31557600), rates as raw Decs. */
function bonusOf(units: bigint, apy: bigint, secs: bigint): bigint {
  return (units * apy * secs) / (E18 * 31_557_600n);
}
function baseOf(units: bigint, target: bigint, commission: bigint, secs: bigint): bigint {
  return (units * target * (E18 - commission) * secs) / (E18 * E18 * 31_557_600n);
}
const YEAR = 31_557_600n;
const dec = (s: string) => core.dec.parse(s);

const estimate = suite("cli estimate");

estimate("golden: 10^10 base units at 0.02 for 2,592,000 s -> 16427104 (REFERENCE §6.1); base and totals by BigInt", async () => {
  const e = json<EstimateJson>(await cli("estimate", "--amount", "100", "--tier", "1", "--days", "30", "--json"), "golden");
  assert.is(e.amount, "10000000000");
  assert.is(e.seconds, "2592000");
  assert.is(e.bonus_rewards, "16427104");
  assert.is(e.base_rewards, `${baseOf(10n ** 10n, dec("0.03"), dec("0.1"), 2_592_000n)}`);
  assert.is(e.total_rewards, `${BigInt(e.base_rewards) + 16427104n}`);
  assert.is(e.base_apy, "0.027000000000000000");
  assert.is(e.effective_apy, decText((BigInt(e.total_rewards) * E18 * YEAR) / (10n ** 10n * 2_592_000n)));
  assert.is(e.commission, "0.100000000000000000");
  assert.is(e.exit_unlock_at, null);
});

estimate("bonus matches an independent BigInt computation; --exit-now clamps at the exit commitment", async () => {
  const cases: { args: string[]; units: bigint; apy: string; secs: bigint; bonusSecs: bigint; target: string; commission: string }[] = [
    { args: ["--amount", "1234.56789", "--tier", "2", "--years", "1.5"], units: 123_456_789_000n, apy: "0.04", secs: (3n * YEAR) / 2n, bonusSecs: (3n * YEAR) / 2n, target: "0.03", commission: "0.1" },
    { args: ["--amount", "100000", "--tier", "3", "--years", "5", "--exit-now"], units: 10n ** 13n, apy: "0.07", secs: 5n * YEAR, bonusSecs: 4n * 365n * 86_400n, target: "0.03", commission: "0.1" },
    { args: ["--amount", "777.00000001", "--tier", "1", "--days", "400", "--exit-now", "--commission", "0.05", "--target-rate", "0.04"], units: 77_700_000_001n, apy: "0.02", secs: 400n * 86_400n, bonusSecs: 365n * 86_400n, target: "0.04", commission: "0.05" },
    { args: ["--amount", "250", "--tier", "3", "--days", "100", "--exit-now"], units: 25_000_000_000n, apy: "0.07", secs: 100n * 86_400n, bonusSecs: 100n * 86_400n, target: "0.03", commission: "0.1" },
    { args: ["--amount", "10000000000", "--tier", "3", "--years", "4"], units: 10n ** 18n, apy: "0.07", secs: 4n * YEAR, bonusSecs: 4n * YEAR, target: "0.03", commission: "0.1" },
  ];
  const results = await Promise.all(cases.map((c) => cli("estimate", ...c.args, "--json")));
  cases.forEach((c, i) => {
    const what = c.args.join(" ");
    const e = json<EstimateJson>(results[i], what);
    assert.is(e.seconds, `${c.secs}`, what);
    assert.is(e.bonus_seconds, `${c.bonusSecs}`, what);
    const bonus = bonusOf(c.units, dec(c.apy), c.bonusSecs);
    // --exit-now: the holder leaves at the unlock and earns no base while unbonding.
    const baseSecs = c.args.includes("--exit-now") ? c.bonusSecs : c.secs;
    const base = baseOf(c.units, dec(c.target), dec(c.commission), baseSecs);
    assert.is(e.base_seconds, `${baseSecs}`, what);
    assert.is(e.bonus_rewards, `${bonus}`, what);
    assert.is(e.base_rewards, `${base}`, what);
    assert.is(e.total_rewards, `${base + bonus}`, what);
    assert.is(e.effective_apy, decText(((base + bonus) * E18 * YEAR) / (c.units * c.secs)), what);
    assert.is(e.exit_unlock_at !== null, c.args.includes("--exit-now"), what);
  });
});

estimate("table output and tiers from --genesis", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cli-estimate-"));
  const file = join(dir, "genesis.json");
  writeFileSync(file, JSON.stringify({
    app_state: { tieredrewards: { tiers: [{ id: 7, exit_duration: "86400s", bonus_apy: "0.5", min_lock_amount: "1", close_only: false }] } },
  }));
  const [table, custom, missing] = await Promise.all([
    cli("estimate", "--amount", "100000", "--tier", "3", "--years", "5", "--exit-now"),
    cli("estimate", "--amount", "1", "--tier", "7", "--days", "2", "--exit-now", "--genesis", file, "--json"),
    cli("estimate", "--amount", "1", "--tier", "1", "--genesis", file),
  ]);
  assert.is(table.code, 0, table.stderr);
  assert.match(table.stdout, /^bonus\s+27,980\.83504449 tokens\s+\(126,144,000 s: exit triggered at entry, stops at the unlock 2029-12-31T00:00:00Z\)$/m);
  const base = baseOf(10n ** 13n, dec("0.03"), dec("0.1"), 126_144_000n);
  assert.is(base, 1_079_260_780_287n);
  assert.match(table.stdout, /^base rewards\s+10,792\.60780287 tokens\s+\(.*for 126,144,000 s: none while unbonding\)$/m);
  assert.match(table.stdout, /^unbonding\s+undelegated at the unlock 2029-12-31T00:00:00Z, tokens back 2030-01-28T00:00:00Z/m);
  assert.match(table.stdout, /^effective APY\s+7\.7546%$/m);
  const e = json<EstimateJson>(custom, "tier 7");
  assert.is(e.bonus_seconds, "86400");
  assert.is(e.bonus_rewards, `${bonusOf(UNIT, dec("0.5"), 86_400n)}`);
  assertUsageError(missing, "tier 1 not in the file's tiers", /--tier 1: no such tier \(the genesis has: 7\)/);
});

estimate("issue 14: --exit-now pays no base rewards during the 28-day unbonding (1 M tokens, tier 3, commitment + unbonding)", async () => {
  // Tier 3's commitment is 1,460 days; the holder undelegates at the unlock and the tokens unbond
  // 28 days. The old estimate paid base over all 1,488 days: 2,069.81 tokens too many.
  const e = json<EstimateJson & { base_seconds: string; unbonded_at: string }>(
    await cli("estimate", "--amount", "1000000", "--tier", "3", "--days", "1488", "--exit-now", "--json"), "1 M tier 3",
  );
  const units = 10n ** 14n;
  const locked = 1460n * 86_400n;
  assert.is(e.base_seconds, `${locked}`);
  assert.is(e.base_rewards, `${baseOf(units, dec("0.03"), dec("0.1"), locked)}`);
  const overstated = baseOf(units, dec("0.03"), dec("0.1"), 1488n * 86_400n) - BigInt(e.base_rewards);
  assert.is(overstated, 206_981_519_507n); // 2,069.81519507 tokens (the issue: 2,069.81)
  assert.is(e.bonus_rewards, `${bonusOf(units, dec("0.07"), locked)}`);
  assert.is(e.exit_unlock_at, "2029-12-31T00:00:00Z");
  assert.is(e.unbonded_at, "2030-01-28T00:00:00Z");
  // Without --exit-now the tokens stay staked: base runs the whole period.
  const stay = json<EstimateJson & { base_seconds: string }>(
    await cli("estimate", "--amount", "1000000", "--tier", "3", "--days", "1488", "--json"), "staying",
  );
  assert.is(stay.base_seconds, `${1488n * 86_400n}`);
});

estimate("--scenario: base rewards follow the simulation's monthly base APY (the pool running dry lowers them), exactly", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cli-estimate-scenario-"));
  const file = join(dir, "scenario.yaml");
  // A year of 1 h blocks; a small pool that runs dry within months.
  writeFileSync(file, ["months: 12", "block_time: 1h", "pool:", '  reserve: "20000000"', "claims:", "  every_months: 0"].join("\n"));
  const e = json<EstimateJson & { base_rate: string }>(
    await cli("estimate", "--amount", "100000", "--tier", "3", "--days", "300", "--scenario", file, "--json"), "scenario",
  );
  assert.is(e.base_rate, "scenario");
  // Independently: the simulation's months, each month's base APY x its seconds, over 300 days.
  const { loadScenario, scenarioGenesis, simulate } = await import("../../host/cli/simulate.js");
  const { loadCore } = await import("../../host/core/core.js");
  const { wasm } = await import("../helpers/node.js");
  const own = await loadCore(wasm);
  const { scenario } = await loadScenario(own, file, []);
  const sim = await simulate(own, scenario, await scenarioGenesis(own, scenario));
  let left = 300n * 86_400n;
  let rateSeconds = 0n;
  for (let i = 1; i < sim.rows.length && left > 0n; i++) {
    const secs = (sim.rows[i]!.timeNs - sim.rows[i - 1]!.timeNs) / 1_000_000_000n;
    const used = secs < left ? secs : left;
    rateSeconds += (sim.rows[i]!.baseApy ?? 0n) * used;
    left -= used;
  }
  const units = 10n ** 13n;
  assert.is(e.base_rewards, `${(units * rateSeconds * (E18 - dec("0.1"))) / (E18 * E18 * YEAR)}`);
  assert.ok(sim.poolDry !== null, "the pool ran dry in the scenario");
  const target = json<EstimateJson>(await cli("estimate", "--amount", "100000", "--tier", "3", "--days", "300", "--json"), "target");
  assert.ok(BigInt(e.base_rewards) < BigInt(target.base_rewards), "less than the target once the pool is dry");
  // The tier's promise is the target estimate's bonus; no claim comes (every_months 0) and there is
  // no exit: none of it is paid within the period, all of it unpaid (estimate-scenario.test.ts: the paid part).
  const ex = e as unknown as { bonus_promised: string; bonus_unpaid: string; bonus_owed: string };
  assert.is(ex.bonus_promised, target.bonus_rewards);
  assert.is(e.bonus_rewards, "0");
  assert.is(ex.bonus_unpaid, target.bonus_rewards);
  assert.is(ex.bonus_owed, "0");
  // --start: the base rate from the months after it (here: from month 2 on, a part of month 1 first).
  const startNs = sim.rows[1]!.timeNs + 86_400n * 1_000_000_000n;
  const { timestampString } = await import("../../host/wire/gateway-json.js");
  const later = json<EstimateJson & { start: string }>(
    await cli("estimate", "--amount", "100000", "--tier", "3", "--days", "200", "--scenario", file, "--start", timestampString(startNs), "--json"), "later",
  );
  assert.is(later.start, timestampString(startNs));
  let left2 = 200n * 86_400n;
  let rate2 = 0n;
  for (let i = 2; i < sim.rows.length && left2 > 0n; i++) {
    const from = i === 2 ? startNs : sim.rows[i - 1]!.timeNs;
    const secs = (sim.rows[i]!.timeNs - from) / 1_000_000_000n;
    const used = secs < left2 ? secs : left2;
    rate2 += (sim.rows[i]!.baseApy ?? 0n) * used;
    left2 -= used;
  }
  assert.is(later.base_rewards, `${(units * rate2 * (E18 - dec("0.1"))) / (E18 * E18 * YEAR)}`);
  const dated = json<EstimateJson & { start: string; exit_unlock_at: string }>(
    await cli("estimate", "--amount", "100", "--tier", "1", "--start", "2027-03-01", "--exit-now", "--json"), "a bare date",
  );
  assert.equal([dated.start, dated.exit_unlock_at], ["2027-03-01T00:00:00Z", "2028-02-29T00:00:00Z"]);
  const early = await cli("estimate", "--amount", "100000", "--tier", "3", "--scenario", file, "--start", "2025-01-01");
  assert.match(early.stderr, "before the scenario's genesis time 2026-01-01T00:00:00Z");
  assert.match((await cli("estimate", "--amount", "1", "--tier", "1", "--start", "March")).stderr, /^error: --start "March": /);
  // A period past the scenario's horizon, and --scenario with --target-rate, are usage errors.
  const long = await cli("estimate", "--amount", "100000", "--tier", "3", "--days", "400", "--scenario", file);
  assert.is(long.code, 2);
  assert.match(long.stderr, "its 12 months end before the period's base rewards do");
  const both = await cli("estimate", "--amount", "100000", "--tier", "3", "--scenario", file, "--target-rate", "0.02");
  assert.is(both.code, 2);
  assert.match(both.stderr, "not with --genesis or --target-rate");
});

// ---- errors ----

const errors = suite("cli project/estimate errors");

/** The error a command's run() throws (the CLI prints it as one `error:` line, exit 2), in process. */
async function thrown(args: string[]): Promise<Error | undefined> {
  const [name, ...rest] = args;
  const cmd = COMMANDS[name];
  try {
    await cmd.run(rest);
  } catch (e) {
    return e as Error;
  }
  return undefined;
}

errors("bad flags are usage errors naming the flag (in process: every case)", async () => {
  const cases: [string[], RegExp][] = [
    [["project", "--bogus"], /--bogus/],
    [["project", "--years", "0"], /--years 0: must be at least 1/],
    [["project", "--years", "1.5"], /--years/],
    [["project", "--years", "2", "--months", "3"], /--years or --months/],
    [["project", "--months", "1201"], /--months 1201/],
    [["project", "--every", "week"], /--every "week": must be month or year/],
    [["project", "--target-rate", "1.5"], /--target-rate/],
    [["project", "--target-rate", "abc"], /--target-rate/],
    [["project", "--pool", "-5"], /--pool/],
    [["project", "--pool", "98500000000"], /--pool: the reserve .* more are needed/],
    [["project", "--block-time", "5"], /--block-time/],
    [["project", "--block-time", "40d"], /--block-time/],
    [["project", "--block-time", "800h"], /--block-time 800h: at most a month/],
    [["project", "--genesis", "/nonexistent/genesis.json"], /--genesis \/nonexistent\/genesis\.json: cannot read/],
    [["project", "extra"], /extra/],
    [["estimate"], /--amount TOKENS is required/],
    [["estimate", "--amount", "100"], /--tier N is required/],
    [["estimate", "--amount", "100", "--tier", "4"], /--tier 4: no such tier \(the genesis has: 1, 2, 3\)/],
    [["estimate", "--amount", "99.99999999", "--tier", "1"], /below tier 1's minimum lock of 100 tokens/],
    [["estimate", "--amount", "0", "--tier", "1"], /--amount 0/],
    [["estimate", "--amount", "100", "--tier", "1", "--years", "1", "--days", "3"], /--years or --days/],
    [["estimate", "--amount", "100", "--tier", "1", "--days", "0"], /--days 0: must be at least one second/],
    [["estimate", "--amount", "100", "--tier", "1", "--years", "101"], /at most 100 years/],
    [["estimate", "--amount", "100", "--tier", "1", "--years", "-1"], /--years/],
    [["estimate", "--amount", "100", "--tier", "1", "--commission", "2"], /--commission 2: must be between 0 and 1/],
    [["estimate", "--amount", "100", "--tier", "x"], /--tier/],
    [["estimate", "--amount", "1e3", "--tier", "1"], /--amount/],
    [["estimate", "--amount", "100", "--tier", "1", "--exit-now=yes"], /exit-now/],
  ];
  for (const [args, pattern] of cases) {
    // A short horizon first, so a project case that wrongly passes stays quick.
    const quick = [
      ...(args.includes("--block-time") ? [] : ["--block-time", "1h"]),
      ...(args.includes("--years") || args.includes("--months") ? [] : ["--months", "1"]),
    ];
    const e = await thrown(args[0] === "project" ? [...args, ...quick] : args);
    assert.ok(e instanceof UsageError, `${args.join(" ")}: ${e ? `${e.name}: ${e.message}` : "no error"}`);
    assert.match(e!.message, pattern, args.join(" "));
  }
});

errors("bad flags end to end: exit 2, one `error:` line, nothing on stdout", async () => {
  const cases: [string[], RegExp][] = [
    [["project", "--every", "week", ...H], /--every/],
    [["project", "--pool", "98500000000", ...H], /--pool/],
    [["estimate", "--amount", "100", "--tier", "4"], /--tier 4/],
    [["estimate", "--amount", "100", "--tier", "1", "--bogus"], /--bogus/],
  ];
  const results = await Promise.all(cases.map(([args]) => cli(...args)));
  cases.forEach(([args, pattern], i) => assertUsageError(results[i], args.join(" "), pattern));
});

errors("an invalid genesis file is one line naming the file and the field, exit 2", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cli-project-bad-"));
  const file = join(dir, "bad.json");
  writeFileSync(file, JSON.stringify({ app_state: { tieredrewards: { params: { target_base_rewards_rate: "1.5" } } } }));
  const [p, e] = await Promise.all([cli("project", "--genesis", file, ...H), cli("estimate", "--amount", "100", "--tier", "1", "--genesis", file)]);
  assertUsageError(p, "project bad genesis", /target_base_rewards_rate|target base rewards rate/);
  assertUsageError(e, "estimate bad genesis", /bad\.json/);
});

project.run();
estimate.run();
errors.run();
