// A vesting account as x/auth's queries answer it (and abci_query's bytes): its kind's message in
// an Any, around the BaseAccount, with the lock the core keeps (original vesting, delegated free
// and vesting, end time; a continuous or periodic account's start time, a periodic one's periods).

import type { Any } from "@bufbuild/protobuf/wkt";
import { sdkAny } from "../../wire/any.js";
import type { Ledger } from "../../core/ledger.js";
import type { VestingLock } from "../../core/vesting.js";
import type { Directory } from "../../framework/view.js";
import {
  ContinuousVestingAccountSchema, DelayedVestingAccountSchema, PeriodicVestingAccountSchema, PermanentLockedAccountSchema,
} from "../../wire/gen/cosmos/vesting/v1beta1/vesting_pb.js";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { BaseAccountSchema } from "../../wire/gen/cosmos/auth/v1beta1/query_pb.js";

type BaseInit = MessageInitShape<typeof BaseAccountSchema>;

const coins = (denom: string, amount: bigint) => (amount === 0n ? [] : [{ denom, amount: `${amount}` }]);

/** The account's Any for its lock. */
export function vestingAccountAny(lock: VestingLock, baseAccount: BaseInit, denom: string): Any {
  const base = {
    baseAccount, originalVesting: coins(denom, lock.originalVesting), delegatedFree: coins(denom, lock.delegatedFree),
    delegatedVesting: coins(denom, lock.delegatedVesting), endTime: lock.endTime,
  };
  switch (lock.kind) {
    case "continuous":
      return sdkAny(ContinuousVestingAccountSchema, { baseVestingAccount: base, startTime: lock.startTime });
    case "delayed":
      return sdkAny(DelayedVestingAccountSchema, { baseVestingAccount: base });
    case "periodic":
      return sdkAny(PeriodicVestingAccountSchema, {
        baseVestingAccount: base, startTime: lock.startTime,
        vestingPeriods: lock.periods.map((p) => ({ length: p.length, amount: coins(denom, p.amount) })),
      });
    case "permanent":
      return sdkAny(PermanentLockedAccountSchema, { baseVestingAccount: base });
  }
}

/** x/auth's accounts as a vesting account renders (undefined: not one). */
export const vestingAccounts = (app: { readonly directory: Directory; readonly ledger: Ledger; readonly denom: string }) =>
  (address: string, base: BaseInit): Any | undefined => {
    const id = app.directory.accountId(address);
    const lock = id === undefined ? undefined : app.ledger.vesting.lock(id);
    return lock === undefined ? undefined : vestingAccountAny(lock, base, app.denom);
  };
