// Every scenario field moves the outcome it names, and the txs it takes all succeed (a field that
// silently did nothing, as a bonded ratio whose delegations ran out of gas did, fails here): each
// case runs a base scenario and the same with one field changed, on the chain (1 h blocks, 730 a
// month), and compares the rows.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCore } from "../../host/core/core.js";
import { mergeJson, type Genesis, type Json } from "../../host/app/genesis.js";
import { defaultScenarioJson, parseScenario } from "../../host/scenario/scenario.js";
import { scenarioGenesis } from "../../host/scenario/sim-genesis.js";
import { simulate } from "../../host/scenario/sim-run.js";
import type { Simulation, SimRow } from "../../host/scenario/sim-types.js";
import { wasm } from "../helpers/node.js";

const E18 = 10n ** 18n;
const UNIT = 10n ** 8n;
const BPM = 730n;

/** A small pool that runs dry within the horizon: the runway is measurable. */
const BASE = { months: 6, block_time: "1h", pool: { reserve: "200000000" } };

async function run(doc: object): Promise<Simulation> {
  const core = await loadCore(wasm);
  const s = parseScenario(mergeJson(defaultScenarioJson(), doc as Json), core.dec);
  return simulate(core, s, await scenarioGenesis(core, s));
}

/** Run `doc`, asserting every scenario tx succeeded. */
async function ok(doc: object): Promise<Simulation> {
  const sim = await run(doc);
  assert.equal(sim.failures.map((f) => `${f.height} ${f.what}: ${f.log}`), [], "every scenario tx succeeded");
  return sim;
}

const with_ = (over: object) => mergeJson(BASE as unknown as Json, over as Json) as object;
const dryMonth = (s: Simulation) => s.poolDry?.month ?? Infinity;
const row = (s: Simulation, m: number): SimRow => s.rows[m]!;
const tier = (r: SimRow, id: number) => r.tiers.find((t) => t.tier === id)!;
const sum = (s: Simulation, f: (r: SimRow) => bigint) => s.rows.reduce((t, r) => t + f(r), 0n);

const test = suite("every scenario field moves the outcome it names");
let base: Simulation;
test.before(async () => {
  base = await ok(BASE);
  assert.ok(base.poolDry !== null && base.poolDry.month <= 6, "the base scenario's pool runs dry within its horizon");
});

test("months: the horizon (rows and last height)", async () => {
  const s = await ok(with_({ months: 3 }));
  assert.is(s.rows.length, 4);
  assert.is(row(s, 3).height, 3n * BPM);
  assert.is(base.rows.length, 7);
});

test("block_time: blocks per year and per month", async () => {
  const s = await ok(with_({ block_time: "30m", months: 1 }));
  assert.is(s.blocksPerYear, 17532n);
  assert.is(s.blocksPerMonth, 1461n);
  assert.is(base.blocksPerMonth, BPM);
});

test("target_rate: the base APY while the pool pays, and the runway", async () => {
  const s = await ok(with_({ target_rate: "0.06" }));
  assert.ok(row(s, 1).baseApy! > row(base, 1).baseApy! + E18 / 50n, "about 6 % against 3 %");
  assert.ok(dryMonth(s) < dryMonth(base), "a higher target drains the pool sooner");
  assert.is(row(s, 1).targetRate, E18 * 6n / 100n);
});

test("pool.reserve: the pool's start and runway", async () => {
  const s = await ok(with_({ pool: { reserve: "600000000" } }));
  assert.is(row(s, 0).pool, 600_000_000n * UNIT);
  assert.ok(dryMonth(s) > dryMonth(base));
});

test("pool.inflows: the pool's inflow in its month and the runway", async () => {
  const s = await ok(with_({ pool: { inflows: [{ month: 1, amount: "200000000" }] } }));
  assert.is(row(s, 2).poolInflows, 200_000_000n * UNIT, "a deposit at month 1 lands in month 2's blocks");
  assert.is(sum(s, (r) => r.poolInflows), 200_000_000n * UNIT);
  assert.ok(dryMonth(s) > dryMonth(base));
});

test("phases: revenue into the pool each month of the phase, and the runway", async () => {
  const s = await ok(with_({ phases: [{ name: "reserve", month: 0 }, { name: "revenue", month: 2, revenue_per_month: "40000000" }] }));
  assert.equal(s.rows.map((r) => r.poolInflows / UNIT), [0n, 0n, 0n, 40_000_000n, 40_000_000n, 40_000_000n, 40_000_000n]);
  assert.equal(s.rows.map((r) => r.phase), ["reserve", "reserve", "reserve", "revenue", "revenue", "revenue", "revenue"]);
  assert.ok(dryMonth(s) > dryMonth(base));
});

test("fees: the top-up (fees pay part of the target) and the fees row", async () => {
  const s = await ok(with_({ fees: { per_year: "120000000", payments_per_month: 10 } }));
  assert.is(row(s, 1).fees, 10_000_000n * UNIT);
  assert.ok(row(s, 1).topUp < row(base, 1).topUp, `top-up ${row(s, 1).topUp} < ${row(base, 1).topUp}`);
  assert.ok(dryMonth(s) >= dryMonth(base));
});

test("fees.growth: the next year's fees", async () => {
  const s = await ok({ months: 13, block_time: "1h", fees: { per_year: "12000000", growth: "0.5", payments_per_month: 1 } });
  assert.is(row(s, 1).fees, 1_000_000n * UNIT);
  assert.is(row(s, 13).fees, 1_500_000n * UNIT);
});

test("bonded_ratio: bonded tokens, the top-up and runway while the pool pays, the base APY once it is dry", async () => {
  const s = await ok(with_({ bonded_ratio: [{ month: 0, ratio: "0.6" }] }));
  const r1 = row(s, 1);
  assert.ok(r1.bondedRatio >= (E18 * 59n) / 100n && r1.bondedRatio <= (E18 * 61n) / 100n, `ratio ${r1.bondedRatio}`);
  assert.ok(r1.bonded > row(base, 1).bonded);
  assert.ok(r1.topUp > row(base, 1).topUp, "more bonded tokens ask more of the pool");
  assert.ok(dryMonth(s) < dryMonth(base), "so it runs dry sooner");
  const after = 6;
  assert.ok(row(s, after).baseApy! < row(base, after).baseApy!, "once dry, the mint is shared by more bonded tokens");
  // And back down: the reserve undelegates what it delegated.
  const down = await ok(with_({ bonded_ratio: [{ month: 0, ratio: "0.6" }, { month: 2, ratio: "0.45" }] }));
  assert.ok(row(down, 3).bonded < row(down, 2).bonded);
});

test("bonded_ratio below what the reserve can undelegate: clamped to the floor with a warning, not a silent no-op", async () => {
  const s = await run(with_({ bonded_ratio: [{ month: 0, ratio: "0.2" }] }));
  assert.is(s.failures.length, 0, "not a failure (docs/notebook.md: clamped)");
  assert.is(s.warnings.length, 1);
  assert.match(s.warnings[0]!.warning, /^below the floor of 0\.\d{18} \(\d+\.\d\d %\): [\d,]+ tokens are bonded .*clamped to the floor/);
  assert.is(row(s, 1).bonded, row(base, 1).bonded, "the floor: what the run bonds without the move");
});

test("start: a running chain's time, height (its inflation then) and supply", async () => {
  const s = await ok({ months: 1, block_time: "1h", start: { time: "2027-06-01T00:00:00Z", height: "3000000", supply: "99000000000" } });
  assert.is(row(s, 0).timeNs, BigInt(Date.UTC(2027, 5, 1)) * 1_000_000n);
  assert.is(row(s, 0).totalSupply, 99_000_000_000n * UNIT);
  const { Emission } = await import("../../host/core/emission.js");
  const { emissionParams, genesisWithOverride } = await import("../../host/app/genesis.js");
  const core = await loadCore(wasm);
  const e = new Emission(core);
  e.configure(emissionParams(genesisWithOverride({}, core.dec)));
  assert.is(row(s, 0).inflation, e.rateAt(3_000_001n), "the chain's next block's inflation");
  assert.ok(row(s, 1).inflation < row(s, 0).inflation, "decaying on");
});

test("cohorts: tokens in the tier from their month, and the bonus paid to them", async () => {
  const s = await ok({ months: 4, block_time: "1h", cohorts: [{ month: 1, tier: 3, amount: "1000000000" }] });
  assert.is(tier(row(s, 1), 3).tokens, 0n);
  assert.is(tier(row(s, 2), 3).tokens, 1_000_000_000n * UNIT, "locked at month 1's first block");
  assert.is(sum(s, (r) => tier(r, 3).bonusPaid), sum(s, (r) => r.bonusPaid), "all the bonus paid is tier 3's");
  assert.ok(tier(row(s, 3), 3).bonusPaid > 0n, "month 2's claim paid month 1's bonus");
  // about 7 % a year on 1 B for a month: 1e9 x 0.07 x 730 / 8766 = 5.83 M
  const paid = tier(row(s, 3), 3).bonusPaid / UNIT;
  assert.ok(paid > 5_700_000n && paid < 5_900_000n, `${paid}`);
  assert.ok(tier(row(s, 3), 3).paidApy! > tier(row(s, 3), 1).nominalApy!, "tier 3's paid APY carries its bonus");
});

test("cohorts[].exit and on_unlock: positions leave at their unlock and unbond", async () => {
  const doc = {
    months: 3, block_time: "1h",
    genesis_override: { app_state: { tieredrewards: { tiers: [{ id: 1, exit_duration: "2592000s", bonus_apy: "0.05", min_lock_amount: "1", close_only: false }] } } },
    cohorts: [{ month: 0, tier: 1, amount: "1000", exit: "at_entry", on_unlock: "undelegate" }, { month: 0, tier: 1, amount: "1000" }],
  };
  const s = await ok(doc);
  assert.is(row(s, 1).positions, 1, "the exiting position undelegated at its 30-day unlock in month 1");
  const stay = await ok({ ...doc, cohorts: [{ ...doc.cohorts[0], on_unlock: "stay" }, doc.cohorts[1]] });
  assert.is(row(stay, 3).positions, 2);
  assert.is(tier(row(stay, 3), 1).tokens, 1000n * UNIT, "past its unlock a staying position earns no bonus");
  const later = await ok({ ...doc, cohorts: [{ ...doc.cohorts[0], exit: 1 }, doc.cohorts[1]] });
  assert.is(row(later, 1).positions, 2, "exit triggered at month 1: still locked");
  assert.is(row(later, 3).positions, 1, "then unlocked 30 days later and undelegated");
});

test("claims.every_months: when the bonus is paid", async () => {
  const doc = { months: 4, block_time: "1h", cohorts: [{ month: 0, tier: 2, amount: "1000000000" }] };
  const monthly = await ok(doc);
  const never = await ok({ ...doc, claims: { every_months: 0 } });
  const every2 = await ok({ ...doc, claims: { every_months: 2 } });
  assert.ok(monthly.rows.slice(2).every((r) => r.bonusPaid > 0n));
  assert.is(sum(never, (r) => r.bonusPaid), 0n);
  assert.equal(every2.rows.map((r) => r.bonusPaid > 0n), [false, false, false, true, false]);
});

test("governance target_rate: the target and the base APY from the month after its month", async () => {
  const s = await ok({ months: 4, block_time: "1h", governance: [{ month: 2, target_rate: "0.05" }] });
  const plain = await ok({ months: 4, block_time: "1h" });
  assert.is(row(s, 2).targetRate, E18 * 3n / 100n);
  assert.is(row(s, 3).targetRate, E18 * 5n / 100n);
  assert.is(row(s, 2).baseApy, row(plain, 2).baseApy, "unchanged before");
  assert.ok(row(s, 3).baseApy! > row(plain, 3).baseApy! + E18 / 100n, "about 5 % after");
});

test("governance bonus_apy: the tier's nominal and paid APY after its month", async () => {
  const doc = { months: 4, block_time: "1h", cohorts: [{ month: 0, tier: 1, amount: "1000000000" }] };
  const s = await ok({ ...doc, governance: [{ month: 2, tier: 1, bonus_apy: "0.1" }] });
  const plain = await ok(doc);
  assert.is(tier(row(s, 2), 1).bonusApy, E18 * 2n / 100n);
  assert.is(tier(row(s, 3), 1).bonusApy, E18 / 10n);
  assert.is(tier(row(s, 3), 1).nominalApy! - tier(row(plain, 3), 1).nominalApy!, E18 * 8n / 100n);
  assert.ok(tier(row(s, 4), 1).paidApy! > tier(row(plain, 4), 1).paidApy! + E18 / 20n, "month 3's bonus, paid in month 4, at 10 %");
});

test("validators: the set's size (their self-delegations bonded) and validator 0's commission in the tier APYs", async () => {
  const s = await ok({ months: 1, block_time: "1h", validators: { count: 6, commissions: ["0.05"], self_delegation: "1000000" } });
  const plain = await ok({ months: 1, block_time: "1h" });
  assert.is((s.genesis as unknown as Genesis).staking.validators.length, 6);
  assert.is(row(s, 0).bonded - row(plain, 0).bonded, 2n * 1_000_000n * UNIT, "two new validators of 1 M");
  assert.ok(tier(row(s, 1), 1).nominalApy! > tier(row(plain, 1), 1).nominalApy!, "5 % commission instead of 10 %");
});

test("genesis_override and genesis: the launch supply", async () => {
  const override = { app_state: { bank: { supply: [{ denom: "basecro", amount: "9950000000000000000" }] } } };
  const dir = await mkdtemp(join(tmpdir(), "scenario-fields-"));
  try {
    // The supply is the balances' sum: the override moves 1 B tokens to dev key 8 as well.
    const { defaultGenesisJson } = await import("../../host/app/genesis.js");
    const g = defaultGenesisJson() as any;
    const balances = g.app_state.bank.balances.map((b: any) => (b.address === g.app_state.bank.balances[8].address
      ? { ...b, coins: [{ denom: "basecro", amount: `${BigInt(b.coins[0].amount) + 1_000_000_000n * UNIT}` }] } : b));
    const doc = { app_state: { bank: { ...override.app_state.bank, balances } } };
    const s = await ok({ months: 1, block_time: "1h", genesis_override: doc });
    assert.is(row(s, 0).totalSupply, 99_500_000_000n * UNIT);
    const file = join(dir, "genesis.json");
    await writeFile(file, JSON.stringify(doc));
    const fromFile = await ok({ months: 1, block_time: "1h", genesis: file });
    assert.is(fromFile.appHash, s.appHash, "a genesis file is the same as the same override");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the actor's signatures: libsecp256k1's where it loads are noble's (a browser's), byte for byte", async () => {
  const { nobleSign, signDigest } = await import("../../host/scenario/sim-signer.js");
  const { devPrivateKey } = await import("../../host/app/genesis.js");
  const { sha256 } = await import("@noble/hashes/sha2.js");
  assert.ok(signDigest !== nobleSign, "the native binding loaded here");
  for (let i = 0; i < 20; i++) {
    const digest = sha256(new TextEncoder().encode(`sign doc ${i}`));
    assert.equal([...signDigest(digest, devPrivateKey(i % 3))], [...nobleSign(digest, devPrivateKey(i % 3))], `digest ${i}`);
  }
});

test.run();
