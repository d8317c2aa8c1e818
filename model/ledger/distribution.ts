// x/distribution (Cosmos SDK v0.50 line, as in chain-main's SDK fork): F1 fee distribution.
// Each validator accumulates reward per token in periods; a delegation remembers the period it
// started in and its stake, and is paid stake x (ratio now - ratio then), with slashes splitting
// the interval. DecCoins of one denom are a single Dec here; "Sub" of DecCoins panics on a
// negative result, as the SDK does.

import { E18, mul, mulTruncate, quoTruncate } from "../dec-bigint.js";
import * as bank from "./bank.js";
import { Errors, LedgerError, LedgerPanic } from "./errors.js";
import {
  DISTRIBUTION, FEE_COLLECTOR, pairKey, periodKey,
  type Delegation, type HistoricalRewards, type LedgerState, type SlashEvent, type Validator, type Vote,
} from "./state.js";
import { tokensFromShares, tokensFromSharesTruncated } from "./validator.js";

function subDec(a: bigint, b: bigint): bigint {
  if (a < b) throw new LedgerPanic(`negative coin amount: ${a - b}`);
  return a - b;
}

function addToCommunityPool(s: LedgerState, amount: bigint) {
  s.communityPool.set(s.communityPool.get() + amount);
}

// ---- allocation (keeper/allocation.go) --------------------------------------------------------

/** AllocateTokensToValidator: commission (Mul, half-even) first, the rest to delegators. */
export function allocateTokensToValidator(s: LedgerState, v: Validator, tokens: bigint): void {
  const op = v.operator;
  const commission = mul(tokens, v.commissionRate);
  const shared = tokens - commission;
  s.accumulatedCommission.set(op, (s.accumulatedCommission.get(op) ?? 0n) + commission);
  const current = s.currentRewards.get(op) ?? { rewards: 0n, period: 0n };
  s.currentRewards.set(op, { ...current, rewards: current.rewards + shared });
  s.outstanding.set(op, (s.outstanding.get(op) ?? 0n) + tokens);
}

/**
 * AllocateTokens (BeginBlock, height > 1): the whole fee collector moves to distribution; each
 * last-commit validator gets fees x (1 - tax) MulDecTruncate its power fraction (QuoTruncate);
 * what is left (the tax and the truncation dust) goes to the community pool.
 */
export function allocateTokens(s: LedgerState, votes: readonly Vote[]): bigint {
  const feesCollected = s.balance(FEE_COLLECTOR);
  bank.send(s, FEE_COLLECTOR, DISTRIBUTION, feesCollected);
  const fees = feesCollected * E18;
  const totalPreviousPower = votes.reduce((a, v) => a + v.power, 0n);
  if (totalPreviousPower === 0n) {
    addToCommunityPool(s, fees);
    return feesCollected;
  }
  const feeMultiplier = mulTruncate(fees, E18 - s.params.communityTax);
  let remaining = fees;
  for (const vote of votes) {
    const validator = s.mustValidator(vote.operator); // ValidatorByConsAddr
    const powerFraction = quoTruncate(vote.power * E18, totalPreviousPower * E18);
    const reward = mulTruncate(feeMultiplier, powerFraction);
    allocateTokensToValidator(s, validator, reward);
    remaining = subDec(remaining, reward);
  }
  addToCommunityPool(s, remaining);
  return feesCollected;
}

// ---- periods (keeper/validator.go) -------------------------------------------------------------

function mustHistorical(s: LedgerState, op: string, period: bigint): HistoricalRewards {
  const h = s.historicalRewards.get(periodKey(op, period));
  if (!h) throw new LedgerPanic(`no historical rewards for ${op} period ${period}`);
  return h;
}

/** initializeValidator: period 0 historical (reference 1), current period 1. */
export function initializeValidator(s: LedgerState, op: string): void {
  s.historicalRewards.set(periodKey(op, 0n), { cumulativeRewardRatio: 0n, referenceCount: 1 });
  s.currentRewards.set(op, { rewards: 0n, period: 1n });
  s.accumulatedCommission.set(op, 0n);
  s.outstanding.set(op, 0n);
}

/**
 * IncrementValidatorPeriod: close the current period, returning it. Its rewards per token are
 * QuoDecTruncate(tokens); a validator with no tokens sends them to the community pool instead.
 */
export function incrementValidatorPeriod(s: LedgerState, v: Validator): bigint {
  const op = v.operator;
  const rewards = s.currentRewards.get(op);
  if (!rewards) throw new LedgerPanic(`no current rewards for ${op}`);
  let current = 0n;
  if (v.tokens === 0n) {
    addToCommunityPool(s, rewards.rewards);
    s.outstanding.set(op, subDec(s.outstanding.get(op) ?? 0n, rewards.rewards));
  } else {
    current = quoTruncate(rewards.rewards, v.tokens * E18);
  }
  const historical = mustHistorical(s, op, rewards.period - 1n);
  decrementReferenceCount(s, op, rewards.period - 1n);
  s.historicalRewards.set(periodKey(op, rewards.period), {
    cumulativeRewardRatio: historical.cumulativeRewardRatio + current,
    referenceCount: 1,
  });
  s.currentRewards.set(op, { rewards: 0n, period: rewards.period + 1n });
  return rewards.period;
}

export function incrementReferenceCount(s: LedgerState, op: string, period: bigint): void {
  const h = mustHistorical(s, op, period);
  if (h.referenceCount > 2) throw new LedgerPanic("reference count should never exceed 2");
  s.historicalRewards.set(periodKey(op, period), { ...h, referenceCount: h.referenceCount + 1 });
}

export function decrementReferenceCount(s: LedgerState, op: string, period: bigint): void {
  const h = mustHistorical(s, op, period);
  if (h.referenceCount === 0) throw new LedgerPanic("cannot set negative reference count");
  if (h.referenceCount === 1) s.historicalRewards.delete(periodKey(op, period));
  else s.historicalRewards.set(periodKey(op, period), { ...h, referenceCount: h.referenceCount - 1 });
}

/** updateValidatorSlashFraction: end the period and record the slash against it. */
function updateValidatorSlashFraction(s: LedgerState, op: string, fraction: bigint): void {
  if (fraction > E18 || fraction < 0n) throw new LedgerPanic(`fraction must be >=0 and <=1, current fraction: ${fraction}`);
  const newPeriod = incrementValidatorPeriod(s, s.mustValidator(op));
  incrementReferenceCount(s, op, newPeriod);
  const events = s.slashEvents.get(op) ?? [];
  s.slashEvents.set(op, [...events, { height: s.height, period: newPeriod, fraction }]);
}

// ---- delegation rewards (keeper/delegation.go) ------------------------------------------------

/** initializeDelegation: track the period just ended, with the stake TokensFromSharesTruncated. */
export function initializeDelegation(s: LedgerState, op: string, delegator: string): void {
  const current = s.currentRewards.get(op);
  if (!current) throw new LedgerPanic(`no current rewards for ${op}`);
  const previousPeriod = current.period - 1n;
  incrementReferenceCount(s, op, previousPeriod);
  const validator = s.mustValidator(op);
  const delegation = s.delegation(delegator, op);
  if (!delegation) throw new LedgerPanic(`no delegation ${delegator} -> ${op}`);
  const stake = tokensFromSharesTruncated(validator, delegation.shares);
  s.startingInfo.set(pairKey(op, delegator), { previousPeriod, stake, height: s.height });
}

/** calculateDelegationRewardsBetween: stake x (ratio(end) - ratio(start)), truncated. */
function rewardsBetween(s: LedgerState, op: string, start: bigint, end: bigint, stake: bigint): bigint {
  if (start > end) throw new LedgerPanic("startingPeriod cannot be greater than endingPeriod");
  if (stake < 0n) throw new LedgerPanic("stake should not be negative");
  const difference =
    mustHistorical(s, op, end).cumulativeRewardRatio - mustHistorical(s, op, start).cumulativeRewardRatio;
  if (difference < 0n) throw new LedgerPanic("negative rewards should not be possible");
  return mulTruncate(difference, stake);
}

/** IterateValidatorSlashEventsBetween: heights in [from, to], in (height, period) order. */
function slashEventsBetween(s: LedgerState, op: string, from: bigint, to: bigint): SlashEvent[] {
  return (s.slashEvents.get(op) ?? []).filter((e) => e.height >= from && e.height <= to);
}

/** CalculateDelegationRewards: F1 with the slashes since the delegation started. */
export function calculateDelegationRewards(s: LedgerState, v: Validator, d: Delegation, endingPeriod: bigint): bigint {
  const op = v.operator;
  const info = s.startingInfo.get(pairKey(op, d.delegator));
  if (!info) throw new LedgerPanic(`no starting info for ${d.delegator} -> ${op}`);
  if (info.height === s.height) return 0n; // started this height, no rewards yet

  let rewards = 0n;
  let startingPeriod = info.previousPeriod;
  let stake = info.stake;
  if (s.height > info.height) {
    for (const event of slashEventsBetween(s, op, info.height, s.height)) {
      if (event.period > startingPeriod) {
        rewards += rewardsBetween(s, op, startingPeriod, event.period, stake);
        stake = mulTruncate(stake, E18 - event.fraction);
        startingPeriod = event.period;
      }
    }
  }
  // The stake rebuilt slash by slash may exceed the current stake by rounding; up to 3 units of
  // 10^-18 are forgiven, more is a broken invariant.
  const currentStake = tokensFromShares(v, d.shares);
  if (stake > currentStake) {
    if (stake <= currentStake + 3n) stake = currentStake;
    else throw new LedgerPanic(`calculated final stake for delegator ${d.delegator} greater than current stake`);
  }
  return rewards + rewardsBetween(s, op, startingPeriod, endingPeriod, stake);
}

/**
 * withdrawDelegationRewards: end the period, pay the whole units (capped by the outstanding
 * rewards, DecCoins.Intersect), the decimal remainder to the community pool; drop the starting
 * info. Returns the base units paid.
 */
export function withdrawDelegationRewards(s: LedgerState, v: Validator, d: Delegation): bigint {
  const op = v.operator;
  const key = pairKey(op, d.delegator);
  const info = s.startingInfo.get(key);
  if (!info) throw new LedgerError(Errors.EmptyDelegationDistInfo);

  const endingPeriod = incrementValidatorPeriod(s, v);
  const rewardsRaw = calculateDelegationRewards(s, v, d, endingPeriod);
  const outstanding = s.outstanding.get(op) ?? 0n;
  const rewards = rewardsRaw < outstanding ? rewardsRaw : outstanding;
  if (rewards !== rewardsRaw) s.roundingClips.set(s.roundingClips.get() + 1);

  const finalRewards = rewards / E18; // TruncateDecimal
  const remainder = rewards - finalRewards * E18;
  bank.send(s, DISTRIBUTION, d.delegator, finalRewards);
  s.outstanding.set(op, subDec(outstanding, rewards));
  addToCommunityPool(s, remainder);
  decrementReferenceCount(s, op, info.previousPeriod);
  s.startingInfo.delete(key);
  return finalRewards;
}

/** Keeper.WithdrawDelegationRewards (MsgWithdrawDelegatorReward): withdraw, then start afresh. */
export function withdrawDelegationRewardsMsg(s: LedgerState, delegator: string, op: string): bigint {
  const v = s.validators.get(op);
  if (!v) throw new LedgerError(Errors.NoValidatorFound);
  const d = s.delegation(delegator, op);
  if (!d) throw new LedgerError(Errors.NoDelegation);
  const paid = withdrawDelegationRewards(s, v, d);
  initializeDelegation(s, op, delegator);
  return paid;
}

/** Keeper.WithdrawValidatorCommission: whole units out, the decimal remainder stays accrued. */
export function withdrawValidatorCommission(s: LedgerState, op: string): bigint {
  const accumulated = s.accumulatedCommission.get(op) ?? 0n;
  if (accumulated === 0n) throw new LedgerError(Errors.NoValidatorCommission);
  const commission = accumulated / E18;
  s.accumulatedCommission.set(op, accumulated - commission * E18);
  s.outstanding.set(op, subDec(s.outstanding.get(op) ?? 0n, commission * E18));
  bank.send(s, DISTRIBUTION, op, commission);
  return commission;
}

/** The DelegationRewards query: on a cache, end the period and calculate. */
export function pendingRewards(s: LedgerState, v: Validator, d: Delegation): bigint {
  s.journal.begin();
  try {
    return calculateDelegationRewards(s, v, d, incrementValidatorPeriod(s, v));
  } finally {
    s.journal.rollback();
  }
}

// ---- staking hooks (keeper/hooks.go) ------------------------------------------------------------

export const hooks = {
  afterValidatorCreated(s: LedgerState, op: string): void {
    initializeValidator(s, op);
  },

  /** Force-withdraw the commission to the operator; everything else left goes to the community pool. */
  afterValidatorRemoved(s: LedgerState, op: string): void {
    let outstanding = s.outstanding.get(op) ?? 0n;
    const commission = s.accumulatedCommission.get(op) ?? 0n;
    if (commission !== 0n) {
      outstanding = subDec(outstanding, commission);
      const coins = commission / E18;
      addToCommunityPool(s, commission - coins * E18);
      bank.send(s, DISTRIBUTION, op, coins);
    }
    addToCommunityPool(s, outstanding);
    s.outstanding.delete(op);
    s.accumulatedCommission.delete(op);
    s.slashEvents.delete(op);
    for (const key of [...s.historicalRewards.keys()]) {
      if (key.startsWith(`${op}/`)) s.historicalRewards.delete(key);
    }
    s.currentRewards.delete(op);
  },

  beforeDelegationCreated(s: LedgerState, op: string): void {
    incrementValidatorPeriod(s, s.mustValidator(op));
  },

  beforeDelegationSharesModified(s: LedgerState, delegator: string, op: string): void {
    const d = s.delegation(delegator, op);
    if (!d) throw new LedgerError(Errors.NoDelegation);
    withdrawDelegationRewards(s, s.mustValidator(op), d);
  },

  afterDelegationModified(s: LedgerState, delegator: string, op: string): void {
    initializeDelegation(s, op, delegator);
  },

  beforeValidatorSlashed(s: LedgerState, op: string, fraction: bigint): void {
    updateValidatorSlashFraction(s, op, fraction);
  },
};
