// x/gov v1beta1's messages (what Keplr and explorers still send), as the SDK v0.53 legacy msg
// server runs them: each converted to its v1 message and run by the v1 server (messages.ts), the
// `message` event naming the v1beta1 type. A MsgSubmitProposal's content becomes the proposal's one
// message, MsgExecLegacyContent{content, authority: x/gov}, its title and description the
// proposal's title and summary. And v1 MsgExecLegacyContent itself: x/gov's legacy router, which
// in chain-main handles the `gov` route (TextProposal: nothing to do) and no other.

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { moduleAddress } from "../../wire/keys.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { decString } from "../../wire/gateway-json.js";
import {
  MsgDepositResponseSchema, MsgDepositSchema, MsgSubmitProposalResponseSchema, MsgSubmitProposalSchema, MsgVoteResponseSchema,
  MsgVoteSchema, MsgVoteWeightedResponseSchema, MsgVoteWeightedSchema,
} from "../../wire/gen/cosmos/gov/v1beta1/tx_pb.js";
import { TextProposalSchema } from "../../wire/gen/cosmos/gov/v1beta1/gov_pb.js";
import {
  MsgDepositSchema as V1DepositSchema, MsgExecLegacyContentResponseSchema, MsgExecLegacyContentSchema,
  MsgSubmitProposalSchema as V1SubmitSchema, MsgVoteSchema as V1VoteSchema, MsgVoteWeightedSchema as V1VoteWeightedSchema,
} from "../../wire/gen/cosmos/gov/v1/tx_pb.js";
import { getAccount } from "../bank/gas.js";
import { msgDeposit as depositGas, msgSubmitProposal as submitGas, msgVote as voteGas } from "./gas.js";
import { accountAddress, signerAddress, validateDeposit, validateVote, validateVoteWeighted } from "./validate.js";
import { validateSubmitProposal } from "./proposal-messages.js";
import { bonded, nextProposalId, withMessageEvent } from "./messages.js";
import { LegacyErrorKinds, checkLegacyRoute, contentOf } from "./legacy-content.js";
import {
  CancelSoftwareUpgradeProposalSchema, SoftwareUpgradeProposalSchema,
} from "../../wire/gen/cosmos/upgrade/v1beta1/upgrade_pb.js";
import type { Plan } from "../../wire/gen/cosmos/upgrade/v1beta1/query_pb.js";

/** ValidateAbstract: a content's title and description (gov 5). */
function abstract(title: string, description: string): { title: string; description: string } {
  const bad = (detail: string) => new TxError(LegacyErrorKinds.InvalidProposalContent, detail);
  if (title.trim().length === 0) throw bad("proposal title cannot be blank");
  if (title.length > 140) throw bad("proposal title is longer than max length of 140");
  if (description.length === 0) throw bad("proposal description cannot be blank");
  if (description.length > 10_000) throw bad("proposal description is longer than max length of 10000");
  return { title, description };
}

/** Go's zero time (0001-01-01T00:00:00Z) in Unix seconds: an unset plan time. */
const GO_ZERO_TIME_SECONDS = -62_135_596_800n;

/** x/upgrade Plan.ValidateBasic (sdk 18). */
function planBasic(plan: Plan | undefined): void {
  const bad = (detail: string) => new TxError(SdkErrors.InvalidRequest, detail);
  const t = plan?.time;
  if (t !== undefined && !(t.seconds === GO_ZERO_TIME_SECONDS && t.nanos === 0)) throw bad("time-based upgrades have been deprecated in the SDK");
  if (plan?.upgradedClientState !== undefined) throw bad("upgrade logic for IBC has been moved to the IBC module");
  if ((plan?.name ?? "") === "") throw bad("name cannot be empty");
  if ((plan?.height ?? 0n) <= 0n) throw bad("height must be greater than 0");
}

/** The content's ValidateBasic (a software upgrade's plan first, then ValidateAbstract): its title and description. */
function contentBasics(content: Any): { title: string; description: string } {
  switch (content.typeUrl) {
    case SOFTWARE_UPGRADE_URL: {
      const p = fromBinary(SoftwareUpgradeProposalSchema, content.value);
      planBasic(p.plan);
      return abstract(p.title, p.description);
    }
    case CANCEL_UPGRADE_URL: {
      const p = fromBinary(CancelSoftwareUpgradeProposalSchema, content.value);
      return abstract(p.title, p.description);
    }
    default: {
      const t = fromBinary(TextProposalSchema, content.value);
      return abstract(t.title, t.description);
    }
  }
}

/**
 * v1beta1 MsgSubmitProposal, as the legacy msg server runs it: a content that is no Content fails
 * the decoding (sdk 2 at CheckTx); then the content present (gov 5), its ProposalType registered
 * (gov 6: only Text and x/upgrade's two are), its ValidateBasic; then the v1 MsgSubmitProposal of
 * one MsgExecLegacyContent it becomes, checked as v1's (a content without a route here: gov 9).
 */
export const msgSubmitProposalV1beta1 = message({
  schema: MsgSubmitProposalSchema,
  signer: (m, { prefix }) => signerAddress(m.proposer, "proposer", prefix),
  validate(m, ctx) {
    const kind = contentOf(m.content);
    const content = m.content;
    if (content === undefined || kind === undefined) throw new TxError(LegacyErrorKinds.InvalidProposalContent, "missing content");
    if (!kind.validType) throw new TxError(LegacyErrorKinds.InvalidProposalType, kind.proposalType);
    const { title, description } = contentBasics(content);
    const exec = create(MsgExecLegacyContentSchema, { content, authority: moduleAddress("gov", ctx.prefix) });
    const v1 = create(V1SubmitSchema, {
      messages: [create(AnySchema, { typeUrl: `/${MsgExecLegacyContentSchema.typeName}`, value: toBinary(MsgExecLegacyContentSchema, exec) })],
      initialDeposit: m.initialDeposit, proposer: m.proposer, metadata: "", title, summary: description, expedited: false,
    });
    return validateSubmitProposal(v1, { prefix: ctx.prefix, ...(ctx.messages === undefined ? {} : { messages: ctx.messages }) });
  },
  handle(ctx, m) {
    const r = ctx.gov.submit(m, ctx.timeNs);
    return withMessageEvent(MsgSubmitProposalSchema, ctx, respond(MsgSubmitProposalResponseSchema, { proposalId: r.proposalId }, r.events));
  },
  gas(k, m, ctx) {
    submitGas(k, { ...m, deposit: bonded(m.initialDeposit, k.denom) }, ctx.gov.params, nextProposalId(ctx));
  },
});

export const msgDepositV1beta1 = message({
  schema: MsgDepositSchema,
  signer: (m, { prefix }) => signerAddress(m.depositor, "depositor", prefix),
  validate: (m, ctx) => validateDeposit(create(V1DepositSchema, { proposalId: m.proposalId, depositor: m.depositor, amount: m.amount }), ctx),
  handle: (ctx, m) => withMessageEvent(MsgDepositSchema, ctx, respond(MsgDepositResponseSchema, {}, ctx.gov.deposit(m, ctx.timeNs))),
  gas(k, m, ctx) {
    const amount = bonded(m.amount, k.denom);
    depositGas(k, { depositor: m.depositor, amount }, ctx.gov.params, ctx.gov.proposal(m.proposalId), ctx.gov.depositOf(m.proposalId, m.depositor));
  },
});

export const msgVoteV1beta1 = message({
  schema: MsgVoteSchema,
  signer: (m, { prefix }) => signerAddress(m.voter, "voter", prefix),
  validate: (m, ctx) => validateVote(create(V1VoteSchema, { proposalId: m.proposalId, voter: m.voter, option: m.option as number, metadata: "" }), ctx),
  handle: (ctx, m) => withMessageEvent(MsgVoteSchema, ctx, respond(MsgVoteResponseSchema, {}, ctx.gov.vote(m))),
  gas: (k, m) => voteGas(k, { ...m, options: m.options.map((o) => ({ ...o, weight: "1.000000000000000000" })) }),
});

/** A v1beta1 weight (a LegacyDec: its 18-decimal integer on the wire) as `Weight.String()`. */
const decText = (raw: string): string => (/^-?[0-9]+$/.test(raw) ? decString(BigInt(raw)) : raw);

export const msgVoteWeightedV1beta1 = message({
  schema: MsgVoteWeightedSchema,
  signer: (m, { prefix }) => signerAddress(m.voter, "voter", prefix),
  validate: (m, ctx) => validateVoteWeighted(create(V1VoteWeightedSchema, {
    proposalId: m.proposalId, voter: m.voter, metadata: "",
    options: m.options.map((o) => ({ option: o.option as number, weight: decText(o.weight) })),
  }), ctx),
  handle: (ctx, m) => withMessageEvent(MsgVoteWeightedSchema, ctx, respond(MsgVoteWeightedResponseSchema, {}, ctx.gov.vote(m))),
  gas: (k, m) => voteGas(k, m),
});

/**
 * v1 MsgExecLegacyContent: ValidateBasic (the authority an address); the server: the authority
 * x/gov's account (gov 13), the content's route handled (gov 9); a TextProposal does nothing.
 */
export const msgExecLegacyContent = message({
  schema: MsgExecLegacyContentSchema,
  signer: (m, { prefix }) => signerAddress(m.authority, "authority", prefix),
  validate(m, { prefix }) {
    contentOf(m.content); // what the tx decoder unpacks: a Content, or sdk 2
    const authority = accountAddress(m.authority, prefix, "invalid authority address");
    return { authority, gov: moduleAddress("gov", prefix), content: m.content ?? create(AnySchema) };
  },
  handle(ctx, m) {
    if (m.authority !== m.gov) throw new TxError(LegacyErrorKinds.InvalidSigner, `expected ${m.gov} got ${m.authority}`);
    checkLegacyRoute(m.content);
    return respond(MsgExecLegacyContentResponseSchema, {}, []);
  },
  gas(k) {
    getAccount(k, k.view.moduleAccount("gov").address, "GetGovernanceAccount");
  },
});

const SOFTWARE_UPGRADE_URL = `/${SoftwareUpgradeProposalSchema.typeName}`;
const CANCEL_UPGRADE_URL = `/${CancelSoftwareUpgradeProposalSchema.typeName}`;

/** x/gov v1beta1's messages, and v1's MsgExecLegacyContent. */
export const GOV_V1BETA1_MESSAGES = [msgSubmitProposalV1beta1, msgDepositV1beta1, msgVoteV1beta1, msgVoteWeightedV1beta1, msgExecLegacyContent] as const;
