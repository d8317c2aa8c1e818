// x/bank's message: MsgSend (a send to the rewards pool is a deposit, EventRewardsPoolFunded).

import { FIRST_USER_ACCOUNT, ModuleAccount } from "../../core/ledger.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { event } from "../../app/events.js";
import { paying, respond, type MessageHandlers } from "../../app/handlers.js";
import { MsgSendResponseSchema } from "../../wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { MSG_SEND, type MsgSend } from "../../app/registry.js";
import { renderMessageEvents } from "../../app/message-events.js";

export function registerBankHandlers(h: MessageHandlers): MessageHandlers {
  return h
    .register(MSG_SEND, (ctx, m) => {
      const msg = m as MsgSend;
      // x/bank's SendCoins, coin by coin: no balance of another denom (0 of it) is ever enough
      const other = msg.amount.find((c) => c.denom !== ctx.denom);
      if (other !== undefined) {
        throw new TxError(SdkErrors.InsufficientFunds, `spendable balance 0${other.denom} is smaller than ${other.amount}${other.denom}`);
      }
      const amount = msg.amount.reduce((t, c) => t + c.amount, 0n);
      const to = ctx.directory.ensure(msg.toAddress);
      if (to < FIRST_USER_ACCOUNT && to !== ModuleAccount.rewardsPool) throw new TxError(SdkErrors.Unauthorized, `${msg.toAddress} is not allowed to receive funds`);
      const from = ctx.directory.ensure(msg.fromAddress);
      // A send to the rewards pool is a deposit (the spec's reserve and protocol-revenue phases): the
      // same transfer, announced by EventRewardsPoolFunded.
      const events = to === ModuleAccount.rewardsPool && amount > 0n
        ? paying(ctx, from, amount, () => ctx.tiers.fundRewardsPool(from, amount)).events
        : (paying(ctx, from, amount, () => ctx.ledger.send(from, to, amount)), ctx.ledger.events());
      return respond(MsgSendResponseSchema, {}, [
        event("message", { action: "/cosmos.bank.v1beta1.MsgSend", sender: msg.fromAddress, module: "bank" }),
        ...renderMessageEvents(ctx, events),
      ]);
    });
}
