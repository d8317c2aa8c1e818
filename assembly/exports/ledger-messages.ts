// The ledger's messages (x/staking, x/distribution, x/slashing): each in a store transaction
// (transaction.ts), so a failure changes nothing.

import * as ledgerStaking from "../ledger/staking";
import * as ledgerSlashing from "../ledger/slash";
import { lo, hi, put } from "./operands";
import { txBegin, inTransaction } from "./transaction";
import * as ledgerWithdraw from "../ledger/withdraw";
import { emit } from "../ledger/out";
import { EVT_SET_WITHDRAW_ADDRESS, EV_OWNER, EV_PEER } from "../abi/message-event";
import { OK, ERR_NO_VALIDATOR } from "../errors";
import * as ledgerBank from "../ledger/bank";
import * as ledgerDistribution from "../ledger/distribution";
import { fromInt, mul, resLo, resHi } from "../dec/dec";
import * as ledgerValidators from "../ledger/validators";
import { V_COMMISSION_RATE } from "../abi/validator";
import { store128 } from "./operands";

/** MsgDelegate from `delegator`; the new shares (Dec) to `dst`. */
export function ledgerDelegate(dst: usize, delegator: u32, validator: u32, amount: usize): i32 {
  txBegin();
  return put(dst, inTransaction(ledgerStaking.delegate(delegator, validator, lo(amount), hi(amount))));
}
/** MsgWithdrawDelegatorReward; the units paid to `dst`. */
export function ledgerWithdrawRewards(dst: usize, delegator: u32, validator: u32): i32 {
  txBegin();
  return put(dst, inTransaction(ledgerStaking.withdrawDelegatorReward(delegator, validator)));
}
/** MsgWithdrawValidatorCommission; the units paid to `dst`. */
export function ledgerWithdrawCommission(dst: usize, validator: u32): i32 {
  txBegin();
  return put(dst, inTransaction(ledgerStaking.withdrawValidatorCommission(validator)));
}
/** MsgCreateValidator with its self-delegation (integer at `amount`); commission Dec at `rate`. */
export function ledgerCreateValidatorWithSelfDelegation(
  id: u32, operator: u32, rate: usize, amount: usize, orderKey: u64,
): i32 {
  txBegin();
  return inTransaction(
    ledgerStaking.createValidator(id, operator, lo(rate), hi(rate), lo(amount), hi(amount), orderKey),
  );
}
/** MsgCreateValidator as a transaction sends it: also its operator's MinSelfDelegation (integer at `minSelf`). */
export function ledgerCreateValidatorWithMinSelf(
  id: u32, operator: u32, rate: usize, amount: usize, minSelf: usize, orderKey: u64,
): i32 {
  txBegin();
  return inTransaction(
    ledgerStaking.createValidator(id, operator, lo(rate), hi(rate), lo(amount), hi(amount), orderKey, lo(minSelf), hi(minSelf)),
  );
}
/** MsgEditValidator: the commission rate (Dec at `rate`) if `setRate`, the minimum self-delegation (integer at `minSelf`) if `setMin`. */
export function ledgerEditValidator(id: u32, setRate: i32, rate: usize, setMin: i32, minSelf: usize): i32 {
  txBegin();
  return inTransaction(ledgerStaking.editValidator(id, setRate != 0, lo(rate), hi(rate), setMin != 0, lo(minSelf), hi(minSelf)));
}
/** MsgUndelegate; the tokens unbonded to `dst`, the completion time from ledgerLastCompletion. */
export function ledgerUndelegate(dst: usize, delegator: u32, validator: u32, amount: usize): i32 {
  txBegin();
  return put(dst, inTransaction(ledgerStaking.undelegate(delegator, validator, lo(amount), hi(amount))));
}
/** MsgBeginRedelegate; the tokens moved to `dst`, the completion time from ledgerLastCompletion. */
export function ledgerRedelegate(dst: usize, delegator: u32, src: u32, dstValidator: u32, amount: usize): i32 {
  txBegin();
  return put(dst, inTransaction(ledgerStaking.redelegate(delegator, src, dstValidator, lo(amount), hi(amount))));
}
/** The completion time (unix ns) of the last undelegation or redelegation. */
export function ledgerLastCompletion(): i64 {
  return ledgerStaking.lastCompletion;
}
/** x/staking Slash (by evidence or downtime handling); tokens burned from the validator to `dst`. */
export function ledgerSlash(dst: usize, validator: u32, infractionHeight: u64, power: u64, fraction: usize): i32 {
  txBegin(); // the redelegation-slash hook's events (tiersEventsPtr) are the slash's
  return put(dst, inTransaction(ledgerSlashing.slash(validator, infractionHeight, power, lo(fraction), hi(fraction))));
}
/** x/staking Jail until a time (unix ns; the signing info's jailed_until). */
export function ledgerJail(validator: u32, untilNs: i64): i32 {
  txBegin();
  return inTransaction(ledgerSlashing.jail(validator, untilNs));
}
/** x/slashing MsgUnjail. */
export function ledgerUnjail(validator: u32): i32 {
  txBegin();
  return inTransaction(ledgerSlashing.unjail(validator));
}
/** MsgSetWithdrawAddress: `delegator`'s rewards go to `recipient` (itself: the routing removed); its event. */
export function ledgerSetWithdrawAddress(delegator: u32, recipient: u32): i32 {
  txBegin();
  ledgerWithdraw.setRewardRecipient(delegator, recipient);
  const w = emit(EVT_SET_WITHDRAW_ADDRESS); // x/distribution's SetWithdrawAddr announces it
  store<u32>(w + <usize>EV_OWNER, delegator);
  store<u32>(w + <usize>EV_PEER, recipient);
  return inTransaction(OK);
}
/** MsgFundCommunityPool: `amount` (integer at the pointer) from `depositor` to x/distribution, its Dec to the pool. */
export function ledgerFundCommunityPool(depositor: u32, amount: usize): i32 {
  txBegin();
  const aLo = lo(amount), aHi = hi(amount);
  let e = ledgerBank.send(depositor, ledgerBank.DISTRIBUTION, aLo, aHi);
  if (e == OK) e = fromInt(aLo, aHi);
  if (e == OK) e = ledgerDistribution.toCommunityPool(resLo, resHi);
  return inTransaction(e);
}
/**
 * MsgCommunityPoolSpend (x/gov's): `amount` (integer) out of the community pool (its Dec; less
 * there: ERR_UNDERFLOW, nothing changed), then from x/distribution's account to `recipient`.
 */
export function ledgerCommunityPoolSpend(recipient: u32, amount: usize): i32 {
  txBegin();
  const aLo = lo(amount), aHi = hi(amount);
  let e = fromInt(aLo, aHi);
  if (e == OK) e = ledgerDistribution.fromCommunityPool(resLo, resHi);
  if (e == OK) e = ledgerBank.send(ledgerBank.DISTRIBUTION, recipient, aLo, aHi);
  return inTransaction(e);
}
/**
 * MsgDepositValidatorRewardsPool: `amount` (integer) from `depositor` to x/distribution, then
 * AllocateTokensToValidator of its Dec (commission, current rewards, outstanding); the commission
 * (Dec) to `dst`. The send comes first: an unknown validator fails after it (and aborts it).
 */
export function ledgerDepositValidatorRewards(dst: usize, depositor: u32, validator: u32, amount: usize): i32 {
  txBegin();
  const aLo = lo(amount), aHi = hi(amount);
  let e = ledgerBank.send(depositor, ledgerBank.DISTRIBUTION, aLo, aHi);
  if (e != OK) return inTransaction(e);
  const slot = ledgerValidators.validators.find(<u64>validator);
  if (slot < 0) return inTransaction(ERR_NO_VALIDATOR);
  e = fromInt(aLo, aHi);
  if (e != OK) return inTransaction(e);
  const tLo = resLo, tHi = resHi;
  const rate = ledgerValidators.validators.ptr(<u32>slot) + <usize>V_COMMISSION_RATE;
  e = mul(tLo, tHi, load<u64>(rate), load<u64>(rate, 8)); // what allocateToValidator computes
  if (e != OK) return inTransaction(e);
  const cLo = resLo, cHi = resHi;
  e = ledgerDistribution.allocateToValidator(<u32>slot, tLo, tHi);
  if (e == OK) store128(dst, cLo, cHi);
  return inTransaction(e);
}
/** MsgCancelUnbondingDelegation: `amount` (integer) of the entry made at `height` delegated back; the new shares (Dec) to `dst`. */
export function ledgerCancelUnbonding(dst: usize, delegator: u32, validator: u32, height: u64, amount: usize): i32 {
  txBegin();
  return put(dst, inTransaction(ledgerStaking.cancelUnbonding(delegator, validator, height, lo(amount), hi(amount))));
}
