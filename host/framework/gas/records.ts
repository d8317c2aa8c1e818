// The byte sizes of the SDK's and chain-main's store records, keys and values, from their fields:
// x/auth accounts, x/bank balances, x/staking validators, delegations, unbondings and
// redelegations, x/distribution's F1 records, x/tieredrewards tiers and positions, x/gov records.
// Values are the gogoproto encodings (docs/gas.md has the layouts).

import { any, bytesOf, coins, decimal, duration, lenField, msg, str, text, timestamp, uint } from "./proto.js";
import type { ValidatorDescription } from "../view.js";
import { MODULE_CREDENTIAL, isCredential } from "../../wire/credential.js";

/** Address bytes: 20 for keys, 32 for module-derived ones (a position's delegator). */
export type AddrLen = number;

// ---- keys ----

/** The keys the keepers read and write, by the lengths of their parts (collections encodings). */
export const Key = {
  authParams: 1,
  account: (addr: AddrLen) => 1 + addr,
  accountNumberIndex: 13 + 8,
  nextAccountNumber: 1,
  balance: (addr: AddrLen, denom: string) => 2 + addr + bytesOf(denom),
  denomIndex: (addr: AddrLen, denom: string) => 1 + bytesOf(denom) + 2 + addr,
  bankParams: 1,
  sendEnabled: (denom: string) => 1 + bytesOf(denom),
  circuit: (typeUrl: string) => 1 + bytesOf(typeUrl),
  stakingParams: 1,
  validator: 22,
  validatorByCons: 22,
  powerIndex: 30,
  delegation: (del: AddrLen) => 23 + del,
  delegationByValidator: (del: AddrLen) => 22 + del,
  /** A delegator's delegations (and unbondings, redelegations): the prefix iterated. */
  delegatorPrefix: (del: AddrLen) => 2 + del,
  unbonding: (del: AddrLen) => 23 + del,
  unbondingByValidator: (del: AddrLen) => 23 + del,
  redelegation: (del: AddrLen) => 44 + del,
  unbondingId: 1,
  unbondingIndex: 9,
  unbondingType: 9,
  queue: 30,
  feePool: 1,
  distrParams: 1,
  outstanding: 22,
  currentRewards: 22,
  commission: 22,
  historical: 30,
  startingInfo: (del: AddrLen) => 23 + del,
  withdrawAddr: (del: AddrLen) => 2 + del,
  tier: 5,
  position: 9,
  nextPositionId: 1,
  positionsByOwner: (owner: AddrLen) => 10 + owner,
  positionsByTier: 13,
  positionCountByTier: 5,
  eventSeq: 21,
  event: 30,
  positionCountByValidator: 21,
  redelegationMapping: 9,
  redelegationMappingByPosition: 17,
  govParams: 1,
  proposal: 9,
  proposalId: 1,
  proposalQueue: 38,
  votingPeriod: 9,
  deposit: (addr: AddrLen) => 10 + addr,
  vote: (addr: AddrLen) => 10 + addr,
  slashingPubkey: 22,
} as const;

// ---- x/auth ----

export interface AccountFields {
  address: string;
  /** A compressed secp256k1 key once the account has signed. */
  pubKey?: Uint8Array;
  number: bigint;
  sequence: bigint;
  /** A vesting account's stored value around its BaseAccount's bytes (host/modules/vesting/records.ts). */
  wrap?: (base: number) => number;
  /** A vesting account's `wrap` and `track` after TrackDelegation of an amount (its delegated vesting and free). */
  track?: (amount: bigint) => Pick<AccountFields, "wrap" | "track">;
}

const baseAccount = (a: AccountFields): number =>
  str(1, a.address) +
  (isCredential(a.pubKey) ? msg(2, any(MODULE_CREDENTIAL, a.pubKey!.length - 1))
    : a.pubKey ? msg(2, any("/cosmos.crypto.secp256k1.PubKey", lenField(1, a.pubKey.length))) : 0) +
  uint(3, a.number) + uint(4, a.sequence);

/** Any(BaseAccount), or a vesting account's Any around it. */
export const accountValue = (a: AccountFields): number =>
  a.wrap !== undefined ? a.wrap(baseAccount(a)) : any("/cosmos.auth.v1beta1.BaseAccount", baseAccount(a));

/** Any(ModuleAccount{BaseAccount, name, permissions}). */
export function moduleAccountValue(address: string, number: bigint, name: string, permissions: readonly string[]): number {
  const inner = msg(1, baseAccount({ address, number, sequence: 0n })) + str(2, name) + permissions.reduce((n, p) => n + str(3, p), 0);
  return any("/cosmos.auth.v1beta1.ModuleAccount", inner);
}

/** x/auth Params (5 defaults), x/bank Params {default_send_enabled}, x/staking and x/distribution Params. */
export const AUTH_PARAMS = 13;
export const BANK_PARAMS = 2;

// ---- x/bank: a balance is its amount's decimal text ----

export const balanceValue = (amount: bigint): number => decimal(amount).length;

// ---- x/staking ----

/** A validator as x/staking stores it: the exported fields but its consensus key's size and the SDK's BondStatus. */
export interface ValidatorFields {
  operator: string;
  jailed: boolean;
  tokens: bigint;
  shares: bigint;
  description: ValidatorDescription;
  unbondingHeight: bigint;
  unbondingTimeNs: bigint;
  /** Raw Decs. */
  rate: bigint;
  maxRate: bigint;
  maxChangeRate: bigint;
  updateTimeNs: bigint;
  minSelfDelegation: bigint;
  consensusPubKey: number;
  /** 1 unbonded, 2 unbonding, 3 bonded (BondStatus). */
  status: number;
}

export function validatorValue(v: ValidatorFields): number {
  const d = v.description;
  const description = str(1, d.moniker) + str(2, d.identity) + str(3, d.website) + str(4, d.securityContact) + str(5, d.details);
  const rates = text(1, decimal(v.rate)) + text(2, decimal(v.maxRate)) + text(3, decimal(v.maxChangeRate));
  return (
    str(1, v.operator) + msg(2, any("/cosmos.crypto.ed25519.PubKey", lenField(1, v.consensusPubKey))) + uint(3, v.jailed) + uint(4, v.status) +
    text(5, decimal(v.tokens)) + text(6, decimal(v.shares)) + msg(7, description) + uint(8, v.unbondingHeight) +
    timestamp(9, v.unbondingTimeNs) + msg(10, msg(1, rates) + timestamp(2, v.updateTimeNs)) + text(11, decimal(v.minSelfDelegation))
  );
}

export const delegationValue = (delegator: string, validator: string, shares: bigint): number =>
  str(1, delegator) + str(2, validator) + text(3, decimal(shares));

export interface EntryFields {
  creationHeight: bigint;
  completionTimeNs: bigint;
  initialBalance: bigint;
  /** The balance (an unbonding) or the destination shares (a redelegation). */
  balance: bigint;
  id: bigint;
}

const entry = (e: EntryFields): number =>
  uint(1, e.creationHeight) + timestamp(2, e.completionTimeNs) + text(3, decimal(e.initialBalance)) + text(4, decimal(e.balance)) + uint(5, e.id);

export const unbondingValue = (delegator: string, validator: string, entries: readonly EntryFields[]): number =>
  str(1, delegator) + str(2, validator) + entries.reduce((n, e) => n + msg(3, entry(e)), 0);

export const redelegationValue = (delegator: string, src: string, dst: string, entries: readonly EntryFields[]): number =>
  str(1, delegator) + str(2, src) + str(3, dst) + entries.reduce((n, e) => n + msg(4, entry(e)), 0);

/** DVPairs / DVVTriplets of a queue slice. */
export const dvPairsValue = (pairs: readonly (readonly string[])[]): number =>
  pairs.reduce((n, p) => n + msg(1, p.reduce((m, s, i) => m + str(i + 1, s), 0)), 0);

/** x/staking Params (unbonding 120 s, 100 validators, 7 entries, 10,000 historical entries, basecro, 0). */
export const stakingParamsValue = (unbondingSeconds: bigint, maxValidators: number, bondDenom: string): number =>
  duration(1, unbondingSeconds) + uint(2, maxValidators) + uint(3, 7) + uint(4, 10_000) + str(5, bondDenom) + text(6, "0");

/** slashing's pubkey record: Any(ed25519 PubKey). */
export const consensusPubKeyValue = (keyLen: number): number => any("/cosmos.crypto.ed25519.PubKey", lenField(1, keyLen));

// ---- x/distribution (amounts are LegacyDec raw values) ----

export const decCoinsValue = (denom: string, amount: bigint): number => coins(1, denom, amount);
export const currentRewardsValue = (denom: string, rewards: bigint, period: bigint): number => coins(1, denom, rewards) + uint(2, period);
export const historicalValue = (denom: string, ratio: bigint, references: number): number => coins(1, denom, ratio) + uint(2, references);
export const startingInfoValue = (previousPeriod: bigint, stake: bigint, height: bigint): number =>
  uint(1, previousPeriod) + text(2, decimal(stake)) + uint(3, height);
/** x/distribution Params {community_tax, base and bonus proposer reward (0), withdraw_addr_enabled}. */
export const distrParamsValue = (communityTax: bigint): number => text(1, decimal(communityTax)) + text(2, "0") + text(3, "0") + uint(4, true);

// ---- x/tieredrewards ----

export const tierValue = (t: { id: number; exitSeconds: bigint; bonusApy: bigint; minLock: bigint; closeOnly: boolean }): number =>
  uint(1, t.id) + duration(2, t.exitSeconds) + text(3, decimal(t.bonusApy)) + text(4, decimal(t.minLock)) + uint(5, t.closeOnly);

/** A position as x/tieredrewards keeps it (the SDK genesis's Position): its record's fields (times unix ns, 0 = the zero time). */
export interface PositionFields {
  id: bigint;
  owner: string;
  tierId: number;
  lastBonusAccrualNs: bigint;
  lastEventSeq: bigint;
  lastKnownBonded: boolean;
  exitTriggeredAtNs: bigint;
  exitUnlockAtNs: bigint;
  createdAtHeight: bigint;
  createdAtTimeNs: bigint;
  delegator: string;
}

export const positionValue = (p: PositionFields): number =>
  uint(1, p.id) + str(2, p.owner) + uint(3, p.tierId) + timestamp(4, p.lastBonusAccrualNs) + uint(5, p.lastEventSeq) +
  uint(6, p.lastKnownBonded) + timestamp(7, p.exitTriggeredAtNs) + timestamp(8, p.exitUnlockAtNs) + uint(9, p.createdAtHeight) +
  timestamp(10, p.createdAtTimeNs) + str(11, p.delegator);

export const validatorEventValue = (e: { height: bigint; timeNs: bigint; type: number; tokensPerShare: bigint; references: bigint }): number =>
  uint(1, e.height) + timestamp(2, e.timeNs) + uint(3, e.type) + text(4, decimal(e.tokensPerShare)) + uint(5, e.references);

/** A collections uint64 value (sequences, counters): 8 bytes big-endian. */
export const U64_VALUE = 8;

// ---- x/gov ----

export const depositValue = (proposalId: bigint, depositor: string, denom: string, amount: bigint): number =>
  uint(1, proposalId) + str(2, depositor) + coins(3, denom, amount);
