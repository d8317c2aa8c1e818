// The core's ledger (assembly/ledger/*.ts): balances, validators and the per-block rewards loop.
// Accounts and validators are dense ids; the host maps addresses to them.

import type { Core } from "./core.js";

/** Module account ids (assembly/ledger/bank.ts). */
export const ModuleAccount = {
  feeCollector: 0,
  distribution: 1,
  rewardsPool: 2,
  bondedPool: 3,
  notBondedPool: 4,
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
    };
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
