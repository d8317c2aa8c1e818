// x/auth/vesting (ledger/vesting.ts): a vesting account's lock created, its periods, what it holds
// (abi/vesting.ts), and the spendable balance the bank's sends check.

import * as bank from "../ledger/bank";
import * as vesting from "../ledger/vesting";
import { lo, hi, put } from "./operands";

/**
 * A vesting account's lock (kind: abi/vesting.ts VESTING_*), of `original` (the integer at the
 * pointer), from `start` to `end` (unix seconds). A periodic account's periods follow.
 */
export function ledgerVestingCreate(account: u32, kind: u32, start: i64, end: i64, original: usize): i32 {
  return vesting.createVesting(account, kind, start, end, lo(original), hi(original));
}
/** The next period of a periodic account: `length` seconds, `amount` (the integer at the pointer). */
export function ledgerVestingAddPeriod(account: u32, length: i64, amount: usize): i32 {
  return vesting.addPeriod(account, length, lo(amount), hi(amount));
}
/** Genesis: an account's delegated free and delegated vesting amounts (integers at the pointers). */
export function ledgerVestingSetDelegated(account: u32, free: usize, locked: usize): i32 {
  return vesting.setDelegated(account, lo(free), hi(free), lo(locked), hi(locked));
}
/** The lock of `account` (abi/vesting.ts VA_*), or 0 if it is not a vesting account; valid until the next insert. */
export function ledgerVestingPtr(account: u32): usize {
  return vesting.vestingPtr(account);
}
/** Period `index` of a periodic account (abi/vesting.ts VP_*), or 0. */
export function ledgerVestingPeriodPtr(account: u32, index: u32): usize {
  return vesting.periodPtr(account, index);
}
/** GetVestingCoins at the block's time, to `dst`. */
export function ledgerVestingCoins(dst: usize, account: u32): i32 {
  return put(dst, vesting.vestingCoins(account));
}
/** SpendableCoins of the bond denom at the block's time: the balance less a vesting account's locked coins, to `dst`. */
export function ledgerSpendable(dst: usize, account: u32): i32 {
  return put(dst, bank.spendableOf(account));
}
