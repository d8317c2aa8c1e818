// x/distribution withdraw addresses: where a delegator's rewards are paid (default: itself).
// Tier positions route their delegator's base rewards to the position's owner.

import { Table } from "../store/table";

const W_RECIPIENT: i32 = 8; // u32 account id
const withdrawAddresses = new Table(16);

export function rewardRecipient(delegator: u32): u32 {
  const s = withdrawAddresses.find(<u64>delegator);
  return s < 0 ? delegator : load<u32>(withdrawAddresses.ptr(<u32>s) + <usize>W_RECIPIENT);
}

/** SetWithdrawAddress; the delegator itself removes the routing. */
export function setRewardRecipient(delegator: u32, recipient: u32): void {
  if (recipient == delegator) {
    withdrawAddresses.remove(<u64>delegator);
    return;
  }
  store<u32>(withdrawAddresses.ptr(withdrawAddresses.upsert(<u64>delegator)) + <usize>W_RECIPIENT, recipient);
}
