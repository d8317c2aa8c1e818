// x/bank's governance messages (SDK v0.53 msg server), x/gov their authority (the framework checks
// it first, gov 13): MsgUpdateParams (Params.Validate: send_enabled in the params is no longer
// supported, a plain error) and MsgSetSendEnabled (each denom once, each valid, sdk 18). Neither
// emits an event of its own; a tx carrying one gets baseapp's `message` event, a passed proposal's
// execution none (the SDK runs its messages' handlers without it).

import { ModuleAccount } from "../../core/ledger.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { denomError } from "../../wire/coins.js";
import { event, type TxEvent } from "../../framework/events.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import type { MessageContext } from "../../framework/context.js";
import {
  MsgSetSendEnabledResponseSchema, MsgSetSendEnabledSchema, MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema,
} from "../../wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { accountAddress } from "./messages.js";
import type { SendEnabledEntry } from "./keeper.js";

export interface MsgUpdateBankParams {
  readonly authority: string;
  readonly defaultSendEnabled: boolean;
}

export interface MsgSetSendEnabled {
  readonly authority: string;
  readonly sendEnabled: SendEnabledEntry[];
  readonly useDefaultFor: string[];
}

/** baseapp's `message` event of a tx's message; none inside a proposal's execution (x/gov signs). */
function actionEvent(ctx: MessageContext, name: string): TxEvent[] {
  if (ctx.directory.accountId(ctx.signer) === ModuleAccount.gov) return [];
  return [event("message", { action: `/cosmos.bank.v1beta1.${name}`, sender: ctx.signer, module: "bank" })];
}

/** A plain error of the module (errors.New): unregistered, so codespace "undefined", code 1. */
const plainError = (text: string) => new TxError({ codespace: "undefined", code: 1, description: text }, undefined, "execute");

/** Go's %q of a denom as the SDK's texts print it. */
const quoted = (text: string) => JSON.stringify(text);

export const msgUpdateParams = message({
  schema: MsgUpdateParamsSchema,
  signer: (m, { prefix }) => accountAddress(m.authority, prefix, "invalid authority address"),
  governance: true,
  validate(m, { prefix }): MsgUpdateBankParams {
    const authority = accountAddress(m.authority, prefix, "invalid authority address");
    if ((m.params?.sendEnabled.length ?? 0) > 0) throw plainError("use of send_enabled in params is no longer supported");
    return { authority, defaultSendEnabled: m.params?.defaultSendEnabled ?? false };
  },
  handle(ctx, msg) {
    ctx.bank.setParams({ defaultSendEnabled: msg.defaultSendEnabled, sendEnabled: [] });
    return respond(MsgUpdateParamsResponseSchema, {}, actionEvent(ctx, "MsgUpdateParams"));
  },
});

export const msgSetSendEnabled = message({
  schema: MsgSetSendEnabledSchema,
  signer: (m, { prefix }) => accountAddress(m.authority, prefix, "invalid authority address"),
  governance: true,
  validate(m, { prefix }): MsgSetSendEnabled {
    const authority = accountAddress(m.authority, prefix, "invalid authority address");
    const seen = new Set<string>();
    for (const se of m.sendEnabled) {
      if (seen.has(se.denom)) throw new TxError(SdkErrors.InvalidRequest, `duplicate denom entries found for ${quoted(se.denom)}`);
      seen.add(se.denom);
      const bad = denomError(se.denom);
      if (bad !== undefined) throw new TxError(SdkErrors.InvalidRequest, `invalid SendEnabled denom ${quoted(se.denom)}: ${bad}`);
    }
    for (const d of m.useDefaultFor) {
      const bad = denomError(d);
      if (bad !== undefined) throw new TxError(SdkErrors.InvalidRequest, `invalid UseDefaultFor denom ${quoted(d)}: ${bad}`);
    }
    return { authority, sendEnabled: m.sendEnabled.map((se) => ({ denom: se.denom, enabled: se.enabled })), useDefaultFor: [...m.useDefaultFor] };
  },
  handle(ctx, msg) {
    ctx.bank.setSendEnabled(msg.sendEnabled, msg.useDefaultFor);
    return respond(MsgSetSendEnabledResponseSchema, {}, actionEvent(ctx, "MsgSetSendEnabled"));
  },
});
