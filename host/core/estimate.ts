// What a tier position would earn over a period: the computation behind `npm run estimate`
// (host/cli/estimate.ts, which documents the formulas) and the web engine's `estimate`
// (host/web/engine.ts). Browser-safe: the core and plain bigint arithmetic, no Node API.
//
// Base rewards: floor(amount x target x (1 - commission) x secs / 31557600), exact integers; with a
// rate path (a simulation's monthly base APY), floor(amount x Σ apy_i x secs_i x (1 - commission) /
// 31557600), truncated once.
// Bonus: the core's segmentBonus, one segment from entry to the end of the period at 1 token per
// share, ending at the exit commitment's unlock when exit is triggered at entry.
// With exit triggered at entry the holder leaves at the unlock (MsgTierUndelegate): the tokens
// unbond for x/staking's unbonding time and earn nothing meanwhile, as on the chain, so base
// rewards stop at the unlock too (secs = min(period, commitment)).

import type { Core } from "./core.js";
import { segmentBonus, type Instant } from "./rewards.js";

const E18 = 10n ** 18n;
/** Seconds of the bonus year (365.25 days), REFERENCE §6.1. */
export const SECONDS_PER_YEAR = 31_557_600n;

/** What the estimate needs of a tier (host/app/genesis.ts `Tier` has these and more). */
export interface EstimateTier {
  id: number;
  exitDurationNs: bigint;
  /** Raw Dec in [0, 1]. */
  bonusApy: bigint;
}

export interface EstimateInputs {
  /** Base units. */
  amount: bigint;
  tier: EstimateTier;
  /** Whole seconds of the period. */
  seconds: bigint;
  /** Raw Decs in [0, 1]. */
  commission: bigint;
  targetRate: bigint;
  exitNow: boolean;
  /** Entry time (unix ns); only moves the times shown. */
  startNs: bigint;
  /** x/staking's unbonding time (ns) after the unlock with exitNow; 28 days when omitted. */
  unbondingNs?: bigint;
  /**
   * The stakers' base APY (raw Dec, before commission) period by period from the entry, e.g. a
   * simulation's months (`simulate`): base rewards follow it instead of the target rate. It must
   * cover the seconds base rewards accrue.
   */
  ratePath?: readonly { seconds: bigint; apy: bigint }[];
}

/** x/staking's default unbonding time: 28 days (2,419,200 s). */
export const DEFAULT_UNBONDING_NS = 2_419_200n * 1_000_000_000n;

export interface Estimate extends EstimateInputs {
  base: bigint;
  bonus: bigint;
  /** Seconds the bonus accrued (the period, or up to the unlock). */
  bonusSeconds: bigint;
  /** Seconds base rewards accrued (the period, or up to the unlock with exitNow). */
  baseSeconds: bigint;
  /** Unlock time (unix ns) with --exit-now. */
  unlockNs: bigint | null;
  /** With exitNow: when the unbonding started at the unlock completes (unix ns). */
  unbondedNs: bigint | null;
  total: bigint;
  /** Raw Decs: (1 - commission) x target (or the path's mean over the base seconds); total over amount, annualized. */
  baseApy: bigint;
  effectiveApy: bigint;
}

function instant(ns: bigint): Instant {
  const unix = ns / 1_000_000_000n;
  return { unix, nanos: Number(ns - unix * 1_000_000_000n) };
}

export function estimate(core: Core, e: EstimateInputs): Estimate {
  const unlockNs = e.exitNow ? e.startNs + e.tier.exitDurationNs : null;
  // No base rewards while unbonding: with exitNow they stop at the unlock, where the holder leaves.
  const lockedSeconds = e.tier.exitDurationNs / 1_000_000_000n;
  const baseSeconds = e.exitNow && lockedSeconds < e.seconds ? lockedSeconds : e.seconds;
  // Σ rate x seconds over the base seconds: the target throughout, or the path's periods.
  let rateSeconds = e.targetRate * baseSeconds;
  if (e.ratePath !== undefined) {
    rateSeconds = 0n;
    let left = baseSeconds;
    for (const p of e.ratePath) {
      if (left === 0n) break;
      const s = p.seconds < left ? p.seconds : left;
      rateSeconds += p.apy * s;
      left -= s;
    }
    if (left > 0n) throw new RangeError(`the rate path covers ${baseSeconds - left} s of the ${baseSeconds} s base rewards accrue`);
  }
  const base = (e.amount * rateSeconds * (E18 - e.commission)) / (E18 * E18 * SECONDS_PER_YEAR);
  const seg = segmentBonus(core, {
    shares: e.amount * E18,
    tokensPerShare: E18,
    bonusApy: e.tier.bonusApy,
    start: instant(e.startNs),
    end: instant(e.startNs + e.seconds * 1_000_000_000n),
    exitUnlockAt: unlockNs === null ? null : instant(unlockNs),
  });
  const total = base + seg.bonus;
  return {
    ...e,
    base,
    bonus: seg.bonus,
    bonusSeconds: seg.durationSeconds,
    baseSeconds,
    unlockNs,
    unbondedNs: unlockNs === null ? null : unlockNs + (e.unbondingNs ?? DEFAULT_UNBONDING_NS),
    total,
    // The rate base rewards earned at, after commission: the target, or the path's mean over the base seconds.
    baseApy: baseSeconds === 0n ? 0n : (rateSeconds * (E18 - e.commission)) / (E18 * baseSeconds),
    effectiveApy: (total * E18 * SECONDS_PER_YEAR) / (e.amount * e.seconds),
  };
}
