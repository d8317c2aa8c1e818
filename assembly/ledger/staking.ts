// Staking and distribution messages, in the SDK's order of operations. Each runs inside a store
// transaction (see index.ts): any failure, however late, leaves no trace, as the SDK's cache
// context guarantees. Heights are the current block's (the emission engine's last block).

import { OK, ERR_NO_VALIDATOR, ERR_NO_DELEGATION, ERR_INVALID_EX_RATE, ERR_ZERO_AMOUNT } from "../errors";
import { add, fromInt, mulIntQuoInt, resLo, resHi, setResult } from "../dec/dec";
import * as emission from "../emission/emission";
import { transfer, BONDED_POOL, NOT_BONDED_POOL } from "./bank";
import { validators, createValidator as newValidator, V_TOKENS, V_SHARES, V_STATUS, STATUS_BONDED } from "./validators";
import { delegations, delegationKey, D_SHARES } from "./delegations";
import { incrementValidatorPeriod, initializeDelegation, withdrawRewards, withdrawCommission as payCommission } from "./f1";
import { rankingDirty } from "./valset";

function currentHeight(): u64 {
  return load<u64>(emission.state + <usize>emission.STATE_HEIGHT);
}

// @ts-ignore: decorator
@inline
function ld(p: usize, off: i32): u64 {
  return load<u64>(p + <usize>off);
}
// @ts-ignore: decorator
@inline
function ldh(p: usize, off: i32): u64 {
  return load<u64>(p + <usize>off, 8);
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
  const vslot = <u32>vs;
  let v = validators.ptr(vslot);
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
  const pool = load<u8>(v + <usize>V_STATUS) == STATUS_BONDED ? BONDED_POOL : NOT_BONDED_POOL;
  e = transfer(delegator, pool, amountLo, amountHi);
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
  e = addAt(v, V_TOKENS, amountLo, amountHi);
  if (e != OK) return e;
  e = addAt(v, V_SHARES, sLo, sHi);
  if (e != OK) return e;
  const dslot = delegations.upsert(key);
  e = addAt(delegations.ptr(dslot), D_SHARES, sLo, sHi);
  if (e != OK) return e;
  e = initializeDelegation(vslot, dslot, height); // AfterDelegationModified
  if (e != OK) return e;
  return setResult(sLo, sHi);
}

function addAt(p: usize, off: i32, lo: u64, hi: u64): i32 {
  const f = p + <usize>off;
  const e = add(load<u64>(f), load<u64>(f, 8), lo, hi);
  if (e != OK) return e;
  store<u64>(f, resLo);
  store<u64>(f, resHi, 8);
  return OK;
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
): i32 {
  if ((selfLo | selfHi) == 0) return ERR_ZERO_AMOUNT;
  const e = newValidator(id, operator, rateLo, rateHi, orderKey);
  if (e != OK) return e;
  rankingDirty();
  return delegate(operator, id, selfLo, selfHi);
}
