// x/staking EndBlock (keeper/val_state_change.go BlockValidatorUpdates): the bonded set by power
// ranking, status transitions, pool moves, unbonding validators maturing, then matured unbonding
// and redelegation entries.

import * as bank from "./bank.js";
import { BONDED_POOL, NOT_BONDED_POOL, type LedgerState, type Validator, type Vote } from "./state.js";
import { completeMatureRedelegations, completeMatureUnbondings, removeValidator } from "./staking.js";
import { consensusPower, potentialConsensusPower } from "./validator.js";

/**
 * The power index (ValidatorsByPowerIndexKey, iterated in reverse): non-jailed validators by
 * potential power, highest first; equal powers by operator address, lowest first.
 */
function powerRanking(s: LedgerState): Validator[] {
  const pr = s.params.powerReduction;
  const ranked = [...s.validators.values()].filter((v) => !v.jailed);
  return ranked
    .map((v) => ({ v, power: potentialConsensusPower(v, pr) }))
    .sort((a, b) => (a.power > b.power ? -1 : a.power < b.power ? 1 : s.addressOrder(a.v.operator, b.v.operator)))
    .map((x) => x.v);
}

function bondValidator(s: LedgerState, v: Validator): Validator {
  const bonded: Validator = { ...v, status: "bonded" };
  s.validators.set(v.operator, bonded);
  return bonded;
}

function beginUnbondingValidator(s: LedgerState, v: Validator): Validator {
  const unbonding: Validator = {
    ...v, status: "unbonding", unbondingTime: s.timeNs + s.params.unbondingTimeNs, unbondingHeight: s.height,
  };
  s.validators.set(v.operator, unbonding);
  return unbonding;
}

/** ApplyAndReturnValidatorSetUpdates: returns the number of validator updates. */
export function applyValidatorSetUpdates(s: LedgerState): number {
  const pr = s.params.powerReduction;
  const last = new Map(s.lastPowers.entries());
  let notBondedToBonded = 0n;
  let bondedToNotBonded = 0n;
  let totalPower = 0n;
  let updates = 0;
  let count = 0;

  for (let validator of powerRanking(s)) {
    if (count >= s.params.maxValidators) break;
    if (potentialConsensusPower(validator, pr) === 0n) break; // no more bondable validators
    if (validator.status !== "bonded") {
      validator = bondValidator(s, validator);
      notBondedToBonded += validator.tokens;
    }
    const newPower = consensusPower(validator, pr);
    if (last.get(validator.operator) !== newPower) {
      s.lastPowers.set(validator.operator, newPower);
      updates++;
    }
    last.delete(validator.operator);
    count++;
    totalPower += newPower;
  }

  for (const op of [...last.keys()].sort(s.addressOrder)) {
    const validator = beginUnbondingValidator(s, s.mustValidator(op));
    bondedToNotBonded += validator.tokens;
    s.lastPowers.delete(op);
    updates++;
  }

  if (notBondedToBonded > bondedToNotBonded) bank.send(s, NOT_BONDED_POOL, BONDED_POOL, notBondedToBonded - bondedToNotBonded);
  else if (notBondedToBonded < bondedToNotBonded) bank.send(s, BONDED_POOL, NOT_BONDED_POOL, bondedToNotBonded - notBondedToBonded);
  if (updates > 0) s.lastTotalPower.set(totalPower);
  return updates;
}

/** UnbondAllMatureValidators: unbonding -> unbonded once both its time and height have come. */
export function unbondAllMatureValidators(s: LedgerState): void {
  const mature = [...s.validators.values()]
    .filter((v) => v.status === "unbonding" && v.unbondingHeight <= s.height && v.unbondingTime <= s.timeNs)
    .sort((a, b) =>
      a.unbondingTime !== b.unbondingTime ? (a.unbondingTime < b.unbondingTime ? -1 : 1)
      : a.unbondingHeight !== b.unbondingHeight ? (a.unbondingHeight < b.unbondingHeight ? -1 : 1)
      : s.addressOrder(a.operator, b.operator));
  for (const v of mature) {
    const unbonded: Validator = { ...v, status: "unbonded" };
    s.validators.set(v.operator, unbonded);
    if (unbonded.delegatorShares === 0n) removeValidator(s, v.operator);
  }
}

/** The votes CometBFT will report at the next BeginBlock: power descending, then address. */
export function lastCommitVotes(s: LedgerState): Vote[] {
  return [...s.lastPowers.entries()]
    .map(([operator, power]) => ({ operator, power }))
    .sort((a, b) => (a.power > b.power ? -1 : a.power < b.power ? 1 : s.addressOrder(a.operator, b.operator)));
}

/** BlockValidatorUpdates, in the SDK's order. */
export function blockValidatorUpdates(s: LedgerState): void {
  applyValidatorSetUpdates(s);
  unbondAllMatureValidators(s);
  completeMatureUnbondings(s);
  completeMatureRedelegations(s);
}
