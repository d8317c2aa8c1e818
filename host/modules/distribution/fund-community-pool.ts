// x/distribution MsgFundCommunityPool: the depositor's coins to x/distribution's account
// (SendCoinsFromAccountToModule: coin_spent, coin_received, transfer, message{sender}), their
// DecCoins added to the fee pool's community pool (the core's COMMUNITY_POOL cell, where the
// community tax goes; GET /cosmos/distribution/v1beta1/community_pool answers it).

import { SdkErrors, TxError } from "../../wire/errors.js";
import { coinsError, protoCoins, type Coin } from "../../wire/coins.js";
import { event } from "../../framework/events.js";
import { renderMessageEvents } from "../message-events.js";
import { paying, respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { MsgFundCommunityPoolResponseSchema, MsgFundCommunityPoolSchema } from "../../wire/gen/cosmos/distribution/v1beta1/tx_pb.js";
import { fundCommunityPool } from "./gas.js";
import { accountAddress } from "../staking/validate.js";
import { invalidCoins } from "../bank/messages.js";

export interface MsgFundCommunityPool {
  readonly depositor: string;
  readonly amount: Coin[];
}

/** validateAmount: nil (no coins) refused, then Coins.Validate (`<coins>: invalid coins`). */
export function validateAmount(amount: Coin[]): void {
  if (amount.length === 0) throw new TxError({ ...SdkErrors.InvalidCoins, description: `amount cannot be nil: ${SdkErrors.InvalidCoins.description}` });
  if (coinsError(amount) !== undefined) throw invalidCoins(amount);
}

/** The core keeps the bond denom alone: any other is a balance of 0 (x/bank's SendCoins, coin by coin). */
export function bondAmount(denom: string, amount: readonly Coin[]): bigint {
  const other = amount.find((c) => c.denom !== denom);
  if (other !== undefined) {
    throw new TxError(SdkErrors.InsufficientFunds, `spendable balance 0${other.denom} is smaller than ${other.amount}${other.denom}`);
  }
  return amount.reduce((t, c) => t + c.amount, 0n);
}

export const msgFundCommunityPoolDef = message({
  schema: MsgFundCommunityPoolSchema,
  signer: (m, { prefix }) => accountAddress(m.depositor, prefix, "invalid signer depositor"),
  validate(m, { prefix }): MsgFundCommunityPool {
    const depositor = accountAddress(m.depositor, prefix, "invalid depositor address");
    const amount = protoCoins(m.amount, "MsgFundCommunityPool.amount");
    validateAmount(amount);
    return { depositor, amount };
  },
  handle(ctx, msg) {
    const amount = bondAmount(ctx.denom, msg.amount);
    const from = ctx.directory.ensure(msg.depositor);
    paying(ctx, from, amount, () => ctx.ledger.fundCommunityPool(from, amount));
    return respond(MsgFundCommunityPoolResponseSchema, {}, [
      event("message", { action: "/cosmos.distribution.v1beta1.MsgFundCommunityPool", sender: msg.depositor, module: "distribution" }),
      ...renderMessageEvents(ctx, ctx.ledger.events()),
    ]);
  },
  gas: (k, m) => fundCommunityPool(k, m.depositor, m.amount.reduce((t, c) => t + c.amount, 0n)),
});
