// rewards.json through the core: every base-rewards top-up case (allocations included) and every
// segment-bonus case, field by field as the reference printed them.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { core } from "../helpers/core.js";
import { computeTopUp, segmentBonus, type Instant, type TopUpResult } from "../../host/core/rewards.js";
import { readVectors } from "./vectors.js";

interface TopUpCase {
  label: string;
  inputs: {
    total_bonded: string;
    target_base_rewards_rate: string;
    blocks_per_year: string;
    fee_collector_balance: string;
    community_tax: string;
    pool_balance: string;
    powers: string[];
  };
  expected: Record<string, unknown>;
}
interface Time {
  unix: string;
  nanos: string;
}
interface SegmentCase {
  label: string;
  inputs: {
    shares: string;
    tokens_per_share: string;
    bonus_apy: string;
    segment_start: Time;
    segment_end: Time;
    exit_unlock_at: Time | null;
  };
  expected: { effective_end: Time; duration_seconds: string; tokens: string | null; bonus: string };
}

const file = readVectors<{ bond_denom: string; top_up_cases: TopUpCase[]; segment_bonus_cases: SegmentCase[] }>(
  "rewards.json",
);
const d = core.dec;
const instant = (t: Time): Instant => ({ unix: BigInt(t.unix), nanos: Number(t.nanos) });

/** The result in the vectors' own shape: present fields only, coins as `<dec><denom>` or "". */
function render(r: TopUpResult, denom: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (r.targetPerBlock !== undefined) out.target_stakers_reward_per_block = d.format(r.targetPerBlock);
  if (r.defaultPerBlock !== undefined) out.default_stakers_reward_per_block = d.format(r.defaultPerBlock);
  if (r.shortfall !== undefined) out.shortfall = r.shortfall.toString();
  if (r.totalPower !== undefined) out.total_power = r.totalPower.toString();
  out.outcome = r.outcome;
  out.top_up = r.topUp.toString();
  out.allocations = r.allocations.map((a) => ({
    power: a.power.toString(),
    power_fraction: a.fraction === null ? null : d.format(a.fraction),
    reward: a.reward === 0n ? "" : d.format(a.reward) + denom,
  }));
  return out;
}

const Rewards = suite("golden rewards.json");

if (file) {
  Rewards(`${file.top_up_cases.length} top-up cases, allocations included`, () => {
    const failures: string[] = [];
    for (const c of file.top_up_cases) {
      const i = c.inputs;
      const got = render(
        computeTopUp(core, {
          totalBonded: BigInt(i.total_bonded),
          targetBaseRewardsRate: d.parse(i.target_base_rewards_rate),
          blocksPerYear: BigInt(i.blocks_per_year),
          feeCollectorBalance: BigInt(i.fee_collector_balance),
          communityTax: d.parse(i.community_tax),
          poolBalance: BigInt(i.pool_balance),
          powers: i.powers.map(BigInt),
        }),
        file.bond_denom,
      );
      const want = JSON.stringify(c.expected);
      if (JSON.stringify(got) !== want) failures.push(`${c.label}:\n want ${want.slice(0, 400)}\n got  ${JSON.stringify(got).slice(0, 400)}`);
    }
    assert.equal(failures, [], failures.slice(0, 5).join("\n"));
  });

  Rewards(`${file.segment_bonus_cases.length} segment bonus cases`, () => {
    const failures: string[] = [];
    for (const c of file.segment_bonus_cases) {
      const i = c.inputs;
      const r = segmentBonus(core, {
        shares: d.parse(i.shares),
        tokensPerShare: d.parse(i.tokens_per_share),
        bonusApy: d.parse(i.bonus_apy),
        start: instant(i.segment_start),
        end: instant(i.segment_end),
        exitUnlockAt: i.exit_unlock_at ? instant(i.exit_unlock_at) : null,
      });
      const got = {
        effective_end: { unix: r.effectiveEnd.unix.toString(), nanos: String(r.effectiveEnd.nanos) },
        duration_seconds: r.durationSeconds.toString(),
        tokens: r.tokens === null ? null : d.format(r.tokens),
        bonus: r.bonus.toString(),
      };
      if (JSON.stringify(got) !== JSON.stringify(c.expected)) {
        failures.push(`${c.label}: want ${JSON.stringify(c.expected)}, got ${JSON.stringify(got)}`);
      }
    }
    assert.equal(failures, [], failures.slice(0, 5).join("\n"));
  });
}

Rewards.run();
