// The base-rewards top-up of x/tieredrewards' BeginBlock (chain-main keeper/abci.go
// topUpBaseRewards; REFERENCE.md §5.1), the computation of assembly/rewards/topup.ts in BigInt:
//
//   target    = Dec(totalBonded) Mul rate Quo Dec(blocksPerYear)
//   default   = Dec(feeCollector) MulTruncate (1 - communityTax)
//   shortfall = TruncateInt(target - default)            (stop unless positive)
//   topUp     = min(shortfall, pool)                     (stop without power or with an empty pool)
//   reward_i  = Dec(topUp) MulDecTruncate (Dec(power_i) QuoTruncate Dec(totalPower)), i < last
//   reward_last = Dec(topUp) - sum of the others
//
// Same result shape as the core's computeTopUp (host/core/rewards.ts), so the two compare directly.

import type { TopUpInput, TopUpResult } from "../../host/core/rewards.js";
import { E18, mul, mulTruncate, quo, quoTruncate } from "../dec-bigint.js";

export type { TopUpInput, TopUpResult };

export function computeTopUpBigInt(t: TopUpInput): TopUpResult {
  if (t.targetBaseRewardsRate === 0n) return { outcome: "disabled", topUp: 0n, allocations: [] };
  if (t.blocksPerYear === 0n) return { outcome: "zero_blocks_per_year", topUp: 0n, allocations: [] };

  const targetPerBlock = quo(mul(t.totalBonded * E18, t.targetBaseRewardsRate), t.blocksPerYear * E18);
  const defaultPerBlock = mulTruncate(t.feeCollectorBalance * E18, E18 - t.communityTax);
  const shortfall = (targetPerBlock - defaultPerBlock) / E18; // TruncateInt: toward zero
  const reached = { targetPerBlock, defaultPerBlock, shortfall, topUp: 0n, allocations: [] };
  if (shortfall <= 0n) return { outcome: "no_shortfall", ...reached };

  const totalPower = t.powers.reduce((a, p) => a + p, 0n);
  if (totalPower === 0n) return { outcome: "no_voting_power", ...reached, totalPower };
  if (t.poolBalance === 0n) return { outcome: "pool_empty", ...reached, totalPower };

  const partial = t.poolBalance < shortfall;
  const topUp = partial ? t.poolBalance : shortfall;
  return {
    outcome: partial ? "partial_top_up" : "full_top_up",
    ...reached,
    totalPower,
    topUp,
    allocations: splitByPower(topUp * E18, t.powers, totalPower),
  };
}

/** Pro rata by power, truncated; the last validator gets what the others leave. */
function splitByPower(total: bigint, powers: readonly bigint[], totalPower: bigint): TopUpResult["allocations"] {
  let left = total;
  return powers.map((power, i) => {
    if (i === powers.length - 1) return { power, fraction: null, reward: left };
    const fraction = quoTruncate(power * E18, totalPower * E18);
    const reward = mulTruncate(total, fraction);
    left -= reward;
    return { power, fraction, reward };
  });
}
