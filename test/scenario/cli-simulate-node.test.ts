// `simulate` against a node: a scenario with tier cohorts, claims, fees and a deposit, whose small
// rewards pool runs dry, against a node (SQLite, the REST routes) driven by transactions a wallet
// signs (CosmJS) at the same heights: the same pool-dry block, the same balances month by month,
// the same final state hash. And a scenario without actions against `project`.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../host/core/core.js";
import { ModuleAccount } from "../../host/core/ledger.js";
import { defaultGenesisJson, devAddress, operatorOf, REWARDS_POOL_ADDRESS } from "../../host/app/genesis.js";
import { withBlocksPerYear, withPool } from "../../host/scenario/genesis-input.js";
import { project } from "../../host/cli/project.js";
import { nodeHarness, wasm, type TestNode } from "../helpers/node.js";
import { devSigner, lockTierMsg, positionMsg, claimTierMsg, sendMsg } from "../helpers/dev-signer.js";
import { broadcastRequest } from "../../host/wire/amino/stdtx.js";
import { autoGas } from "../../host/scenario/sim-txs.js";
import { HOUR_NS, UNIT, runScenario } from "../helpers/simulate.js";

const BPM = 8766n / 12n; // 730 blocks a month at 1h blocks
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
      months.push({ pool, supply: node.chain.totalSupply(), bonded: node.chain.ledger.pool().bonded, owed: node.chain.app.tiers.owedBonus(rid) });
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
  assert.is(node.chain.app.tiers.position(1n), undefined, "position 1 withdrawn (on the node)");
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
