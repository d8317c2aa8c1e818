// x/distribution's messages: withdraw a delegation's rewards, a validator's commission.

import type { MessageShape } from "@bufbuild/protobuf";
import { event } from "../../framework/events.js";
import { renderMessageEvents } from "../message-events.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import type { ValidateContext } from "../../framework/module.js";
import {
  MsgWithdrawDelegatorRewardResponseSchema, MsgWithdrawDelegatorRewardSchema, MsgWithdrawValidatorCommissionResponseSchema,
  MsgWithdrawValidatorCommissionSchema,
} from "../../wire/gen/cosmos/distribution/v1beta1/tx_pb.js";
import { withdrawCommission, withdrawRewards } from "./gas.js";
import { accountAddress, operatorSigner, validatorAddress } from "../staking/validate.js";
import { coinText, validatorId } from "../staking/keeper-helpers.js";
import { numberPaid } from "./set-withdraw-address.js";

export interface MsgWithdrawDelegationReward {
  readonly delegator: string;
  readonly validator: string;
}

export interface MsgWithdrawValidatorCommission {
  readonly validator: string;
}

/** The delegator's address, then the validator's. */
function withdrawDelegationReward(m: MessageShape<typeof MsgWithdrawDelegatorRewardSchema>, { prefix }: ValidateContext): MsgWithdrawDelegationReward {
  const delegator = accountAddress(m.delegatorAddress, prefix, "invalid delegator address");
  return { delegator, validator: validatorAddress(m.validatorAddress, prefix) };
}

export const msgWithdrawDelegatorRewardDef = message({
  schema: MsgWithdrawDelegatorRewardSchema,
  signer: (m, { prefix }) => accountAddress(m.delegatorAddress, prefix, "invalid signer delegator_address"),
  validate: withdrawDelegationReward,
  handle(ctx, msg) {
    const delegator = ctx.directory.ensure(msg.delegator);
    const paid = ctx.ledger.withdrawRewards(delegator, validatorId(ctx, msg.validator));
    numberPaid(ctx, ctx.ledger.withdrawAddress(delegator), paid);
    return respond(MsgWithdrawDelegatorRewardResponseSchema, { amount: paid === 0n ? [] : [{ denom: ctx.denom, amount: `${paid}` }] }, [
      event("message", {
        action: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", sender: msg.delegator, module: "distribution",
      }),
      ...renderMessageEvents(ctx, ctx.ledger.events()),
    ]);
  },
  gas: (k, m) => void withdrawRewards(k, m.delegator, m.validator),
});

/** Signed by the operator: the account with the operator address's bytes. */
export const msgWithdrawValidatorCommissionDef = message({
  schema: MsgWithdrawValidatorCommissionSchema,
  signer: (m, ctx) => operatorSigner(m.validatorAddress, ctx),
  validate: (m, { prefix }): MsgWithdrawValidatorCommission => ({ validator: validatorAddress(m.validatorAddress, prefix) }),
  handle(ctx, msg) {
    const paid = ctx.ledger.withdrawCommission(validatorId(ctx, msg.validator));
    const operator = ctx.directory.accountId(ctx.signer);
    if (operator !== undefined) numberPaid(ctx, ctx.ledger.withdrawAddress(operator), paid);
    return respond(MsgWithdrawValidatorCommissionResponseSchema, { amount: paid === 0n ? [] : [{ denom: ctx.denom, amount: `${paid}` }] }, [
      event("message", {
        action: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", sender: ctx.signer, module: "distribution",
      }),
      ...renderMessageEvents(ctx, ctx.ledger.events()),
      event("withdraw_commission", { amount: coinText(paid, ctx.denom) }),
    ]);
  },
  gas: (k, m) => withdrawCommission(k, m.validator),
});
