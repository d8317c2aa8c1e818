// A tier as the host knows it: the decoder of the core's tier record (assembly/abi/tier.ts).

import type { Core } from "./core.js";
import { T_EXIT, T_APY, T_MIN_LOCK, T_CLOSE_ONLY } from "./abi.gen.js";

const E18 = 10n ** 18n;

export interface Tier {
  id: number;
  /** Seconds: 1 to MAX_DURATION_SECONDS (host/duration.ts), i.e. int64 nanoseconds. */
  exitDuration: bigint;
  /** Raw Dec. */
  bonusApy: bigint;
  minLockAmount: bigint;
  closeOnly: boolean;
}

/** DESIGN.md decision 4: 1, 2 and 4 years of 365 days, bonus 0.02 / 0.04 / 0.07, minimum 100 tokens (8 decimals). */
export const DEFAULT_TIERS: readonly Tier[] = [
  { id: 1, exitDuration: 31_536_000n, bonusApy: (2n * E18) / 100n, minLockAmount: 10_000_000_000n, closeOnly: false },
  { id: 2, exitDuration: 63_072_000n, bonusApy: (4n * E18) / 100n, minLockAmount: 10_000_000_000n, closeOnly: false },
  { id: 3, exitDuration: 126_144_000n, bonusApy: (7n * E18) / 100n, minLockAmount: 10_000_000_000n, closeOnly: false },
];

/** Tier `id`'s record at `p` (tiersTierPtr). */
export function readTier(core: Core, id: number, p: number): Tier {
  return {
    id,
    exitDuration: core.readU64(p + T_EXIT),
    bonusApy: core.readU128(p + T_APY),
    minLockAmount: core.readU128(p + T_MIN_LOCK),
    closeOnly: core.readU8(p + T_CLOSE_ONLY) !== 0,
  };
}
