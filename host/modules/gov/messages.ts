// x/gov v1's messages: each its protobuf type, checked (validate.ts, proposal-messages.ts), run by
// the keeper (keeper.ts) at the block's time, then the SDK's `message` event {action, sender,
// module: gov}; metered by x/gov's store accesses (host/modules/gov/gas.ts).

import type { DescMessage } from "@bufbuild/protobuf";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import type { MessageContext, MessageOutcome } from "../../framework/context.js";
import { timestampOf } from "../../wire/gateway-json.js";
import type { Coin } from "../../wire/coins.js";
import {
  MsgCancelProposalResponseSchema, MsgCancelProposalSchema, MsgDepositResponseSchema, MsgDepositSchema, MsgSubmitProposalResponseSchema,
  MsgSubmitProposalSchema, MsgVoteResponseSchema, MsgVoteSchema, MsgVoteWeightedResponseSchema, MsgVoteWeightedSchema,
} from "../../wire/gen/cosmos/gov/v1/tx_pb.js";
import { msgDeposit as depositGas, msgSubmitProposal as submitGas, msgVote as voteGas } from "./gas.js";
import { signerAddress, validateCancelProposal, validateDeposit, validateVote, validateVoteWeighted } from "./validate.js";
import { validateSubmitProposal } from "./proposal-messages.js";

/** The handler's outcome and, after its events, the SDK's `message` event: the type URL, the tx's signer, `gov`. */
export function withMessageEvent(schema: DescMessage, ctx: MessageContext, out: MessageOutcome): MessageOutcome {
  return { ...out, events: [...out.events, { type: "message", attributes: [
    { key: "action", value: `/${schema.typeName}`, index: true }, { key: "sender", value: ctx.signer, index: true },
    { key: "module", value: "gov", index: true },
  ] }] };
}

/** The bond denom's part of a deposit (the keeper refuses any other denom). */
export const bonded = (coins: readonly Coin[], denom: string): bigint => coins.filter((x) => x.denom === denom).reduce((t, x) => t + x.amount, 0n);

/** The id the gas model sizes a new proposal's record by: one past the highest proposal held. */
export const nextProposalId = (ctx: MessageContext): bigint => ctx.gov.listProposals({}).reduce((n, p) => (p.id >= n ? p.id + 1n : n), 1n);

export const msgSubmitProposal = message({
  schema: MsgSubmitProposalSchema,
  signer: (m, { prefix }) => signerAddress(m.proposer, "proposer", prefix),
  validate: validateSubmitProposal,
  handle(ctx, m) {
    const r = ctx.gov.submit(m, ctx.timeNs);
    return withMessageEvent(MsgSubmitProposalSchema, ctx, respond(MsgSubmitProposalResponseSchema, { proposalId: r.proposalId }, r.events));
  },
  gas(k, m, ctx) {
    const severalSignersAt = m.wrongSigner === "" ? m.wrongSignerIndex : undefined;
    submitGas(k, { ...m, deposit: bonded(m.initialDeposit, k.denom), ...(severalSignersAt === undefined ? {} : { severalSignersAt }) }, ctx.gov.params, nextProposalId(ctx));
  },
});

export const msgDeposit = message({
  schema: MsgDepositSchema,
  signer: (m, { prefix }) => signerAddress(m.depositor, "depositor", prefix),
  validate: validateDeposit,
  handle: (ctx, m) => withMessageEvent(MsgDepositSchema, ctx, respond(MsgDepositResponseSchema, {}, ctx.gov.deposit(m, ctx.timeNs))),
  gas(k, m, ctx) {
    const amount = bonded(m.amount, k.denom);
    depositGas(k, { depositor: m.depositor, amount }, ctx.gov.params, ctx.gov.proposal(m.proposalId), ctx.gov.depositOf(m.proposalId, m.depositor));
  },
});

export const msgVote = message({
  schema: MsgVoteSchema,
  signer: (m, { prefix }) => signerAddress(m.voter, "voter", prefix),
  validate: validateVote,
  handle: (ctx, m) => withMessageEvent(MsgVoteSchema, ctx, respond(MsgVoteResponseSchema, {}, ctx.gov.vote(m))),
  // MsgVote stores NewNonSplitVoteOption: the weight LegacyOneDec().String().
  gas: (k, m) => voteGas(k, { ...m, options: m.options.map((o) => ({ ...o, weight: "1.000000000000000000" })) }),
});

export const msgVoteWeighted = message({
  schema: MsgVoteWeightedSchema,
  signer: (m, { prefix }) => signerAddress(m.voter, "voter", prefix),
  validate: validateVoteWeighted,
  handle: (ctx, m) => withMessageEvent(MsgVoteWeightedSchema, ctx, respond(MsgVoteWeightedResponseSchema, {}, ctx.gov.vote(m))),
  gas: (k, m) => voteGas(k, m),
});

export const msgCancelProposal = message({
  schema: MsgCancelProposalSchema,
  signer: (m, { prefix }) => signerAddress(m.proposer, "proposer", prefix),
  validate: validateCancelProposal,
  handle(ctx, m) {
    const events = ctx.gov.cancel(m, ctx.timeNs);
    const response = { proposalId: m.proposalId, canceledTime: timestampOf(ctx.timeNs), canceledHeight: ctx.height };
    return withMessageEvent(MsgCancelProposalSchema, ctx, respond(MsgCancelProposalResponseSchema, response, events));
  },
});

/** x/gov v1's messages, in the order the module registers them. */
export const GOV_MESSAGES = [msgSubmitProposal, msgDeposit, msgVote, msgVoteWeighted, msgCancelProposal] as const;
