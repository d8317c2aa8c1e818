// x/distribution's F1 accounting (keeper/validator.go, keeper/delegation.go): each validator's
// rewards per token accumulate period by period in `historical`; a delegation remembers the
// period and the stake it was last settled at, and is owed stake x (ratio(now) - ratio(then)),
// truncated. Every change to a delegation's shares settles it first, so claims cost O(1).
// (Slash events between periods come with slashing.)

import { OK, ERR_INVARIANT, ERR_NO_COMMISSION, setErrorArg } from "../errors";
import {
  add, sub, cmp, fromInt, mulRounded, mulIntQuo, quoRounded, resLo, resHi, setResult,
  ROUND_TRUNCATE, ROUND_HALF_EVEN,
} from "../dec/dec";
import {
  validators, historical, historicalKey, H_RATIO, H_REFERENCES, slashEvents, E_HEIGHT, E_PERIOD, E_FRACTION,
} from "./validators";
import {
  V_TOKENS, V_SHARES, V_PERIOD, V_CURRENT_REWARDS, V_OUTSTANDING, V_COMMISSION, V_OPERATOR, V_SLASH_EVENTS,
} from "../abi/validator";
import { POW18 } from "../math/limbs";
import { delegations, D_SHARES, D_PREVIOUS_PERIOD, D_STAKE, D_HEIGHT, D_HAS_INFO } from "./delegations";
import { send, DISTRIBUTION } from "./bank";
import { emit, isRecording } from "./out";
import { EV_OWNER, EV_VALIDATOR, EV_AMOUNT, EVT_WITHDRAW_REWARDS } from "../abi/message-event";
import { toCommunityPool } from "./distribution";
import { ld, ldh, put, splitWhole, wholeLo, wholeHi, fraction } from "./fields";
import { delegationRecipient } from "./withdraw";


function invariant(rule: i64): i32 {
  setErrorArg(rule);
  return ERR_INVARIANT;
}

/** The period closed by the last `incrementValidatorPeriod`. */
export let endedPeriod: u64 = 0;

export function incrementReferenceCount(validator: u32, period: u64): i32 {
  const slot = historical.find(historicalKey(validator, period));
  if (slot < 0) return invariant(1);
  historical.touch(<u32>slot);
  const p = historical.ptr(<u32>slot);
  const refs = load<u32>(p + <usize>H_REFERENCES);
  if (refs > 2) return invariant(2); // "reference count should never exceed 2"
  store<u32>(p + <usize>H_REFERENCES, refs + 1);
  return OK;
}

export function decrementReferenceCount(validator: u32, period: u64): i32 {
  const slot = historical.find(historicalKey(validator, period));
  if (slot < 0) return invariant(3);
  return decrementReferenceAt(<u32>slot);
}

/** decrementReferenceCount of the historical record at `slot` (found by the caller). */
function decrementReferenceAt(slot: u32): i32 {
  const p = historical.ptr(slot);
  const refs = load<u32>(p + <usize>H_REFERENCES);
  if (refs == 0) return invariant(4);
  if (refs == 1) {
    historical.removeAt(slot);
    return OK;
  }
  historical.touch(slot);
  store<u32>(historical.ptr(slot) + <usize>H_REFERENCES, refs - 1);
  return OK;
}

/**
 * IncrementValidatorPeriod: close the current period (its rewards per token QuoDecTruncate the
 * tokens; a validator without tokens gives them to the community pool instead) and open the next.
 * The closed period goes to `endedPeriod`.
 */
export function incrementValidatorPeriod(vslot: u32): i32 {
  validators.touch(vslot);
  const v = validators.ptr(vslot);
  const id = <u32>load<u64>(v);
  const period = ld(v, V_PERIOD);
  const rLo = ld(v, V_CURRENT_REWARDS), rHi = ldh(v, V_CURRENT_REWARDS);
  let cLo: u64 = 0, cHi: u64 = 0;
  let e: i32;
  if ((ld(v, V_TOKENS) | ldh(v, V_TOKENS)) == 0) {
    e = toCommunityPool(rLo, rHi);
    if (e != OK) return e;
    e = sub(ld(v, V_OUTSTANDING), ldh(v, V_OUTSTANDING), rLo, rHi);
    if (e != OK) return invariant(5);
    put(v, V_OUTSTANDING, resLo, resHi);
  } else {
    // rewards QuoDecTruncate Dec(tokens): truncated, so no one is owed more than was allocated
    e = fromInt(ld(v, V_TOKENS), ldh(v, V_TOKENS));
    if (e != OK) return e;
    e = quoRounded(rLo, rHi, resLo, resHi, ROUND_TRUNCATE);
    if (e != OK) return e;
    cLo = resLo;
    cHi = resHi;
  }
  const prev = historical.find(historicalKey(id, period - 1));
  if (prev < 0) return invariant(6);
  const hp = historical.ptr(<u32>prev);
  e = add(ld(hp, H_RATIO), ldh(hp, H_RATIO), cLo, cHi);
  if (e != OK) return e;
  const ratioLo = resLo, ratioHi = resHi;
  e = decrementReferenceAt(<u32>prev);
  if (e != OK) return e;
  const np = historical.ptr(historical.upsert(historicalKey(id, period)));
  put(np, H_RATIO, ratioLo, ratioHi);
  store<u32>(np + <usize>H_REFERENCES, 1);
  const v2 = validators.ptr(vslot);
  put(v2, V_CURRENT_REWARDS, 0, 0);
  store<u64>(v2 + <usize>V_PERIOD, period + 1);
  endedPeriod = period;
  return OK;
}

/**
 * initializeDelegation: track the period just ended (one more reference to it) and the stake,
 * TokensFromSharesTruncated(shares), at `height`.
 */
export function initializeDelegation(vslot: u32, dslot: u32, height: u64): i32 {
  const v = validators.ptr(vslot);
  const id = <u32>load<u64>(v);
  const previous = ld(v, V_PERIOD) - 1;
  let e = incrementReferenceCount(id, previous);
  if (e != OK) return e;
  delegations.touch(dslot);
  const d = delegations.ptr(dslot);
  e = mulIntQuo(
    ld(d, D_SHARES), ldh(d, D_SHARES), ld(v, V_TOKENS), ldh(v, V_TOKENS), ld(v, V_SHARES), ldh(v, V_SHARES),
    ROUND_TRUNCATE,
  );
  if (e != OK) return e;
  put(d, D_STAKE, resLo, resHi);
  store<u64>(d + <usize>D_PREVIOUS_PERIOD, previous);
  store<u64>(d + <usize>D_HEIGHT, height);
  store<u8>(d + <usize>D_HAS_INFO, 1);
  return OK;
}

/** calculateDelegationRewardsBetween: stake x (ratio(end) - ratio(start)), truncated. */
function rewardsBetween(id: u32, start: u64, end: u64, sLo: u64, sHi: u64): i32 {
  if (start > end) return invariant(12);
  const a = historical.find(historicalKey(id, start));
  const b = historical.find(historicalKey(id, end));
  if (a < 0 || b < 0) return invariant(8);
  const ap = historical.ptr(<u32>a), bp = historical.ptr(<u32>b);
  const e = sub(ld(bp, H_RATIO), ldh(bp, H_RATIO), ld(ap, H_RATIO), ldh(ap, H_RATIO));
  if (e != OK) return invariant(9); // negative rewards
  return mulRounded(resLo, resHi, sLo, sHi, ROUND_TRUNCATE);
}

/** updateValidatorSlashFraction: close the period, keep it referenced, record the slash event. */
export function recordSlash(vslot: u32, height: u64, fracLo: u64, fracHi: u64): i32 {
  let e = incrementValidatorPeriod(vslot);
  if (e != OK) return e;
  const v = validators.ptr(vslot);
  const id = <u32>load<u64>(v);
  e = incrementReferenceCount(id, endedPeriod);
  if (e != OK) return e;
  validators.touch(vslot);
  const vp = validators.ptr(vslot);
  const index = ld(vp, V_SLASH_EVENTS);
  store<u64>(vp + <usize>V_SLASH_EVENTS, index + 1);
  const ep = slashEvents.ptr(slashEvents.upsert((<u64>id << 40) | index));
  store<u64>(ep + <usize>E_HEIGHT, height);
  store<u64>(ep + <usize>E_PERIOD, endedPeriod);
  put(ep, E_FRACTION, fracLo, fracHi);
  return OK;
}

/**
 * CalculateDelegationRewards up to `endingPeriod`: nothing for a delegation settled at this
 * height; otherwise, walking the validator's slash events between the settlement height and now
 * (both included, in order), the stake earns stake x (ratio difference) per stretch and shrinks
 * by each slash (MulTruncate(1 - fraction)). The rebuilt stake may exceed the current stake
 * (TokensFromShares) by at most 3 units of 10^-18 (the SDK's margin). Result in the registers.
 */
export function calculateRewards(vslot: u32, dslot: u32, endingPeriod: u64, height: u64): i32 {
  const v = validators.ptr(vslot);
  const d = delegations.ptr(dslot);
  const startHeight = ld(d, D_HEIGHT);
  if (startHeight == height) return setResult(0, 0);
  const id = <u32>load<u64>(v);
  let sLo = ld(d, D_STAKE), sHi = ldh(d, D_STAKE);
  let start = ld(d, D_PREVIOUS_PERIOD);
  let rLo: u64 = 0, rHi: u64 = 0;
  let e: i32;
  const events = ld(v, V_SLASH_EVENTS);
  for (let i: u64 = 0; i < events; i++) {
    const es = slashEvents.find((<u64>id << 40) | i);
    if (es < 0) continue;
    const ep = slashEvents.ptr(<u32>es);
    const h = ld(ep, E_HEIGHT);
    if (h < startHeight || h > height) continue;
    const period = ld(ep, E_PERIOD);
    if (period <= start) continue;
    e = rewardsBetween(id, start, period, sLo, sHi);
    if (e != OK) return e;
    add(rLo, rHi, resLo, resHi);
    rLo = resLo;
    rHi = resHi;
    sub(POW18, 0, ld(ep, E_FRACTION), ldh(ep, E_FRACTION));
    e = mulRounded(sLo, sHi, resLo, resHi, ROUND_TRUNCATE);
    if (e != OK) return e;
    sLo = resLo;
    sHi = resHi;
    start = period;
  }
  const vp = validators.ptr(vslot), dp = delegations.ptr(dslot);
  e = mulIntQuo(
    ld(dp, D_SHARES), ldh(dp, D_SHARES), ld(vp, V_TOKENS), ldh(vp, V_TOKENS), ld(vp, V_SHARES), ldh(vp, V_SHARES),
    ROUND_HALF_EVEN,
  );
  if (e != OK) return e;
  const curLo = resLo, curHi = resHi;
  if (cmp(sLo, sHi, curLo, curHi) > 0) {
    add(curLo, curHi, 3, 0);
    if (cmp(sLo, sHi, resLo, resHi) > 0) return invariant(7); // stake above the current stake
    sLo = curLo;
    sHi = curHi;
  }
  e = rewardsBetween(id, start, endingPeriod, sLo, sHi);
  if (e != OK) return e;
  return add(rLo, rHi, resLo, resHi);
}

/**
 * withdrawDelegationRewards: close the period, pay the whole units (at most the outstanding
 * rewards: DecCoins.Intersect) to the delegator's withdraw address, the decimal remainder to the community pool,
 * drop the starting info. The base units paid go to the result registers.
 */
export function withdrawRewards(vslot: u32, dslot: u32, delegator: u32, height: u64): i32 {
  if (load<u8>(delegations.ptr(dslot) + <usize>D_HAS_INFO) == 0) return invariant(10);
  let e = incrementValidatorPeriod(vslot);
  if (e != OK) return e;
  e = calculateRewards(vslot, dslot, endedPeriod, height);
  if (e != OK) return e;
  let rLo = resLo, rHi = resHi;
  const v = validators.ptr(vslot);
  const oLo = ld(v, V_OUTSTANDING), oHi = ldh(v, V_OUTSTANDING);
  if (cmp(rLo, rHi, oLo, oHi) > 0) {
    rLo = oLo;
    rHi = oHi;
  }
  // TruncateDecimal: whole units out, the decimal remainder to the community pool
  splitWhole(rLo, rHi);
  const uLo = wholeLo, uHi = wholeHi, rem = fraction;
  e = send(DISTRIBUTION, delegationRecipient(delegator, dslot), uLo, uHi);
  if (e != OK) return e;
  if (isRecording()) {
    // withdraw_rewards, after the payment, zero included (the SDK writes 0 of the bond denom)
    const ev = emit(EVT_WITHDRAW_REWARDS);
    store<u32>(ev + <usize>EV_OWNER, delegator);
    store<u32>(ev + <usize>EV_VALIDATOR, <u32>load<u64>(validators.ptr(vslot)));
    store<u64>(ev + <usize>EV_AMOUNT, uLo);
    store<u64>(ev + <usize>EV_AMOUNT, uHi, 8);
  }
  validators.touch(vslot);
  const v2 = validators.ptr(vslot);
  sub(oLo, oHi, rLo, rHi);
  put(v2, V_OUTSTANDING, resLo, resHi);
  e = toCommunityPool(rem, 0);
  if (e != OK) return e;
  e = decrementReferenceCount(<u32>load<u64>(v2), ld(delegations.ptr(dslot), D_PREVIOUS_PERIOD));
  if (e != OK) return e;
  delegations.touch(dslot);
  store<u8>(delegations.ptr(dslot) + <usize>D_HAS_INFO, 0);
  return setResult(uLo, uHi);
}

/** WithdrawValidatorCommission: the whole units of the accumulated commission to the operator. */
export function withdrawCommission(vslot: u32): i32 {
  const v = validators.ptr(vslot);
  const cLo = ld(v, V_COMMISSION), cHi = ldh(v, V_COMMISSION);
  if ((cLo | cHi) == 0) return ERR_NO_COMMISSION;
  splitWhole(cLo, cHi);
  const uLo = wholeLo, uHi = wholeHi;
  validators.touch(vslot);
  const v2 = validators.ptr(vslot);
  put(v2, V_COMMISSION, fraction, 0); // the decimal part stays accrued
  let e = sub(ld(v2, V_OUTSTANDING), ldh(v2, V_OUTSTANDING), cLo - fraction, cHi - u64(cLo < fraction));
  if (e != OK) return invariant(12);
  put(v2, V_OUTSTANDING, resLo, resHi);
  e = send(DISTRIBUTION, load<u32>(v2 + <usize>V_OPERATOR), uLo, uHi);
  if (e != OK) return e;
  return setResult(uLo, uHi);
}
