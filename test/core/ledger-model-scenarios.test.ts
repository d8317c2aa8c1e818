// The BigInt ledger model (model/ledger-bigint.ts) in hand-checked scenarios: F1 rewards (fees,
// tax, commission, shares, dust, joining and settling), and slashing, unbonding, redelegation,
// jailing and the validator set's cap.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { BONDED_POOL, DISTRIBUTION, NOT_BONDED_POOL } from "../../model/ledger-bigint.js";
import { BLOCK, E18, SECOND, block, dec, fails, ledger, ok, sound } from "../helpers/ledger-model.js";

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

F1.run();
Stake.run();
