// Which model meters which message: the message's amino type to its keeper path. A message with
// no model here is metered the old way (the core's store counters, host/app/gas.ts). A module's
// models may come as one map from its gas file (x/tieredrewards: gas/tiers.ts tierModels).

import { GovMsgTypes, type MsgDeposit, type MsgSubmitProposal, type MsgVote } from "../../modules/gov/validate.js";
import type { GovParams } from "../../modules/gov/genesis.js";
import { msgDeposit, msgSubmitProposal, msgVote, type NodeProposal } from "./gov.js";
import { tierModels } from "./tiers.js";
import type { Sim } from "./sim.js";

/** What a message model needs besides the state: the governance params and the next proposal id. */
export interface ModelContext {
  govParams: GovParams;
  nextProposalId: bigint;
  proposal(id: bigint): NodeProposal | undefined;
  deposit(id: bigint, depositor: string): bigint | undefined;
  parseDec(text: string): bigint;
}

type Model = (k: Sim, msg: unknown, c: ModelContext) => void;

const MODELS: Record<string, Model> = {
  ...tierModels,
  [GovMsgTypes.SubmitProposal]: (k, msg, c) => {
    const m = msg as MsgSubmitProposal;
    const deposit = m.initialDeposit.filter((x) => x.denom === k.denom).reduce((t, x) => t + x.amount, 0n);
    msgSubmitProposal(k, { ...m, deposit }, c.govParams, c.nextProposalId);
  },
  // MsgVote stores NewNonSplitVoteOption: the weight LegacyOneDec().String().
  [GovMsgTypes.Deposit]: (k, msg, c) => {
    const m = msg as MsgDeposit;
    const amount = m.amount.filter((x) => x.denom === k.denom).reduce((t, x) => t + x.amount, 0n);
    msgDeposit(k, { depositor: m.depositor, amount }, c.govParams, c.proposal(m.proposalId), c.deposit(m.proposalId, m.depositor));
  },
  [GovMsgTypes.Vote]: (k, msg) => msgVote(k, { ...(msg as MsgVote), options: (msg as MsgVote).options.map((o) => ({ ...o, weight: "1.000000000000000000" })) }),
  [GovMsgTypes.VoteWeighted]: (k, msg) => msgVote(k, msg as MsgVote),
};

/** The model of a message type, or undefined: metered the old way. */
export function messageModel(type: string): Model | undefined {
  return MODELS[type];
}

