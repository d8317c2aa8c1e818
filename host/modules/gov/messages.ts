// x/gov v1's message handlers: each one the Gov module's (gov.ts) at the block's time, then the
// SDK's `message` event {action, sender, module: gov}.

import { inflationParamsFrom, type Json } from "../../app/genesis.js";
import { ValidationError } from "../../errors.js";
import { TxError } from "../../wire/errors.js";
import {
  GovMsgTypes, MSG_UPDATE_INFLATION_PARAMS,
  type MsgCancelProposal, type MsgDeposit, type MsgSubmitProposal, type MsgUpdateInflationParams, type MsgVote,
} from "./validate.js";
import { respond, type MessageHandlers } from "../../app/handlers.js";
import type { MessageContext, MessageOutcome } from "../../app/context.js";
import { timestampOf } from "../../wire/gateway-json.js";
import { typeUrlOfAmino } from "../../wire/messages.js";
import {
  MsgCancelProposalResponseSchema, MsgDepositResponseSchema, MsgSubmitProposalResponseSchema, MsgVoteResponseSchema, MsgVoteWeightedResponseSchema,
} from "../../wire/gen/cosmos/gov/v1/tx_pb.js";
import { MsgUpdateParamsResponseSchema as InflationUpdateParamsResponseSchema } from "../../wire/gen/chainmain/inflation/v1/tx_pb.js";

export function registerGovHandlers(h: MessageHandlers): MessageHandlers {
  const reg = (type: string, run: (ctx: MessageContext, msg: unknown) => MessageOutcome) => {
    // The `message` event's action: the message's type URL (/cosmos.gov.v1.MsgVote).
    const action = typeUrlOfAmino(type);
    if (action === undefined) throw new Error(`${type}: no protobuf type URL`);
    h.register(type, (ctx, msg) => {
      const out = run(ctx, msg);
      return { ...out, events: [...out.events, { type: "message", attributes: [
        { key: "action", value: action, index: true }, { key: "sender", value: ctx.signer, index: true },
        { key: "module", value: "gov", index: true },
      ] }] };
    });
  };
  reg(GovMsgTypes.SubmitProposal, (ctx, m) => {
    const r = ctx.gov.submit(m as MsgSubmitProposal, ctx.timeNs);
    return respond(MsgSubmitProposalResponseSchema, { proposalId: r.proposalId }, r.events);
  });
  reg(GovMsgTypes.Deposit, (ctx, m) => respond(MsgDepositResponseSchema, {}, ctx.gov.deposit(m as MsgDeposit, ctx.timeNs)));
  reg(GovMsgTypes.Vote, (ctx, m) => respond(MsgVoteResponseSchema, {}, ctx.gov.vote(m as MsgVote)));
  reg(GovMsgTypes.VoteWeighted, (ctx, m) => respond(MsgVoteWeightedResponseSchema, {}, ctx.gov.vote(m as MsgVote)));
  reg(GovMsgTypes.CancelProposal, (ctx, m) => {
    const msg = m as MsgCancelProposal;
    const events = ctx.gov.cancel(msg, ctx.timeNs);
    return respond(MsgCancelProposalResponseSchema, { proposalId: msg.proposalId, canceledTime: timestampOf(ctx.timeNs), canceledHeight: ctx.height }, events);
  });
  // x/inflation: validate and replace every param (no event); the chain applies them from the next block.
  h.register(MSG_UPDATE_INFLATION_PARAMS, (ctx, m) => {
    const msg = m as MsgUpdateInflationParams;
    try {
      inflationParamsFrom(msg.params as Json, { parse: (t) => ctx.parseDec(t) }, "params");
    } catch (e) {
      // A plain error of the module: unregistered, so codespace "undefined", code 1.
      if (e instanceof ValidationError) throw new TxError({ codespace: "undefined", code: 1, description: e.reason }, undefined, "execute");
      throw e;
    }
    ctx.gov.setInflationParams(JSON.stringify(msg.params));
    return respond(InflationUpdateParamsResponseSchema, {}, [{ type: "message", attributes: [
      { key: "action", value: "/chainmain.inflation.v1.MsgUpdateParams", index: true }, { key: "sender", value: ctx.signer, index: true },
      { key: "module", value: "inflation", index: true },
    ] }]);
  });
  return h;
}
