// Tiered staking scenarios: one test per row of the spec's §3 table, a year-long position with a
// slash in the middle (bonus computed independently in BigInt), an empty pool during exit (owed,
// paid later), and a close-only sunset. The positions' and the ledger's invariants hold after each.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { positionStatus, topUpEvent, DEFAULT_TIERS, TierError } from "../../host/core/tiers.js";
import {
  tierChain, expectedSegment, decQuo, E18, SECOND, DAY, UNBONDING, ALICE, BOB, MIN_LOCK, TOKEN, type TierChain,
} from "../helpers/tiers.js";

const YEAR = 31_536_000n * SECOND;
const APY1 = DEFAULT_TIERS[0].bonusApy;

function invariants(c: TierChain): void {
  assert.equal(c.tiers.checkInvariants(), []);
  assert.equal(c.ledger.checkInvariants(), []);
}

function tierError(f: () => unknown, code: number): void {
  try {
    f();
  } catch (e) {
    assert.instance(e, TierError);
    assert.is((e as TierError).code, code, (e as Error).message);
    return;
  }
  assert.unreachable(`expected tieredrewards ${code}`);
}

test("tokens held → delegate to an active validator: base staking earns base rewards each block", async () => {
  const c = await tierChain();
  c.ledger.delegate(ALICE, 0, MIN_LOCK);
  for (let i = 0; i < 5; i++) c.block();
  const before = c.ledger.balance(ALICE);
  const paid = c.ledger.withdrawRewards(ALICE, 0);
  assert.ok(paid > 0n);
  assert.is(c.ledger.balance(ALICE), before + paid);
  invariants(c);
});

test("base staking → undelegate: 28-day unbonding, then liquid", async () => {
  const c = await tierChain();
  c.ledger.delegate(ALICE, 0, MIN_LOCK);
  c.block();
  const { completionTime } = c.ledger.undelegate(ALICE, 0, MIN_LOCK);
  assert.is(completionTime, c.now() + UNBONDING);
  const before = c.ledger.balance(ALICE);
  c.block(UNBONDING);
  assert.is(c.ledger.balance(ALICE), before + MIN_LOCK);
  invariants(c);
});

test("not delegated → lock fresh tokens: an active position earning base plus bonus", async () => {
  const c = await tierChain();
  const d = c.fresh();
  const before = c.ledger.balance(ALICE);
  tierError(() => c.tiers.lock(ALICE, 1, MIN_LOCK - 1n, 0, d), 9);
  const r = c.tiers.lock(ALICE, 1, MIN_LOCK, 0, d);
  assert.is(r.positionId, 0n);
  // x/bank's and x/distribution's events first, in the chain's order (the owner's tokens to the
  // position's account, delegated from it, its withdraw address), then the tier's
  assert.equal(r.events.map((e) => e.type), ["CoinTransfer", "CoinDelegation", "SetWithdrawAddress", "EventPositionCreated"]);
  assert.equal(r.events[0], { type: "CoinTransfer", from: ALICE, to: d, amount: MIN_LOCK });
  assert.equal(r.events[2], { type: "SetWithdrawAddress", delegator: d, address: ALICE });
  assert.is((r.events[3] as { position?: { delegator: number } }).position?.delegator, d);
  assert.is(c.ledger.balance(ALICE), before - MIN_LOCK);
  const p = c.tiers.position(0n)!;
  assert.is(p.amount, MIN_LOCK);
  assert.is(p.validator, 0);
  assert.is(p.delegatedShares, MIN_LOCK * E18);
  assert.is(positionStatus(p, c.now()), "active");
  assert.is(p.createdAtTime, c.now());
  c.block(30n * DAY);
  const est = c.tiers.estimateRewards(0n);
  assert.is(est.bonusRewards, expectedSegment(MIN_LOCK * E18, E18, APY1, 30n * 86400n));
  assert.is(est.bonusRewards, 16427104n); // the reference's own check: 10^10 at 0.02 for 2,592,000 s
  const before2 = c.ledger.balance(ALICE);
  const claim = c.tiers.claim(ALICE, [0n]);
  assert.is(claim.bonusRewards, est.bonusRewards);
  assert.is(claim.baseRewards, est.baseRewards);
  assert.ok(claim.baseRewards > 0n);
  assert.is(c.ledger.balance(ALICE), before2 + claim.baseRewards + claim.bonusRewards);
  assert.is(c.tiers.estimateRewards(0n).bonusRewards, 0n);
  invariants(c);
});

test("base staking → commit an existing delegation (partial, no unbonding)", async () => {
  const c = await tierChain();
  c.ledger.delegate(ALICE, 1, 3n * MIN_LOCK);
  c.block();
  const d = c.fresh();
  const r = c.tiers.commitDelegation(ALICE, 1, 2n * MIN_LOCK, 2, d);
  assert.equal(r.events.map((e) => e.type), ["CoinTransfer", "WithdrawRewards", "SetWithdrawAddress", "EventDelegationCommitted"]);
  const p = c.tiers.position(r.positionId)!;
  assert.is(p.amount, 2n * MIN_LOCK);
  assert.is(p.validator, 1);
  assert.is(c.ledger.delegationShares(ALICE, 1), MIN_LOCK * E18);
  assert.is(positionStatus(p, c.now()), "active");
  assert.is(c.ledger.validator(1)!.tokens, 10n ** 13n + 3n * MIN_LOCK); // nothing left the validator
  invariants(c);
});

test("enter a tier and trigger exit immediately: the countdown starts at entry", async () => {
  const c = await tierChain();
  c.ledger.delegate(BOB, 0, MIN_LOCK);
  const a = c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh(), true);
  const b = c.tiers.commitDelegation(BOB, 0, MIN_LOCK, 1, c.fresh(), true);
  for (const id of [a.positionId, b.positionId]) {
    const p = c.tiers.position(id)!;
    assert.is(p.exitTriggeredAt, c.now());
    assert.is(p.exitUnlockAt, c.now() + YEAR);
    assert.is(positionStatus(p, c.now()), "exiting");
  }
  invariants(c);
});

test("active → trigger exit: exiting, full base and bonus continue until unlock", async () => {
  const c = await tierChain();
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh());
  c.block(10n * DAY);
  const r = c.tiers.triggerExit(ALICE, 0n);
  assert.is(r.exitUnlockAt, c.now() + YEAR);
  tierError(() => c.tiers.triggerExit(ALICE, 0n), 15);
  c.block(2n * YEAR); // bonus stops at unlock
  const p = c.tiers.position(0n)!;
  assert.is(positionStatus(p, c.now()), "elapsed");
  const secs = (p.exitUnlockAt - p.lastBonusAccrual) / SECOND;
  assert.is(c.tiers.estimateRewards(0n).bonusRewards, expectedSegment(MIN_LOCK * E18, E18, APY1, secs));
  invariants(c);
});

test("exiting → cancel exit: active again, bonus resumes from now (also after elapse)", async () => {
  const c = await tierChain();
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh(), true);
  c.block(DAY);
  const r = c.tiers.clear(ALICE, 0n);
  assert.equal(r.events.map((e) => e.type), [
    "CoinTransfer", "WithdrawRewards", "EventBaseRewardsClaimed", "CoinTransfer", "EventBonusRewardsClaimed", "EventExitCleared",
  ]);
  let p = c.tiers.position(0n)!;
  assert.is(positionStatus(p, c.now()), "active");
  assert.is(p.exitUnlockAt, 0n);
  assert.equal(c.tiers.clear(ALICE, 0n).events, []); // nothing to clear: no event
  // after the commitment elapsed, while delegated (decision 5): accrual restarts at now
  c.tiers.triggerExit(ALICE, 0n);
  c.block(YEAR + 5n * DAY);
  c.tiers.clear(ALICE, 0n);
  p = c.tiers.position(0n)!;
  assert.is(p.lastBonusAccrual, c.now());
  assert.is(positionStatus(p, c.now()), "active");
  c.block(DAY);
  assert.is(c.tiers.estimateRewards(0n).bonusRewards, expectedSegment(MIN_LOCK * E18, E18, APY1, 86400n));
  invariants(c);
});

test("elapsed → instant exit to base staking: partial (remainder ≥ min lock), then full", async () => {
  const c = await tierChain();
  c.tiers.lock(ALICE, 1, 3n * MIN_LOCK, 2, c.fresh(), true);
  c.block(DAY);
  tierError(() => c.tiers.exitWithDelegation(ALICE, 0n, MIN_LOCK), 14);
  c.block(YEAR);
  tierError(() => c.tiers.exitWithDelegation(ALICE, 0n, 3n * MIN_LOCK + 1n), 8);
  tierError(() => c.tiers.exitWithDelegation(ALICE, 0n, 2n * MIN_LOCK + 1n), 9);
  const part = c.tiers.exitWithDelegation(ALICE, 0n, MIN_LOCK);
  assert.is(part.fullExit, false);
  assert.is(part.transferredAmount, MIN_LOCK);
  assert.is(c.ledger.delegationShares(ALICE, 2), MIN_LOCK * E18);
  assert.is(c.tiers.position(0n)!.amount, 2n * MIN_LOCK);
  const full = c.tiers.exitWithDelegation(ALICE, 0n, 2n * MIN_LOCK);
  assert.is(full.fullExit, true);
  assert.is(c.tiers.position(0n), undefined);
  assert.is(c.ledger.delegationShares(ALICE, 2), 3n * MIN_LOCK * E18);
  assert.is(c.tiers.positionIds({ owner: ALICE }).total, 0n);
  invariants(c);
});

test("elapsed → unbond: 28 days, then withdraw liquid tokens", async () => {
  const c = await tierChain();
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh(), true);
  tierError(() => c.tiers.undelegate(ALICE, 0n), 14);
  c.block(YEAR);
  const r = c.tiers.undelegate(ALICE, 0n);
  assert.is(r.completionTime, c.now() + UNBONDING);
  let p = c.tiers.position(0n)!;
  assert.is(positionStatus(p, c.now()), "unbonding");
  assert.is(p.validator, undefined);
  assert.is(p.amount, MIN_LOCK);
  tierError(() => c.tiers.withdraw(ALICE, 0n), 25);
  c.block(UNBONDING);
  p = c.tiers.position(0n)!;
  assert.is(positionStatus(p, c.now()), "withdrawable");
  const before = c.ledger.balance(ALICE);
  const w = c.tiers.withdraw(ALICE, 0n);
  assert.is(w.amount, MIN_LOCK);
  assert.is(c.ledger.balance(ALICE), before + MIN_LOCK);
  assert.is(c.tiers.position(0n), undefined);
  invariants(c);
});

test("any status → redelegate without triggering exit (active, exiting, elapsed)", async () => {
  const c = await tierChain();
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh());
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh(), true);
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh(), true);
  c.block(YEAR / 2n);
  c.tiers.redelegate(ALICE, 0n, 1);
  c.tiers.redelegate(ALICE, 1n, 1);
  c.block(YEAR);
  const r = c.tiers.redelegate(ALICE, 2n, 1); // commitment elapsed (decision 2)
  assert.is(r.completionTime, c.now() + UNBONDING);
  assert.equal(
    [0n, 1n, 2n].map((id) => positionStatus(c.tiers.position(id)!, c.now())),
    ["active", "elapsed", "elapsed"],
  );
  assert.equal([0n, 1n, 2n].map((id) => c.tiers.position(id)!.validator), [1, 1, 1]);
  tierError(() => c.tiers.redelegate(ALICE, 0n, 1), 16);
  tierError(() => c.tiers.redelegate(ALICE, 2n, 2), 10); // no transitive redelegation while it matures
  assert.is(c.tiers.validatorData(1).positionCount, 3n);
  assert.is(c.tiers.validatorData(0).positionCount, 0n);
  invariants(c);
});

test("a year-long position with a slash in the middle: bonus exact on the live token value", async () => {
  const c = await tierChain();
  const amount = 12_345n * TOKEN;
  c.tiers.lock(ALICE, 3, amount, 1, c.fresh());
  const shares = c.tiers.position(0n)!.delegatedShares;
  const t0 = c.now();
  c.block(YEAR / 2n);
  const v = c.ledger.validator(1)!;
  const tpsBefore = decQuo(v.tokens * E18, v.delegatorShares);
  const power = v.tokens / 1_000_000n;
  c.ledger.slash(1, c.height(), power, E18 / 20n); // 5%
  assert.is(c.tiers.validatorData(1).currentSeq, 1n);
  const tSlash = c.now();
  const after = c.ledger.validator(1)!;
  assert.ok(after.tokens < v.tokens);
  const tpsAfter = decQuo(after.tokens * E18, after.delegatorShares);
  c.block(YEAR / 2n);
  const apy = DEFAULT_TIERS[2].bonusApy;
  const expected =
    expectedSegment(shares, tpsBefore, apy, (tSlash - t0) / SECOND) +
    expectedSegment(shares, tpsAfter, apy, (c.now() - tSlash) / SECOND);
  const r = c.tiers.claim(ALICE, [0n]);
  assert.is(r.bonusRewards, expected);
  assert.ok(expected < expectedSegment(shares, E18, apy, (c.now() - t0) / SECOND));
  assert.is(c.tiers.validatorEventCount(), 0); // replayed: its only reference is gone
  invariants(c);
});

test("empty pool during exit: undelegate succeeds, the bonus is owed and paid on a later claim", async () => {
  const c = await tierChain({ pool: 1000n });
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh(), true);
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh());
  c.block(YEAR);
  const bonus = expectedSegment(MIN_LOCK * E18, E18, APY1, YEAR / SECOND);
  tierError(() => c.tiers.claim(ALICE, [0n]), 12); // an explicit claim fails and changes nothing
  const r = c.tiers.undelegate(ALICE, 0n);
  assert.equal(r.events.filter((e) => e.type === "EventBonusOwed").map((e) => (e as { amount: bigint }).amount), [bonus - 1000n]);
  assert.is(c.pool(), 0n);
  assert.is(c.tiers.owedBonus(ALICE), bonus - 1000n);
  // a deposit, then a claim of the other position pays its bonus first, then what is owed
  c.tiers.fundRewardsPool(BOB, 10n ** 10n);
  const before = c.ledger.balance(ALICE);
  const claim = c.tiers.claim(ALICE, [1n]);
  const paid = claim.events.find((e) => e.type === "EventOwedBonusPaid") as { amount: bigint; stillOwed: bigint };
  assert.is(paid.amount, bonus - 1000n);
  assert.is(paid.stillOwed, 0n);
  assert.is(c.tiers.owedBonus(ALICE), 0n);
  assert.is(c.ledger.balance(ALICE), before + claim.baseRewards + claim.bonusRewards + bonus - 1000n);
  assert.is(c.pool(), 10n ** 10n - claim.bonusRewards - (bonus - 1000n));
  invariants(c);
});

test("close-only sunset: blocks lock, commit, add, redelegate, clear; exits and claims still work", async () => {
  const c = await tierChain();
  c.ledger.delegate(BOB, 0, MIN_LOCK);
  c.tiers.lock(ALICE, 2, 2n * MIN_LOCK, 0, c.fresh());
  c.tiers.lock(ALICE, 2, 2n * MIN_LOCK, 0, c.fresh(), true);
  c.tiers.updateTier({ ...DEFAULT_TIERS[1], closeOnly: true });
  tierError(() => c.tiers.lock(ALICE, 2, MIN_LOCK, 0, c.fresh()), 7);
  tierError(() => c.tiers.commitDelegation(BOB, 0, MIN_LOCK, 2, c.fresh()), 7);
  tierError(() => c.tiers.add(ALICE, 0n, MIN_LOCK), 7);
  tierError(() => c.tiers.redelegate(ALICE, 0n, 1), 7);
  tierError(() => c.tiers.clear(ALICE, 0n), 7); // even a clear with nothing to clear
  tierError(() => c.tiers.clear(ALICE, 1n), 7);
  c.block(2n * YEAR);
  assert.ok(c.tiers.claim(ALICE, [0n, 1n]).bonusRewards > 0n);
  c.tiers.triggerExit(ALICE, 0n);
  assert.is(c.tiers.exitWithDelegation(ALICE, 1n, 2n * MIN_LOCK).fullExit, true);
  tierError(() => c.tiers.deleteTier(2), 6);
  c.block(2n * YEAR);
  c.tiers.undelegate(ALICE, 0n);
  c.block(UNBONDING);
  c.tiers.withdraw(ALICE, 0n);
  assert.equal(c.tiers.deleteTier(2).events, [
    { type: "EventTierChanged", action: "TIER_CHANGE_ACTION_DELETE", tierId: 2, tier: { ...DEFAULT_TIERS[1], closeOnly: true } },
  ]);
  assert.equal(c.tiers.tiers().map((t) => t.id), [1, 3]);
  invariants(c);
});

test("add to an active position: settles first, then more shares on the same validator", async () => {
  const c = await tierChain();
  c.tiers.lock(ALICE, 1, MIN_LOCK, 2, c.fresh());
  c.block(10n * DAY);
  const r = c.tiers.add(ALICE, 0n, 7n * TOKEN);
  // the new tokens in, the claim (base, bonus), the delegation's own withdrawal (zero), the new tokens delegated
  assert.equal(r.events.map((e) => e.type), [
    "CoinTransfer", "CoinTransfer", "WithdrawRewards", "EventBaseRewardsClaimed", "CoinTransfer", "EventBonusRewardsClaimed",
    "WithdrawRewards", "CoinDelegation", "EventPositionAmountAdded",
  ]);
  assert.is((r.events[6] as { amount: bigint }).amount, 0n);
  assert.equal(r.events[8], { type: "EventPositionAmountAdded", positionId: 0n, tierId: 1, owner: ALICE, sharesAdded: 7n * TOKEN * E18, amountAdded: 7n * TOKEN });
  const p = c.tiers.position(0n)!;
  assert.is(p.amount, MIN_LOCK + 7n * TOKEN);
  assert.is(p.lastBonusAccrual, c.now());
  c.block(DAY);
  assert.is(c.tiers.estimateRewards(0n).bonusRewards, expectedSegment(p.delegatedShares, E18, APY1, 86400n));
  invariants(c);
});

test("APY change settles the tier's delegated positions at the old APY, ascending id", async () => {
  const c = await tierChain();
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh());
  c.tiers.lock(BOB, 1, 2n * MIN_LOCK, 1, c.fresh());
  c.block(100n * DAY);
  const r = c.tiers.updateTier({ ...DEFAULT_TIERS[0], bonusApy: E18 / 10n });
  const bonuses = r.events.filter((e) => e.type === "EventBonusRewardsClaimed") as { positionId: bigint; rewards: bigint }[];
  assert.equal(bonuses.map((b) => b.positionId), [0n, 1n]);
  assert.is(bonuses[0].rewards, expectedSegment(MIN_LOCK * E18, E18, APY1, 100n * 86400n));
  c.block(DAY);
  assert.is(c.tiers.estimateRewards(0n).bonusRewards, expectedSegment(MIN_LOCK * E18, E18, E18 / 10n, 86400n));
  invariants(c);
});

test("queries: pagination in ascending ids by owner, tier and all; voting power", async () => {
  const c = await tierChain();
  for (let i = 0; i < 7; i++) c.tiers.lock(i % 2 === 0 ? ALICE : BOB, 1 + (i % 3), MIN_LOCK + BigInt(i), i % 3, c.fresh());
  const p1 = c.tiers.positionIds({ owner: ALICE }, { limit: 2 });
  assert.equal(p1.ids, [0n, 2n]);
  assert.is(p1.total, 4n);
  const p2 = c.tiers.positionIds({ owner: ALICE }, { key: p1.nextKey!, limit: 2 });
  assert.equal(p2.ids, [4n, 6n]);
  assert.is(p2.nextKey, null);
  assert.equal(c.tiers.positionIds({ tier: 1 }).ids, [0n, 3n, 6n]);
  assert.equal(c.tiers.positionIds("all", { key: 4n }).ids, [5n, 6n]);
  tierError(() => c.tiers.positionIds("all", { key: 99n }), 18);
  assert.is(c.tiers.votingPower(ALICE), (4n * MIN_LOCK + 0n + 2n + 4n + 6n) * E18);
  assert.is(c.tiers.totalVotingPower(), (7n * MIN_LOCK + 21n) * E18);
  assert.is(c.tiers.deductedShares(1), (2n * MIN_LOCK + 1n + 4n) * E18); // ids 1 and 4 are on validator 1
  c.ledger.jail(0);
  c.block();
  assert.is(c.tiers.votingPower(ALICE), (2n * MIN_LOCK + 2n + 4n) * E18); // positions on a non-bonded validator count 0
  assert.is(c.tiers.deductedShares(0), 0n);
  invariants(c);
});

test("the per-block top-up is an EventBaseRewardsTopUp paid from the pool", async () => {
  const quiet = await tierChain();
  assert.equal(topUpEvent(quiet.block()), []); // target rate 0: no top-up
  const c = await tierChain({ targetRate: E18 }); // a target far above what the mint pays
  const before = c.pool();
  const outcome = c.block();
  assert.ok(outcome.topUp > 0n);
  assert.equal(topUpEvent(outcome), [{ type: "EventBaseRewardsTopUp", topUp: outcome.topUp }]);
  assert.is(c.pool(), before - outcome.topUp);
});

test("jail: no bonus while the validator is not bonded; it resumes on re-bonding", async () => {
  const c = await tierChain();
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh());
  c.block(10n * DAY);
  const t0 = c.tiers.position(0n)!.lastBonusAccrual;
  c.ledger.jail(0, c.now());
  c.block(); // leaves the set: UNBOND
  const tOut = c.now();
  c.block(20n * DAY);
  c.ledger.unjail(0);
  c.block(); // back: BOND
  const tIn = c.now();
  c.block(5n * DAY);
  const expected =
    expectedSegment(MIN_LOCK * E18, E18, APY1, (tOut - t0) / SECOND) +
    expectedSegment(MIN_LOCK * E18, E18, APY1, (c.now() - tIn) / SECOND);
  assert.is(c.tiers.claim(ALICE, [0n]).bonusRewards, expected);
  assert.is(c.tiers.validatorEventCount(), 0);
  invariants(c);
});

test("redelegation slash of a position: bonus settled on pre-slash shares; all shares gone → undelegated", async () => {
  const c = await tierChain();
  c.tiers.lock(ALICE, 1, MIN_LOCK, 0, c.fresh());
  c.block(DAY);
  const infraction = c.height();
  c.block(DAY);
  c.tiers.redelegate(ALICE, 0n, 1);
  c.block(DAY);
  const v = c.ledger.validator(0)!;
  c.ledger.slash(0, infraction, v.tokens / 1_000_000n, E18); // 100%: the redelegated stake goes too
  const p = c.tiers.position(0n)!;
  assert.is(p.delegated, false);
  assert.is(p.validator, undefined);
  assert.is(p.lastBonusAccrual, 0n);
  assert.is(c.tiers.validatorData(1).positionCount, 0n);
  invariants(c);
});

test.run();
