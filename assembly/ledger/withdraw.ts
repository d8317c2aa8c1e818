// x/distribution withdraw addresses: where a delegator's rewards are paid (default: itself).
// Tier positions route their delegator's base rewards to the position's owner.
//
// Every delegation record of a delegator with an address carries D_ROUTED = 1 and the address
// (D_RECIPIENT; 0 and 0 otherwise): a withdrawal, which has the delegation's record in hand,
// reads where to pay from it and never probes this table (a position's claim at 1M positions
// saves that lookup's cache misses). Both are set or cleared on all of the delegator's
// delegations when the address changes, and on a new delegation from this table; ordinary
// journaled writes, so they persist, restore and abort with the table.

import { Table } from "../store/table";
import { delegations, byDelegator, D_ROUTED, D_RECIPIENT } from "./delegations";
import { NONE } from "./lists";
import { T_WITHDRAW_ADDRESSES } from "../store/table-ids";

const W_RECIPIENT: i32 = 8; // u32 account id
export const withdrawAddresses = new Table(16, T_WITHDRAW_ADDRESSES);

/** Where `delegator`'s rewards go (a lookup in the table). */
export function rewardRecipient(delegator: u32): u32 {
  const s = withdrawAddresses.find(<u64>delegator);
  return s < 0 ? delegator : load<u32>(withdrawAddresses.ptr(<u32>s) + <usize>W_RECIPIENT);
}

/** Where the rewards of the delegation at `dslot` (of `delegator`) go: its own copy of the address. */
export function delegationRecipient(delegator: u32, dslot: u32): u32 {
  const d = delegations.ptr(dslot);
  return load<u8>(d + <usize>D_ROUTED) == 0 ? delegator : load<u32>(d + <usize>D_RECIPIENT);
}

/** The routing of a delegation record just inserted (its delegator's address may predate it). */
export function initRouted(delegator: u32, dslot: u32): void {
  const s = withdrawAddresses.find(<u64>delegator);
  if (s < 0) return;
  const d = delegations.ptr(dslot);
  store<u8>(d + <usize>D_ROUTED, 1);
  store<u32>(d + <usize>D_RECIPIENT, load<u32>(withdrawAddresses.ptr(<u32>s) + <usize>W_RECIPIENT));
}

/** SetWithdrawAddress; the delegator itself removes the routing. */
export function setRewardRecipient(delegator: u32, recipient: u32): void {
  if (recipient == delegator) {
    withdrawAddresses.remove(<u64>delegator);
  } else {
    store<u32>(withdrawAddresses.ptr(withdrawAddresses.upsert(<u64>delegator)) + <usize>W_RECIPIENT, recipient);
  }
  const routed: u8 = recipient == delegator ? 0 : 1;
  const to: u32 = routed == 0 ? 0 : recipient;
  for (let key = byDelegator.first(<u64>delegator); key != NONE; key = byDelegator.after(key)) {
    const s = <u32>delegations.find(key);
    const d = delegations.ptr(s);
    if (load<u8>(d + <usize>D_ROUTED) == routed && load<u32>(d + <usize>D_RECIPIENT) == to) continue;
    delegations.touch(s);
    store<u8>(delegations.ptr(s) + <usize>D_ROUTED, routed);
    store<u32>(delegations.ptr(s) + <usize>D_RECIPIENT, to);
  }
}
