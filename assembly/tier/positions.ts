// x/tieredrewards messages (REFERENCE.md §4, DESIGN.md decisions 2, 5, 7, 8). A position is an
// ordinary delegator: its own account holds one delegation, whose base rewards go to the owner
// (its withdraw address). Bonus is replayed from validator events at each claim (§6.3) through
// `segmentBonus`. Each message runs in a store transaction (index.ts): preconditions come in the
// reference's order, and a failure after a write is undone by the abort.

import {
  OK, ERR_NO_VALIDATOR, ERR_INVARIANT, setErrorArg, ERR_TR_TRANSFER_SRC_NOT_FOUND, ERR_TR_TRANSFER_DST_NOT_FOUND,
  ERR_TR_TOO_FEW_TOKENS, ERR_TR_TIER_EXISTS, ERR_TR_TIER_HAS_POSITIONS, ERR_TR_CLOSE_ONLY, ERR_TR_INVALID_AMOUNT,
  ERR_TR_MIN_LOCK, ERR_TR_ACTIVE_REDELEGATION, ERR_TR_NOT_BONDED, ERR_TR_POOL_SHORT, ERR_TR_NOT_DELEGATED,
  ERR_TR_NOT_ELAPSED, ERR_TR_EXIT_TRIGGERED, ERR_TR_SAME_VALIDATOR, ERR_TR_TIER_NOT_FOUND, ERR_TR_POSITION_NOT_FOUND,
  ERR_TR_OWNER_MISMATCH, ERR_TR_DELEGATED, ERR_TR_NOT_TRIGGERED, ERR_TR_UNBONDING,
  ERR_TR_ZERO_TIER_ID, ERR_TR_NO_DELEGATOR_ADDRESS, ERR_TR_INVALID_REQUEST, ERR_TR_INVALID_TIER,
  ERR_TR_UNLOCK_OUT_OF_RANGE, ERR_TR_EXIT_OUT_OF_RANGE, MAX_EXIT_SECONDS,
} from "../errors";
import { add, sub, cmp, mulIntQuo, truncateInt, resLo, resHi, setResult, ROUND_HALF_EVEN } from "../dec/dec";
import { POW18 } from "../math/limbs";
import { segmentBonus } from "../rewards/bonus";
import { balanceOf, send, REWARDS_POOL, FIRST_USER_ACCOUNT } from "../ledger/bank";
import { validators } from "../ledger/validators";
import { V_STATUS, V_TOKENS, V_SHARES, STATUS_BONDED } from "../abi/validator";
import { delegations, delegationKey, D_SHARES } from "../ledger/delegations";
import { pairs } from "../ledger/unbonding";
import { incomingRedelegations } from "../ledger/redelegations";
import { cellLo, BLOCK_TIME } from "../ledger/globals";
import { ld, ldh, put } from "../ledger/fields";
import { setRewardRecipient } from "../ledger/withdraw";
import {
  delegateTokens, unbond, undelegateShares, redelegateShares, validateUnbondAmount, withdrawDelegatorReward,
  currentHeight, lastCompletion,
} from "../ledger/staking";
import {
  tiers, positions, owners, byDelegator, globals, validatorEvents, eventKey, currentSeq, bumpDelegated,
  listAppend, listRemove, O_HEAD, O_TAIL, O_COUNT, O_OWED, G_NEXT_ID, G_HEAD, G_TAIL, G_COUNT, VE_TIME,
  VE_TYPE, VE_TPS, VE_REFS,
} from "./state";
import { EVENT_UNBOND, EVENT_BOND } from "../abi/validator-event";
import {
  P_OWNER, P_TIER, P_DELEGATOR, P_VALIDATOR, P_LAST_ACCRUAL, P_LAST_SEQ, P_BONDED, P_TRIGGERED, P_UNLOCK,
  P_HEIGHT, P_TIME, P_OWNER_PREV, P_OWNER_NEXT, P_TIER_PREV, P_TIER_NEXT, P_ALL_PREV, P_ALL_NEXT,
} from "../abi/position";
import { T_EXIT, T_APY, T_MIN_LOCK, T_CLOSE_ONLY, T_COUNT, T_HEAD, T_TAIL } from "../abi/tier";
import { tokensPerShare } from "./hooks";
import { emit } from "../ledger/out";
import {
  EV_TIER, EV_POSITION, EV_OWNER, EV_VALIDATOR, EV_DST_VALIDATOR, EV_FLAG, EV_AMOUNT, EV_AMOUNT2, EV_TIME,
  EVT_TIER_CHANGED, EVT_POSITION_CREATED, EVT_DELEGATION_COMMITTED, EVT_BASE_REWARDS_CLAIMED,
  EVT_BONUS_REWARDS_CLAIMED, EVT_POSITION_UNDELEGATED, EVT_POSITION_REDELEGATED, EVT_POSITION_AMOUNT_ADDED,
  EVT_EXIT_TRIGGERED, EVT_EXIT_CLEARED, EVT_TIER_REWARDS_CLAIMED, EVT_POSITION_WITHDRAWN,
  EVT_EXIT_TIER_WITH_DELEGATION, EVT_BONUS_OWED, EVT_OWED_BONUS_PAID, EVT_POOL_FUNDED, TIER_NEW, TIER_UPDATE,
  TIER_DELETE, EVT_SET_WITHDRAW_ADDRESS, EV_PEER,
} from "../abi/message-event";

const NANOS: i64 = 1_000_000_000;
/** ClaimTierRewards takes at most this many ids (the reference's code; ADR-006 says 500). */
export const MAX_CLAIM_IDS: i32 = 300;

// Results of the last message, for the host.
export let lastPositionId: u64 = 0;
export let lastTime: i64 = 0; // exit_unlock_at or completion time
export let outALo: u64 = 0, outAHi: u64 = 0; // claimed base; transferred amount; withdrawn amount
export let outBLo: u64 = 0, outBHi: u64 = 0; // claimed bonus; transferred shares
export let outFlag: bool = false; // full exit
// The two amounts of the last error message that quotes them (12: bonus and pool; 8: amount and value; 9: remaining and minimum).
export let errALo: u64 = 0, errAHi: u64 = 0, errBLo: u64 = 0, errBHi: u64 = 0;

function errAmounts(code: i32, aLo: u64, aHi: u64, bLo: u64, bHi: u64): i32 {
  errALo = aLo;
  errAHi = aHi;
  errBLo = bLo;
  errBHi = bHi;
  return code;
}

function invalidRequest(rule: i64): i32 {
  setErrorArg(rule);
  return ERR_TR_INVALID_REQUEST;
}

// @ts-ignore: decorator
@inline
function now(): i64 {
  return <i64>cellLo(BLOCK_TIME);
}

/** exit_unlock_at of an exit triggered now in the tier at slot `ts` (set by unlockFromNow). */
let unlockAt: i64 = 0;

/**
 * Now + the tier's exit duration into `unlockAt`, checked: a sum past the last int64-ns time
 * (2262-04-11T23:47:16.854775807Z) is ERR_TR_UNLOCK_OUT_OF_RANGE (errorArg: the exit seconds),
 * never a wrapped time. Stored durations are at most MAX_EXIT_SECONDS, so seconds x 10^9 fits.
 */
function unlockFromNow(ts: u32): i32 {
  const secs = load<u64>(tiers.ptr(ts) + <usize>T_EXIT);
  const t = now();
  if (secs > MAX_EXIT_SECONDS || t > i64.MAX_VALUE - <i64>secs * NANOS) {
    setErrorArg(<i64>secs);
    return ERR_TR_UNLOCK_OUT_OF_RANGE;
  }
  unlockAt = t + <i64>secs * NANOS;
  return OK;
}

// ---- lookups ----

let pslot: u32 = 0;

/** The position `id` of `owner` into `pslot`: (18) missing, (22) another's. */
function ownPosition(owner: u32, id: u64): i32 {
  const s = positions.find(id);
  if (s < 0) {
    setErrorArg(<i64>id);
    return ERR_TR_POSITION_NOT_FOUND;
  }
  if (load<u32>(positions.ptr(<u32>s) + <usize>P_OWNER) != owner) return ERR_TR_OWNER_MISMATCH;
  pslot = <u32>s;
  return OK;
}

function tierOf(ps: u32): i32 {
  return tiers.find(<u64>load<u32>(positions.ptr(ps) + <usize>P_TIER));
}

/** The slot of the position's delegation, or -1 (undelegated). */
export function delegationOf(ps: u32): i32 {
  const p = positions.ptr(ps);
  return delegations.find(delegationKey(load<u32>(p + <usize>P_DELEGATOR), load<u32>(p + <usize>P_VALIDATOR)));
}

export function isUnbonding(ps: u32): bool {
  const p = positions.ptr(ps);
  return pairs.find(delegationKey(load<u32>(p + <usize>P_DELEGATOR), load<u32>(p + <usize>P_VALIDATOR))) >= 0;
}

function isElapsed(ps: u32, t: i64): bool {
  const p = positions.ptr(ps);
  return load<i64>(p + <usize>P_TRIGGERED) != 0 && t >= load<i64>(p + <usize>P_UNLOCK);
}

function validatorBonded(validator: u32): bool {
  const v = validators.find(<u64>validator);
  return v >= 0 && load<u8>(validators.ptr(<u32>v) + <usize>V_STATUS) == STATUS_BONDED;
}

/** Live token value of a position: TruncateInt(shares x tokens / delegator shares); 0 undelegated. */
export function positionValue(ps: u32): i32 {
  const ds = delegationOf(ps);
  if (ds < 0) return setResult(0, 0);
  const vs = validators.find(<u64>load<u32>(positions.ptr(ps) + <usize>P_VALIDATOR));
  if (vs < 0) return setResult(0, 0);
  const v = validators.ptr(<u32>vs), d = delegations.ptr(<u32>ds);
  if ((ld(v, V_SHARES) | ldh(v, V_SHARES)) == 0) return setResult(0, 0);
  const e = mulIntQuo(ld(d, D_SHARES), ldh(d, D_SHARES), ld(v, V_TOKENS), ldh(v, V_TOKENS), ld(v, V_SHARES), ldh(v, V_SHARES), ROUND_HALF_EVEN);
  if (e != OK) return e;
  return truncateInt(resLo, resHi);
}

// ---- bonus (REFERENCE.md §6) ----

let sumLo: u64 = 0, sumHi: u64 = 0;

function addSegment(sLo: u64, sHi: u64, tLo: u64, tHi: u64, aLo: u64, aHi: u64, start: i64, end: i64, unlockSet: bool, unlock: i64): i32 {
  let e = segmentBonus(
    sLo, sHi, tLo, tHi, aLo, aHi, start / NANOS, <i32>(start % NANOS), end / NANOS, <i32>(end % NANOS),
    unlockSet, unlock / NANOS, <i32>(unlock % NANOS),
  );
  if (e != OK) return e;
  e = add(sumLo, sumHi, resLo, resHi);
  if (e != OK) return e;
  sumLo = resLo;
  sumHi = resHi;
  return OK;
}

/**
 * Replay the validator's events since the position's last one and accrue to `t` (§6.3); advance
 * its checkpoints and release the events it no longer needs. The bonus to the result registers.
 */
function accrueBonus(ps: u32, t: i64): i32 {
  const ds = delegationOf(ps);
  if (ds < 0) return setResult(0, 0);
  const d = delegations.ptr(<u32>ds);
  const sLo = ld(d, D_SHARES), sHi = ldh(d, D_SHARES);
  let p = positions.ptr(ps);
  const validator = load<u32>(p + <usize>P_VALIDATOR);
  const ts = tierOf(ps);
  if (ts < 0) return ERR_TR_TIER_NOT_FOUND;
  const tp = tiers.ptr(<u32>ts);
  const aLo = ld(tp, T_APY), aHi = ldh(tp, T_APY);
  let bonded = load<u8>(p + <usize>P_BONDED) != 0;
  let start = load<i64>(p + <usize>P_LAST_ACCRUAL);
  const unlockSet = load<i64>(p + <usize>P_TRIGGERED) != 0;
  const unlock = load<i64>(p + <usize>P_UNLOCK);
  const cur = currentSeq(validator);
  sumLo = 0;
  sumHi = 0;
  let e: i32;
  for (let seq = load<u64>(p + <usize>P_LAST_SEQ) + 1; seq <= cur; seq++) {
    const key = eventKey(validator, seq);
    const es = validatorEvents.find(key);
    if (es < 0) {
      setErrorArg(100);
      return ERR_INVARIANT;
    }
    const ev = validatorEvents.ptr(<u32>es);
    const at = load<i64>(ev + <usize>VE_TIME);
    if (bonded) {
      e = addSegment(sLo, sHi, ld(ev, VE_TPS), ldh(ev, VE_TPS), aLo, aHi, start, at, unlockSet, unlock);
      if (e != OK) return e;
    }
    const type = load<u32>(ev + <usize>VE_TYPE);
    if (type == EVENT_UNBOND) bonded = false;
    else if (type == EVENT_BOND) bonded = true;
    start = at;
    const refs = load<u64>(ev + <usize>VE_REFS);
    if (refs <= 1) validatorEvents.remove(key);
    else {
      validatorEvents.touch(<u32>es);
      store<u64>(validatorEvents.ptr(<u32>es) + <usize>VE_REFS, refs - 1);
    }
  }
  const vs = validators.find(<u64>validator);
  if (bonded && vs >= 0 && load<u8>(validators.ptr(<u32>vs) + <usize>V_STATUS) == STATUS_BONDED) {
    e = tokensPerShare(<u32>vs);
    if (e != OK) return e;
    e = addSegment(sLo, sHi, resLo, resHi, aLo, aHi, start, t, unlockSet, unlock);
    if (e != OK) return e;
  }
  positions.touch(ps);
  p = positions.ptr(ps);
  store<u64>(p + <usize>P_LAST_SEQ, cur);
  store<i64>(p + <usize>P_LAST_ACCRUAL, unlockSet && t >= unlock ? unlock : t);
  store<u8>(p + <usize>P_BONDED, bonded ? 1 : 0);
  return setResult(sumLo, sumHi);
}

function owe(owner: u32, lo: u64, hi: u64): i32 {
  const p = owners.ptr(owners.upsert(<u64>owner));
  const e = add(ld(p, O_OWED), ldh(p, O_OWED), lo, hi);
  if (e != OK) return e;
  put(p, O_OWED, resLo, resHi);
  return OK;
}

/**
 * Accrue and pay a position's bonus from the pool. `strict`: (12) when the pool is short;
 * otherwise pay what it holds and record the rest as owed to the owner (DESIGN.md decision 8).
 * The amount paid to the result registers.
 */
function payBonus(ps: u32, strict: bool): i32 {
  let e = accrueBonus(ps, now());
  if (e != OK) return e;
  const bLo = resLo, bHi = resHi;
  if ((bLo | bHi) == 0) return setResult(0, 0);
  const p = positions.ptr(ps);
  const owner = load<u32>(p + <usize>P_OWNER), id = load<u64>(p);
  balanceOf(REWARDS_POOL);
  let payLo = bLo, payHi = bHi;
  if (cmp(resLo, resHi, bLo, bHi) < 0) {
    if (strict) return errAmounts(ERR_TR_POOL_SHORT, bLo, bHi, resLo, resHi);
    payLo = resLo;
    payHi = resHi;
    sub(bLo, bHi, payLo, payHi);
    const oLo = resLo, oHi = resHi;
    e = owe(owner, oLo, oHi);
    if (e != OK) return e;
    const ev = emit(EVT_BONUS_OWED);
    store<u64>(ev + <usize>EV_POSITION, id);
    store<u32>(ev + <usize>EV_OWNER, owner);
    put(ev, EV_AMOUNT, oLo, oHi);
  }
  if ((payLo | payHi) == 0) return setResult(0, 0);
  e = send(REWARDS_POOL, owner, payLo, payHi);
  if (e != OK) return e;
  const ev = emit(EVT_BONUS_REWARDS_CLAIMED);
  store<u64>(ev + <usize>EV_POSITION, id);
  store<u32>(ev + <usize>EV_OWNER, owner);
  put(ev, EV_AMOUNT, payLo, payHi);
  return setResult(payLo, payHi);
}

let claimBaseLo: u64 = 0, claimBaseHi: u64 = 0, claimBonusLo: u64 = 0, claimBonusHi: u64 = 0;

/** claim(p) (§4): base rewards to the owner, then the bonus; nothing if undelegated. Adds to the claim totals. */
function claim(ps: u32, strict: bool): i32 {
  if (delegationOf(ps) < 0) return OK;
  const p = positions.ptr(ps);
  const owner = load<u32>(p + <usize>P_OWNER), id = load<u64>(p);
  let e = withdrawDelegatorReward(load<u32>(p + <usize>P_DELEGATOR), load<u32>(p + <usize>P_VALIDATOR));
  if (e != OK) return e;
  const bLo = resLo, bHi = resHi;
  if ((bLo | bHi) != 0) {
    const ev = emit(EVT_BASE_REWARDS_CLAIMED);
    store<u64>(ev + <usize>EV_POSITION, id);
    store<u32>(ev + <usize>EV_OWNER, owner);
    put(ev, EV_AMOUNT, bLo, bHi);
    add(claimBaseLo, claimBaseHi, bLo, bHi);
    claimBaseLo = resLo;
    claimBaseHi = resHi;
  }
  e = payBonus(ps, strict);
  if (e != OK) return e;
  add(claimBonusLo, claimBonusHi, resLo, resHi);
  claimBonusLo = resLo;
  claimBonusHi = resHi;
  return OK;
}

function resetClaimTotals(): void {
  claimBaseLo = claimBaseHi = claimBonusLo = claimBonusHi = 0;
}

// ---- creating and removing positions ----

/** A position's delegator must be a fresh user account (31). */
function freshDelegator(owner: u32, delegator: u32): i32 {
  if (delegator < FIRST_USER_ACCOUNT || delegator == owner || byDelegator.find(<u64>delegator) >= 0) return ERR_TR_NO_DELEGATOR_ADDRESS;
  balanceOf(delegator);
  if ((resLo | resHi) != 0) return ERR_TR_NO_DELEGATOR_ADDRESS;
  return OK;
}

/** Lock / Commit steps 1–2 (§4.2): tier id, amount, tier, close-only, minimum lock. */
function entryChecks(tierId: u32, aLo: u64, aHi: u64): i32 {
  if (tierId == 0) return ERR_TR_ZERO_TIER_ID;
  if ((aLo | aHi) == 0) return invalidRequest(1);
  const ts = tiers.find(<u64>tierId);
  if (ts < 0) return ERR_TR_TIER_NOT_FOUND;
  const t = tiers.ptr(<u32>ts);
  if (load<u8>(t + <usize>T_CLOSE_ONLY) != 0) return ERR_TR_CLOSE_ONLY;
  if (cmp(aLo, aHi, ld(t, T_MIN_LOCK), ldh(t, T_MIN_LOCK)) < 0) return errAmounts(ERR_TR_MIN_LOCK, 0, 0, 0, 0); // quotes none
  return OK;
}

/** Step 5 of Lock / Commit: the record, its lists and counters, the withdraw address, the event. */
function openPosition(owner: u32, tierId: u32, delegator: u32, validator: u32, trigger: bool, type: u32, aLo: u64, aHi: u64): i32 {
  const gs = globals.upsert(0);
  const id = load<u64>(globals.ptr(gs) + <usize>G_NEXT_ID);
  store<u64>(globals.ptr(gs) + <usize>G_NEXT_ID, id + 1);
  const t = now();
  const p = positions.ptr(positions.upsert(id));
  store<u32>(p + <usize>P_OWNER, owner);
  store<u32>(p + <usize>P_TIER, tierId);
  store<u32>(p + <usize>P_DELEGATOR, delegator);
  store<u32>(p + <usize>P_VALIDATOR, validator);
  store<i64>(p + <usize>P_LAST_ACCRUAL, t);
  store<u64>(p + <usize>P_LAST_SEQ, currentSeq(validator));
  store<u8>(p + <usize>P_BONDED, 1);
  store<u64>(p + <usize>P_HEIGHT, currentHeight());
  store<i64>(p + <usize>P_TIME, t);
  if (trigger) {
    // lock / commit checked it before any change (unlockFromNow); unlockAt is still that value
    store<i64>(p + <usize>P_TRIGGERED, t);
    store<i64>(p + <usize>P_UNLOCK, unlockAt);
  }
  store<u64>(byDelegator.ptr(byDelegator.upsert(<u64>delegator)) + 8, id);
  listAppend(owners, <u64>owner, O_HEAD, O_TAIL, O_COUNT, id, P_OWNER_PREV, P_OWNER_NEXT);
  listAppend(tiers, <u64>tierId, T_HEAD, T_TAIL, T_COUNT, id, P_TIER_PREV, P_TIER_NEXT);
  listAppend(globals, 0, G_HEAD, G_TAIL, G_COUNT, id, P_ALL_PREV, P_ALL_NEXT);
  bumpDelegated(validator, 1);
  setRewardRecipient(delegator, owner);
  const w = emit(EVT_SET_WITHDRAW_ADDRESS); // x/distribution's SetWithdrawAddr announces it
  store<u32>(w + <usize>EV_OWNER, delegator);
  store<u32>(w + <usize>EV_PEER, owner);
  const ev = emit(type);
  store<u64>(ev + <usize>EV_POSITION, id);
  store<u32>(ev + <usize>EV_TIER, tierId);
  store<u32>(ev + <usize>EV_OWNER, owner);
  store<u32>(ev + <usize>EV_VALIDATOR, validator);
  put(ev, EV_AMOUNT, aLo, aHi);
  lastPositionId = id;
  return OK;
}

/** Delete a position: its lists, its delegator's routing and map entry, the record. */
function closePosition(ps: u32): void {
  const p = positions.ptr(ps);
  const id = load<u64>(p), owner = load<u32>(p + <usize>P_OWNER), delegator = load<u32>(p + <usize>P_DELEGATOR);
  const tierId = load<u32>(p + <usize>P_TIER);
  listRemove(owners, <u64>owner, O_HEAD, O_TAIL, O_COUNT, id, P_OWNER_PREV, P_OWNER_NEXT);
  listRemove(tiers, <u64>tierId, T_HEAD, T_TAIL, T_COUNT, id, P_TIER_PREV, P_TIER_NEXT);
  listRemove(globals, 0, G_HEAD, G_TAIL, G_COUNT, id, P_ALL_PREV, P_ALL_NEXT);
  dropOwnerIfEmpty(owner);
  byDelegator.remove(<u64>delegator);
  setRewardRecipient(delegator, delegator);
  positions.remove(id);
}

function dropOwnerIfEmpty(owner: u32): void {
  const s = owners.find(<u64>owner);
  if (s < 0) return;
  const o = owners.ptr(<u32>s);
  if (load<u64>(o + <usize>O_COUNT) == 0 && (ld(o, O_OWED) | ldh(o, O_OWED)) == 0) owners.remove(<u64>owner);
}

/** The position no longer delegates: checkpoints cleared, its validator's count down. */
function markUndelegated(ps: u32): void {
  positions.touch(ps);
  const p = positions.ptr(ps);
  bumpDelegated(load<u32>(p + <usize>P_VALIDATOR), -1);
  store<i64>(p + <usize>P_LAST_ACCRUAL, 0);
  store<u64>(p + <usize>P_LAST_SEQ, 0);
  store<u8>(p + <usize>P_BONDED, 0);
}

function positionEvent(type: u32, ps: u32): usize {
  const p = positions.ptr(ps);
  const ev = emit(type);
  store<u64>(ev + <usize>EV_POSITION, load<u64>(p));
  store<u32>(ev + <usize>EV_TIER, load<u32>(p + <usize>P_TIER));
  store<u32>(ev + <usize>EV_OWNER, load<u32>(p + <usize>P_OWNER));
  store<u32>(ev + <usize>EV_VALIDATOR, load<u32>(p + <usize>P_VALIDATOR));
  return ev;
}

// ---- user messages (§4.2) ----

/** MsgLockTier: fresh tokens of `owner` into a new position delegated to `validator`. */
export function lock(owner: u32, tierId: u32, aLo: u64, aHi: u64, validator: u32, delegator: u32, trigger: bool): i32 {
  let e = entryChecks(tierId, aLo, aHi);
  if (e != OK) return e;
  if (trigger) {
    e = unlockFromNow(<u32>tiers.find(<u64>tierId));
    if (e != OK) return e;
  }
  e = freshDelegator(owner, delegator);
  if (e != OK) return e;
  e = send(owner, delegator, aLo, aHi);
  if (e != OK) return e;
  const vs = validators.find(<u64>validator);
  if (vs < 0) return ERR_NO_VALIDATOR;
  if (!validatorBonded(validator)) return ERR_TR_NOT_BONDED;
  e = delegateTokens(delegator, <u32>vs, aLo, aHi, false, true);
  if (e != OK) return e;
  return openPosition(owner, tierId, delegator, validator, trigger, EVT_POSITION_CREATED, aLo, aHi);
}

/** MsgCommitDelegationToTier: `amount` of the signer's delegation moves to a new position, no unbonding. */
export function commit(owner: u32, validator: u32, aLo: u64, aHi: u64, tierId: u32, delegator: u32, trigger: bool): i32 {
  let e = entryChecks(tierId, aLo, aHi);
  if (e != OK) return e;
  if (trigger) {
    e = unlockFromNow(<u32>tiers.find(<u64>tierId));
    if (e != OK) return e;
  }
  e = freshDelegator(owner, delegator);
  if (e != OK) return e;
  const vs = validators.find(<u64>validator);
  if (vs < 0) return ERR_TR_TRANSFER_SRC_NOT_FOUND;
  if (!validatorBonded(validator)) return ERR_TR_NOT_BONDED;
  if (incomingRedelegations(owner, validator) > 0) return ERR_TR_ACTIVE_REDELEGATION;
  e = validateUnbondAmount(owner, validator, aLo, aHi);
  if (e != OK) return e;
  const sLo = resLo, sHi = resHi;
  const ds = delegations.find(delegationKey(owner, validator));
  e = unbond(owner, <u32>vs, <u32>ds, sLo, sHi, currentHeight());
  if (e != OK) return e;
  const tLo = resLo, tHi = resHi;
  if ((tLo | tHi) == 0) return ERR_TR_TOO_FEW_TOKENS;
  e = delegateTokens(delegator, <u32>validators.find(<u64>validator), tLo, tHi, true, false);
  if (e != OK) return e;
  return openPosition(owner, tierId, delegator, validator, trigger, EVT_DELEGATION_COMMITTED, tLo, tHi);
}

/** MsgAddToTierPosition: more fresh tokens into an active position (claims first). */
export function addToPosition(owner: u32, id: u64, aLo: u64, aHi: u64): i32 {
  if ((aLo | aHi) == 0) return invalidRequest(1);
  let e = ownPosition(owner, id);
  if (e != OK) return e;
  const ps = pslot;
  if (delegationOf(ps) < 0) return ERR_TR_NOT_DELEGATED;
  if (load<i64>(positions.ptr(ps) + <usize>P_TRIGGERED) != 0) return ERR_TR_EXIT_TRIGGERED;
  const ts = tierOf(ps);
  if (ts < 0) return ERR_TR_TIER_NOT_FOUND;
  if (load<u8>(tiers.ptr(<u32>ts) + <usize>T_CLOSE_ONLY) != 0) return ERR_TR_CLOSE_ONLY;
  const delegator = load<u32>(positions.ptr(ps) + <usize>P_DELEGATOR);
  const validator = load<u32>(positions.ptr(ps) + <usize>P_VALIDATOR);
  e = send(owner, delegator, aLo, aHi);
  if (e != OK) return e;
  resetClaimTotals();
  e = claim(ps, true);
  if (e != OK) return e;
  if (!validatorBonded(validator)) return ERR_TR_NOT_BONDED;
  e = delegateTokens(delegator, <u32>validators.find(<u64>validator), aLo, aHi, false, true);
  if (e != OK) return e;
  const shLo = resLo, shHi = resHi;
  const ev = positionEvent(EVT_POSITION_AMOUNT_ADDED, ps);
  put(ev, EV_AMOUNT2, shLo, shHi);
  put(ev, EV_AMOUNT, aLo, aHi);
  lastPositionId = id;
  return OK;
}

/** MsgTriggerExitFromTier: the countdown starts now (no claim). */
export function triggerExit(owner: u32, id: u64): i32 {
  const e = ownPosition(owner, id);
  if (e != OK) return e;
  const ps = pslot;
  if (load<i64>(positions.ptr(ps) + <usize>P_TRIGGERED) != 0) return ERR_TR_EXIT_TRIGGERED;
  const ts = tierOf(ps);
  if (ts < 0) return ERR_TR_TIER_NOT_FOUND;
  const t = now();
  const e2 = unlockFromNow(<u32>ts);
  if (e2 != OK) return e2;
  const unlock = unlockAt;
  positions.touch(ps);
  const p = positions.ptr(ps);
  store<i64>(p + <usize>P_TRIGGERED, t);
  store<i64>(p + <usize>P_UNLOCK, unlock);
  store<i64>(positionEvent(EVT_EXIT_TRIGGERED, ps) + <usize>EV_TIME, unlock);
  lastPositionId = id;
  lastTime = unlock;
  return OK;
}

/** MsgClearPosition (cancel exit; also after elapse while delegated and not unbonding: decision 5). */
export function clearPosition(owner: u32, id: u64): i32 {
  let e = ownPosition(owner, id);
  if (e != OK) return e;
  const ps = pslot;
  const t = now();
  const delegated = delegationOf(ps) >= 0;
  if (isElapsed(ps, t)) {
    if (isUnbonding(ps)) return ERR_TR_UNBONDING;
    if (!delegated) return ERR_TR_NOT_DELEGATED;
  }
  const ts = tierOf(ps);
  if (ts < 0) return ERR_TR_TIER_NOT_FOUND;
  if (load<u8>(tiers.ptr(<u32>ts) + <usize>T_CLOSE_ONLY) != 0) return ERR_TR_CLOSE_ONLY;
  lastPositionId = id;
  if (load<i64>(positions.ptr(ps) + <usize>P_TRIGGERED) == 0) return OK;
  resetClaimTotals();
  e = claim(ps, true);
  if (e != OK) return e;
  positions.touch(ps);
  const p = positions.ptr(ps);
  store<i64>(p + <usize>P_TRIGGERED, 0);
  store<i64>(p + <usize>P_UNLOCK, 0);
  if (delegated) store<i64>(p + <usize>P_LAST_ACCRUAL, t);
  positionEvent(EVT_EXIT_CLEARED, ps);
  return OK;
}

/** MsgTierRedelegate: all shares to `dst`, at any status (decision 2) under the staking rules. */
export function redelegatePosition(owner: u32, id: u64, dst: u32): i32 {
  let e = ownPosition(owner, id);
  if (e != OK) return e;
  const ps = pslot;
  if (delegationOf(ps) < 0) return ERR_TR_NOT_DELEGATED;
  const src = load<u32>(positions.ptr(ps) + <usize>P_VALIDATOR);
  const delegator = load<u32>(positions.ptr(ps) + <usize>P_DELEGATOR);
  if (dst == src) return ERR_TR_SAME_VALIDATOR;
  const ts = tierOf(ps);
  if (ts < 0) return ERR_TR_TIER_NOT_FOUND;
  if (load<u8>(tiers.ptr(<u32>ts) + <usize>T_CLOSE_ONLY) != 0) return ERR_TR_CLOSE_ONLY;
  if (incomingRedelegations(delegator, src) > 0) return ERR_TR_ACTIVE_REDELEGATION;
  resetClaimTotals();
  e = claim(ps, true);
  if (e != OK) return e;
  if (validators.find(<u64>dst) < 0) return ERR_NO_VALIDATOR;
  if (!validatorBonded(dst)) return ERR_TR_NOT_BONDED;
  const ds = <u32>delegationOf(ps);
  const d = delegations.ptr(ds);
  e = redelegateShares(delegator, <u32>validators.find(<u64>src), ds, dst, ld(d, D_SHARES), ldh(d, D_SHARES));
  if (e != OK) return e;
  bumpDelegated(src, -1);
  bumpDelegated(dst, 1);
  positions.touch(ps);
  const p = positions.ptr(ps);
  store<u32>(p + <usize>P_VALIDATOR, dst);
  store<u64>(p + <usize>P_LAST_SEQ, currentSeq(dst));
  store<i64>(p + <usize>P_LAST_ACCRUAL, now());
  store<u8>(p + <usize>P_BONDED, 1);
  const ev = positionEvent(EVT_POSITION_REDELEGATED, ps);
  store<u32>(ev + <usize>EV_VALIDATOR, src);
  store<u32>(ev + <usize>EV_DST_VALIDATOR, dst);
  store<i64>(ev + <usize>EV_TIME, lastCompletion);
  lastPositionId = id;
  lastTime = lastCompletion;
  return OK;
}

/** Exit preconditions shared by Undelegate and ExitTierWithDelegation: delegated, triggered, elapsed. */
function exitChecks(ps: u32): i32 {
  if (delegationOf(ps) < 0) return ERR_TR_NOT_DELEGATED;
  if (load<i64>(positions.ptr(ps) + <usize>P_TRIGGERED) == 0) return ERR_TR_NOT_TRIGGERED;
  if (!isElapsed(ps, now())) return ERR_TR_NOT_ELAPSED;
  return OK;
}

/** MsgTierUndelegate: after the commitment, all shares unbond (never fails for a short pool). */
export function undelegatePosition(owner: u32, id: u64): i32 {
  let e = ownPosition(owner, id);
  if (e != OK) return e;
  const ps = pslot;
  e = exitChecks(ps);
  if (e != OK) return e;
  resetClaimTotals();
  e = claim(ps, false);
  if (e != OK) return e;
  const p = positions.ptr(ps);
  const delegator = load<u32>(p + <usize>P_DELEGATOR), validator = load<u32>(p + <usize>P_VALIDATOR);
  const ds = <u32>delegationOf(ps);
  const d = delegations.ptr(ds);
  e = undelegateShares(delegator, <u32>validators.find(<u64>validator), ds, ld(d, D_SHARES), ldh(d, D_SHARES));
  if (e != OK) return e;
  markUndelegated(ps);
  store<i64>(positionEvent(EVT_POSITION_UNDELEGATED, ps) + <usize>EV_TIME, lastCompletion);
  lastPositionId = id;
  lastTime = lastCompletion;
  return OK;
}

/** MsgWithdrawFromTier: after the unbonding, the delegator's balance to the owner; the position is deleted. */
export function withdrawPosition(owner: u32, id: u64): i32 {
  let e = ownPosition(owner, id);
  if (e != OK) return e;
  const ps = pslot;
  if (load<i64>(positions.ptr(ps) + <usize>P_TRIGGERED) == 0) return ERR_TR_NOT_TRIGGERED;
  if (!isElapsed(ps, now())) return ERR_TR_NOT_ELAPSED;
  if (delegationOf(ps) >= 0) return ERR_TR_DELEGATED;
  if (isUnbonding(ps)) return ERR_TR_UNBONDING;
  const delegator = load<u32>(positions.ptr(ps) + <usize>P_DELEGATOR);
  balanceOf(delegator);
  const aLo = resLo, aHi = resHi;
  e = send(delegator, owner, aLo, aHi);
  if (e != OK) return e;
  put(positionEvent(EVT_POSITION_WITHDRAWN, ps), EV_AMOUNT, aLo, aHi);
  closePosition(ps);
  outALo = aLo;
  outAHi = aHi;
  lastPositionId = id;
  return OK;
}

/** MsgExitTierWithDelegation: after the commitment, `amount` of the stake to the owner's own delegation. */
export function exitWithDelegation(owner: u32, id: u64, aLo: u64, aHi: u64): i32 {
  if ((aLo | aHi) == 0) return invalidRequest(1);
  let e = ownPosition(owner, id);
  if (e != OK) return e;
  const ps = pslot;
  e = exitChecks(ps);
  if (e != OK) return e;
  e = positionValue(ps);
  if (e != OK) return e;
  if (cmp(aLo, aHi, resLo, resHi) > 0) return errAmounts(ERR_TR_INVALID_AMOUNT, aLo, aHi, resLo, resHi);
  const delegator = load<u32>(positions.ptr(ps) + <usize>P_DELEGATOR);
  const validator = load<u32>(positions.ptr(ps) + <usize>P_VALIDATOR);
  if (incomingRedelegations(delegator, validator) > 0) return ERR_TR_ACTIVE_REDELEGATION;
  resetClaimTotals();
  e = claim(ps, false);
  if (e != OK) return e;
  e = positionValue(ps);
  if (e != OK) return e;
  const full = cmp(aLo, aHi, resLo, resHi) == 0;
  const ds = <u32>delegationOf(ps);
  let sLo = ld(delegations.ptr(ds), D_SHARES), sHi = ldh(delegations.ptr(ds), D_SHARES);
  if (!full) {
    e = validateUnbondAmount(delegator, validator, aLo, aHi);
    if (e != OK) return e;
    sLo = resLo;
    sHi = resHi;
  }
  const vs = validators.find(<u64>validator);
  if (vs < 0) return ERR_TR_TRANSFER_DST_NOT_FOUND;
  if (!validatorBonded(validator)) return ERR_TR_NOT_BONDED;
  e = unbond(delegator, <u32>vs, ds, sLo, sHi, currentHeight());
  if (e != OK) return e;
  const tLo = resLo, tHi = resHi;
  if ((tLo | tHi) == 0) return ERR_TR_TOO_FEW_TOKENS;
  e = delegateTokens(owner, <u32>validators.find(<u64>validator), tLo, tHi, true, false);
  if (e != OK) return e;
  const shLo = resLo, shHi = resHi;
  const ev = positionEvent(EVT_EXIT_TIER_WITH_DELEGATION, ps);
  put(ev, EV_AMOUNT, tLo, tHi);
  put(ev, EV_AMOUNT2, shLo, shHi);
  store<u32>(ev + <usize>EV_FLAG, full ? 1 : 0);
  if (full) {
    balanceOf(delegator);
    e = send(delegator, owner, resLo, resHi);
    if (e != OK) return e;
    bumpDelegated(validator, -1);
    closePosition(ps);
  } else {
    e = positionValue(ps);
    if (e != OK) return e;
    const rLo = resLo, rHi = resHi;
    const t = tiers.ptr(<u32>tierOf(ps));
    if (cmp(rLo, rHi, ld(t, T_MIN_LOCK), ldh(t, T_MIN_LOCK)) < 0) {
      return errAmounts(ERR_TR_MIN_LOCK, rLo, rHi, ld(t, T_MIN_LOCK), ldh(t, T_MIN_LOCK));
    }
  }
  outALo = tLo;
  outAHi = tHi;
  outBLo = shLo;
  outBHi = shHi;
  outFlag = full;
  lastPositionId = id;
  return OK;
}

/**
 * MsgClaimTierRewards: 1..300 distinct ids of the signer, all validated before anything is paid;
 * then the owner's owed bonus from what the pool still holds. Totals in outA (base), outB (bonus).
 */
export function claimRewards(owner: u32, ids: usize, count: i32): i32 {
  if (count == 0) return invalidRequest(2);
  if (count > MAX_CLAIM_IDS) {
    setErrorArg(<i64>count);
    return invalidRequest(3);
  }
  for (let i = 0; i < count; i++) {
    const id = load<u64>(ids + (<usize>i << 3));
    for (let j = 0; j < i; j++) {
      if (load<u64>(ids + (<usize>j << 3)) == id) {
        errAmounts(OK, id, 0, 0, 0); // the id in the error amounts: errorArg is the rule
        return invalidRequest(4);
      }
    }
  }
  for (let i = 0; i < count; i++) {
    const e = ownPosition(owner, load<u64>(ids + (<usize>i << 3)));
    if (e != OK) return e;
  }
  resetClaimTotals();
  for (let i = 0; i < count; i++) {
    const e = claim(<u32>positions.find(load<u64>(ids + (<usize>i << 3))), true);
    if (e != OK) return e;
  }
  const e = payOwed(owner);
  if (e != OK) return e;
  const ev = emit(EVT_TIER_REWARDS_CLAIMED);
  store<u32>(ev + <usize>EV_OWNER, owner);
  put(ev, EV_AMOUNT, claimBaseLo, claimBaseHi);
  put(ev, EV_AMOUNT2, claimBonusLo, claimBonusHi);
  outALo = claimBaseLo;
  outAHi = claimBaseHi;
  outBLo = claimBonusLo;
  outBHi = claimBonusHi;
  return OK;
}

/** Pay the owner's owed bonus from what the pool holds (as much as it can). */
function payOwed(owner: u32): i32 {
  const s = owners.find(<u64>owner);
  if (s < 0) return OK;
  const o = owners.ptr(<u32>s);
  const wLo = ld(o, O_OWED), wHi = ldh(o, O_OWED);
  if ((wLo | wHi) == 0) return OK;
  balanceOf(REWARDS_POOL);
  let pLo = wLo, pHi = wHi;
  if (cmp(resLo, resHi, wLo, wHi) < 0) {
    pLo = resLo;
    pHi = resHi;
  }
  if ((pLo | pHi) == 0) return OK;
  const e = send(REWARDS_POOL, owner, pLo, pHi);
  if (e != OK) return e;
  owners.touch(<u32>s);
  sub(wLo, wHi, pLo, pHi);
  const leftLo = resLo, leftHi = resHi;
  put(owners.ptr(<u32>s), O_OWED, leftLo, leftHi);
  const ev = emit(EVT_OWED_BONUS_PAID);
  store<u32>(ev + <usize>EV_OWNER, owner);
  put(ev, EV_AMOUNT, pLo, pHi);
  put(ev, EV_AMOUNT2, leftLo, leftHi);
  dropOwnerIfEmpty(owner);
  return OK;
}

/** A deposit into the rewards pool (governance, protocol revenue). */
export function fundRewardsPool(from: u32, aLo: u64, aHi: u64): i32 {
  if ((aLo | aHi) == 0) return invalidRequest(1);
  const e = send(from, REWARDS_POOL, aLo, aHi);
  if (e != OK) return e;
  const ev = emit(EVT_POOL_FUNDED);
  store<u32>(ev + <usize>EV_OWNER, from);
  put(ev, EV_AMOUNT, aLo, aHi);
  return OK;
}

// ---- governance (§4.1) ----

function validTier(id: u32, exitSeconds: u64, apyLo: u64, apyHi: u64): i32 {
  // Beyond int64 ns the reference's decoder refuses the message before Validate runs: first.
  if (exitSeconds > MAX_EXIT_SECONDS) {
    setErrorArg(<i64>exitSeconds);
    return ERR_TR_EXIT_OUT_OF_RANGE;
  }
  if (id == 0) return ERR_TR_ZERO_TIER_ID;
  if (exitSeconds == 0) {
    setErrorArg(1);
    return ERR_TR_INVALID_TIER;
  }
  if (apyHi != 0 || apyLo > POW18) {
    setErrorArg(2);
    return ERR_TR_INVALID_TIER;
  }
  return OK;
}

function writeTier(id: u32, exitSeconds: u64, apyLo: u64, apyHi: u64, minLo: u64, minHi: u64, closeOnly: bool, action: u32): void {
  const t = tiers.ptr(tiers.upsert(<u64>id));
  store<u64>(t + <usize>T_EXIT, exitSeconds);
  put(t, T_APY, apyLo, apyHi);
  put(t, T_MIN_LOCK, minLo, minHi);
  store<u8>(t + <usize>T_CLOSE_ONLY, closeOnly ? 1 : 0);
  const ev = emit(EVT_TIER_CHANGED);
  store<u32>(ev + <usize>EV_TIER, id);
  store<u32>(ev + <usize>EV_FLAG, action);
}

/** MsgAddTier. Exit durations are whole seconds, at most MAX_EXIT_SECONDS (min lock is an integer, non-negative by type). */
export function addTier(id: u32, exitSeconds: u64, apyLo: u64, apyHi: u64, minLo: u64, minHi: u64, closeOnly: bool): i32 {
  if (tiers.find(<u64>id) >= 0) return ERR_TR_TIER_EXISTS;
  const e = validTier(id, exitSeconds, apyLo, apyHi);
  if (e != OK) return e;
  writeTier(id, exitSeconds, apyLo, apyHi, minLo, minHi, closeOnly, TIER_NEW);
  return OK;
}

/** MsgUpdateTier: an APY change first claims the tier's delegated positions at the old APY, ascending id. */
export function updateTier(id: u32, exitSeconds: u64, apyLo: u64, apyHi: u64, minLo: u64, minHi: u64, closeOnly: bool): i32 {
  const ts = tiers.find(<u64>id);
  if (ts < 0) return ERR_TR_TIER_NOT_FOUND;
  const t = tiers.ptr(<u32>ts);
  let e: i32;
  if (ld(t, T_APY) != apyLo || ldh(t, T_APY) != apyHi) {
    resetClaimTotals();
    let next = load<u64>(t + <usize>T_HEAD);
    while (next != 0) {
      const ps = <u32>positions.find(next - 1);
      next = load<u64>(positions.ptr(ps) + <usize>P_TIER_NEXT);
      e = claim(ps, true);
      if (e != OK) return e;
    }
  }
  e = validTier(id, exitSeconds, apyLo, apyHi);
  if (e != OK) return e;
  writeTier(id, exitSeconds, apyLo, apyHi, minLo, minHi, closeOnly, TIER_UPDATE);
  return OK;
}

/** MsgDeleteTier: refused while any position (undelegated included) remains. */
export function deleteTier(id: u32): i32 {
  const ts = tiers.find(<u64>id);
  if (ts < 0) return ERR_TR_TIER_NOT_FOUND;
  if (load<u64>(tiers.ptr(<u32>ts) + <usize>T_COUNT) != 0) return ERR_TR_TIER_HAS_POSITIONS;
  const ev = emit(EVT_TIER_CHANGED);
  store<u32>(ev + <usize>EV_TIER, id);
  store<u32>(ev + <usize>EV_FLAG, TIER_DELETE);
  tiers.remove(<u64>id);
  return OK;
}

// ---- hooks that need the claim (§7) ----

/**
 * BeforeRedelegationSlashed: a redelegation entry's slash is about to unbond `shares` of
 * `delegator` at `validator`. A position settles its bonus on the pre-slash shares (owing what the
 * pool cannot pay); if every share goes it becomes undelegated.
 */
export function beforeRedelegationSlashed(delegator: u32, validator: u32, sLo: u64, sHi: u64): i32 {
  const m = byDelegator.find(<u64>delegator);
  if (m < 0) return OK;
  const ps = positions.find(load<u64>(byDelegator.ptr(<u32>m) + 8));
  if (ps < 0 || load<u32>(positions.ptr(<u32>ps) + <usize>P_VALIDATOR) != validator) return OK;
  const ds = delegationOf(<u32>ps);
  if (ds < 0) return OK;
  const e = payBonus(<u32>ps, false);
  if (e != OK) return e;
  const d = delegations.ptr(<u32>ds);
  if (cmp(sLo, sHi, ld(d, D_SHARES), ldh(d, D_SHARES)) >= 0) markUndelegated(<u32>ps);
  return OK;
}

// ---- queries ----

/** Estimate: base and bonus a claim would pay now (the caller aborts the transaction). */
export function estimate(id: u64): i32 {
  const s = positions.find(id);
  if (s < 0) {
    setErrorArg(<i64>id);
    return ERR_TR_POSITION_NOT_FOUND;
  }
  resetClaimTotals();
  const e = claim(<u32>s, true);
  if (e != OK) return e;
  outALo = claimBaseLo;
  outAHi = claimBaseHi;
  outBLo = claimBonusLo;
  outBHi = claimBonusHi;
  return OK;
}
