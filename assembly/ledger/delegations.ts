// x/staking delegations and their x/distribution starting info, one record per
// (delegator account id, validator id).

import { Table } from "../store/table";
import { OwnerList } from "./lists";
import { T_DELEGATIONS, T_DELEGATOR_LISTS, T_VALIDATOR_LISTS } from "../store/table-ids";

export const D_SHARES: i32 = 8; // Dec
export const D_PREVIOUS_PERIOD: i32 = 24; // u64: F1 period the stake was last settled at
export const D_STAKE: i32 = 32; // Dec: tokens the rewards are computed on
export const D_HEIGHT: i32 = 48; // u64: height of that settlement
export const D_HAS_INFO: i32 = 56; // u8: starting info present
/**
 * u8: 1 while the delegator has a withdraw address (ledger/withdraw.ts), kept on every delegation
 * of the delegator with the address itself (D_RECIPIENT): a withdrawal reads where to pay from
 * the record it settles anyway, never probing the withdraw-address table.
 */
export const D_ROUTED: i32 = 57;
/** u32: the withdraw address's account while D_ROUTED is 1 (0 otherwise). */
export const D_RECIPIENT: i32 = 60;
export const D_NEXT_OF_DELEGATOR: i32 = 64; // u64 keys: links of the delegator's list
export const D_PREV_OF_DELEGATOR: i32 = 72;
export const D_NEXT_OF_VALIDATOR: i32 = 80; // u64 keys: links of the validator's list
export const D_PREV_OF_VALIDATOR: i32 = 88;
export const D_SIZE: u32 = 96;

export const delegations = new Table(D_SIZE, T_DELEGATIONS);
/** A delegator's delegations and a validator's, for the queries. */
export const byDelegator = new OwnerList(delegations, D_NEXT_OF_DELEGATOR, D_PREV_OF_DELEGATOR, T_DELEGATOR_LISTS);
export const byValidator = new OwnerList(delegations, D_NEXT_OF_VALIDATOR, D_PREV_OF_VALIDATOR, T_VALIDATOR_LISTS);

/** Index a delegation record just inserted. */
export function linkDelegation(delegator: u32, validator: u32): void {
  const key = delegationKey(delegator, validator);
  byDelegator.add(<u64>delegator, key);
  byValidator.add(<u64>validator, key);
}

/** Unindex a delegation record about to be removed. */
export function unlinkDelegation(key: u64): void {
  byDelegator.remove(key >> 32, key);
  byValidator.remove(key & 0xffff_ffff, key);
}

// @ts-ignore: decorator
@inline
export function delegationKey(delegator: u32, validator: u32): u64 {
  return (<u64>delegator << 32) | <u64>validator;
}
