// x/gov v1's genesis (`app_state.gov`) as the SDK v0.53 writes and validates it: params, and an
// exported chain's proposals (their messages converted to the amino JSON the node executes),
// deposits, votes and next proposal id. The deprecated params sections and the constitution are
// kept and exported again. The governance authority is the node's own setting (app_state.node).

import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import { decString } from "../../wire/gateway-json.js";
import {
  ONE, array, decimal, duration, fail, int, mergeJson, object, string, type DecParser, type Json,
} from "../../framework/genesis-json.js";
import { parseGovState, type GovState } from "./genesis-state.js";

export type { GovState } from "./genesis-state.js";
import type { GovParams } from "./params.js";
export type { GovParams } from "./params.js";

/**
 * The SDK's DefaultParams with the bond denom: periods of 2 days (expedited voting 1 day), quorum
 * 33.4 %, threshold 50 %, veto 33.4 %, expedited threshold 66.7 %, deposits 10,000 CRO (expedited
 * 50,000), each deposit at least 1 % of the minimum, a cancel charges half.
 */
export const DEFAULT_GOV_PARAMS_JSON = {
  min_deposit: [{ denom: "basecro", amount: "1000000000000" }],
  max_deposit_period: "172800s",
  voting_period: "172800s",
  quorum: "0.334000000000000000",
  threshold: "0.500000000000000000",
  veto_threshold: "0.334000000000000000",
  min_initial_deposit_ratio: "0.000000000000000000",
  proposal_cancel_ratio: "0.500000000000000000",
  proposal_cancel_dest: "",
  expedited_voting_period: "86400s",
  expedited_threshold: "0.667000000000000000",
  expedited_min_deposit: [{ denom: "basecro", amount: "5000000000000" }],
  burn_vote_quorum: false,
  burn_proposal_deposit_prevote: false,
  burn_vote_veto: true,
  min_deposit_ratio: "0.010000000000000000",
} as const;

/** The keys of x/gov's GenesisState. */
const GOV_KEYS = [
  "starting_proposal_id", "deposits", "votes", "proposals", "deposit_params", "voting_params", "tally_params", "params", "constitution",
];

export function parseGov(
  v: Json | undefined, dec: DecParser, denom: string, prefix: string,
): { params: GovParams; state: GovState } {
  const ACCOUNT_PREFIX = prefix;
  const path = "app_state.gov";
  if (v !== null && typeof v === "object" && !Array.isArray(v) && "authority" in v) {
    fail("x/gov's genesis has no authority: the node's governance authority is app_state.node.gov_authority", `${path}.authority`);
  }
  const g = v === undefined ? {} : object(v, path, GOV_KEYS);
  const pp = `${path}.params`;
  const merged = mergeJson(DEFAULT_GOV_PARAMS_JSON as unknown as Json, (g.params ?? {}) as Json);
  const p = object(merged, pp, Object.keys(DEFAULT_GOV_PARAMS_JSON));
  const deposit = (key: string): bigint => {
    const coins = array(p[key], `${pp}.${key}`);
    let amount = 0n;
    coins.forEach((c, i) => {
      const cp = `${pp}.${key}[${i}]`;
      const o = object(c, cp, ["denom", "amount"]);
      if (string(o.denom, `${cp}.denom`) !== denom) fail(`deposits are in the bond denom ${denom} only`, `${cp}.denom`);
      amount += int(o.amount, `${cp}.amount`);
    });
    if (amount <= 0n) fail("minimum deposit must be positive", `${pp}.${key}`);
    return amount;
  };
  const ratio = (key: string, what: string, allowZero = true): bigint => {
    const r = decimal(p[key], `${pp}.${key}`, dec, what);
    if (r < 0n || r > ONE || (!allowZero && r === 0n)) fail(`${what} must be ${allowZero ? "between 0 and 1" : "positive and at most 1"}: ${decString(r)}`, `${pp}.${key}`);
    return r;
  };
  const period = (key: string): bigint => {
    const ns = duration(p[key], `${pp}.${key}`);
    if (ns <= 0n) fail("period must be positive", `${pp}.${key}`);
    return ns;
  };
  const flag = (key: string): boolean => {
    if (typeof p[key] !== "boolean") fail("must be true or false", `${pp}.${key}`);
    return p[key] as boolean;
  };
  const params: GovParams = {
    minDeposit: deposit("min_deposit"),
    expeditedMinDeposit: deposit("expedited_min_deposit"),
    maxDepositPeriodNs: period("max_deposit_period"),
    votingPeriodNs: period("voting_period"),
    expeditedVotingPeriodNs: period("expedited_voting_period"),
    quorum: ratio("quorum", "quorum"),
    threshold: ratio("threshold", "vote threshold", false),
    vetoThreshold: ratio("veto_threshold", "veto threshold", false),
    expeditedThreshold: ratio("expedited_threshold", "expedited vote threshold", false),
    minInitialDepositRatio: ratio("min_initial_deposit_ratio", "minimum initial deposit ratio"),
    proposalCancelRatio: ratio("proposal_cancel_ratio", "proposal cancel ratio"),
    proposalCancelDest: string(p.proposal_cancel_dest, `${pp}.proposal_cancel_dest`),
    burnVoteQuorum: flag("burn_vote_quorum"),
    burnProposalDepositPrevote: flag("burn_proposal_deposit_prevote"),
    burnVoteVeto: flag("burn_vote_veto"),
    minDepositRatio: ratio("min_deposit_ratio", "minimum deposit ratio"),
  };
  if (params.expeditedVotingPeriodNs >= params.votingPeriodNs) {
    fail("expedited voting period must be strictly less than the regular voting period", `${pp}.expedited_voting_period`);
  }
  if (params.expeditedThreshold <= params.threshold) fail("expedited threshold must be greater than the regular threshold", `${pp}.expedited_threshold`);
  if (params.expeditedMinDeposit < params.minDeposit) fail("expedited minimum deposit must be greater than or equal to the minimum deposit", `${pp}.expedited_min_deposit`);
  if (params.proposalCancelDest !== "") {
    try {
      params.proposalCancelDest = encodeAddress(ACCOUNT_PREFIX, accountAddressBytes(params.proposalCancelDest, ACCOUNT_PREFIX));
    } catch (e) {
      fail(`invalid proposal cancel dest: ${(e as Error).message}`, `${pp}.proposal_cancel_dest`);
    }
  }
  return { params, state: parseGovState(g, path, dec, denom, prefix) };
}

