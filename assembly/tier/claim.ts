// The claim of x/tieredrewards (REFERENCE.md §4, §6, DESIGN.md decision 8): a position's base
// rewards go to its owner through x/distribution; its bonus is replayed from its validator's events
// since its last checkpoint (§6.3, `segmentBonus`) and paid from the rewards pool; what a short pool
// cannot pay is owed to the owner, paid at their next claim. Also the redelegation-slash hook that
// settles a position first (§7), and the estimate of a claim.

import {
  OK, ERR_INVARIANT, setErrorArg, ERR_TR_POOL_SHORT, ERR_TR_TIER_NOT_FOUND, ERR_TR_POSITION_NOT_FOUND,
} from "../errors";
import { add, sub, cmp, resLo, resHi, setResult } from "../dec/dec";
import { segmentBonus } from "../rewards/bonus";
import { balanceOf, send, REWARDS_POOL } from "../ledger/bank";
import { validators } from "../ledger/validators";
import { V_STATUS, STATUS_BONDED } from "../abi/validator";
import { delegations, D_SHARES } from "../ledger/delegations";
import { ld, ldh, put } from "../ledger/fields";
import { withdrawDelegatorReward } from "../ledger/staking";
import {
  tiers, positions, owners, byDelegator, validatorEvents, eventKey, currentSeq, O_OWED, VE_TIME, VE_TYPE, VE_TPS,
  VE_REFS,
} from "./state";
import { EVENT_UNBOND, EVENT_BOND } from "../abi/validator-event";
import {
  P_OWNER, P_DELEGATOR, P_VALIDATOR, P_LAST_ACCRUAL, P_LAST_SEQ, P_BONDED, P_TRIGGERED, P_UNLOCK,
} from "../abi/position";
import { T_APY } from "../abi/tier";
import { tokensPerShare } from "./hooks";
import { emit } from "../ledger/out";
import {
  EV_POSITION, EV_OWNER, EV_AMOUNT, EV_AMOUNT2, EVT_BASE_REWARDS_CLAIMED, EVT_BONUS_REWARDS_CLAIMED, EVT_BONUS_OWED,
  EVT_OWED_BONUS_PAID,
} from "../abi/message-event";
import { NANOS, now, delegationOf, tierOf, markUndelegated, dropOwnerIfEmpty } from "./records";
import { setAmountA, setAmountB, errAmounts } from "./results";

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

export let claimBaseLo: u64 = 0, claimBaseHi: u64 = 0, claimBonusLo: u64 = 0, claimBonusHi: u64 = 0;

/** claim(p) (§4): base rewards to the owner, then the bonus; nothing if undelegated. Adds to the claim totals. */
export function claim(ps: u32, strict: bool): i32 {
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

export function resetClaimTotals(): void {
  claimBaseLo = claimBaseHi = claimBonusLo = claimBonusHi = 0;
}

/** Pay the owner's owed bonus from what the pool holds (as much as it can). */
export function payOwed(owner: u32): i32 {
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
  setAmountA(claimBaseLo, claimBaseHi);
  setAmountB(claimBonusLo, claimBonusHi);
  return OK;
}
