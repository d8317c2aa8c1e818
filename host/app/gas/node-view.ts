// The gas model's view (view.ts NodeView) over the node's parts: the core's ledger and tiers, x/auth's
// directory and x/staking's registry, read before a message runs (its pre-state).

import type { Core } from "../../core/core.js";
import { ModuleAccount, ValidatorStatus, type Ledger } from "../../core/ledger.js";
import type { Tiers } from "../../core/tiers.js";
import { MODULE_ACCOUNTS, MODULE_PERMISSIONS, type NodeDirectory } from "../../modules/auth/directory.js";
import type { ValidatorRegistry } from "../../modules/staking/validators.js";
import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import type { AccountFields, EntryFields, ValidatorFields } from "../../framework/gas/records.js";
import { ZERO_TIME_NS } from "../../framework/gas/proto.js";
import type { NodeView, PositionView } from "../../framework/gas/view.js";
import { vestingAccountFields } from "../../modules/vesting/records.js";

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

const MODULE_BY_ID = new Map(MODULE_ACCOUNTS.map(([name, id]) => [id, name]));

const STATUS = { [ValidatorStatus.unbonded]: 1, [ValidatorStatus.unbonding]: 2, [ValidatorStatus.bonded]: 3 } as Record<number, number>;

/**
 * The view over the node's parts: a class, so that the one made per tx allocates no closures
 * (CheckTx makes one for every tx).
 */
class PartsView implements NodeView {
  readonly denom: string;
  readonly prefix: string;
  readonly communityTax: bigint;
  readonly unbondingTimeNs: bigint;
  readonly maxValidators: number;
  private readonly modules = new Map<string, { address: string; number: bigint; permissions: readonly string[] }>();

  constructor(private readonly n: NodeParts) {
    this.denom = n.denom;
    this.prefix = n.directory.accountPrefix;
    this.communityTax = n.communityTax;
    const params = n.ledger.stakingParams();
    this.unbondingTimeNs = params.unbondingTimeNs;
    this.maxValidators = params.maxValidators;
  }

  private accountId(address: string): number | undefined {
    return this.n.directory.accountId(address);
  }

  private validatorId(operator: string): number | undefined {
    return this.n.directory.validatorId(operator);
  }

  private operatorOf(id: number): string {
    return this.n.directory.validatorAddress(id)!;
  }

  private delegationPtr(delegator: string, operator: string): number {
    const d = this.accountId(delegator);
    const v = this.validatorId(operator);
    return d === undefined || v === undefined ? 0 : this.n.core.exports.ledgerDelegationPtr(d, v);
  }

  private record(operator: string) {
    const id = this.validatorId(operator);
    return id === undefined ? undefined : this.n.ledger.validator(id);
  }

  account(address: string): AccountFields | undefined {
    const a = this.n.directory.account(address);
    if (a === undefined) return undefined;
    const id = this.accountId(address);
    const lock = id === undefined ? undefined : this.n.ledger.vesting.lock(id);
    const fields = { address, number: a.accountNumber, sequence: a.sequence, ...(a.pubKey ? { pubKey: a.pubKey } : {}) };
    return lock === undefined ? fields : { ...fields, ...vestingAccountFields(lock, this.n.ledger.vesting.vestingCoins(id!), this.n.denom) };
  }

  nextAccountNumber(): bigint {
    return BigInt(this.n.directory.checkpoint());
  }

  operatorAccount(operator: string): string {
    const { directory } = this.n;
    return encodeAddress(directory.accountPrefix, accountAddressBytes(operator, directory.validatorPrefix));
  }

  moduleAccount(name: string): { address: string; number: bigint; permissions: readonly string[] } {
    // Asked for every account the model reads (is it a module's?): looked up once per view.
    const known = this.modules.get(name);
    if (known !== undefined) return known;
    const { directory } = this.n;
    const id = MODULE_ACCOUNTS.find(([m]) => m === name)?.[1] ?? ModuleAccount.feeCollector;
    const address = directory.accountAddress(id)!;
    // its x/auth account number (the SDK's, from the genesis), which its record's size depends on
    const info = { address, number: directory.account(address)?.accountNumber ?? BigInt(id), permissions: MODULE_PERMISSIONS[name] ?? [] };
    this.modules.set(name, info);
    return info;
  }

  moduleName(address: string): string | undefined {
    const id = this.accountId(address);
    return id === undefined ? undefined : MODULE_BY_ID.get(id);
  }

  balance(address: string, denom: string): bigint {
    const id = this.accountId(address);
    return id === undefined || denom !== this.n.denom ? 0n : this.n.ledger.balance(id);
  }

  validator(operator: string): ValidatorFields | undefined {
    const { n } = this;
    const id = this.validatorId(operator);
    const v = id === undefined ? undefined : n.ledger.validator(id);
    const meta = id === undefined ? undefined : n.validators.meta(id);
    if (v === undefined || meta === undefined) return undefined;
    const d = meta.description;
    return {
      operator, consensusPubKey: meta.pub.length, jailed: v.jailed, status: STATUS[v.status] ?? 1, tokens: v.tokens, shares: v.delegatorShares,
      description: { moniker: d.moniker, identity: d.identity, website: d.website, securityContact: d.securityContact, details: d.details },
      unbondingHeight: v.unbondingHeight, unbondingTimeNs: v.unbondingTime, rate: v.commissionRate, maxRate: meta.maxRate,
      maxChangeRate: meta.maxChangeRate, updateTimeNs: meta.updateTimeNs || n.genesisTimeNs, minSelfDelegation: v.minSelfDelegation,
    };
  }

  delegationShares(delegator: string, operator: string): bigint | undefined {
    const p = this.delegationPtr(delegator, operator);
    return p === 0 ? undefined : this.n.core.readU128(p + 8);
  }

  unbondingEntries(delegator: string, operator: string): EntryFields[] {
    const d = this.accountId(delegator);
    const v = this.validatorId(operator);
    if (d === undefined) return [];
    return this.n.ledger.unbondingEntries(d).filter((e) => e.validator === v).map((e) => ({
      creationHeight: e.creationHeight, completionTimeNs: e.completionTime, initialBalance: e.initialBalance, balance: e.balance, id: e.id,
    }));
  }

  redelegationEntries(delegator: string, src: string, dst?: string): EntryFields[] {
    const d = this.accountId(delegator);
    if (d === undefined) return [];
    const s = this.validatorId(src);
    const t = dst === undefined ? undefined : this.validatorId(dst);
    return this.n.ledger.redelegationEntries(d).filter((e) => e.src === s && (dst === undefined || e.dst === t)).map((e) => ({
      creationHeight: e.creationHeight, completionTimeNs: e.completionTime, initialBalance: e.initialBalance, balance: e.sharesDst, id: e.id,
    }));
  }

  firstUnbonding(delegator: string): { validator: string; entries: EntryFields[] } | undefined {
    const d = this.accountId(delegator);
    const first = d === undefined ? undefined : this.n.ledger.unbondingEntries(d)[0];
    if (first === undefined) return undefined;
    const validator = this.operatorOf(first.validator);
    return { validator, entries: this.unbondingEntries(delegator, validator) };
  }

  firstRedelegation(delegator: string): { src: string; dst: string; entries: EntryFields[] } | undefined {
    const d = this.accountId(delegator);
    const first = d === undefined ? undefined : this.n.ledger.redelegationEntries(d)[0];
    if (first === undefined) return undefined;
    const src = this.operatorOf(first.src);
    const dst = this.operatorOf(first.dst);
    return { src, dst, entries: this.redelegationEntries(delegator, src, dst) };
  }

  lastUnbondingId(): bigint {
    return BigInt.asUintN(64, this.n.core.exports.ledgerLastEntryId());
  }

  currentRewards(operator: string): { rewards: bigint; period: bigint } {
    const v = this.record(operator);
    return { rewards: v?.currentRewards ?? 0n, period: v?.period ?? 1n };
  }

  historical(operator: string, period: bigint): { ratio: bigint; references: number } | undefined {
    const { core } = this.n;
    const id = this.validatorId(operator);
    const p = id === undefined ? 0 : core.exports.ledgerHistoricalPtr(id, period);
    return p === 0 ? undefined : { ratio: core.readU128(p + 8), references: core.readI32(p + 24) >>> 0 };
  }

  outstanding(operator: string): bigint {
    return this.record(operator)?.outstanding ?? 0n;
  }

  commission(operator: string): bigint {
    return this.record(operator)?.accumulatedCommission ?? 0n;
  }

  startingInfo(delegator: string, operator: string): { previousPeriod: bigint; stake: bigint; height: bigint } | undefined {
    const { core } = this.n;
    const p = this.delegationPtr(delegator, operator);
    if (p === 0 || new DataView(core.exports.memory.buffer).getUint8(p + 56) === 0) return undefined;
    return { previousPeriod: core.readU64(p + 24), stake: core.readU128(p + 32), height: core.readU64(p + 48) };
  }

  withdrawAddress(delegator: string): string | undefined {
    const id = this.accountId(delegator);
    if (id === undefined) return undefined;
    const to = this.n.ledger.withdrawAddress(id);
    return to === id ? undefined : this.n.directory.accountAddress(to);
  }

  communityPool(): bigint {
    return this.n.ledger.communityPool();
  }

  tier(id: number): { id: number; exitSeconds: bigint; bonusApy: bigint; minLock: bigint; closeOnly: boolean } | undefined {
    const t = this.n.tiers.tier(id);
    return t && { id, exitSeconds: t.exitDuration, bonusApy: t.bonusApy, minLock: t.minLockAmount, closeOnly: t.closeOnly };
  }

  position(id: bigint): PositionView | undefined {
    const { directory, tiers } = this.n;
    const p = tiers.position(id);
    if (p === undefined) return undefined;
    return {
      id, owner: directory.accountAddress(p.owner)!, tierId: p.tierId, lastBonusAccrualNs: p.lastBonusAccrual || ZERO_TIME_NS, lastEventSeq: p.lastEventSeq,
      lastKnownBonded: p.lastKnownBonded, exitTriggeredAtNs: p.exitTriggeredAt || ZERO_TIME_NS, exitUnlockAtNs: p.exitUnlockAt || ZERO_TIME_NS,
      createdAtHeight: p.createdAtHeight,
      createdAtTimeNs: p.createdAtTime, delegator: directory.accountAddress(p.delegator)!,
      ...(p.delegated && p.validator !== undefined ? { validator: this.operatorOf(p.validator) } : {}),
      shares: p.delegatedShares, unbonding: p.unbonding,
    };
  }

  nextPositionId(): bigint {
    return this.n.tiers.nextPositionId();
  }

  positionCountByTier(id: number): bigint {
    return this.n.tiers.positionIds({ tier: id }, { limit: 0 }).total;
  }

  positionCountByValidator(operator: string): bigint {
    const id = this.validatorId(operator);
    return id === undefined ? 0n : this.n.tiers.validatorData(id).positionCount;
  }

  eventSeq(operator: string): bigint {
    const id = this.validatorId(operator);
    return id === undefined ? 0n : this.n.tiers.validatorData(id).currentSeq;
  }

  eventsSince(operator: string, seq: bigint): { seq: bigint; height: bigint; timeNs: bigint; type: number; tokensPerShare: bigint; references: bigint }[] {
    const id = this.validatorId(operator);
    if (id === undefined) return [];
    return this.n.tiers.validatorEvents(id).filter((e) => e.seq > seq).map((e) => ({
      seq: e.seq, height: e.height, timeNs: e.timeNs, type: e.type, tokensPerShare: e.tokensPerShare, references: e.referenceCount,
    }));
  }
}

export const nodeView = (n: NodeParts): NodeView => new PartsView(n);
