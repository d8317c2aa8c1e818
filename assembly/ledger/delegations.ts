// x/staking delegations and their x/distribution starting info, one record per
// (delegator account id, validator id).

import { Table } from "../store/table";

export const D_SHARES: i32 = 8; // Dec
export const D_PREVIOUS_PERIOD: i32 = 24; // u64: F1 period the stake was last settled at
export const D_STAKE: i32 = 32; // Dec: tokens the rewards are computed on
export const D_HEIGHT: i32 = 48; // u64: height of that settlement
export const D_HAS_INFO: i32 = 56; // u8: starting info present
export const D_SIZE: u32 = 64;

export const delegations = new Table(D_SIZE);

// @ts-ignore: decorator
@inline
export function delegationKey(delegator: u32, validator: u32): u64 {
  return (<u64>delegator << 32) | <u64>validator;
}
