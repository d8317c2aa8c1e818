// What the staking-side handlers share: a coin's bond-denom amount and a validator's core id.

import { CoreCode, CoreError } from "../../core/errors.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import type { MessageContext } from "../../framework/context.js";
import type { Coin } from "../../wire/coins.js";

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
