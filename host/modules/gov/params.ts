// x/gov v1's params as the keeper and the tally read them (genesis.ts parses them).

/** x/gov v1 params (SDK v0.53 names); decimals raw, periods in ns, deposits in the bond denom. */
export interface GovParams {
  minDeposit: bigint;
  expeditedMinDeposit: bigint;
  maxDepositPeriodNs: bigint;
  votingPeriodNs: bigint;
  expeditedVotingPeriodNs: bigint;
  quorum: bigint;
  threshold: bigint;
  vetoThreshold: bigint;
  expeditedThreshold: bigint;
  minInitialDepositRatio: bigint;
  proposalCancelRatio: bigint;
  /** Where a cancelled proposal's charge goes: an account address, or "" to burn it. */
  proposalCancelDest: string;
  burnVoteQuorum: boolean;
  burnProposalDepositPrevote: boolean;
  burnVoteVeto: boolean;
  minDepositRatio: bigint;
}
