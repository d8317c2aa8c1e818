// Delegation, F1 rewards and commission in the core (assembly/ledger/staking.ts, f1.ts): the
// SDK's order of operations, exact reward shares, and messages that fail late leaving no trace.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCoreFromFile } from "../../host/core/node.js";
import { CoreError } from "../../host/core/errors.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { Ledger, ModuleAccount as M, FIRST_USER_ACCOUNT, type Vote } from "../../host/core/ledger.js";
import * as model from "../../model/dec-bigint.js";
import { rejects } from "../helpers/checks.js";

const E18 = 10n ** 18n;
const TAX = (2n * E18) / 100n;
const OPERATOR = FIRST_USER_ACCOUNT;
const ALICE = FIRST_USER_ACCOUNT + 1;
const BOB = FIRST_USER_ACCOUNT + 2;
const FUNDS = 1_000_000_000_000n; // each user: 10,000 CRO
const VAL = 0;
const RATE = E18 / 10n;

async function setup(targetRate = 0n) {
  const core = await loadCoreFromFile();
  const emission = new Emission(core);
  const ledger = new Ledger(core);
  emission.configure(DEFAULT_EMISSION_PARAMS);
  emission.setState({ height: 0n, totalSupply: 3n * FUNDS, burned: 0n });
  ledger.configure({ communityTax: TAX, targetBaseRewardsRate: targetRate });
  for (const a of [OPERATOR, ALICE, BOB]) ledger.genesisBalance(a, FUNDS);
  return { core, emission, ledger };
}

test("create-validator self-delegates; delegations get one share per token while nothing is slashed", async () => {
  const { ledger } = await setup();
  ledger.createValidatorWithSelfDelegation(VAL, OPERATOR, RATE, 100_000_000_000n);
  assert.is(ledger.delegate(ALICE, VAL, 300_000_000_000n), 300_000_000_000n * E18);
  const v = ledger.validator(VAL)!;
  assert.is(v.tokens, 400_000_000_000n);
  assert.is(v.delegatorShares, 400_000_000_000n * E18);
  assert.is(ledger.balance(M.notBondedPool), 400_000_000_000n, "an unbonded validator's tokens are not bonded");
  assert.is(ledger.balance(ALICE), FUNDS - 300_000_000_000n);
  assert.is(ledger.delegationShares(ALICE, VAL), 300_000_000_000n * E18);
});

test("rewards follow the stake: F1 pays each delegation its share of what was allocated while it was there", async () => {
  const { emission, ledger } = await setup();
  ledger.createValidatorWithSelfDelegation(VAL, OPERATOR, RATE, 100_000_000_000n);
  ledger.delegate(ALICE, VAL, 300_000_000_000n);
  const votes: Vote[] = [{ validator: VAL, power: 400_000n }];
  ledger.beginBlock(1n, votes); // height 1: the mint stays in the fee collector
  ledger.beginBlock(2n, votes); // both mints distributed
  const v = ledger.validator(VAL)!;
  const shared = v.currentRewards; // to the delegators, after commission
  // the period closes with rewards per token QuoDecTruncate(tokens); each stake's share is truncated
  const ratio = model.quoTruncate(shared, 400_000_000_000n * E18);
  const alice = model.mulTruncate(ratio, 300_000_000_000n * E18);
  const aliceUnits = alice / E18;
  const before = ledger.balance(ALICE);
  assert.is(ledger.withdrawRewards(ALICE, VAL), aliceUnits);
  assert.is(ledger.balance(ALICE), before + aliceUnits);
  assert.is(ledger.withdrawRewards(ALICE, VAL), 0n, "settled at this height: nothing more");
  const operatorUnits = model.mulTruncate(ratio, 100_000_000_000n * E18) / E18;
  assert.is(ledger.withdrawRewards(OPERATOR, VAL), operatorUnits);
  const commission = ledger.validator(VAL)!.accumulatedCommission;
  assert.is(ledger.withdrawCommission(VAL), commission / E18);
  assert.is(ledger.validator(VAL)!.accumulatedCommission, commission % E18, "the decimal part stays accrued");
  // Only an exactly zero accumulation is refused; a decimal remainder withdraws as 0 units.
  if (commission % E18 === 0n) rejects(() => ledger.withdrawCommission(VAL), "NO_COMMISSION");
  else assert.is(ledger.withdrawCommission(VAL), 0n);
  void emission;
});

test("a delegate that fails at its last step (the debit) leaves no trace, not even the rewards it settled first", async () => {
  const { core, ledger } = await setup();
  ledger.createValidatorWithSelfDelegation(VAL, OPERATOR, RATE, 100_000_000_000n);
  ledger.delegate(ALICE, VAL, 300_000_000_000n);
  const votes: Vote[] = [{ validator: VAL, power: 1n }];
  for (let h = 1n; h <= 5n; h++) ledger.beginBlock(h, votes);
  const snapshot = () => ({
    alice: ledger.balance(ALICE),
    distribution: ledger.balance(M.distribution),
    pool: ledger.communityPool(),
    validator: ledger.validator(VAL),
    shares: ledger.delegationShares(ALICE, VAL),
    journal: core.exports.storeJournalLength(),
  });
  const before = snapshot();
  rejects(() => ledger.delegate(ALICE, VAL, FUNDS), "INSUFFICIENT_FUNDS"); // rewards would be paid first
  assert.equal(snapshot(), before);
  rejects(() => ledger.delegate(ALICE, 7, 1n), "NO_VALIDATOR");
  rejects(() => ledger.delegate(ALICE, VAL, 0n), "ZERO_AMOUNT");
  rejects(() => ledger.withdrawRewards(BOB, VAL), "NO_DELEGATION");
  rejects(() => ledger.createValidatorWithSelfDelegation(VAL, BOB, RATE, 1n), "VALIDATOR_EXISTS");
  rejects(() => ledger.createValidatorWithSelfDelegation(3, BOB, RATE, FUNDS + 1n), "INSUFFICIENT_FUNDS");
  assert.is(ledger.validator(3), undefined, "the failed create-validator left no validator behind");
  assert.equal(snapshot(), before);
});

test("1,500 blocks of random delegations, withdrawals and commission claims keep every invariant", async () => {
  const { emission, ledger } = await setup();
  const users = [OPERATOR, ALICE, BOB];
  ledger.createValidatorWithSelfDelegation(0, OPERATOR, RATE, 50_000_000_000n);
  ledger.createValidatorWithSelfDelegation(1, BOB, (5n * E18) / 100n, 20_000_000_000n);
  let seed = 7n;
  const next = (n: bigint) => {
    seed = (seed * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return (seed >> 11n) % n;
  };
  for (let h = 1n; h <= 1500n; h++) {
    ledger.beginBlock(h, [
      { validator: 0, power: 5n + next(3n) },
      { validator: 1, power: 2n },
    ]);
    for (let k = 0; k < 2; k++) {
      const who = users[Number(next(3n))];
      const val = Number(next(2n));
      const op = next(4n);
      try {
        if (op === 0n) ledger.delegate(who, val, 1n + next(5_000_000_000n));
        else if (op === 1n) ledger.withdrawRewards(who, val);
        else if (op === 2n) ledger.withdrawCommission(val);
      } catch (e) {
        assert.instance(e, CoreError);
        assert.ok(["NO_DELEGATION", "NO_COMMISSION", "INSUFFICIENT_FUNDS"].includes((e as CoreError).codeName));
      }
    }
    const accounts = [M.feeCollector, M.distribution, M.rewardsPool, M.bondedPool, M.notBondedPool, ...users];
    const total = accounts.reduce((sum, a) => sum + ledger.balance(a), 0n);
    assert.is(total, emission.last().totalSupply, `supply at ${h}`);
    const owed = [0, 1].reduce((sum, id) => sum + ledger.validator(id)!.outstanding, 0n) + ledger.communityPool();
    assert.is(ledger.balance(M.distribution) * E18, owed, `distribution holds what is owed at ${h}`);
    for (const id of [0, 1]) {
      const v = ledger.validator(id)!;
      const shares = users.reduce((sum, u) => sum + (ledger.delegationShares(u, id) ?? 0n), 0n);
      assert.is(shares, v.delegatorShares, `validator ${id}'s shares are its delegations' at ${h}`);
    }
    const tokens = ledger.validator(0)!.tokens + ledger.validator(1)!.tokens;
    assert.is(ledger.balance(M.notBondedPool) + ledger.balance(M.bondedPool), tokens, `pools hold the tokens at ${h}`);
  }
  // everything owed can be withdrawn: the outstanding rewards cover every claim
  for (const u of users) for (const id of [0, 1]) if (ledger.delegationShares(u, id) !== undefined) ledger.withdrawRewards(u, id);
  for (const id of [0, 1]) {
    try {
      ledger.withdrawCommission(id);
    } catch (e) {
      assert.is((e as CoreError).codeName, "NO_COMMISSION");
    }
    const v = ledger.validator(id)!;
    assert.ok(v.outstanding >= v.accumulatedCommission, "outstanding covers what is left");
    assert.ok(v.outstanding - v.accumulatedCommission < 10n * E18, "only dust stays outstanding");
  }
});

test.run();
