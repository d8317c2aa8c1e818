// `estimate --scenario`: the bonus the scenario's pool actually pays, not the tier's promise; what
// stays owed at an exit or unpaid at the end; the unlock and return dates; the projection run once
// and then read back by the scenario's hash (a changed scenario is a new key; --no-cache runs it).

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCore } from "../../host/core/core.js";
import { mergeJson, type Json } from "../../host/app/genesis.js";
import { defaultScenarioJson, parseScenario } from "../../host/scenario/scenario.js";
import { scenarioGenesis } from "../../host/scenario/sim-genesis.js";
import { simulate } from "../../host/scenario/sim-run.js";
import { cli } from "../helpers/cli.js";
import { wasm } from "../helpers/node.js";

/** 6 months of 1 h blocks; a 25 M pool the top-ups empty in month 2; one tier-2 position of 1,000 tokens from block 1. */
const SCENARIO = {
  months: 6, block_time: "1h", pool: { reserve: "25000000" },
  cohorts: [{ month: 0, tier: 2, amount: "1000" }],
};

const test = suite("estimate --scenario: paid, owed, unpaid; the projection kept by its hash");
let dir = "";
let file = "";
const env = process.env.STAKING_ENGINE_CACHE_DIR;

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), "estimate-scenario-"));
  file = join(dir, "scenario.json");
  await writeFile(file, JSON.stringify(SCENARIO));
  process.env.STAKING_ENGINE_CACHE_DIR = join(dir, "cache"); // the CLI's children inherit it
});

test.after(async () => {
  if (env === undefined) delete process.env.STAKING_ENGINE_CACHE_DIR;
  else process.env.STAKING_ENGINE_CACHE_DIR = env;
  await rm(dir, { recursive: true, force: true });
});

const estimate = async (...args: string[]) => {
  const r = await cli("estimate", "--amount", "1000", "--tier", "2", "--scenario", file, "--json", ...args);
  assert.is(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as Record<string, any>;
};

test("the bonus paid is what the chain paid the same position in the scenario; the rest unpaid; the projection kept", async () => {
  // The chain's own run of the scenario: the cohort's bonus as its claims were paid.
  const core = await loadCore(wasm);
  const s = parseScenario(mergeJson(defaultScenarioJson(), SCENARIO as unknown as Json), core.dec);
  const sim = await simulate(core, s, await scenarioGenesis(core, s));
  assert.ok(sim.poolDry !== null && sim.poolDry.month === 2, `the pool runs dry in month 2 (${sim.poolDry?.month})`);
  const chainPaid = sim.rows.reduce((t, r) => t + r.tiers.find((x) => x.tier === 2)!.bonusPaid, 0n);
  assert.ok(chainPaid > 0n, "the chain paid the claims before the pool ran dry");
  // The same position priced from block 1 (1 h after genesis) to just after month 5's claim (block 3,651).
  const first = await estimate("--start", "2026-01-01T01:00:00Z", "--days", "152.0834");
  assert.is(first.projection.cached, false, "the first estimate runs the scenario");
  assert.match(first.projection.key, /^[0-9a-f]{64}$/);
  assert.is(first.bonus_rewards, `${chainPaid}`, "paid: exactly what the chain paid that position");
  assert.ok(BigInt(first.bonus_promised) > BigInt(first.bonus_rewards) * 2n, "the promise is more than twice what was paid");
  assert.ok(BigInt(first.bonus_unpaid) > 0n);
  assert.is(first.bonus_owed, "0", "no exit: nothing owed, only unpaid");
  assert.is(first.claims, 5);
  assert.ok(first.failed_claims >= 3, `claims from month 2 on fail (${first.failed_claims})`);
  assert.is(first.total_rewards, `${BigInt(first.base_rewards) + BigInt(first.bonus_rewards)}`, "the total counts the bonus paid");
  // Read back by its key: the same answer without a run.
  const again = await estimate("--start", "2026-01-01T01:00:00Z", "--days", "152.0834");
  assert.is(again.projection.cached, true);
  assert.equal({ ...again, projection: null }, { ...first, projection: null });
  assert.is((await readdir(join(dir, "cache"))).filter((f) => f.endsWith(".json")).length, 1);
  const fresh = await estimate("--start", "2026-01-01T01:00:00Z", "--days", "152.0834", "--no-cache");
  assert.is(fresh.projection.cached, false);
  assert.is(fresh.bonus_rewards, first.bonus_rewards);
});

test("a changed scenario is another key; with an exit the unpaid bonus is owed, and the unlock and return dates come with it", async () => {
  const before = await estimate("--days", "120");
  await writeFile(file, JSON.stringify({ ...SCENARIO, pool: { reserve: "26000000" } }));
  const changed = await estimate("--days", "120");
  assert.is(changed.projection.cached, false, "a new scenario: a new run");
  assert.not.equal(changed.projection.key, before.projection.key);
  await writeFile(file, JSON.stringify(SCENARIO));
  // Tier 1's 1-year commitment does not fit 6 months: a 30-day tier does.
  const tier = { id: 4, exit_duration: "7776000s", bonus_apy: "0.1", min_lock_amount: "1", close_only: false };
  const withTier = { ...SCENARIO, genesis_override: { app_state: { tieredrewards: { tiers: [tier] } } }, cohorts: [] };
  await writeFile(file, JSON.stringify(withTier));
  const r = await cli("estimate", "--amount", "1000", "--tier", "4", "--scenario", file, "--exit-now", "--days", "120", "--json");
  assert.is(r.code, 0, r.stderr);
  const e = JSON.parse(r.stdout);
  assert.is(e.exit_unlock_at, "2026-04-01T00:00:00Z", "90 days after the start");
  assert.is(e.unbonded_at, "2026-04-29T00:00:00Z", "28 days of unbonding later");
  assert.ok(BigInt(e.bonus_owed) > 0n, "the pool was dry at the unlock: the bonus due is owed");
  assert.is(e.bonus_unpaid, "0");
  assert.ok(BigInt(e.bonus_rewards) + BigInt(e.bonus_owed) <= BigInt(e.bonus_promised) + 10n);
  const text = await cli("estimate", "--amount", "1000", "--tier", "4", "--scenario", file, "--exit-now", "--days", "120");
  assert.match(text.stdout, /bonus owed +[0-9,.]+ tokens/);
  assert.match(text.stdout, /unbonding +undelegated at the unlock 2026-04-01T00:00:00Z, tokens back 2026-04-29T00:00:00Z/);
  assert.match(text.stdout, /paid by the scenario's pool, of [0-9,.]+ promised/);
  await writeFile(file, JSON.stringify(SCENARIO));
});

test.run();
