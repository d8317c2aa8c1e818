// The allocation of a block (the top-up's shares and the fees' shares with their commissions)
// against the BigInt model at the edges of the core's fast path (assembly/ledger/distribution.ts,
// `allocateFast`: products of 10^9-digits, a per-vote memo), and just past them where the general
// products take over: commission rates 0, 1, 1/2 (exact half-way ties every other share), 1e-18,
// 1 - 1e-18; fees and top-ups around 2^32, 10^18 (and the fees whose share of M = fees x (1 - tax)
// crosses 10^36), 2^64, up to the core's u128 bound for a Dec (2^68); a single voter (fraction exactly 1); equal powers; total power past
// 2^64; community tax 0 and 1; votes that change from block to block and stay put for several.
// The host passes the votes and the model is handed the same last commit, so any power is reachable.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCoreFromFile } from "../../host/core/node.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { Ledger, ModuleAccount as M, FIRST_USER_ACCOUNT, type Vote } from "../../host/core/ledger.js";
import {
  LedgerBigInt, FEE_COLLECTOR, DISTRIBUTION, REWARDS_POOL, BONDED_POOL, NOT_BONDED_POOL,
} from "../../model/ledger-bigint.js";

const E18 = 10n ** 18n;
const SECOND = 1_000_000_000n;
const GENESIS_NS = 1_767_225_600n * SECOND;
const RATES = [0n, E18, E18 / 2n, E18 / 3n, 1n, E18 - 1n, E18 / 2n];
const VALIDATORS = RATES.length;
const PAYER = FIRST_USER_ACCOUNT + 100;
const PAYER_FUNDS = 1n << 120n;
// Bonded tokens as a Dec stay below 2^128: with one block a year and a target rate of 1, the
// shortfall is ~2^68 a block, so the top-up can pass 2^64
const BONDED_EXTRA = 1n << 68n;
const moduleIds: [string, number][] = [
  [FEE_COLLECTOR, M.feeCollector], [DISTRIBUTION, M.distribution], [REWARDS_POOL, M.rewardsPool],
  [BONDED_POOL, M.bondedPool], [NOT_BONDED_POOL, M.notBondedPool],
];
const userName = (i: number) => `user-${String(i).padStart(3, "0")}`;

function rng(seed: bigint) {
  let s = seed;
  return (n: bigint): bigint => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return (s >> 11n) % n;
  };
}

interface Run {
  tax: bigint;
  target: bigint;
  /** Fees paid into the fee collector before block b (besides the mint). */
  fees: (b: number) => bigint;
  /** Sent to the rewards pool before block b: with a large target the top-up is min(shortfall, pool). */
  pool: (b: number) => bigint;
  votes: (b: number) => Vote[];
  blocks: number;
  mint?: boolean;
  blocksPerYear?: bigint;
  /** Commission rates of the validators (default RATES). */
  rates?: bigint[];
  /** A new target rate from block `at` on (a params change). */
  retarget?: { at: number; target: bigint };
}

async function runAgainstModel(run: Run): Promise<{ topUps: number; fastTopUps: number }> {
  const core = await loadCoreFromFile();
  const emission = new Emission(core);
  const ledger = new Ledger(core);
  const blocksPerYear = run.blocksPerYear ?? DEFAULT_EMISSION_PARAMS.blocksPerYear;
  const model = new LedgerBigInt({ communityTax: run.tax, targetBaseRewardsRate: run.target, blocksPerYear });
  const self = 1_000_000_000_000n;
  const params = { ...DEFAULT_EMISSION_PARAMS, blocksPerYear, ...(run.mint ? {} : { baseRate: 0n }) };
  emission.configure(params);
  // (the mint, when on, from a supply of its own: the invariants are not this test's subject)
  emission.setState({ height: 0n, totalSupply: run.mint ? 10n ** 17n : PAYER_FUNDS + BONDED_EXTRA, burned: 0n });
  ledger.configure({ communityTax: run.tax, targetBaseRewardsRate: run.target });
  ledger.configureStaking(100, 1_000_000n, 600n * SECOND);
  ledger.genesisBalance(PAYER, PAYER_FUNDS);
  ledger.genesisBalance(M.bondedPool, BONDED_EXTRA);
  model.fund(userName(100), PAYER_FUNDS);
  model.fund(BONDED_POOL, BONDED_EXTRA);
  const rates = run.rates ?? RATES;
  for (let i = 0; i < rates.length; i++) {
    ledger.genesisBalance(FIRST_USER_ACCOUNT + i, self);
    model.fund(userName(i), self);
    ledger.createValidatorWithSelfDelegation(i, FIRST_USER_ACCOUNT + i, rates[i], self, BigInt(i));
    assert.is(model.createValidator(userName(i), self, rates[i]).code, 0);
  }
  ledger.endBlock(0n, GENESIS_NS);
  model.state.height = 0n;
  model.state.timeNs = GENESIS_NS;
  model.endBlock(0n, GENESIS_NS);
  let topUps = 0;
  let fastTopUps = 0;
  for (let b = 1; b <= run.blocks; b++) {
    const height = BigInt(b);
    const time = GENESIS_NS + height * 5n * SECOND;
    if (run.retarget?.at === b) {
      ledger.configure({ communityTax: run.tax, targetBaseRewardsRate: run.retarget.target });
      (model.state.params as { targetBaseRewardsRate: bigint }).targetBaseRewardsRate = run.retarget.target;
    }
    const fees = run.fees(b);
    if (fees > 0n) {
      ledger.send(PAYER, M.feeCollector, fees);
      assert.is(model.payFees(userName(100), fees).code, 0);
    }
    const pool = run.pool(b);
    if (pool > 0n) {
      ledger.send(PAYER, M.rewardsPool, pool);
      assert.is(model.send(userName(100), REWARDS_POOL, pool).code, 0);
    }
    const votes = run.votes(b);
    model.state.lastCommit = votes.map((v) => ({ operator: userName(v.validator), power: v.power }));
    const at = `block ${b} (fees ${fees}, votes ${votes.map((v) => `${v.validator}:${v.power}`).join(" ")})`;
    let out; try { out = ledger.beginBlock(height, votes, time); } catch (e) { throw new Error(`${at}: ${e}`); }
    const theirs = model.beginBlock(height, time, out.minted);
    assert.is(out.topUp, theirs.topUp.topUp, `${at}: top-up`);
    assert.is(out.fees, theirs.feesAllocated, `${at}: fees`);
    if (out.topUp > 0n) {
      topUps++;
      if (out.topUp < E18) fastTopUps++;
    }
    for (const [name, id] of moduleIds) assert.is(ledger.balance(id), model.balance(name), `${at}: ${name}`);
    assert.is(ledger.communityPool(), model.communityPool(), `${at}: community pool`);
    for (let v = 0; v < rates.length; v++) {
      const mine = ledger.validator(v)!;
      const name = userName(v);
      assert.is(mine.accumulatedCommission, model.commission(name), `${at}: validator ${v} commission`);
      assert.is(mine.outstanding, model.outstandingRewards(name), `${at}: validator ${v} outstanding`);
      assert.is(mine.currentRewards, model.state.currentRewards.get(name)!.rewards, `${at}: validator ${v} current rewards`);
    }
    ledger.endBlock(height, time);
    model.endBlock(height, time);
  }
  return { topUps, fastTopUps };
}

/**
 * Fees at and around the fast path's bounds for a tax: 2^32, 10^18, M = fees x (1 - tax) at 10^36,
 * 2^64. Every Dec accumulator (the community pool, a validator's rewards) stays below 2^128, i.e.
 * ~2^68 tokens in all: the amounts past 2^62 come once each, in the first blocks.
 */
function edgeFees(tax: bigint): { once: bigint[]; cycle: bigint[] } {
  const keep = E18 - tax;
  const lastFast = keep === 0n ? E18 : (10n ** 36n - 1n) / keep; // the largest fees with Mq < 10^18
  return {
    once: [(1n << 63n) - 1n, (1n << 64n) - 1n, 1n << 64n, (1n << 64n) + 12_345n],
    cycle: [
      0n, 1n, 2n, 999_999_999n, 1_000_000_000n, (1n << 32n) - 1n, 1n << 32n, (1n << 32n) + 1n,
      123_456_789_012_345n, E18 - 1n, E18, lastFast - 1n, lastFast, lastFast + 1n,
    ],
  };
}

/** Votes: fixed sets (each kept for a few blocks, so the memo is hit and then invalidated) and random ones. */
function votesFor(next: (n: bigint) => bigint) {
  const sets: Vote[][] = [
    RATES.map((_, i) => ({ validator: i, power: 50_000_000n + BigInt(i) })),
    [{ validator: 2, power: 7n }], // one voter: fraction exactly 1
    [{ validator: 1, power: 1n }, { validator: 2, power: 1n }, { validator: 6, power: 1n }], // equal thirds
    RATES.map((_, i) => ({ validator: i, power: 1n << 60n })), // equal, total past 2^62
    RATES.map((_, i) => ({ validator: VALIDATORS - 1 - i, power: (1n << 63n) - BigInt(i) })), // total past 2^64
    [{ validator: 5, power: (1n << 64n) - 1n }, { validator: 2, power: 1n }],
    [{ validator: 0, power: 0n }, { validator: 4, power: 3n }, { validator: 2, power: 0n }],
  ];
  // Same total, same powers by position, other validators (rates 0, 1); then the total alone
  // changes; then two validators of the same rate (1/2) trade powers: each time the memo must notice.
  const swaps: Vote[][] = [
    [{ validator: 2, power: 10n }, { validator: 6, power: 20n }, { validator: 0, power: 5n }, { validator: 1, power: 5n }],
    [{ validator: 2, power: 10n }, { validator: 6, power: 20n }, { validator: 1, power: 5n }, { validator: 0, power: 5n }],
    [{ validator: 2, power: 10n }, { validator: 6, power: 20n }, { validator: 1, power: 5n }, { validator: 0, power: 15n }],
    [{ validator: 2, power: 20n }, { validator: 6, power: 10n }, { validator: 1, power: 5n }, { validator: 0, power: 15n }],
  ];
  return (b: number): Vote[] => {
    if (b % 13 < 8) return sets[Math.floor(b / 13) % sets.length];
    if (b % 13 < 12) return swaps[(b % 13) - 8];
    const n = 1 + Number(next(BigInt(VALIDATORS)));
    const ids = RATES.map((_, i) => i).sort(() => Number(next(3n)) - 1).slice(0, n);
    return ids.map((validator) => ({ validator, power: 1n + next(1n << (1n + next(63n))) }));
  };
}

for (const tax of [(2n * E18) / 100n, 0n, E18, 1n, E18 / 3n]) {
  test(`fees at the fast path's edges, community tax ${tax}: every share, commission and the community pool as the model`, async () => {
    const next = rng(7n + tax);
    const { once, cycle } = edgeFees(tax);
    await runAgainstModel({
      tax,
      target: 0n,
      fees: (b) => (b <= 2 * once.length && b % 2 === 0 ? once[b / 2 - 1] : b % 3 === 0 ? next(1n << (1n + next(60n))) : cycle[b % cycle.length]),
      pool: () => 0n,
      votes: votesFor(next),
      blocks: 180,
      mint: tax === 0n,
    });
  });
}

test("top-ups at the fast path's edges (2^32, 10^18, 2^64) with the fees' shares in the same pass, as the model", async () => {
  const next = rng(99n);
  const once = [(1n << 64n) - 1n, 1n << 64n, (1n << 66n) + 3n];
  const tops = [1n, 2n, 999_999_999n, (1n << 32n) - 1n, 1n << 32n, 987_654_321_987n, E18 - 1n, E18, E18 + 1n];
  const fees = [0n, 1n, 1n << 32n, 10n ** 15n, E18 - 1n, 1n << 64n];
  const result = await runAgainstModel({
    tax: (2n * E18) / 100n,
    target: E18, // a shortfall far above the pool: each block's top-up is what the pool holds
    fees: (b) => (b % 4 === 3 ? next(1n << 50n) : fees[b % fees.length]),
    // the pool is emptied every block, so sending t makes the next top-up exactly t
    pool: (b) =>
      b <= 2 * once.length && b % 2 === 0 ? once[b / 2 - 1] : b % 5 === 4 ? 1n + next(1n << (1n + next(60n))) : tops[b % tops.length],
    votes: votesFor(next),
    blocks: 200,
    blocksPerYear: 1n,
  });
  assert.ok(result.topUps >= 150, `blocks with a top-up: ${result.topUps}`);
  assert.ok(result.fastTopUps >= 60, `top-ups below 10^18: ${result.fastTopUps}`);
});

test("random rates, fees and powers (every digit of the products in play), with and without top-ups, as the model", async () => {
  const next = rng(4242n);
  const rates = Array.from({ length: 16 }, (_, i) => (i < 2 ? [E18 - 1n, E18 / 2n + 1n][i] : next(E18 + 1n)));
  const randomVotes = (): Vote[] =>
    rates.map((_, validator) => ({ validator, power: 1n + next(1n << (20n + next(40n))) })).filter(() => next(5n) > 0n);
  let votes = randomVotes();
  for (const target of [0n, E18]) {
    await runAgainstModel({
      tax: next(E18 / 10n),
      target,
      rates,
      fees: () => 10n ** 9n + next(10n ** 15n), // Mq of 10^9 to 10^15: both of its digits
      pool: () => next(10n ** 16n),
      votes: (b) => (b % 4 === 0 ? (votes = randomVotes()) : votes),
      blocks: 150,
      blocksPerYear: 1n,
    });
  }
});

test("a new target rate changes the next top-up (the core keeps the last target while its inputs stay)", async () => {
  const votes = RATES.map((_, i) => ({ validator: i, power: 1_000n + BigInt(i) }));
  const result = await runAgainstModel({
    tax: (2n * E18) / 100n,
    target: E18 / 10n,
    fees: () => 1_000n,
    pool: (b) => (b === 1 ? 10n ** 15n : 0n), // more than the shortfalls: each top-up is the shortfall
    votes: () => votes,
    blocks: 8,
    retarget: { at: 5, target: E18 / 5n },
  });
  assert.is(result.topUps, 8);
});

test("a digit product whose low part is exactly 10^18 carries into the share (keep = 10^-18: M is the fees)", async () => {
  // Mr = a, f = b: a x b = 213058193207 x 10^18 exactly, its 10^9-digit low part x = 10^18
  const a = 415_802_001_953_125n;
  const b = 512_403_000_000_512n;
  assert.is((a * b) % E18, 0n);
  const votes = [{ validator: 2, power: b }, { validator: 0, power: E18 - b }];
  await runAgainstModel({
    tax: E18 - 1n,
    target: 0n,
    fees: (k) => [a, a, a + E18, 3n * a, a][k % 5],
    pool: () => 0n,
    votes: () => votes,
    blocks: 8,
  });
});

test("a commission whose low 10^9-digit columns carry twice (the sum's remainder past 1/2), as the model", async () => {
  // White box: the commission's T = Mq Fr + s rate (distribution.ts, `allocateFast`) has a low
  // part x = ml 10^9 + Mq0 Fr0 + s0 r0 below 3 * 10^18; find a fraction with x > 2.5 * 10^18,
  // where a single carry would round the wrong way. Tax 10^-18: M = fees (10^18 - 1), so fees a
  // multiple of 10^9 make Mq = fees - 1 end in 999999999; the rate ends in 999999999 too.
  const rate = 123_456_789_999_999_999n;
  const fees = 5_000_000_000_000n;
  const E9 = 10n ** 9n;
  const mq = fees - 1n, mr = E18 - fees;
  const next = rng(5n);
  const xOf = (f: bigint) => {
    const s = (mr * f) / E18, fr = (f * rate) % E18;
    const mid = (mq / E9) * (fr % E9) + (mq % E9) * (fr / E9) + (s / E9) * (rate % E9) + (s % E9) * (rate / E9);
    return (mid % E9) * E9 + (mq % E9) * (fr % E9) + (s % E9) * (rate % E9);
  };
  const fractions: bigint[] = [];
  while (fractions.length < 3) {
    const f = 1n + next(E18 - 1n);
    if (xOf(f) > (5n * E18) / 2n) fractions.push(f);
  }
  await runAgainstModel({
    tax: 1n,
    target: 0n,
    rates: [rate, 0n],
    fees: () => fees,
    pool: () => 0n,
    votes: (b) => [{ validator: 0, power: fractions[b % 3] }, { validator: 1, power: E18 - fractions[b % 3] }],
    blocks: 7,
  });
});

test("just past the fast path's bounds (Mq and the top-up at 2^64 - 1): the general products, as the model", async () => {
  // A fraction f of validator 3 (rate 1/3) whose f x rate has large low digits: a 10^9-digit
  // product with 2^64 - 1 would pass 2^64 there.
  const p = 668_999_997_000_150_000n; // f = p (the total is 10^18): f x rate = ... 777000000_999950000
  assert.is((p * (E18 / 3n)) % E18, 777_000_000_999_950_000n);
  const votes = [{ validator: 3, power: p }, { validator: 0, power: E18 - p }];
  const max = (1n << 64n) - 1n;
  for (const tax of [0n, E18 / 1000n]) {
    const result = await runAgainstModel({
      tax,
      target: E18,
      fees: (k) => [0n, 0n, max, 0n, 5n, max / 2n][k % 6],
      pool: (k) => [0n, 0n, 0n, max, max, 1n][k % 6],
      votes: () => votes,
      blocks: 6,
      blocksPerYear: 1n,
    });
    assert.ok(result.topUps >= 2);
  }
});

test("advance (votes straight from the set as slots) runs the blocks the host would, through set changes", async () => {
  const setup = async () => {
    const core = await loadCoreFromFile();
    const emission = new Emission(core);
    const ledger = new Ledger(core);
    emission.configure(DEFAULT_EMISSION_PARAMS);
    // a small mint, a high target: a top-up every block, its remainder to the last vote
    emission.setState({ height: 0n, totalSupply: 10n ** 13n, burned: 0n });
    ledger.configure({ communityTax: (2n * E18) / 100n, targetBaseRewardsRate: E18 / 5n });
    ledger.configureStaking(4, 1_000_000n, 60n * SECOND);
    ledger.genesisBalance(M.rewardsPool, 10n ** 16n);
    for (let i = 0; i < 6; i++) ledger.genesisBalance(FIRST_USER_ACCOUNT + i, 10n ** 14n);
    for (let i = 0; i < 5; i++) {
      // orders keys against ids, equal stakes: the set's order is by key
      ledger.createValidatorWithSelfDelegation(i, FIRST_USER_ACCOUNT + i, RATES[i], 10n ** 12n * BigInt(1 + (i % 3)), BigInt(10 - i));
    }
    ledger.endBlock(0n, GENESIS_NS);
    return ledger;
  };
  const a = await setup();
  const b = await setup();
  const step = 5n * SECOND;
  let height = 0n;
  const hostBlocks = (n: number) => {
    for (let k = 0; k < n; k++) {
      height++;
      b.beginBlock(height, b.lastCommitVotes(), GENESIS_NS + height * step);
      b.endBlock(height, GENESIS_NS + height * step);
    }
  };
  const both = (f: (l: Ledger) => void) => {
    f(a);
    f(b);
  };
  const compare = (at: string) => {
    for (const [, id] of moduleIds) assert.is(a.balance(id), b.balance(id), `${at}: module ${id}`);
    assert.is(a.communityPool(), b.communityPool(), `${at}: community pool`);
    for (let v = 0; v < 6; v++) assert.equal(a.validator(v), b.validator(v), `${at}: validator ${v}`);
  };
  a.advance(40, GENESIS_NS + step, step);
  hostBlocks(40);
  compare("40 blocks");
  both((l) => l.jail(1, 0n)); // out of the set at the next EndBlock
  a.advance(30, GENESIS_NS + (height + 1n) * step, step);
  hostBlocks(30);
  compare("after the jailing");
  both((l) => l.createValidatorWithSelfDelegation(5, FIRST_USER_ACCOUNT + 5, E18 / 7n, 5n * 10n ** 12n, 0n));
  both((l) => l.unjail(1));
  a.advance(30, GENESIS_NS + (height + 1n) * step, step);
  hostBlocks(30);
  compare("after a new validator and the unjailing");
  assert.ok(a.validator(0)!.outstanding > 0n);
  assert.ok(a.balance(M.rewardsPool) < 10n ** 16n - 100n * 100_000n, "top-ups every block");
});

test.run();
