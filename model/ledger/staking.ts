// x/staking keeper (Cosmos SDK v0.50 line, as in chain-main's SDK fork): validators, delegations,
// unbonding and redelegation (keeper/delegation.go, keeper/validator.go, keeper/msg_server.go).
// The distribution hooks are called where the SDK calls them, so the F1 bookkeeping sees the
// same intermediate states (e.g. AfterDelegationModified runs before Unbond removes the tokens).

import { E18, truncateInt } from "../dec-bigint.js";
import * as bank from "./bank.js";
import { hooks } from "./distribution.js";
import { Errors, LedgerError, LedgerPanic, formatDec } from "./errors.js";
import {
  BONDED_POOL, NOT_BONDED_POOL, pairKey, tripleKey,
  type BondStatus, type LedgerState, type Redelegation, type Validator,
} from "./state.js";
import {
  addTokensFromDel, invalidExRate, removeDelShares, sharesFromTokens, sharesFromTokensTruncated, tokensFromShares,
} from "./validator.js";

export function getValidator(s: LedgerState, op: string): Validator {
  const v = s.validators.get(op);
  if (!v) throw new LedgerError(Errors.NoValidatorFound);
  return v;
}

// ---- pools (keeper/pool.go) --------------------------------------------------------------------

export const bondedTokensToNotBonded = (s: LedgerState, amount: bigint) =>
  bank.send(s, BONDED_POOL, NOT_BONDED_POOL, amount);
export const notBondedTokensToBonded = (s: LedgerState, amount: bigint) =>
  bank.send(s, NOT_BONDED_POOL, BONDED_POOL, amount);

// ---- validators (keeper/validator.go, keeper/val_state_change.go) -------------------------------

export interface CommissionRates {
  rate: bigint;
  maxRate: bigint;
  maxChangeRate: bigint;
}

/** CommissionRates.Validate. */
function validateCommission(c: CommissionRates): void {
  if (c.maxRate < 0n) throw new LedgerError(Errors.CommissionNegative);
  if (c.maxRate > E18) throw new LedgerError(Errors.CommissionHuge);
  if (c.rate < 0n) throw new LedgerError(Errors.CommissionNegative);
  if (c.rate > c.maxRate) throw new LedgerError(Errors.CommissionGTMaxRate);
  if (c.maxChangeRate < 0n) throw new LedgerError(Errors.CommissionChangeRateNegative);
  if (c.maxChangeRate > c.maxRate) throw new LedgerError(Errors.CommissionChangeRateGTMaxRate);
}

/** msgServer.CreateValidator (with MsgCreateValidator.Validate): unbonded, then self-delegates. */
export function createValidator(
  s: LedgerState, op: string, amount: bigint, commission: CommissionRates, minSelfDelegation: bigint,
): void {
  if (amount <= 0n) throw new LedgerError(Errors.InvalidRequest, "invalid delegation amount");
  if (commission.rate === 0n && commission.maxRate === 0n && commission.maxChangeRate === 0n) {
    throw new LedgerError(Errors.InvalidRequest, "empty commission");
  }
  validateCommission(commission);
  if (minSelfDelegation <= 0n) {
    throw new LedgerError(Errors.InvalidRequest, "minimum self delegation must be a positive integer");
  }
  if (amount < minSelfDelegation) throw new LedgerError(Errors.SelfDelegationBelowMinimum);
  if (commission.rate < s.params.minCommissionRate) {
    throw new LedgerError(
      Errors.CommissionLTMinRate,
      `cannot set validator commission to less than minimum rate of ${formatDec(s.params.minCommissionRate)}`,
    );
  }
  if (s.validators.has(op)) throw new LedgerError(Errors.ValidatorOwnerExists);

  const validator: Validator = {
    operator: op, status: "unbonded", jailed: false, tokens: 0n, delegatorShares: 0n,
    commissionRate: commission.rate, maxRate: commission.maxRate, maxChangeRate: commission.maxChangeRate,
    minSelfDelegation, unbondingHeight: 0n, unbondingTime: 0n, jailedUntil: 0n,
  };
  s.validators.set(op, validator);
  hooks.afterValidatorCreated(s, op);
  delegate(s, op, amount, "unbonded", validator, true);
}

/** jailValidator: a jailed validator leaves the power index (and the set at EndBlock). */
export function jailValidator(s: LedgerState, v: Validator): void {
  if (v.jailed) throw new LedgerError(Errors.ValidatorJailed, `cannot jail already jailed validator, validator: ${v.operator}`);
  s.validators.set(v.operator, { ...v, jailed: true });
}

export function unjailValidator(s: LedgerState, v: Validator): void {
  if (!v.jailed) throw LedgerError.plain(`cannot unjail already unjailed validator, validator: ${v.operator}`);
  s.validators.set(v.operator, { ...v, jailed: false });
}

/** RemoveValidator: only unbonded and empty; the distribution records go with it. */
export function removeValidator(s: LedgerState, op: string): void {
  const v = s.validators.get(op);
  if (!v) return;
  if (v.status !== "unbonded") {
    throw new LedgerError(Errors.BadRemoveValidator, "cannot call RemoveValidator on bonded or unbonding validators");
  }
  if (v.tokens > 0n) {
    throw new LedgerError(Errors.BadRemoveValidator, "attempting to remove a validator which still contains tokens");
  }
  s.validators.delete(op);
  hooks.afterValidatorRemoved(s, op);
}

// ---- delegation (keeper/delegation.go) -----------------------------------------------------------

/**
 * Delegate: settle the delegation's rewards (or end the period for a new one), move the tokens
 * into the pool of the validator's status, issue shares. Returns the new shares.
 */
export function delegate(
  s: LedgerState, delegator: string, amount: bigint, tokenSrc: BondStatus, validator: Validator,
  subtractAccount: boolean,
): bigint {
  if (invalidExRate(validator)) throw new LedgerError(Errors.DelegatorShareExRateInvalid);
  const op = validator.operator;
  const existing = s.delegation(delegator, op);
  if (existing) hooks.beforeDelegationSharesModified(s, delegator, op);
  else hooks.beforeDelegationCreated(s, op);

  const bonded = validator.status === "bonded";
  if (subtractAccount) {
    if (tokenSrc === "bonded") throw new LedgerPanic("delegation token source cannot be bonded");
    bank.delegateCoins(s, delegator, bonded ? BONDED_POOL : NOT_BONDED_POOL, amount);
  } else if (tokenSrc !== "bonded" && bonded) {
    notBondedTokensToBonded(s, amount);
  } else if (tokenSrc === "bonded" && !bonded) {
    bondedTokensToNotBonded(s, amount);
  }

  const [updated, newShares] = addTokensFromDel(validator, amount);
  s.validators.set(op, updated);
  s.delegations.set(pairKey(delegator, op), {
    delegator, validator: op, shares: (existing?.shares ?? 0n) + newShares,
  });
  hooks.afterDelegationModified(s, delegator, op);
  return newShares;
}

/**
 * Unbond: settle rewards, remove the shares (jailing an operator who falls below their minimum
 * self-delegation), re-track the delegation, then take the tokens out of the validator.
 */
export function unbond(s: LedgerState, delegator: string, op: string, shares: bigint): bigint {
  const delegation = s.delegation(delegator, op);
  if (!delegation) throw new LedgerError(Errors.NoDelegatorForAddress);
  hooks.beforeDelegationSharesModified(s, delegator, op);
  if (delegation.shares < shares) {
    throw new LedgerError(Errors.NotEnoughDelegationShares, formatDec(delegation.shares));
  }
  let validator = getValidator(s, op);
  const remaining = delegation.shares - shares;
  if (
    delegator === op && !validator.jailed &&
    truncateInt(tokensFromShares(validator, remaining)) < validator.minSelfDelegation
  ) {
    jailValidator(s, validator);
    validator = s.mustValidator(op);
  }
  const key = pairKey(delegator, op);
  if (remaining === 0n) {
    s.delegations.delete(key);
  } else {
    s.delegations.set(key, { ...delegation, shares: remaining });
    hooks.afterDelegationModified(s, delegator, op); // the validator still holds the tokens here
  }
  const [updated, amount] = removeDelShares(validator, shares);
  s.validators.set(op, updated);
  if (updated.delegatorShares === 0n && updated.status === "unbonded") removeValidator(s, op);
  return amount;
}

/** ValidateUnbondAmount: the shares for `amount` tokens, capped at the delegation's shares. */
export function validateUnbondAmount(s: LedgerState, delegator: string, op: string, amount: bigint): bigint {
  const validator = getValidator(s, op);
  const delegation = s.delegation(delegator, op);
  if (!delegation) throw new LedgerError(Errors.NoDelegation);
  const shares = sharesFromTokens(validator, amount);
  const sharesTruncated = sharesFromTokensTruncated(validator, amount);
  if (sharesTruncated > delegation.shares) throw new LedgerError(Errors.InvalidRequest, "invalid shares amount");
  return shares > delegation.shares ? delegation.shares : shares;
}

/** UnbondingDelegation.AddEntry: merges with an entry of the same height and completion time. */
function setUnbondingDelegationEntry(
  s: LedgerState, delegator: string, op: string, height: bigint, completionTime: bigint, balance: bigint,
): void {
  const key = pairKey(delegator, op);
  const ubd = s.unbondings.get(key) ?? { delegator, validator: op, entries: [] };
  const entries = [...ubd.entries];
  const i = entries.findIndex((e) => e.creationHeight === height && e.completionTime === completionTime);
  if (i >= 0) {
    const e = entries[i];
    entries[i] = { ...e, balance: e.balance + balance, initialBalance: e.initialBalance + balance };
  } else {
    entries.push({ creationHeight: height, completionTime, initialBalance: balance, balance });
  }
  s.unbondings.set(key, { ...ubd, entries });
}

/** Undelegate: unbond now, pay out when the unbonding time has passed. */
export function undelegate(
  s: LedgerState, delegator: string, op: string, shares: bigint,
): { completionTime: bigint; amount: bigint } {
  const validator = getValidator(s, op);
  const ubd = s.unbondings.get(pairKey(delegator, op));
  if ((ubd?.entries.length ?? 0) >= s.params.maxEntries) throw new LedgerError(Errors.MaxUnbondingDelegationEntries);
  const amount = unbond(s, delegator, op, shares);
  if (validator.status === "bonded") bondedTokensToNotBonded(s, amount);
  const completionTime = s.timeNs + s.params.unbondingTimeNs;
  setUnbondingDelegationEntry(s, delegator, op, s.height, completionTime, amount);
  return { completionTime, amount };
}

function hasReceivingRedelegation(s: LedgerState, delegator: string, dst: string): boolean {
  for (const red of s.redelegations.values()) {
    if (red.delegator === delegator && red.dst === dst) return true;
  }
  return false;
}

/**
 * getBeginInfo: when the redelegated stake stops being slashable for the source. (The SDK
 * returns ErrNoValidatorFound when Unbond has just removed the source: the message fails.)
 */
function getBeginInfo(s: LedgerState, src: string): { completionTime: bigint; height: bigint; completeNow: boolean } {
  const v = getValidator(s, src);
  if (v.status === "bonded") {
    return { completionTime: s.timeNs + s.params.unbondingTimeNs, height: s.height, completeNow: false };
  }
  if (v.status === "unbonded") return { completionTime: 0n, height: 0n, completeNow: true };
  return { completionTime: v.unbondingTime, height: v.unbondingHeight, completeNow: false };
}

/** BeginRedelegation: unbond from src, delegate the tokens to dst, track the entry for slashing. */
export function beginRedelegation(s: LedgerState, delegator: string, src: string, dst: string, shares: bigint): bigint {
  if (src === dst) throw new LedgerError(Errors.SelfRedelegation);
  const dstValidator = s.validators.get(dst);
  if (!dstValidator) throw new LedgerError(Errors.BadRedelegationDst);
  const srcValidator = s.validators.get(src);
  if (!srcValidator) throw new LedgerError(Errors.BadRedelegationSrc);
  if (hasReceivingRedelegation(s, delegator, src)) throw new LedgerError(Errors.TransitiveRedelegation);
  const key = tripleKey(delegator, src, dst);
  const red: Redelegation = s.redelegations.get(key) ?? { delegator, src, dst, entries: [] };
  if (red.entries.length >= s.params.maxEntries) throw new LedgerError(Errors.MaxRedelegationEntries);

  const amount = unbond(s, delegator, src, shares);
  if (amount === 0n) throw new LedgerError(Errors.TinyRedelegationAmount);
  const sharesCreated = delegate(s, delegator, amount, srcValidator.status, dstValidator, false);

  const begin = getBeginInfo(s, src);
  if (begin.completeNow) return begin.completionTime;
  const entry = { creationHeight: begin.height, completionTime: begin.completionTime, initialBalance: amount, sharesDst: sharesCreated };
  s.redelegations.set(key, { ...red, entries: [...red.entries, entry] });
  return begin.completionTime;
}

// ---- maturity (keeper/delegation.go CompleteUnbonding / CompleteRedelegation) -------------------

const byKey = <T>(s: LedgerState, rows: Iterable<[string, T]>) =>
  [...rows].sort((a, b) => s.addressOrder(a[0], b[0]));

/** Pay every mature unbonding entry (completion time <= block time) to its delegator. */
export function completeMatureUnbondings(s: LedgerState): void {
  for (const [key, ubd] of byKey(s, s.unbondings.entries())) {
    if (!ubd.entries.some((e) => e.completionTime <= s.timeNs)) continue;
    const kept = ubd.entries.filter((e) => e.completionTime > s.timeNs);
    for (const e of ubd.entries) {
      if (e.completionTime <= s.timeNs && e.balance !== 0n) bank.undelegateCoins(s, NOT_BONDED_POOL, ubd.delegator, e.balance);
    }
    if (kept.length === 0) s.unbondings.delete(key);
    else s.unbondings.set(key, { ...ubd, entries: kept });
  }
}

/** Drop every mature redelegation entry (the stake already sits with the destination). */
export function completeMatureRedelegations(s: LedgerState): void {
  for (const [key, red] of byKey(s, s.redelegations.entries())) {
    if (!red.entries.some((e) => e.completionTime <= s.timeNs)) continue;
    const kept = red.entries.filter((e) => e.completionTime > s.timeNs);
    if (kept.length === 0) s.redelegations.delete(key);
    else s.redelegations.set(key, { ...red, entries: kept });
  }
}
