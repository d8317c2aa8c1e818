// `simulate`'s engine: a scenario (host/scenario/scenario.ts) run block by block on the chain itself.
//
// The genesis (host/scenario/sim-genesis.ts) is loaded into an in-memory NodeChain exactly as the node
// loads it. Every block is the core's: mint -> base-rewards top-up from the pool -> distribution,
// then EndBlock. What the scenario does (host/scenario/sim-plans.ts) are signed transactions of dev key
// 0 sent as CosmJS's fee "auto" sends them (host/scenario/sim-txs.ts): simulated, signed with 1.4x the
// gas, through the node's own CheckTx and DeliverTx. So every figure is the chain's.
//
// Fee revenue: x/auth's ante sends a tx's fee to the fee collector; the next block's BeginBlock
// hands the fee collector (mint and fees) to distribution, and the top-up pays only the shortfall
// of the target over the fee collector after community tax; each lump lowers the top-up of the
// block that distributes it only (as on the chain, where each block's top-up sees its own fees).
//
// Per month (floor(blocks_per_year / 12) blocks): supply, circulating, inflation of the month's
// last block, minted, fees, top-up paid, bonus paid, owed bonus, pool balance and inflows, bonded
// and the bonded ratio, the base APY (what the month's blocks gave stakers, commission included,
// community tax not, over bonded tokens, annualized), each tier's nominal APY (base after
// validator 0's commission + its bonus APY) and paid APY (base after that commission + the bonus
// its positions were paid in the month over their tokens at the month's start), and the failed
// txs. The pool's movements are exact: top-up = inflows - bonus paid - the pool's change. The pool
// runs dry at the first block after which it holds nothing, found exactly (a run of empty blocks
// never pays more than the pool holds at the full per-block target).

import type { Core } from "../core/core.js";
import { ModuleAccount } from "../core/ledger.js";
import { NodeChain } from "../drivers/embedded.js";
import { ChainStateError, type TxResult } from "../framework/types.js";
import { UsageError } from "../flags.js";
import type { Scenario } from "./scenario.js";
import { DevKeySigner } from "./sim-signer.js";
import { EVENT, ScenarioPlanner, attr, coinAmount, phaseAt } from "./sim-plans.js";
import { sendPlans } from "./sim-txs.js";
import type { FeeLumping, SimRow, Simulation, TierMonth, TxFailure } from "./sim-types.js";
import { daysText, provenanceOf } from "./provenance.js";

const E18 = 10n ** 18n;

interface Flow {
  fees: bigint;
  bonusPaid: bigint;
  /** Bonus paid by tier id. */
  byTier: Map<number, bigint>;
}

/** A typed event's position_id (its attribute values are JSON: "\"7\""). */
function positionIdOf(e: { attributes: { key: string; value: string }[] }): bigint {
  const v = attr(e, "position_id");
  return v === undefined ? -1n : BigInt(JSON.parse(v) as string);
}

const newFlow = (): Flow => ({ fees: 0n, bonusPaid: 0n, byTier: new Map() });

/**
 * Run the scenario. `onProgress(height, of)` is called between runs of blocks. `setup.codeVersion`
 * names the code in the run's provenance (host/store/release.ts's thisRelease(); "unknown" without).
 */
export async function simulate(
  core: Core, s: Scenario, setup: { doc: unknown; blockTimeNs: bigint; codeVersion?: string }, onProgress?: (height: bigint, of: bigint) => void,
): Promise<Simulation> {
  const chain = NodeChain.inMemory(core, setup.doc as never, setup.blockTimeNs);
  const g = chain.genesis;
  const bpy = g.mint.params.blocksPerYear;
  const perMonth = bpy / 12n;
  const horizon = BigInt(s.months) * perMonth;
  const burned = g.bank.burnedBalance;
  const signer = new DevKeySigner(0);
  const reserve = signer.address;
  const commission0 = g.staking.validators[0]?.commissionRate ?? 0n;
  const planner = new ScenarioPlanner(core, chain, s, reserve, setup.blockTimeNs);

  const failures: TxFailure[] = [];
  let flow = newFlow();
  let txs = 0;
  /** Owed bonus by tier, oldest first: an owed payment pays them in that order. */
  const owed: { tier: number; amount: bigint }[] = [];
  const paidTo = (tier: number, amount: bigint) => {
    flow.bonusPaid += amount;
    flow.byTier.set(tier, (flow.byTier.get(tier) ?? 0n) + amount);
  };

  const snapshot = () => {
    const timeNs = chain.latest.timeNs;
    const tokens = new Map<number, bigint>();
    for (const id of planner.open) {
      const p = chain.app.tiers.position(id);
      if (p && p.delegated && (p.exitUnlockAt === 0n || p.exitUnlockAt > timeNs)) tokens.set(p.tierId, (tokens.get(p.tierId) ?? 0n) + p.amount);
    }
    return {
      height: chain.latest.height,
      timeNs,
      totalSupply: chain.totalSupply(),
      pool: chain.ledger.balance(ModuleAccount.rewardsPool),
      feeCollector: chain.ledger.balance(ModuleAccount.feeCollector),
      communityPool: chain.ledger.communityPool(),
      bonded: chain.ledger.pool().bonded,
      tokens,
    };
  };
  type Snap = ReturnType<typeof snapshot>;

  const rowOf = (m: number, prev: Snap | null, prevRow: SimRow | null, cur: Snap, f: Flow, inflows: bigint): SimRow => {
    const targetRate = chain.app.tiers.params().targetBaseRewardsRate;
    const minted = prev ? cur.totalSupply - prev.totalSupply : 0n;
    const topUp = prev ? inflows - f.bonusPaid - (cur.pool - prev.pool) : 0n;
    const blocks = prev ? cur.height - prev.height : 0n;
    let baseApy: bigint | null = null;
    if (prev) {
      const stakers = (minted + f.fees + topUp - (cur.feeCollector - prev.feeCollector)) * E18 - (cur.communityPool - prev.communityPool);
      baseApy = cur.bonded > 0n && blocks > 0n ? (stakers * bpy) / (cur.bonded * blocks) : 0n;
      if (baseApy < 0n) baseApy = 0n;
    }
    const base = baseApy === null ? null : (baseApy * (E18 - commission0)) / E18;
    const rid = chain.directory.accountId(reserve);
    const tiers = chain.app.tiers.tiers().map((t): TierMonth => {
      const paid = f.byTier.get(t.id) ?? 0n;
      const earning = prevRow?.tiers.find((x) => x.tier === t.id)?.tokens ?? 0n;
      return {
        tier: t.id,
        bonusApy: t.bonusApy,
        nominalApy: base === null ? null : base + t.bonusApy,
        paidApy: base === null || earning === 0n || blocks === 0n ? null : base + (paid * E18 * bpy) / (earning * blocks),
        bonusPaid: paid,
        tokens: cur.tokens.get(t.id) ?? 0n,
      };
    });
    return {
      month: m,
      height: cur.height,
      timeNs: cur.timeNs,
      phase: phaseAt(s, m === 0 ? 0 : m - 1)?.name ?? "",
      totalSupply: cur.totalSupply,
      circulating: cur.totalSupply - burned,
      inflation: chain.inflation(),
      minted,
      fees: f.fees,
      topUp,
      bonusPaid: f.bonusPaid,
      owedBonus: rid === undefined ? 0n : chain.app.tiers.owedBonus(rid),
      pool: cur.pool,
      poolInflows: inflows,
      bonded: cur.bonded,
      bondedRatio: cur.totalSupply > 0n ? (cur.bonded * E18) / cur.totalSupply : 0n,
      baseApy,
      targetRate,
      tiers,
      positions: planner.open.size,
      failedTxs: prev ? failures.filter((x) => x.height > prev.height && x.height <= cur.height).length : 0,
    };
  };

  let poolDry: Simulation["poolDry"] = null;
  const dryAt = (height: bigint, month: number, timeNs: bigint) => ({ height, month, timeNs, days: daysText(timeNs - g.genesisTimeNs) });
  const checkDry = (m: number) => {
    if (!poolDry && chain.ledger.balance(ModuleAccount.rewardsPool) === 0n) {
      poolDry = dryAt(chain.latest.height, m, chain.latest.timeNs);
    }
  };
  const advance = async (n: bigint) => {
    try {
      await chain.advance(n);
    } catch (e) {
      if (e instanceof ChainStateError) throw new UsageError(`the core stopped the simulation: ${e.message}`);
      throw e;
    }
  };

  // Fee lumps: after a block with a fee payment, the block that distributes it and the next (no
  // fee) are made alone, and the pool's fall in each is its top-up (nothing else moves the pool in
  // a block without txs): the fee kept in the pool what it lowered the first one's top-up by.
  const tax = g.distribution.communityTax;
  const lumps = { payments: 0, measured: 0, feesAfterTax: 0n, savedByLumps: 0n, savedIfSpread: 0n, topUps: 0n };
  let lump: { feeAfterTax: bigint; blocks: bigint; first: bigint | null } | null = null;
  const poolNow = () => chain.ledger.balance(ModuleAccount.rewardsPool);

  /** The block at `h` (= the next height) with its plans' txs. */
  const runPlanned = async (h: bigint, m: number) => {
    lump = null; // a block with txs: a lump still being measured is not
    let lumpFee = 0n;
    let lumpBlocks = 0n;
    const plans = planner.take(h);
    const before = failures.length;
    const sent = sendPlans(chain, signer, plans, h, failures);
    txs += sent.length + (failures.length - before);
    await advance(1n);
    for (const p of sent) {
      const r: TxResult = await p.included;
      if (r.events.some((e) => e.type === "tx")) {
        flow.fees += p.fee; // the ante took the fee
        if (p.plan.feeBlocks !== undefined && p.fee > 0n) {
          lumps.payments++;
          lumpFee += p.fee;
          lumpBlocks += p.plan.feeBlocks;
        }
      }
      if (r.code !== 0) {
        failures.push({ height: h, what: p.plan.what, log: r.rawLog });
        continue;
      }
      for (const e of r.events) {
        if (e.type === `${EVENT}EventBonusRewardsClaimed`) {
          const tier = planner.tierOf.get(positionIdOf(e));
          if (tier !== undefined) paidTo(tier, coinAmount(attr(e, "rewards") ?? "[]"));
          else flow.bonusPaid += coinAmount(attr(e, "rewards") ?? "[]");
        } else if (e.type === `${EVENT}EventBonusOwed`) {
          const tier = planner.tierOf.get(positionIdOf(e));
          const amount = coinAmount(attr(e, "amount") ?? "[]");
          if (tier !== undefined && amount > 0n) owed.push({ tier, amount });
        } else if (e.type === `${EVENT}EventOwedBonusPaid`) {
          let left = coinAmount(attr(e, "amount") ?? "[]");
          while (left > 0n && owed.length > 0) {
            const o = owed[0]!;
            const take = o.amount < left ? o.amount : left;
            paidTo(o.tier, take);
            o.amount -= take;
            left -= take;
            if (o.amount === 0n) owed.shift();
          }
          if (left > 0n) flow.bonusPaid += left;
        }
      }
      p.plan.after?.(r, h);
    }
    if (lumpFee > 0n) lump = { feeAfterTax: lumpFee - (lumpFee * tax) / E18, blocks: lumpBlocks, first: null };
    checkDry(m);
  };

  /** The next block alone, measuring a fee lump's effect (one of its two blocks). */
  const measureLump = async (m: number) => {
    const l = lump!;
    const before = poolNow();
    await advance(1n);
    const topUp = before - poolNow();
    checkDry(m);
    if (l.first === null) {
      l.first = topUp;
      return;
    }
    // `topUp` is an ordinary block's; the fee lowered the first block's by (topUp - first).
    const spread = l.blocks * topUp < l.feeAfterTax ? l.blocks * topUp : l.feeAfterTax;
    lumps.measured++;
    lumps.feesAfterTax += l.feeAfterTax;
    lumps.savedByLumps += topUp - l.first;
    lumps.savedIfSpread += spread;
    lumps.topUps += topUp;
    lump = null;
  };

  let prev = snapshot();
  const rows: SimRow[] = [rowOf(0, null, null, prev, flow, 0n)];
  if (prev.pool === 0n) poolDry = dryAt(prev.height, 0, prev.timeNs);
  for (let m = 1; m <= s.months; m++) {
    planner.scheduleMonth(m - 1);
    const end = BigInt(m) * perMonth;
    while (chain.latest.height < end) {
      const next = chain.latest.height + 1n;
      const heights = planner.heights;
      if (heights[0] === next) {
        await runPlanned(next, m);
        continue;
      }
      if (lump !== null) {
        await measureLump(m);
        continue;
      }
      const stop = heights.length > 0 && heights[0]! <= end ? heights[0]! - 1n : end;
      let n = stop - chain.latest.height;
      const targetRate = chain.app.tiers.params().targetBaseRewardsRate;
      if (!poolDry && targetRate > 0n) {
        // No block tops up more than the target's whole per-block reward: a run of `safe` blocks
        // cannot empty the pool, so the block that empties it is the last of a run, found exactly.
        const maxPerBlock = (targetRate * chain.ledger.pool().bonded + E18 * bpy - 1n) / (E18 * bpy) + 1n;
        const safe = (chain.ledger.balance(ModuleAccount.rewardsPool) - 1n) / maxPerBlock;
        if (safe < n) n = safe > 0n ? safe : 1n;
      }
      if (n > perMonth) n = perMonth;
      onProgress?.(chain.latest.height, horizon);
      await advance(n);
      checkDry(m);
    }
    const cur = snapshot();
    rows.push(rowOf(m, prev, rows[rows.length - 1]!, cur, flow, planner.takeInflows()));
    prev = cur;
    flow = newFlow();
  }
  onProgress?.(chain.latest.height, horizon);
  const poolEffect = lumps.savedIfSpread - lumps.savedByLumps;
  const feeLumping: FeeLumping = {
    payments: lumps.payments, measured: lumps.measured, feesAfterTax: lumps.feesAfterTax, savedByLumps: lumps.savedByLumps,
    savedIfSpread: lumps.savedIfSpread, poolEffect,
    // Days of top-ups: the effect over the mean measured top-up per block, times the block time.
    days: lumps.topUps > 0n ? daysText((poolEffect * BigInt(lumps.measured) * setup.blockTimeNs) / lumps.topUps) : null,
  };
  return {
    genesis: g, blocksPerYear: bpy, blocksPerMonth: perMonth, blockTimeNs: setup.blockTimeNs, months: s.months,
    rows, poolDry, failures, warnings: planner.warnings, feeLumping, txs, appHash: chain.latestBlock().appHash,
    provenance: provenanceOf(s.source, setup.doc, g.chainId, setup.blockTimeNs, setup.codeVersion ?? "unknown"),
  };
}
