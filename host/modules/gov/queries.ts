// x/gov's queries, one typed handler per method of its v1 Query service and of v1beta1's (the
// legacy one wallets and explorers still call): params, proposals (filtered by status, voter,
// depositor), a proposal, its votes and deposits, and its tally (the live tally during the voting
// period, the final one after). v1beta1 answers from the same state as the SDK's legacy query
// server converts it: a proposal's `content` is its first message, tallies are
// yes/abstain/no/no_with_veto, votes carry only their weighted options, and the params query
// returns all three legacy params objects (the requested one filled). REST and abci_query render
// the same answers (framework/query-router.ts).

import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import { GatewayError, GrpcCode, decString } from "../../wire/gateway-json.js";
import { pageQuery, paginateArray } from "../../wire/cosmos-pagination.js";
import { duration, timestamp } from "../../wire/timestamp.js";
import type { Query as QueryV1 } from "../../wire/gen/cosmos/gov/v1/query_pb.js";
import type { Query as QueryV1beta1 } from "../../wire/gen/cosmos/gov/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { Directory } from "../../framework/view.js";
import { ProposalStatus, type Gov, type Proposal, type TallyCounts, type Vote } from "./keeper.js";
import { proposalMessageAny } from "./proposal-any.js";
import { fromBinary } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { MsgExecLegacyContentSchema } from "../../wire/gen/cosmos/gov/v1/tx_pb.js";

const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);
const notFound = (message: string) => new GatewayError(GrpcCode.NOT_FOUND, message);

/** What x/gov's queries read. */
export interface GovView {
  readonly gov: Gov;
  readonly denom: string;
  readonly directory: Directory;
  /** A proposal's tally now (during its voting period). */
  currentTally(proposalId: bigint): TallyCounts | undefined;
}

type PageRequest = Parameters<typeof pageQuery>[0];

/** The v1 answers, each v1beta1 answer their conversion. */
function govAnswers(node: GovView, maxPageLimit?: number) {
  const coins = (amount: bigint) => (amount === 0n ? [] : [{ denom: node.denom, amount: `${amount}` }]);
  const proposalId = (id: bigint): bigint => {
    if (id === 0n) throw invalid("proposal id can not be 0");
    return id;
  };
  const proposal = (id: bigint): Proposal => {
    const p = node.gov.proposal(proposalId(id));
    if (p === undefined) throw notFound(`proposal ${id} doesn't exist`);
    return p;
  };
  const address = (text: string, what: string): string => {
    if (text === "") throw invalid(`empty ${what} address`);
    const prefix = node.directory.accountPrefix;
    try {
      return encodeAddress(prefix, accountAddressBytes(text, prefix));
    } catch (e) {
      throw invalid(`invalid ${what} address: ${(e as Error).message}`);
    }
  };
  const page = <T>(all: T[], p: PageRequest) => paginateArray(all.map((x, i) => ({ x, key: BigInt(i) })), (e) => e.key, pageQuery(p, maxPageLimit));

  return {
    params(type: string) {
      const p = node.gov.params;
      const params = {
        minDeposit: coins(p.minDeposit), maxDepositPeriod: duration(p.maxDepositPeriodNs), votingPeriod: duration(p.votingPeriodNs),
        quorum: decString(p.quorum), threshold: decString(p.threshold), vetoThreshold: decString(p.vetoThreshold),
        minInitialDepositRatio: decString(p.minInitialDepositRatio), proposalCancelRatio: decString(p.proposalCancelRatio),
        proposalCancelDest: p.proposalCancelDest, expeditedVotingPeriod: duration(p.expeditedVotingPeriodNs),
        expeditedThreshold: decString(p.expeditedThreshold), expeditedMinDeposit: coins(p.expeditedMinDeposit),
        burnVoteQuorum: p.burnVoteQuorum, burnProposalDepositPrevote: p.burnProposalDepositPrevote, burnVoteVeto: p.burnVoteVeto,
        minDepositRatio: decString(p.minDepositRatio),
      };
      if (type === "voting") return { votingParams: { votingPeriod: params.votingPeriod }, params };
      if (type === "deposit") return { depositParams: { minDeposit: params.minDeposit, maxDepositPeriod: params.maxDepositPeriod }, params };
      if (type === "tallying") return { tallyParams: { quorum: params.quorum, threshold: params.threshold, vetoThreshold: params.vetoThreshold }, params };
      throw invalid(`unknown params type: ${type}`);
    },
    proposals(r: { proposalStatus: number; voter: string; depositor: string; pagination?: PageRequest }) {
      const list = node.gov.listProposals({
        ...(r.proposalStatus !== 0 ? { status: r.proposalStatus } : {}),
        ...(r.voter !== "" ? { voter: address(r.voter, "voter") } : {}),
        ...(r.depositor !== "" ? { depositor: address(r.depositor, "depositor") } : {}),
      });
      const { items, pagination } = page(list, r.pagination);
      return { proposals: items.map((e) => e.x), pagination };
    },
    proposal,
    votes(r: { proposalId: bigint; pagination?: PageRequest }) {
      const { items, pagination } = page(node.gov.listVotes(proposalId(r.proposalId)), r.pagination);
      return { votes: items.map((e) => e.x), pagination };
    },
    vote(r: { proposalId: bigint; voter: string }) {
      const id = proposalId(r.proposalId);
      const voter = address(r.voter, "voter");
      const v = node.gov.voteOf(id, voter);
      // The SDK answers a missing vote as a bad request (InvalidArgument), not NotFound.
      if (v === undefined) throw invalid(`voter: ${voter} not found for proposal: ${id}`);
      return v;
    },
    deposits(r: { proposalId: bigint; pagination?: PageRequest }) {
      const id = proposalId(r.proposalId);
      const { items, pagination } = page(node.gov.listDeposits(id), r.pagination);
      return { deposits: items.map(({ x }) => ({ proposalId: id, depositor: x.depositor, amount: coins(x.amount) })), pagination };
    },
    deposit(r: { proposalId: bigint; depositor: string }) {
      const id = proposalId(r.proposalId);
      const depositor = address(r.depositor, "depositor");
      const amount = node.gov.depositOf(id, depositor);
      // The collection's own error, as the SDK passes it on.
      if (amount === undefined) throw notFound(`collections: not found: key '("${id}", "${depositor}")' of type github.com/cosmos/gogoproto/cosmos.gov.v1.Deposit`);
      return { deposit: { proposalId: id, depositor, amount: coins(amount) } };
    },
    tally(id: bigint): TallyCounts {
      const p = proposal(id);
      return p.status === ProposalStatus.VotingPeriod ? node.currentTally(p.id)! : p.finalTally;
    },
    coins,
  };
}

const time = (ns: bigint | null) => (ns === null ? undefined : timestamp(ns));
const tallyV1 = (t: TallyCounts) => ({ yesCount: `${t.yes}`, abstainCount: `${t.abstain}`, noCount: `${t.no}`, noWithVetoCount: `${t.noWithVeto}` });
const tallyV1beta1 = (t: TallyCounts) => ({ yes: `${t.yes}`, abstain: `${t.abstain}`, no: `${t.no}`, noWithVeto: `${t.noWithVeto}` });
const voteV1 = (v: Vote) => ({ proposalId: v.proposalId, voter: v.voter, options: v.options.map((o) => ({ option: o.option, weight: decString(o.weight) })), metadata: v.metadata });
/** ConvertToLegacyVote: the weighted options (raw Decs); the deprecated single option left unspecified. */
const voteV1beta1 = (v: Vote) => ({ proposalId: v.proposalId, voter: v.voter, option: 0, options: v.options.map((o) => ({ option: o.option, weight: `${o.weight}` })) });

/** The queries v1 and v1beta1 answer alike, each proposal, vote and tally in the version's form. */
function inVersion<P, V, T>(a: ReturnType<typeof govAnswers>, proposal: (p: Proposal) => P, vote: (v: Vote) => V, tally: (t: TallyCounts) => T) {
  return {
    proposals: (r: Parameters<typeof a.proposals>[0]) => {
      const got = a.proposals(r);
      return { proposals: got.proposals.map(proposal), pagination: got.pagination };
    },
    proposal: (r: { proposalId: bigint }) => ({ proposal: proposal(a.proposal(r.proposalId)) }),
    votes: (r: Parameters<typeof a.votes>[0]) => {
      const got = a.votes(r);
      return { votes: got.votes.map(vote), pagination: got.pagination };
    },
    vote: (r: Parameters<typeof a.vote>[0]) => ({ vote: vote(a.vote(r)) }),
    deposits: (r: Parameters<typeof a.deposits>[0]) => a.deposits(r),
    deposit: (r: Parameters<typeof a.deposit>[0]) => a.deposit(r),
    tallyResult: (r: { proposalId: bigint }) => ({ tally: tally(a.tally(r.proposalId)) }),
  };
}

/** x/gov v1's Query service. */
export function govQueries(node: GovView, options: { maxPageLimit?: number } = {}): ServiceHandlers<typeof QueryV1> {
  const a = govAnswers(node, options.maxPageLimit);
  const proposalV1 = (p: Proposal) => ({
    id: p.id, messages: p.messages.map(proposalMessageAny), status: p.status, finalTallyResult: tallyV1(p.finalTally),
    submitTime: time(p.submitTimeNs), depositEndTime: time(p.depositEndTimeNs), totalDeposit: a.coins(p.totalDeposit),
    votingStartTime: time(p.votingStartTimeNs), votingEndTime: time(p.votingEndTimeNs), metadata: p.metadata, title: p.title,
    summary: p.summary, proposer: p.proposer, expedited: p.expedited, failedReason: p.failedReason,
  });
  return {
    // No constitution was ever set (the genesis's is empty).
    constitution: () => ({ constitution: "" }),
    params: (r) => a.params(r.paramsType),
    ...inVersion(a, proposalV1, voteV1, tallyV1),
  };
}

/** A MsgExecLegacyContent's content (what v1beta1 shows of a legacy proposal); any other message as it is. */
function legacyContent(any: Any): Any {
  if (any.typeUrl !== `/${MsgExecLegacyContentSchema.typeName}`) return any;
  return fromBinary(MsgExecLegacyContentSchema, any.value).content ?? any;
}

/** x/gov v1beta1's legacy Query service: the v1 answers as the SDK's legacy query server converts them. */
export function govV1beta1Queries(node: GovView, options: { maxPageLimit?: number } = {}): ServiceHandlers<typeof QueryV1beta1> {
  const a = govAnswers(node, options.maxPageLimit);
  /** ConvertToLegacyProposal: `content` is the first message's legacy content, or the first message itself (unset without messages). */
  const proposalV1beta1 = (p: Proposal) => ({
    proposalId: p.id, content: p.messages.length === 0 ? undefined : legacyContent(proposalMessageAny(p.messages[0]!)), status: p.status,
    finalTallyResult: tallyV1beta1(p.finalTally), submitTime: time(p.submitTimeNs), depositEndTime: time(p.depositEndTimeNs),
    totalDeposit: a.coins(p.totalDeposit), votingStartTime: time(p.votingStartTimeNs), votingEndTime: time(p.votingEndTimeNs),
  });
  /** A LegacyDec in bytes: its 18-decimal integer's text. */
  const raw = (dec: bigint) => new TextEncoder().encode(`${dec}`);
  return {
    // The legacy params are non-nullable: the ones not asked are written as zero values.
    params: (r) => {
      const v1: { votingParams?: object; depositParams?: object; tallyParams?: object } = a.params(r.paramsType);
      const p = node.gov.params;
      return {
        votingParams: { votingPeriod: duration(v1.votingParams ? p.votingPeriodNs : 0n) },
        depositParams: v1.depositParams ? { minDeposit: a.coins(p.minDeposit), maxDepositPeriod: duration(p.maxDepositPeriodNs) } : { minDeposit: [], maxDepositPeriod: duration(0n) },
        tallyParams: v1.tallyParams
          ? { quorum: raw(p.quorum), threshold: raw(p.threshold), vetoThreshold: raw(p.vetoThreshold) }
          : { quorum: raw(0n), threshold: raw(0n), vetoThreshold: raw(0n) },
      };
    },
    ...inVersion(a, proposalV1beta1, voteV1beta1, tallyV1beta1),
  };
}
