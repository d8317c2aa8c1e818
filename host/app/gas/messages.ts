// Which model meters which message: the message's amino type to its keeper path. A message with
// no model here is metered the old way (the core's store counters, host/app/gas.ts). A module's
// models may come as one map from its gas file (x/tieredrewards: gas/tiers.ts tierModels).

import {
  MSG_BEGIN_REDELEGATE, MSG_CREATE_VALIDATOR, MSG_DELEGATE, MSG_UNDELEGATE, MSG_UNJAIL, MSG_WITHDRAW_DELEGATION_REWARD, MSG_WITHDRAW_VALIDATOR_COMMISSION,
  type MsgBeginRedelegate, type MsgCreateValidator, type MsgDelegate, type MsgUnjail, type MsgWithdrawDelegationReward, type MsgWithdrawValidatorCommission,
} from "../../modules/staking/validate.js";
import { GovMsgTypes, type MsgDeposit, type MsgSubmitProposal, type MsgVote } from "../../modules/gov/validate.js";
import type { GovParams } from "../../modules/gov/genesis.js";
import { withdrawCommission, withdrawRewards } from "./distribution.js";
import { msgDeposit, msgSubmitProposal, msgVote, type NodeProposal } from "./gov.js";
import { msgBeginRedelegate, msgCreateValidator, msgDelegate, msgUndelegate } from "./staking.js";
import { tierModels } from "./tiers.js";
import { msgUnjail } from "./slashing.js";
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
  [MSG_DELEGATE]: (k, msg) => {
    const m = msg as MsgDelegate;
    msgDelegate(k, { delegator: m.delegator, validator: m.validator, amount: m.amount.amount, denom: m.amount.denom });
  },
  [MSG_UNDELEGATE]: (k, msg) => {
    const m = msg as MsgDelegate;
    msgUndelegate(k, { delegator: m.delegator, validator: m.validator, amount: m.amount.amount, denom: m.amount.denom });
  },
  [MSG_BEGIN_REDELEGATE]: (k, msg) => {
    const m = msg as MsgBeginRedelegate;
    msgBeginRedelegate(k, { delegator: m.delegator, src: m.src, dst: m.dst, amount: m.amount.amount, denom: m.amount.denom });
  },
  [MSG_WITHDRAW_DELEGATION_REWARD]: (k, msg) => {
    const m = msg as MsgWithdrawDelegationReward;
    withdrawRewards(k, m.delegator, m.validator);
  },
  [MSG_WITHDRAW_VALIDATOR_COMMISSION]: (k, msg) => withdrawCommission(k, (msg as MsgWithdrawValidatorCommission).validator),
  [MSG_CREATE_VALIDATOR]: (k, msg, c) => {
    const m = msg as MsgCreateValidator;
    const dec = (t: string) => c.parseDec(t);
    msgCreateValidator(k, {
      operator: m.validator, account: m.delegator || accountOf(k, m.validator), pubKeyLen: m.pubkey?.key.length ?? 32, description: m.description,
      rate: dec(m.commission.rate), maxRate: dec(m.commission.maxRate), maxChangeRate: dec(m.commission.maxChangeRate),
      minSelfDelegation: m.minSelfDelegation, amount: m.value.amount, denom: m.value.denom,
    });
  },
  [MSG_UNJAIL]: (k, msg) => {
    const op = (msg as MsgUnjail).validator;
    msgUnjail(k, op, accountOf(k, op));
  },
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

/** A validator operator's own account address (same bytes, the account prefix). */
function accountOf(k: Sim, operator: string): string {
  return k.view.operatorAccount(operator);
}

/** The model of a message type, or undefined: metered the old way. */
export function messageModel(type: string): Model | undefined {
  return MODELS[type];
}

