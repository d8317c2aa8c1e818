// x/slashing's store accesses (SDK v0.53 x/slashing/keeper/unjail.go): MsgUnjail's checks, in
// Keeper.Unjail's order, before it reaches a jailed validator's signing info.

import { getDelegation, getValidator, tokensFromShares, E18 } from "../staking/gas-stake.js";
import type { Sim } from "../../framework/gas/sim.js";

/** Past the model's checks: the rest is metered the old way (the core's store counters). */
export class BeyondModel extends Error {}

/**
 * Keeper.Unjail: the validator (staking 3 when there is none), its operator's self-delegation
 * (staking 19), the self-bond against its minimum (slashing 7), not jailed (slashing 5). A jailed
 * validator goes on to its signing info and x/staking's unjail, which this model leaves to the old meter.
 */
export function msgUnjail(k: Sim, operator: string, operatorAccount: string): void {
  const v = getValidator(k, operator, "Unjail: Validator");
  k.check("staking:3", v === undefined);
  const shares = getDelegation(k, operatorAccount, operator, "Unjail: Delegation");
  k.check("staking:19", shares === undefined);
  k.check("slashing:7", tokensFromShares(v!, shares!) / E18 < v!.minSelfDelegation);
  k.check("slashing:5", !v!.jailed);
  throw new BeyondModel("a jailed validator's unjail");
}
