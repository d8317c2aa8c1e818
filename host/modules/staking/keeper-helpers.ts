// What the staking-side handlers share: a coin's bond-denom amount and a validator's core id.

import { CoreCode, CoreError } from "../../core/errors.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import type { MessageContext } from "../../framework/context.js";
import type { Coin } from "../../wire/coins.js";
import type { MessageEvent } from "../../core/message-events.js";

/** The bond-denom amount of a coin, or the SDK's error for another denom (x/staking's msg server: delegate, undelegate, redelegate alike). */
export function bondAmount(coin: Coin, denom: string): bigint {
  if (coin.denom !== denom) {
    throw new TxError(SdkErrors.InvalidRequest, `invalid coin denomination: got ${coin.denom}, expected ${denom}`);
  }
  return coin.amount;
}

export function validatorId(ctx: MessageContext, operator: string): number {
  const id = ctx.directory.validatorId(operator);
  if (id === undefined) throw new CoreError(CoreCode.NO_VALIDATOR);
  return id;
}


export const coinText = (amount: bigint, denom: string) => `${amount}${denom}`;

/**
 * x/bank's SendCoins makes the x/auth account of a recipient that has none (a withdraw address
 * paid for the first time, by the rewards withdrawal a delegation change makes), numbered in the
 * order of the payments. Returns the events.
 */
export function numberRecipients(ctx: MessageContext, events: readonly MessageEvent[]): readonly MessageEvent[] {
  for (const e of events) {
    if (e.type !== "CoinTransfer" || e.amount === 0n) continue;
    const address = ctx.directory.accountAddress(e.to);
    if (address !== undefined && !ctx.directory.numbered(address)) ctx.directory.numberAccount(address);
  }
  return events;
}
