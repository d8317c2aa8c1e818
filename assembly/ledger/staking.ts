// Staking and distribution messages, in the SDK's order of operations. Each runs inside a store
// transaction (see index.ts): any failure, however late, leaves no trace, as the SDK's cache
// context guarantees. Heights are the current block's (the emission engine's last block).

import {
  OK, ERR_NO_VALIDATOR, ERR_NO_DELEGATION, ERR_INVALID_EX_RATE, ERR_ZERO_AMOUNT, ERR_INVALID_SHARES,
  ERR_INSUFFICIENT_SHARES, ERR_SELF_REDELEGATION, ERR_BAD_REDELEGATION_DST,
  ERR_TINY_REDELEGATION, ERR_OVERFLOW, ERR_INVALID_PARAMS, ERR_VALIDATOR_JAILED, ERR_NO_UNBONDING,
  ERR_NO_UNBONDING_ENTRY, ERR_UNBONDING_BALANCE, ERR_UNBONDING_PROCESSED, setErrorArg,
} from "../errors";
import { POW18 } from "../math/limbs";
import {
  sub, cmp, fromInt, mulIntQuoInt, mulIntQuo, truncateInt, resLo, resHi, setResult, ROUND_HALF_EVEN,
} from "../dec/dec";
import * as emission from "../emission/emission";
import { send, delegateCoins, BONDED_POOL, NOT_BONDED_POOL } from "./bank";
import { validators, createValidator as newValidator } from "./validators";
import {
  V_TOKENS, V_SHARES, V_STATUS, V_JAILED, V_OPERATOR, V_MIN_SELF_DELEGATION,
  STATUS_BONDED, V_COMMISSION_RATE, STATUS_UNBONDED, V_UNBONDING_TIME, V_UNBONDING_HEIGHT,
} from "../abi/validator";
import { cellLo, BLOCK_TIME } from "./globals";
import {
  entryAllowed, addEntry, entryCreated, lastEntryId, queue as unbondingQueue, hasUnbonding, entryAt, removeEntry,
  entries as unbondingEntries, U_BALANCE, U_INITIAL, U_COMPLETION,
} from "./unbonding";
import { redelegationAllowed, addRedelegationEntry, redelegationQueue } from "./redelegations";
import { unbondingCompletion } from "./valset";
import { delegations, delegationKey, D_SHARES, linkDelegation, unlinkDelegation } from "./delegations";
import { inserted } from "../store/table";
import { initRouted } from "./withdraw";
import {
  incrementValidatorPeriod, initializeDelegation, withdrawRewards, withdrawCommission as payCommission,
  calculateRewards, endedPeriod,
} from "./f1";
import { rankingDirty, stakingChanged } from "./valset";
import { invariantFailed, removeValidator } from "./validator-removal";
import { addAt, ld, ldh } from "./fields";
import { STATE_HEIGHT } from "../abi/emission-state";

export function currentHeight(): u64 {
  return load<u64>(emission.state + <usize>STATE_HEIGHT);
}


/**
 * Delegate (x/staking keeper.Delegate with coins from the delegator's account): settle the
 * existing delegation's rewards or close the period for a new one, move the coins into the pool
 * of the validator's status, issue shares (AddTokensFromDel: one share per token for the first
 * delegation, else delegatorShares MulInt amount QuoInt tokens), re-track the delegation.
 * The new shares go to the result registers.
 */
export function delegate(delegator: u32, validator: u32, amountLo: u64, amountHi: u64): i32 {
  if ((amountLo | amountHi) == 0) return ERR_ZERO_AMOUNT;
  const vs = validators.find(<u64>validator);
  if (vs < 0) return ERR_NO_VALIDATOR;
  return delegateTokens(delegator, <u32>vs, amountLo, amountHi, false, true);
}

/**
 * keeper.Delegate: with `fromAccount` the coins come from the delegator's account into the pool of
 * the validator's status; without (a redelegation) they are already in the pool of the source's
 * status (`srcBonded`) and move only if the two statuses differ. The new shares go to the result
 * registers.
 */
export function delegateTokens(
  delegator: u32, vslot: u32, amountLo: u64, amountHi: u64, srcBonded: bool, fromAccount: bool,
): i32 {
  let v = validators.ptr(vslot);
  const validator = <u32>load<u64>(v);
  const tokensZero = (ld(v, V_TOKENS) | ldh(v, V_TOKENS)) == 0;
  if (tokensZero && (ld(v, V_SHARES) | ldh(v, V_SHARES)) != 0) return ERR_INVALID_EX_RATE;
  const height = currentHeight();
  const key = delegationKey(delegator, validator);
  const existing = delegations.find(key);
  let e: i32;
  if (existing >= 0) e = withdrawRewards(vslot, <u32>existing, delegator, height); // BeforeDelegationSharesModified
  else e = incrementValidatorPeriod(vslot); // BeforeDelegationCreated
  if (e != OK) return e;
  v = validators.ptr(vslot);
  const dstBonded = load<u8>(v + <usize>V_STATUS) == STATUS_BONDED;
  if (fromAccount) e = delegateCoins(delegator, dstBonded ? BONDED_POOL : NOT_BONDED_POOL, amountLo, amountHi);
  else if (!srcBonded && dstBonded) e = send(NOT_BONDED_POOL, BONDED_POOL, amountLo, amountHi);
  else if (srcBonded && !dstBonded) e = send(BONDED_POOL, NOT_BONDED_POOL, amountLo, amountHi);
  if (e != OK) return e;
  // AddTokensFromDel
  let sLo: u64, sHi: u64;
  if ((ld(v, V_SHARES) | ldh(v, V_SHARES)) == 0) e = fromInt(amountLo, amountHi);
  else e = mulIntQuoInt(ld(v, V_SHARES), ldh(v, V_SHARES), amountLo, amountHi, ld(v, V_TOKENS), ldh(v, V_TOKENS));
  if (e != OK) return e;
  sLo = resLo;
  sHi = resHi;
  validators.touch(vslot);
  v = validators.ptr(vslot);
  stakingChanged();
  e = addAt(v, V_TOKENS, amountLo, amountHi);
  if (e != OK) return e;
  e = addAt(v, V_SHARES, sLo, sHi);
  if (e != OK) return e;
  const dslot = delegations.upsert(key);
  if (inserted) {
    linkDelegation(delegator, validator);
    initRouted(delegator, dslot);
  }
  e = addAt(delegations.ptr(dslot), D_SHARES, sLo, sHi);
  if (e != OK) return e;
  e = initializeDelegation(vslot, dslot, height); // AfterDelegationModified
  if (e != OK) return e;
  return setResult(sLo, sHi);
}


/** MsgWithdrawDelegatorReward: settle and pay, then track the delegation afresh. Paid units out. */
export function withdrawDelegatorReward(delegator: u32, validator: u32): i32 {
  const vs = validators.find(<u64>validator);
  if (vs < 0) return ERR_NO_VALIDATOR;
  const ds = delegations.find(delegationKey(delegator, validator));
  if (ds < 0) return ERR_NO_DELEGATION;
  const height = currentHeight();
  let e = withdrawRewards(<u32>vs, <u32>ds, delegator, height);
  if (e != OK) return e;
  const paidLo = resLo, paidHi = resHi;
  e = initializeDelegation(<u32>vs, <u32>ds, height);
  if (e != OK) return e;
  return setResult(paidLo, paidHi);
}

/** MsgWithdrawValidatorCommission. Paid units out. */
export function withdrawValidatorCommission(validator: u32): i32 {
  const vs = validators.find(<u64>validator);
  if (vs < 0) return ERR_NO_VALIDATOR;
  return payCommission(<u32>vs);
}

/** MsgCreateValidator: the validator, then its operator's self-delegation. */
export function createValidator(
  id: u32, operator: u32, rateLo: u64, rateHi: u64, selfLo: u64, selfHi: u64, orderKey: u64,
  minSelfLo: u64 = 1, minSelfHi: u64 = 0,
): i32 {
  if ((selfLo | selfHi) == 0) return ERR_ZERO_AMOUNT;
  const e = newValidator(id, operator, rateLo, rateHi, orderKey);
  if (e != OK) return e;
  // The operator's MinSelfDelegation (the record was made with the SDK's default, 1).
  const p = validators.ptr(validators.find(<u64>id));
  store<u64>(p, minSelfLo, V_MIN_SELF_DELEGATION);
  store<u64>(p, minSelfHi, V_MIN_SELF_DELEGATION + 8);
  rankingDirty();
  return delegate(operator, id, selfLo, selfHi);
}

/**
 * MsgEditValidator's changes to the core's record: the commission rate (a Dec in [0, 1]) when
 * `setRate`, the minimum self-delegation when `setMin`. The msg server's rules (the 24 h, the max
 * rate and change rate, a minimum that only rises and stays within the tokens) are the host's.
 */
export function editValidator(id: u32, setRate: bool, rateLo: u64, rateHi: u64, setMin: bool, minLo: u64, minHi: u64): i32 {
  const vs = validators.find(<u64>id);
  if (vs < 0) return ERR_NO_VALIDATOR;
  if (setRate && (rateHi != 0 || rateLo > POW18)) {
    setErrorArg(6);
    return ERR_INVALID_PARAMS;
  }
  validators.touch(<u32>vs);
  const p = validators.ptr(<u32>vs);
  if (setRate) store<u64>(p, rateLo, V_COMMISSION_RATE);
  if (setMin) {
    store<u64>(p, minLo, V_MIN_SELF_DELEGATION);
    store<u64>(p, minHi, V_MIN_SELF_DELEGATION + 8);
  }
  return OK;
}

/**
 * Unbond (x/staking keeper.Unbond): settle the delegation's rewards, jail an operator whose
 * self-delegation falls below its minimum, drop or re-track the delegation (before the validator
 * changes, as the SDK does), then RemoveDelShares: the last shares take every remaining token,
 * others TokensFromShares truncated. A validator left unbonded without shares is removed.
 * The tokens taken go to the result registers.
 */
export function unbond(delegator: u32, vslot: u32, dslot: u32, sharesLo: u64, sharesHi: u64, height: u64): i32 {
  let e = withdrawRewards(vslot, dslot, delegator, height);
  if (e != OK) return e;
  let d = delegations.ptr(dslot);
  e = sub(load<u64>(d + <usize>D_SHARES), load<u64>(d + <usize>D_SHARES, 8), sharesLo, sharesHi);
  if (e != OK) return invariantFailed(30); // ValidateUnbondAmount capped the shares
  const remLo = resLo, remHi = resHi;
  let v = validators.ptr(vslot);
  if (delegator == load<u32>(v + <usize>V_OPERATOR) && load<u8>(v + <usize>V_JAILED) == 0) {
    e = mulIntQuo(remLo, remHi, ld(v, V_TOKENS), ldh(v, V_TOKENS), ld(v, V_SHARES), ldh(v, V_SHARES), ROUND_HALF_EVEN);
    if (e != OK) return e;
    truncateInt(resLo, resHi);
    if (cmp(resLo, resHi, ld(v, V_MIN_SELF_DELEGATION), ldh(v, V_MIN_SELF_DELEGATION)) < 0) {
      validators.touch(vslot);
      store<u8>(validators.ptr(vslot) + <usize>V_JAILED, 1); // jailValidator
      stakingChanged();
    }
  }
  const key = load<u64>(delegations.ptr(dslot));
  if ((remLo | remHi) == 0) {
    unlinkDelegation(key);
    delegations.remove(key);
  } else {
    delegations.touch(dslot);
    d = delegations.ptr(dslot);
    store<u64>(d + <usize>D_SHARES, remLo);
    store<u64>(d + <usize>D_SHARES, remHi, 8);
    e = initializeDelegation(vslot, dslot, height);
    if (e != OK) return e;
  }
  // RemoveDelShares
  v = validators.ptr(vslot);
  e = sub(ld(v, V_SHARES), ldh(v, V_SHARES), sharesLo, sharesHi);
  if (e != OK) return invariantFailed(31);
  const leftLo = resLo, leftHi = resHi;
  let outLo: u64, outHi: u64;
  if ((leftLo | leftHi) == 0) {
    outLo = ld(v, V_TOKENS);
    outHi = ldh(v, V_TOKENS);
  } else {
    e = mulIntQuo(sharesLo, sharesHi, ld(v, V_TOKENS), ldh(v, V_TOKENS), ld(v, V_SHARES), ldh(v, V_SHARES), ROUND_HALF_EVEN);
    if (e != OK) return e;
    truncateInt(resLo, resHi);
    outLo = resLo;
    outHi = resHi;
  }
  e = sub(ld(v, V_TOKENS), ldh(v, V_TOKENS), outLo, outHi);
  if (e != OK) return invariantFailed(32);
  validators.touch(vslot);
  v = validators.ptr(vslot);
  store<u64>(v + <usize>V_TOKENS, resLo);
  store<u64>(v + <usize>V_TOKENS, resHi, 8);
  stakingChanged();
  store<u64>(v + <usize>V_SHARES, leftLo);
  store<u64>(v + <usize>V_SHARES, leftHi, 8);
  if ((leftLo | leftHi) == 0 && load<u8>(v + <usize>V_STATUS) == STATUS_UNBONDED) {
    e = removeValidator(vslot);
    if (e != OK) return e;
    rankingDirty();
  }
  return setResult(outLo, outHi);
}

/** The completion time of the last undelegation (unix ns). */
export let lastCompletion: i64 = 0;

/**
 * MsgUndelegate: ValidateUnbondAmount (shares for the amount, SharesFromTokens; more than the
 * delegation holds is refused), the entry limit, Unbond, the tokens to the not-bonded pool if the
 * validator was bonded, and an unbonding entry maturing at block time + unbonding time.
 * The amount unbonded goes to the result registers, the completion time to `lastCompletion`.
 */
/** Slots found by `validateUnbondAmount`. */
let foundValidator: u32 = 0;
let foundDelegation: u32 = 0;

/**
 * ValidateUnbondAmount: the shares for `amount` tokens (SharesFromTokens; the truncated variant is
 * the same integer division), refused above the delegation's shares. Shares to the registers.
 */
export function validateUnbondAmount(delegator: u32, validator: u32, amountLo: u64, amountHi: u64): i32 {
  if ((amountLo | amountHi) == 0) return ERR_INVALID_SHARES; // MsgUndelegate / MsgBeginRedelegate ValidateBasic
  const vs = validators.find(<u64>validator);
  if (vs < 0) return ERR_NO_VALIDATOR;
  const ds = delegations.find(delegationKey(delegator, validator));
  if (ds < 0) return ERR_NO_DELEGATION;
  const v = validators.ptr(<u32>vs);
  if ((ld(v, V_TOKENS) | ldh(v, V_TOKENS)) == 0) return ERR_INSUFFICIENT_SHARES;
  const e = mulIntQuoInt(ld(v, V_SHARES), ldh(v, V_SHARES), amountLo, amountHi, ld(v, V_TOKENS), ldh(v, V_TOKENS));
  // Shares beyond 128 bits are beyond any delegation's: the SDK's "invalid shares amount".
  if (e == ERR_OVERFLOW) return ERR_INVALID_SHARES;
  if (e != OK) return e;
  const d = delegations.ptr(<u32>ds);
  if (cmp(resLo, resHi, load<u64>(d + <usize>D_SHARES), load<u64>(d + <usize>D_SHARES, 8)) > 0) return ERR_INVALID_SHARES;
  foundValidator = <u32>vs;
  foundDelegation = <u32>ds;
  return OK;
}

export function undelegate(delegator: u32, validator: u32, amountLo: u64, amountHi: u64): i32 {
  const e = validateUnbondAmount(delegator, validator, amountLo, amountHi);
  if (e != OK) return e;
  return undelegateShares(delegator, foundValidator, foundDelegation, resLo, resHi);
}

/** MsgUndelegate after ValidateUnbondAmount, for a number of shares (a tier position: all of its own). */
export function undelegateShares(delegator: u32, vslot: u32, ds: u32, sLo: u64, sHi: u64): i32 {
  const v = validators.ptr(vslot);
  const validator = <u32>load<u64>(v);
  let e = entryAllowed(delegator, validator);
  if (e != OK) return e;
  const wasBonded = load<u8>(v + <usize>V_STATUS) == STATUS_BONDED;
  const height = currentHeight();
  e = unbond(delegator, vslot, ds, sLo, sHi, height);
  if (e != OK) return e;
  const outLo = resLo, outHi = resHi;
  if (wasBonded) {
    e = send(BONDED_POOL, NOT_BONDED_POOL, outLo, outHi);
    if (e != OK) return e;
  }
  const completion = unbondingCompletion(<i64>cellLo(BLOCK_TIME));
  e = addEntry(delegator, validator, height, completion, outLo, outHi);
  if (e != OK) return e;
  if (entryCreated) unbondingQueue.push(completion, lastEntryId); // last: nothing after it can fail
  lastCompletion = completion;
  return setResult(outLo, outHi);
}

/**
 * The DelegationRewards query: as the SDK does on a throw-away cache, close the period and
 * calculate, then undo. Raw Dec rewards to the result registers.
 */
export function pendingRewards(delegator: u32, validator: u32): i32 {
  const vs = validators.find(<u64>validator);
  if (vs < 0) return ERR_NO_VALIDATOR;
  const ds = delegations.find(delegationKey(delegator, validator));
  if (ds < 0) return ERR_NO_DELEGATION;
  const e = incrementValidatorPeriod(<u32>vs);
  if (e != OK) return e;
  return calculateRewards(<u32>vs, <u32>ds, endedPeriod, currentHeight());
}

/**
 * MsgBeginRedelegate: ValidateUnbondAmount on the source, the SDK's redelegation checks (not to
 * itself, destination exists, no transitive redelegation, entry limit), Unbond from the source
 * (which must yield tokens), Delegate them to the destination without touching the account, and
 * an entry while the source could still be slashed for them: until the unbonding time if it is
 * bonded, its own unbonding end if unbonding, none if unbonded. A source removed by the unbond
 * fails the message, as in the SDK. Completion time to `lastCompletion` (0: complete now).
 */
export function redelegate(delegator: u32, src: u32, dst: u32, amountLo: u64, amountHi: u64): i32 {
  const e = validateUnbondAmount(delegator, src, amountLo, amountHi);
  if (e != OK) return e;
  return redelegateShares(delegator, foundValidator, foundDelegation, dst, resLo, resHi);
}

/** MsgBeginRedelegate after ValidateUnbondAmount, for a number of shares (a tier position: all). */
export function redelegateShares(delegator: u32, srcSlot: u32, dslot: u32, dst: u32, sharesLo: u64, sharesHi: u64): i32 {
  const src = <u32>load<u64>(validators.ptr(srcSlot));
  let e: i32;
  if (src == dst) return ERR_SELF_REDELEGATION;
  const dstFound = validators.find(<u64>dst);
  if (dstFound < 0) return ERR_BAD_REDELEGATION_DST;
  e = redelegationAllowed(delegator, src, dst);
  if (e != OK) return e;
  const srcBonded = load<u8>(validators.ptr(srcSlot) + <usize>V_STATUS) == STATUS_BONDED;
  const height = currentHeight();
  e = unbond(delegator, srcSlot, dslot, sharesLo, sharesHi, height);
  if (e != OK) return e;
  const amtLo = resLo, amtHi = resHi;
  if ((amtLo | amtHi) == 0) return ERR_TINY_REDELEGATION;
  const dstSlot = validators.find(<u64>dst); // slots are stable, but look again: the unbond may remove
  if (dstSlot < 0) return ERR_BAD_REDELEGATION_DST;
  e = delegateTokens(delegator, <u32>dstSlot, amtLo, amtHi, srcBonded, false);
  if (e != OK) return e;
  const createdLo = resLo, createdHi = resHi;
  // getBeginInfo on the source as it is now
  const s = validators.find(<u64>src);
  if (s < 0) return ERR_NO_VALIDATOR;
  const sp = validators.ptr(<u32>s);
  const status = load<u8>(sp + <usize>V_STATUS);
  if (status == STATUS_UNBONDED) {
    lastCompletion = 0;
    return setResult(amtLo, amtHi);
  }
  let completion: i64, creation: u64;
  if (status == STATUS_BONDED) {
    completion = unbondingCompletion(<i64>cellLo(BLOCK_TIME));
    creation = height;
  } else {
    completion = load<i64>(sp + <usize>V_UNBONDING_TIME);
    creation = load<u64>(sp + <usize>V_UNBONDING_HEIGHT);
  }
  const id = addRedelegationEntry(delegator, src, dst, creation, completion, amtLo, amtHi, createdLo, createdHi);
  redelegationQueue.push(completion, id); // last: nothing after it can fail
  lastCompletion = completion;
  return setResult(amtLo, amtHi);
}

/**
 * MsgCancelUnbondingDelegation (after the msg server's stateless checks): the validator (its
 * exchange rate valid, not jailed), the pair's unbonding delegation, its first entry made at
 * `height`, holding at least `amount` and not yet mature; then keeper.Delegate of `amount` from
 * the unbonding tokens (not-bonded pool → bonded pool if the validator is bonded), and the entry
 * shrunk by it (balance and initial balance), or dropped when nothing is left. Shares to the
 * result registers.
 */
export function cancelUnbonding(delegator: u32, validator: u32, height: u64, amountLo: u64, amountHi: u64): i32 {
  if ((amountLo | amountHi) == 0) return ERR_ZERO_AMOUNT;
  const vs = validators.find(<u64>validator);
  if (vs < 0) return ERR_NO_VALIDATOR;
  const v = validators.ptr(<u32>vs);
  if ((ld(v, V_TOKENS) | ldh(v, V_TOKENS)) == 0 && (ld(v, V_SHARES) | ldh(v, V_SHARES)) != 0) return ERR_INVALID_EX_RATE;
  if (load<u8>(v + <usize>V_JAILED) != 0) return ERR_VALIDATOR_JAILED;
  if (!hasUnbonding(delegator, validator)) return ERR_NO_UNBONDING;
  const id = entryAt(delegator, validator, height);
  if (id == 0) {
    setErrorArg(<i64>height);
    return ERR_NO_UNBONDING_ENTRY;
  }
  const slot = <u32>unbondingEntries.find(id);
  let p = unbondingEntries.ptr(slot);
  if (cmp(ld(p, U_BALANCE), ldh(p, U_BALANCE), amountLo, amountHi) < 0) return ERR_UNBONDING_BALANCE;
  if (load<i64>(p + <usize>U_COMPLETION) < <i64>cellLo(BLOCK_TIME)) return ERR_UNBONDING_PROCESSED;
  let e = delegateTokens(delegator, <u32>vs, amountLo, amountHi, false, false);
  if (e != OK) return e;
  const sLo = resLo, sHi = resHi;
  p = unbondingEntries.ptr(slot);
  e = sub(ld(p, U_BALANCE), ldh(p, U_BALANCE), amountLo, amountHi);
  if (e != OK) return invariantFailed(40); // the balance was checked above
  const leftLo = resLo, leftHi = resHi;
  if ((leftLo | leftHi) == 0) {
    removeEntry(id);
  } else {
    e = sub(ld(p, U_INITIAL), ldh(p, U_INITIAL), amountLo, amountHi);
    if (e != OK) return invariantFailed(41); // initial >= balance >= amount
    unbondingEntries.touch(slot);
    p = unbondingEntries.ptr(slot);
    store<u64>(p + <usize>U_BALANCE, leftLo);
    store<u64>(p + <usize>U_BALANCE, leftHi, 8);
    store<u64>(p + <usize>U_INITIAL, resLo);
    store<u64>(p + <usize>U_INITIAL, resHi, 8);
  }
  return setResult(sLo, sHi);
}
