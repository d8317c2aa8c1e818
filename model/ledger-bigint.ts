// The chain's staking ledger and base rewards written plainly with TypeScript BigInt: x/bank,
// x/staking, x/distribution (F1) and x/tieredrewards' base-rewards top-up, as the Cronos POS chain
// runs them (Cosmos SDK v0.50 line through chain-main's SDK fork). It is the oracle the WASM core's
// ledger is tested against block by block, and the BigInt baseline of the per-block benchmark.
//
// A block is  beginBlock(h, t, minted)  ->  messages  ->  endBlock(h, t):
//   BeginBlock: mint -> fee collector; tieredrewards top-up; distribution AllocateTokens (h > 1),
//               both split by the last commit (the set and powers of the previous EndBlock).
//   EndBlock:   staking validator-set update, unbonding validators, matured entries.
// Messages return {code, codespace, log, value}; a failing one changes nothing (journal rollback).
// A LedgerPanic is the SDK's panic: a broken invariant, never a message outcome.
//
// The modules live in ./ledger/: state (records, params), bank, validator (exchange rate),
// distribution (F1), staking, slash, valset (EndBlock), topup, invariants, errors, store.

import { E18, truncateInt } from "./dec-bigint.js";
import * as bank from "./ledger/bank.js";
import * as distribution from "./ledger/distribution.js";
import { Errors, LedgerError, type TxResult } from "./ledger/errors.js";
import { checkInvariants } from "./ledger/invariants.js";
import { slash } from "./ledger/slash.js";
import * as staking from "./ledger/staking.js";
import {
  BONDED_POOL, DEFAULT_PARAMS, DISTRIBUTION, FEE_COLLECTOR, LedgerState, REWARDS_POOL, codeUnitOrder,
  type AddressOrder, type LedgerParams, type RedelegationEntry, type UnbondingEntry, type Validator,
} from "./ledger/state.js";
import { computeTopUpBigInt, type TopUpResult } from "./ledger/topup.js";
import { tokensFromShares } from "./ledger/validator.js";
import { blockValidatorUpdates, lastCommitVotes } from "./ledger/valset.js";

export { Errors, LedgerError, LedgerPanic, formatDec, type TxResult } from "./ledger/errors.js";
export {
  BONDED_POOL, DEFAULT_PARAMS, DISTRIBUTION, FEE_COLLECTOR, MODULE_ACCOUNTS, NOT_BONDED_POOL, REWARDS_POOL,
  type LedgerParams, type Validator, type Vote,
} from "./ledger/state.js";
export { computeTopUpBigInt } from "./ledger/topup.js";

export interface BeginBlockOutcome {
  minted: bigint;
  topUp: TopUpResult;
  /** Fee collector balance moved to distribution (0 at height 1). */
  feesAllocated: bigint;
}

export interface CreateValidatorOptions {
  /** Dec; default 1. */
  maxRate?: bigint;
  /** Dec; default 0.01. */
  maxChangeRate?: bigint;
  /** Base units; default 1. */
  minSelfDelegation?: bigint;
}

export interface DelegationView {
  validator: string;
  /** Dec. */
  shares: bigint;
  /** TokensFromShares(shares).TruncateInt(), as the delegation query reports it. */
  balance: bigint;
}

export class LedgerBigInt {
  readonly state: LedgerState;

  constructor(params: Partial<LedgerParams> = {}, addressOrder: AddressOrder = codeUnitOrder) {
    const p = { ...DEFAULT_PARAMS, ...params };
    if (p.targetBaseRewardsRate < 0n || p.targetBaseRewardsRate > E18) {
      throw new RangeError("target base rewards rate must be within [0, 1]");
    }
    if (p.communityTax < 0n || p.communityTax > E18) throw new RangeError("community tax must be within [0, 1]");
    this.state = new LedgerState(p, addressOrder);
  }

  get params(): Readonly<LedgerParams> {
    return this.state.params;
  }

  // ---- genesis and blocks -------------------------------------------------------------------

  /** Genesis balance: mints `amount` to `address` (module accounts included, e.g. the rewards pool). */
  fund(address: string, amount: bigint): void {
    bank.mint(this.state, address, amount);
  }

  /** BeginBlock: mint, tieredrewards top-up, distribution. */
  beginBlock(height: bigint, timeNs: bigint, minted: bigint): BeginBlockOutcome {
    const s = this.state;
    if (height <= s.height) throw new RangeError(`height ${height} after ${s.height}`);
    s.height = height;
    s.timeNs = timeNs;
    bank.mint(s, FEE_COLLECTOR, minted);
    const topUp = this.topUpBaseRewards();
    const feesAllocated = height > 1n ? distribution.allocateTokens(s, s.lastCommit) : 0n;
    return { minted, topUp, feesAllocated };
  }

  /** EndBlock: the staking EndBlocker; fixes the votes the next block allocates by. */
  endBlock(height: bigint, timeNs: bigint): void {
    const s = this.state;
    if (height !== s.height || timeNs !== s.timeNs) throw new RangeError("endBlock must close the block begun");
    blockValidatorUpdates(s);
    s.lastCommit = lastCommitVotes(s);
  }

  /** chain-main x/tieredrewards topUpBaseRewards: the pool pays the shortfall, split by last-commit power. */
  private topUpBaseRewards(): TopUpResult {
    const s = this.state;
    const p = s.params;
    const votes = s.lastCommit;
    const result = computeTopUpBigInt({
      totalBonded: s.balance(BONDED_POOL),
      targetBaseRewardsRate: p.targetBaseRewardsRate,
      blocksPerYear: p.blocksPerYear,
      feeCollectorBalance: s.balance(FEE_COLLECTOR),
      communityTax: p.communityTax,
      poolBalance: s.balance(REWARDS_POOL),
      powers: votes.map((v) => v.power),
    });
    if (result.topUp > 0n) {
      bank.send(s, REWARDS_POOL, DISTRIBUTION, result.topUp);
      votes.forEach((vote, i) => {
        distribution.allocateTokensToValidator(s, s.mustValidator(vote.operator), result.allocations[i].reward);
      });
    }
    return result;
  }

  // ---- messages -----------------------------------------------------------------------------

  /** Runs a message in a journal scope: all of it, or nothing. */
  private tx<T>(run: () => T): TxResult<T> {
    const journal = this.state.journal;
    journal.begin();
    try {
      const value = run();
      journal.commit();
      return { code: 0, codespace: "", log: "", value };
    } catch (e) {
      journal.rollback();
      if (e instanceof LedgerError) return e.toResult();
      throw e;
    }
  }

  /** Transaction fees (the ante handler's DeductFees): payer -> fee collector. */
  payFees(payer: string, amount: bigint): TxResult {
    return this.tx(() => bank.send(this.state, payer, FEE_COLLECTOR, amount));
  }

  /** MsgSend. */
  send(from: string, to: string, amount: bigint): TxResult {
    return this.tx(() => bank.send(this.state, from, to, amount));
  }

  /** MsgCreateValidator; the operator's account pays the self-delegation. */
  createValidator(operator: string, selfDelegation: bigint, commissionRate: bigint, opts: CreateValidatorOptions = {}): TxResult {
    const rates = {
      rate: commissionRate,
      maxRate: opts.maxRate ?? E18,
      maxChangeRate: opts.maxChangeRate ?? E18 / 100n,
    };
    return this.tx(() => staking.createValidator(this.state, operator, selfDelegation, rates, opts.minSelfDelegation ?? 1n));
  }

  /** MsgDelegate. */
  delegate(delegator: string, validator: string, amount: bigint): TxResult<{ newShares: bigint }> {
    return this.tx(() => {
      if (amount <= 0n) throw new LedgerError(Errors.InvalidRequest, "invalid delegation amount");
      const v = staking.getValidator(this.state, validator);
      return { newShares: staking.delegate(this.state, delegator, amount, "unbonded", v, true) };
    });
  }

  /** MsgUndelegate: the tokens come back at `completionTime`. */
  undelegate(delegator: string, validator: string, amount: bigint): TxResult<{ completionTime: bigint; amount: bigint }> {
    return this.tx(() => {
      if (amount <= 0n) throw new LedgerError(Errors.InvalidRequest, "invalid shares amount");
      const shares = staking.validateUnbondAmount(this.state, delegator, validator, amount);
      return staking.undelegate(this.state, delegator, validator, shares);
    });
  }

  /** MsgBeginRedelegate (any existing destination, as the SDK allows). */
  redelegate(delegator: string, src: string, dst: string, amount: bigint): TxResult<{ completionTime: bigint }> {
    return this.tx(() => {
      if (amount <= 0n) throw new LedgerError(Errors.InvalidRequest, "invalid shares amount");
      const shares = staking.validateUnbondAmount(this.state, delegator, src, amount);
      return { completionTime: staking.beginRedelegation(this.state, delegator, src, dst, shares) };
    });
  }

  /** MsgWithdrawDelegatorReward: whole units to the delegator, the fraction to the community pool. */
  withdrawDelegatorReward(delegator: string, validator: string): TxResult<{ amount: bigint }> {
    return this.tx(() => ({ amount: distribution.withdrawDelegationRewardsMsg(this.state, delegator, validator) }));
  }

  /** MsgWithdrawValidatorCommission: whole units to the operator, the fraction stays accrued. */
  withdrawValidatorCommission(validator: string): TxResult<{ amount: bigint }> {
    return this.tx(() => ({ amount: distribution.withdrawValidatorCommission(this.state, validator) }));
  }

  /** x/slashing MsgUnjail. */
  unjail(validator: string): TxResult {
    return this.tx(() => {
      const s = this.state;
      const v = staking.getValidator(s, validator);
      const self = s.delegation(validator, validator);
      if (!self) throw new LedgerError(Errors.NoDelegation);
      const tokens = truncateInt(tokensFromShares(v, self.shares));
      if (tokens < v.minSelfDelegation) {
        throw new LedgerError(Errors.SelfDelegationTooLowToUnjail, `${tokens} less than ${v.minSelfDelegation}`);
      }
      if (!v.jailed) throw new LedgerError(Errors.ValidatorNotJailed);
      if (s.timeNs < v.jailedUntil) throw new LedgerError(Errors.ValidatorStillJailed);
      staking.unjailValidator(s, v);
    });
  }

  /** x/staking Jail (as x/slashing or x/evidence call it); `jailedUntilNs` is the signing info's. */
  jail(validator: string, jailedUntilNs = 0n): TxResult {
    return this.tx(() => {
      const v = staking.getValidator(this.state, validator);
      staking.jailValidator(this.state, v);
      this.state.validators.set(validator, { ...this.state.mustValidator(validator), jailedUntil: jailedUntilNs });
    });
  }

  /** x/staking Slash (as x/slashing or x/evidence call it). `fraction` is a Dec. */
  slash(validator: string, infractionHeight: bigint, powerAtInfraction: bigint, fraction: bigint): TxResult<{ burned: bigint }> {
    return this.tx(() => ({ burned: slash(this.state, validator, infractionHeight, powerAtInfraction, fraction) }));
  }

  // ---- queries ------------------------------------------------------------------------------

  balance(address: string): bigint {
    return this.state.balance(address);
  }

  supply(): bigint {
    return this.state.supply.get();
  }

  validator(operator: string): Validator | undefined {
    return this.state.validators.get(operator);
  }

  validators(): Validator[] {
    return [...this.state.validators.values()].sort((a, b) => this.state.addressOrder(a.operator, b.operator));
  }

  delegations(delegator: string): DelegationView[] {
    const s = this.state;
    return [...s.delegations.values()]
      .filter((d) => d.delegator === delegator)
      .sort((a, b) => s.addressOrder(a.validator, b.validator))
      .map((d) => ({
        validator: d.validator,
        shares: d.shares,
        balance: truncateInt(tokensFromShares(s.mustValidator(d.validator), d.shares)),
      }));
  }

  /** DelegationRewards query: Dec raw, not truncated. Throws LedgerError when there is none. */
  pendingRewards(delegator: string, validator: string): bigint {
    const s = this.state;
    const v = staking.getValidator(s, validator);
    const d = s.delegation(delegator, validator);
    if (!d) throw new LedgerError(Errors.NoDelegation);
    return distribution.pendingRewards(s, v, d);
  }

  unbondingEntries(delegator: string): { validator: string; entries: readonly UnbondingEntry[] }[] {
    const s = this.state;
    return [...s.unbondings.values()]
      .filter((u) => u.delegator === delegator)
      .sort((a, b) => s.addressOrder(a.validator, b.validator))
      .map((u) => ({ validator: u.validator, entries: u.entries }));
  }

  redelegations(delegator: string): { src: string; dst: string; entries: readonly RedelegationEntry[] }[] {
    const s = this.state;
    return [...s.redelegations.values()]
      .filter((r) => r.delegator === delegator)
      .sort((a, b) => s.addressOrder(a.src, b.src) || s.addressOrder(a.dst, b.dst))
      .map((r) => ({ src: r.src, dst: r.dst, entries: r.entries }));
  }

  /** Accumulated commission, Dec. */
  commission(validator: string): bigint {
    return this.state.accumulatedCommission.get(validator) ?? 0n;
  }

  /** Dec. */
  communityPool(): bigint {
    return this.state.communityPool.get();
  }

  /** Dec. */
  outstandingRewards(validator: string): bigint {
    return this.state.outstanding.get(validator) ?? 0n;
  }

  /** Every invariant violation (empty when sound). Changes nothing. */
  checkInvariants(): string[] {
    return checkInvariants(this.state);
  }

  /** The whole state as canonical JSON (sorted keys, amounts as strings): equal states, equal text. */
  stateDigest(): string {
    const s = this.state;
    const table = <V>(rows: Iterable<[string, V]>) => [...rows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return JSON.stringify(
      {
        height: s.height, time: s.timeNs, supply: s.supply.get(), communityPool: s.communityPool.get(),
        lastTotalPower: s.lastTotalPower.get(), lastCommit: s.lastCommit,
        balances: table(s.balances.entries()), validators: table(s.validators.entries()),
        delegations: table(s.delegations.entries()), unbondings: table(s.unbondings.entries()),
        redelegations: table(s.redelegations.entries()), lastPowers: table(s.lastPowers.entries()),
        currentRewards: table(s.currentRewards.entries()), historicalRewards: table(s.historicalRewards.entries()),
        outstanding: table(s.outstanding.entries()), commission: table(s.accumulatedCommission.entries()),
        slashEvents: table(s.slashEvents.entries()), startingInfo: table(s.startingInfo.entries()),
      },
      (_, v) => (typeof v === "bigint" ? v.toString() : v),
    );
  }
}
