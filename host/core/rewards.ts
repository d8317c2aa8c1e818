// The core's reward functions (assembly/rewards/*.ts), driven through their records.

import type { Core } from "./core.js";

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
  const out = input + 96;
  core.writeU128(input, s.shares);
  core.writeU128(input + 16, s.tokensPerShare);
  core.writeU128(input + 32, s.bonusApy);
  core.writeI64(input + 48, s.start.unix);
  core.writeI32(input + 56, s.start.nanos);
  core.writeI64(input + 64, s.end.unix);
  core.writeI32(input + 72, s.end.nanos);
  core.writeI32(input + 76, s.exitUnlockAt ? 1 : 0);
  core.writeI64(input + 80, s.exitUnlockAt?.unix ?? 0n);
  core.writeI32(input + 88, s.exitUnlockAt?.nanos ?? 0);
  core.check(core.exports.bonusSegment(input, out));
  return {
    bonus: core.readU128(out),
    tokens: core.readI32(out + 52) ? core.readU128(out + 16) : null,
    durationSeconds: core.readU64(out + 32),
    effectiveEnd: { unix: core.readI64(out + 40), nanos: core.readI32(out + 48) },
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

const IN_SIZE = 96;
const OUT_SIZE = 96;

/** The base-rewards top-up of one block, as the reference's BeginBlock computes it. */
export function computeTopUp(core: Core, t: TopUpInput): TopUpResult {
  const n = t.powers.length;
  const input = core.exports.bufferPtr();
  const out = input + IN_SIZE;
  const powers = out + OUT_SIZE;
  const alloc = powers + n * 8;
  if (alloc + n * 32 - input > core.exports.bufferCapacity()) throw new RangeError(`too many validators: ${n}`);
  core.writeU128(input, t.totalBonded);
  core.writeU128(input + 16, t.targetBaseRewardsRate);
  core.writeU128(input + 32, t.feeCollectorBalance);
  core.writeU128(input + 48, t.communityTax);
  core.writeU128(input + 64, t.poolBalance);
  core.writeU64(input + 80, t.blocksPerYear);
  t.powers.forEach((p, i) => core.writeU64(powers + i * 8, p));
  core.check(core.exports.topUpCompute(input, powers, n, out, alloc));
  const outcome = TOP_UP_OUTCOMES[core.readI32(out + 80)];
  const result: TopUpResult = { outcome, topUp: 0n, allocations: [] };
  if (outcome === "disabled" || outcome === "zero_blocks_per_year") return result;
  result.targetPerBlock = core.readU128(out);
  result.defaultPerBlock = core.readU128(out + 16);
  const magnitude = core.readU128(out + 32);
  result.shortfall = core.readI32(out + 84) ? -magnitude : magnitude;
  if (outcome === "no_shortfall") return result;
  result.totalPower = core.readU128(out + 48);
  if (outcome !== "full_top_up" && outcome !== "partial_top_up") return result;
  result.topUp = core.readU128(out + 64);
  result.allocations = t.powers.map((power, i) => ({
    power,
    fraction: i === n - 1 ? null : core.readU128(alloc + i * 32),
    reward: core.readU128(alloc + i * 32 + 16),
  }));
  return result;
}
