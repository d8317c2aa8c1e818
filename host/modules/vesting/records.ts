// A vesting account as x/auth stores it (gogoproto, in an Any): BaseVestingAccount {base_account,
// original_vesting, delegated_free, delegated_vesting, end_time} inside its kind's message, with a
// continuous or periodic account's start_time and a periodic account's periods. Only the sizes: the
// gas of a store access depends on them (host/app/gas/records.ts).

import { any, coins, msg, uint } from "../../framework/gas/proto.js";
import type { VestingKind, VestingLock } from "../../core/vesting.js";
import type { AccountFields } from "../../framework/gas/records.js";

/** The type URL of each kind (x/auth/vesting's account types). */
export const VESTING_TYPE_URL: Record<VestingKind, string> = {
  continuous: "/cosmos.vesting.v1beta1.ContinuousVestingAccount",
  delayed: "/cosmos.vesting.v1beta1.DelayedVestingAccount",
  periodic: "/cosmos.vesting.v1beta1.PeriodicVestingAccount",
  permanent: "/cosmos.vesting.v1beta1.PermanentLockedAccount",
};

/** The stored value's bytes, around a BaseAccount of `base` bytes. */
export function vestingAccountValue(lock: VestingLock, denom: string, base: number): number {
  const bva = msg(1, base) + coins(2, denom, lock.originalVesting) + coins(3, denom, lock.delegatedFree) +
    coins(4, denom, lock.delegatedVesting) + uint(5, lock.endTime);
  let inner = msg(1, bva);
  if (lock.kind === "continuous" || lock.kind === "periodic") inner += uint(2, lock.startTime);
  if (lock.kind === "periodic") for (const p of lock.periods) inner += msg(3, uint(1, p.length) + coins(2, denom, p.amount));
  return any(VESTING_TYPE_URL[lock.kind], inner);
}

/** TrackDelegation of `amount` when `vesting` coins are still vesting: X = min(max(V - DV, 0), D) more delegated vesting, the rest delegated free. */
export function trackedDelegation(lock: VestingLock, vesting: bigint, amount: bigint): VestingLock {
  const room = vesting > lock.delegatedVesting ? vesting - lock.delegatedVesting : 0n;
  const x = room < amount ? room : amount;
  return { ...lock, delegatedVesting: lock.delegatedVesting + x, delegatedFree: lock.delegatedFree + (amount - x) };
}

/** A vesting account's fields for the gas model: its value's size, and its fields after a delegation. */
export function vestingAccountFields(lock: VestingLock, vesting: bigint, denom: string): Pick<AccountFields, "wrap" | "track"> {
  return {
    wrap: (base) => vestingAccountValue(lock, denom, base),
    track: (amount) => vestingAccountFields(trackedDelegation(lock, vesting, amount), vesting, denom),
  };
}
