// What a tier position would earn over a period: the computation behind `npm run estimate`
// (host/cli/estimate.ts, which documents the formulas) and the web engine's `estimate`
// (host/web/engine.ts). Browser-safe: the core and plain bigint arithmetic, no Node API.
//
// Base rewards: floor(amount x target x (1 - commission) x secs / 31557600), exact integers.
// Bonus: the core's segmentBonus, one segment from entry to the end of the period at 1 token per
// share, ending at the exit commitment's unlock when exit is triggered at entry.

import type { Core } from "./core.js";
import { segmentBonus, type Instant } from "./rewards.js";

const E18 = 10n ** 18n;
/** Seconds of the bonus year (365.25 days), REFERENCE §6.1. */
export const SECONDS_PER_YEAR = 31_557_600n;

/** What the estimate needs of a tier (host/genesis.ts `Tier` has these and more). */
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
}

export interface Estimate extends EstimateInputs {
  base: bigint;
  bonus: bigint;
  /** Seconds the bonus accrued (the period, or up to the unlock). */
  bonusSeconds: bigint;
  /** Unlock time (unix ns) with --exit-now. */
  unlockNs: bigint | null;
  total: bigint;
  /** Raw Decs: (1 - commission) x target; total over amount, annualized. */
  baseApy: bigint;
  effectiveApy: bigint;
}

function instant(ns: bigint): Instant {
  const unix = ns / 1_000_000_000n;
  return { unix, nanos: Number(ns - unix * 1_000_000_000n) };
}

export function estimate(core: Core, e: EstimateInputs): Estimate {
  const base = (e.amount * e.targetRate * (E18 - e.commission) * e.seconds) / (E18 * E18 * SECONDS_PER_YEAR);
  const unlockNs = e.exitNow ? e.startNs + e.tier.exitDurationNs : null;
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
    unlockNs,
    total,
    baseApy: (e.targetRate * (E18 - e.commission)) / E18,
    effectiveApy: (total * E18 * SECONDS_PER_YEAR) / (e.amount * e.seconds),
  };
}
