// x/staking's delegation messages (delegate, undelegate, redelegate) and the local chain's
// evidence stand-in (chainmain-dev MsgSlashValidator). Validator creation and edits: validator-messages.ts.

import { CoreCode, CoreError } from "../../core/errors.js";
import { TxError } from "../../wire/errors.js";
import { event } from "../../framework/events.js";
import { paying, respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { timestampOf } from "../../wire/gateway-json.js";
import {
  MsgBeginRedelegateResponseSchema, MsgBeginRedelegateSchema, MsgCancelUnbondingDelegationResponseSchema, MsgCancelUnbondingDelegationSchema,
  MsgDelegateResponseSchema, MsgDelegateSchema, MsgUndelegateResponseSchema, MsgUndelegateSchema,
} from "../../wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { MsgSlashValidatorResponseSchema, MsgSlashValidatorSchema } from "../../wire/gen/chainmain/dev/v1/tx_pb.js";
import { decString, timestampSeconds } from "../../wire/gateway-json.js";
import { renderMessageEvents } from "../message-events.js";
import { msgBeginRedelegate, msgDelegate, msgUndelegate } from "./gas.js";
import { accountAddress, beginRedelegate, cancelUnbonding, delegation, devSlash } from "./validate.js";
import { msgCancelUnbonding } from "./gas-cancel.js";
import { SdkErrors } from "../../wire/errors.js";
import { bondAmount, coinText, numberRecipients, validatorId } from "./keeper-helpers.js";

export const msgDelegateDef = message({
  schema: MsgDelegateSchema,
  signer: (m, { prefix }) => accountAddress(m.delegatorAddress, prefix, "invalid signer delegator_address"),
  validate: (m, ctx) => delegation(m, ctx, "cosmos-sdk/MsgDelegate", "delegation"),
  handle(ctx, msg) {
    const amount = bondAmount(msg.amount, ctx.denom);
    const delegator = ctx.directory.ensure(msg.delegator);
    const shares = paying(ctx, delegator, amount, () => ctx.ledger.delegate(delegator, validatorId(ctx, msg.validator), amount), "delegate");
    return respond(MsgDelegateResponseSchema, {}, [
      event("message", { action: "/cosmos.staking.v1beta1.MsgDelegate", sender: msg.delegator, module: "staking" }),
      ...renderMessageEvents(ctx, numberRecipients(ctx, ctx.ledger.events())),
      event("delegate", {
        validator: msg.validator, delegator: msg.delegator, amount: coinText(amount, ctx.denom),
        new_shares: decString(shares),
      }),
    ]);
  },
  gas: (k, m) => msgDelegate(k, { delegator: m.delegator, validator: m.validator, amount: m.amount.amount, denom: m.amount.denom }),
});

export const msgUndelegateDef = message({
  schema: MsgUndelegateSchema,
  signer: (m, { prefix }) => accountAddress(m.delegatorAddress, prefix, "invalid signer delegator_address"),
  validate: (m, ctx) => delegation(m, ctx, "cosmos-sdk/MsgUndelegate", "shares"),
  handle(ctx, msg) {
    const amount = bondAmount(msg.amount, ctx.denom);
    const r = ctx.ledger.undelegate(ctx.directory.ensure(msg.delegator), validatorId(ctx, msg.validator), amount);
    return respond(MsgUndelegateResponseSchema, { completionTime: timestampOf(r.completionTime), amount: { denom: ctx.denom, amount: `${r.amount}` } }, [
      event("message", { action: "/cosmos.staking.v1beta1.MsgUndelegate", sender: msg.delegator, module: "staking" }),
      ...renderMessageEvents(ctx, numberRecipients(ctx, ctx.ledger.events())),
      event("unbond", {
        validator: msg.validator, delegator: msg.delegator, amount: coinText(r.amount, ctx.denom),
        completion_time: timestampSeconds(r.completionTime),
      }),
    ]);
  },
  gas: (k, m) => msgUndelegate(k, { delegator: m.delegator, validator: m.validator, amount: m.amount.amount, denom: m.amount.denom }),
});

/** A validator id no validator has (u32 max): the core refuses it as the destination it cannot find. */
const NO_VALIDATOR_ID = 0xffff_ffff;

export const msgBeginRedelegateDef = message({
  schema: MsgBeginRedelegateSchema,
  signer: (m, { prefix }) => accountAddress(m.delegatorAddress, prefix, "invalid signer delegator_address"),
  validate: beginRedelegate,
  handle(ctx, msg) {
    const amount = bondAmount(msg.amount, ctx.denom);
    const src = validatorId(ctx, msg.src);
    // An unknown destination is the core's staking 31 in the SDK's order: after the source's
    // delegation and amount (ValidateUnbondAmount) and the self-redelegation check.
    const dst = ctx.directory.validatorId(msg.dst) ?? NO_VALIDATOR_ID;
    const r = ctx.ledger.redelegate(ctx.directory.ensure(msg.delegator), src, dst, amount);
    return respond(MsgBeginRedelegateResponseSchema, { completionTime: timestampOf(r.completionTime) }, [
      event("message", { action: "/cosmos.staking.v1beta1.MsgBeginRedelegate", sender: msg.delegator, module: "staking" }),
      ...renderMessageEvents(ctx, numberRecipients(ctx, ctx.ledger.events())),
      event("redelegate", {
        source_validator: msg.src, destination_validator: msg.dst,
        amount: coinText(r.amount, ctx.denom), completion_time: timestampSeconds(r.completionTime),
      }),
    ]);
  },
  gas: (k, m) => msgBeginRedelegate(k, { delegator: m.delegator, src: m.src, dst: m.dst, amount: m.amount.amount, denom: m.amount.denom }),
});

/** The msg server's answers for an unbonding delegation or entry that cannot be cancelled. */
function cancelFailure(e: unknown, msg: { delegatorText: string; validatorText: string }): unknown {
  if (!(e instanceof CoreError)) return e;
  switch (e.code) {
    case CoreCode.NO_UNBONDING: // a gRPC status error: no registered codespace
      return new TxError({
        codespace: "undefined", code: 1,
        description: `rpc error: code = NotFound desc = unbonding delegation with delegator ${msg.delegatorText} not found for validator ${msg.validatorText}`,
      });
    case CoreCode.NO_UNBONDING_ENTRY:
      return new TxError(SdkErrors.NotFound, e.message);
    case CoreCode.UNBONDING_BALANCE:
    case CoreCode.UNBONDING_PROCESSED:
      return new TxError(SdkErrors.InvalidRequest, e.message);
    default:
      return e;
  }
}

/**
 * MsgCancelUnbondingDelegation: `amount` of the unbonding entry made at `creation_height` goes
 * back to the validator (keeper.Delegate from the unbonding tokens: the delegation's rewards
 * withdrawn, the not-bonded pool's tokens to the bonded pool for a bonded validator); the entry
 * shrinks, or goes with its last token.
 */
export const msgCancelUnbondingDelegationDef = message({
  schema: MsgCancelUnbondingDelegationSchema,
  signer: (m, { prefix }) => accountAddress(m.delegatorAddress, prefix, "invalid signer delegator_address"),
  validate: cancelUnbonding,
  handle(ctx, msg) {
    const amount = bondAmount(msg.amount, ctx.denom);
    const validator = validatorId(ctx, msg.validator);
    try {
      ctx.ledger.cancelUnbonding(ctx.directory.ensure(msg.delegator), validator, msg.creationHeight, amount);
    } catch (e) {
      throw cancelFailure(e, msg);
    }
    return respond(MsgCancelUnbondingDelegationResponseSchema, {}, [
      event("message", { action: "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", sender: msg.delegator, module: "staking" }),
      ...renderMessageEvents(ctx, numberRecipients(ctx, ctx.ledger.events())),
      event("cancel_unbonding_delegation", {
        amount: coinText(amount, ctx.denom), validator: msg.validatorText, delegator: msg.delegatorText,
        creation_height: `${msg.creationHeight}`,
      }),
    ]);
  },
  gas: msgCancelUnbonding,
});

/** chainmain-dev MsgSlashValidator: the governance authority slashes (and may jail) a validator. */
export const msgSlashValidatorDef = message({
  schema: MsgSlashValidatorSchema,
  signer: (m, { prefix }) => accountAddress(m.authority, prefix, "invalid signer authority"),
  governance: true,
  validate: devSlash,
  handle(ctx, msg) {
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
  },
});
