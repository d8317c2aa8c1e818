// What a scenario does, as plans by height (host/scenario/sim-txs.ts sends them): tier cohorts locking,
// triggering exit, undelegating at the unlock and withdrawing after the unbonding; each month's
// deposits into the rewards pool, governance changes, bonded-ratio moves, claims and fee payments.
// The actor is dev key 0, the reserve: it owns the cohorts' positions, pays the fees and, as the
// default genesis's governance authority, signs the governance messages.
//
// Month m starts at block m x blocks_per_month + 1; a month's fee payments are a year's fees split
// exactly over its payments (growing by `growth` each year), each the fee of a self-send.

import type { Core } from "../core/core.js";
import type { NodeChain } from "../drivers/embedded.js";
import type { TxResult } from "../framework/types.js";
import { REWARDS_POOL_ADDRESS } from "../app/genesis.js";
import type { Cohort, Scenario } from "./scenario.js";
import type { AminoMsg } from "./sim-signer.js";
import type { Plan } from "./sim-txs.js";
import { decPercent, groupThousands, wholeTokens } from "./numbers.js";
import type { DescMessage } from "@bufbuild/protobuf";
import { aminoTypeName } from "../wire/amino/amino-json.js";
import { MsgSendSchema } from "../wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { MsgDelegateSchema, MsgUndelegateSchema } from "../wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import {
  file_chainmain_tieredrewards_v1_tx, MsgClaimTierRewardsSchema, MsgLockTierSchema, MsgUpdateParamsSchema as TierUpdateParamsSchema, MsgUpdateTierSchema,
} from "../wire/gen/chainmain/tieredrewards/v1/tx_pb.js";

const E18 = 10n ** 18n;
/** Positions per MsgClaimTierRewards (the chain's limit). */
const MAX_CLAIM = 300;
export const EVENT = "chainmain.tieredrewards.v1.";

export function attr(e: { attributes: { key: string; value: string }[] }, key: string): string | undefined {
  return e.attributes.find((a) => a.key === key)?.value;
}

/** The amount of a coin or coin list attribute (the bond denom's only). */
export function coinAmount(value: string): bigint {
  const coins = JSON.parse(value) as { amount: string }[] | { amount: string };
  return (Array.isArray(coins) ? coins : [coins]).reduce((t, c) => t + BigInt(c.amount), 0n);
}

/** A message's amino name from the schema (its `amino.name` option), as the legacy StdTx this engine signs names it. */
function amino(schema: DescMessage): string {
  return aminoTypeName(schema);
}

/** A tier message of one position, by its schema's name (`MsgTriggerExitFromTier`, …). */
function positionMsg(name: string, owner: string, id: bigint): AminoMsg {
  const schema = file_chainmain_tieredrewards_v1_tx.messages.find((d) => d.name === name);
  if (schema === undefined) throw new Error(`no tier message ${name}`);
  return { type: amino(schema), value: { owner, position_id: `${id}` } };
}

/** The phase in force during month m (0-based: the month after `m` months). */
export function phaseAt(s: Scenario, m: number): Scenario["phases"][number] | undefined {
  let p = undefined as Scenario["phases"][number] | undefined;
  for (const x of s.phases) if (x.month <= m) p = x;
  return p;
}

/** The scenario's plans by height, and what its txs did so far (positions, the reserve's delegations, pool inflows). */
export class ScenarioPlanner {
  private readonly plans = new Map<bigint, Plan[]>();
  /** Planned heights, ascending. */
  readonly heights: bigint[] = [];
  /** Positions locked and not undelegated. */
  readonly open = new Set<bigint>();
  /** Every position the scenario created, with its tier. */
  readonly tierOf = new Map<bigint, number>();
  /** The reserve's own delegations per validator (the bonded ratio's). */
  private readonly delegated: bigint[];
  /** What the scenario asked that the chain could only do in part, said (not failed): a bonded ratio clamped to its floor. */
  readonly warnings: { height: bigint; what: string; warning: string }[] = [];
  /** Inflows into the pool whose txs succeeded, since the last `takeInflows`. */
  private inflows = 0n;
  private readonly perMonth: bigint;
  private readonly validators: string[];

  constructor(
    private readonly core: Core, private readonly chain: NodeChain, private readonly s: Scenario, private readonly reserve: string,
    private readonly blockTimeNs: bigint,
  ) {
    this.perMonth = chain.genesis.mint.params.blocksPerYear / 12n;
    this.validators = chain.genesis.staking.validators.map((v) => v.operatorAddress);
    this.delegated = this.validators.map(() => 0n);
    s.cohorts.forEach((c, i) => this.scheduleCohort(c, i));
  }

  /** The plans of height `h`, removed from the schedule. */
  take(h: bigint): Plan[] {
    const list = this.plans.get(h) ?? [];
    this.plans.delete(h);
    if (this.heights[0] === h) this.heights.shift();
    return list;
  }

  takeInflows(): bigint {
    const v = this.inflows;
    this.inflows = 0n;
    return v;
  }

  private at(height: bigint, plan: Plan): void {
    const next = this.chain.latest.height + 1n;
    const h = height > next ? height : next;
    let list = this.plans.get(h);
    if (!list) {
      list = [];
      this.plans.set(h, list);
      let i = this.heights.length;
      while (i > 0 && this.heights[i - 1]! > h) i--;
      this.heights.splice(i, 0, h);
    }
    list.push(plan);
  }

  /**
   * The first block whose tx sees time `ns` reached: the block after the first block at or after
   * it, since a tx is simulated on the last block's state and time (as a wallet simulates it).
   */
  private heightAfter(ns: bigint): bigint {
    const d = ns - this.chain.genesis.genesisTimeNs;
    return (d <= 0n ? 0n : (d + this.blockTimeNs - 1n) / this.blockTimeNs) + 1n;
  }

  private monthStart(m: number): bigint {
    return BigInt(m) * this.perMonth + 1n;
  }

  private positionOf(r: TxResult): bigint | null {
    for (const e of r.events) {
      if (e.type === `${EVENT}EventPositionCreated`) return BigInt((JSON.parse(attr(e, "position") ?? "{}") as { id: string }).id);
    }
    return null;
  }

  private afterUnlock(c: Cohort, id: bigint): void {
    if (c.onUnlock !== "undelegate") return;
    const p = this.chain.app.tiers.position(id);
    if (!p || p.exitUnlockAt === 0n) return;
    const reserve = this.reserve;
    this.at(this.heightAfter(p.exitUnlockAt), {
      what: `undelegate position ${id}`,
      build: () => ({ msgs: [positionMsg("MsgTierUndelegate", reserve, id)], fee: 0n }),
      after: (r) => {
        if (r.code !== 0) return;
        this.open.delete(id);
        const done = this.chain.latest.timeNs + this.chain.genesis.staking.unbondingTimeNs;
        this.at(this.heightAfter(done), { what: `withdraw position ${id}`, build: () => ({ msgs: [positionMsg("MsgWithdrawFromTier", reserve, id)], fee: 0n }) });
      },
    });
  }

  private scheduleCohort(c: Cohort, i: number): void {
    const reserve = this.reserve;
    this.at(this.monthStart(c.month), {
      what: `cohort ${i}: lock ${c.amount} in tier ${c.tier}`,
      build: () => ({
        msgs: [{
          type: amino(MsgLockTierSchema),
          value: { owner: reserve, id: c.tier, amount: `${c.amount}`, validator_address: this.validators[c.validator], trigger_exit_immediately: c.exit === "at_entry" },
        }],
        fee: 0n,
      }),
      after: (r) => {
        if (r.code !== 0) return;
        const id = this.positionOf(r);
        if (id === null) return;
        this.open.add(id);
        this.tierOf.set(id, c.tier);
        if (c.exit === "at_entry") this.afterUnlock(c, id);
        else if (typeof c.exit === "number") {
          this.at(this.monthStart(c.exit), {
            what: `cohort ${i}: trigger exit of position ${id}`,
            build: () => ({ msgs: [positionMsg("MsgTriggerExitFromTier", reserve, id)], fee: 0n }),
            after: (r2) => {
              if (r2.code === 0) this.afterUnlock(c, id);
            },
          });
        }
      },
    });
  }

  /** Month m's start: inflows, governance, bonded ratio, claims; and its fee payments. */
  scheduleMonth(m: number): void {
    const s = this.s;
    const chain = this.chain;
    const reserve = this.reserve;
    const denom = chain.denom;
    const dec = (v: bigint) => this.core.dec.format(v);
    const coin = (amount: bigint) => ({ denom, amount: `${amount}` });
    const send = (to: string, amount: bigint): AminoMsg => ({
      type: amino(MsgSendSchema), value: { from_address: reserve, to_address: to, amount: [coin(amount)] },
    });
    const h = this.monthStart(m);
    const phase = phaseAt(s, m);
    const claiming = m > 0 && s.claims.everyMonths > 0 && m % s.claims.everyMonths === 0;
    // revenue_first: a claim month's revenue goes in the claim's tx, before the claim (below).
    const withClaim = s.bonusFunding === "revenue_first" && claiming ? (phase?.revenuePerMonth ?? 0n) : 0n;
    const inflow = s.inflows.filter((x) => x.month === m).reduce((t, x) => t + x.amount, 0n) + (phase?.revenuePerMonth ?? 0n) - withClaim;
    if (inflow > 0n) {
      this.at(h, {
        what: `month ${m}: ${inflow} into the rewards pool`,
        build: () => ({ msgs: [send(REWARDS_POOL_ADDRESS, inflow)], fee: 0n }),
        after: (r) => {
          if (r.code === 0) this.inflows += inflow;
        },
      });
    }
    for (const c of s.governance.filter((x) => x.month === m)) {
      this.at(h, {
        what: c.kind === "target_rate" ? `month ${m}: target rate ${dec(c.rate)}` : `month ${m}: tier ${c.tier} bonus APY ${dec(c.bonusApy)}`,
        build: () => {
          if (c.kind === "target_rate") {
            return { msgs: [{ type: amino(TierUpdateParamsSchema), value: { authority: reserve, params: { target_base_rewards_rate: dec(c.rate) } } }], fee: 0n };
          }
          const t = chain.app.tiers.tier(c.tier);
          if (!t) return null;
          return {
            msgs: [{
              type: amino(MsgUpdateTierSchema),
              value: { authority: reserve, tier: { id: t.id, exit_duration: `${t.exitDuration}s`, bonus_apy: dec(c.bonusApy), min_lock_amount: `${t.minLockAmount}`, close_only: t.closeOnly } },
            }],
            fee: 0n,
          };
        },
      });
    }
    for (const b of s.bondedRatio.filter((x) => x.month === m)) {
      let moves: bigint[] = [];
      const validators = this.validators;
      this.at(h, {
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
            moves = this.delegated.map((d) => {
              const take = d < left ? d : left;
              left -= take;
              return -take;
            });
            // The reserve undelegates only what it delegated: the validators' own delegations and
            // the positions' are not its to move. Below that floor the target is clamped to it and
            // said as a warning (docs/notebook.md, "Bonded-ratio targets below the floor").
            if (left > 0n) {
              const supply = chain.totalSupply();
              const floor = chain.ledger.pool().bonded - this.delegated.reduce((t, d) => t + d, 0n);
              const floorRatio = supply > 0n ? (floor * E18) / supply : 0n;
              this.warnings.push({
                height: chain.latest.height + 1n,
                what: `month ${m}: bonded ratio ${dec(b.ratio)}`,
                warning: `below the floor of ${dec(floorRatio)} (${decPercent(floorRatio, 2)} %): ${groupThousands(wholeTokens(floor))} tokens are bonded by the validators' own delegations and the ` +
                  `scenario's positions, which the reserve cannot undelegate; clamped to the floor (the reserve undelegates all it delegated)`,
              });
            }
          }
          const msgs = moves.flatMap((v, i): AminoMsg[] => v === 0n ? [] : [{
            type: amino(v > 0n ? MsgDelegateSchema : MsgUndelegateSchema),
            value: { delegator_address: reserve, validator_address: validators[i], amount: coin(v > 0n ? v : -v) },
          }]);
          return msgs.length === 0 ? null : { msgs, fee: 0n };
        },
        after: (r) => {
          if (r.code === 0) moves.forEach((v, i) => (this.delegated[i]! += v));
        },
      });
    }
    if (claiming) {
      const deposit: Plan | undefined = withClaim === 0n ? undefined : {
        what: `month ${m}: ${withClaim} into the rewards pool`,
        build: () => ({ msgs: [send(REWARDS_POOL_ADDRESS, withClaim)], fee: 0n }),
        after: (r) => {
          if (r.code === 0) this.inflows += withClaim;
        },
      };
      this.at(h, {
        what: deposit ? `month ${m}: ${withClaim} into the rewards pool, then claim` : `month ${m}: claim`,
        build: () => {
          const ids = [...this.open];
          if (ids.length === 0) return deposit ? deposit.build() : null;
          const msgs: AminoMsg[] = deposit ? [send(REWARDS_POOL_ADDRESS, withClaim)] : [];
          for (let i = 0; i < ids.length; i += MAX_CLAIM) {
            msgs.push({ type: amino(MsgClaimTierRewardsSchema), value: { owner: reserve, position_ids: ids.slice(i, i + MAX_CLAIM).map((x) => `${x}`) } });
          }
          return { msgs, fee: 0n };
        },
        ...(deposit ? { after: deposit.after!, fallback: deposit } : {}),
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
        this.at(BigInt(m) * this.perMonth + (j * this.perMonth) / P + 1n, {
          what: `month ${m}: fee payment ${j}`,
          feeBlocks: ((j + 1n) * this.perMonth) / P - (j * this.perMonth) / P,
          build: () => ({ msgs: [send(reserve, 1n)], fee }),
        });
      }
    }
  }
}
