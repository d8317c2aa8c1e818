// What the gas model reads of the node's state, in the SDK's terms: accounts with their numbers,
// sequences and keys, balances, validators as x/staking stores them, delegations, the F1 records,
// unbondings and redelegations, tiers and positions. Read before a message runs (its pre-state).

import { addressLength } from "../../wire/address.js";
import type { AccountFields, EntryFields, PositionFields, ValidatorFields } from "./records.js";

export interface PositionView extends PositionFields {
  /** The delegation's validator operator, when delegated. */
  validator?: string;
  shares: bigint;
  unbonding: boolean;
}

export interface NodeView {
  readonly denom: string;
  /** Bech32 prefix of account addresses. */
  readonly prefix: string;
  readonly communityTax: bigint;
  readonly unbondingTimeNs: bigint;
  readonly maxValidators: number;
  /** An account as x/auth holds it, or undefined when it does not exist. */
  account(address: string): AccountFields | undefined;
  /** The account address of a validator operator (same bytes). */
  operatorAccount(operator: string): string;
  /** The account number the next new account gets. */
  nextAccountNumber(): bigint;
  /** A module account's address, number and permissions. */
  moduleAccount(name: string): { address: string; number: bigint; permissions: readonly string[] };
  /** The name of the module whose account an address is, if it is one. */
  moduleName(address: string): string | undefined;
  balance(address: string, denom: string): bigint;
  validator(operator: string): ValidatorFields | undefined;
  delegationShares(delegator: string, operator: string): bigint | undefined;
  unbondingEntries(delegator: string, operator: string): EntryFields[];
  redelegationEntries(delegator: string, src: string, dst?: string): EntryFields[];
  /** The delegator's first unbonding record (by validator) and first redelegation record (by source, destination). */
  firstUnbonding(delegator: string): { validator: string; entries: EntryFields[] } | undefined;
  firstRedelegation(delegator: string): { src: string; dst: string; entries: EntryFields[] } | undefined;
  /** The last unbonding id handed out (0: x/staking's sequence is not stored yet). */
  lastUnbondingId(): bigint;
  /** x/distribution's records of a validator (raw Decs). */
  currentRewards(operator: string): { rewards: bigint; period: bigint };
  historical(operator: string, period: bigint): { ratio: bigint; references: number } | undefined;
  outstanding(operator: string): bigint;
  commission(operator: string): bigint;
  startingInfo(delegator: string, operator: string): { previousPeriod: bigint; stake: bigint; height: bigint } | undefined;
  /** A withdraw address set for the delegator (none: rewards go to the delegator). */
  withdrawAddress(delegator: string): string | undefined;
  communityPool(): bigint;
  tier(id: number): { id: number; exitSeconds: bigint; bonusApy: bigint; minLock: bigint; closeOnly: boolean } | undefined;
  position(id: bigint): PositionView | undefined;
  nextPositionId(): bigint;
  positionCountByTier(id: number): bigint;
  positionCountByValidator(operator: string): bigint;
  eventSeq(operator: string): bigint;
  eventsSince(operator: string, seq: bigint): { seq: bigint; height: bigint; timeNs: bigint; type: number; tokensPerShare: bigint; references: bigint }[];
}

/** Bytes of a bech32 address (20, or 32 for a module-derived one). */
export function addrLen(address: string): number {
  try {
    return addressLength(address);
  } catch {
    return 20;
  }
}
