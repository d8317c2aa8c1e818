// The core's x/auth/vesting (assembly/ledger/vesting.ts): a vesting account's lock, its periods,
// the coins still vesting and the spendable balance at the block's time. Amounts are the bond
// denom's integers; times unix seconds.

import type { Core } from "./core.js";
import {
  VA_KIND, VA_PERIODS, VA_START, VA_END, VA_ORIGINAL, VA_DELEGATED_FREE, VA_DELEGATED_VESTING, VP_LENGTH, VP_AMOUNT,
  VESTING_CONTINUOUS, VESTING_DELAYED, VESTING_PERIODIC, VESTING_PERMANENT,
} from "./abi.gen.js";

export type VestingKind = "continuous" | "delayed" | "periodic" | "permanent";

const KIND_CODE: Record<VestingKind, number> = {
  continuous: VESTING_CONTINUOUS, delayed: VESTING_DELAYED, periodic: VESTING_PERIODIC, permanent: VESTING_PERMANENT,
};
const KIND_OF = new Map(Object.entries(KIND_CODE).map(([k, v]) => [v, k as VestingKind]));

export interface VestingPeriod {
  length: bigint;
  amount: bigint;
}

/** A vesting account's lock as the core holds it. */
export interface VestingLock {
  kind: VestingKind;
  startTime: bigint;
  endTime: bigint;
  originalVesting: bigint;
  delegatedFree: bigint;
  delegatedVesting: bigint;
  periods: VestingPeriod[];
}

export class Vesting {
  constructor(private readonly core: Core) {}

  /** A new vesting account's lock (with a periodic account's periods), nothing delegated. */
  create(account: number, lock: Omit<VestingLock, "delegatedFree" | "delegatedVesting"> & { delegatedFree?: bigint; delegatedVesting?: bigint }): void {
    const c = this.core;
    c.writeU128(c.slot(0), lock.originalVesting);
    c.check(c.exports.ledgerVestingCreate(account, KIND_CODE[lock.kind], lock.startTime, lock.endTime, c.slot(0)));
    for (const p of lock.periods) {
      c.writeU128(c.slot(0), p.amount);
      c.check(c.exports.ledgerVestingAddPeriod(account, p.length, c.slot(0)));
    }
    if ((lock.delegatedFree ?? 0n) !== 0n || (lock.delegatedVesting ?? 0n) !== 0n) {
      c.writeU128(c.slot(0), lock.delegatedFree ?? 0n);
      c.writeU128(c.slot(1), lock.delegatedVesting ?? 0n);
      c.check(c.exports.ledgerVestingSetDelegated(account, c.slot(0), c.slot(1)));
    }
  }

  /** Whether `account` is a vesting account. */
  has(account: number): boolean {
    return this.core.exports.ledgerVestingPtr(account) !== 0;
  }

  /** The lock of `account`, or undefined if it is not a vesting account. */
  lock(account: number): VestingLock | undefined {
    const c = this.core;
    const p = c.exports.ledgerVestingPtr(account);
    if (p === 0) return undefined;
    const kind = KIND_OF.get(c.readU32(p + VA_KIND))!;
    const n = c.readU32(p + VA_PERIODS);
    const lock: VestingLock = {
      kind, startTime: c.readI64(p + VA_START), endTime: c.readI64(p + VA_END),
      originalVesting: c.readU128(p + VA_ORIGINAL), delegatedFree: c.readU128(p + VA_DELEGATED_FREE),
      delegatedVesting: c.readU128(p + VA_DELEGATED_VESTING), periods: [],
    };
    for (let i = 0; i < n; i++) {
      const q = c.exports.ledgerVestingPeriodPtr(account, i);
      if (q === 0) break;
      lock.periods.push({ length: c.readI64(q + VP_LENGTH), amount: c.readU128(q + VP_AMOUNT) });
    }
    return lock;
  }

  /** GetVestingCoins at the block's time (0 for an account that is not vesting). */
  vestingCoins(account: number): bigint {
    const c = this.core;
    c.check(c.exports.ledgerVestingCoins(c.slot(2), account));
    return c.readU128(c.slot(2));
  }

  /** SpendableCoins of the bond denom at the block's time: the balance less the locked coins. */
  spendable(account: number): bigint {
    const c = this.core;
    c.check(c.exports.ledgerSpendable(c.slot(2), account));
    return c.readU128(c.slot(2));
  }
}
