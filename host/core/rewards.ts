// The core's reward functions (assembly/rewards/*.ts), driven through their records.

import type { Core } from "./core.js";
import {
  SEG_IN_SHARES, SEG_IN_TOKENS_PER_SHARE, SEG_IN_APY, SEG_IN_START_SECONDS, SEG_IN_START_NANOS, SEG_IN_END_SECONDS,
  SEG_IN_END_NANOS, SEG_IN_UNLOCK_SET, SEG_IN_UNLOCK_SECONDS, SEG_IN_UNLOCK_NANOS, SEG_IN_SIZE, SEG_OUT_BONUS,
  SEG_OUT_TOKENS, SEG_OUT_SECONDS, SEG_OUT_END_SECONDS, SEG_OUT_END_NANOS, SEG_OUT_HAS_TOKENS, TOPUP_IN_TOTAL_BONDED,
  TOPUP_IN_RATE, TOPUP_IN_FEE_COLLECTOR, TOPUP_IN_COMMUNITY_TAX, TOPUP_IN_POOL, TOPUP_IN_BLOCKS_PER_YEAR, TOPUP_IN_SIZE,
  TOPUP_OUT_TARGET, TOPUP_OUT_DEFAULT, TOPUP_OUT_SHORTFALL, TOPUP_OUT_TOTAL_POWER, TOPUP_OUT_TOP_UP, TOPUP_OUT_OUTCOME,
  TOPUP_OUT_SHORTFALL_NEGATIVE, TOPUP_OUT_SIZE, TOPUP_ALLOC_FRACTION, TOPUP_ALLOC_REWARD, TOPUP_ALLOC_SIZE, TOPUP_FULL,
  TOPUP_PARTIAL, TOPUP_DISABLED, TOPUP_ZERO_BLOCKS_PER_YEAR, TOPUP_NO_SHORTFALL, TOPUP_NO_VOTING_POWER,
  TOPUP_POOL_EMPTY, U64_BYTES,
} from "./abi.gen.js";

/** A point in time as the chain keeps it: unix seconds (may be negative) and nanoseconds. */
export interface Instant {
  unix: bigint;
  nanos: number;
}

export interface SegmentInput {
  /** Raw Decs (value x 10^18). */
  shares: bigint;
  tokensPerShare: bigint;
  bonusApy: bigint;
  start: Instant;
  end: Instant;
  /** null: exit not triggered (the zero time), so nothing clamps. */
  exitUnlockAt: Instant | null;
}

export interface SegmentResult {
  effectiveEnd: Instant;
  durationSeconds: bigint;
  /** Raw Dec, or null when the segment was empty before the token value was needed. */
  tokens: bigint | null;
  /** Base units. */
  bonus: bigint;
}

/** The bonus of one time segment of a tier position, exactly as the reference computes it. */
export function segmentBonus(core: Core, s: SegmentInput): SegmentResult {
  const input = core.exports.bufferPtr();
  const out = input + SEG_IN_SIZE;
  core.writeU128(input + SEG_IN_SHARES, s.shares);
  core.writeU128(input + SEG_IN_TOKENS_PER_SHARE, s.tokensPerShare);
  core.writeU128(input + SEG_IN_APY, s.bonusApy);
  core.writeI64(input + SEG_IN_START_SECONDS, s.start.unix);
  core.writeI32(input + SEG_IN_START_NANOS, s.start.nanos);
  core.writeI64(input + SEG_IN_END_SECONDS, s.end.unix);
  core.writeI32(input + SEG_IN_END_NANOS, s.end.nanos);
  core.writeI32(input + SEG_IN_UNLOCK_SET, s.exitUnlockAt ? 1 : 0);
  core.writeI64(input + SEG_IN_UNLOCK_SECONDS, s.exitUnlockAt?.unix ?? 0n);
  core.writeI32(input + SEG_IN_UNLOCK_NANOS, s.exitUnlockAt?.nanos ?? 0);
  core.check(core.exports.bonusSegment(input, out));
  return {
    bonus: core.readU128(out + SEG_OUT_BONUS),
    tokens: core.readI32(out + SEG_OUT_HAS_TOKENS) ? core.readU128(out + SEG_OUT_TOKENS) : null,
    durationSeconds: core.readU64(out + SEG_OUT_SECONDS),
    effectiveEnd: { unix: core.readI64(out + SEG_OUT_END_SECONDS), nanos: core.readI32(out + SEG_OUT_END_NANOS) },
  };
}

export const TOP_UP_OUTCOMES = [
  "full_top_up",
  "partial_top_up",
  "disabled",
  "zero_blocks_per_year",
  "no_shortfall",
  "no_voting_power",
  "pool_empty",
] as const;
export type TopUpOutcome = (typeof TOP_UP_OUTCOMES)[number];

/** The outcome of the core's code (assembly/abi/top-up.ts TOPUP_*). */
const OUTCOME_OF: Record<number, TopUpOutcome> = {
  [TOPUP_FULL]: "full_top_up",
  [TOPUP_PARTIAL]: "partial_top_up",
  [TOPUP_DISABLED]: "disabled",
  [TOPUP_ZERO_BLOCKS_PER_YEAR]: "zero_blocks_per_year",
  [TOPUP_NO_SHORTFALL]: "no_shortfall",
  [TOPUP_NO_VOTING_POWER]: "no_voting_power",
  [TOPUP_POOL_EMPTY]: "pool_empty",
};

export interface TopUpInput {
  totalBonded: bigint;
  /** Raw Dec. */
  targetBaseRewardsRate: bigint;
  blocksPerYear: bigint;
  feeCollectorBalance: bigint;
  /** Raw Dec. */
  communityTax: bigint;
  poolBalance: bigint;
  /** Last-commit voting power of each validator, in commit order. */
  powers: bigint[];
}

export interface TopUpResult {
  outcome: TopUpOutcome;
  /** Raw Decs; present once the computation reached them. */
  targetPerBlock?: bigint;
  defaultPerBlock?: bigint;
  /** Signed: negative when fees already exceed the target. */
  shortfall?: bigint;
  totalPower?: bigint;
  topUp: bigint;
  /** Per validator: power fraction (null for the last) and reward, raw Decs. */
  allocations: { power: bigint; fraction: bigint | null; reward: bigint }[];
}

/** The base-rewards top-up of one block, as the reference's BeginBlock computes it. */
export function computeTopUp(core: Core, t: TopUpInput): TopUpResult {
  const n = t.powers.length;
  const input = core.exports.bufferPtr();
  const out = input + TOPUP_IN_SIZE;
  const powers = out + TOPUP_OUT_SIZE;
  const alloc = powers + n * U64_BYTES;
  if (alloc + n * TOPUP_ALLOC_SIZE - input > core.exports.bufferCapacity()) throw new RangeError(`too many validators: ${n}`);
  core.writeU128(input + TOPUP_IN_TOTAL_BONDED, t.totalBonded);
  core.writeU128(input + TOPUP_IN_RATE, t.targetBaseRewardsRate);
  core.writeU128(input + TOPUP_IN_FEE_COLLECTOR, t.feeCollectorBalance);
  core.writeU128(input + TOPUP_IN_COMMUNITY_TAX, t.communityTax);
  core.writeU128(input + TOPUP_IN_POOL, t.poolBalance);
  core.writeU64(input + TOPUP_IN_BLOCKS_PER_YEAR, t.blocksPerYear);
  t.powers.forEach((p, i) => core.writeU64(powers + i * U64_BYTES, p));
  core.check(core.exports.topUpCompute(input, powers, n, out, alloc));
  const outcome = OUTCOME_OF[core.readI32(out + TOPUP_OUT_OUTCOME)]!;
  const result: TopUpResult = { outcome, topUp: 0n, allocations: [] };
  if (outcome === "disabled" || outcome === "zero_blocks_per_year") return result;
  result.targetPerBlock = core.readU128(out + TOPUP_OUT_TARGET);
  result.defaultPerBlock = core.readU128(out + TOPUP_OUT_DEFAULT);
  const magnitude = core.readU128(out + TOPUP_OUT_SHORTFALL);
  result.shortfall = core.readI32(out + TOPUP_OUT_SHORTFALL_NEGATIVE) ? -magnitude : magnitude;
  if (outcome === "no_shortfall") return result;
  result.totalPower = core.readU128(out + TOPUP_OUT_TOTAL_POWER);
  if (outcome !== "full_top_up" && outcome !== "partial_top_up") return result;
  result.topUp = core.readU128(out + TOPUP_OUT_TOP_UP);
  result.allocations = t.powers.map((power, i) => ({
    power,
    fraction: i === n - 1 ? null : core.readU128(alloc + i * TOPUP_ALLOC_SIZE + TOPUP_ALLOC_FRACTION),
    reward: core.readU128(alloc + i * TOPUP_ALLOC_SIZE + TOPUP_ALLOC_REWARD),
  }));
  return result;
}
