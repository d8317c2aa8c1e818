// x/group's decision policies (x/group/types.go): ValidateBasic, Validate against a group and the
// config, Allow on a tally; and the tally's counts (TallyResult.Add, TotalCounts).

import { create } from "@bufbuild/protobuf";
import { TxError } from "../../wire/errors.js";
import { TallyResultSchema, VoteOption, type GroupInfo, type TallyResult } from "../../wire/gen/cosmos/group/v1/types_pb.js";
import { add, cmp, decText, min, nonNegativeDec, positiveDec, quoAtLeast, subNonNegative, type Dec } from "./dec.js";
import { GroupErrors, wrapped } from "./errors.js";
import { CONFIG, type Policy } from "./keeper.js";

export function validatePolicyBasic(p: Policy): void {
  if (p.kind === "threshold") {
    wrapped("threshold", () => positiveDec(p.value));
    if (p.votingPeriodNs === 0n) throw new TxError(GroupErrors.Invalid, "voting period cannot be zero");
    return;
  }
  const pct = wrapped("percentage threshold", () => positiveDec(p.value));
  if (cmp(pct, { c: 1n, e: 0 }) > 0) throw new TxError(GroupErrors.Invalid, "percentage must be > 0 and <= 1");
  if (p.votingPeriodNs === 0n) throw new TxError(GroupErrors.Invalid, "voting period cannot be 0");
}

export function validatePolicy(p: Policy, g: GroupInfo): void {
  if (p.kind === "threshold") {
    wrapped("threshold", () => positiveDec(p.value));
    wrapped("group total weight", () => nonNegativeDec(g.totalWeight));
  }
  if (p.minExecutionPeriodNs > p.votingPeriodNs + CONFIG.maxExecutionPeriodNs) {
    throw new TxError(GroupErrors.Invalid, "min_execution_period should be smaller than voting_period + max_execution_period");
  }
}

export const defaultTally = (): TallyResult => create(TallyResultSchema, { yesCount: "0", abstainCount: "0", noCount: "0", noWithVetoCount: "0" });

function totalCounts(t: TallyResult): Dec {
  let s = nonNegativeDec(t.yesCount);
  s = add(s, nonNegativeDec(t.noCount));
  s = add(s, nonNegativeDec(t.abstainCount));
  return add(s, nonNegativeDec(t.noWithVetoCount));
}

/** TallyResult.Add: a vote's weight to its option's count. */
export function addVote(t: TallyResult, option: VoteOption, weight: string): void {
  const w = nonNegativeDec(weight);
  const at = (text: string, what: string) => decText(add(wrapped(what, () => nonNegativeDec(text)), w));
  switch (option) {
    case VoteOption.YES: t.yesCount = at(t.yesCount, "yes count"); break;
    case VoteOption.NO: t.noCount = at(t.noCount, "no count"); break;
    case VoteOption.ABSTAIN: t.abstainCount = at(t.abstainCount, "abstain count"); break;
    case VoteOption.NO_WITH_VETO: t.noWithVetoCount = at(t.noWithVetoCount, "veto count"); break;
    default: throw new TxError(GroupErrors.Invalid, `unknown vote option ${VoteOption[option] ?? option}`);
  }
}

export interface PolicyResult { allow: boolean; final: boolean }

export function allow(p: Policy, t: TallyResult, totalPower: string): PolicyResult {
  const yes = wrapped("yes count", () => nonNegativeDec(t.yesCount));
  if (p.kind === "threshold") {
    const threshold = wrapped("threshold", () => positiveDec(p.value));
    const total = wrapped("total power", () => nonNegativeDec(totalPower));
    const real = min(threshold, total);
    if (cmp(yes, real) >= 0) return { allow: true, final: true };
    const undecided = subNonNegative(total, totalCounts(t));
    if (cmp(add(yes, undecided), real) < 0) return { allow: false, final: true };
    return { allow: false, final: false };
  }
  const pct = wrapped("percentage", () => positiveDec(p.value));
  const total = wrapped("total power", () => nonNegativeDec(totalPower));
  if (total.c === 0n) return { allow: false, final: true };
  if (quoAtLeast(yes, total, pct)) return { allow: true, final: true };
  const undecided = subNonNegative(total, totalCounts(t));
  if (!quoAtLeast(add(yes, undecided), total, pct)) return { allow: false, final: true };
  return { allow: false, final: false };
}
