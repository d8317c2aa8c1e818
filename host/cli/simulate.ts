// `simulate`: a scenario (host/cli/scenario.ts) run block by block on the chain itself.
//
// The genesis (default, or the scenario's file and override, with its pool, target rate and block
// time written in) is loaded into an in-memory NodeChain exactly as the node loads it. Every block
// is the core's: mint -> base-rewards top-up from the pool -> distribution, then EndBlock. What the
// scenario does (tier cohorts locking, triggering exit, undelegating and withdrawing; monthly
// claims; fee revenue; protocol-revenue deposits into the pool; the reserve delegating to follow a
// bonded ratio; governance changing the target rate or a tier's APY) are signed transactions of the
// default genesis's dev keys taken through the node's own CheckTx and DeliverTx (`chain.submit`):
// dev key 0, the reserve, owns the cohorts' positions, pays the fees and, the default genesis's
// governance authority, signs the governance messages. So every figure is the chain's.
//
// Fee revenue: x/auth's ante sends a tx's fee to the fee collector; the next block's BeginBlock
// hands the fee collector (mint and fees) to distribution, and the top-up pays only the shortfall
// of the target over the fee collector after community tax. The scenario's yearly fees are paid as
// the fees of `payments_per_month` self-sends of the reserve each month (a year's amount split
// exactly over its payments, growing by `growth` each year); each lump lowers the top-up of the
// block that distributes it only (as on the chain, where each block's top-up sees its own fees).
//
// Per month (floor(blocks_per_year / 12) blocks): supply, circulating, inflation of the month's last
// block, minted, fees, top-up paid, bonus paid, owed bonus, pool balance and inflows, bonded and the
// bonded ratio, the base APY (what the month's blocks gave stakers, commission included, community
// tax not, over bonded tokens, annualized) and each tier's total APY (base APY after validator 0's
// commission + the tier's bonus APY: nominal, paid only while the pool can pay). The pool's
// movements are exact: top-up = inflows - bonus paid - the pool's change. The pool runs dry at the
// first block after which it holds nothing, found exactly (a run of empty blocks never pays more
// than the pool holds at the full per-block target).

import { parseArgs } from "node:util";
import { writeFile } from "node:fs/promises";
import { basename } from "node:path";
import type { Core } from "../core/core.js";
import { loadCoreFromFile } from "../core/node.js";
import { ModuleAccount } from "../core/ledger.js";
import { NodeChain } from "../drivers/embedded.js";
import { type TxResult } from "../app/types.js";
import { ChainStateError } from "../app/types.js";
import { broadcastRequest } from "../wire/amino/stdtx.js";
import { REWARDS_POOL_ADDRESS, mergeJson, type Genesis, type Json } from "../app/genesis.js";
import { ValidationError } from "../errors.js";
import { TxError } from "../wire/errors.js";
import { type Command, type FlagSpecs, UsageError, formatFlags, groupThousands, oneLine } from "./common.js";
import { Progress } from "./progress.js";
import { genesisDoc, reserveAddress, validate, withBlocksPerYear, withPool, withTargetRate, withValidators } from "./genesis-input.js";
import { applySet, defaultScenarioJson, parseScenario, readScenarioDoc, type Cohort, type Scenario } from "./scenario.js";
import { DevKeySigner, type AminoMsg } from "./sim-signer.js";
import { grid, runSweep, sweepValues, type RunSummary } from "./sweep.js";
import { renderSimulation, renderSweep, simulationCsv, simulationJson, sweepCsv } from "./simulate-output.js";
import type { SimRow, Simulation, TxFailure } from "./sim-types.js";

export { COLUMNS, renderSimulation, simulationCsv, simulationJson, summarize } from "./simulate-output.js";
export type { SimRow, Simulation, TxFailure } from "./sim-types.js";

const E18 = 10n ** 18n;
export const YEAR_NS = 31_557_600n * 1_000_000_000n;
const MAX_CLAIM = 300;
/** The chain's gas (host/app/gas/): a lock uses about 210,000, a claim about 100,000 a position. */
const GAS_LIMIT = "100000000";
const NO_FEE = { amount: [] as { denom: string; amount: string }[], gas: GAS_LIMIT };
const EVENT = "chainmain.tieredrewards.v1.";

/** The genesis document and block time of a scenario. */
export async function scenarioGenesis(core: Core, s: Scenario): Promise<{ doc: Json; blockTimeNs: bigint; genesis: Genesis }> {
  let doc = await genesisDoc(core, s.genesis ?? undefined);
  if (s.genesisOverride !== null) doc = mergeJson(doc, s.genesisOverride);
  let g = validate(core, doc, "genesis_override");
  if (g.nodeState || g.sdk.staking) throw new UsageError("genesis: an exported state (app_state.node_state, or app_state.staking.validators) cannot be simulated; give a new chain's genesis");
  if (s.targetRate !== null) doc = withTargetRate(core, doc, s.targetRate);
  if (s.poolReserve !== null) {
    try {
      doc = withPool(core, doc, s.poolReserve);
    } catch (e) {
      if (e instanceof UsageError) throw new UsageError(`pool.reserve: ${e.message.replace(/^--pool:\s*/, "")}`);
      throw e;
    }
  }
  if (s.validators !== null) doc = withValidators(core, doc, s.validators);
  let blockTimeNs = s.blockTimeNs;
  if (blockTimeNs !== null) doc = withBlocksPerYear(doc, YEAR_NS / blockTimeNs);
  else {
    blockTimeNs = YEAR_NS / g.mint.params.blocksPerYear;
    if (blockTimeNs === 0n) blockTimeNs = 1n;
  }
  g = validate(core, doc, "genesis with the scenario's overrides");
  checkAgainstGenesis(s, g);
  return { doc, blockTimeNs, genesis: g };
}

/** What the genesis must have for the scenario: the cohorts' tiers and validators, a signable authority. */
function checkAgainstGenesis(s: Scenario, g: Genesis): void {
  const reserve = reserveAddress();
  if (!g.balances.some((b) => b.address === reserve)) {
    throw new UsageError(`genesis: no reserve account (dev key 0, ${reserve}): the scenario's actor`);
  }
  s.cohorts.forEach((c, i) => {
    const tier = g.tieredrewards.tiers.find((t) => t.id === c.tier);
    if (!tier) {
      throw new ValidationError(`no such tier (the genesis has: ${g.tieredrewards.tiers.map((t) => t.id).join(", ") || "none"})`, `cohorts[${i}].tier`);
    }
    if (c.amount < tier.minLockAmount) throw new ValidationError(`below tier ${c.tier}'s minimum lock of ${tier.minLockAmount} base units`, `cohorts[${i}].amount`);
    if (c.validator >= g.staking.validators.length) {
      throw new ValidationError(`no validator ${c.validator} (the genesis has ${g.staking.validators.length}, from 0)`, `cohorts[${i}].validator`);
    }
  });
  if (s.governance.length > 0 && g.gov.authority !== reserve) {
    throw new ValidationError(`the genesis's governance authority (${g.gov.authority}) is not dev key 0: the simulation cannot sign governance messages`, "governance");
  }
  s.governance.forEach((c, i) => {
    if (c.kind === "tier_apy" && !g.tieredrewards.tiers.some((t) => t.id === c.tier)) {
      throw new ValidationError("no such tier in the genesis", `governance[${i}].tier`);
    }
  });
}

interface Plan {
  what: string;
  /** The tx's messages and fee at delivery time, or null to skip. */
  build(): { msgs: AminoMsg[]; fee: bigint } | null;
  after?(r: TxResult, height: bigint): void;
}

interface Flow {
  fees: bigint;
  inflows: bigint;
  bonusPaid: bigint;
}

function coinAmount(value: string): bigint {
  const coins = JSON.parse(value) as { amount: string }[] | { amount: string };
  return (Array.isArray(coins) ? coins : [coins]).reduce((t, c) => t + BigInt(c.amount), 0n);
}

function attr(e: { attributes: { key: string; value: string }[] }, key: string): string | undefined {
  return e.attributes.find((a) => a.key === key)?.value;
}

/** Run the scenario. `onProgress(height, of)` is called between runs of blocks. */
export async function simulate(
  core: Core, s: Scenario, setup: { doc: Json; blockTimeNs: bigint }, onProgress?: (height: bigint, of: bigint) => void,
): Promise<Simulation> {
  const chain = NodeChain.inMemory(core, setup.doc, setup.blockTimeNs);
  const g = chain.genesis;
  const denom = chain.denom;
  const bpy = g.mint.params.blocksPerYear;
  const perMonth = bpy / 12n;
  const horizon = BigInt(s.months) * perMonth;
  const burned = g.bank.burnedBalance;
  const signer = new DevKeySigner(0);
  const reserve = signer.address;
  const validators = g.staking.validators.map((v) => v.operatorAddress);
  const commission0 = g.staking.validators[0]?.commissionRate ?? 0n;
  const dec = (v: bigint) => core.dec.format(v);
  const coin = (amount: bigint) => ({ denom, amount: `${amount}` });
  const send = (to: string, amount: bigint): AminoMsg => ({
    type: "cosmos-sdk/MsgSend", value: { from_address: reserve, to_address: to, amount: [coin(amount)] },
  });

  // ---- the schedule: plans by height ----
  const plans = new Map<bigint, Plan[]>();
  const heights: bigint[] = [];
  const at = (height: bigint, plan: Plan) => {
    const h = height > chain.latest.height ? height : chain.latest.height + 1n;
    let list = plans.get(h);
    if (!list) {
      list = [];
      plans.set(h, list);
      let i = heights.length;
      while (i > 0 && heights[i - 1]! > h) i--;
      heights.splice(i, 0, h);
    }
    list.push(plan);
  };
  /** The first block whose time is at or after `ns`. */
  const heightAt = (ns: bigint) => {
    const d = ns - g.genesisTimeNs;
    return d <= 0n ? 1n : (d + setup.blockTimeNs - 1n) / setup.blockTimeNs;
  };
  const monthStart = (m: number) => BigInt(m) * perMonth + 1n;

  const failures: TxFailure[] = [];
  const open = new Set<bigint>(); // positions locked, not undelegated
  const delegated = validators.map(() => 0n); // the reserve's own delegations (bonded ratio)
  let flow: Flow = { fees: 0n, inflows: 0n, bonusPaid: 0n };
  let txs = 0;

  const positionOf = (r: TxResult): bigint | null => {
    for (const e of r.events) {
      if (e.type === `${EVENT}EventPositionCreated`) return BigInt((JSON.parse(attr(e, "position") ?? "{}") as { id: string }).id);
    }
    return null;
  };
  const afterUnlock = (c: Cohort, id: bigint) => {
    if (c.onUnlock !== "undelegate") return;
    const p = chain.tiers.position(id);
    if (!p || p.exitUnlockAt === 0n) return;
    at(heightAt(p.exitUnlockAt), {
      what: `undelegate position ${id}`,
      build: () => ({ msgs: [positionMsg("MsgTierUndelegate", reserve, id)], fee: 0n }),
      after: (r, h) => {
        if (r.code !== 0) return;
        open.delete(id);
        const done = chain.latest.timeNs + g.staking.unbondingTimeNs;
        void h;
        at(heightAt(done) + 1n, { what: `withdraw position ${id}`, build: () => ({ msgs: [positionMsg("MsgWithdrawFromTier", reserve, id)], fee: 0n }) });
      },
    });
  };
  const scheduleCohort = (c: Cohort, i: number) => {
    at(monthStart(c.month), {
      what: `cohort ${i}: lock ${c.amount} in tier ${c.tier}`,
      build: () => ({
        msgs: [{
          type: "chainmain/MsgLockTier",
          value: { owner: reserve, id: c.tier, amount: `${c.amount}`, validator_address: validators[c.validator], trigger_exit_immediately: c.exit === "at_entry" },
        }],
        fee: 0n,
      }),
      after: (r) => {
        if (r.code !== 0) return;
        const id = positionOf(r);
        if (id === null) return;
        open.add(id);
        if (c.exit === "at_entry") afterUnlock(c, id);
        else if (typeof c.exit === "number") {
          at(monthStart(c.exit), {
            what: `cohort ${i}: trigger exit of position ${id}`,
            build: () => ({ msgs: [positionMsg("MsgTriggerExitFromTier", reserve, id)], fee: 0n }),
            after: (r2) => {
              if (r2.code === 0) afterUnlock(c, id);
            },
          });
        }
      },
    });
  };
  s.cohorts.forEach(scheduleCohort);

  /** Month m's start: inflows, governance, bonded ratio, claims; and its fee payments. */
  const scheduleMonth = (m: number) => {
    const h = monthStart(m);
    const phase = phaseAt(s, m);
    const inflow = s.inflows.filter((x) => x.month === m).reduce((t, x) => t + x.amount, 0n) + (phase?.revenuePerMonth ?? 0n);
    if (inflow > 0n) {
      at(h, {
        what: `month ${m}: ${inflow} into the rewards pool`,
        build: () => ({ msgs: [send(REWARDS_POOL_ADDRESS, inflow)], fee: 0n }),
        after: (r) => {
          if (r.code === 0) flow.inflows += inflow;
        },
      });
    }
    for (const c of s.governance.filter((x) => x.month === m)) {
      at(h, {
        what: c.kind === "target_rate" ? `month ${m}: target rate ${dec(c.rate)}` : `month ${m}: tier ${c.tier} bonus APY ${dec(c.bonusApy)}`,
        build: () => {
          if (c.kind === "target_rate") {
            return { msgs: [{ type: "chainmain/tieredrewards/MsgUpdateParams", value: { authority: reserve, params: { target_base_rewards_rate: dec(c.rate) } } }], fee: 0n };
          }
          const t = chain.tiers.tier(c.tier);
          if (!t) return null;
          return {
            msgs: [{
              type: "chainmain/MsgUpdateTier",
              value: { authority: reserve, tier: { id: t.id, exit_duration: `${t.exitDuration}s`, bonus_apy: dec(c.bonusApy), min_lock_amount: `${t.minLockAmount}`, close_only: t.closeOnly } },
            }],
            fee: 0n,
          };
        },
      });
    }
    for (const b of s.bondedRatio.filter((x) => x.month === m)) {
      let moves: bigint[] = [];
      at(h, {
        what: `month ${m}: bonded ratio ${dec(b.ratio)}`,
        build: () => {
          const target = (b.ratio * chain.totalSupply()) / E18;
          const diff = target - chain.ledger.pool().bonded;
          moves = validators.map(() => 0n);
          if (diff > 0n) {
            const each = diff / BigInt(validators.length);
            moves = moves.map((_, i) => each + (i === 0 ? diff - each * BigInt(validators.length) : 0n));
          } else {
            let left = -diff;
            moves = delegated.map((d) => {
              const take = d < left ? d : left;
              left -= take;
              return -take;
            });
          }
          const msgs = moves.flatMap((v, i): AminoMsg[] => v === 0n ? [] : [{
            type: v > 0n ? "cosmos-sdk/MsgDelegate" : "cosmos-sdk/MsgUndelegate",
            value: { delegator_address: reserve, validator_address: validators[i], amount: coin(v > 0n ? v : -v) },
          }]);
          return msgs.length === 0 ? null : { msgs, fee: 0n };
        },
        after: (r) => {
          if (r.code === 0) moves.forEach((v, i) => (delegated[i]! += v));
        },
      });
    }
    if (m > 0 && s.claims.everyMonths > 0 && m % s.claims.everyMonths === 0) {
      at(h, {
        what: `month ${m}: claim`,
        build: () => {
          const ids = [...open];
          if (ids.length === 0) return null;
          const msgs: AminoMsg[] = [];
          for (let i = 0; i < ids.length; i += MAX_CLAIM) {
            msgs.push({ type: "chainmain/MsgClaimTierRewards", value: { owner: reserve, position_ids: ids.slice(i, i + MAX_CLAIM).map((x) => `${x}`) } });
          }
          return { msgs, fee: 0n };
        },
      });
    }
    // Fees of month m (its blocks m*perMonth+1 .. (m+1)*perMonth): the year's amount split exactly.
    if (s.fees.perYear > 0n && m < s.months) {
      const year = Math.floor(m / 12);
      let perYear = s.fees.perYear;
      for (let y = 0; y < year; y++) perYear = (perYear * (E18 + s.fees.growth)) / E18;
      const P = BigInt(s.fees.paymentsPerMonth);
      const slots = 12n * P;
      for (let j = 0n; j < P; j++) {
        const k = BigInt(m % 12) * P + j;
        const fee = (perYear * (k + 1n)) / slots - (perYear * k) / slots;
        if (fee === 0n) continue;
        at(BigInt(m) * perMonth + (j * perMonth) / P + 1n, {
          what: `month ${m}: fee payment ${j}`,
          build: () => ({ msgs: [send(reserve, 1n)], fee }),
        });
      }
    }
  };

  // ---- running ----
  const snapshot = () => ({
    height: chain.latest.height,
    timeNs: chain.latest.timeNs,
    totalSupply: chain.totalSupply(),
    pool: chain.ledger.balance(ModuleAccount.rewardsPool),
    feeCollector: chain.ledger.balance(ModuleAccount.feeCollector),
    communityPool: chain.ledger.communityPool(),
    bonded: chain.ledger.pool().bonded,
  });
  type Snap = ReturnType<typeof snapshot>;
  const reserveId = () => chain.directory.accountId(reserve);

  const rowOf = (m: number, prev: Snap | null, cur: Snap, f: Flow): SimRow => {
    const targetRate = chain.tiers.params().targetBaseRewardsRate;
    const minted = prev ? cur.totalSupply - prev.totalSupply : 0n;
    const topUp = prev ? f.inflows - f.bonusPaid - (cur.pool - prev.pool) : 0n;
    let baseApy: bigint | null = null;
    if (prev) {
      const blocks = cur.height - prev.height;
      const stakers = (minted + f.fees + topUp - (cur.feeCollector - prev.feeCollector)) * E18 - (cur.communityPool - prev.communityPool);
      baseApy = cur.bonded > 0n && blocks > 0n ? (stakers * bpy) / (cur.bonded * blocks) : 0n;
      if (baseApy < 0n) baseApy = 0n;
    }
    const rid = reserveId();
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
      owedBonus: rid === undefined ? 0n : chain.tiers.owedBonus(rid),
      pool: cur.pool,
      poolInflows: f.inflows,
      bonded: cur.bonded,
      bondedRatio: cur.totalSupply > 0n ? (cur.bonded * E18) / cur.totalSupply : 0n,
      baseApy,
      targetRate,
      tierApys: chain.tiers.tiers().map((t) => ({
        tier: t.id,
        bonusApy: t.bonusApy,
        totalApy: baseApy === null ? null : (baseApy * (E18 - commission0)) / E18 + t.bonusApy,
      })),
      positions: open.size,
    };
  };

  let poolDry: Simulation["poolDry"] = null;
  const checkDry = (m: number) => {
    if (!poolDry && chain.ledger.balance(ModuleAccount.rewardsPool) === 0n) {
      poolDry = { height: chain.latest.height, month: m, timeNs: chain.latest.timeNs };
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

  /** The block at `h` (= the next height) with its plans' txs. */
  const runPlanned = async (h: bigint, m: number) => {
    const list = plans.get(h) ?? [];
    plans.delete(h);
    heights.shift();
    const acct = chain.directory.account(reserve);
    let seq = acct?.sequence ?? 0n;
    const pending: { plan: Plan; included: Promise<TxResult>; fee: bigint }[] = [];
    for (const plan of list) {
      const built = plan.build();
      if (!built || !acct) continue;
      const fee = built.fee === 0n ? NO_FEE : { amount: [coin(built.fee)], gas: GAS_LIMIT };
      const body = signer.sign(built.msgs, fee, chain.chainId, acct.accountNumber, seq);
      try {
        const { included } = chain.submit(broadcastRequest(body).tx);
        pending.push({ plan, included, fee: built.fee });
        seq++;
      } catch (e) {
        if (!(e instanceof TxError)) throw e;
        failures.push({ height: h, what: plan.what, log: e.log });
      }
    }
    txs += pending.length;
    await advance(1n);
    for (const p of pending) {
      const r = await p.included;
      if (r.events.some((e) => e.type === "tx")) flow.fees += p.fee; // the ante took the fee
      if (r.code !== 0) {
        failures.push({ height: h, what: p.plan.what, log: r.rawLog });
        continue;
      }
      for (const e of r.events) {
        if (e.type === `${EVENT}EventBonusRewardsClaimed`) flow.bonusPaid += coinAmount(attr(e, "rewards") ?? "[]");
        if (e.type === `${EVENT}EventOwedBonusPaid`) flow.bonusPaid += coinAmount(attr(e, "amount") ?? "[]");
      }
      p.plan.after?.(r, h);
    }
    checkDry(m);
  };

  let prev = snapshot();
  const rows: SimRow[] = [rowOf(0, null, prev, flow)];
  if (prev.pool === 0n) poolDry = { height: prev.height, month: 0, timeNs: prev.timeNs };
  for (let m = 1; m <= s.months; m++) {
    scheduleMonth(m - 1);
    const end = BigInt(m) * perMonth;
    while (chain.latest.height < end) {
      const next = chain.latest.height + 1n;
      if (heights[0] === next) {
        await runPlanned(next, m);
        continue;
      }
      const stop = heights.length > 0 && heights[0]! <= end ? heights[0]! - 1n : end;
      let n = stop - chain.latest.height;
      const targetRate = chain.tiers.params().targetBaseRewardsRate;
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
    rows.push(rowOf(m, prev, cur, flow));
    prev = cur;
    flow = { fees: 0n, inflows: 0n, bonusPaid: 0n };
  }
  onProgress?.(chain.latest.height, horizon);
  return {
    genesis: g, blocksPerYear: bpy, blocksPerMonth: perMonth, blockTimeNs: setup.blockTimeNs, months: s.months,
    rows, poolDry, failures, txs, appHash: chain.latestBlock().appHash,
  };
}

function positionMsg(name: string, owner: string, id: bigint): AminoMsg {
  return { type: `chainmain/${name}`, value: { owner, position_id: `${id}` } };
}

/** The phase in force during month m (0-based: the month after `m` months). */
function phaseAt(s: Scenario, m: number) {
  let p = undefined as Scenario["phases"][number] | undefined;
  for (const x of s.phases) if (x.month <= m) p = x;
  return p;
}

// ---- the command ----

const FLAGS = {
  scenario: { type: "string", value: "FILE", description: "the scenario, a JSON or YAML (.yaml/.yml) file (every field defaulted; see --print-scenario; decimals as strings)" },
  set: { type: "string", value: "KEY=VALUE", description: "override a scenario field, repeatable: months=24, fees.per_year=1000000, cohorts[0].amount=5" },
  sweep: {
    type: "string", value: "KEY=FROM:TO:STEP|KEY=V1,V2",
    description: "run every combination of the sweeps on worker threads (one core each) and print one summary row per run; repeatable",
  },
  every: { type: "string", value: "month|year", default: "month", description: "table rows per month or per year (flows summed)" },
  json: { type: "boolean", description: "print the simulation as JSON with exact values" },
  csv: { type: "boolean", description: "print one CSV row per month with exact values" },
  chart: {
    type: "string", value: "FILE.svg",
    description: "also draw supply, the rewards pool and the APYs over time into an SVG file (ECharts, server-side); with --sweep: " +
      "small multiples over one swept key, heat maps (runway, mean base APY) over two",
  },
  "print-scenario": { type: "boolean", description: "print the scenario (defaults, file and --set applied) as JSON and exit" },
  help: { type: "boolean", short: "h", description: "show this help" },
} satisfies FlagSpecs;

function usage(): string {
  return [
    "Usage: npm run simulate -- [--scenario FILE] [--set KEY=VALUE ...] [--json | --csv] [flags]",
    "",
    "Run a scenario block by block on the chain itself (the node's code: mint, top-up from the pool,",
    "distribution; the scenario's actions as signed txs through CheckTx and DeliverTx): tier cohorts",
    "locking, exiting and unbonding, monthly claims, fee revenue with growth, the pool's reserve and",
    "phases with protocol-revenue deposits, a bonded ratio over time, governance changes of the",
    "target rate or a tier's APY. Reports per month supply, circulating, inflation, minted, fees,",
    "top-up and bonus paid, owed bonus, pool balance and inflows, bonded, base and tier APYs, and the",
    "block and date the rewards pool runs dry. Progress with ETA on stderr.",
    "",
    "Flags:",
    formatFlags(FLAGS),
    "",
    "Scenario fields (months are the chain's: floor(blocks_per_year / 12) blocks; an event at month m",
    "happens in block m x blocks_per_month + 1; tokens and rates are decimal strings):",
    "  genesis (file|null), genesis_override (object laid over the genesis|null), months (60),",
    "  block_time (\"5s\"|null: the genesis's), target_rate (\"0.03\"|null), pool.reserve (tokens|null),",
    "  pool.inflows [{month, amount}], phases [{name, month, revenue_per_month}],",
    "  fees {per_year, growth, payments_per_month (30)}, bonded_ratio [{month, ratio}],",
    "  cohorts [{month, tier, amount, validator (0), exit (\"never\"|\"at_entry\"|month), on_unlock (\"stay\"|\"undelegate\")}],",
    "  claims {every_months (1; 0: never)}, governance [{month, target_rate} | {month, tier, bonus_apy}],",
    "  validators ({count, commissions [\"0.05\", ...] cycled by index, self_delegation (tokens)}|null: the genesis's).",
    "The actor is dev key 0 (the default genesis's reserve and governance authority).",
  ].join("\n");
}

function parseSimFlags(argv: string[]) {
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        scenario: { type: "string" }, set: { type: "string", multiple: true }, sweep: { type: "string", multiple: true }, every: { type: "string", default: "month" },
        json: { type: "boolean" }, csv: { type: "boolean" }, chart: { type: "string" }, "print-scenario": { type: "boolean" }, help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError(oneLine((e as Error).message));
  }
  return {
    scenario: values.scenario as string | undefined,
    set: (values.set as string[] | undefined) ?? [],
    sweep: (values.sweep as string[] | undefined) ?? [],
    every: values.every as string,
    json: values.json === true,
    csv: values.csv === true,
    chart: values.chart as string | undefined,
    printScenario: values["print-scenario"] === true,
    help: values.help === true,
  };
}

/** The scenario of a command line: the file (or the defaults), then each --set; validated. */
export async function loadScenario(core: Core, file: string | undefined, sets: string[]): Promise<{ doc: Json; scenario: Scenario }> {
  const where = (e: ValidationError, source: string) => new UsageError(`${source}: ${e.message}`);
  let doc: Json;
  try {
    doc = file === undefined ? defaultScenarioJson() : await readScenarioDoc(file);
  } catch (e) {
    if (e instanceof ValidationError) throw new UsageError(`--scenario ${e.message}`);
    throw e;
  }
  for (const s of sets) {
    try {
      doc = applySet(doc, s);
    } catch (e) {
      if (e instanceof ValidationError) throw where(e, `--set ${s}`);
      throw e;
    }
  }
  try {
    return { doc, scenario: parseScenario(doc, core.dec) };
  } catch (e) {
    if (e instanceof ValidationError) throw where(e, file === undefined ? "scenario" : `scenario ${file}`);
    throw e;
  }
}

async function run(argv: string[]): Promise<number> {
  const f = parseSimFlags(argv);
  if (f.help) {
    process.stdout.write(usage() + "\n");
    return 0;
  }
  if (f.json && f.csv) throw new UsageError("give --json or --csv, not both");
  if (f.chart !== undefined && f.chart.trim() === "") throw new UsageError("--chart: empty file name");
  if (f.every !== "month" && f.every !== "year") throw new UsageError(`--every ${JSON.stringify(f.every)}: must be month or year`);
  const core = await loadCoreFromFile();
  const { scenario } = await loadScenario(core, f.scenario, f.set);
  if (f.printScenario) {
    const { doc } = await loadScenario(core, f.scenario, f.set);
    process.stdout.write(JSON.stringify(mergeJson(defaultScenarioJson(), doc), null, 2) + "\n");
    return 0;
  }
  if (f.sweep.length > 0) {
    const swept = f.sweep.map((x) => sweepValues(core, x));
    if (f.chart !== undefined && swept.length > 2) {
      throw new UsageError(`--chart draws a sweep of one or two keys (small multiples, or heat maps); this one has ${swept.length}`);
    }
    const points = grid(swept);
    // Every point's scenario validated up front: a bad value is a usage error before any thread starts.
    for (const p of points) {
      const { scenario: sc } = await loadScenario(core, f.scenario, [...f.set, ...p]);
      try {
        await scenarioGenesis(core, sc);
      } catch (e) {
        if (e instanceof ValidationError) throw new UsageError(`--sweep ${p.join(" ")}: scenario: ${e.message}`);
        throw e;
      }
    }
    const progress = new Progress(process.stderr);
    const started = Date.now();
    let rows: RunSummary[];
    try {
      rows = await runSweep(points.map((p) => ({ file: f.scenario, sets: [...f.set, ...p] })), undefined, (done, of) => {
        const eta = Math.ceil(((Date.now() - started) * (of - done)) / done / 1000);
        progress.update(`sweep: ${done}/${of} runs, ETA ${eta} s …`);
      });
    } finally {
      progress.done();
    }
    rows = rows.map((r, i) => ({ ...r, sets: points[i]! }));
    if (f.chart !== undefined) {
      const keys = swept.map((assignments) => {
        const key = assignments[0]!.slice(0, assignments[0]!.indexOf("="));
        return { key, values: assignments.map((x) => x.slice(key.length + 1)) };
      });
      const { sweepChart } = await import("./chart.js");
      await writeChart(f.chart, sweepChart(rows, keys, `Sweep of ${keys.map((k) => k.key).join(" x ")}${f.scenario ? `: ${basename(f.scenario)}` : ""}`));
    }
    if (f.json) process.stdout.write(JSON.stringify({ runs: rows }, null, 2) + "\n");
    else if (f.csv) process.stdout.write(sweepCsv(rows));
    else process.stdout.write(renderSweep(rows) + "\n");
    return 0;
  }
  let setup: Awaited<ReturnType<typeof scenarioGenesis>>;
  try {
    setup = await scenarioGenesis(core, scenario);
  } catch (e) {
    if (e instanceof ValidationError) throw new UsageError(`scenario: ${e.message}`);
    throw e;
  }
  const progress = new Progress(process.stderr);
  const started = Date.now();
  let sim: Simulation;
  try {
    sim = await simulate(core, scenario, setup, (h, of) => {
      const ms = Date.now() - started;
      const eta = h > 0n ? Number(((of - h) * BigInt(ms)) / h) / 1000 : 0;
      progress.update(`simulating block ${groupThousands(h)}/${groupThousands(of)} (${of > 0n ? (h * 100n) / of : 100n}%), ETA ${Math.ceil(eta)} s …`);
    });
  } finally {
    progress.done();
  }
  if (f.chart !== undefined) {
    const { simulationChart } = await import("./chart.js"); // ECharts only when a chart is asked for
    await writeChart(f.chart, simulationChart(sim, `Simulation over ${sim.months} months${f.scenario ? `: ${basename(f.scenario)}` : ""}`));
  }
  if (f.json) process.stdout.write(JSON.stringify(simulationJson(core, sim), null, 2) + "\n");
  else if (f.csv) process.stdout.write(simulationCsv(core, sim));
  else process.stdout.write(renderSimulation(sim, f.every === "year" ? 12 : 1) + "\n");
  return 0;
}

async function writeChart(file: string, svg: string): Promise<void> {
  try {
    await writeFile(file, svg);
  } catch (e) {
    throw new UsageError(`--chart ${file}: cannot write: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

export const simulateCommand: Command = {
  summary: "run a scenario (tier cohorts, fees, pool phases, governance) block by block on the chain",
  usage,
  run,
};
