// The core's ledger (assembly/ledger/*.ts): balances, validators and the per-block rewards loop.
// Accounts and validators are dense ids; the host maps addresses to them.

import { readMessageEvents, type MessageEvent } from "./message-events.js";
import type { Core } from "./core.js";
import { Vesting } from "./vesting.js";
import { CoreCode } from "./errors.js";
import { LP_COMMUNITY_TAX, LP_TARGET_RATE, VOTE_SIZE, DV_SIZE, UV_SIZE, RV_SIZE, U32_BYTES } from "./abi.gen.js";
import type { Page } from "../wire/cosmos-pagination.js";
import {
  readBlockOutcome, readDelegation, readRedelegationEntry, readUnbondingEntry, readValidator, readVote, writeVote,
  type BlockOutcome, type DelegationInfo, type RedelegationEntry, type UnbondingEntry, type ValidatorRecord, type Vote,
} from "./ledger-records.js";

export {
  ValidatorStatus, type BlockOutcome, type DelegationInfo, type RedelegationEntry, type UnbondingEntry,
  type ValidatorRecord, type Vote,
} from "./ledger-records.js";

const U64_MAX = (1n << 64n) - 1n;

/** Module account ids (assembly/ledger/bank.ts). */
export const ModuleAccount = {
  feeCollector: 0,
  distribution: 1,
  rewardsPool: 2,
  bondedPool: 3,
  notBondedPool: 4,
  gov: 5,
} as const;
/** Ids below this are module accounts. */
export const FIRST_USER_ACCOUNT = 16;

export interface LedgerParams {
  /** Raw Decs in [0, 1]. */
  communityTax: bigint;
  targetBaseRewardsRate: bigint;
}

export type { Page };

export interface PageRequest {
  /** First key (inclusive): a validator id, a delegator id, or an entry's sort key. */
  start?: bigint;
  /** At most this many (capped at `Ledger.maxPage`; default 100). */
  limit?: number;
}

const INVARIANTS = [
  "total supply is the sum of all balances",
  "the bonded pool holds the bonded validators' tokens",
  "the not-bonded pool holds the other validators' tokens and the unbonding entries",
  "distribution holds the outstanding rewards and the community pool",
  "outstanding rewards cover the commission",
  "validator shares are the sum of their delegations' shares",
  "every delegation's withdraw-address flag and copy match its delegator's withdraw address",
] as const;

export class Ledger {
  /** x/auth/vesting's locks (host/core/vesting.ts). */
  readonly vesting: Vesting;

  constructor(private readonly core: Core) {
    this.vesting = new Vesting(core);
  }

  /** A savepoint in the tx's store transaction (Core.savepoint): a nested step (a cached context) undone alone. */
  savepoint(): number {
    return this.core.savepoint();
  }

  rollbackTo(savepoint: number): void {
    this.core.rollbackTo(savepoint);
  }

  releaseSavepoint(savepoint: number): void {
    this.core.release(savepoint);
  }

  configure(p: LedgerParams): void {
    const c = this.core;
    const ptr = c.exports.ledgerParamsPtr();
    c.writeU128(ptr + LP_COMMUNITY_TAX, p.communityTax);
    c.writeU128(ptr + LP_TARGET_RATE, p.targetBaseRewardsRate);
    c.check(c.exports.ledgerConfigure());
  }

  /** x/distribution's community tax alone (governance's params), from the next block's allocation. */
  setCommunityTax(tax: bigint): void {
    const c = this.core;
    c.writeU128(c.slot(0), tax);
    c.check(c.exports.ledgerSetCommunityTax(c.slot(0)));
  }

  genesisBalance(account: number, amount: bigint): void {
    const c = this.core;
    c.writeU128(c.slot(0), amount);
    c.check(c.exports.ledgerGenesisBalance(account, c.slot(0)));
  }

  /** x/bank send of the bond denom (MsgSend, and the ante handler's fee); atomic. */
  send(from: number, to: number, amount: bigint): void {
    const c = this.core;
    c.writeU128(c.slot(0), amount);
    c.check(c.exports.ledgerSend(from, to, c.slot(0)));
  }

  /** x/bank BurnCoins: `amount` leaves `account` and the total supply (undone with an aborted store transaction). */
  burn(account: number, amount: bigint): void {
    const c = this.core;
    c.writeU128(c.slot(0), amount);
    c.check(c.exports.ledgerBurn(account, c.slot(0)));
  }

  /**
   * After every record was reloaded (Core.exports.storeRestore): rebuild the derived state and
   * put the emission engine at `height` with the burned addresses' balance.
   */
  restore(height: bigint, burned: bigint): void {
    const c = this.core;
    c.writeU128(c.slot(0), burned);
    c.check(c.exports.ledgerRestore(height, c.slot(0)));
  }

  balance(account: number): bigint {
    const c = this.core;
    c.check(c.exports.ledgerBalance(c.slot(2), account));
    return c.readU128(c.slot(2));
  }

  /** Genesis: a validator without tokens. `orderKey` breaks power ties (the address bytes). */
  createValidator(id: number, operator: number, commissionRate: bigint, orderKey = 0n): void {
    const c = this.core;
    c.writeU128(c.slot(0), commissionRate);
    c.check(c.exports.ledgerCreateValidator(id, operator, c.slot(0), orderKey));
  }

  /** x/staking's max_entries (governance's params). */
  setMaxEntries(n: number): void {
    this.core.check(this.core.exports.ledgerSetMaxEntries(n));
  }

  /** Staking params: max validators, tokens per unit of consensus power, unbonding time. */
  configureStaking(maxValidators: number, powerReduction: bigint, unbondingTimeNs: bigint): void {
    const c = this.core;
    c.check(c.exports.ledgerConfigureStaking(maxValidators, powerReduction, unbondingTimeNs));
  }

  /** EndBlock: the validator-set update at a height and block time. */
  endBlock(height: bigint, timeNs: bigint): void {
    const c = this.core;
    c.check(c.exports.ledgerEndBlock(height, timeNs));
  }

  /** The next BeginBlock's votes: the last validator set in CometBFT's order. */
  lastCommitVotes(): Vote[] {
    const c = this.core;
    const ptr = c.exports.bufferPtr();
    const n = c.exports.ledgerLastCommitVotes(ptr);
    return Array.from({ length: n }, (_, i) => readVote(c, ptr + i * VOTE_SIZE));
  }

  validator(id: number): ValidatorRecord | undefined {
    const c = this.core;
    const p = c.exports.ledgerValidatorPtr(id);
    if (p === 0) return undefined;
    return readValidator(c, p);
  }

  /** Every validator id, ascending. O(validators). */
  validatorIds(): number[] {
    const c = this.core;
    return this.pages((out, start, limit) => c.exports.ledgerValidatorIds(out, start, limit), U32_BYTES, (p) => c.readU32(p));
  }

  /** Most records one page holds. */
  get maxPage(): number {
    return this.core.exports.ledgerMaxPage();
  }

  /** A delegation and what its shares are worth, or undefined. */
  delegation(delegator: number, validator: number): DelegationInfo | undefined {
    const c = this.core;
    const out = c.exports.bufferPtr();
    const code = c.exports.ledgerDelegation(out, delegator, validator);
    if (code === CoreCode.NO_DELEGATION) return undefined;
    c.check(code);
    return readDelegation(c, out);
  }

  /** A delegator's delegations, ascending by validator id. O(the delegator's delegations). */
  delegatorDelegations(delegator: number, req: PageRequest = {}): Page<DelegationInfo> {
    const c = this.core;
    return this.page(req, (out, start, limit) => c.exports.ledgerDelegatorDelegations(out, delegator, start, limit), DV_SIZE, (p) => readDelegation(c, p));
  }

  /** A validator's delegations, ascending by delegator id. O(the validator's delegations). */
  validatorDelegations(validator: number, req: PageRequest = {}): Page<DelegationInfo> {
    const c = this.core;
    return this.page(req, (out, start, limit) => c.exports.ledgerValidatorDelegations(out, validator, start, limit), DV_SIZE, (p) => readDelegation(c, p));
  }

  /** A delegator's unbonding entries, by validator id, then oldest first. */
  unbondingEntries(delegator: number): UnbondingEntry[] {
    const c = this.core;
    return this.pages((out, start, limit) => c.exports.ledgerUnbondingEntries(out, delegator, start, limit), UV_SIZE, (p) => readUnbondingEntry(c, p));
  }

  /** A delegator's redelegation entries, by (source, destination), then oldest first. */
  redelegationEntries(delegator: number): RedelegationEntry[] {
    const c = this.core;
    return this.pages((out, start, limit) => c.exports.ledgerRedelegationEntries(out, delegator, start, limit), RV_SIZE, (p) => readRedelegationEntry(c, p));
  }

  /** Staking params as configured (configureStaking). */
  stakingParams(): { maxValidators: number; unbondingTimeNs: bigint } {
    const e = this.core.exports;
    return { maxValidators: e.ledgerMaxValidators(), unbondingTimeNs: e.ledgerUnbondingTime() };
  }

  /** Total supply of the bond denom. */
  totalSupply(): bigint {
    const c = this.core;
    c.check(c.exports.ledgerTotalSupply(c.slot(2)));
    return c.readU128(c.slot(2));
  }

  /** x/staking Pool: the bonded and not-bonded pools' balances. */
  pool(): { bonded: bigint; notBonded: bigint } {
    return { bonded: this.balance(ModuleAccount.bondedPool), notBonded: this.balance(ModuleAccount.notBondedPool) };
  }

  /** One page of a core query: `run` writes up to `limit` records to `out` and returns the count. */
  private page<T>(
    req: PageRequest, run: (out: number, start: bigint, limit: number) => number, size: number, read: (p: number) => T,
  ): Page<T> {
    const c = this.core;
    const limit = Math.min(req.limit ?? 100, this.maxPage);
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`invalid page limit ${req.limit}`);
    const start = req.start ?? 0n;
    if (start < 0n || start > U64_MAX) throw new RangeError(`invalid page start ${start}`);
    const out = c.exports.bufferPtr();
    const n = run(out, start, limit);
    if (n < 0) c.check(-n);
    const items = Array.from({ length: n }, (_, i) => read(out + i * size));
    const next = BigInt.asUintN(64, c.exports.ledgerPageNext());
    return { items, nextKey: next === U64_MAX ? undefined : next, total: c.exports.ledgerPageTotal() };
  }

  /** Every record of a core query, page after page (reading each page before the next). */
  private pages<T>(run: (out: number, start: bigint, limit: number) => number, size: number, read: (p: number) => T): T[] {
    const out = this.core.exports.bufferPtr();
    const all: T[] = [];
    let start = 0n;
    for (;;) {
      const n = run(out, start, this.maxPage);
      if (n < 0) this.core.check(-n);
      for (let i = 0; i < n; i++) all.push(read(out + i * size));
      const next = BigInt.asUintN(64, this.core.exports.ledgerPageNext());
      if (next === U64_MAX) return all;
      start = next;
    }
  }

  communityPool(): bigint {
    const c = this.core;
    c.check(c.exports.ledgerCommunityPool(c.slot(2)));
    return c.readU128(c.slot(2));
  }

  /** MsgCreateValidator with the operator's self-delegation. */
  createValidatorWithSelfDelegation(
    id: number, operator: number, commissionRate: bigint, selfDelegation: bigint, orderKey = 0n,
  ): void {
    const c = this.core;
    c.writeU128(c.slot(0), commissionRate);
    c.writeU128(c.slot(1), selfDelegation);
    c.check(c.exports.ledgerCreateValidatorWithSelfDelegation(id, operator, c.slot(0), c.slot(1), orderKey));
  }

  /** MsgCreateValidator as a transaction sends it: with the operator's MinSelfDelegation. */
  createValidatorFromTx(
    id: number, operator: number, commissionRate: bigint, selfDelegation: bigint, minSelfDelegation: bigint, orderKey: bigint,
  ): void {
    const c = this.core;
    c.writeU128(c.slot(0), commissionRate);
    c.writeU128(c.slot(1), selfDelegation);
    c.writeU128(c.slot(2), minSelfDelegation);
    c.check(c.exports.ledgerCreateValidatorWithMinSelf(id, operator, c.slot(0), c.slot(1), c.slot(2), orderKey));
  }

  /** MsgEditValidator's changes: the commission rate (raw Dec) and the minimum self-delegation, each if given. */
  editValidator(id: number, o: { commissionRate?: bigint; minSelfDelegation?: bigint }): void {
    const c = this.core;
    c.writeU128(c.slot(0), o.commissionRate ?? 0n);
    c.writeU128(c.slot(1), o.minSelfDelegation ?? 0n);
    c.check(c.exports.ledgerEditValidator(id, o.commissionRate === undefined ? 0 : 1, c.slot(0), o.minSelfDelegation === undefined ? 0 : 1, c.slot(1)));
  }

  /** MsgDelegate; returns the shares issued (raw Dec). */
  delegate(delegator: number, validator: number, amount: bigint): bigint {
    const c = this.core;
    c.writeU128(c.slot(0), amount);
    c.check(c.exports.ledgerDelegate(c.slot(2), delegator, validator, c.slot(0)));
    return c.readU128(c.slot(2));
  }

  /** MsgWithdrawDelegatorReward; returns the base units paid. */
  withdrawRewards(delegator: number, validator: number): bigint {
    const c = this.core;
    c.check(c.exports.ledgerWithdrawRewards(c.slot(2), delegator, validator));
    return c.readU128(c.slot(2));
  }

  /** Where a delegator's rewards are paid (x/distribution DelegatorWithdrawAddress): an account id. */
  withdrawAddress(delegator: number): number {
    return this.core.exports.ledgerWithdrawAddress(delegator);
  }

  /** MsgSetWithdrawAddress: `delegator`'s rewards paid to `recipient` (itself: the default again). */
  setWithdrawAddress(delegator: number, recipient: number): void {
    this.core.check(this.core.exports.ledgerSetWithdrawAddress(delegator, recipient));
  }

  /** MsgFundCommunityPool of the bond denom: `amount` from `depositor` to x/distribution, to the community pool. */
  fundCommunityPool(depositor: number, amount: bigint): void {
    const c = this.core;
    c.writeU128(c.slot(0), amount);
    c.check(c.exports.ledgerFundCommunityPool(depositor, c.slot(0)));
  }

  /** MsgCommunityPoolSpend of the bond denom: `amount` out of the community pool to `recipient` (the caller checks the pool holds it). */
  communityPoolSpend(recipient: number, amount: bigint): void {
    const c = this.core;
    c.writeU128(c.slot(0), amount);
    c.check(c.exports.ledgerCommunityPoolSpend(recipient, c.slot(0)));
  }

  /** MsgDepositValidatorRewardsPool of the bond denom; returns the commission allocated (raw Dec). */
  depositValidatorRewards(depositor: number, validator: number, amount: bigint): bigint {
    const c = this.core;
    c.writeU128(c.slot(0), amount);
    c.check(c.exports.ledgerDepositValidatorRewards(c.slot(2), depositor, validator, c.slot(0)));
    return c.readU128(c.slot(2));
  }

  /** MsgWithdrawValidatorCommission; returns the base units paid to the operator. */
  withdrawCommission(validator: number): bigint {
    const c = this.core;
    c.check(c.exports.ledgerWithdrawCommission(c.slot(2), validator));
    return c.readU128(c.slot(2));
  }

  /** Pending rewards of a delegation (raw Dec), as the SDK's query computes them; no state change. */
  pendingRewards(delegator: number, validator: number): bigint {
    const c = this.core;
    c.check(c.exports.ledgerPendingRewards(c.slot(2), delegator, validator));
    return c.readU128(c.slot(2));
  }

  /**
   * The ledger's invariants (assembly/ledger/invariants.ts): the names of the broken ones, empty
   * when all hold. O(state): for startup and tests.
   */
  /**
   * The events of the last message call (send, delegate, undelegate, redelegate, the withdrawals,
   * a validator's creation): x/bank's coin movements and x/distribution's, in order.
   */
  events(): MessageEvent[] {
    return readMessageEvents(this.core);
  }

  checkInvariants(): string[] {
    const bits = this.core.exports.ledgerCheckInvariants();
    return INVARIANTS.filter((_, i) => (bits & (1 << i)) !== 0);
  }

  /** A delegation's shares (raw Dec), or undefined. */
  delegationShares(delegator: number, validator: number): bigint | undefined {
    const c = this.core;
    const code = c.exports.ledgerDelegationShares(c.slot(2), delegator, validator);
    if (code !== 0) return undefined;
    return c.readU128(c.slot(2));
  }

  /** MsgUndelegate: the tokens unbonded and when they are paid out (unix ns). */
  undelegate(delegator: number, validator: number, amount: bigint): { amount: bigint; completionTime: bigint } {
    const c = this.core;
    c.writeU128(c.slot(0), amount);
    c.check(c.exports.ledgerUndelegate(c.slot(2), delegator, validator, c.slot(0)));
    return { amount: c.readU128(c.slot(2)), completionTime: c.exports.ledgerLastCompletion() };
  }

  /**
   * MsgCancelUnbondingDelegation: `amount` of (delegator, validator)'s unbonding entry made at
   * `height` delegated back; returns the new shares (raw Dec).
   */
  cancelUnbonding(delegator: number, validator: number, height: bigint, amount: bigint): bigint {
    const c = this.core;
    c.writeU128(c.slot(0), amount);
    c.check(c.exports.ledgerCancelUnbonding(c.slot(2), delegator, validator, height, c.slot(0)));
    return c.readU128(c.slot(2));
  }

  /** MsgBeginRedelegate: the tokens moved and when the source stops being slashable for them (0: now). */
  redelegate(delegator: number, src: number, dst: number, amount: bigint): { amount: bigint; completionTime: bigint } {
    const c = this.core;
    c.writeU128(c.slot(0), amount);
    c.check(c.exports.ledgerRedelegate(c.slot(2), delegator, src, dst, c.slot(0)));
    return { amount: c.readU128(c.slot(2)), completionTime: c.exports.ledgerLastCompletion() };
  }

  /** x/staking Slash: `fraction` (raw Dec) of the stake behind `power` at the infraction height. */
  slash(validator: number, infractionHeight: bigint, power: bigint, fraction: bigint): bigint {
    const c = this.core;
    c.writeU128(c.slot(0), fraction);
    c.check(c.exports.ledgerSlash(c.slot(2), validator, infractionHeight, power, c.slot(0)));
    return c.readU128(c.slot(2));
  }

  /** x/staking Jail, until a time (unix ns). */
  jail(validator: number, untilNs = 0n): void {
    this.core.check(this.core.exports.ledgerJail(validator, untilNs));
  }

  /** x/slashing MsgUnjail. */
  unjail(validator: number): void {
    this.core.check(this.core.exports.ledgerUnjail(validator));
  }

  /**
   * Run `count` whole blocks inside the core: each BeginBlock gets the last validator set's votes,
   * then EndBlock; block i is stamped startTimeNs + i x blockTimeNs.
   */
  advance(count: number, startTimeNs: bigint, blockTimeNs: bigint): void {
    this.core.check(this.core.exports.ledgerAdvance(count, startTimeNs, blockTimeNs));
  }

  /** BeginBlock at `height` and block time (unix ns) with the last commit's votes, in commit order. */
  beginBlock(height: bigint, votes: readonly Vote[], timeNs = 0n): BlockOutcome {
    const c = this.core;
    const ptr = c.exports.bufferPtr();
    if (votes.length * VOTE_SIZE > c.exports.bufferCapacity()) throw new RangeError(`too many votes: ${votes.length}`);
    votes.forEach((v, i) => writeVote(c, ptr + i * VOTE_SIZE, v));
    c.check(c.exports.ledgerBeginBlock(height, timeNs, ptr, votes.length));
    return readBlockOutcome(c, c.exports.ledgerBlockOutcomePtr());
  }
}
