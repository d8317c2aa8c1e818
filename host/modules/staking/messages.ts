// x/staking's delegation messages (delegate, undelegate, redelegate) and the local chain's
// evidence stand-in (chainmain-dev MsgSlashValidator). Validator creation and edits: validator-messages.ts.

import { CoreCode, CoreError } from "../../core/errors.js";
import { TxError } from "../../wire/errors.js";
import { event } from "../../app/events.js";
import { paying, respond, type MessageHandlers } from "../../app/handlers.js";
import { timestampOf } from "../../wire/gateway-json.js";
import { MsgBeginRedelegateResponseSchema, MsgDelegateResponseSchema, MsgUndelegateResponseSchema } from "../../wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { MsgSlashValidatorResponseSchema } from "../../wire/gen/chainmain/dev/v1/tx_pb.js";
import { decString, timestampSeconds } from "../../wire/gateway-json.js";
import { renderMessageEvents } from "../../app/message-events.js";
import { MSG_DELEGATE, MSG_UNDELEGATE, MSG_BEGIN_REDELEGATE, MSG_DEV_SLASH, type MsgDelegate, type MsgBeginRedelegate, type MsgDevSlash } from "./validate.js";
import { bondAmount, coinText, validatorId } from "./keeper-helpers.js";

export function registerStakingHandlers(h: MessageHandlers): MessageHandlers {
  return h
    .register(MSG_DELEGATE, (ctx, m) => {
      const msg = m as MsgDelegate;
      const amount = bondAmount(msg.amount, ctx.denom);
      const delegator = ctx.directory.ensure(msg.delegator);
      const shares = paying(ctx, delegator, amount, () => ctx.ledger.delegate(delegator, validatorId(ctx, msg.validator), amount), "delegate");
      return respond(MsgDelegateResponseSchema, {}, [
        event("message", { action: "/cosmos.staking.v1beta1.MsgDelegate", sender: msg.delegator, module: "staking" }),
        ...renderMessageEvents(ctx, ctx.ledger.events()),
        event("delegate", {
          validator: msg.validator, delegator: msg.delegator, amount: coinText(amount, ctx.denom),
          new_shares: decString(shares),
        }),
      ]);
    })
    .register(MSG_UNDELEGATE, (ctx, m) => {
      const msg = m as MsgDelegate;
      const amount = bondAmount(msg.amount, ctx.denom);
      const r = ctx.ledger.undelegate(ctx.directory.ensure(msg.delegator), validatorId(ctx, msg.validator), amount);
      return respond(MsgUndelegateResponseSchema, { completionTime: timestampOf(r.completionTime), amount: { denom: ctx.denom, amount: `${r.amount}` } }, [
        event("message", { action: "/cosmos.staking.v1beta1.MsgUndelegate", sender: msg.delegator, module: "staking" }),
        ...renderMessageEvents(ctx, ctx.ledger.events()),
        event("unbond", {
          validator: msg.validator, delegator: msg.delegator, amount: coinText(r.amount, ctx.denom),
          completion_time: timestampSeconds(r.completionTime),
        }),
      ]);
    })
    .register(MSG_BEGIN_REDELEGATE, (ctx, m) => {
      const msg = m as MsgBeginRedelegate;
      const amount = bondAmount(msg.amount, ctx.denom);
      const src = validatorId(ctx, msg.src);
      const dst = ctx.directory.validatorId(msg.dst);
      if (dst === undefined) throw new CoreError(CoreCode.BAD_REDELEGATION_DST);
      const r = ctx.ledger.redelegate(ctx.directory.ensure(msg.delegator), src, dst, amount);
      return respond(MsgBeginRedelegateResponseSchema, { completionTime: timestampOf(r.completionTime) }, [
        event("message", { action: "/cosmos.staking.v1beta1.MsgBeginRedelegate", sender: msg.delegator, module: "staking" }),
        ...renderMessageEvents(ctx, ctx.ledger.events()),
        event("redelegate", {
          source_validator: msg.src, destination_validator: msg.dst,
          amount: coinText(r.amount, ctx.denom), completion_time: timestampSeconds(r.completionTime),
        }),
      ]);
    })
    .register(MSG_DEV_SLASH, (ctx, m) => {
      const msg = m as MsgDevSlash;
      const plain = (text: string) => new TxError({ codespace: "undefined", code: 1, description: text });
      let fraction: bigint;
      try {
        if (msg.slashFraction.trim().startsWith("-")) throw new Error("must not be negative");
        fraction = ctx.parseDec(msg.slashFraction);
      } catch (e) {
        throw plain(`invalid slash fraction ${JSON.stringify(msg.slashFraction)}: ${(e as Error).message}`);
      }
      if (fraction > 10n ** 18n) throw plain(`slash fraction must be between 0 and 1, got ${decString(fraction)}`);
      const id = validatorId(ctx, msg.validator);
      const v = ctx.ledger.validator(id)!;
      // The power that backed the infraction: the last set's, or the tokens' for one outside it.
      const power = v.lastPower > 0n ? v.lastPower : v.tokens / ctx.powerReduction;
      const infraction = msg.infractionHeight === 0n ? ctx.height : msg.infractionHeight;
      const burned = ctx.ledger.slash(id, infraction, power, fraction);
      const tierEvents = renderMessageEvents(ctx, ctx.tiers.slashEvents());
      if (msg.jail) ctx.ledger.jail(id);
      return respond(MsgSlashValidatorResponseSchema, {}, [
        event("slash", {
          address: msg.validator, power: `${power}`, reason: "dev", jailed: msg.jail ? msg.validator : "",
          burned_coins: `${burned}`, infraction_height: `${infraction}`, slash_fraction: decString(fraction),
        }),
        ...tierEvents,
        event("message", { action: "/chainmain.dev.v1.MsgSlashValidator", sender: ctx.signer, module: "slashing" }),
      ]);
    });
}
