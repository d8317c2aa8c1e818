// An exported chain's x/gov state: proposals, deposits, votes and the next proposal id, read into
// the keeper's records (keeper.ts: `p/`, `d/`, `v/`, `m`) and written back from the keeper.

import { aminoOfSdkJson } from "../../wire/proto-json.js";
import {
  address, array, bondCoins, bool, decimal, fail, int, object, string, timestamp, uint64, type DecParser, type Json,
} from "../../framework/genesis-json.js";
import { PROPOSAL_STATUS_NAMES, type Proposal } from "./proposal.js";
import { VOTE_OPTIONS } from "./validate.js";
import type { Vote } from "./tally.js";

export interface GovState {
  startingProposalId: bigint;
  proposals: Proposal[];
  deposits: { proposalId: bigint; depositor: string; amount: bigint }[];
  votes: Vote[];
}

const pad = (id: bigint) => id.toString().padStart(20, "0");
const bigints = (_key: string, value: unknown): unknown => (typeof value === "bigint" ? `${value}n` : value);

/** The keeper's records of a state (keys and JSON text), for Gov.importRecord. */
export function govRecords(s: GovState): { key: string; value: string }[] {
  return [
    { key: "m", value: JSON.stringify({ next_id: `${s.startingProposalId}` }) },
    ...s.proposals.map((p) => ({ key: `p/${pad(p.id)}`, value: JSON.stringify(p, bigints) })),
    ...s.deposits.map((d) => ({ key: `d/${pad(d.proposalId)}/${d.depositor}`, value: `${d.amount}` })),
    ...s.votes.map((v) => ({ key: `v/${pad(v.proposalId)}/${v.voter}`, value: JSON.stringify(v, bigints) })),
  ];
}

export function parseGovState(g: { [k: string]: Json | undefined }, path: string, dp: DecParser, denom: string, prefix: string): GovState {
  const startingProposalId = uint64(g.starting_proposal_id ?? "1", `${path}.starting_proposal_id`);
  if (startingProposalId === 0n) fail("starting proposal id must be positive", `${path}.starting_proposal_id`);
  const ids = new Set<bigint>();
  const time = (v: Json | undefined, at: string) => (v === undefined || v === null ? null : timestamp(v, at));
  const proposals = array(g.proposals ?? [], `${path}.proposals`).map((x, i): Proposal => {
    const at = `${path}.proposals[${i}]`;
    const o = object(x, at, [
      "id", "messages", "status", "final_tally_result", "submit_time", "deposit_end_time", "total_deposit", "voting_start_time",
      "voting_end_time", "metadata", "title", "summary", "proposer", "expedited", "failed_reason",
    ]);
    const id = uint64(o.id, `${at}.id`);
    if (ids.has(id)) fail(`duplicate proposal id ${id}`, `${at}.id`);
    if (id >= startingProposalId) fail(`proposal id ${id} must be below starting_proposal_id ${startingProposalId}`, `${at}.id`);
    ids.add(id);
    const status = PROPOSAL_STATUS_NAMES.indexOf(string(o.status, `${at}.status`) as (typeof PROPOSAL_STATUS_NAMES)[number]);
    if (status <= 0) fail(`unknown status (known: ${PROPOSAL_STATUS_NAMES.slice(1).join(", ")})`, `${at}.status`);
    const tp = `${at}.final_tally_result`;
    const t = object(o.final_tally_result ?? { yes_count: "0", abstain_count: "0", no_count: "0", no_with_veto_count: "0" }, tp,
      ["yes_count", "abstain_count", "no_count", "no_with_veto_count"]);
    const messages = array(o.messages ?? [], `${at}.messages`).map((m, j) => {
      const mp = `${at}.messages[${j}]`;
      object(m, mp, Object.keys(m as object));
      try {
        return aminoOfSdkJson(m as { [k: string]: unknown });
      } catch (e) {
        return fail((e as Error).message, mp);
      }
    });
    const votingStart = time(o.voting_start_time, `${at}.voting_start_time`);
    const votingEnd = time(o.voting_end_time, `${at}.voting_end_time`);
    return {
      id, messages, status,
      finalTally: { yes: int(t.yes_count, `${tp}.yes_count`), abstain: int(t.abstain_count, `${tp}.abstain_count`), no: int(t.no_count, `${tp}.no_count`), noWithVeto: int(t.no_with_veto_count, `${tp}.no_with_veto_count`) },
      submitTimeNs: timestamp(o.submit_time, `${at}.submit_time`),
      depositEndTimeNs: timestamp(o.deposit_end_time, `${at}.deposit_end_time`),
      totalDeposit: bondCoins(o.total_deposit, `${at}.total_deposit`, denom, int),
      votingStartTimeNs: votingStart === 0n ? null : votingStart, votingEndTimeNs: votingEnd === 0n ? null : votingEnd,
      metadata: o.metadata === undefined ? "" : string(o.metadata, `${at}.metadata`),
      title: o.title === undefined ? "" : string(o.title, `${at}.title`),
      summary: o.summary === undefined ? "" : string(o.summary, `${at}.summary`),
      proposer: o.proposer === undefined || o.proposer === "" ? "" : address(o.proposer, `${at}.proposer`, prefix),
      expedited: bool(o.expedited ?? false, `${at}.expedited`),
      failedReason: o.failed_reason === undefined ? "" : string(o.failed_reason, `${at}.failed_reason`),
    };
  });
  const proposal = (v: Json | undefined, at: string) => {
    const id = uint64(v, at);
    if (!ids.has(id)) fail(`proposal ${id} not found`, at);
    return id;
  };
  const deposits = array(g.deposits ?? [], `${path}.deposits`).map((x, i) => {
    const at = `${path}.deposits[${i}]`;
    const o = object(x, at, ["proposal_id", "depositor", "amount"]);
    return { proposalId: proposal(o.proposal_id, `${at}.proposal_id`), depositor: address(o.depositor, `${at}.depositor`, prefix), amount: bondCoins(o.amount, `${at}.amount`, denom, int) };
  });
  const votes = array(g.votes ?? [], `${path}.votes`).map((x, i): Vote => {
    const at = `${path}.votes[${i}]`;
    const o = object(x, at, ["proposal_id", "voter", "options", "metadata"]);
    const options = array(o.options, `${at}.options`).map((y, j) => {
      const op = `${at}.options[${j}]`;
      const w = object(y, op, ["option", "weight"]);
      const option = VOTE_OPTIONS.indexOf(string(w.option, `${op}.option`) as (typeof VOTE_OPTIONS)[number]);
      if (option <= 0) fail(`unknown vote option (known: ${VOTE_OPTIONS.slice(1).join(", ")})`, `${op}.option`);
      return { option, weight: decimal(w.weight, `${op}.weight`, dp, "weight") };
    });
    return {
      proposalId: proposal(o.proposal_id, `${at}.proposal_id`), voter: address(o.voter, `${at}.voter`, prefix), options,
      metadata: o.metadata === undefined ? "" : string(o.metadata, `${at}.metadata`),
    };
  });
  return { startingProposalId, proposals, deposits, votes };
}
