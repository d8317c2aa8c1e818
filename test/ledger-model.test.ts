// The BigInt ledger model (model/ledger-bigint.ts): hand-checked scenarios of F1 rewards,
// slashing, unbonding and redelegation; every message failure code; the top-up port against the
// core and the golden vectors; and a seeded random run with the invariants checked every block.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { computeTopUp, type TopUpInput } from "../host/core/rewards.js";
import {
  BONDED_POOL, DISTRIBUTION, LedgerBigInt, NOT_BONDED_POOL, REWARDS_POOL, computeTopUpBigInt,
  type LedgerParams, type TxResult,
} from "../model/ledger-bigint.js";
import { readVectors } from "./golden/vectors.js";
import { core } from "./helpers/core.js";

const E18 = 10n ** 18n;
const SECOND = 1_000_000_000n;
const BLOCK = 6n * SECOND;

/** A decimal string as a raw Dec. */
function dec(text: string): bigint {
  const [int, frac = ""] = text.split(".");
  return BigInt(int) * E18 + BigInt(frac.padEnd(18, "0").slice(0, 18));
}

function ok<T>(r: TxResult<T>): T {
  assert.is(r.code, 0, `expected success, got ${r.codespace} ${r.code}: ${r.log}`);
  return r.value as T;
}

/** The failure, and proof that it changed nothing. */
function fails<T>(l: LedgerBigInt, run: () => TxResult<T>, codespace: string, code: number, log?: string): void {
  const before = l.stateDigest();
  const r = run();
  assert.is(`${r.codespace}:${r.code}`, `${codespace}:${code}`, r.log);
  if (log !== undefined) assert.is(r.log, log);
  assert.is(l.stateDigest(), before, "a failed message changed the state");
}

/** One block at time height x 6 s, nothing minted; `txs` run between BeginBlock and EndBlock. */
function block(l: LedgerBigInt, height: bigint, txs: () => void = () => {}): void {
  l.beginBlock(height, height * BLOCK, 0n);
  txs();
  l.endBlock(height, height * BLOCK);
}

function sound(l: LedgerBigInt): void {
  assert.equal(l.checkInvariants(), []);
}

function ledger(params: Partial<LedgerParams> = {}, funds: Record<string, bigint> = {}): LedgerBigInt {
  const l = new LedgerBigInt({ communityTax: dec("0.02"), ...params });
  for (const [address, amount] of Object.entries(funds)) l.fund(address, amount);
  return l;
}

// ---- F1 by hand ---------------------------------------------------------------------------------

const F1 = suite("ledger model: F1 rewards by hand");

F1("one validator, one delegator: fees x (1 - tax) x (1 - commission) x share, dust to the pool", () => {
  const l = ledger({}, { val: 1_000_000n, del: 3_000_000n, payer: 10_000n });
  block(l, 1n, () => {
    ok(l.createValidator("val", 1_000_000n, dec("0.1")));
    ok(l.delegate("del", "val", 3_000_000n));
    ok(l.payFees("payer", 1000n));
  });
  assert.is(l.validator("val")!.status, "bonded");
  block(l, 2n, () => ok(l.payFees("payer", 1000n)));
  block(l, 3n, () => ok(l.payFees("payer", 1000n)));
  // 3 allocations of 1000: 20 tax, 98 commission, 882 over 4e6 tokens -> 661.5 to del per block
  l.beginBlock(4n, 4n * BLOCK, 0n);
  assert.is(l.pendingRewards("del", "val"), dec("1984.5"));
  assert.is(l.pendingRewards("val", "val"), dec("661.5"));
  assert.is(l.commission("val"), dec("294"));
  assert.is(ok(l.withdrawDelegatorReward("del", "val")).amount, 1984n);
  assert.is(l.balance("del"), 1984n);
  assert.is(l.communityPool(), dec("60.5")); // 3 x 20 tax + the withdrawal's 0.5
  assert.is(ok(l.withdrawValidatorCommission("val")).amount, 294n);
  assert.is(l.outstandingRewards("val"), dec("661.5"));
  assert.is(l.balance(DISTRIBUTION), 722n);
  l.endBlock(4n, 4n * BLOCK);
  sound(l);
});

F1("two delegators joining at different blocks", () => {
  const l = ledger({}, { val: 1_000_000n, d1: 1_000_000n, d2: 2_000_000n, payer: 10_000n });
  block(l, 1n, () => {
    ok(l.createValidator("val", 1_000_000n, dec("0.1")));
    ok(l.delegate("d1", "val", 1_000_000n));
    ok(l.payFees("payer", 1000n));
  });
  block(l, 2n, () => ok(l.payFees("payer", 1000n)));
  // d2 joins after block 3's allocation: 882 per block over 2e6 tokens, then over 4e6
  block(l, 3n, () => {
    ok(l.delegate("d2", "val", 2_000_000n));
    ok(l.payFees("payer", 1000n));
  });
  block(l, 4n, () => ok(l.payFees("payer", 1000n)));
  block(l, 5n, () => ok(l.payFees("payer", 1000n)));
  l.beginBlock(6n, 6n * BLOCK, 0n);
  assert.is(l.pendingRewards("d1", "val"), dec("1543.5")); // 2 x 441 + 3 x 220.5
  assert.is(l.pendingRewards("val", "val"), dec("1543.5"));
  assert.is(l.pendingRewards("d2", "val"), dec("1323")); // 3 x 441
  l.endBlock(6n, 6n * BLOCK);
  sound(l);
});

F1("a delegation started this block earns nothing yet; changing shares settles first", () => {
  const l = ledger({}, { val: 1_000_000n, del: 3_000_000n, payer: 10_000n });
  block(l, 1n, () => {
    ok(l.createValidator("val", 1_000_000n, 0n, { maxRate: dec("0.2") }));
    ok(l.payFees("payer", 1000n));
  });
  block(l, 2n, () => {
    ok(l.delegate("del", "val", 1_000_000n));
    assert.is(l.pendingRewards("del", "val"), 0n);
    ok(l.payFees("payer", 1000n));
  });
  block(l, 3n, () => {
    assert.is(l.pendingRewards("del", "val"), dec("490")); // 980 x 1/2
    ok(l.delegate("del", "val", 1_000_000n)); // settles 490 first
    assert.is(l.balance("del"), 1_000_000n + 490n);
    assert.is(l.pendingRewards("del", "val"), 0n);
  });
  sound(l);
});

F1("the rewards withdrawn on a share change can fund that same delegation", () => {
  const l = ledger({}, { val: 1_000_000n, del: 1_000_000n, payer: 10_000n });
  block(l, 1n, () => {
    ok(l.createValidator("val", 1_000_000n, 0n, { maxRate: dec("0.2") }));
    ok(l.delegate("del", "val", 1_000_000n));
    ok(l.payFees("payer", 1000n));
  });
  block(l, 2n, () => {
    assert.is(l.balance("del"), 0n);
    assert.is(l.pendingRewards("del", "val"), dec("490"));
    ok(l.delegate("del", "val", 490n)); // BeforeDelegationSharesModified pays 490, then the bank takes it
    assert.is(l.balance("del"), 0n);
    fails(l, () => l.delegate("del", "val", 1n), "sdk", 5, "failed to delegate; 0basecro is smaller than 1basecro: insufficient funds");
  });
  sound(l);
});

// ---- slashing, unbonding, redelegation ----------------------------------------------------------

const Stake = suite("ledger model: slashing, unbonding, redelegation");

Stake("a slash halves the tokens; F1 rewards after it use the reduced stake", () => {
  const l = ledger({}, { val: 2_000_000n, del: 2_000_000n, late: 1_000_000n, payer: 10_000n });
  block(l, 1n, () => {
    ok(l.createValidator("val", 2_000_000n, 0n, { maxRate: dec("0.2") }));
    ok(l.delegate("del", "val", 2_000_000n));
    ok(l.payFees("payer", 1500n));
  });
  const supply = l.supply();
  block(l, 2n, () => {
    // 1470 over 4e6 tokens: del 735; then half of everything burned
    assert.is(ok(l.slash("val", 2n, 4n, dec("0.5"))).burned, 2_000_000n);
    assert.is(l.validator("val")!.tokens, 2_000_000n);
    assert.is(l.supply(), supply - 2_000_000n);
    assert.is(l.balance(BONDED_POOL), 2_000_000n);
    assert.equal(l.delegations("del"), [{ validator: "val", shares: 2_000_000n * E18, balance: 1_000_000n }]);
    ok(l.delegate("late", "val", 1_000_000n)); // 2e6 shares at the halved rate
    ok(l.payFees("payer", 1500n));
  });
  l.beginBlock(3n, 3n * BLOCK, 0n);
  // 1470 over 3e6 tokens: 490 for each 1e6 of stake; del's stake is 2e6 x (1 - 0.5)
  assert.is(l.pendingRewards("del", "val"), dec("1225"));
  assert.is(l.pendingRewards("val", "val"), dec("1225"));
  assert.is(l.pendingRewards("late", "val"), dec("490"));
  assert.is(ok(l.withdrawDelegatorReward("del", "val")).amount, 1225n);
  l.endBlock(3n, 3n * BLOCK);
  assert.is(l.validator("val")!.status, "bonded");
  sound(l);
});

Stake("an unbonding matures after exactly the unbonding time", () => {
  const l = ledger({ unbondingTimeNs: 60n * SECOND }, { val: 1_000_000n, del: 3_000_000n });
  block(l, 1n, () => {
    ok(l.createValidator("val", 1_000_000n, 0n, { maxRate: dec("0.2") }));
    ok(l.delegate("del", "val", 3_000_000n));
  });
  block(l, 2n, () => {
    const r = ok(l.undelegate("del", "val", 1_000_000n));
    assert.is(r.completionTime, 2n * BLOCK + 60n * SECOND); // block 12's time
    assert.is(r.amount, 1_000_000n);
  });
  assert.is(l.balance(NOT_BONDED_POOL), 1_000_000n);
  for (let h = 3n; h <= 11n; h++) block(l, h);
  assert.is(l.balance("del"), 0n);
  assert.is(l.unbondingEntries("del")[0].entries.length, 1);
  block(l, 12n);
  assert.is(l.balance("del"), 1_000_000n);
  assert.equal(l.unbondingEntries("del"), []);
  assert.is(l.balance(NOT_BONDED_POOL), 0n);
  sound(l);
});

Stake("a source slash hits the redelegated entry at its destination", () => {
  const l = ledger({}, { a: 1_000_000n, b: 1_000_000n, del: 4_000_000n });
  block(l, 1n, () => {
    ok(l.createValidator("a", 1_000_000n, 0n, { maxRate: dec("0.2") }));
    ok(l.createValidator("b", 1_000_000n, 0n, { maxRate: dec("0.2") }));
    ok(l.delegate("del", "a", 4_000_000n));
  });
  block(l, 2n, () => ok(l.redelegate("del", "a", "b", 2_000_000n)));
  const entry = l.redelegations("del")[0].entries[0];
  assert.equal(entry, {
    creationHeight: 2n, completionTime: 2n * BLOCK + l.params.unbondingTimeNs, initialBalance: 2_000_000n,
    sharesDst: 2_000_000n * E18,
  });
  const supply = l.supply();
  block(l, 3n, () => {
    // power 5 at height 2, 10%: 500,000 to burn; the entry takes 200,000 (unbonded from b)
    assert.is(ok(l.slash("a", 2n, 5n, dec("0.1"))).burned, 300_000n);
  });
  assert.is(l.validator("a")!.tokens, 2_700_000n);
  assert.is(l.validator("b")!.tokens, 2_800_000n);
  assert.equal(l.delegations("del"), [
    { validator: "a", shares: 2_000_000n * E18, balance: 1_800_000n },
    { validator: "b", shares: 1_800_000n * E18, balance: 1_800_000n },
  ]);
  assert.is(l.supply(), supply - 500_000n);
  sound(l);
});

Stake("a slash for an older infraction reaches the unbonding entries started since", () => {
  const l = ledger({}, { val: 1_000_000n, del: 4_000_000n });
  block(l, 1n, () => {
    ok(l.createValidator("val", 1_000_000n, 0n, { maxRate: dec("0.2") }));
    ok(l.delegate("del", "val", 4_000_000n));
  });
  block(l, 2n, () => ok(l.undelegate("del", "val", 1_000_000n)));
  block(l, 3n, () => {
    // power 5 at height 2, 20%: 1e6; the unbonding entry (created at 2) gives 200,000
    assert.is(ok(l.slash("val", 2n, 5n, dec("0.2"))).burned, 800_000n);
  });
  assert.is(l.unbondingEntries("del")[0].entries[0].balance, 800_000n);
  assert.is(l.validator("val")!.tokens, 3_200_000n);
  sound(l);
});

Stake("jailed validators leave the set, unbond, and come back after unjail", () => {
  const l = ledger({ unbondingTimeNs: 30n * SECOND }, { a: 2_000_000n, b: 1_000_000n, payer: 10_000n });
  block(l, 1n, () => {
    ok(l.createValidator("a", 2_000_000n, 0n, { maxRate: dec("0.2") }));
    ok(l.createValidator("b", 1_000_000n, 0n, { maxRate: dec("0.2") }));
  });
  block(l, 2n, () => ok(l.jail("b", 4n * BLOCK)));
  assert.is(l.validator("b")!.status, "unbonding");
  assert.equal(l.state.lastCommit, [{ operator: "a", power: 2n }]);
  assert.is(l.balance(NOT_BONDED_POOL), 1_000_000n);
  block(l, 3n, () => fails(l, () => l.unjail("b"), "slashing", 4)); // jailed until block 4's time
  block(l, 4n, () => ok(l.unjail("b")));
  assert.is(l.validator("b")!.status, "bonded");
  assert.is(l.balance(BONDED_POOL), 3_000_000n);
  block(l, 5n, () => ok(l.jail("b")));
  for (let h = 6n; h <= 10n; h++) block(l, h);
  assert.is(l.validator("b")!.status, "unbonded"); // 30 s after block 5
  sound(l);
});

Stake("max validators: the lowest power waits outside the set", () => {
  const l = ledger({ maxValidators: 2 }, { a: 3_000_000n, b: 2_000_000n, c: 2_000_000n, d: 5_000_000n });
  block(l, 1n, () => {
    ok(l.createValidator("a", 3_000_000n, 0n, { maxRate: dec("0.2") }));
    ok(l.createValidator("c", 2_000_000n, 0n, { maxRate: dec("0.2") }));
    ok(l.createValidator("b", 2_000_000n, 0n, { maxRate: dec("0.2") }));
  });
  // equal powers: the lower address ranks first
  assert.equal(l.state.lastCommit, [{ operator: "a", power: 3n }, { operator: "b", power: 2n }]);
  assert.is(l.validator("c")!.status, "unbonded");
  block(l, 2n, () => ok(l.delegate("d", "c", 5_000_000n)));
  assert.equal(l.state.lastCommit, [{ operator: "c", power: 7n }, { operator: "a", power: 3n }]);
  assert.is(l.validator("b")!.status, "unbonding");
  sound(l);
});

// ---- failures -----------------------------------------------------------------------------------

const Failures = suite("ledger model: failure codes change nothing");

function twoValidators(): LedgerBigInt {
  const l = ledger({}, { a: 1_000_000n, b: 1_000_000n, del: 10_000_000n });
  block(l, 1n, () => {
    ok(l.createValidator("a", 1_000_000n, dec("0.05")));
    ok(l.createValidator("b", 1_000_000n, dec("0.05")));
    ok(l.delegate("del", "a", 5_000_000n));
  });
  l.beginBlock(2n, 2n * BLOCK, 0n);
  return l;
}

Failures("staking", () => {
  const l = twoValidators();
  fails(l, () => l.createValidator("a", 1n, 0n), "staking", 4);
  fails(l, () => l.createValidator("x", 0n, 0n), "sdk", 18, "invalid delegation amount: invalid request");
  fails(l, () => l.createValidator("del", 1n, dec("1.1")), "staking", 11);
  fails(l, () => l.createValidator("del", 1n, 0n, { maxRate: dec("1.5") }), "staking", 10);
  fails(l, () => l.createValidator("del", 5n, 0n, { minSelfDelegation: 6n }), "staking", 16);
  fails(l, () => l.delegate("del", "nobody", 1n), "staking", 3, "validator does not exist");
  fails(l, () => l.delegate("del", "a", 0n), "sdk", 18);
  fails(l, () => l.delegate("del", "a", 5_000_001n), "sdk", 5);
  fails(l, () => l.undelegate("del", "b", 1n), "staking", 19, "no delegation for (address, validator) tuple");
  fails(l, () => l.undelegate("del", "a", 5_000_001n), "sdk", 18, "invalid shares amount: invalid request");
  fails(l, () => l.undelegate("del", "a", 0n), "sdk", 18);
  fails(l, () => l.redelegate("del", "a", "a", 1n), "staking", 29);
  fails(l, () => l.redelegate("del", "a", "nobody", 1n), "staking", 31);
  fails(l, () => l.redelegate("del", "nobody", "a", 1n), "staking", 3);
  ok(l.redelegate("del", "a", "b", 1_000_000n));
  fails(l, () => l.redelegate("del", "b", "a", 1n), "staking", 32);
  fails(l, () => l.jail("nobody"), "staking", 3);
  ok(l.jail("b"));
  fails(l, () => l.jail("b"), "staking", 7);
  l.endBlock(2n, 2n * BLOCK);
  sound(l);
});

Failures("entry limits: seven per (delegator, validator) and per redelegation pair", () => {
  const l = twoValidators();
  l.endBlock(2n, 2n * BLOCK);
  for (let h = 3n; h <= 9n; h++) {
    block(l, h, () => {
      ok(l.undelegate("del", "a", 1000n));
      ok(l.redelegate("del", "a", "b", 1000n));
      // same height and completion time: merged into the entry just made, but the limit is
      // checked first, so once there are seven entries even a merge is refused
      if (h < 9n) ok(l.undelegate("del", "a", 1000n));
      else fails(l, () => l.undelegate("del", "a", 1000n), "staking", 27);
    });
  }
  assert.is(l.unbondingEntries("del")[0].entries.length, 7);
  assert.is(l.unbondingEntries("del")[0].entries[0].balance, 2000n);
  assert.is(l.unbondingEntries("del")[0].entries[6].balance, 1000n);
  block(l, 10n, () => {
    fails(l, () => l.undelegate("del", "a", 1000n), "staking", 27);
    fails(l, () => l.redelegate("del", "a", "b", 1000n), "staking", 33);
  });
  sound(l);
});

Failures("distribution and slashing", () => {
  const l = twoValidators();
  fails(l, () => l.withdrawDelegatorReward("del", "nobody"), "staking", 3);
  fails(l, () => l.withdrawDelegatorReward("del", "b"), "staking", 19);
  fails(l, () => l.withdrawValidatorCommission("b"), "distribution", 7, "no validator commission to withdraw");
  fails(l, () => l.withdrawValidatorCommission("nobody"), "distribution", 7);
  fails(l, () => l.unjail("a"), "slashing", 5, "validator not jailed; cannot be unjailed");
  fails(l, () => l.unjail("nobody"), "staking", 3);
  fails(l, () => l.unjail("del"), "staking", 3);
  fails(l, () => l.slash("a", 3n, 6n, dec("0.1")), "undefined", 1);
  fails(l, () => l.slash("a", 1n, 6n, -1n), "undefined", 1);
  fails(l, () => l.send("del", "x", 10_000_000n), "sdk", 5);
  l.endBlock(2n, 2n * BLOCK);
  sound(l);
});

Failures("a fully slashed validator takes no delegation; its delegators cannot unbond by amount", () => {
  const l = twoValidators();
  ok(l.slash("a", 2n, 6n, dec("1")));
  assert.is(l.validator("a")!.tokens, 0n);
  fails(l, () => l.delegate("del", "a", 1n), "staking", 34);
  fails(l, () => l.undelegate("del", "a", 1n), "staking", 22);
  l.endBlock(2n, 2n * BLOCK);
  assert.is(l.validator("a")!.status, "unbonding");
  sound(l);
});

// ---- the top-up ---------------------------------------------------------------------------------

const TopUp = suite("ledger model: base-rewards top-up");

/** mulberry32: a small seeded generator (test inputs only; money stays bigint). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A bigint in [0, max], from 64 random bits (scaled). */
function randBig(r: () => number, max: bigint): bigint {
  if (max <= 0n) return 0n;
  const bits = (BigInt(Math.floor(r() * 2 ** 32)) << 32n) | BigInt(Math.floor(r() * 2 ** 32));
  return (bits * (max + 1n)) >> 64n;
}

TopUp("the BigInt port equals the core's computeTopUp on 3,000 seeded inputs", () => {
  const r = rng(20260101);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  for (let i = 0; i < 3000; i++) {
    const n = 1 + Math.floor(r() * 12);
    const input: TopUpInput = {
      totalBonded: randBig(r, pick([10n ** 6n, 10n ** 12n, 10n ** 19n])),
      targetBaseRewardsRate: pick([0n, dec("0.03"), dec("1"), randBig(r, E18)]),
      blocksPerYear: pick([0n, 1n, 6_311_520n, randBig(r, 10n ** 8n)]),
      feeCollectorBalance: randBig(r, pick([0n, 10n ** 4n, 10n ** 12n])),
      communityTax: pick([0n, dec("0.02"), randBig(r, E18)]),
      poolBalance: randBig(r, pick([0n, 10n ** 3n, 10n ** 15n])),
      powers: Array.from({ length: n }, () => pick([0n, 1n, randBig(r, 10n ** 9n)])),
    };
    assert.equal(computeTopUpBigInt(input), computeTopUp(core, input), JSON.stringify(input, (_, v) => String(v)));
  }
});

interface GoldenTopUp {
  inputs: Record<string, string> & { powers: string[] };
  expected: { outcome: string; top_up: string; allocations: { reward: string }[] };
}
const golden = readVectors<{ top_up_cases: GoldenTopUp[] }>("rewards.json");

if (golden) {
  TopUp(`the BigInt port reproduces the ${golden.top_up_cases.length} golden top-up cases`, () => {
    for (const c of golden.top_up_cases) {
      const i = c.inputs;
      const got = computeTopUpBigInt({
        totalBonded: BigInt(i.total_bonded), targetBaseRewardsRate: dec(i.target_base_rewards_rate),
        blocksPerYear: BigInt(i.blocks_per_year), feeCollectorBalance: BigInt(i.fee_collector_balance),
        communityTax: dec(i.community_tax), poolBalance: BigInt(i.pool_balance), powers: i.powers.map(BigInt),
      });
      assert.is(got.outcome, c.expected.outcome);
      assert.is(got.topUp.toString(), c.expected.top_up);
      assert.equal(
        got.allocations.map((a) => a.reward),
        c.expected.allocations.map((a) => (a.reward === "" ? 0n : dec(a.reward.replace(/[a-z]+$/, "")))),
      );
    }
  });
}

TopUp("the pool pays the shortfall by last-commit power, commission first, before the fees", () => {
  const blocksPerYear = 100n;
  const l = ledger(
    { targetBaseRewardsRate: dec("0.03"), blocksPerYear },
    { a: 2_000_000n, b: 1_000_000n, [REWARDS_POOL]: 1_000n },
  );
  block(l, 1n, () => {
    ok(l.createValidator("a", 2_000_000n, dec("0.1")));
    ok(l.createValidator("b", 1_000_000n, 0n, { maxRate: dec("0.2") }));
  });
  // target: 3e6 x 0.03 / 100 = 900 per block; fees 0 -> shortfall 900, split 2:1
  const out = l.beginBlock(2n, 2n * BLOCK, 0n);
  assert.is(out.topUp.outcome, "full_top_up");
  assert.is(out.topUp.topUp, 900n);
  assert.is(l.balance(REWARDS_POOL), 100n);
  assert.is(l.commission("a"), dec("59.99999999999999994")); // 10% of 599.9999999999999994
  assert.is(l.outstandingRewards("b"), dec("300.0000000000000006")); // the last gets the remainder
  l.endBlock(2n, 2n * BLOCK);
  const partial = l.beginBlock(3n, 3n * BLOCK, 0n);
  assert.is(partial.topUp.outcome, "partial_top_up");
  assert.is(partial.topUp.topUp, 100n);
  l.endBlock(3n, 3n * BLOCK);
  assert.is(l.beginBlock(4n, 4n * BLOCK, 0n).topUp.outcome, "pool_empty");
  l.endBlock(4n, 4n * BLOCK);
  sound(l);
});

// ---- the random run -----------------------------------------------------------------------------

const Random = suite("ledger model: seeded random run");

interface RunStats {
  ok: Map<string, number>;
  failed: Map<string, number>;
  /** Top-up outcomes, validator statuses and removals seen along the run. */
  seen: Set<string>;
  violations: string[];
  digest: string;
}

function randomRun(seed: number, blocks: number): RunStats {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const l = new LedgerBigInt({
    communityTax: dec("0.02"), unbondingTimeNs: 300n * SECOND, maxValidators: 7,
    targetBaseRewardsRate: dec("0.03"), blocksPerYear: 6_311_520n,
  });
  const minSelf = 10n ** 6n;
  const validators = Array.from({ length: 10 }, (_, i) => `val${i}`);
  const delegators = Array.from({ length: 50 }, (_, i) => `del${String(i).padStart(2, "0")}`);
  for (const v of validators) l.fund(v, 10n ** 11n);
  for (const d of delegators) l.fund(d, 10n ** 10n);
  l.fund("payer", 10n ** 12n);
  l.fund(REWARDS_POOL, 50_000n);

  const stats: RunStats = { ok: new Map(), failed: new Map(), seen: new Set(), violations: [], digest: "" };
  const note = (kind: string, res: TxResult<unknown>) => {
    const key = res.code === 0 ? kind : `${kind} ${res.codespace}:${res.code}`;
    const m = res.code === 0 ? stats.ok : stats.failed;
    m.set(key, (m.get(key) ?? 0) + 1);
  };
  const create = (v: string, k: number) =>
    note("create", l.createValidator(v, BigInt(k + 1) * 10n ** 9n + randBig(r, 10n ** 9n), BigInt(k) * dec("0.02"), {
      minSelfDelegation: minSelf,
    }));
  /** Delegators mostly avoid jailed validators (so abandoned ones can be removed). */
  const destination = () => {
    const open = validators.filter((v) => l.validator(v) && !l.validator(v)!.jailed);
    return open.length && r() < 0.95 ? pick(open) : pick(validators);
  };
  const someDelegation = (d: string) => {
    const ds = l.delegations(d);
    return ds.length ? pick(ds) : undefined;
  };

  const actions: [number, (h: bigint) => void][] = [
    [30, () => {
      const d = pick(delegators);
      note("delegate", l.delegate(d, destination(), randBig(r, l.balance(d) / 4n + 1000n)));
    }],
    [12, () => {
      const d = pick(delegators);
      const target = someDelegation(d);
      if (!target) return;
      const amount = r() < 0.2 ? target.balance : randBig(r, target.balance + target.balance / 50n);
      note("undelegate", l.undelegate(d, target.validator, amount));
    }],
    [12, () => {
      const d = pick(delegators);
      const target = someDelegation(d);
      if (target) note("redelegate", l.redelegate(d, target.validator, destination(), randBig(r, target.balance)));
    }],
    [12, () => {
      const d = pick(delegators);
      const target = someDelegation(d);
      note("withdraw", l.withdrawDelegatorReward(d, target && r() < 0.9 ? target.validator : pick(validators)));
    }],
    [5, () => note("commission", l.withdrawValidatorCommission(pick(validators)))],
    [10, () => note("fees", l.payFees("payer", randBig(r, 3_000n)))],
    [0.3, () => note("fund pool", l.send("payer", REWARDS_POOL, randBig(r, 60_000n)))],
    [3, (h) => {
      const v = l.validator(pick(validators));
      if (!v) return;
      const infraction = h - randBig(r, h > 60n ? 60n : h - 1n);
      const power = v.tokens / l.params.powerReduction + randBig(r, 3n);
      const fraction = r() < 0.03 ? E18 : pick([dec("0.01"), dec("0.02"), dec("0.05"), dec("0.1"), dec("0.5")]);
      note("slash", l.slash(v.operator, infraction, power, fraction));
    }],
    [1.5, (h) => note("jail", l.jail(pick(validators), (h + randBig(r, 20n)) * BLOCK))],
    [6, () => {
      const jailed = l.validators().filter((v) => v.jailed);
      note("unjail", l.unjail(jailed.length ? pick(jailed).operator : pick(validators)));
    }],
    [3, () => {
      const v = pick(validators);
      const self = l.delegations(v).find((d) => d.validator === v);
      if (!self || self.balance < 2n * minSelf) {
        note("self-delegate", l.delegate(v, v, randBig(r, l.balance(v) / 10n) + minSelf));
      } else {
        note("self-undelegate", l.undelegate(v, v, r() < 0.1 ? self.balance : randBig(r, self.balance - minSelf)));
      }
    }],
    [0.4, () => {
      // every delegator leaves one validator: once unbonded it is removed
      const v = pick(validators);
      for (const d of [v, ...delegators]) {
        const target = l.delegations(d).find((x) => x.validator === v);
        if (target) note("leave", l.undelegate(d, v, target.balance));
      }
    }],
    [0.5, () => {
      const k = Math.floor(r() * validators.length);
      if (!l.validator(validators[k])) create(validators[k], k);
    }],
  ];
  const weight = actions.reduce((a, [w]) => a + w, 0);
  const act = (h: bigint) => {
    let x = r() * weight;
    for (const [w, run] of actions) {
      if ((x -= w) < 0) return run(h);
    }
  };

  for (let i = 1; i <= blocks; i++) {
    const h = BigInt(i);
    const minted = r() < 0.5 ? randBig(r, 2_000n) : 0n;
    stats.seen.add(l.beginBlock(h, h * BLOCK + randBig(r, SECOND), minted).topUp.outcome);
    if (i === 1) validators.forEach(create);
    const n = Math.floor(r() * 6);
    for (let k = 0; k < n; k++) act(h);
    l.endBlock(h, l.state.timeNs);
    for (const v of validators) stats.seen.add(l.validator(v)?.status ?? "removed");
    for (const v of l.checkInvariants()) stats.violations.push(`block ${h}: ${v}`);
    if (stats.violations.length > 20) break;
  }
  stats.digest = l.stateDigest();
  return stats;
}

Random("2,000 blocks, 10 validators, 50 delegators: every invariant holds after every block", () => {
  const stats = randomRun(8, 2000);
  assert.equal(stats.violations, []);
  for (const kind of ["delegate", "undelegate", "redelegate", "withdraw", "commission", "slash", "jail", "unjail", "leave"]) {
    assert.ok((stats.ok.get(kind) ?? 0) > 0, `no successful ${kind}`);
  }
  for (const seen of ["full_top_up", "partial_top_up", "pool_empty", "no_shortfall", "bonded", "unbonding", "unbonded", "removed"]) {
    assert.ok(stats.seen.has(seen), `never saw ${seen}`);
  }
  assert.ok([...stats.failed.values()].reduce((a, b) => a + b, 0) > 0, "no failures exercised");
});

Random("the same seed gives the same state", () => {
  assert.is(randomRun(11, 200).digest, randomRun(11, 200).digest);
});

F1.run();
Stake.run();
Failures.run();
TopUp.run();
Random.run();
