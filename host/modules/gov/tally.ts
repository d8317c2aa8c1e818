// The reference's tally (chain-main x/tieredrewards/keeper/gov_tally.go, over x/gov v1's Tally):
// each voter's own delegations count as usual; each of its delegated tier positions on a bonded
// validator adds shares x bonded tokens / delegator shares (Dec, not truncated) to its options and
// its shares to that validator's deductions; then each validator that voted adds what is left of
// its delegator shares. The Dec arithmetic is the core's (LegacyDec: mulIntQuo with a 256-bit
// intermediate, mul and quo rounding half-even).

import type { DecOps } from "../../core/core.js";
import type { GovParams } from "./params.js";

const E18 = 10n ** 18n;

/** Raw results by option (index 1 yes .. 4 no with veto) and the total voting power, of these votes. */

export interface TallyCounts {
  yes: bigint;
  abstain: bigint;
  no: bigint;
  noWithVeto: bigint;
}

export interface Vote {
  proposalId: bigint;
  voter: string;
  /** Weights as raw Decs. */
  options: { option: number; weight: bigint }[];
  metadata: string;
}

/** What the tally reads of the chain. */
export interface TallyView {
  /** Bonded validators: their operator's account address, bonded tokens and delegator shares (raw Dec). */
  bondedValidators(): { id: number; operatorAccount: string; tokens: bigint; shares: bigint }[];
  /** An account's own delegations (shares raw Dec). */
  delegations(account: string): { validator: number; shares: bigint }[];
  /** An owner's delegated tier positions. */
  positions(owner: string): { validator: number; shares: bigint }[];
  totalBonded(): bigint;
}

export function tallyResults(votes: readonly Vote[], view: TallyView, dec: DecOps): { results: bigint[]; total: bigint } {
  const validators = new Map<number, { operatorAccount: string; tokens: bigint; shares: bigint; deductions: bigint; vote?: Vote["options"] }>();
  for (const v of view.bondedValidators()) validators.set(v.id, { ...v, deductions: 0n });
  const byOperator = new Map([...validators].map(([id, v]) => [v.operatorAccount, id]));
  const results = [0n, 0n, 0n, 0n, 0n];
  let total = 0n;
  const distribute = (options: Vote["options"], power: bigint) => {
    for (const o of options) results[o.option] = results[o.option]! + dec.mul(power, o.weight);
  };
  for (const vote of votes) {
    const own = byOperator.get(vote.voter);
    if (own !== undefined) validators.get(own)!.vote = vote.options;
    for (const d of view.delegations(vote.voter)) {
      const val = validators.get(d.validator);
      if (val === undefined) continue;
      val.deductions += d.shares;
      const power = dec.mulIntQuo(d.shares, val.tokens, val.shares);
      distribute(vote.options, power);
      total += power;
    }
    for (const pos of view.positions(vote.voter)) {
      const val = validators.get(pos.validator);
      if (val === undefined || val.shares === 0n) continue;
      const power = dec.mulIntQuo(pos.shares, val.tokens, val.shares);
      if (power === 0n) continue;
      val.deductions += pos.shares;
      distribute(vote.options, power);
      total += power;
    }
  }
  for (const val of validators.values()) {
    if (val.vote === undefined || val.shares === 0n) continue;
    const after = val.shares > val.deductions ? val.shares - val.deductions : 0n;
    const power = dec.mulIntQuo(after, val.tokens, val.shares);
    distribute(val.vote, power);
    total += power;
  }
  return { results, total };
}

/** x/gov's decision on the results: quorum on bonded tokens, all abstain, veto, threshold (expedited: its own). */
export function tallyDecision(
  results: readonly bigint[], total: bigint, bonded: bigint, params: GovParams, expedited: boolean, dec: DecOps,
): { passes: boolean; burnDeposits: boolean; counts: TallyCounts } {
  const counts: TallyCounts = {
    yes: dec.truncateInt(results[1]!), abstain: dec.truncateInt(results[2]!), no: dec.truncateInt(results[3]!), noWithVeto: dec.truncateInt(results[4]!),
  };
  if (bonded === 0n) return { passes: false, burnDeposits: false, counts };
  if (dec.quo(total, bonded * E18) < params.quorum) return { passes: false, burnDeposits: params.burnVoteQuorum, counts };
  const nonAbstain = total - results[2]!;
  if (nonAbstain === 0n) return { passes: false, burnDeposits: false, counts };
  if (dec.quo(results[4]!, total) > params.vetoThreshold) return { passes: false, burnDeposits: params.burnVoteVeto, counts };
  const threshold = expedited ? params.expeditedThreshold : params.threshold;
  return { passes: dec.quo(results[1]!, nonAbstain) > threshold, burnDeposits: false, counts };
}

/** Delegated positions' voting power: each on a bonded validator, shares x bonded tokens / delegator shares. */
export function positionsPower(positions: readonly { validator: number; shares: bigint }[], view: TallyView, dec: DecOps): bigint {
  const bonded = new Map(view.bondedValidators().map((v) => [v.id, v]));
  let total = 0n;
  for (const pos of positions) {
    const val = bonded.get(pos.validator);
    if (val === undefined || val.shares === 0n) continue;
    total += dec.mulIntQuo(pos.shares, val.tokens, val.shares);
  }
  return total;
}
