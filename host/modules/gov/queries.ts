// x/gov v1's queries over REST, as the gateway renders them (SDK v0.53 paths, names and errors):
// params, proposals (filtered by status, voter, depositor), a proposal, its votes and deposits,
// and its tally (the live tally during the voting period, the final one after). The same answers
// reach abci_query through the query router (proto/cosmos/gov/v1/query.proto's routes).
// x/gov v1beta1's legacy queries (wallets and explorers still call them) answer from the same
// state as the SDK's legacy query server converts it: a proposal's `content` is its first message,
// tallies are yes/abstain/no/no_with_veto, votes carry only their weighted options, and the params
// query returns all three legacy params objects (the requested one filled).

import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import type { Application } from "../../app/application.js";
import { DEFAULT_LIMITS } from "../../limits.js";
import { PROPOSAL_STATUS_NAMES, ProposalStatus, type Proposal, type TallyCounts, type Vote } from "./keeper.js";
import { VOTE_OPTIONS } from "./validate.js";
import { gatewayJsonOfAmino, typeUrlOfAmino } from "../../wire/messages.js";
import { GatewayError, GrpcCode, decString, durationString, errorBody, timestampString } from "../../wire/gateway-json.js";
import { pageQuery, paginateArray } from "../../wire/cosmos-pagination.js";

const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);
const notFound = (message: string) => new GatewayError(GrpcCode.NOT_FOUND, message);

export function registerGovRoutes(app: Hono, node: Application, options: { maxPageLimit?: number } = {}): void {
  const maxPageLimit = options.maxPageLimit ?? DEFAULT_LIMITS.maxPageLimit;
  const denom = node.denom;
  const answer = (c: Context, handler: () => unknown) => {
    try {
      return c.json(handler() as object);
    } catch (e) {
      if (!(e instanceof GatewayError)) throw e;
      return c.json(errorBody(e.code, e.message), e.status as ContentfulStatusCode);
    }
  };
  /** A v1 route, and its v1beta1 twin answering the v1 answer converted by `legacy`. */
  const get = (path: string, handler: (c: Context) => unknown, legacy: (v1: any) => unknown): void => {
    app.get(`/cosmos/gov/v1${path}`, (c) => answer(c, () => handler(c)));
    app.get(`/cosmos/gov/v1beta1${path}`, (c) => answer(c, () => legacy(handler(c))));
  };
  const proposalId = (c: Context): bigint => {
    const text = c.req.param("proposal_id") ?? "";
    if (!/^[0-9]+$/.test(text) || BigInt(text) >= 1n << 64n) {
      throw invalid(`type mismatch, parameter: proposal_id, error: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`);
    }
    const id = BigInt(text);
    if (id === 0n) throw invalid("proposal id can not be 0");
    return id;
  };
  const proposal = (id: bigint): Proposal => {
    const p = node.gov.proposal(id);
    if (p === undefined) throw notFound(`proposal ${id} doesn't exist`);
    return p;
  };
  const address = (text: string, what: string): string => {
    if (text === "") throw invalid(`empty ${what} address`);
    try {
      return encodeAddress(node.directory.accountPrefix, accountAddressBytes(text, node.directory.accountPrefix));
    } catch (e) {
      throw invalid(`invalid ${what} address: ${(e as Error).message}`);
    }
  };
  const coins = (amount: bigint) => (amount === 0n ? [] : [{ denom, amount: `${amount}` }]);

  get("/params/:params_type", (c) => {
    const type = c.req.param("params_type") ?? "";
    const p = node.gov.params;
    const params = {
      min_deposit: coins(p.minDeposit),
      max_deposit_period: durationString(p.maxDepositPeriodNs),
      voting_period: durationString(p.votingPeriodNs),
      quorum: decString(p.quorum),
      threshold: decString(p.threshold),
      veto_threshold: decString(p.vetoThreshold),
      min_initial_deposit_ratio: decString(p.minInitialDepositRatio),
      proposal_cancel_ratio: decString(p.proposalCancelRatio),
      proposal_cancel_dest: p.proposalCancelDest,
      expedited_voting_period: durationString(p.expeditedVotingPeriodNs),
      expedited_threshold: decString(p.expeditedThreshold),
      expedited_min_deposit: coins(p.expeditedMinDeposit),
      burn_vote_quorum: p.burnVoteQuorum,
      burn_proposal_deposit_prevote: p.burnProposalDepositPrevote,
      burn_vote_veto: p.burnVoteVeto,
      min_deposit_ratio: decString(p.minDepositRatio),
    };
    const legacy = { voting_params: null as unknown, deposit_params: null as unknown, tally_params: null as unknown };
    if (type === "voting") legacy.voting_params = { voting_period: params.voting_period };
    else if (type === "deposit") legacy.deposit_params = { min_deposit: params.min_deposit, max_deposit_period: params.max_deposit_period };
    else if (type === "tallying") legacy.tally_params = { quorum: params.quorum, threshold: params.threshold, veto_threshold: params.veto_threshold };
    else throw invalid(`unknown params type: ${type}`);
    return { ...legacy, params };
  }, (v1) => ({
    voting_params: v1.voting_params ?? { voting_period: "0s" },
    deposit_params: v1.deposit_params ?? { min_deposit: [], max_deposit_period: "0s" },
    tally_params: v1.tally_params ?? { quorum: decString(0n), threshold: decString(0n), veto_threshold: decString(0n) },
  }));

  get("/proposals", (c) => {
    const statusText = c.req.query("proposal_status") ?? "";
    let status: number | undefined;
    if (statusText !== "") {
      status = /^[0-9]+$/.test(statusText) ? Number(statusText) : PROPOSAL_STATUS_NAMES.indexOf(statusText as (typeof PROPOSAL_STATUS_NAMES)[number]);
      if (status < 0 || status >= PROPOSAL_STATUS_NAMES.length) {
        throw invalid(`type mismatch, parameter: proposal_status, error: ${statusText} is not valid`);
      }
    }
    const voter = c.req.query("voter");
    const depositor = c.req.query("depositor");
    const list = node.gov.listProposals({
      ...(status !== undefined ? { status } : {}),
      ...(voter ? { voter: address(voter, "voter") } : {}),
      ...(depositor ? { depositor: address(depositor, "depositor") } : {}),
    });
    const { items, pagination } = paginateArray(list, (p) => p.id, pageQuery(c, maxPageLimit));
    return { proposals: items.map((p) => proposalJson(p, denom)), pagination };
  }, (v1) => ({ proposals: v1.proposals.map(legacyProposal), pagination: v1.pagination }));

  get("/proposals/:proposal_id", (c) => ({ proposal: proposalJson(proposal(proposalId(c)), denom) }), (v1) => ({ proposal: legacyProposal(v1.proposal) }));

  get("/proposals/:proposal_id/votes", (c) => {
    const id = proposalId(c);
    const votes = node.gov.listVotes(id).map((v, i) => ({ v, key: BigInt(i) }));
    const { items, pagination } = paginateArray(votes, (x) => x.key, pageQuery(c, maxPageLimit));
    return { votes: items.map((x) => voteJson(x.v)), pagination };
  }, (v1) => ({ votes: v1.votes.map(legacyVote), pagination: v1.pagination }));

  get("/proposals/:proposal_id/votes/:voter", (c) => {
    const id = proposalId(c);
    const voter = address(c.req.param("voter") ?? "", "voter");
    const v = node.gov.voteOf(id, voter);
    if (v === undefined) throw notFound(`voter: ${voter} not found for proposal: ${id}`);
    return { vote: voteJson(v) };
  }, (v1) => ({ vote: legacyVote(v1.vote) }));

  get("/proposals/:proposal_id/deposits", (c) => {
    const id = proposalId(c);
    const deposits = node.gov.listDeposits(id).map((d, i) => ({ d, key: BigInt(i) }));
    const { items, pagination } = paginateArray(deposits, (x) => x.key, pageQuery(c, maxPageLimit));
    return { deposits: items.map(({ d }) => ({ proposal_id: `${id}`, depositor: d.depositor, amount: coins(d.amount) })), pagination };
  }, same);

  get("/proposals/:proposal_id/deposits/:depositor", (c) => {
    const id = proposalId(c);
    const depositor = address(c.req.param("depositor") ?? "", "depositor");
    const amount = node.gov.depositOf(id, depositor);
    if (amount === undefined) throw notFound(`depositer: ${depositor} not found for proposal: ${id}`);
    return { deposit: { proposal_id: `${id}`, depositor, amount: coins(amount) } };
  }, same);

  get("/proposals/:proposal_id/tally", (c) => {
    const p = proposal(proposalId(c));
    if (p.status === ProposalStatus.VotingPeriod) return { tally: tallyJson(node.currentTally(p.id)!) };
    return { tally: tallyJson(p.finalTally) };
  }, (v1) => ({ tally: legacyTally(v1.tally) }));
}

const same = (v1: unknown) => v1;

/** v1beta1's TallyResult: the v1 counts under their old names. */
const legacyTally = (t: ReturnType<typeof tallyJson>) => ({ yes: t.yes_count, abstain: t.abstain_count, no: t.no_count, no_with_veto: t.no_with_veto_count });

/** ConvertToLegacyProposal: `content` is the first message (null for a proposal without messages). */
const legacyProposal = (p: ReturnType<typeof proposalJson>) => ({
  proposal_id: p.id,
  content: (p.messages as unknown[])[0] ?? null,
  status: p.status,
  final_tally_result: legacyTally(p.final_tally_result as ReturnType<typeof tallyJson>),
  submit_time: p.submit_time,
  deposit_end_time: p.deposit_end_time,
  total_deposit: p.total_deposit,
  voting_start_time: p.voting_start_time,
  voting_end_time: p.voting_end_time,
});

/** ConvertToLegacyVote: the weighted options; the deprecated single option left unspecified. */
const legacyVote = (v: ReturnType<typeof voteJson>) => ({ proposal_id: v.proposal_id, voter: v.voter, option: "VOTE_OPTION_UNSPECIFIED", options: v.options });

/** Gateway JSON of a proposal (x/gov v1 Proposal). */
export function proposalJson(p: Proposal, denom: string): Record<string, unknown> {
  const time = (ns: bigint | null) => (ns === null ? null : timestampString(ns));
  return {
    id: `${p.id}`,
    messages: p.messages.map((m) => ({ "@type": typeUrlOfAmino(m.type) ?? m.type, ...(gatewayJsonOfAmino(m.type, m.value) ?? m.value) })),
    status: PROPOSAL_STATUS_NAMES[p.status],
    final_tally_result: tallyJson(p.finalTally),
    submit_time: time(p.submitTimeNs),
    deposit_end_time: time(p.depositEndTimeNs),
    total_deposit: p.totalDeposit === 0n ? [] : [{ denom, amount: `${p.totalDeposit}` }],
    voting_start_time: time(p.votingStartTimeNs),
    voting_end_time: time(p.votingEndTimeNs),
    metadata: p.metadata,
    title: p.title,
    summary: p.summary,
    proposer: p.proposer,
    expedited: p.expedited,
    failed_reason: p.failedReason,
  };
}

export const tallyJson = (t: TallyCounts) => ({
  yes_count: `${t.yes}`, abstain_count: `${t.abstain}`, no_count: `${t.no}`, no_with_veto_count: `${t.noWithVeto}`,
});

export const voteJson = (v: Vote) => ({
  proposal_id: `${v.proposalId}`,
  voter: v.voter,
  options: v.options.map((o) => ({ option: VOTE_OPTIONS[o.option], weight: decString(o.weight) })),
  metadata: v.metadata,
});
