// Every failure code of every ledger message in the core, each from a state where it applies,
// and each leaving the state exactly as it was (the store transaction is aborted).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCoreFromFile } from "../../host/core/node.js";
import { CoreError } from "../../host/core/errors.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { Ledger, ModuleAccount as M, FIRST_USER_ACCOUNT } from "../../host/core/ledger.js";

const E18 = 10n ** 18n;
const SECOND = 1_000_000_000n;
const OP_A = FIRST_USER_ACCOUNT;
const OP_B = FIRST_USER_ACCOUNT + 1;
const ALICE = FIRST_USER_ACCOUNT + 2;
const POOR = FIRST_USER_ACCOUNT + 3;
const FUNDS = 10_000_000_000_000n;
const ACCOUNTS = [M.feeCollector, M.distribution, M.rewardsPool, M.bondedPool, M.notBondedPool, OP_A, OP_B, ALICE, POOR];

async function chain() {
  const core = await loadCoreFromFile();
  const emission = new Emission(core);
  const ledger = new Ledger(core);
  emission.configure(DEFAULT_EMISSION_PARAMS);
  emission.setState({ height: 0n, totalSupply: 3n * FUNDS + 5n, burned: 0n });
  ledger.configure({ communityTax: E18 / 50n, targetBaseRewardsRate: 0n });
  ledger.configureStaking(100, 1_000_000n, 100n * SECOND);
  for (const a of [OP_A, OP_B, ALICE]) ledger.genesisBalance(a, FUNDS);
  ledger.genesisBalance(POOR, 5n);
  ledger.createValidatorWithSelfDelegation(0, OP_A, E18 / 10n, 1_000_000_000_000n, 0n);
  ledger.createValidatorWithSelfDelegation(1, OP_B, E18 / 10n, 1_000_000_000_000n, 1n);
  let height = 0n;
  const block = () => {
    height += 1n;
    const time = height * 5n * SECOND;
    ledger.beginBlock(height, ledger.lastCommitVotes(), time);
    ledger.endBlock(height, time);
  };
  block();
  block();
  ledger.delegate(ALICE, 0, 2_000_000_000_000n);
  block();
  return { core, emission, ledger, block, now: () => height * 5n * SECOND };
}

type Chain = Awaited<ReturnType<typeof chain>>;

function snapshot(c: Chain) {
  return JSON.stringify(
    {
      balances: ACCOUNTS.map((a) => c.ledger.balance(a)),
      validators: [0, 1, 2].map((v) => c.ledger.validator(v)),
      pool: c.ledger.communityPool(),
      supply: c.emission.last().totalSupply,
      shares: [OP_A, OP_B, ALICE].flatMap((d) => [0, 1].map((v) => c.ledger.delegationShares(d, v))),
      journal: c.core.exports.storeJournalLength(),
    },
    (_, v) => (typeof v === "bigint" ? v.toString() : v),
  );
}

function fails(c: Chain, code: string, f: () => unknown): void {
  const before = snapshot(c);
  try {
    f();
    assert.unreachable(`expected ${code}`);
  } catch (e) {
    if (!(e instanceof CoreError)) throw e;
    assert.is(e.codeName, code);
  }
  assert.is(snapshot(c), before, `${code} changed nothing`);
}

test("bank: a credit past 2^128 and a debit of more than the balance (or of an account without one) fail and change nothing", async () => {
  const c = await chain();
  const MAX = (1n << 128n) - 1n;
  const RICH = FIRST_USER_ACCOUNT + 40;
  c.ledger.genesisBalance(RICH, MAX - 7n);
  fails(c, "OVERFLOW", () => c.ledger.genesisBalance(RICH, 8n));
  assert.is(c.ledger.balance(RICH), MAX - 7n);
  c.ledger.genesisBalance(RICH, 7n); // exactly 2^128 - 1: no overflow
  assert.is(c.ledger.balance(RICH), MAX);
  fails(c, "OVERFLOW", () => c.ledger.genesisBalance(RICH, 1n));
  fails(c, "INSUFFICIENT_FUNDS", () => c.ledger.send(POOR, ALICE, 6n));
  fails(c, "INSUFFICIENT_FUNDS", () => c.ledger.send(FIRST_USER_ACCOUNT + 41, ALICE, 1n));
  c.ledger.send(POOR, ALICE, 5n); // all of it
  assert.is(c.ledger.balance(POOR), 0n);
});

test("create validator: exists, bad rate, bad id, zero or unaffordable self-delegation", async () => {
  const c = await chain();
  fails(c, "VALIDATOR_EXISTS", () => c.ledger.createValidatorWithSelfDelegation(0, ALICE, 0n, 1n));
  fails(c, "INVALID_PARAMS", () => c.ledger.createValidatorWithSelfDelegation(2, ALICE, E18 + 1n, 1n));
  fails(c, "INVALID_PARAMS", () => c.ledger.createValidatorWithSelfDelegation(1 << 16, ALICE, 0n, 1n));
  fails(c, "ZERO_AMOUNT", () => c.ledger.createValidatorWithSelfDelegation(2, ALICE, 0n, 0n));
  fails(c, "INSUFFICIENT_FUNDS", () => c.ledger.createValidatorWithSelfDelegation(2, POOR, 0n, 6n));
});

test("delegate: zero, unknown validator, unaffordable, a validator slashed to no tokens", async () => {
  const c = await chain();
  fails(c, "ZERO_AMOUNT", () => c.ledger.delegate(ALICE, 0, 0n));
  fails(c, "NO_VALIDATOR", () => c.ledger.delegate(ALICE, 7, 1n));
  fails(c, "INSUFFICIENT_FUNDS", () => c.ledger.delegate(POOR, 0, 6n));
  const power = c.ledger.lastCommitVotes().find((v) => v.validator === 1)!.power;
  c.ledger.slash(1, 3n, power, E18); // everything it had
  assert.is(c.ledger.validator(1)!.tokens, 0n);
  fails(c, "INVALID_EX_RATE", () => c.ledger.delegate(ALICE, 1, 1n));
});

test("undelegate: zero or too many shares, unknown validator or delegation, no tokens, seven entries", async () => {
  const c = await chain();
  fails(c, "INVALID_SHARES", () => c.ledger.undelegate(ALICE, 0, 0n));
  fails(c, "INVALID_SHARES", () => c.ledger.undelegate(ALICE, 0, 2_000_000_000_001n));
  fails(c, "NO_VALIDATOR", () => c.ledger.undelegate(ALICE, 7, 1n));
  fails(c, "NO_DELEGATION", () => c.ledger.undelegate(ALICE, 1, 1n));
  for (let i = 0; i < 7; i++) {
    c.ledger.undelegate(ALICE, 0, 1_000_000n);
    c.block(); // a new block: a new entry, not a merge
  }
  fails(c, "MAX_UNBONDING_ENTRIES", () => c.ledger.undelegate(ALICE, 0, 1_000_000n));
  c.ledger.delegate(ALICE, 1, 1_000_000n);
  c.ledger.slash(1, 3n + 7n, 10n ** 9n, E18); // a power that covers every token: none left
  assert.is(c.ledger.validator(1)!.tokens, 0n);
  fails(c, "INSUFFICIENT_SHARES", () => c.ledger.undelegate(ALICE, 1, 1n));
});

test("redelegate: self, missing source or destination, transitive, seven entries", async () => {
  const c = await chain();
  fails(c, "INVALID_SHARES", () => c.ledger.redelegate(ALICE, 0, 1, 0n));
  fails(c, "NO_VALIDATOR", () => c.ledger.redelegate(ALICE, 7, 1, 1n));
  fails(c, "NO_DELEGATION", () => c.ledger.redelegate(ALICE, 1, 0, 1n));
  fails(c, "SELF_REDELEGATION", () => c.ledger.redelegate(ALICE, 0, 0, 1n));
  fails(c, "BAD_REDELEGATION_DST", () => c.ledger.redelegate(ALICE, 0, 7, 1n));
  c.ledger.redelegate(ALICE, 0, 1, 1_000_000n);
  fails(c, "TRANSITIVE_REDELEGATION", () => c.ledger.redelegate(ALICE, 1, 0, 1n));
  for (let i = 0; i < 6; i++) c.ledger.redelegate(ALICE, 0, 1, 1_000_000n);
  fails(c, "MAX_REDELEGATION_ENTRIES", () => c.ledger.redelegate(ALICE, 0, 1, 1_000_000n));
  // TINY_REDELEGATION (shares that unbond to zero tokens) cannot come from a message: the shares
  // for one whole token always unbond to at least one token while a share is worth at most one
  // token (slashes only lower it). The SDK keeps the check; so does the core.
});

test("rewards and commission: unknown validator or delegation, nothing accrued", async () => {
  const c = await chain();
  fails(c, "NO_VALIDATOR", () => c.ledger.withdrawRewards(ALICE, 7));
  fails(c, "NO_DELEGATION", () => c.ledger.withdrawRewards(ALICE, 1));
  fails(c, "NO_VALIDATOR", () => c.ledger.withdrawCommission(7));
  // a validator that has earned nothing yet
  c.ledger.createValidatorWithSelfDelegation(2, ALICE, E18 / 10n, 1_000_000n, 2n);
  fails(c, "NO_COMMISSION", () => c.ledger.withdrawCommission(2));
});

test("slash, jail, unjail: unbonded or future, already jailed, not jailed, too early, too little self-delegation", async () => {
  const c = await chain();
  fails(c, "BAD_SLASH", () => c.ledger.slash(0, 99n, 1n, E18 / 100n)); // in the future
  assert.is(c.ledger.slash(9, 1n, 1n, E18 / 100n), 0n, "a removed or unknown validator: nothing, no error");
  fails(c, "NO_VALIDATOR", () => c.ledger.jail(7));
  fails(c, "NO_VALIDATOR", () => c.ledger.unjail(7));
  fails(c, "NOT_JAILED", () => c.ledger.unjail(0));
  c.ledger.jail(0, c.now() + 60n * SECOND);
  fails(c, "VALIDATOR_JAILED", () => c.ledger.jail(0));
  fails(c, "STILL_JAILED", () => c.ledger.unjail(0));
  for (let i = 0; i < 13; i++) c.block(); // 65 s later
  c.ledger.unjail(0);
  assert.is(c.ledger.validator(0)!.jailed, false);
  // the operator leaves its validator: jailed for a self-delegation below its minimum (1)
  c.ledger.undelegate(OP_B, 1, 1_000_000_000_000n);
  assert.is(c.ledger.validator(1)!.jailed, true);
  fails(c, "NO_DELEGATION", () => c.ledger.unjail(1));
  c.ledger.delegate(OP_B, 1, 1n);
  c.block();
  c.ledger.undelegate(OP_B, 1, 1n); // back to nothing... then
  c.ledger.delegate(ALICE, 1, 5n); // the validator lives on others' stake
  fails(c, "NO_DELEGATION", () => c.ledger.unjail(1));
  // a self-delegation worth less than the minimum: a half-token share after a slash
  const d = await chain();
  const power = d.ledger.lastCommitVotes().find((v) => v.validator === 1)!.power;
  d.ledger.jail(1);
  d.block();
  d.ledger.slash(1, 4n, power, E18); // everything: the self-delegation is worth nothing
  fails(d, "SELF_DELEGATION_TOO_LOW", () => d.ledger.unjail(1));
});

test.run();
