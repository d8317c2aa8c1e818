// `app_state.gov` written back from the keeper (the export's x/gov section; genesis-state.ts reads it).

import { decString, timestampString } from "../../wire/gateway-json.js";
import { gatewayJsonOfAmino, typeUrlOfAmino } from "../../wire/messages.js";
import { addressOrder, type Json } from "../../framework/genesis-json.js";
import { PROPOSAL_STATUS_NAMES } from "./proposal.js";
import type { Gov } from "./keeper.js";
import { VOTE_OPTIONS } from "./validate.js";

/** `app_state.gov` from the keeper; params, deprecated sections and constitution as the genesis had them. */
export function govJson(kept: { [key: string]: Json | undefined }, gov: Gov, denom: string, prefix: string): Json {
  const order = addressOrder(prefix, false);
  const coins = (amount: bigint): Json => (amount === 0n ? [] : [{ denom, amount: `${amount}` }]);
  const proposals = gov.listProposals({});
  const time = (ns: bigint | null) => (ns === null ? null : timestampString(ns));
  return {
    starting_proposal_id: `${gov.nextProposalId}`,
    deposits: proposals.flatMap((p) => [...gov.listDeposits(p.id)].sort((a, b) => order(a.depositor, b.depositor)).map((d) => ({ proposal_id: `${p.id}`, depositor: d.depositor, amount: coins(d.amount) }))),
    votes: proposals.flatMap((p) => [...gov.listVotes(p.id)].sort((a, b) => order(a.voter, b.voter)).map((v) => ({
      proposal_id: `${p.id}`, voter: v.voter, options: v.options.map((o) => ({ option: VOTE_OPTIONS[o.option]!, weight: decString(o.weight) })), metadata: v.metadata,
    }))),
    proposals: proposals.map((p) => ({
      id: `${p.id}`,
      messages: p.messages.map((m) => ({ "@type": typeUrlOfAmino(m.type) ?? m.type, ...(gatewayJsonOfAmino(m.type, m.value) ?? m.value) })) as Json,
      status: PROPOSAL_STATUS_NAMES[p.status]!,
      final_tally_result: { yes_count: `${p.finalTally.yes}`, abstain_count: `${p.finalTally.abstain}`, no_count: `${p.finalTally.no}`, no_with_veto_count: `${p.finalTally.noWithVeto}` },
      submit_time: timestampString(p.submitTimeNs), deposit_end_time: timestampString(p.depositEndTimeNs), total_deposit: coins(p.totalDeposit),
      voting_start_time: time(p.votingStartTimeNs), voting_end_time: time(p.votingEndTimeNs),
      metadata: p.metadata, title: p.title, summary: p.summary, proposer: p.proposer, expedited: p.expedited, failed_reason: p.failedReason,
    })),
    deposit_params: kept.deposit_params ?? null,
    voting_params: kept.voting_params ?? null,
    tally_params: kept.tally_params ?? null,
    params: kept.params as Json,
    constitution: kept.constitution ?? "",
  };
}
