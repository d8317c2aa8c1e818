// The ledger's queries (assembly/ledger/queries.ts, lists.ts): a delegator's and a validator's
// delegations in pages, one delegation with its balance, unbonding and redelegation entries,
// supply and pools, validator ids — each against what the messages did, and the owner lists
// against a brute-force scan after random messages (failed ones included).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCoreFromFile } from "../../host/core/node.js";
import { CoreError } from "../../host/core/errors.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { Ledger, ModuleAccount as M, FIRST_USER_ACCOUNT, type DelegationInfo } from "../../host/core/ledger.js";
import * as model from "../../model/dec-bigint.js";
import { rng } from "../helpers/checks.js";

const E18 = 10n ** 18n;
const SECOND = 1_000_000_000n;
const UNBONDING = 100n * SECOND;
const FUNDS = 10_000_000_000_000n;
const OPS = [0, 1, 2, 3].map((i) => FIRST_USER_ACCOUNT + i);
const USERS = Array.from({ length: 12 }, (_, i) => FIRST_USER_ACCOUNT + 10 + i);

async function chain() {
  const core = await loadCoreFromFile();
  const emission = new Emission(core);
  const ledger = new Ledger(core);
  emission.configure(DEFAULT_EMISSION_PARAMS);
  emission.setState({ height: 0n, totalSupply: BigInt(OPS.length + USERS.length) * FUNDS, burned: 0n });
  ledger.configure({ communityTax: E18 / 50n, targetBaseRewardsRate: 0n });
  ledger.configureStaking(100, 1_000_000n, UNBONDING);
  for (const a of [...OPS, ...USERS]) ledger.genesisBalance(a, FUNDS);
  // validator ids out of order of creation, so ascending id is not insertion order
  [3, 1, 0, 2].forEach((v) => ledger.createValidatorWithSelfDelegation(v, OPS[v], E18 / 10n, 1_000_000_000_000n, BigInt(v)));
  let height = 0n;
  const block = () => {
    height += 1n;
    const time = height * 5n * SECOND;
    ledger.beginBlock(height, ledger.lastCommitVotes(), time);
    ledger.endBlock(height, time);
  };
  block();
  block();
  return { core, emission, ledger, block, now: () => height * 5n * SECOND, height: () => height };
}

/** TokensFromShares truncated, from the validator record: what the query must report. */
function worth(ledger: Ledger, validator: number, shares: bigint): bigint {
  const v = ledger.validator(validator)!;
  return model.quo(shares * v.tokens, v.delegatorShares) / E18;
}

/** Every delegation of the chain by scanning all (delegator, validator) pairs. */
function scan(ledger: Ledger): DelegationInfo[] {
  const all: DelegationInfo[] = [];
  for (const d of [...OPS, ...USERS]) {
    for (const v of [0, 1, 2, 3]) {
      const shares = ledger.delegationShares(d, v);
      if (shares !== undefined) all.push({ delegator: d, validator: v, shares, balance: worth(ledger, v, shares) });
    }
  }
  return all;
}

/** Every page of a paged query, following nextKey. */
function allPages<T>(get: (start: bigint | undefined) => { items: T[]; nextKey?: bigint; total: number }, limit: number) {
  const items: T[] = [];
  let start: bigint | undefined;
  let total = -1;
  for (let guard = 0; guard < 1000; guard++) {
    const p = get(start);
    assert.ok(p.items.length <= limit, "a page holds at most limit records");
    items.push(...p.items);
    total = p.total;
    if (p.nextKey === undefined) return { items, total };
    start = p.nextKey;
  }
  throw new Error("pages never end");
}

test("a delegator's delegations: ascending validator ids, shares and their worth, paged", async () => {
  const { ledger } = await chain();
  const alice = USERS[0];
  for (const v of [2, 0, 3]) ledger.delegate(alice, v, 1_000_000n * BigInt(v + 1));
  const page = ledger.delegatorDelegations(alice);
  assert.equal(page.items.map((d) => d.validator), [0, 2, 3]);
  assert.is(page.total, 3);
  assert.is(page.nextKey, undefined);
  assert.equal(page.items.map((d) => d.balance), [1_000_000n, 3_000_000n, 4_000_000n]);
  assert.equal(page.items.map((d) => d.shares), [1_000_000n * E18, 3_000_000n * E18, 4_000_000n * E18]);
  const first = ledger.delegatorDelegations(alice, { limit: 2 });
  assert.equal(first.items.map((d) => d.validator), [0, 2]);
  assert.is(first.nextKey, 3n);
  assert.is(first.total, 3);
  const second = ledger.delegatorDelegations(alice, { start: first.nextKey, limit: 2 });
  assert.equal(second.items.map((d) => d.validator), [3]);
  assert.is(second.nextKey, undefined);
  assert.equal(ledger.delegatorDelegations(USERS[1]), { items: [], nextKey: undefined, total: 0 });
});

test("balances follow slashing: TokensFromShares truncated, as the SDK's delegation response", async () => {
  const c = await chain();
  const alice = USERS[0];
  c.ledger.delegate(alice, 1, 333_333_333n);
  c.block();
  c.ledger.slash(1, c.height(), 1_001_333n, E18 / 3n);
  const d = c.ledger.delegation(alice, 1)!;
  assert.is(d.shares, 333_333_333n * E18);
  assert.is(d.balance, worth(c.ledger, 1, d.shares));
  assert.ok(d.balance < 333_333_333n, "slashed");
  assert.equal(c.ledger.delegatorDelegations(alice).items, [d]);
  assert.is(c.ledger.delegation(alice, 2), undefined);
  assert.is(c.ledger.delegation(alice, 9), undefined);
});

test("a validator's delegations: ascending delegator ids whatever the order they came in, paged", async () => {
  const { ledger } = await chain();
  const order = [7, 2, 11, 0, 5, 9, 1];
  for (const i of order) ledger.delegate(USERS[i], 1, 1_000n + BigInt(i));
  const want = [OPS[1], ...[...order].sort((a, b) => a - b).map((i) => USERS[i])];
  for (const limit of [1, 3, 100]) {
    const { items, total } = allPages((start) => ledger.validatorDelegations(1, { start, limit }), limit);
    assert.equal(items.map((d) => d.delegator), want, `limit ${limit}`);
    assert.is(total, want.length);
  }
  const mid = ledger.validatorDelegations(1, { start: BigInt(USERS[3]), limit: 2 });
  assert.equal(mid.items.map((d) => d.delegator), [USERS[5], USERS[7]]);
  assert.is(mid.nextKey, BigInt(USERS[9]));
  assert.equal(ledger.validatorDelegations(1, { limit: 0 }).items, []);
  assert.throws(() => ledger.validatorDelegations(1, { limit: -1 }), RangeError);
});

test("the owner lists match a scan of every delegation after random messages, failed ones included", async () => {
  const c = await chain();
  const next = rng(0x5eedn);
  const pick = <T>(xs: readonly T[]) => xs[Number(next() % BigInt(xs.length))];
  let failures = 0;
  for (let step = 0; step < 600; step++) {
    const d = pick(USERS);
    const v = pick([0, 1, 2, 3]);
    const op = next() % 5n;
    try {
      if (op <= 1n) c.ledger.delegate(d, v, 1n + (next() % 50_000_000n));
      else if (op === 2n) {
        const shares = c.ledger.delegationShares(d, v) ?? 0n;
        // whole (removes the delegation), part, or more than held (fails)
        const amount = next() % 3n === 0n ? worth(c.ledger, v, shares) : 1n + (next() % 60_000_000n);
        c.ledger.undelegate(d, v, amount);
      } else if (op === 3n) c.ledger.redelegate(d, v, pick([0, 1, 2, 3]), 1n + (next() % 30_000_000n));
      else c.block();
    } catch (e) {
      if (!(e instanceof CoreError)) throw e;
      failures++;
    }
  }
  assert.ok(failures > 20, "some messages failed");
  const all = scan(c.ledger);
  assert.ok(all.length > 20);
  for (const d of [...OPS, ...USERS]) {
    const want = all.filter((x) => x.delegator === d);
    const got = allPages((start) => c.ledger.delegatorDelegations(d, { start, limit: 2 }), 2);
    assert.equal(got.items, want, `delegator ${d}`);
    assert.is(got.total, want.length);
  }
  for (const v of [0, 1, 2, 3]) {
    const want = all.filter((x) => x.validator === v).sort((a, b) => a.delegator - b.delegator);
    const got = allPages((start) => c.ledger.validatorDelegations(v, { start, limit: 3 }), 3);
    assert.equal(got.items, want, `validator ${v}`);
    assert.is(got.total, want.length);
  }
  assert.equal(c.ledger.checkInvariants(), []);
});

test("unbonding entries: per validator, oldest first, merged within a block, gone when paid out", async () => {
  const c = await chain();
  const alice = USERS[0];
  c.ledger.delegate(alice, 0, 10_000_000n);
  c.ledger.delegate(alice, 2, 10_000_000n);
  c.block();
  const t1 = c.now();
  const h1 = c.height();
  c.ledger.undelegate(alice, 2, 1_000_000n);
  c.ledger.undelegate(alice, 2, 500_000n); // same block: merged
  c.block();
  c.ledger.undelegate(alice, 2, 2_000_000n);
  c.ledger.undelegate(alice, 0, 3_000_000n);
  const entries = c.ledger.unbondingEntries(alice);
  assert.equal(
    entries.map((e) => [e.validator, e.creationHeight, e.initialBalance, e.balance]),
    [
      [0, h1 + 1n, 3_000_000n, 3_000_000n],
      [2, h1, 1_500_000n, 1_500_000n],
      [2, h1 + 1n, 2_000_000n, 2_000_000n],
    ],
  );
  assert.is(entries[1].completionTime, t1 + UNBONDING);
  // ids in order of creation (the merged entry kept its id)
  assert.ok(entries[1].id < entries[2].id && entries[2].id < entries[0].id, "ids by creation");
  assert.equal(c.ledger.unbondingEntries(USERS[1]), []);
  // the first entry matures: paid and gone, the others stay
  while (c.now() < t1 + UNBONDING) c.block();
  assert.equal(c.ledger.unbondingEntries(alice).map((e) => e.initialBalance), [3_000_000n, 2_000_000n]);
  while (c.now() < t1 + 5n * SECOND + UNBONDING) c.block();
  assert.equal(c.ledger.unbondingEntries(alice), []);
});

test("unbonding entries are slashed with their validator and shown with the balance left", async () => {
  const c = await chain();
  const alice = USERS[0];
  c.ledger.delegate(alice, 3, 10_000_000n);
  c.block();
  const h = c.height();
  c.ledger.undelegate(alice, 3, 4_000_000n);
  c.block();
  c.ledger.slash(3, h, 1_010_000n, E18 / 10n);
  const [e] = c.ledger.unbondingEntries(alice);
  assert.is(e.initialBalance, 4_000_000n);
  assert.is(e.balance, 3_600_000n);
});

test("redelegation entries: by source and destination, destination shares and their worth, dropped at maturity", async () => {
  const c = await chain();
  const alice = USERS[0];
  c.ledger.delegate(alice, 0, 10_000_000n);
  c.ledger.delegate(alice, 3, 10_000_000n);
  c.block();
  const t = c.now();
  c.ledger.redelegate(alice, 3, 1, 1_000_000n);
  c.ledger.redelegate(alice, 0, 2, 2_000_000n);
  c.block();
  c.ledger.redelegate(alice, 0, 2, 500_000n);
  const r = c.ledger.redelegationEntries(alice);
  assert.equal(r.map((e) => [e.src, e.dst, e.initialBalance, e.sharesDst / E18, e.balance]), [
    [0, 2, 2_000_000n, 2_000_000n, 2_000_000n],
    [0, 2, 500_000n, 500_000n, 500_000n],
    [3, 1, 1_000_000n, 1_000_000n, 1_000_000n],
  ]);
  assert.is(r[0].completionTime, t + UNBONDING);
  assert.ok(r[2].id < r[0].id && r[0].id < r[1].id, "ids by creation");
  assert.ok(r[0].creationHeight < r[1].creationHeight);
  // a slash of the destination lowers what the shares are worth, not the shares
  c.ledger.slash(2, c.height(), 1_002_500n, E18 / 5n);
  const after = c.ledger.redelegationEntries(alice);
  assert.is(after[0].sharesDst, r[0].sharesDst);
  assert.is(after[0].balance, worth(c.ledger, 2, r[0].sharesDst));
  assert.ok(after[0].balance < 2_000_000n);
  while (c.now() < t + UNBONDING) c.block();
  assert.equal(c.ledger.redelegationEntries(alice).map((e) => e.initialBalance), [500_000n]);
});

test("supply, pools and validator ids", async () => {
  const c = await chain();
  assert.is(c.ledger.totalSupply(), c.emission.last().totalSupply);
  assert.ok(c.ledger.totalSupply() > BigInt(OPS.length + USERS.length) * FUNDS, "minted");
  assert.equal(c.ledger.pool(), { bonded: c.ledger.balance(M.bondedPool), notBonded: c.ledger.balance(M.notBondedPool) });
  assert.is(c.ledger.pool().bonded, 4_000_000_000_000n);
  c.ledger.undelegate(OPS[2], 2, 1_000_000n);
  assert.equal(c.ledger.pool(), { bonded: 4_000_000_000_000n - 1_000_000n, notBonded: 1_000_000n });
  assert.equal(c.ledger.validatorIds(), [0, 1, 2, 3]);
  assert.equal(c.ledger.stakingParams(), { maxValidators: 100, unbondingTimeNs: UNBONDING });
  c.ledger.createValidatorWithSelfDelegation(900, USERS[3], 0n, 1n);
  c.ledger.createValidatorWithSelfDelegation(7, USERS[4], 0n, 1n);
  assert.equal(c.ledger.validatorIds(), [0, 1, 2, 3, 7, 900]);
});

test.run();
