// x/distribution withdraw addresses: where a delegator's rewards are paid (default: itself).
// Tier positions route their delegator's base rewards to the position's owner.
//
// Every delegation record of a delegator with an address carries D_ROUTED = 1 (0 otherwise): a
// withdrawal, which has the delegation's record in hand, consults this table only when the flag
// is set, so the usual delegator costs no probe of it. The flag is set or cleared on all of the
// delegator's delegations when the address changes, and on a new delegation from this table;
// both are ordinary journaled writes, so they persist, restore and abort with the table.

import { Table } from "../store/table";
import { delegations, byDelegator, D_ROUTED } from "./delegations";
import { NONE } from "./lists";

const W_RECIPIENT: i32 = 8; // u32 account id
export const withdrawAddresses = new Table(16);

/** Where `delegator`'s rewards go (a lookup in the table). */
export function rewardRecipient(delegator: u32): u32 {
  const s = withdrawAddresses.find(<u64>delegator);
  return s < 0 ? delegator : load<u32>(withdrawAddresses.ptr(<u32>s) + <usize>W_RECIPIENT);
}

/** Where the rewards of the delegation at `dslot` (of `delegator`) go: its flag, then the table. */
export function delegationRecipient(delegator: u32, dslot: u32): u32 {
  if (load<u8>(delegations.ptr(dslot) + <usize>D_ROUTED) == 0) return delegator;
  return rewardRecipient(delegator);
}

/** The flag for a delegation record just inserted (its delegator's address may predate it). */
export function initRouted(delegator: u32, dslot: u32): void {
  if (withdrawAddresses.find(<u64>delegator) >= 0) store<u8>(delegations.ptr(dslot) + <usize>D_ROUTED, 1);
}

/** SetWithdrawAddress; the delegator itself removes the routing. */
export function setRewardRecipient(delegator: u32, recipient: u32): void {
  if (recipient == delegator) {
    withdrawAddresses.remove(<u64>delegator);
  } else {
    store<u32>(withdrawAddresses.ptr(withdrawAddresses.upsert(<u64>delegator)) + <usize>W_RECIPIENT, recipient);
  }
  const routed: u8 = recipient == delegator ? 0 : 1;
  for (let key = byDelegator.first(<u64>delegator); key != NONE; key = byDelegator.after(key)) {
    const s = <u32>delegations.find(key);
    if (load<u8>(delegations.ptr(s) + <usize>D_ROUTED) == routed) continue;
    delegations.touch(s);
    store<u8>(delegations.ptr(s) + <usize>D_ROUTED, routed);
  }
}
