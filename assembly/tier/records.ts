// A position's record (REFERENCE.md §4, DESIGN.md decision 5): the lookups every x/tieredrewards
// message starts from (the signer's position, its tier, its delegation, whether it is unbonding or
// past its exit), its live token value, and its life: the entry checks of Lock and Commit, the
// record opened with its lists, counters and withdraw address, marked undelegated, and closed.
// Positions are addressed by slot; pointers are re-derived after every insert (store/table.ts).

import {
  OK, setErrorArg, ERR_TR_VESTING_ACCOUNT, ERR_TR_CLOSE_ONLY, ERR_TR_MIN_LOCK, ERR_TR_TIER_NOT_FOUND, ERR_TR_POSITION_NOT_FOUND,
  ERR_TR_OWNER_MISMATCH, ERR_TR_ZERO_TIER_ID, ERR_TR_NO_DELEGATOR_ADDRESS, ERR_TR_UNLOCK_OUT_OF_RANGE,
  MAX_EXIT_SECONDS,
} from "../errors";
import { cmp, mulIntQuo, truncateInt, resLo, resHi, setResult, ROUND_HALF_EVEN } from "../dec/dec";
import { balanceOf, FIRST_USER_ACCOUNT } from "../ledger/bank";
import { isVesting } from "../ledger/vesting";
import { validators } from "../ledger/validators";
import { V_STATUS, V_TOKENS, V_SHARES, STATUS_BONDED } from "../abi/validator";
import { delegations, delegationKey, D_SHARES } from "../ledger/delegations";
import { pairs } from "../ledger/unbonding";
import { cellLo, BLOCK_TIME } from "../ledger/globals";
import { ld, ldh, put } from "../ledger/fields";
import { setRewardRecipient } from "../ledger/withdraw";
import { currentHeight } from "../ledger/staking";
import {
  tiers, positions, owners, byDelegator, globals, currentSeq, bumpDelegated, listAppend, listRemove, O_HEAD, O_TAIL,
  O_COUNT, O_OWED, G_NEXT_ID, G_HEAD, G_TAIL, G_COUNT,
} from "./state";
import {
  P_OWNER, P_TIER, P_DELEGATOR, P_VALIDATOR, P_LAST_ACCRUAL, P_LAST_SEQ, P_BONDED, P_TRIGGERED, P_UNLOCK, P_HEIGHT,
  P_TIME, P_OWNER_PREV, P_OWNER_NEXT, P_TIER_PREV, P_TIER_NEXT, P_ALL_PREV, P_ALL_NEXT,
} from "../abi/position";
import { T_EXIT, T_MIN_LOCK, T_CLOSE_ONLY, T_COUNT, T_HEAD, T_TAIL } from "../abi/tier";
import { emit } from "../ledger/out";
import {
  EV_TIER, EV_POSITION, EV_OWNER, EV_VALIDATOR, EV_AMOUNT, EVT_SET_WITHDRAW_ADDRESS, EV_PEER,
} from "../abi/message-event";
import { setPositionId, errAmounts, invalidRequest } from "./results";

export const NANOS: i64 = 1_000_000_000;

// @ts-ignore: decorator
@inline
export function now(): i64 {
  return <i64>cellLo(BLOCK_TIME);
}

/** exit_unlock_at of an exit triggered now in the tier at slot `ts` (set by unlockFromNow). */
export let unlockAt: i64 = 0;

/**
 * Now + the tier's exit duration into `unlockAt`, checked: a sum past the last int64-ns time
 * (2262-04-11T23:47:16.854775807Z) is ERR_TR_UNLOCK_OUT_OF_RANGE (errorArg: the exit seconds),
 * never a wrapped time. Stored durations are at most MAX_EXIT_SECONDS, so seconds x 10^9 fits.
 */
export function unlockFromNow(ts: u32): i32 {
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

export let pslot: u32 = 0;

/** The position `id` of `owner` into `pslot`: (18) missing, (22) another's. */
export function ownPosition(owner: u32, id: u64): i32 {
  const s = positions.find(id);
  if (s < 0) {
    setErrorArg(<i64>id);
    return ERR_TR_POSITION_NOT_FOUND;
  }
  if (load<u32>(positions.ptr(<u32>s) + <usize>P_OWNER) != owner) return ERR_TR_OWNER_MISMATCH;
  pslot = <u32>s;
  return OK;
}

export function tierOf(ps: u32): i32 {
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

export function isElapsed(ps: u32, t: i64): bool {
  const p = positions.ptr(ps);
  return load<i64>(p + <usize>P_TRIGGERED) != 0 && t >= load<i64>(p + <usize>P_UNLOCK);
}

export function validatorBonded(validator: u32): bool {
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

// ---- creating and removing positions ----

/** A position's delegator must be a fresh user account (31). */
export function freshDelegator(owner: u32, delegator: u32): i32 {
  if (delegator < FIRST_USER_ACCOUNT || delegator == owner || byDelegator.find(<u64>delegator) >= 0) return ERR_TR_NO_DELEGATOR_ADDRESS;
  balanceOf(delegator);
  if ((resLo | resHi) != 0) return ERR_TR_NO_DELEGATOR_ADDRESS;
  return OK;
}

/** Lock / Commit steps 1–2 (§4.2): tier id, amount, tier, the owner not a vesting account, close-only, minimum lock. */
export function entryChecks(owner: u32, tierId: u32, aLo: u64, aHi: u64): i32 {
  if (tierId == 0) return ERR_TR_ZERO_TIER_ID;
  if ((aLo | aHi) == 0) return invalidRequest(1);
  const ts = tiers.find(<u64>tierId);
  if (ts < 0) return ERR_TR_TIER_NOT_FOUND;
  if (isVesting(owner)) return ERR_TR_VESTING_ACCOUNT;
  const t = tiers.ptr(<u32>ts);
  if (load<u8>(t + <usize>T_CLOSE_ONLY) != 0) return ERR_TR_CLOSE_ONLY;
  if (cmp(aLo, aHi, ld(t, T_MIN_LOCK), ldh(t, T_MIN_LOCK)) < 0) return errAmounts(ERR_TR_MIN_LOCK, 0, 0, 0, 0); // quotes none
  return OK;
}

/** Step 5 of Lock / Commit: the record, its lists and counters, the withdraw address, the event. */
export function openPosition(owner: u32, tierId: u32, delegator: u32, validator: u32, trigger: bool, type: u32, aLo: u64, aHi: u64): i32 {
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
  setPositionId(id);
  return OK;
}

/** Delete a position: its lists, its delegator's routing and map entry, the record. */
export function closePosition(ps: u32): void {
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

export function dropOwnerIfEmpty(owner: u32): void {
  const s = owners.find(<u64>owner);
  if (s < 0) return;
  const o = owners.ptr(<u32>s);
  if (load<u64>(o + <usize>O_COUNT) == 0 && (ld(o, O_OWED) | ldh(o, O_OWED)) == 0) owners.remove(<u64>owner);
}

/** The position no longer delegates: checkpoints cleared, its validator's count down. */
export function markUndelegated(ps: u32): void {
  positions.touch(ps);
  const p = positions.ptr(ps);
  bumpDelegated(load<u32>(p + <usize>P_VALIDATOR), -1);
  store<i64>(p + <usize>P_LAST_ACCRUAL, 0);
  store<u64>(p + <usize>P_LAST_SEQ, 0);
  store<u8>(p + <usize>P_BONDED, 0);
}

export function positionEvent(type: u32, ps: u32): usize {
  const p = positions.ptr(ps);
  const ev = emit(type);
  store<u64>(ev + <usize>EV_POSITION, load<u64>(p));
  store<u32>(ev + <usize>EV_TIER, load<u32>(p + <usize>P_TIER));
  store<u32>(ev + <usize>EV_OWNER, load<u32>(p + <usize>P_OWNER));
  store<u32>(ev + <usize>EV_VALIDATOR, load<u32>(p + <usize>P_VALIDATOR));
  return ev;
}
