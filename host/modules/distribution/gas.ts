// x/distribution's F1 accesses (SDK v0.53 x/distribution/keeper: validator.go, delegation.go,
// hooks.go): periods, historical ratios with their reference counts, starting infos, outstanding
// rewards and the community pool, walked with the SDK's arithmetic so each record has its size.

import { Key, currentRewardsValue, decCoinsValue, distrParamsValue, historicalValue, startingInfoValue } from "../../framework/gas/records.js";
import { sendFromAccountToModule, sendFromModuleToAccount } from "../bank/gas.js";
import { E18, getDelegation, getValidator, tokensFromSharesTruncated } from "../staking/gas-stake.js";
import type { Sim } from "../../framework/gas/sim.js";
import { addrLen } from "../../framework/gas/view.js";


function getCurrent(k: Sim, op: string, what: string): { rewards: bigint; period: bigint } {
  const c = k.currentRewards(op);
  k.meter.get("distribution", Key.currentRewards, currentRewardsValue(k.denom, c.rewards, c.period), what);
  return c;
}

function getHistorical(k: Sim, op: string, period: bigint, what: string): { ratio: bigint; references: number } {
  const h = k.historical(op, period);
  k.meter.get("distribution", Key.historical, h ? historicalValue(k.denom, h.ratio, h.references) : 0, what);
  return h ?? { ratio: 0n, references: 0 };
}

function setHistorical(k: Sim, op: string, period: bigint, h: { ratio: bigint; references: number }, what: string): void {
  k.setHistorical(op, period, h);
  k.meter.set("distribution", Key.historical, historicalValue(k.denom, h.ratio, h.references), what);
}

function getPool(k: Sim): bigint {
  const p = k.communityPool();
  k.meter.get("distribution", Key.feePool, decCoinsValue(k.denom, p), "FeePool");
  return p;
}

function setPool(k: Sim, amount: bigint): void {
  k.setCommunityPool(amount);
  k.meter.set("distribution", Key.feePool, decCoinsValue(k.denom, amount), "FeePool");
}

function getOutstanding(k: Sim, op: string): bigint {
  const o = k.outstanding(op);
  k.meter.get("distribution", Key.outstanding, decCoinsValue(k.denom, o), "outstanding rewards");
  return o;
}

function setOutstanding(k: Sim, op: string, amount: bigint): void {
  k.setOutstanding(op, amount);
  k.meter.set("distribution", Key.outstanding, decCoinsValue(k.denom, amount), "outstanding rewards");
}

export function incrementReferenceCount(k: Sim, op: string, period: bigint): void {
  const h = getHistorical(k, op, period, "incrementReferenceCount");
  setHistorical(k, op, period, { ...h, references: h.references + 1 }, "incrementReferenceCount");
}

export function decrementReferenceCount(k: Sim, op: string, period: bigint): void {
  const h = getHistorical(k, op, period, "decrementReferenceCount");
  if (h.references <= 1) {
    k.setHistorical(op, period, undefined);
    k.meter.del("distribution", Key.historical, "decrementReferenceCount");
  } else {
    setHistorical(k, op, period, { ...h, references: h.references - 1 }, "decrementReferenceCount");
  }
}

/** IncrementValidatorPeriod: closes the current period; returns it. */
export function incrementValidatorPeriod(k: Sim, op: string): bigint {
  const c = getCurrent(k, op, "IncrementValidatorPeriod");
  const tokens = k.validator(op)?.tokens ?? 0n;
  let current = 0n;
  if (tokens === 0n) {
    const pool = getPool(k);
    const out = getOutstanding(k, op);
    setPool(k, pool + c.rewards);
    setOutstanding(k, op, out - c.rewards);
  } else {
    current = c.rewards / tokens; // QuoDecTruncate(Dec(tokens)) of a raw Dec
  }
  const h = getHistorical(k, op, c.period - 1n, "IncrementValidatorPeriod");
  decrementReferenceCount(k, op, c.period - 1n);
  setHistorical(k, op, c.period, { ratio: h.ratio + current, references: 1 }, "IncrementValidatorPeriod");
  k.setCurrentRewards(op, { rewards: 0n, period: c.period + 1n });
  k.meter.set("distribution", Key.currentRewards, currentRewardsValue(k.denom, 0n, c.period + 1n), "IncrementValidatorPeriod");
  return c.period;
}

function getStartingInfo(k: Sim, del: string, op: string, what: string) {
  const s = k.startingInfo(del, op);
  k.meter.get("distribution", Key.startingInfo(addrLen(del)), s ? startingInfoValue(s.previousPeriod, s.stake, s.height) : 0, what);
  return s;
}

/** CalculateDelegationRewards (no slash events): stake x (ratio(end) - ratio(start)), truncated. */
function calculateRewards(k: Sim, del: string, op: string, endingPeriod: bigint): bigint {
  const s = getStartingInfo(k, del, op, "CalculateDelegationRewards");
  if (s === undefined || s.height === k.block.height) return 0n;
  k.meter.iter("distribution", [], 0, "IterateValidatorSlashEventsBetween");
  const start = getHistorical(k, op, s.previousPeriod, "calculateDelegationRewardsBetween");
  const end = getHistorical(k, op, endingPeriod, "calculateDelegationRewardsBetween");
  const diff = end.ratio - start.ratio;
  return diff <= 0n ? 0n : (diff * s.stake) / E18;
}

/** withdrawDelegationRewards; returns the whole base units paid. */
export function withdrawDelegationRewards(k: Sim, del: string, op: string): bigint {
  const len = addrLen(del);
  k.meter.has("distribution", Key.startingInfo(len), "HasDelegatorStartingInfo");
  k.check("distribution:5", k.startingInfo(del, op) === undefined);
  const ending = incrementValidatorPeriod(k, op);
  const raw = calculateRewards(k, del, op, ending);
  const out = getOutstanding(k, op);
  const rewards = raw > out ? out : raw;
  const paid = rewards / E18;
  if (paid > 0n) {
    const to = k.withdrawAddress(del);
    k.meter.get("distribution", Key.withdrawAddr(len), to ? addrLen(to) : 0, "GetDelegatorWithdrawAddr");
    sendFromModuleToAccount(k, "distribution", to ?? del, paid);
  }
  setOutstanding(k, op, out - rewards);
  setPool(k, getPool(k) + (rewards - paid * E18));
  const s = getStartingInfo(k, del, op, "withdrawDelegationRewards");
  if (s) decrementReferenceCount(k, op, s.previousPeriod);
  k.setStartingInfo(del, op, undefined);
  k.meter.del("distribution", Key.startingInfo(len), "DeleteDelegatorStartingInfo");
  return paid;
}

/** initializeDelegation (the AfterDelegationModified hook). */
export function initializeDelegation(k: Sim, del: string, op: string): void {
  const c = getCurrent(k, op, "initializeDelegation");
  const previous = c.period - 1n;
  incrementReferenceCount(k, op, previous);
  const v = getValidator(k, op, "initializeDelegation");
  const shares = getDelegation(k, del, op, "initializeDelegation") ?? 0n;
  const stake = v ? tokensFromSharesTruncated(v, shares) : 0n;
  const s = { previousPeriod: previous, stake, height: k.block.height };
  k.setStartingInfo(del, op, s);
  k.meter.set("distribution", Key.startingInfo(addrLen(del)), startingInfoValue(s.previousPeriod, s.stake, s.height), "SetDelegatorStartingInfo");
}

/** The hooks before a delegation changes: BeforeDelegationCreated / BeforeDelegationSharesModified. */
export function beforeDelegationCreated(k: Sim, op: string): void {
  getValidator(k, op, "BeforeDelegationCreated");
  incrementValidatorPeriod(k, op);
}

export function beforeDelegationSharesModified(k: Sim, del: string, op: string): void {
  getValidator(k, op, "BeforeDelegationSharesModified");
  getDelegation(k, del, op, "BeforeDelegationSharesModified");
  withdrawDelegationRewards(k, del, op);
}

/** Keeper.WithdrawDelegationRewards (MsgWithdrawDelegatorReward, a tier claim). */
export function withdrawRewards(k: Sim, del: string, op: string): bigint {
  const v = getValidator(k, op, "WithdrawDelegationRewards");
  k.check("distribution:6", v === undefined);
  const d = getDelegation(k, del, op, "WithdrawDelegationRewards");
  k.check("distribution:5", d === undefined);
  const paid = withdrawDelegationRewards(k, del, op);
  initializeDelegation(k, del, op);
  return paid;
}

/** MsgWithdrawValidatorCommission: the commission (its remainder kept), the outstanding rewards, the payment. */
export function withdrawCommission(k: Sim, op: string): void {
  const c = k.commission(op);
  k.meter.get("distribution", Key.commission, decCoinsValue(k.denom, c), "GetValidatorAccumulatedCommission");
  k.check("distribution:7", c === 0n);
  const paid = c / E18;
  k.setCommission(op, c - paid * E18);
  k.meter.set("distribution", Key.commission, decCoinsValue(k.denom, c - paid * E18), "SetValidatorAccumulatedCommission");
  setOutstanding(k, op, getOutstanding(k, op) - paid * E18);
  if (paid === 0n) return;
  const account = k.view.operatorAccount(op);
  const to = k.withdrawAddress(account);
  k.meter.get("distribution", Key.withdrawAddr(addrLen(account)), to ? addrLen(to) : 0, "GetDelegatorWithdrawAddr");
  sendFromModuleToAccount(k, "distribution", to ?? account, paid);
}

/** AfterValidatorCreated: initializeValidator's four records. */
export function initializeValidator(k: Sim, op: string): void {
  getValidator(k, op, "AfterValidatorCreated");
  setHistorical(k, op, 0n, { ratio: 0n, references: 1 }, "initializeValidator");
  k.setCurrentRewards(op, { rewards: 0n, period: 1n });
  k.meter.set("distribution", Key.currentRewards, currentRewardsValue(k.denom, 0n, 1n), "initializeValidator");
  k.meter.set("distribution", Key.commission, 0, "initializeValidator: commission");
  k.setOutstanding(op, 0n);
  k.meter.set("distribution", Key.outstanding, 0, "initializeValidator: outstanding");
}

/** SetWithdrawAddr: the params (withdraw_addr_enabled), then the address. */
export function setWithdrawAddress(k: Sim, del: string, to: string): void {
  k.meter.get("distribution", Key.distrParams, distrParamsValue(k.view.communityTax), "distribution params");
  k.check("distribution:8"); // withdraw_addr_enabled false (governance's params)
  k.setWithdrawAddress(del, to);
  k.meter.set("distribution", Key.withdrawAddr(addrLen(del)), addrLen(to), "SetDelegatorWithdrawAddr");
}

export function deleteWithdrawAddress(k: Sim, del: string): void {
  k.setWithdrawAddress(del, undefined);
  k.meter.del("distribution", Key.withdrawAddr(addrLen(del)), "DeleteDelegatorWithdrawAddr");
}


/** Keeper.FundCommunityPool: SendCoinsFromAccountToModule, then the fee pool read and written. */
export function fundCommunityPool(k: Sim, from: string, amount: bigint): void {
  sendFromAccountToModule(k, from, "distribution", amount);
  setPool(k, getPool(k) + amount * E18);
}

/** Dec.Mul: the product of two raw Decs, rounded half to even (chopPrecisionAndRound). */
function decMul(a: bigint, b: bigint): bigint {
  const p = a * b, q = p / E18, r = p % E18;
  return 2n * r > E18 || (2n * r === E18 && q % 2n === 1n) ? q + 1n : q;
}

/** MsgDepositValidatorRewardsPool: the send, the validator, AllocateTokensToValidator's three records. */
export function depositValidatorRewards(k: Sim, from: string, op: string, amount: bigint): void {
  sendFromAccountToModule(k, from, "distribution", amount);
  const v = getValidator(k, op, "Validator");
  k.check("staking:3", v === undefined);
  // A second read of the validator record: not located in the SDK source read here, but both
  // recorded deposits (87,798 and 87,788 gas) are exact with it and 2,369 gas (one such read) low without.
  getValidator(k, op, "DepositValidatorRewardsPool: validator again");
  const tokens = amount * E18;
  const commission = decMul(tokens, v!.rate);
  const c = k.commission(op);
  k.meter.get("distribution", Key.commission, decCoinsValue(k.denom, c), "GetValidatorAccumulatedCommission");
  k.setCommission(op, c + commission);
  k.meter.set("distribution", Key.commission, decCoinsValue(k.denom, c + commission), "SetValidatorAccumulatedCommission");
  const cur = getCurrent(k, op, "AllocateTokensToValidator");
  k.setCurrentRewards(op, { rewards: cur.rewards + tokens - commission, period: cur.period });
  k.meter.set("distribution", Key.currentRewards, currentRewardsValue(k.denom, cur.rewards + tokens - commission, cur.period), "SetValidatorCurrentRewards");
  setOutstanding(k, op, getOutstanding(k, op) + tokens);
}
