// A proposal's record and its statuses: plain data (no keeper, event or wire code), for the genesis
// types and the web package's typings.

import type { TallyCounts } from "./tally.js";

export const ProposalStatus = {
  DepositPeriod: 1,
  VotingPeriod: 2,
  Passed: 3,
  Rejected: 4,
  Failed: 5,
} as const;
export const PROPOSAL_STATUS_NAMES = [
  "PROPOSAL_STATUS_UNSPECIFIED", "PROPOSAL_STATUS_DEPOSIT_PERIOD", "PROPOSAL_STATUS_VOTING_PERIOD",
  "PROPOSAL_STATUS_PASSED", "PROPOSAL_STATUS_REJECTED", "PROPOSAL_STATUS_FAILED",
] as const;

export interface Proposal {
  id: bigint;
  /** Amino type and value (as signed, or as the node converts a protobuf message for amino sign bytes). */
  messages: { type: string; value: Record<string, unknown> }[];
  status: number;
  finalTally: TallyCounts;
  submitTimeNs: bigint;
  depositEndTimeNs: bigint;
  totalDeposit: bigint;
  votingStartTimeNs: bigint | null;
  votingEndTimeNs: bigint | null;
  metadata: string;
  title: string;
  summary: string;
  proposer: string;
  expedited: boolean;
  failedReason: string;
}

