// x/tieredrewards' user messages (REFERENCE.md §4.2, DESIGN.md decisions 2, 5, 7, 8). A position is
// an ordinary delegator: its own account holds one delegation, whose base rewards go to the owner
// (its withdraw address); its record and lookups are in records.ts, the claim (base, then the bonus
// replayed from validator events) in claim.ts, what a message leaves for the host in results.ts.
// Each message runs in a store transaction (exports/transaction.ts): preconditions come in the
// reference's order, and a failure after a write is undone by the abort.

import {
  OK, ERR_NO_VALIDATOR, setErrorArg, ERR_TR_TRANSFER_SRC_NOT_FOUND, ERR_TR_TRANSFER_DST_NOT_FOUND,
  ERR_TR_TOO_FEW_TOKENS, ERR_TR_CLOSE_ONLY, ERR_TR_INVALID_AMOUNT, ERR_TR_MIN_LOCK, ERR_TR_ACTIVE_REDELEGATION,
  ERR_TR_NOT_BONDED, ERR_TR_NOT_DELEGATED, ERR_TR_NOT_ELAPSED, ERR_TR_EXIT_TRIGGERED, ERR_TR_SAME_VALIDATOR,
  ERR_TR_TIER_NOT_FOUND, ERR_TR_DELEGATED, ERR_TR_NOT_TRIGGERED, ERR_TR_UNBONDING,
} from "../errors";
import { cmp, resLo, resHi } from "../dec/dec";
import { balanceOf, send, REWARDS_POOL } from "../ledger/bank";
import { validators } from "../ledger/validators";
import { delegations, delegationKey, D_SHARES } from "../ledger/delegations";
import { incomingRedelegations } from "../ledger/redelegations";
import { ld, ldh, put } from "../ledger/fields";
import {
  delegateTokens, unbond, undelegateShares, redelegateShares, validateUnbondAmount, currentHeight, lastCompletion,
} from "../ledger/staking";
import { tiers, positions, currentSeq, bumpDelegated } from "./state";
import {
  P_DELEGATOR, P_VALIDATOR, P_LAST_ACCRUAL, P_LAST_SEQ, P_BONDED, P_TRIGGERED, P_UNLOCK,
} from "../abi/position";
import { T_MIN_LOCK, T_CLOSE_ONLY } from "../abi/tier";
import { emit } from "../ledger/out";
import {
  EV_OWNER, EV_VALIDATOR, EV_DST_VALIDATOR, EV_FLAG, EV_AMOUNT, EV_AMOUNT2, EV_TIME, EVT_POSITION_CREATED,
  EVT_DELEGATION_COMMITTED, EVT_POSITION_UNDELEGATED, EVT_POSITION_REDELEGATED, EVT_POSITION_AMOUNT_ADDED,
  EVT_EXIT_TRIGGERED, EVT_EXIT_CLEARED, EVT_TIER_REWARDS_CLAIMED, EVT_POSITION_WITHDRAWN,
  EVT_EXIT_TIER_WITH_DELEGATION, EVT_POOL_FUNDED,
} from "../abi/message-event";
import {
  now, unlockAt, unlockFromNow, pslot, ownPosition, tierOf, delegationOf, isUnbonding, isElapsed, validatorBonded,
  positionValue, freshDelegator, entryChecks, openPosition, closePosition, markUndelegated, positionEvent,
} from "./records";
import { claim, resetClaimTotals, payOwed, claimBaseLo, claimBaseHi, claimBonusLo, claimBonusHi } from "./claim";
import { setPositionId, setTime, setAmountA, setAmountB, setFullExit, errAmounts, invalidRequest } from "./results";

/** ClaimTierRewards takes at most this many ids (the reference's code; ADR-006 says 500). */
export const MAX_CLAIM_IDS: i32 = 300;

// ---- user messages (§4.2) ----

/** MsgLockTier: fresh tokens of `owner` into a new position delegated to `validator`. */
export function lock(owner: u32, tierId: u32, aLo: u64, aHi: u64, validator: u32, delegator: u32, trigger: bool): i32 {
  let e = entryChecks(owner, tierId, aLo, aHi);
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
  let e = entryChecks(owner, tierId, aLo, aHi);
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
  setPositionId(id);
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
  setPositionId(id);
  setTime(unlock);
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
  setPositionId(id);
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
  setPositionId(id);
  setTime(lastCompletion);
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
  setPositionId(id);
  setTime(lastCompletion);
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
  setAmountA(aLo, aHi);
  setPositionId(id);
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
  setAmountA(tLo, tHi);
  setAmountB(shLo, shHi);
  setFullExit(full);
  setPositionId(id);
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
  setAmountA(claimBaseLo, claimBaseHi);
  setAmountB(claimBonusLo, claimBonusHi);
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
