// x/staking's store accesses (SDK v0.53 x/staking/keeper: msg_server.go, delegation.go,
// validator.go), with the distribution and slashing hooks where the SDK calls them, and the
// shares and tokens computed as the SDK does, so each record has the size it has on the chain.

import { Key, U64_VALUE, consensusPubKeyValue, dvPairsValue, redelegationValue, unbondingValue, type EntryFields, type ValidatorFields } from "../../framework/gas/records.js";
import { delegateCoins, sendFromModuleToModule } from "../bank/gas.js";
import { BONDED, E18, getDelegation, getValidator, setDelegation, setValidator, sharesFromTokens, stakingParams, tokensFromShares } from "./gas-stake.js";
import { beforeDelegationCreated, beforeDelegationSharesModified, initializeDelegation, initializeValidator } from "../distribution/gas.js";
import type { Sim } from "../../framework/gas/sim.js";
import { addrLen } from "../../framework/gas/view.js";

/** The power index: deleted before a validator's tokens change, written after (not for a jailed one). */
function changeTokens(k: Sim, v: ValidatorFields, next: ValidatorFields, what: string): void {
  k.meter.del("staking", Key.powerIndex, `${what}: power index`);
  setValidator(k, next, what);
  if (!next.jailed) k.meter.set("staking", Key.powerIndex, 20, `${what}: power index`);
}

function addTokens(k: Sim, op: string, amount: bigint): bigint {
  const v = k.validator(op)!;
  const issued = v.shares === 0n ? amount * E18 : sharesFromTokens(v, amount);
  changeTokens(k, v, { ...v, tokens: v.tokens + amount, shares: v.shares + issued }, "AddValidatorTokensAndShares");
  return issued;
}

function removeShares(k: Sim, op: string, shares: bigint): bigint {
  const v = k.validator(op)!;
  const left = v.shares - shares;
  const amount = left === 0n ? v.tokens : tokensFromShares(v, shares) / E18;
  changeTokens(k, v, { ...v, tokens: v.tokens - amount, shares: left }, "RemoveValidatorTokensAndShares");
  return amount;
}

/**
 * Keeper.Delegate: the delegation, the distribution hook, the tokens (from the account, or between
 * the pools), the validator, the delegation, the starting info. Returns the new shares.
 */
export function delegate(k: Sim, del: string, op: string, amount: bigint, sourceBonded: boolean, fromAccount: boolean): bigint {
  const v = k.validator(op)!;
  const existing = getDelegation(k, del, op, "Delegate");
  if (existing !== undefined) beforeDelegationSharesModified(k, del, op);
  else beforeDelegationCreated(k, op);
  const bonded = v.status === BONDED;
  if (fromAccount) {
    stakingParams(k, "BondDenom");
    delegateCoins(k, del, bonded ? "bonded_tokens_pool" : "not_bonded_tokens_pool", amount);
  } else if (!sourceBonded && bonded) {
    stakingParams(k, "BondDenom");
    sendFromModuleToModule(k, "not_bonded_tokens_pool", "bonded_tokens_pool", amount);
  } else if (sourceBonded && !bonded) {
    stakingParams(k, "BondDenom");
    sendFromModuleToModule(k, "bonded_tokens_pool", "not_bonded_tokens_pool", amount);
  }
  const issued = addTokens(k, op, amount);
  setDelegation(k, del, op, (existing ?? 0n) + issued);
  initializeDelegation(k, del, op);
  return issued;
}

/** Keeper.Unbond: returns the tokens the shares were worth. */
export function unbond(k: Sim, del: string, op: string, shares: bigint): bigint {
  const d = getDelegation(k, del, op, "Unbond");
  k.check("staking:21", d === undefined);
  beforeDelegationSharesModified(k, del, op);
  k.check("staking:24", d! < shares);
  getValidator(k, op, "Unbond");
  const left = d! - shares;
  if (left === 0n) {
    k.setDelegation(del, op, undefined);
    k.meter.del("staking", Key.delegation(addrLen(del)), "RemoveDelegation");
    k.meter.del("staking", Key.delegationByValidator(addrLen(del)), "RemoveDelegation: by validator");
  } else {
    setDelegation(k, del, op, left);
    initializeDelegation(k, del, op);
  }
  return removeShares(k, op, shares);
}

/** ValidateUnbondAmount: the validator, the delegation; the shares the amount stands for. */
export function validateUnbondAmount(k: Sim, del: string, op: string, amount: bigint): bigint {
  const v = getValidator(k, op, "ValidateUnbondAmount");
  k.check("staking:3", v === undefined);
  const d = getDelegation(k, del, op, "ValidateUnbondAmount");
  k.check("staking:19", d === undefined);
  const shares = sharesFromTokens(v!, amount);
  k.check("sdk:18", shares > d!);
  return shares > d! ? d! : shares;
}

/** IncrementUnbondingID: the sequence (absent before the first), the next id. */
function newUnbondingId(k: Sim): bigint {
  const last = k.lastUnbondingId();
  k.meter.get("staking", Key.unbondingId, last === 0n ? 0 : U64_VALUE, "IncrementUnbondingID");
  k.meter.set("staking", Key.unbondingId, U64_VALUE, "IncrementUnbondingID");
  k.setLastUnbondingId(last + 1n);
  return last + 1n;
}

function insertQueue(k: Sim, pairs: number): void {
  // The time slice at the completion time: this block's own entries only (one a tx here).
  k.meter.get("staking", Key.queue, 0, "queue time slice");
  k.meter.set("staking", Key.queue, pairs, "queue time slice");
}

/** Keeper.Undelegate (the msg server's and the tier module's): returns the completion time. */
export function keeperUndelegate(k: Sim, del: string, op: string, shares: bigint): bigint {
  const v = getValidator(k, op, "Undelegate");
  k.check("staking:3", v === undefined);
  const entries = k.unbonding(del, op);
  k.meter.get("staking", Key.unbonding(addrLen(del)), entries.length ? unbondingValue(del, op, entries) : 0, "HasMaxUnbondingDelegationEntries");
  stakingParams(k, "MaxEntries");
  k.check("staking:27", entries.length >= 7);
  const amount = unbond(k, del, op, shares);
  if (v!.status === BONDED) {
    stakingParams(k, "BondDenom");
    sendFromModuleToModule(k, "bonded_tokens_pool", "not_bonded_tokens_pool", amount);
  }
  stakingParams(k, "UnbondingTime");
  const completion = k.block.timeNs + k.view.unbondingTimeNs;
  const id = newUnbondingId(k);
  const len = addrLen(del);
  k.meter.get("staking", Key.unbonding(len), entries.length ? unbondingValue(del, op, entries) : 0, "SetUnbondingDelegationEntry");
  const next: EntryFields[] = [...entries, { creationHeight: k.block.height, completionTimeNs: completion, initialBalance: amount, balance: amount, id }];
  k.setUnbonding(del, op, next);
  k.meter.set("staking", Key.unbonding(len), unbondingValue(del, op, next), "SetUnbondingDelegation");
  k.meter.set("staking", Key.unbondingByValidator(len), 0, "SetUnbondingDelegation: by validator");
  k.meter.set("staking", Key.unbondingIndex, Key.unbonding(len), "SetUnbondingDelegationByUnbondingID");
  k.meter.set("staking", Key.unbondingType, U64_VALUE, "SetUnbondingType");
  insertQueue(k, dvPairsValue([[del, op]]));
  return completion;
}

/** Keeper.BeginRedelegation. */
export function beginRedelegation(k: Sim, del: string, src: string, dst: string, shares: bigint): void {
  k.check("staking:29", src === dst);
  const dv = getValidator(k, dst, "BeginRedelegation: destination");
  k.check("staking:31", dv === undefined);
  const sv = getValidator(k, src, "BeginRedelegation: source");
  k.check("staking:44", sv === undefined);
  const len = addrLen(del);
  k.meter.iter("staking", [], 0, "HasReceivingRedelegation");
  const entries = k.redelegation(del, src, dst);
  const value = () => redelegationValue(del, src, dst, k.redelegation(del, src, dst));
  k.meter.get("staking", Key.redelegation(len), entries.length ? value() : 0, "HasMaxRedelegationEntries");
  k.check("staking:33", entries.length >= 7);
  const amount = unbond(k, del, src, shares);
  k.check("staking:30", amount === 0n);
  const created = delegate(k, del, dst, amount, sv!.status === BONDED, false);
  getValidator(k, src, "getBeginInfo");
  if (sv!.status === 1) return; // an unbonded source: complete at once, no entry
  if (sv!.status === BONDED) stakingParams(k, "UnbondingTime");
  const completion = sv!.status === BONDED ? k.block.timeNs + k.view.unbondingTimeNs : sv!.unbondingTimeNs;
  const id = newUnbondingId(k);
  k.meter.get("staking", Key.redelegation(len), entries.length ? value() : 0, "SetRedelegationEntry");
  k.setRedelegation(del, src, dst, [...entries, { creationHeight: k.block.height, completionTimeNs: completion, initialBalance: amount, balance: created, id }]);
  k.meter.set("staking", Key.redelegation(len), value(), "SetRedelegation");
  k.meter.set("staking", Key.redelegation(len), 0, "SetRedelegation: by source");
  k.meter.set("staking", Key.redelegation(len), 0, "SetRedelegation: by destination");
  k.meter.set("staking", Key.unbondingIndex, Key.redelegation(len), "SetRedelegationByUnbondingID");
  k.meter.set("staking", Key.unbondingType, U64_VALUE, "SetUnbondingType");
  insertQueue(k, dvPairsValue([[del, src, dst]]));
}

// ---- messages ----

const denomCheck = (k: Sim, denom: string) => k.check("sdk:18", denom !== k.denom);

export function msgDelegate(k: Sim, m: { delegator: string; validator: string; amount: bigint; denom: string }): void {
  k.check("sdk:18", m.amount <= 0n);
  const v = getValidator(k, m.validator, "Delegate");
  k.check("staking:3", v === undefined);
  stakingParams(k, "BondDenom");
  denomCheck(k, m.denom);
  delegate(k, m.delegator, m.validator, m.amount, false, true);
}

export function msgUndelegate(k: Sim, m: { delegator: string; validator: string; amount: bigint; denom: string }): void {
  k.check("sdk:18", m.amount <= 0n);
  const shares = validateUnbondAmount(k, m.delegator, m.validator, m.amount);
  stakingParams(k, "BondDenom");
  denomCheck(k, m.denom);
  keeperUndelegate(k, m.delegator, m.validator, shares);
}

export function msgBeginRedelegate(k: Sim, m: { delegator: string; src: string; dst: string; amount: bigint; denom: string }): void {
  k.check("sdk:18", m.amount <= 0n);
  const shares = validateUnbondAmount(k, m.delegator, m.src, m.amount);
  stakingParams(k, "BondDenom");
  denomCheck(k, m.denom);
  beginRedelegation(k, m.delegator, m.src, m.dst, shares);
}

export interface CreateValidatorFields {
  operator: string;
  /** The operator's account (the self-delegator). */
  account: string;
  pubKeyLen: number;
  description: ValidatorFields["description"];
  rate: bigint;
  maxRate: bigint;
  maxChangeRate: bigint;
  minSelfDelegation: bigint;
  amount: bigint;
  denom: string;
}

export function msgCreateValidator(k: Sim, m: CreateValidatorFields): void {
  stakingParams(k, "MinCommissionRate");
  k.check("staking:4", getValidator(k, m.operator, "CreateValidator") !== undefined);
  k.meter.get("staking", Key.validatorByCons, 0, "GetValidatorByConsAddr");
  stakingParams(k, "BondDenom");
  denomCheck(k, m.denom);
  const v: ValidatorFields = {
    operator: m.operator, consensusPubKey: m.pubKeyLen, jailed: false, status: 1, tokens: 0n, shares: 0n, description: m.description,
    unbondingHeight: 0n, unbondingTimeNs: 0n, rate: m.rate, maxRate: m.maxRate, maxChangeRate: m.maxChangeRate,
    updateTimeNs: k.block.timeNs, minSelfDelegation: m.minSelfDelegation,
  };
  setValidator(k, v, "CreateValidator");
  k.meter.set("staking", Key.validatorByCons, 20, "SetValidatorByConsAddr");
  k.meter.set("staking", Key.powerIndex, 20, "SetNewValidatorByPowerIndex");
  initializeValidator(k, m.operator);
  getValidator(k, m.operator, "AfterValidatorCreated (slashing)");
  k.meter.set("slashing", Key.slashingPubkey, consensusPubKeyValue(m.pubKeyLen), "AddPubkey");
  delegate(k, m.account, m.operator, m.amount, false, true);
}

