// The core's ledger (assembly/ledger/*.ts): balances, validators and the per-block rewards loop.
// Accounts and validators are dense ids; the host maps addresses to them.

import type { Core } from "./core.js";
import { CoreCode } from "./errors.js";

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

/** Validator status (assembly/ledger/validators.ts STATUS_*). */
export const ValidatorStatus = { unbonded: 0, unbonding: 1, bonded: 2 } as const;

/** A validator's record (assembly/ledger/validators.ts V_*). Decs raw. */
export interface ValidatorRecord {
  operator: number;
  status: number;
  jailed: boolean;
  tokens: bigint;
  delegatorShares: bigint;
  commissionRate: bigint;
  period: bigint;
  currentRewards: bigint;
  accumulatedCommission: bigint;
  outstanding: bigint;
  /** Consensus power in the last validator set (0: not in it). */
  lastPower: bigint;
  /** When an unbonding validator becomes unbonded (unix ns) and the height it started unbonding. */
  unbondingTime: bigint;
  unbondingHeight: bigint;
  minSelfDelegation: bigint;
}

/** A delegation with the tokens its shares are worth now (TokensFromShares, truncated). */
export interface DelegationInfo {
  delegator: number;
  validator: number;
  /** Raw Dec. */
  shares: bigint;
  balance: bigint;
}

/** An unbonding entry (x/staking UnbondingDelegationEntry). Times in unix ns. */
export interface UnbondingEntry {
  validator: number;
  creationHeight: bigint;
  completionTime: bigint;
  initialBalance: bigint;
  balance: bigint;
  /** The entry's id (the SDK's unbonding id). */
  id: bigint;
}

/** A redelegation entry (x/staking RedelegationEntry) and the tokens its shares are worth now. */
export interface RedelegationEntry {
  src: number;
  dst: number;
  creationHeight: bigint;
  completionTime: bigint;
  initialBalance: bigint;
  /** Raw Dec: shares at the destination. */
  sharesDst: bigint;
  balance: bigint;
  id: bigint;
}

/** One page of a query in ascending key order. */
export interface Page<T> {
  items: T[];
  /** The start key of the next page; undefined on the last one. */
  nextKey?: bigint;
  /** The owner's records in all. */
  total: number;
}

export interface PageRequest {
  /** First key (inclusive): a validator id, a delegator id, or an entry's sort key. */
  start?: bigint;
  /** At most this many (capped at `Ledger.maxPage`; default 100). */
  limit?: number;
}

export interface Vote {
  validator: number;
  power: bigint;
}

export interface BlockOutcome {
  minted: bigint;
  topUp: bigint;
  /** Moved from the fee collector to distribution. */
  fees: bigint;
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
  constructor(private readonly core: Core) {}

  configure(p: LedgerParams): void {
    const c = this.core;
    const ptr = c.exports.ledgerParamsPtr();
    c.writeU128(ptr, p.communityTax);
    c.writeU128(ptr + 16, p.targetBaseRewardsRate);
    c.check(c.exports.ledgerConfigure());
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
    return Array.from({ length: n }, (_, i) => ({ validator: c.readI32(ptr + i * 16), power: c.readU64(ptr + i * 16 + 8) }));
  }

  validator(id: number): ValidatorRecord | undefined {
    const c = this.core;
    const p = c.exports.ledgerValidatorPtr(id);
    if (p === 0) return undefined;
    const dv = new DataView(c.exports.memory.buffer);
    return {
      operator: dv.getUint32(p + 8, true),
      status: dv.getUint8(p + 12),
      jailed: dv.getUint8(p + 13) !== 0,
      tokens: c.readU128(p + 16),
      delegatorShares: c.readU128(p + 32),
      commissionRate: c.readU128(p + 48),
      period: c.readU64(p + 64),
      currentRewards: c.readU128(p + 80),
      accumulatedCommission: c.readU128(p + 96),
      outstanding: c.readU128(p + 112),
      lastPower: c.readU64(p + 136),
      unbondingTime: c.readI64(p + 144),
      unbondingHeight: c.readU64(p + 152),
      minSelfDelegation: c.readU128(p + 160),
    };
  }

  /** Every validator id, ascending. O(validators). */
  validatorIds(): number[] {
    const c = this.core;
    const out = c.exports.bufferPtr();
    return this.pages((start, limit) => c.exports.ledgerValidatorIds(out, start, limit), (i) => c.readI32(out + i * 4) >>> 0);
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
    return this.readDelegation(out);
  }

  /** A delegator's delegations, ascending by validator id. O(the delegator's delegations). */
  delegatorDelegations(delegator: number, req: PageRequest = {}): Page<DelegationInfo> {
    const c = this.core;
    return this.page(req, (out, start, limit) => c.exports.ledgerDelegatorDelegations(out, delegator, start, limit), 40, (p) => this.readDelegation(p));
  }

  /** A validator's delegations, ascending by delegator id. O(the validator's delegations). */
  validatorDelegations(validator: number, req: PageRequest = {}): Page<DelegationInfo> {
    const c = this.core;
    return this.page(req, (out, start, limit) => c.exports.ledgerValidatorDelegations(out, validator, start, limit), 40, (p) => this.readDelegation(p));
  }

  /** A delegator's unbonding entries, by validator id, then oldest first. */
  unbondingEntries(delegator: number): UnbondingEntry[] {
    const c = this.core;
    const out = c.exports.bufferPtr();
    return this.pages(
      (start, limit) => c.exports.ledgerUnbondingEntries(out, delegator, start, limit),
      (i) => {
        const p = out + i * 64;
        return {
          validator: c.readI32(p) >>> 0,
          creationHeight: c.readU64(p + 8),
          completionTime: c.readI64(p + 16),
          initialBalance: c.readU128(p + 24),
          balance: c.readU128(p + 40),
          id: c.readU64(p + 56),
        };
      },
    );
  }

  /** A delegator's redelegation entries, by (source, destination), then oldest first. */
  redelegationEntries(delegator: number): RedelegationEntry[] {
    const c = this.core;
    const out = c.exports.bufferPtr();
    return this.pages(
      (start, limit) => c.exports.ledgerRedelegationEntries(out, delegator, start, limit),
      (i) => {
        const p = out + i * 80;
        return {
          src: c.readI32(p) >>> 0,
          dst: c.readI32(p + 4) >>> 0,
          creationHeight: c.readU64(p + 8),
          completionTime: c.readI64(p + 16),
          initialBalance: c.readU128(p + 24),
          sharesDst: c.readU128(p + 40),
          balance: c.readU128(p + 56),
          id: c.readU64(p + 72),
        };
      },
    );
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

  private readDelegation(p: number): DelegationInfo {
    const c = this.core;
    return {
      delegator: c.readI32(p) >>> 0,
      validator: c.readI32(p + 4) >>> 0,
      shares: c.readU128(p + 8),
      balance: c.readU128(p + 24),
    };
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
  private pages<T>(run: (start: bigint, limit: number) => number, read: (i: number) => T): T[] {
    const all: T[] = [];
    let start = 0n;
    for (;;) {
      const n = run(start, this.maxPage);
      if (n < 0) this.core.check(-n);
      for (let i = 0; i < n; i++) all.push(read(i));
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
    if (votes.length * 16 > c.exports.bufferCapacity()) throw new RangeError(`too many votes: ${votes.length}`);
    votes.forEach((v, i) => {
      c.writeI32(ptr + i * 16, v.validator);
      c.writeU64(ptr + i * 16 + 8, v.power);
    });
    c.check(c.exports.ledgerBeginBlock(height, timeNs, ptr, votes.length));
    const o = c.exports.ledgerBlockOutcomePtr();
    return { minted: c.readU128(o), topUp: c.readU128(o + 16), fees: c.readU128(o + 32) };
  }
}
