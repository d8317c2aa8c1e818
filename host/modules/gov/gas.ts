// x/gov v1's store accesses (SDK v0.53 x/gov/keeper: msg_server.go, proposal.go, deposit.go,
// vote.go): params, the proposal record and its queues, deposits, votes, and the extra gas
// MsgSubmitProposal charges per byte of the proposal.

import { decString } from "../../wire/gateway-json.js";
import { anyOfAmino } from "../../wire/messages.js";
import { aminoTypeName } from "../../wire/amino/amino-json.js";
import { MsgExecLegacyContentSchema } from "../../wire/gen/cosmos/gov/v1/tx_pb.js";
import type { GovParams } from "./genesis.js";
import { KV_GAS } from "../../framework/gas/meter.js";
import { any, coins, duration, lenField, msg, str, text, timestamp, uint } from "../../framework/gas/proto.js";
import { Key, U64_VALUE, depositValue } from "../../framework/gas/records.js";
import { getAccount, sendFromAccountToModule } from "../bank/gas.js";
import { routeMessage, type Sim } from "../../framework/gas/sim.js";
import { addrLen } from "../../framework/gas/view.js";
import type { Proposal } from "./proposal.js";

const GOV = "gov";
const EXEC_LEGACY_CONTENT = aminoTypeName(MsgExecLegacyContentSchema);
const seconds = (ns: bigint) => ns / 1_000_000_000n;

/** x/gov v1 Params as stored: coins, durations, Decs as decimal text, flags. */
export function govParamsValue(p: GovParams, denom: string): number {
  const dec = (field: number, raw: bigint) => text(field, decString(raw));
  return (
    coins(1, denom, p.minDeposit) + duration(2, seconds(p.maxDepositPeriodNs)) + duration(3, seconds(p.votingPeriodNs)) +
    dec(4, p.quorum) + dec(5, p.threshold) + dec(6, p.vetoThreshold) + dec(7, p.minInitialDepositRatio) + dec(8, p.proposalCancelRatio) +
    str(9, p.proposalCancelDest) + duration(10, seconds(p.expeditedVotingPeriodNs)) + dec(11, p.expeditedThreshold) +
    coins(12, denom, p.expeditedMinDeposit) + uint(13, p.burnVoteQuorum) + uint(14, p.burnProposalDepositPrevote) + uint(15, p.burnVoteVeto) +
    dec(16, p.minDepositRatio)
  );
}

interface ProposalFields {
  id: bigint;
  messages: number;
  status: number;
  submitNs: bigint;
  depositEndNs: bigint;
  deposit: bigint;
  votingStartNs?: bigint;
  votingEndNs?: bigint;
  metadata: string;
  title: string;
  summary: string;
  proposer: string;
  expedited: boolean;
}

function proposalValue(p: ProposalFields, denom: string): number {
  const tally = text(1, "0") + text(2, "0") + text(3, "0") + text(4, "0");
  return (
    uint(1, p.id) + p.messages + uint(3, p.status) + msg(4, tally) + timestamp(5, p.submitNs) + timestamp(6, p.depositEndNs) +
    coins(7, denom, p.deposit) + (p.votingStartNs === undefined ? 0 : timestamp(8, p.votingStartNs)) +
    (p.votingEndNs === undefined ? 0 : timestamp(9, p.votingEndNs)) + str(10, p.metadata) + str(11, p.title) + str(12, p.summary) +
    str(13, p.proposer) + uint(14, p.expedited)
  );
}

/** A proposal as the node keeps it (host/modules/gov/keeper.ts), for its record's size. */
export type NodeProposal = Omit<Proposal, "messages" | "finalTally" | "failedReason"> & {
  messages: readonly { type: string; value: unknown }[];
};

const messagesSize = (messages: readonly { type: string; value: unknown }[]): number =>
  messages.reduce((n, x) => {
    const a = anyOfAmino(x.type, x.value);
    return n + lenField(2, any(a.typeUrl, a.value.length));
  }, 0);

export interface SubmitFields {
  proposer: string;
  messages: readonly { type: string; value: unknown }[];
  deposit: bigint;
  metadata: string;
  title: string;
  summary: string;
  expedited: boolean;
  /** The first message with several signers, if any: the keeper fails there before reading x/gov's account. */
  severalSignersAt?: number;
}

const params = (k: Sim, p: GovParams) => k.meter.get(GOV, Key.govParams, govParamsValue(p, k.denom), "gov params");

function setProposal(k: Sim, p: ProposalFields): void {
  if (p.status === 2) k.meter.set(GOV, Key.votingPeriod, 1, "VotingPeriodProposals");
  else k.meter.del(GOV, Key.votingPeriod, "VotingPeriodProposals");
  k.meter.set(GOV, Key.proposal, proposalValue(p, k.denom), "Proposals");
}

/** MsgSubmitProposal: the proposal, its deposit queue, the byte charge, the initial deposit. */
export function msgSubmitProposal(k: Sim, m: SubmitFields, gp: GovParams, nextId: bigint): void {
  params(k, gp);
  const gov = k.view.moduleAccount("gov").address;
  for (const [i, x] of m.messages.entries()) {
    if (i === m.severalSignersAt) k.check("gov:13", true); // GetMsgV1Signers gives more than one
    getAccount(k, gov, "GetGovernanceAccount");
    k.check("gov:13"); // a message not signed by x/gov alone
    // A MsgExecLegacyContent runs in a cached context: the router's circuit check, ExecLegacyContent's GetGovernanceAccount.
    if (x.type === EXEC_LEGACY_CONTENT) {
      routeMessage(k, "/cosmos.gov.v1.MsgExecLegacyContent");
      getAccount(k, gov, "ExecLegacyContent GetGovernanceAccount");
    }
  }
  k.meter.get(GOV, Key.proposalId, U64_VALUE, "ProposalID.Next");
  k.meter.set(GOV, Key.proposalId, U64_VALUE, "ProposalID.Next");
  params(k, gp);
  const messages = messagesSize(m.messages);
  const now = k.block.timeNs;
  const p: ProposalFields = {
    id: nextId, messages, status: 1, submitNs: now, depositEndNs: now + gp.maxDepositPeriodNs, deposit: 0n,
    metadata: m.metadata, title: m.title, summary: m.summary, proposer: m.proposer, expedited: m.expedited,
  };
  setProposal(k, p);
  k.meter.set(GOV, Key.proposalQueue, U64_VALUE, "InactiveProposalsQueue");
  k.meter.charge(3n * KV_GAS.writePerByte * BigInt(proposalValue(p, k.denom)), "submit proposal");
  addDeposit(k, p, m.proposer, m.deposit, gp, 0n);
}

/** MsgDeposit on a proposal the node holds (and the depositor's earlier deposit on it). */
export function msgDeposit(k: Sim, m: { depositor: string; amount: bigint }, gp: GovParams, p: NodeProposal | undefined, earlier: bigint | undefined): void {
  const fields: ProposalFields | undefined = p && {
    id: p.id, messages: messagesSize(p.messages), status: p.status, submitNs: p.submitTimeNs, depositEndNs: p.depositEndTimeNs,
    deposit: p.totalDeposit, ...(p.votingStartTimeNs === null ? {} : { votingStartNs: p.votingStartTimeNs }),
    ...(p.votingEndTimeNs === null ? {} : { votingEndNs: p.votingEndTimeNs }), metadata: p.metadata, title: p.title,
    summary: p.summary, proposer: p.proposer, expedited: p.expedited,
  };
  k.meter.get(GOV, Key.proposal, fields ? proposalValue(fields, k.denom) : 0, "Proposals");
  k.check("undefined:1", fields === undefined); // collections' not found
  k.check("gov:3", fields!.status !== 1 && fields!.status !== 2);
  addDeposit(k, fields!, m.depositor, m.amount, gp, earlier ?? 0n, true);
}

/** AddDeposit's checks after the params: the deposit's denoms (gov 23), the minimum ratio (gov 16). */
function depositChecks(k: Sim): void {
  k.check("gov:23");
  k.check("gov:16");
}

function addDeposit(k: Sim, p: ProposalFields, depositor: string, amount: bigint, gp: GovParams, earlier: bigint, read = false): void {
  if (!read) k.meter.get(GOV, Key.proposal, proposalValue(p, k.denom), "Proposals");
  params(k, gp);
  depositChecks(k);
  if (amount > 0n) sendFromAccountToModule(k, depositor, "gov", amount);
  const after = { ...p, deposit: p.deposit + amount };
  setProposal(k, after);
  const min = after.expedited ? gp.expeditedMinDeposit : gp.minDeposit;
  if (after.status === 1 && after.deposit >= min) {
    params(k, gp);
    const now = k.block.timeNs;
    const end = now + (after.expedited ? gp.expeditedVotingPeriodNs : gp.votingPeriodNs);
    setProposal(k, { ...after, status: 2, votingStartNs: now, votingEndNs: end });
    k.meter.del(GOV, Key.proposalQueue, "InactiveProposalsQueue");
    k.meter.set(GOV, Key.proposalQueue, U64_VALUE, "ActiveProposalsQueue");
  }
  k.meter.get(GOV, Key.deposit(addrLen(depositor)), earlier > 0n ? depositValue(p.id, depositor, k.denom, earlier) : 0, "Deposits");
  k.meter.set(GOV, Key.deposit(addrLen(depositor)), depositValue(p.id, depositor, k.denom, earlier + amount), "SetDeposit");
}

/** MsgVote / MsgVoteWeighted: the voting-period check, the vote. */
export function msgVote(k: Sim, m: { proposalId: bigint; voter: string; options: readonly { option: number; weight: string }[]; metadata: string }): void {
  k.meter.has(GOV, Key.votingPeriod, "VotingPeriodProposals");
  k.check("gov:3"); // not in its voting period (or no such proposal)
  k.check("gov:15"); // metadata too long
  const value = uint(1, m.proposalId) + str(2, m.voter) + m.options.reduce((n, o) => n + msg(4, uint(1, o.option) + str(2, o.weight)), 0) + str(5, m.metadata);
  k.meter.set(GOV, Key.vote(addrLen(m.voter)), value, "Votes");
}
