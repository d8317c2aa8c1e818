// x/gov v1's message handlers: each one the Gov module's (gov.ts) at the block's time, then the
// SDK's `message` event {action, sender, module: gov}.

import { GovMsgTypes, type MsgCancelProposal, type MsgDeposit, type MsgSubmitProposal, type MsgVote } from "../tx/gov.js";
import type { MessageContext, MessageHandlers, TxEvent } from "./messages.js";

const ACTIONS: Record<string, string> = {
  [GovMsgTypes.SubmitProposal]: "/cosmos.gov.v1.MsgSubmitProposal",
  [GovMsgTypes.Deposit]: "/cosmos.gov.v1.MsgDeposit",
  [GovMsgTypes.Vote]: "/cosmos.gov.v1.MsgVote",
  [GovMsgTypes.VoteWeighted]: "/cosmos.gov.v1.MsgVoteWeighted",
  [GovMsgTypes.CancelProposal]: "/cosmos.gov.v1.MsgCancelProposal",
};

export function registerGovHandlers(h: MessageHandlers): MessageHandlers {
  const reg = (type: string, run: (ctx: MessageContext, msg: unknown) => TxEvent[]) =>
    h.register(type, (ctx, msg) => [
      ...run(ctx, msg),
      { type: "message", attributes: [
        { key: "action", value: ACTIONS[type]!, index: true }, { key: "sender", value: ctx.signer, index: true },
        { key: "module", value: "gov", index: true },
      ] },
    ]);
  reg(GovMsgTypes.SubmitProposal, (ctx, m) => ctx.gov.submit(m as MsgSubmitProposal, ctx.timeNs, () => undefined).events);
  reg(GovMsgTypes.Deposit, (ctx, m) => ctx.gov.deposit(m as MsgDeposit, ctx.timeNs));
  reg(GovMsgTypes.Vote, (ctx, m) => ctx.gov.vote(m as MsgVote));
  reg(GovMsgTypes.VoteWeighted, (ctx, m) => ctx.gov.vote(m as MsgVote));
  reg(GovMsgTypes.CancelProposal, (ctx, m) => ctx.gov.cancel(m as MsgCancelProposal, ctx.timeNs, ctx.height));
  return h;
}
