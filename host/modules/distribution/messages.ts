// x/distribution's messages: withdraw a delegation's rewards, a validator's commission.

import { event } from "../../app/events.js";
import { renderMessageEvents } from "../../app/message-events.js";
import { respond, type MessageHandlers } from "../../app/handlers.js";
import { MsgWithdrawDelegatorRewardResponseSchema, MsgWithdrawValidatorCommissionResponseSchema } from "../../wire/gen/cosmos/distribution/v1beta1/tx_pb.js";
import { MSG_WITHDRAW_DELEGATION_REWARD, MSG_WITHDRAW_VALIDATOR_COMMISSION, type MsgWithdrawDelegationReward, type MsgWithdrawValidatorCommission } from "../staking/validate.js";
import { coinText, validatorId } from "../staking/keeper-helpers.js";

export function registerDistributionHandlers(h: MessageHandlers): MessageHandlers {
  return h
    .register(MSG_WITHDRAW_DELEGATION_REWARD, (ctx, m) => {
      const msg = m as MsgWithdrawDelegationReward;
      const paid = ctx.ledger.withdrawRewards(ctx.directory.ensure(msg.delegator), validatorId(ctx, msg.validator));
      return respond(MsgWithdrawDelegatorRewardResponseSchema, { amount: paid === 0n ? [] : [{ denom: ctx.denom, amount: `${paid}` }] }, [
        event("message", {
          action: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", sender: msg.delegator, module: "distribution",
        }),
        ...renderMessageEvents(ctx, ctx.ledger.events()),
      ]);
    })
    .register(MSG_WITHDRAW_VALIDATOR_COMMISSION, (ctx, m) => {
      const msg = m as MsgWithdrawValidatorCommission;
      const paid = ctx.ledger.withdrawCommission(validatorId(ctx, msg.validator));
      return respond(MsgWithdrawValidatorCommissionResponseSchema, { amount: paid === 0n ? [] : [{ denom: ctx.denom, amount: `${paid}` }] }, [
        event("message", {
          action: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", sender: ctx.signer, module: "distribution",
        }),
        ...renderMessageEvents(ctx, ctx.ledger.events()),
        event("withdraw_commission", { amount: coinText(paid, ctx.denom) }),
      ]);
    });
}
