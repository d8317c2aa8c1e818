// x/auth/vesting's msg server checks before it touches the store (SDK v0.53 has no ValidateBasic
// for these): the from and to addresses (sdk 7 `invalid 'from' address: …`), the amount valid and
// all positive (sdk 10 `<coins>: invalid coins`), a positive end time, a periodic account's start
// time and each period's length and amount, in its order.

import { SdkErrors, TxError } from "../../wire/errors.js";
import { coinsError, protoCoins, type Coin } from "../../wire/coins.js";
import { accountAddress, invalidCoins } from "../bank/messages.js";
import type { VestingLock, VestingKind } from "../../core/vesting.js";

/** A vesting account to create: who pays, who gets it, the coins, and its lock once the block's time is known. */
export interface CreateVesting {
  readonly from: string;
  readonly to: string;
  readonly kind: VestingKind;
  /** The coins sent (a periodic account's: the sum of its periods, by denom). */
  readonly amount: Coin[];
  /** The lock of the bond denom, at a block of time `timeNs` (a continuous account starts then). */
  lock(timeNs: bigint, denom: string): VestingLock;
}

/** validateAmount: IsValid and IsAllPositive (none is not all positive). */
export function validateAmount(amount: Coin[]): Coin[] {
  if (coinsError(amount) !== undefined || amount.length === 0 || amount.some((c) => c.amount <= 0n)) throw invalidCoins(amount);
  return amount;
}

export const addresses = (m: { fromAddress: string; toAddress: string }, prefix: string) => ({
  from: accountAddress(m.fromAddress, prefix, "invalid 'from' address"),
  to: accountAddress(m.toAddress, prefix, "invalid 'to' address"),
});

/** The block time as blockTime.Unix(). */
export const unixSeconds = (timeNs: bigint): bigint => {
  const s = timeNs / 1_000_000_000n;
  return timeNs < 0n && s * 1_000_000_000n !== timeNs ? s - 1n : s;
};

/** The bond denom's part of some coins (the only denom the node holds). */
export const bondPart = (coins: readonly Coin[], denom: string): bigint => coins.filter((c) => c.denom === denom).reduce((t, c) => t + c.amount, 0n);

/** Coins added as sdk.Coins.Add does: by denom, sorted. */
export function addCoins(a: readonly Coin[], b: readonly Coin[]): Coin[] {
  const by = new Map<string, bigint>();
  for (const c of [...a, ...b]) by.set(c.denom, (by.get(c.denom) ?? 0n) + c.amount);
  return [...by.entries()].filter(([, v]) => v !== 0n).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([denom, amount]) => ({ denom, amount }));
}

export function invalidEndTime(): never {
  throw new TxError(SdkErrors.InvalidRequest, "invalid end time");
}

export const parseCoins = protoCoins;
