// The ledger's queries (ledger/queries.ts): pages in ascending key order, O(the owner's records),
// of the records in abi/delegation.ts, abi/unbonding-entry.ts and abi/redelegation-entry.ts.

import { OK, ERR_NO_DELEGATION } from "../errors";
import * as dec from "../dec/dec";
import { scratchBegin, scratchEnd } from "../store/tx";
import * as ledgerStaking from "../ledger/staking";
import * as ledgerValset from "../ledger/valset";
import * as ledgerInvariants from "../ledger/invariants";
import * as ledgerDelegations from "../ledger/delegations";
import * as ledgerValidators from "../ledger/validators";
import * as ledgerGlobals from "../ledger/globals";
import * as ledgerQueries from "../ledger/queries";
import * as ledgerWithdraw from "../ledger/withdraw";
import { U128_HIGH } from "../abi/operands";
import { store128 } from "./operands";

/** x/distribution DelegatorWithdrawAddress: the account `delegator`'s rewards are paid to. */
export function ledgerWithdrawAddress(delegator: u32): u32 {
  return ledgerWithdraw.rewardRecipient(delegator);
}
/** Pending rewards of a delegation (raw Dec) to `dst`, computed on a throw-away transaction. */
export function ledgerPendingRewards(dst: usize, delegator: u32, validator: u32): i32 {
  const scratch = scratchBegin();
  const e = ledgerStaking.pendingRewards(delegator, validator);
  const rlo = dec.resLo, rhi = dec.resHi;
  scratchEnd(scratch);
  if (e == OK) store128(dst, rlo, rhi);
  return e;
}
/** The ledger's invariants: 0 if all hold, else a bit set (ledger/invariants.ts). O(state). */
export function ledgerCheckInvariants(): i32 {
  return ledgerInvariants.check();
}
/** The F1 historical record of (validator, period) (ledger/validators.ts H_* fields), or 0: for gas sizes. */
export function ledgerHistoricalPtr(validator: u32, period: u64): usize {
  const slot = ledgerValidators.historical.find(ledgerValidators.historicalKey(validator, period));
  return slot < 0 ? 0 : ledgerValidators.historical.ptr(<u32>slot);
}
/** The last unbonding entry id handed out (x/staking's UnbondingID sequence; 0: none yet): for gas sizes. */
export function ledgerLastEntryId(): u64 {
  return ledgerGlobals.cellLo(ledgerGlobals.ENTRY_SEQUENCE);
}
/** A delegation's record (ledger/delegations.ts D_* fields: shares, starting info), or 0: for gas sizes. */
export function ledgerDelegationPtr(delegator: u32, validator: u32): usize {
  const slot = ledgerDelegations.delegations.find(ledgerDelegations.delegationKey(delegator, validator));
  return slot < 0 ? 0 : ledgerDelegations.delegations.ptr(<u32>slot);
}
/** A delegation's shares (Dec) to `dst`; NO_DELEGATION if none. */
export function ledgerDelegationShares(dst: usize, delegator: u32, validator: u32): i32 {
  const slot = ledgerDelegations.delegations.find(ledgerDelegations.delegationKey(delegator, validator));
  if (slot < 0) return ERR_NO_DELEGATION;
  const p = ledgerDelegations.delegations.ptr(<u32>slot);
  const shares = p + <usize>ledgerDelegations.D_SHARES;
  store128(dst, load<u64>(shares), load<u64>(shares, U128_HIGH));
  return OK;
}
/** A delegation (abi/delegation.ts) to `dst`. */
export function ledgerDelegation(dst: usize, delegator: u32, validator: u32): i32 {
  return ledgerQueries.delegation(dst, delegator, validator);
}
/** A delegator's delegations (abi/delegation.ts) from validator id `start` to `out`: the count (< 0: -error). */
export function ledgerDelegatorDelegations(out: usize, delegator: u32, start: u64, limit: u32): i32 {
  return ledgerQueries.delegatorDelegations(out, delegator, start, limit);
}
/** A validator's delegations (abi/delegation.ts) from delegator id `start` to `out`: the count. */
export function ledgerValidatorDelegations(out: usize, validator: u32, start: u64, limit: u32): i32 {
  return ledgerQueries.validatorDelegations(out, validator, start, limit);
}
/** A delegator's unbonding entries (abi/unbonding-entry.ts) from sort key `start`: the count. */
export function ledgerUnbondingEntries(out: usize, delegator: u32, start: u64, limit: u32): i32 {
  return ledgerQueries.unbondingEntries(out, delegator, start, limit);
}
/** A delegator's redelegation entries (abi/redelegation-entry.ts) from sort key `start`: the count. */
export function ledgerRedelegationEntries(out: usize, delegator: u32, start: u64, limit: u32): i32 {
  return ledgerQueries.redelegationEntryPage(out, delegator, start, limit);
}
/** Validator ids (u32 each) from `start`: the count. */
export function ledgerValidatorIds(out: usize, start: u64, limit: u32): i32 {
  return ledgerQueries.validatorIds(out, start, limit);
}
/** Of the last page: the sort key after it (u64 max: none). */
export function ledgerPageNext(): u64 {
  return ledgerQueries.pageNext;
}
/** Of the last page: the owner's records in all. */
export function ledgerPageTotal(): u32 {
  return ledgerQueries.pageTotal;
}
/** Most records a page holds. */
export function ledgerMaxPage(): u32 {
  return ledgerQueries.MAX_PAGE;
}
/** Staking params: max validators (the unbonding time: ledgerUnbondingTime). */
export function ledgerMaxValidators(): u32 {
  return ledgerValset.maxValidatorCount();
}
export function ledgerUnbondingTime(): i64 {
  return ledgerValset.unbondingTime();
}
