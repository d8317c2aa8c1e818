// The BigInt ledger model (model/ledger-bigint.ts): every message failure code of staking,
// distribution and slashing, entry limits, a fully slashed validator; and none changes the state.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { LedgerBigInt } from "../../model/ledger-bigint.js";
import { BLOCK, block, dec, fails, ledger, ok, sound } from "../helpers/ledger-model.js";

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

Failures.run();
