// chain-main x/tieredrewards' store accesses (keeper/msg_server.go and the files it calls:
// position.go, position_state.go, claim_rewards.go, bonus_rewards.go, delegation.go,
// transfer_delegation.go, msg_validate.go), over the SDK's staking, distribution and bank models
// (modules/<m>/gas.ts). Each user message's definition (messages.ts) takes its model here as its
// `gas`, on the validated message; the governance messages have none (the core's store counters).

import { Key, U64_VALUE, delegationValue, positionValue, redelegationValue, tierValue, unbondingValue, validatorEventValue } from "../../framework/gas/records.js";
import { ZERO_TIME_NS } from "../../framework/gas/proto.js";
import { allBalances, createAccount, derivedAddress, getAccount, sendCoins, sendFromModuleToAccount, spendableCoins } from "../bank/gas.js";
import { deleteWithdrawAddress, setWithdrawAddress, withdrawRewards } from "../distribution/gas.js";
import { BONDED, E18, decMul, getValidator, stakingParams, tokensFromShares } from "../staking/gas-stake.js";
import { beginRedelegation, delegate, keeperUndelegate, unbond, validateUnbondAmount } from "../staking/gas.js";
import type { Sim } from "../../framework/gas/sim.js";
import { addrLen, type PositionView } from "../../framework/gas/view.js";

const TR = "tieredrewards";
const SECONDS_PER_YEAR = 31_557_600n;
type Tier = { id: number; exitSeconds: bigint; bonusApy: bigint; minLock: bigint; closeOnly: boolean };

const triggered = (p: PositionView) => p.exitTriggeredAtNs !== ZERO_TIME_NS;
const completedExit = (p: PositionView, now: bigint) => p.exitUnlockAtNs !== ZERO_TIME_NS && now >= p.exitUnlockAtNs;

function getTier(k: Sim, id: number): Tier {
  const t = k.view.tier(id);
  k.meter.get(TR, Key.tier, t ? tierValue(t) : 0, "getTier");
  k.check(`${TR}:17`, t === undefined);
  return t!;
}

/** A position's delegation: GetDelegatorDelegations(delegator, 1) over the delegator's prefix. */
function positionDelegation(k: Sim, p: PositionView): void {
  const shares = p.validator === undefined ? undefined : k.delegation(p.delegator, p.validator);
  const len = addrLen(p.delegator);
  const items: [number, number][] = shares === undefined ? [] : [[Key.delegation(len), delegationValue(p.delegator, p.validator!, shares)]];
  k.meter.iter("staking", items, items.length, "GetDelegatorDelegations");
}

/** The delegator's first unbonding or redelegation record (GetUnbondingDelegations / GetRedelegations(…, 1)). */
function firstRecord(k: Sim, p: PositionView, kind: "ubd" | "red"): boolean {
  const len = addrLen(p.delegator);
  const item: [number, number][] = [];
  if (kind === "ubd") {
    const u = k.view.firstUnbonding(p.delegator);
    if (u) item.push([Key.unbonding(len), unbondingValue(p.delegator, u.validator, u.entries)]);
  } else {
    const r = k.view.firstRedelegation(p.delegator);
    if (r) item.push([Key.redelegation(len), redelegationValue(p.delegator, r.src, r.dst, r.entries)]);
  }
  k.meter.iter("staking", item, item.length, kind === "ubd" ? "GetUnbondingDelegations" : "GetRedelegations");
  return item.length > 0;
}

function getPositionState(k: Sim, id: bigint): PositionView {
  const p = k.position(id);
  k.meter.get(TR, Key.position, p ? positionValue(p) : 0, "getPosition");
  k.check(`${TR}:18`, p === undefined);
  positionDelegation(k, p!);
  return p!;
}

/** setPosition: the delegation, the old record, the record; a new one's indexes; the validator counts. */
function setPosition(k: Sim, p: PositionView, previousValidator?: string): void {
  positionDelegation(k, p);
  const old = k.position(p.id);
  k.meter.get(TR, Key.position, old ? positionValue(old) : 0, "setPositionWithState: old");
  k.setPosition(p, p.id);
  k.meter.set(TR, Key.position, positionValue(p), "setPositionWithState");
  if (old === undefined) {
    k.meter.set(TR, Key.positionsByOwner(addrLen(p.owner)), 0, "PositionsByOwner");
    k.meter.set(TR, Key.positionsByTier, 0, "PositionsByTier");
    const n = countByTier(k, p.tierId);
    k.setPositionCountByTier(p.tierId, n + 1n);
    k.meter.set(TR, Key.positionCountByTier, U64_VALUE, "PositionCountByTier");
  }
  if (previousValidator !== undefined) reindex(k, previousValidator, p.validator ?? "");
}

function countByTier(k: Sim, tier: number): bigint {
  const n = k.positionCountByTier(tier);
  k.meter.get(TR, Key.positionCountByTier, n === 0n ? 0 : U64_VALUE, "getPositionCountForTier");
  return n;
}

function countByValidator(k: Sim, op: string): bigint {
  const n = k.positionCountByValidator(op);
  k.meter.get(TR, Key.positionCountByValidator, n === 0n ? 0 : U64_VALUE, "getPositionCountForValidator");
  return n;
}

function reindex(k: Sim, from: string, to: string): void {
  if (from === to) return;
  if (from !== "") {
    const n = countByValidator(k, from);
    if (n === 1n) k.meter.del(TR, Key.positionCountByValidator, "PositionCountByValidator");
    else if (n > 1n) k.meter.set(TR, Key.positionCountByValidator, U64_VALUE, "PositionCountByValidator");
    k.setPositionCountByValidator(from, n > 0n ? n - 1n : 0n);
  }
  if (to !== "") {
    const n = countByValidator(k, to);
    k.setPositionCountByValidator(to, n + 1n);
    k.meter.set(TR, Key.positionCountByValidator, U64_VALUE, "PositionCountByValidator");
  }
}

function eventSeq(k: Sim, op: string): bigint {
  const s = k.view.eventSeq(op);
  k.meter.get(TR, Key.eventSeq, s === 0n ? 0 : U64_VALUE, "getValidatorEventLatestSeq");
  return s;
}

/** tokens x APY x whole seconds / seconds per year, as computeSegmentBonus. */
function segmentBonus(p: PositionView, tier: Tier, start: bigint, end: bigint, tokensPerShare: bigint): bigint {
  if (p.exitUnlockAtNs !== ZERO_TIME_NS && end > p.exitUnlockAtNs) end = p.exitUnlockAtNs;
  const seconds = end > start ? (end - start) / 1_000_000_000n : 0n;
  if (seconds <= 0n) return 0n;
  return (decMul(decMul(p.shares, tokensPerShare), tier.bonusApy) * seconds) / SECONDS_PER_YEAR / E18;
}

/** processEventsAndClaimBonus: the validator's events since the position's, the bonus paid from the pool. */
function claimBonus(k: Sim, p: PositionView): PositionView {
  if (p.validator === undefined) return p;
  const op = p.validator;
  const events = k.view.eventsSince(op, p.lastEventSeq);
  k.meter.iter(TR, events.map((e) => [Key.event, validatorEventValue({ ...e })] as [number, number]), events.length, "getValidatorEventsSince");
  const tier = getTier(k, p.tierId);
  let bonded = p.lastKnownBonded;
  let start = p.lastBonusAccrualNs;
  let bonus = 0n;
  let seq = p.lastEventSeq;
  for (const e of events) {
    if (bonded) bonus += segmentBonus(p, tier, start, e.timeNs, e.tokensPerShare);
    if (e.type === 2) bonded = false;
    if (e.type === 3) bonded = true;
    start = e.timeNs;
    seq = e.seq;
    k.meter.get(TR, Key.event, validatorEventValue(e), "decrementEventRefCount");
    if (e.references <= 1n) k.meter.del(TR, Key.event, "decrementEventRefCount");
    else k.meter.set(TR, Key.event, validatorEventValue({ ...e, references: e.references - 1n }), "decrementEventRefCount");
  }
  const v = getValidator(k, op, "processEventsAndClaimBonus");
  if (bonded && v?.status === BONDED) {
    const tv = getValidator(k, op, "getTokensPerShare")!;
    bonus += segmentBonus(p, tier, start, k.block.timeNs, tv.shares === 0n ? 0n : tokensFromShares(tv, E18));
  }
  const accrual = completedExit(p, k.block.timeNs) ? p.exitUnlockAtNs : k.block.timeNs;
  const next = { ...p, lastEventSeq: seq, lastBonusAccrualNs: accrual, lastKnownBonded: bonded };
  if (bonus > 0n) {
    stakingParams(k, "BondDenom");
    const pool = allBalances(k, k.view.moduleAccount("rewards_pool").address);
    k.check(`${TR}:12`, pool < bonus);
    sendFromModuleToAccount(k, "rewards_pool", p.owner, bonus);
  }
  return next;
}

/** claimRewards: base rewards (the delegation's, paid to the owner), then the bonus. */
function claimRewards(k: Sim, p: PositionView): PositionView {
  if (p.validator === undefined) return p;
  withdrawRewards(k, p.delegator, p.validator);
  return claimBonus(k, p);
}

function validateNewPosition(k: Sim, owner: string, amount: bigint, tier: Tier): void {
  k.check(`${TR}:30`, getAccount(k, owner, "validateNonVestingAccount")?.wrap !== undefined);
  k.check(`${TR}:7`, tier.closeOnly);
  k.check(`${TR}:9`, amount < tier.minLock);
}

/** The new position's delegator account (a fresh 32-byte address). */
function newDelegator(k: Sim): string {
  k.meter.get(TR, Key.nextPositionId, k.nextPositionId() === 0n ? 0 : U64_VALUE, "NextPositionId.Peek");
  const address = derivedAddress(k.view.prefix, k.nextPositionId());
  getAccount(k, address, "createPositionDelegatorAccount");
  createAccount(k, address, "createPositionDelegatorAccount");
  return address;
}

function createPosition(k: Sim, owner: string, tier: Tier, op: string, delegator: string, trigger: boolean, shares: bigint): PositionView {
  const id = k.nextPositionId();
  k.meter.get(TR, Key.nextPositionId, id === 0n ? 0 : U64_VALUE, "NextPositionId.Next");
  k.meter.set(TR, Key.nextPositionId, U64_VALUE, "NextPositionId.Next");
  k.setNextPositionId(id + 1n);
  const seq = eventSeq(k, op);
  const now = k.block.timeNs;
  setWithdrawAddress(k, delegator, owner);
  return {
    id, owner, tierId: tier.id, lastBonusAccrualNs: now, lastEventSeq: seq, lastKnownBonded: true,
    exitTriggeredAtNs: trigger ? now : ZERO_TIME_NS, exitUnlockAtNs: trigger ? now + tier.exitSeconds * 1_000_000_000n : ZERO_TIME_NS,
    createdAtHeight: k.block.height, createdAtTimeNs: now, delegator, validator: op, shares, unbonding: false,
  };
}

/** The tier module's delegate: the validator must be bonded; then Keeper.Delegate from the account. */
function tierDelegate(k: Sim, del: string, op: string, amount: bigint): bigint {
  const v = getValidator(k, op, "delegate");
  k.check(`${TR}:11`, v?.status !== BONDED);
  return delegate(k, del, op, amount, false, true);
}

function lockFunds(k: Sim, owner: string, del: string, amount: bigint): void {
  stakingParams(k, "BondDenom");
  sendCoins(k, owner, del, amount);
}

export interface LockFields {
  owner: string;
  tierId: number;
  amount: bigint;
  validator: string;
  triggerExitImmediately: boolean;
}

export function msgLockTier(k: Sim, m: LockFields): void {
  k.check("sdk:18", m.amount <= 0n);
  const tier = getTier(k, m.tierId);
  validateNewPosition(k, m.owner, m.amount, tier);
  const del = newDelegator(k);
  lockFunds(k, m.owner, del, m.amount);
  const shares = tierDelegate(k, del, m.validator, m.amount);
  setPosition(k, createPosition(k, m.owner, tier, m.validator, del, m.triggerExitImmediately, shares), "");
}

export function msgCommitDelegationToTier(k: Sim, m: LockFields): void {
  k.check("sdk:18", m.amount <= 0n);
  const tier = getTier(k, m.tierId);
  validateNewPosition(k, m.owner, m.amount, tier);
  const del = newDelegator(k);
  const v = getValidator(k, m.validator, "transferDelegationToPosition");
  k.check(`${TR}:1`, v === undefined);
  k.check(`${TR}:11`, v!.status !== BONDED);
  k.meter.iter("staking", [], 0, "HasReceivingRedelegation");
  const shares = validateUnbondAmount(k, m.owner, m.validator, m.amount);
  const amount = unbond(k, m.owner, m.validator, shares);
  k.check(`${TR}:3`, amount === 0n);
  const after = getValidator(k, m.validator, "transferDelegationToPosition")!;
  const created = delegate(k, del, m.validator, amount, after.status === BONDED, false);
  setPosition(k, createPosition(k, m.owner, tier, m.validator, del, m.triggerExitImmediately, created), "");
}

function owned(k: Sim, p: PositionView, owner: string): void {
  k.check(`${TR}:22`, p.owner !== owner);
}

export function msgAddToTierPosition(k: Sim, m: { owner: string; positionId: bigint; amount: bigint }): void {
  k.check("sdk:18", m.amount <= 0n);
  let p = getPositionState(k, m.positionId);
  owned(k, p, m.owner);
  k.check(`${TR}:13`, p.validator === undefined);
  k.check(`${TR}:15`, triggered(p));
  k.check(`${TR}:7`, getTier(k, p.tierId).closeOnly);
  lockFunds(k, m.owner, p.delegator, m.amount);
  p = claimRewards(k, p);
  const added = tierDelegate(k, p.delegator, p.validator!, m.amount);
  setPosition(k, { ...p, shares: p.shares + added });
}

export function msgTriggerExit(k: Sim, m: { owner: string; positionId: bigint }): void {
  const p = getPositionState(k, m.positionId);
  owned(k, p, m.owner);
  k.check(`${TR}:15`, triggered(p));
  const tier = getTier(k, p.tierId);
  const now = k.block.timeNs;
  setPosition(k, { ...p, exitTriggeredAtNs: now, exitUnlockAtNs: now + tier.exitSeconds * 1_000_000_000n });
}

export function msgClearPosition(k: Sim, m: { owner: string; positionId: bigint }): void {
  let p = getPositionState(k, m.positionId);
  owned(k, p, m.owner);
  if (completedExit(p, k.block.timeNs)) {
    k.check(`${TR}:25`, firstRecord(k, p, "ubd"));
    k.check(`${TR}:13`, p.validator === undefined);
  }
  k.check(`${TR}:7`, getTier(k, p.tierId).closeOnly);
  if (!triggered(p)) return;
  p = claimRewards(k, p);
  const delegated = p.validator !== undefined;
  setPosition(k, { ...p, exitTriggeredAtNs: ZERO_TIME_NS, exitUnlockAtNs: ZERO_TIME_NS, ...(delegated ? { lastBonusAccrualNs: k.block.timeNs } : {}) });
}

export function msgClaimTierRewards(k: Sim, m: { owner: string; positionIds: readonly bigint[] }): void {
  const positions = m.positionIds.map((id) => {
    const p = getPositionState(k, id);
    owned(k, p, m.owner);
    return p;
  });
  for (const p of positions) {
    if (p.validator === undefined) continue;
    withdrawRewards(k, p.delegator, p.validator);
    setPosition(k, claimBonus(k, p));
  }
}

export function msgTierRedelegate(k: Sim, m: { owner: string; positionId: bigint; dstValidator: string }): void {
  let p = getPositionState(k, m.positionId);
  owned(k, p, m.owner);
  k.check(`${TR}:13`, p.validator === undefined);
  k.check(`${TR}:16`, p.validator === m.dstValidator);
  k.check(`${TR}:26`, triggered(p) && completedExit(p, k.block.timeNs));
  k.check(`${TR}:7`, getTier(k, p.tierId).closeOnly);
  k.check(`${TR}:10`, firstRecord(k, p, "red"));
  p = claimRewards(k, p);
  const src = p.validator!;
  const dv = getValidator(k, m.dstValidator, "redelegate");
  k.check(`${TR}:11`, dv?.status !== BONDED);
  beginRedelegation(k, p.delegator, src, m.dstValidator, p.shares);
  if (k.validator(src)?.status !== 1) {
    k.meter.get(TR, Key.redelegationMapping, 0, "setRedelegationMapping: old");
    k.meter.set(TR, Key.redelegationMappingByPosition, 0, "RedelegationMappingsByPosition");
    k.meter.set(TR, Key.redelegationMapping, U64_VALUE, "setRedelegationMapping");
  }
  const seq = eventSeq(k, m.dstValidator);
  const shares = k.delegation(p.delegator, m.dstValidator) ?? p.shares;
  setPosition(k, { ...p, validator: m.dstValidator, shares, lastEventSeq: seq, lastBonusAccrualNs: k.block.timeNs, lastKnownBonded: true }, src);
}

export function msgTierUndelegate(k: Sim, m: { owner: string; positionId: bigint }): void {
  let p = getPositionState(k, m.positionId);
  owned(k, p, m.owner);
  k.check(`${TR}:13`, p.validator === undefined);
  k.check(`${TR}:24`, !triggered(p));
  k.check(`${TR}:14`, !completedExit(p, k.block.timeNs));
  p = claimRewards(k, p);
  const src = p.validator!;
  keeperUndelegate(k, p.delegator, src, p.shares);
  const { validator: _, ...rest } = p;
  setPosition(k, { ...rest, shares: 0n, unbonding: true, lastBonusAccrualNs: ZERO_TIME_NS, lastEventSeq: 0n, lastKnownBonded: false }, src);
}

/** deletePosition: the delegation, the base-rewards routing, the redelegation mappings, the record and its indexes. */
function deletePosition(k: Sim, p: PositionView, previousValidator?: string): void {
  positionDelegation(k, { ...p, validator: undefined });
  deleteWithdrawAddress(k, p.delegator);
  k.meter.iter(TR, [], 0, "RedelegationMappingsByPosition");
  k.setPosition(undefined, p.id);
  k.meter.del(TR, Key.position, "Positions.Remove");
  k.meter.del(TR, Key.positionsByOwner(addrLen(p.owner)), "PositionsByOwner.Remove");
  k.meter.del(TR, Key.positionsByTier, "PositionsByTier.Remove");
  const n = countByTier(k, p.tierId);
  if (n === 1n) k.meter.del(TR, Key.positionCountByTier, "PositionCountByTier");
  else if (n > 1n) k.meter.set(TR, Key.positionCountByTier, U64_VALUE, "PositionCountByTier");
  if (previousValidator !== undefined) reindex(k, previousValidator, "");
}

export function msgWithdrawFromTier(k: Sim, m: { owner: string; positionId: bigint }): void {
  const p = getPositionState(k, m.positionId);
  owned(k, p, m.owner);
  k.check(`${TR}:24`, !triggered(p));
  k.check(`${TR}:14`, !completedExit(p, k.block.timeNs));
  k.check(`${TR}:23`, p.validator !== undefined);
  k.check(`${TR}:25`, firstRecord(k, p, "ubd"));
  const balance = spendableCoins(k, p.delegator);
  if (balance > 0n) sendCoins(k, p.delegator, p.owner, balance);
  deletePosition(k, p);
}

export function msgExitTierWithDelegation(k: Sim, m: { owner: string; positionId: bigint; amount: bigint }): void {
  let p = getPositionState(k, m.positionId);
  owned(k, p, m.owner);
  k.check(`${TR}:13`, p.validator === undefined);
  k.check(`${TR}:24`, !triggered(p));
  k.check(`${TR}:14`, !completedExit(p, k.block.timeNs));
  const op = p.validator!;
  const worth = () => {
    const v = getValidator(k, op, "reconcileAmountFromShares")!;
    return tokensFromShares(v, p.shares) / E18;
  };
  k.check(`${TR}:8`, m.amount > worth());
  k.check(`${TR}:10`, firstRecord(k, p, "red"));
  p = claimRewards(k, p);
  worth();
  firstRecord(k, p, "red");
  const v = getValidator(k, op, "transferDelegationFromPosition");
  k.check(`${TR}:11`, v?.status !== BONDED);
  const full = m.amount === worth();
  const shares = full ? p.shares : validateUnbondAmount(k, p.delegator, op, m.amount);
  const amount = unbond(k, p.delegator, op, shares);
  k.check(`${TR}:3`, amount === 0n);
  const after = getValidator(k, op, "transferDelegationFromPosition")!;
  delegate(k, p.owner, op, amount, after.status === BONDED, false);
  if (full) {
    const balance = spendableCoins(k, p.delegator);
    if (balance > 0n) sendCoins(k, p.delegator, p.owner, balance);
    deletePosition(k, p, op);
    return;
  }
  const left = p.shares - shares;
  const remaining = (() => {
    const w = getValidator(k, op, "reconcileAmountFromShares")!;
    return tokensFromShares(w, left) / E18;
  })();
  const tier = getTier(k, p.tierId);
  k.check(`${TR}:9`, remaining < tier.minLock);
  setPosition(k, { ...p, shares: left });
}
