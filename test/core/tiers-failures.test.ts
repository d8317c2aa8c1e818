// Every failure of every tier message, each from a state where it applies, with the reference's
// codespace and code (REFERENCE.md §9), and each changing nothing: the same state before and after
// and no record written (the journal stays empty).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { ModuleAccount as M, FIRST_USER_ACCOUNT } from "../../host/core/ledger.js";
import { DEFAULT_TIERS, TierError } from "../../host/core/tiers.js";
import { CoreError } from "../../host/core/errors.js";
import { tierChain, decQuo, E18, SECOND, DAY, UNBONDING, ALICE, BOB, MIN_LOCK, OPS, type TierChain } from "../helpers/tiers.js";

const YEAR = 31_536_000n * SECOND;
const POOR = FIRST_USER_ACCOUNT + 9;
const SHORT_TIER = { id: 9, exitDuration: 10n, bonusApy: E18 / 20n, minLockAmount: 0n, closeOnly: false };

function snapshot(c: TierChain): string {
  const ids = Array.from({ length: 16 }, (_, i) => BigInt(i));
  return JSON.stringify(
    {
      balances: [M.rewardsPool, M.bondedPool, M.notBondedPool, M.distribution, ...OPS, ALICE, BOB, POOR].map((a) => c.ledger.balance(a)),
      delegators: Array.from({ length: 16 }, (_, i) => c.ledger.balance(1000 + i)),
      validators: [0, 1, 2, 3].map((v) => [c.ledger.validator(v), c.tiers.validatorData(v)]),
      positions: ids.map((id) => c.tiers.position(id)),
      tiers: c.tiers.tiers(),
      owed: [ALICE, BOB].map((o) => c.tiers.owedBonus(o)),
      shares: [ALICE, BOB].flatMap((d) => [0, 1, 2].map((v) => c.ledger.delegationShares(d, v))),
      next: c.tiers.nextPositionId(),
      events: c.tiers.validatorEventCount(),
      power: c.tiers.totalVotingPower(),
      supply: c.emission.last().totalSupply,
    },
    (_, v) => (typeof v === "bigint" ? v.toString() : v),
  );
}

/** `f` fails with (codespace, code) and leaves no trace. */
function fails(c: TierChain, f: () => unknown, codespace: string, code: number, text?: string): void {
  c.core.exports.storeJournalClear();
  const before = snapshot(c);
  let err: unknown;
  try {
    f();
  } catch (e) {
    err = e;
  }
  if (err instanceof TierError) {
    assert.is(`${err.codespace} ${err.code}`, `${codespace} ${code}`, err.message);
    if (text !== undefined) assert.ok(err.message.includes(text), err.message);
  } else if (err instanceof CoreError) {
    assert.is(err.codeName, codespace, err.message);
  } else {
    assert.unreachable(`expected ${codespace} ${code}, got ${String(err)}`);
  }
  assert.is(c.core.exports.storeJournalLength(), 0, "a failed message wrote a record");
  assert.is(snapshot(c), before);
}

async function world() {
  const c = await tierChain({ pool: 1n }); // a pool too small for any bonus
  c.ledger.genesisBalance(POOR, 5n);
  c.tiers.addTier(SHORT_TIER);
  c.ledger.delegate(BOB, 0, 10n * MIN_LOCK);
  c.ledger.delegate(BOB, 1, 10n * MIN_LOCK);
  const lock = (tier: number, v: number, trigger: boolean, amount = MIN_LOCK + 5n) =>
    c.tiers.lock(ALICE, tier, amount, v, c.fresh(), trigger).positionId;
  const ids = {
    active: lock(1, 0, false), // 0
    exiting: lock(1, 0, true), // 1: elapsed later, delegated
    unbonding: lock(1, 0, true), // 2
    withdrawable: lock(1, 0, true), // 3
    closeOnly: lock(2, 0, false), // 4
  };
  c.tiers.updateTier({ ...DEFAULT_TIERS[1], closeOnly: true });
  c.block(YEAR);
  c.tiers.undelegate(ALICE, ids.withdrawable); // the pool is short: owed, never a failure
  c.block(UNBONDING - DAY);
  c.tiers.undelegate(ALICE, ids.unbonding);
  c.block(2n * DAY); // 3 matured: withdrawable
  c.ledger.createValidator(3, FIRST_USER_ACCOUNT + 8, 0n); // never bonded
  const notElapsed = lock(1, 0, true); // 6
  const onJailed = lock(1, 1, false); // 7
  const shortOnJailed = lock(9, 1, true); // 8
  const redelegating = lock(9, 1, true); // 9: redelegated, elapsed while the redelegation matures
  c.tiers.redelegate(ALICE, redelegating, 2);
  c.ledger.redelegate(BOB, 0, 2, MIN_LOCK); // BOB: an incoming redelegation to 2
  c.ledger.jail(1, c.now());
  c.block(0n); // 1 leaves the set at once: no bonus accrued on it
  c.block(20n * SECOND); // 8 and 9 elapsed
  return { c, ids: { ...ids, notElapsed, onJailed, shortOnJailed, redelegating } };
}

test("lock and commit", async () => {
  const { c } = await world();
  const d = c.fresh();
  fails(c, () => c.tiers.lock(ALICE, 0, MIN_LOCK, 0, d), "tieredrewards", 27);
  fails(c, () => c.tiers.lock(ALICE, 1, 0n, 0, d), "sdk", 18, "amount must be positive");
  fails(c, () => c.tiers.lock(ALICE, 7, MIN_LOCK, 0, d), "tieredrewards", 17, "tier id 7: tier not found");
  fails(c, () => c.tiers.lock(ALICE, 2, MIN_LOCK, 0, d), "tieredrewards", 7, "tier is close only");
  fails(c, () => c.tiers.lock(ALICE, 1, MIN_LOCK - 1n, 0, d), "tieredrewards", 9);
  fails(c, () => c.tiers.lock(ALICE, 1, MIN_LOCK, 0, ALICE), "tieredrewards", 31);
  fails(c, () => c.tiers.lock(ALICE, 1, MIN_LOCK, 0, M.rewardsPool), "tieredrewards", 31);
  fails(c, () => c.tiers.lock(ALICE, 1, MIN_LOCK, 0, 1000), "tieredrewards", 31); // a position's delegator
  fails(c, () => c.tiers.lock(ALICE, 1, MIN_LOCK, 0, POOR), "tieredrewards", 31); // holds coins
  fails(c, () => c.tiers.lock(POOR, 9, 6n, 0, d), "INSUFFICIENT_FUNDS", 0);
  fails(c, () => c.tiers.lock(ALICE, 1, MIN_LOCK, 5, d), "NO_VALIDATOR", 0);
  fails(c, () => c.tiers.lock(ALICE, 1, MIN_LOCK, 1, d), "tieredrewards", 11);
  fails(c, () => c.tiers.commitDelegation(BOB, 0, MIN_LOCK, 0, d), "tieredrewards", 27);
  fails(c, () => c.tiers.commitDelegation(BOB, 0, 0n, 1, d), "sdk", 18);
  fails(c, () => c.tiers.commitDelegation(BOB, 0, MIN_LOCK, 7, d), "tieredrewards", 17);
  fails(c, () => c.tiers.commitDelegation(BOB, 0, MIN_LOCK, 2, d), "tieredrewards", 7);
  fails(c, () => c.tiers.commitDelegation(BOB, 0, MIN_LOCK - 1n, 1, d), "tieredrewards", 9);
  fails(c, () => c.tiers.commitDelegation(BOB, 0, MIN_LOCK, 1, BOB), "tieredrewards", 31);
  fails(c, () => c.tiers.commitDelegation(BOB, 5, MIN_LOCK, 1, d), "tieredrewards", 1);
  fails(c, () => c.tiers.commitDelegation(BOB, 1, MIN_LOCK, 1, d), "tieredrewards", 11);
  fails(c, () => c.tiers.commitDelegation(BOB, 2, MIN_LOCK, 1, d), "tieredrewards", 10);
  fails(c, () => c.tiers.commitDelegation(ALICE, 0, MIN_LOCK, 1, d), "NO_DELEGATION", 0);
  fails(c, () => c.tiers.commitDelegation(BOB, 0, 100n * MIN_LOCK, 1, d), "INVALID_SHARES", 0);
});

test("commit and exit: too few tokens (the shares for the amount unbond to zero)", async () => {
  const c = await tierChain();
  c.tiers.addTier({ ...SHORT_TIER, bonusApy: 0n });
  c.ledger.delegate(BOB, 0, 10n * MIN_LOCK);
  const id = c.tiers.lock(ALICE, 9, MIN_LOCK, 0, c.fresh(), true).positionId;
  c.block(20n * SECOND);
  // slash until one base unit's shares are worth less than one token (predicted in BigInt:
  // SharesFromTokens truncated, then TokensFromShares, then TruncateInt)
  const unitWorthZero = () => {
    const v = c.ledger.validator(0)!;
    const shares = (v.delegatorShares * 1n) / v.tokens;
    return decQuo(shares * v.tokens, v.delegatorShares) / E18 === 0n;
  };
  for (let k = 7n; !unitWorthZero(); k++) {
    assert.ok(k < 100n, "no slash found that makes a unit worth zero tokens");
    c.ledger.slash(0, c.height(), c.ledger.validator(0)!.tokens / 1_000_000n, E18 / k);
  }
  fails(c, () => c.tiers.commitDelegation(BOB, 0, 1n, 9, c.fresh()), "tieredrewards", 3);
  fails(c, () => c.tiers.exitWithDelegation(ALICE, id, 1n), "tieredrewards", 3);
});

test("add, trigger exit, clear", async () => {
  const { c, ids } = await world();
  fails(c, () => c.tiers.add(ALICE, ids.active, 0n), "sdk", 18);
  fails(c, () => c.tiers.add(ALICE, 99n, MIN_LOCK), "tieredrewards", 18, "position id 99: position not found");
  fails(c, () => c.tiers.add(BOB, ids.active, MIN_LOCK), "tieredrewards", 22);
  fails(c, () => c.tiers.add(ALICE, ids.unbonding, MIN_LOCK), "tieredrewards", 13);
  fails(c, () => c.tiers.add(ALICE, ids.exiting, MIN_LOCK), "tieredrewards", 15);
  fails(c, () => c.tiers.add(ALICE, ids.closeOnly, MIN_LOCK), "tieredrewards", 7);
  fails(c, () => c.tiers.add(ALICE, ids.active, MIN_LOCK), "tieredrewards", 12, "insufficient bonus pool balance");
  fails(c, () => c.tiers.add(ALICE, ids.onJailed, 10n ** 20n), "INSUFFICIENT_FUNDS", 0);
  fails(c, () => c.tiers.add(ALICE, ids.onJailed, MIN_LOCK), "tieredrewards", 11);
  fails(c, () => c.tiers.triggerExit(ALICE, 99n), "tieredrewards", 18);
  fails(c, () => c.tiers.triggerExit(BOB, ids.active), "tieredrewards", 22);
  fails(c, () => c.tiers.triggerExit(ALICE, ids.exiting), "tieredrewards", 15);
  fails(c, () => c.tiers.clear(ALICE, 99n), "tieredrewards", 18);
  fails(c, () => c.tiers.clear(BOB, ids.exiting), "tieredrewards", 22);
  fails(c, () => c.tiers.clear(ALICE, ids.unbonding), "tieredrewards", 25);
  fails(c, () => c.tiers.clear(ALICE, ids.withdrawable), "tieredrewards", 13);
  fails(c, () => c.tiers.clear(ALICE, ids.closeOnly), "tieredrewards", 7);
  fails(c, () => c.tiers.clear(ALICE, ids.exiting), "tieredrewards", 12);
});

test("redelegate, undelegate, withdraw", async () => {
  const { c, ids } = await world();
  fails(c, () => c.tiers.redelegate(ALICE, 99n, 2), "tieredrewards", 18);
  fails(c, () => c.tiers.redelegate(BOB, ids.active, 2), "tieredrewards", 22);
  fails(c, () => c.tiers.redelegate(ALICE, ids.unbonding, 2), "tieredrewards", 13);
  fails(c, () => c.tiers.redelegate(ALICE, ids.active, 0), "tieredrewards", 16);
  fails(c, () => c.tiers.redelegate(ALICE, ids.closeOnly, 2), "tieredrewards", 7);
  fails(c, () => c.tiers.redelegate(ALICE, ids.redelegating, 0), "tieredrewards", 10, `position ${ids.redelegating} has an active redelegation`);
  fails(c, () => c.tiers.redelegate(ALICE, ids.active, 2), "tieredrewards", 12);
  fails(c, () => c.tiers.redelegate(ALICE, ids.onJailed, 5), "NO_VALIDATOR", 0);
  fails(c, () => c.tiers.redelegate(ALICE, ids.onJailed, 3), "tieredrewards", 11);
  fails(c, () => c.tiers.undelegate(ALICE, 99n), "tieredrewards", 18);
  fails(c, () => c.tiers.undelegate(BOB, ids.exiting), "tieredrewards", 22);
  fails(c, () => c.tiers.undelegate(ALICE, ids.unbonding), "tieredrewards", 13);
  fails(c, () => c.tiers.undelegate(ALICE, ids.active), "tieredrewards", 24);
  fails(c, () => c.tiers.undelegate(ALICE, ids.notElapsed), "tieredrewards", 14);
  fails(c, () => c.tiers.withdraw(ALICE, 99n), "tieredrewards", 18);
  fails(c, () => c.tiers.withdraw(BOB, ids.withdrawable), "tieredrewards", 22);
  fails(c, () => c.tiers.withdraw(ALICE, ids.active), "tieredrewards", 24);
  fails(c, () => c.tiers.withdraw(ALICE, ids.notElapsed), "tieredrewards", 14);
  fails(c, () => c.tiers.withdraw(ALICE, ids.exiting), "tieredrewards", 23);
  fails(c, () => c.tiers.withdraw(ALICE, ids.unbonding), "tieredrewards", 25);
});

test("exit with delegation and claim", async () => {
  const { c, ids } = await world();
  fails(c, () => c.tiers.exitWithDelegation(ALICE, ids.exiting, 0n), "sdk", 18);
  fails(c, () => c.tiers.exitWithDelegation(ALICE, 99n, 1n), "tieredrewards", 18);
  fails(c, () => c.tiers.exitWithDelegation(BOB, ids.exiting, 1n), "tieredrewards", 22);
  fails(c, () => c.tiers.exitWithDelegation(ALICE, ids.unbonding, 1n), "tieredrewards", 13);
  fails(c, () => c.tiers.exitWithDelegation(ALICE, ids.active, 1n), "tieredrewards", 24);
  fails(c, () => c.tiers.exitWithDelegation(ALICE, ids.notElapsed, 1n), "tieredrewards", 14);
  fails(c, () => c.tiers.exitWithDelegation(ALICE, ids.exiting, MIN_LOCK + 6n), "tieredrewards", 8, `amount ${MIN_LOCK + 6n} exceeds position token value ${MIN_LOCK + 5n}`);
  fails(c, () => c.tiers.exitWithDelegation(ALICE, ids.redelegating, 1n), "tieredrewards", 10);
  fails(c, () => c.tiers.exitWithDelegation(ALICE, ids.shortOnJailed, 1n), "tieredrewards", 11);
  fails(c, () => c.tiers.exitWithDelegation(ALICE, ids.exiting, 6n), "tieredrewards", 9, `remaining amount ${MIN_LOCK - 1n} is below tier minimum ${MIN_LOCK}`);
  fails(c, () => c.tiers.claim(ALICE, []), "sdk", 18, "position_ids must not be empty");
  fails(c, () => c.tiers.claim(ALICE, Array.from({ length: 301 }, (_, i) => BigInt(i))), "sdk", 18, "too many position_ids: 301, max: 300");
  fails(c, () => c.tiers.claim(ALICE, [ids.active, ids.exiting, ids.active]), "sdk", 18, `duplicate position_id ${ids.active}`);
  // ids 1, 2, 3 are not the rules 1 (amount), 2 (no ids), 3 (too many) of the same code
  for (const id of [ids.exiting, ids.unbonding, ids.withdrawable]) fails(c, () => c.tiers.claim(ALICE, [id, id]), "sdk", 18, `duplicate position_id ${id}: invalid request`);
  fails(c, () => c.tiers.claim(ALICE, [ids.unbonding, 99n]), "tieredrewards", 18);
  fails(c, () => c.tiers.claim(BOB, [ids.active]), "tieredrewards", 22);
  fails(c, () => c.tiers.claim(ALICE, [ids.unbonding, ids.active]), "tieredrewards", 12, "bonus: ");
  fails(c, () => c.tiers.estimateRewards(ids.active), "tieredrewards", 12);
  fails(c, () => c.tiers.fundRewardsPool(BOB, 0n), "sdk", 18);
  fails(c, () => c.tiers.fundRewardsPool(POOR, 6n), "INSUFFICIENT_FUNDS", 0);
});

test("governance: add, update, delete tier", async () => {
  const { c } = await world();
  const t = { id: 4, exitDuration: 100n, bonusApy: E18 / 100n, minLockAmount: 0n, closeOnly: false };
  fails(c, () => c.tiers.addTier({ ...t, id: 1 }), "tieredrewards", 5);
  fails(c, () => c.tiers.addTier({ ...t, id: 0 }), "tieredrewards", 27);
  fails(c, () => c.tiers.addTier({ ...t, exitDuration: 0n }), "undefined", 1, "exit duration must be positive");
  fails(c, () => c.tiers.addTier({ ...t, bonusApy: E18 + 1n }), "undefined", 1, "bonus apy must not exceed 1.0 (100%): got 1.000000000000000001");
  fails(c, () => c.tiers.updateTier(t), "tieredrewards", 17);
  fails(c, () => c.tiers.updateTier({ ...DEFAULT_TIERS[0], bonusApy: E18 / 10n }), "tieredrewards", 12);
  fails(c, () => c.tiers.updateTier({ ...DEFAULT_TIERS[0], exitDuration: 0n }), "undefined", 1);
  fails(c, () => c.tiers.deleteTier(4), "tieredrewards", 17);
  fails(c, () => c.tiers.deleteTier(1), "tieredrewards", 6);
});

test("an error quotes only its own amounts: a lock below the minimum after a failed exit quotes none", async () => {
  const { c, ids } = await world();
  const message = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error("no failure");
  };
  assert.match(message(() => c.tiers.exitWithDelegation(ALICE, ids.exiting, MIN_LOCK + 6n)), "exceeds position token value");
  assert.is(message(() => c.tiers.lock(ALICE, 1, MIN_LOCK - 1n, 0, c.fresh())), "min lock amount not met");
});

test.run();
