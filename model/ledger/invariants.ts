// The chain's registered invariants (x/bank TotalSupply, x/staking ModuleAccount /
// DelegatorShares / PositiveDelegation, x/distribution NonNegativeOutstanding / CanWithdraw /
// ReferenceCount / ModuleAccount) plus "nothing negative". Each returns its violations as text.

import { E18 } from "../dec-bigint.js";
import { calculateDelegationRewards, incrementValidatorPeriod } from "./distribution.js";
import { BONDED_POOL, DISTRIBUTION, NOT_BONDED_POOL, type Delegation, type LedgerState } from "./state.js";

function bankInvariants(s: LedgerState, out: string[]): void {
  let sum = 0n;
  for (const [address, amount] of s.balances.entries()) {
    if (amount < 0n) out.push(`bank: negative balance ${address}: ${amount}`);
    sum += amount;
  }
  if (sum !== s.supply.get()) out.push(`bank: total supply ${s.supply.get()} != sum of balances ${sum}`);
}

function stakingInvariants(s: LedgerState, out: string[]): void {
  let bonded = 0n;
  let notBonded = 0n;
  const shares = new Map<string, bigint>();
  for (const v of s.validators.values()) {
    if (v.tokens < 0n || v.delegatorShares < 0n) out.push(`staking: negative tokens or shares on ${v.operator}`);
    if (v.status === "bonded") bonded += v.tokens;
    else notBonded += v.tokens;
    if ((v.status === "bonded") !== s.lastPowers.has(v.operator)) {
      out.push(`staking: ${v.operator} is ${v.status} but ${s.lastPowers.has(v.operator) ? "in" : "not in"} the last set`);
    }
  }
  for (const u of s.unbondings.values()) {
    for (const e of u.entries) {
      if (e.balance < 0n || e.balance > e.initialBalance) out.push(`staking: bad unbonding balance ${u.delegator}/${u.validator}`);
      notBonded += e.balance;
    }
  }
  if (s.balance(BONDED_POOL) !== bonded) out.push(`staking: bonded pool ${s.balance(BONDED_POOL)} != bonded tokens ${bonded}`);
  if (s.balance(NOT_BONDED_POOL) !== notBonded) {
    out.push(`staking: not-bonded pool ${s.balance(NOT_BONDED_POOL)} != not-bonded tokens ${notBonded}`);
  }
  for (const d of s.delegations.values()) {
    if (d.shares <= 0n) out.push(`staking: non-positive delegation ${d.delegator}/${d.validator}`);
    if (!s.validators.has(d.validator)) out.push(`staking: delegation to a missing validator ${d.validator}`);
    shares.set(d.validator, (shares.get(d.validator) ?? 0n) + d.shares);
  }
  for (const v of s.validators.values()) {
    const sum = shares.get(v.operator) ?? 0n;
    if (sum !== v.delegatorShares) out.push(`staking: ${v.operator} delegator shares ${v.delegatorShares} != delegations ${sum}`);
  }
}

/**
 * CanWithdrawInvariant: withdrawing every commission and every delegation never fails and leaves
 * no outstanding rewards negative. Computed on a cache as those withdrawals would go, without
 * replaying each one: per validator, the commission's whole units leave, one period ends, and
 * each delegation's rewards are calculated at it (every further withdrawal would end an empty
 * period, which leaves the reward ratio unchanged), then taken from what is left outstanding,
 * capped as DecCoins.Intersect caps them. A panic of the calculation is a violation.
 */
function canWithdraw(s: LedgerState, out: string[]): void {
  const byValidator = new Map<string, Delegation[]>();
  for (const d of s.delegations.values()) {
    const list = byValidator.get(d.validator);
    if (list) list.push(d);
    else byValidator.set(d.validator, [d]);
  }
  s.journal.begin();
  try {
    for (const op of [...s.validators.keys()].sort(s.addressOrder)) {
      const delegations = byValidator.get(op) ?? [];
      const v = s.mustValidator(op);
      const period = delegations.length > 0 ? incrementValidatorPeriod(s, v) : 0n;
      const commissionPaid = ((s.accumulatedCommission.get(op) ?? 0n) / E18) * E18;
      let remaining = (s.outstanding.get(op) ?? 0n) - commissionPaid;
      if (remaining < 0n) {
        out.push(`distribution: can withdraw: ${op} commission ${commissionPaid} exceeds outstanding`);
        continue;
      }
      for (const d of delegations.sort((a, b) => s.addressOrder(a.delegator, b.delegator))) {
        const rewards = calculateDelegationRewards(s, v, d, period);
        remaining -= rewards < remaining ? rewards : remaining;
      }
    }
  } catch (e) {
    out.push(`distribution: can withdraw: ${(e as Error).message}`);
  } finally {
    s.journal.rollback();
  }
}

function distributionInvariants(s: LedgerState, out: string[]): void {
  let outstanding = 0n;
  for (const [op, amount] of s.outstanding.entries()) {
    if (amount < 0n) out.push(`distribution: negative outstanding rewards on ${op}`);
    if (amount < (s.accumulatedCommission.get(op) ?? 0n)) out.push(`distribution: commission exceeds outstanding on ${op}`);
    outstanding += amount;
  }
  const pool = s.communityPool.get();
  if (pool < 0n) out.push(`distribution: negative community pool ${pool}`);
  const held = s.balance(DISTRIBUTION) * E18;
  if (held !== outstanding + pool) {
    out.push(`distribution: module balance ${held} != outstanding ${outstanding} + community pool ${pool} (Dec raw)`);
  }

  let references = 0n;
  for (const h of s.historicalRewards.values()) references += BigInt(h.referenceCount);
  let slashEvents = 0n;
  for (const events of s.slashEvents.values()) slashEvents += BigInt(events.length);
  const expected = BigInt(s.validators.size + s.delegations.size) + slashEvents;
  if (references !== expected) out.push(`distribution: reference count ${references} != expected ${expected}`);

  canWithdraw(s, out);
}

/** Every violation, as text; empty when the state is sound. */
export function checkInvariants(s: LedgerState): string[] {
  const out: string[] = [];
  bankInvariants(s, out);
  stakingInvariants(s, out);
  distributionInvariants(s, out);
  return out;
}
