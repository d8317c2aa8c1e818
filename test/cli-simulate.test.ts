// `simulate`: a scenario with tier cohorts, claims, fees and a deposit, whose small rewards pool
// runs dry, against a node (SQLite, the REST routes) driven by transactions a wallet signs (CosmJS)
// at the same heights: the same pool-dry block, the same balances month by month, the same final
// state hash. Also: a scenario without actions against `project`; the JSON and CSV schema; the
// scenario's defaults, --set and validation errors naming the field; the command line.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../host/core/core.js";
import { ModuleAccount } from "../host/core/ledger.js";
import { defaultGenesisJson, devAddress, operatorOf, REWARDS_POOL_ADDRESS } from "../host/app/genesis.js";
import { withBlocksPerYear, withPool } from "../host/cli/genesis-input.js";
import { applySet, defaultScenarioJson, parseScenario, readScenarioDoc } from "../host/cli/scenario.js";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  COLUMNS, tierColumns, loadScenario, scenarioGenesis, simulate, simulationCsv, simulationJson, summarize, type Simulation,
} from "../host/cli/simulate.js";
import { project } from "../host/cli/project.js";
import { sweepChart } from "../host/cli/chart.js";
import { grid, runSweep, sweepValues } from "../host/cli/sweep.js";
import { expectedSeconds, expectedTxs, roughDuration } from "../host/cli/sweep-command.js";
import { UsageError } from "../host/cli/common.js";
import { ValidationError } from "../host/errors.js";
import { nodeHarness, wasm, type TestNode } from "./helpers/node.js";
import { devSigner, lockTierMsg, positionMsg, claimTierMsg, sendMsg } from "./helpers/dev-signer.js";
import { cli } from "./helpers/cli.js";
import { broadcastRequest } from "../host/wire/amino/stdtx.js";
import { autoGas } from "../host/cli/sim-txs.js";

const HOUR_NS = 3_600_000_000_000n;
const BPM = 8766n / 12n; // 730 blocks a month at 1h blocks
const UNIT = 10n ** 8n;
const harness = await nodeHarness({ prefix: "cli-simulate-" });

/** A fourth tier of 30 days, so that a cohort unlocks, unbonds 28 days and withdraws within the run. */
const TIER_4 = { id: 4, exit_duration: "2592000s", bonus_apy: "0.100000000000000000", min_lock_amount: "10000000000", close_only: false };
function withTier4(doc: any): any {
  const tiers = doc.app_state.tieredrewards.tiers;
  return { ...doc, app_state: { ...doc.app_state, tieredrewards: { ...doc.app_state.tieredrewards, tiers: [...tiers, TIER_4] } } };
}

/** The scenario of the node comparison: 6 months of 1 h blocks, a 100 M token pool. */
const SCENARIO = {
  genesis_override: { app_state: { tieredrewards: { tiers: withTier4(defaultGenesisJson()).app_state.tieredrewards.tiers } } },
  months: 6,
  block_time: "1h",
  pool: { reserve: "100000000", inflows: [{ month: 2, amount: "10000000" }] },
  fees: { per_year: "1200", growth: "0", payments_per_month: 2 },
  cohorts: [
    { month: 0, tier: 3, amount: "1000000000", exit: "at_entry" },
    { month: 1, tier: 1, amount: "500000000", exit: 2 },
    { month: 0, tier: 4, amount: "100000000", exit: "at_entry", on_unlock: "undelegate" },
  ],
  claims: { every_months: 1 },
};

async function runScenario(doc: unknown): Promise<Simulation> {
  const core = await loadCore(wasm);
  const { scenario } = await loadScenarioDoc(core, doc);
  const setup = await scenarioGenesis(core, scenario);
  return simulate(core, scenario, setup);
}

async function loadScenarioDoc(core: Awaited<ReturnType<typeof loadCore>>, doc: unknown) {
  return { scenario: parseScenario(doc as never, core.dec) };
}

const sim = suite("simulate vs a node driven by signed txs");

sim("tier cohorts, claims, fees and a deposit: the same pool-dry block, balances and state", async () => {
  const result = await runScenario(SCENARIO);

  // The node: the same genesis built by hand, every tx signed by CosmJS and posted to /txs.
  const core = await loadCore(wasm);
  const genesis = withBlocksPerYear(withPool(core, withTier4(defaultGenesisJson()), 100_000_000n * UNIT), 8766n);
  const node = await harness.open({ genesis, blockTimeNs: HOUR_NS });
  const signer = await devSigner(0);
  const reserve = devAddress(0);
  const v0 = operatorOf(devAddress(1));
  const noFee = { amount: [] as { denom: string; amount: string }[], gas: "0" };
  const fee = { amount: [{ denom: "basecro", amount: `${50n * UNIT}` }], gas: "0" }; // 1,200 tokens a year in 24 payments

  /**
   * Post these txs (each one message list, in order) as CosmJS's fee "auto" does, and make their
   * block: each simulated first over REST (signed with gas 0), then signed with Math.round(gas used
   * x 1.4) and posted; one whose simulation fails is not posted (CosmJS throws), and counted.
   */
  let refused = 0;
  const block = async (n: TestNode, txs: { msgs: any[]; fee?: typeof fee }[]) => {
    const acct = n.chain.directory.account(reserve)!;
    let seq = acct.sequence;
    for (const t of txs) {
      const withGas = async (gas: bigint) => signer.sign(t.msgs, {
        chainId: n.chain.chainId, accountNumber: acct.accountNumber, sequence: seq, fee: { ...(t.fee ?? noFee), gas: `${gas}` },
      });
      const sim = await n.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: Buffer.from(broadcastRequest(await withGas(0n)).tx).toString("base64") });
      if (sim.status !== 200) {
        refused++;
        continue;
      }
      const gas = (BigInt(sim.json.gas_info.gas_used) * 14n + 5n) / 10n;
      assert.is(gas, autoGas(BigInt(sim.json.gas_info.gas_used)));
      const r = await n.post("/txs", await withGas(gas));
      assert.is(r.status, 200);
      assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
      seq++;
    }
    await n.chain.advance(1n);
  };
  const selfFee = { msgs: [sendMsg(reserve, reserve, 1n)], fee };
  const claim = (ids: bigint[]) => ({ msgs: [claimTierMsg(reserve, ids)] });
  // Height -> txs, in the simulation's documented order: cohorts' own steps, then the month's
  // deposit, claim and fee payment. Month m starts at block m x 730 + 1; fee payment j of a month
  // at m x 730 + j x 730 / 2 + 1.
  const plan = new Map<bigint, { msgs: any[]; fee?: typeof fee }[]>();
  const add = (h: bigint, ...t: { msgs: any[]; fee?: typeof fee }[]) => plan.set(h, [...(plan.get(h) ?? []), ...t]);
  add(1n, { msgs: [lockTierMsg(reserve, 3, 1_000_000_000n * UNIT, v0, true)] }, { msgs: [lockTierMsg(reserve, 4, 100_000_000n * UNIT, v0, true)] }, selfFee); // positions 0, 1
  // Position 1 unlocks 30 days after block 1 (1 h): block 721's time; a wallet's simulation (on the
  // last block's state and time) passes from block 722 on. It unbonds 28 days (672 blocks), withdrawn the block after.
  add(722n, { msgs: [positionMsg("MsgTierUndelegate", reserve, 1n)] });
  add(722n + 672n + 1n, { msgs: [positionMsg("MsgWithdrawFromTier", reserve, 1n)] });
  add(BPM + 1n, { msgs: [lockTierMsg(reserve, 1, 500_000_000n * UNIT, v0, false)] }, claim([0n]), selfFee); // position 2
  add(2n * BPM + 1n, { msgs: [positionMsg("MsgTriggerExitFromTier", reserve, 2n)] }, { msgs: [sendMsg(reserve, REWARDS_POOL_ADDRESS, 10_000_000n * UNIT)] }, claim([0n, 2n]), selfFee);
  for (let m = 3n; m < 6n; m++) add(m * BPM + 1n, claim([0n, 2n]), selfFee);
  for (let m = 0n; m < 6n; m++) add(m * BPM + BPM / 2n + 1n, selfFee);

  let dry: bigint | null = null;
  const months: { pool: bigint; supply: bigint; bonded: bigint; owed: bigint }[] = [];
  for (let h = 1n; h <= 6n * BPM; h++) {
    const txs = plan.get(h);
    if (txs) await block(node, txs);
    else await node.chain.advance(1n);
    const pool = node.chain.ledger.balance(ModuleAccount.rewardsPool);
    if (dry === null && pool === 0n) dry = h;
    if (h % BPM === 0n) {
      const rid = node.chain.directory.accountId(reserve)!;
      months.push({ pool, supply: node.chain.totalSupply(), bonded: node.chain.ledger.pool().bonded, owed: node.chain.tiers.owedBonus(rid) });
    }
  }

  assert.ok(dry !== null, "the node's pool runs dry");
  assert.ok(result.poolDry !== null, "the simulation's pool runs dry");
  assert.is(result.poolDry!.height, dry);
  assert.ok(dry! > 2n * BPM && dry! < 6n * BPM, `dry at ${dry}: after the deposit, within the horizon`);
  assert.is(result.rows.length, 7);
  months.forEach((m, i) => {
    const r = result.rows[i + 1]!;
    assert.is(r.height, BigInt(i + 1) * BPM);
    assert.is(r.pool, m.pool, `month ${i + 1} pool`);
    assert.is(r.totalSupply, m.supply, `month ${i + 1} supply`);
    assert.is(r.bonded, m.bonded, `month ${i + 1} bonded`);
    assert.is(r.owedBonus, m.owed, `month ${i + 1} owed`);
  });
  assert.is(result.appHash, node.chain.latestBlock().appHash, "the same end state, record for record");
  // The flows add up: the pool moves by deposits - top-ups - bonus paid, every month.
  const rows = result.rows;
  for (let i = 1; i < rows.length; i++) {
    assert.is(rows[i]!.pool, rows[i - 1]!.pool + rows[i]!.poolInflows - rows[i]!.topUp - rows[i]!.bonusPaid, `month ${i} pool flows`);
    assert.ok(rows[i]!.topUp >= 0n && rows[i]!.bonusPaid >= 0n);
  }
  assert.is(rows.reduce((t, r) => t + r.fees, 0n), 600n * UNIT, "half a year of 1,200 tokens a year");
  assert.is(rows[3]!.poolInflows, 10_000_000n * UNIT, "the deposit at month 2 lands in month 3's blocks");
  assert.ok(rows.some((r) => r.bonusPaid > 0n), "claims paid bonus");
  assert.is(rows[1]!.positions, 1, "position 1 undelegated at its unlock in month 1");
  assert.is(rows[2]!.positions, 2);
  assert.is(node.chain.tiers.position(1n), undefined, "position 1 withdrawn (on the node)");
  // After the pool ran dry the claims fail their simulation on the chain as on the node ("insufficient
  // bonus pool balance"), and are not sent, as a wallet would not send them; nothing else fails.
  assert.ok(result.failures.length > 0 && result.failures.every((f) => /^simulation: .*insufficient bonus pool balance/.test(f.log)), `${result.failures[0]?.what}: ${result.failures[0]?.log}`);
  assert.is(result.failures.length, refused, "the node refused as many in simulation");
  assert.ok(result.rows.every((r, i) => i === 0 || r.failedTxs === result.failures.filter((f) => f.height > result.rows[i - 1]!.height && f.height <= r.height).length));
});

sim("a scenario without actions is the projection: the same supply, pool, bonded and inflation each month", async () => {
  const core = await loadCore(wasm);
  const result = await runScenario({ months: 3, block_time: "1h", pool: { reserve: "1000000" } });
  const doc = withBlocksPerYear(withPool(core, defaultGenesisJson(), 1_000_000n * UNIT), 8766n);
  const p = await project(await loadCore(wasm), { doc, blockTimeNs: HOUR_NS, months: 3n, step: 1n });
  assert.is(result.rows.length, p.rows.length);
  p.rows.forEach((pr, i) => {
    const r = result.rows[i]!;
    assert.is(r.height, pr.height);
    assert.is(r.totalSupply, pr.totalSupply);
    assert.is(r.pool, pr.pool);
    assert.is(r.bonded, pr.bonded);
    assert.is(r.inflation, pr.inflation);
    assert.is(r.minted, pr.minted);
    assert.is(r.topUp, pr.topUps, `month ${i} top-up`);
    assert.is(r.baseApy, pr.baseApy, `month ${i} base APY`);
  });
  assert.is(result.poolDry?.height ?? null, p.poolDry?.height ?? null);
  assert.ok(result.poolDry !== null, "a 1 M token pool runs dry within 3 months");
  assert.is(result.txs, 0);
});

sim.after(() => harness.remove());
sim.run();

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

  const lines = simulationCsv(core, result).trimEnd().split("\n");
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
    const sim = await simulate(alone, scenario, await scenarioGenesis(alone, scenario));
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

// ---- the scenario ----

const scen = suite("simulate scenario: defaults, --set, validation");

scen("every field has a default; --set writes paths, numbers stay exact text", async () => {
  const core = await loadCore(wasm);
  const s = parseScenario({}, core.dec);
  assert.is(s.months, 60);
  assert.is(s.blockTimeNs, null);
  assert.is(s.fees.paymentsPerMonth, 30);
  assert.equal(s.cohorts, []);
  assert.is(s.phases[0]!.name, "reserve");
  let doc = applySet(defaultScenarioJson(), "months=24");
  doc = applySet(doc, "fees.per_year=1000000.5");
  doc = applySet(doc, 'cohorts=[{"tier":3,"amount":"1000000"}]');
  doc = applySet(doc, "cohorts[0].month=2");
  doc = applySet(doc, "cohorts.0.exit=at_entry");
  doc = applySet(doc, "governance[0]={\"month\":3,\"target_rate\":\"0.02\"}");
  const t = parseScenario(doc, core.dec);
  assert.is(t.months, 24);
  assert.is(t.fees.perYear, 100_000_050_000_000n);
  assert.equal(t.cohorts, [{ month: 2, tier: 3, amount: 1_000_000n * UNIT, validator: 0, exit: "at_entry", onUnlock: "stay" }]);
  assert.equal(t.governance, [{ month: 3, kind: "target_rate", rate: core.dec.parse("0.02") }]);
});

scen("validation errors name the field path", async () => {
  const core = await loadCore(wasm);
  const cases: [unknown, string, RegExp][] = [
    [{ months: 0 }, "months", /between 1 and 1200/],
    [{ mnoths: 3 }, "mnoths", /unknown field/],
    [{ fees: { per_yaer: "1" } }, "fees.per_yaer", /unknown field/],
    [{ fees: { per_year: 5 } }, "fees.per_year", /token amount as a string/],
    [{ fees: { growth: "-0.1" } }, "fees.growth", /non-negative decimal/],
    [{ cohorts: [{ tier: 1, amount: "1" }, { tier: 1, amount: "1.123456789" }] }, "cohorts[1].amount", /not a token amount/],
    [{ cohorts: [{ tier: 1, amount: "0" }] }, "cohorts[0].amount", /must be positive/],
    [{ cohorts: [{ tier: 1, amount: "5", exit: "later" }] }, "cohorts[0].exit", /"never", "at_entry" or a month/],
    [{ cohorts: [{ tier: 1, amount: "5", month: 3, exit: 2 }] }, "cohorts[0].exit", /between 3 and 60/],
    [{ cohorts: [{ tier: 1, amount: "5", on_unlock: "run" }] }, "cohorts[0].on_unlock", /"stay" or "undelegate"/],
    [{ months: 12, governance: [{ month: 13, target_rate: "0.01" }] }, "governance[0].month", /between 0 and 12/],
    [{ governance: [{ month: 1, target_rate: "1.5" }] }, "governance[0].target_rate", /at most 1/],
    [{ governance: [{ month: 1 }] }, "governance[0]", /expected target_rate, or tier and bonus_apy/],
    [{ phases: [{ name: "a", month: 5 }, { name: "b", month: 5 }] }, "phases[1].month", /increasing/],
    [{ block_time: "0s" }, "block_time", /positive/],
    [{ bonded_ratio: [{ month: 0, ratio: "2" }] }, "bonded_ratio[0].ratio", /at most 1/],
  ];
  for (const [doc, path, msg] of cases) {
    try {
      parseScenario(doc as never, core.dec);
      assert.unreachable(`${path} accepted`);
    } catch (e) {
      assert.instance(e, ValidationError, path);
      assert.is((e as ValidationError).path, path);
      assert.match((e as ValidationError).reason, msg, path);
    }
  }
  // Against the genesis: a tier or validator it lacks.
  for (const [doc, path] of [[{ cohorts: [{ tier: 9, amount: "5" }] }, "cohorts[0].tier"], [{ cohorts: [{ tier: 1, amount: "500", validator: 4 }] }, "cohorts[0].validator"], [{ cohorts: [{ tier: 1, amount: "5" }] }, "cohorts[0].amount"]] as const) {
    try {
      await scenarioGenesis(core, parseScenario(doc as never, core.dec));
      assert.unreachable(`${path} accepted`);
    } catch (e) {
      assert.instance(e, ValidationError);
      assert.is((e as ValidationError).path, path);
    }
  }
  // --set errors name the assignment.
  try {
    await loadScenario(core, undefined, ["cohorts[3].tier=1"]);
    assert.unreachable();
  } catch (e) {
    assert.instance(e, UsageError);
    assert.match((e as Error).message, /--set cohorts\[3\]\.tier=1: cohorts\.3: index 3 past the end/);
  }
});

scen("the command line: --help, --csv, a bad --set and a bad file are usage errors on one line", async () => {
  const [help, csv, bad, missing] = await Promise.all([
    cli("simulate", "--help"),
    cli("simulate", "--set", "months=1", "--set", "block_time=1h", "--csv"),
    cli("simulate", "--set", "fees.growth=lots"),
    cli("simulate", "--scenario", "/nonexistent/scenario.json"),
  ]);
  assert.is(help.code, 0);
  assert.match(help.stdout, /Usage: npm run simulate/);
  assert.match(help.stdout, /--set KEY=VALUE/);
  assert.is(csv.code, 0, csv.stderr);
  assert.is(csv.stdout.split("\n")[0], [...COLUMNS, ...[1, 2, 3].flatMap((t) => tierColumns(t))].join(","));
  assert.is(csv.stdout.trimEnd().split("\n").length, 3);
  assert.is(bad.code, 2);
  assert.is(bad.stderr, 'error: scenario: fees.growth: not a non-negative decimal: "lots"\n');
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /^error: --scenario \/nonexistent\/scenario\.json: cannot read: ENOENT\n$/);
});

scen("failed txs: a warning on stderr and a count in every output; --strict makes them an error (exit 1, the output still printed)", async () => {
  // A 30 M pool the top-ups empty in month 2: the claims of a tier-3 cohort fail from month 1's on.
  const sets = ["--set", "months=3", "--set", "block_time=1h", "--set", "pool.reserve=30000000", "--set", 'cohorts=[{"tier":3,"amount":"1000000000"}]'];
  const [table, csv, json, strict] = await Promise.all([
    cli("simulate", ...sets), cli("simulate", ...sets, "--csv"), cli("simulate", ...sets, "--json"), cli("simulate", ...sets, "--csv", "--strict"),
  ]);
  assert.is(table.code, 0, table.stderr);
  assert.match(table.stdout, /3 scenario txs, 2 FAILED\./);
  assert.match(table.stdout, /\n2 of 3 scenario txs failed: what the scenario meant by them did not happen\.\n  2 x month 1: claim \(first at height 731, month 2\): simulation: .*insufficient bonus pool balance/);
  assert.match(table.stderr, /^warning: 2 of 3 scenario txs failed: .* \(listed under the table\)\nwarning: --strict makes failed scenario txs an error\n$/m);
  assert.is(csv.code, 0);
  const rows = csv.stdout.trimEnd().split("\n");
  const col = rows[0]!.split(",").indexOf("failed_txs");
  assert.equal(rows.slice(1).map((r) => r.split(",")[col]), ["0", "0", "1", "1"]);
  assert.match(csv.stderr, /^warning: 2 of 3 scenario txs failed: [^\n]*\n  2 x month 1: claim/m, "CSV readers are told on stderr, with the reasons");
  const j = JSON.parse(json.stdout);
  assert.is(j.failed_txs, 2);
  assert.equal(j.failures.map((f: any) => [f.height, f.month, f.what]), [["731", 2, "month 1: claim"], ["1461", 3, "month 2: claim"]]);
  assert.is(strict.code, 1);
  assert.is(strict.stdout, csv.stdout, "the output is printed all the same");
  assert.match(strict.stderr, /^error: 2 of 3 scenario txs failed: what the scenario meant by them did not happen\. \(--strict\)\n/);
});

scen("validators: a set of N with cycled commissions, the new operators funded from the reserve; errors name the field", async () => {
  const core = await loadCore(wasm);
  const doc = applySet(defaultScenarioJson(), 'validators={"count":10,"commissions":["0.05","0.2"],"self_delegation":"1000000"}');
  const { genesis: g } = await scenarioGenesis(core, parseScenario(doc, core.dec));
  assert.is(g.staking.validators.length, 10);
  assert.equal(g.staking.validators.map((v) => core.dec.format(v.commissionRate)), Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? "0.050000000000000000" : "0.200000000000000000")));
  assert.equal(g.staking.validators.slice(0, 4).map((v) => v.operatorAddress), [1, 2, 3, 4].map((n) => operatorOf(devAddress(n))), "the genesis's four kept");
  assert.equal(g.staking.validators.slice(4).map((v) => v.selfDelegation), Array(6).fill(1_000_000n * UNIT));
  assert.ok(g.staking.maxValidators >= 10);
  const before = parseScenario(defaultScenarioJson(), core.dec);
  const { genesis: g0 } = await scenarioGenesis(core, before);
  const reserveOf = (x: typeof g) => x.balances.find((b) => b.address === devAddress(0))!.amount;
  assert.is(reserveOf(g0) - reserveOf(g), 6n * 1_000_000n * UNIT, "paid by the reserve: the supply is unchanged");
  const fewer = await scenarioGenesis(core, parseScenario(applySet(defaultScenarioJson(), 'validators={"count":2}'), core.dec));
  assert.is(fewer.genesis.staking.validators.length, 2);
  for (const [set, message] of [
    ['validators={"count":0}', "validators.count: must be between 1 and 1000, got 0"],
    ['validators={"count":5,"commissions":["1.5"]}', "validators.commissions[0]: must be at most 1"],
    ['validators={"count":5,"self_delegation":"0"}', "validators.self_delegation: must be positive"],
    ['validators={"count":5,"colour":"red"}', "validators.colour: unknown field"],
  ] as const) {
    assert.throws(() => parseScenario(applySet(defaultScenarioJson(), set), core.dec), (e: unknown) => e instanceof ValidationError && (e as Error).message.startsWith(message), set);
  }
  const tooMany = await scenarioGenesis(core, parseScenario(applySet(defaultScenarioJson(), 'validators={"count":1000,"self_delegation":"1000000000"}'), core.dec))
    .then(() => undefined, (e: unknown) => e);
  assert.ok(tooMany instanceof UsageError && /996 new validators .* need/.test(tooMany.message), String(tooMany));
});

scen("a YAML scenario file is the same document as its JSON; a float in it is refused with its path", async () => {
  const yaml = [
    "# six months, a cohort and a target-rate change",
    "months: 6",
    "block_time: 1h",
    "pool:",
    '  reserve: "100000000"',
    "cohorts:",
    '  - { month: 0, tier: 3, amount: "1000000000", exit: at_entry }',
    "governance:",
    '  - { month: 3, target_rate: "0.02" }',
    "genesis: ../genesis.json",
  ].join("\n");
  const dir = await mkdtemp(join(tmpdir(), "scenario-yaml-"));
  const yamlFile = join(dir, "scenario.yaml");
  const jsonFile = join(dir, "scenario.json");
  await writeFile(yamlFile, yaml);
  const fromJson = {
    months: 6, block_time: "1h", pool: { reserve: "100000000" },
    cohorts: [{ month: 0, tier: 3, amount: "1000000000", exit: "at_entry" }],
    governance: [{ month: 3, target_rate: "0.02" }],
    genesis: "../genesis.json",
  };
  await writeFile(jsonFile, JSON.stringify(fromJson));
  const a = await readScenarioDoc(yamlFile);
  assert.equal(a, await readScenarioDoc(jsonFile));
  assert.is((a as { genesis: string }).genesis, join(dir, "..", "genesis.json"), "relative to the file's folder");
  const floaty = join(dir, "floaty.yml");
  await writeFile(floaty, "months: 6\nfees:\n  per_year: 1200.5\n");
  try {
    await readScenarioDoc(floaty);
    assert.unreachable("a float must be refused");
  } catch (e) {
    assert.instance(e, ValidationError);
    assert.match((e as Error).message, 'fees.per_year: 1200.5 is not an integer: write decimals (amounts, rates) as strings, e.g. "1200.5"');
  }
  const broken = join(dir, "broken.yaml");
  await writeFile(broken, "months: [6\n");
  try {
    await readScenarioDoc(broken);
    assert.unreachable("bad YAML must be refused");
  } catch (e) {
    assert.match((e as Error).message, /not YAML/);
  }
  await rm(dir, { recursive: true, force: true });
});

scen.run();
