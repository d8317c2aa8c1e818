// x/distribution MsgDepositValidatorRewardsPool: the depositor's coins to x/distribution's account
// (SendCoinsFromAccountToModule), then the validator (staking 3 `validator does not exist`), then
// AllocateTokensToValidator of their DecCoins: `commission` and `rewards` events with DecCoin
// amounts, the commission, current rewards and outstanding rewards credited in the core.

import { event } from "../../framework/events.js";
import { renderMessageEvents } from "../message-events.js";
import { paying, respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { decString } from "../../wire/gateway-json.js";
import { protoCoins, type Coin } from "../../wire/coins.js";
import {
  MsgDepositValidatorRewardsPoolResponseSchema, MsgDepositValidatorRewardsPoolSchema,
} from "../../wire/gen/cosmos/distribution/v1beta1/tx_pb.js";
import { depositValidatorRewards } from "./gas.js";
import { accountAddress, validatorAddress } from "../staking/validate.js";
import { bondAmount, validateAmount } from "./fund-community-pool.js";

export interface MsgDepositValidatorRewardsPool {
  readonly depositor: string;
  readonly validator: string;
  readonly amount: Coin[];
}

/** No such validator id: the core refuses it after the send, as the SDK's msg server does. */
const UNKNOWN_VALIDATOR = 0xffff_ffff;

export const msgDepositValidatorRewardsPoolDef = message({
  schema: MsgDepositValidatorRewardsPoolSchema,
  signer: (m, { prefix }) => accountAddress(m.depositor, prefix, "invalid signer depositor"),
  validate(m, { prefix }): MsgDepositValidatorRewardsPool {
    const depositor = accountAddress(m.depositor, prefix, "invalid depositor address");
    const validator = validatorAddress(m.validatorAddress, prefix);
    const amount = protoCoins(m.amount, "MsgDepositValidatorRewardsPool.amount");
    validateAmount(amount);
    return { depositor, validator, amount };
  },
  handle(ctx, msg) {
    const amount = bondAmount(ctx.denom, msg.amount);
    const from = ctx.directory.ensure(msg.depositor);
    const id = ctx.directory.validatorId(msg.validator) ?? UNKNOWN_VALIDATOR;
    const commission = paying(ctx, from, amount, () => ctx.ledger.depositValidatorRewards(from, id, amount));
    return respond(MsgDepositValidatorRewardsPoolResponseSchema, {}, [
      event("message", { action: "/cosmos.distribution.v1beta1.MsgDepositValidatorRewardsPool", sender: msg.depositor, module: "distribution" }),
      ...renderMessageEvents(ctx, ctx.ledger.events()),
      event("commission", { amount: commission === 0n ? "" : `${decString(commission)}${ctx.denom}`, validator: msg.validator }),
      event("rewards", { amount: `${decString(amount * 10n ** 18n)}${ctx.denom}`, validator: msg.validator }),
    ]);
  },
  gas: (k, m) => depositValidatorRewards(k, m.depositor, m.validator, m.amount.reduce((t, c) => t + c.amount, 0n)),
});
