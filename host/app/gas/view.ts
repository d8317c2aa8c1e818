// What the gas model reads of the node's state, in the SDK's terms: accounts with their numbers,
// sequences and keys, balances, validators as x/staking stores them, delegations, the F1 records,
// unbondings and redelegations, tiers and positions. Read before a message runs (its pre-state).

import type { Core } from "../../core/core.js";
import { ModuleAccount, ValidatorStatus, type Ledger } from "../../core/ledger.js";
import type { Tiers } from "../../core/tiers.js";
import { MODULE_ACCOUNTS, MODULE_PERMISSIONS, type NodeDirectory } from "../../modules/auth/directory.js";
import type { ValidatorRegistry } from "../../modules/staking/validators.js";
import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import type { AccountFields, EntryFields, PositionFields, ValidatorFields } from "./records.js";
import { ZERO_TIME_NS } from "./proto.js";

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
    return accountAddressBytes(address, address.slice(0, address.lastIndexOf("1"))).length;
  } catch {
    return 20;
  }
}

export interface NodeParts {
  core: Core;
  ledger: Ledger;
  tiers: Tiers;
  directory: NodeDirectory;
  validators: ValidatorRegistry;
  denom: string;
  communityTax: bigint;
  genesisTimeNs: bigint;
}

const STATUS = { [ValidatorStatus.unbonded]: 1, [ValidatorStatus.unbonding]: 2, [ValidatorStatus.bonded]: 3 } as Record<number, number>;

export function nodeView(n: NodeParts): NodeView {
  const { core, ledger, tiers, directory } = n;
  const accountId = (address: string) => directory.accountId(address);
  const validatorId = (operator: string) => directory.validatorId(operator);
  const operatorOf = (id: number) => directory.validatorAddress(id)!;
  const delegationPtr = (delegator: string, operator: string): number => {
    const d = accountId(delegator);
    const v = validatorId(operator);
    return d === undefined || v === undefined ? 0 : core.exports.ledgerDelegationPtr(d, v);
  };
  const modules = new Map<string, { address: string; number: bigint; permissions: readonly string[] }>();
  const record = (operator: string) => {
    const id = validatorId(operator);
    return id === undefined ? undefined : ledger.validator(id);
  };
  return {
    denom: n.denom,
    prefix: directory.accountPrefix,
    communityTax: n.communityTax,
    unbondingTimeNs: ledger.stakingParams().unbondingTimeNs,
    maxValidators: ledger.stakingParams().maxValidators,
    account(address) {
      const a = directory.account(address);
      if (a === undefined) return undefined;
      return { address, number: a.accountNumber, sequence: a.sequence, ...(a.pubKey ? { pubKey: a.pubKey } : {}) };
    },
    nextAccountNumber: () => BigInt(directory.checkpoint()),
    operatorAccount: (operator) => encodeAddress(directory.accountPrefix, accountAddressBytes(operator, directory.validatorPrefix)),
    moduleAccount(name) {
      // Asked for every account the model reads (is it a module's?): looked up once per view.
      const known = modules.get(name);
      if (known !== undefined) return known;
      const id = MODULE_ACCOUNTS.find(([m]) => m === name)?.[1] ?? ModuleAccount.feeCollector;
      const address = directory.accountAddress(id)!;
      // its x/auth account number (the SDK's, from the genesis), which its record's size depends on
      const info = { address, number: directory.account(address)?.accountNumber ?? BigInt(id), permissions: MODULE_PERMISSIONS[name] ?? [] };
      modules.set(name, info);
      return info;
    },
    balance(address, denom) {
      const id = accountId(address);
      return id === undefined || denom !== n.denom ? 0n : ledger.balance(id);
    },
    validator(operator) {
      const id = validatorId(operator);
      const v = id === undefined ? undefined : ledger.validator(id);
      const meta = id === undefined ? undefined : n.validators.meta(id);
      if (v === undefined || meta === undefined) return undefined;
      const d = meta.description;
      return {
        operator, consensusPubKey: meta.pub.length, jailed: v.jailed, status: STATUS[v.status] ?? 1, tokens: v.tokens, shares: v.delegatorShares,
        description: { moniker: d.moniker, identity: d.identity, website: d.website, securityContact: d.securityContact, details: d.details },
        unbondingHeight: v.unbondingHeight, unbondingTimeNs: v.unbondingTime, rate: v.commissionRate, maxRate: meta.maxRate,
        maxChangeRate: meta.maxChangeRate, updateTimeNs: meta.updateTimeNs || n.genesisTimeNs, minSelfDelegation: v.minSelfDelegation,
      };
    },
    delegationShares(delegator, operator) {
      const p = delegationPtr(delegator, operator);
      return p === 0 ? undefined : core.readU128(p + 8);
    },
    unbondingEntries(delegator, operator) {
      const d = accountId(delegator);
      const v = validatorId(operator);
      if (d === undefined) return [];
      return ledger.unbondingEntries(d).filter((e) => e.validator === v).map((e) => ({
        creationHeight: e.creationHeight, completionTimeNs: e.completionTime, initialBalance: e.initialBalance, balance: e.balance, id: e.id,
      }));
    },
    redelegationEntries(delegator, src, dst) {
      const d = accountId(delegator);
      if (d === undefined) return [];
      const s = validatorId(src);
      const t = dst === undefined ? undefined : validatorId(dst);
      return ledger.redelegationEntries(d).filter((e) => e.src === s && (dst === undefined || e.dst === t)).map((e) => ({
        creationHeight: e.creationHeight, completionTimeNs: e.completionTime, initialBalance: e.initialBalance, balance: e.sharesDst, id: e.id,
      }));
    },
    firstUnbonding(delegator) {
      const d = accountId(delegator);
      const first = d === undefined ? undefined : ledger.unbondingEntries(d)[0];
      if (first === undefined) return undefined;
      const validator = operatorOf(first.validator);
      return { validator, entries: this.unbondingEntries(delegator, validator) };
    },
    firstRedelegation(delegator) {
      const d = accountId(delegator);
      const first = d === undefined ? undefined : ledger.redelegationEntries(d)[0];
      if (first === undefined) return undefined;
      const src = operatorOf(first.src);
      const dst = operatorOf(first.dst);
      return { src, dst, entries: this.redelegationEntries(delegator, src, dst) };
    },
    lastUnbondingId: () => BigInt.asUintN(64, core.exports.ledgerLastEntryId()),
    currentRewards(operator) {
      const v = record(operator);
      return { rewards: v?.currentRewards ?? 0n, period: v?.period ?? 1n };
    },
    historical(operator, period) {
      const id = validatorId(operator);
      const p = id === undefined ? 0 : core.exports.ledgerHistoricalPtr(id, period);
      return p === 0 ? undefined : { ratio: core.readU128(p + 8), references: core.readI32(p + 24) >>> 0 };
    },
    outstanding: (operator) => record(operator)?.outstanding ?? 0n,
    commission: (operator) => record(operator)?.accumulatedCommission ?? 0n,
    startingInfo(delegator, operator) {
      const p = delegationPtr(delegator, operator);
      if (p === 0 || new DataView(core.exports.memory.buffer).getUint8(p + 56) === 0) return undefined;
      return { previousPeriod: core.readU64(p + 24), stake: core.readU128(p + 32), height: core.readU64(p + 48) };
    },
    withdrawAddress(delegator) {
      const id = accountId(delegator);
      if (id === undefined) return undefined;
      const to = ledger.withdrawAddress(id);
      return to === id ? undefined : directory.accountAddress(to);
    },
    communityPool: () => ledger.communityPool(),
    tier(id) {
      const t = tiers.tier(id);
      return t && { id, exitSeconds: t.exitDuration, bonusApy: t.bonusApy, minLock: t.minLockAmount, closeOnly: t.closeOnly };
    },
    position(id) {
      const p = tiers.position(id);
      if (p === undefined) return undefined;
      return {
        id, owner: directory.accountAddress(p.owner)!, tierId: p.tierId, lastBonusAccrualNs: p.lastBonusAccrual || ZERO_TIME_NS, lastEventSeq: p.lastEventSeq,
        lastKnownBonded: p.lastKnownBonded, exitTriggeredAtNs: p.exitTriggeredAt || ZERO_TIME_NS, exitUnlockAtNs: p.exitUnlockAt || ZERO_TIME_NS,
        createdAtHeight: p.createdAtHeight,
        createdAtTimeNs: p.createdAtTime, delegator: directory.accountAddress(p.delegator)!,
        ...(p.delegated && p.validator !== undefined ? { validator: operatorOf(p.validator) } : {}),
        shares: p.delegatedShares, unbonding: p.unbonding,
      };
    },
    nextPositionId: () => tiers.nextPositionId(),
    positionCountByTier: (id) => tiers.positionIds({ tier: id }, { limit: 0 }).total,
    positionCountByValidator(operator) {
      const id = validatorId(operator);
      return id === undefined ? 0n : tiers.validatorData(id).positionCount;
    },
    eventSeq(operator) {
      const id = validatorId(operator);
      return id === undefined ? 0n : tiers.validatorData(id).currentSeq;
    },
    eventsSince(operator, seq) {
      const id = validatorId(operator);
      if (id === undefined) return [];
      return tiers.validatorEvents(id).filter((e) => e.seq > seq).map((e) => ({
        seq: e.seq, height: e.height, timeNs: e.timeNs, type: e.type, tokensPerShare: e.tokensPerShare, references: e.referenceCount,
      }));
    },
  };
}
