// The core's per-block rewards loop (assembly/ledger): mint into the fee collector, the
// base-rewards top-up from the pool, distribution by last-commit power, commission, the community
// pool — checked by hand on the first blocks and by exact conservation over many blocks.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCoreFromFile } from "../../host/core/node.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { Ledger, ModuleAccount as M, FIRST_USER_ACCOUNT, type Vote } from "../../host/core/ledger.js";
import { computeTopUp } from "../../host/core/rewards.js";
import * as model from "../../model/dec-bigint.js";
import { rejects } from "../helpers/checks.js";

const E18 = 10n ** 18n;
const TAX = (2n * E18) / 100n;
const TARGET = (3n * E18) / 100n;
const BONDED = 5_000_000_000_000_000_000n; // 50 B CRO bonded
const POOL = 50_000_000_000_000_000n; // 500 M CRO reserve
const USER = 4_850_000_000_000_000_000n;
const RATES = [E18 / 10n, (5n * E18) / 100n, 0n];
const VOTES: Vote[] = [
  { validator: 0, power: 10n },
  { validator: 1, power: 20n },
  { validator: 2, power: 30n },
];

async function chain() {
  const core = await loadCoreFromFile();
  const emission = new Emission(core);
  const ledger = new Ledger(core);
  emission.configure(DEFAULT_EMISSION_PARAMS);
  emission.setState({ height: 0n, totalSupply: BONDED + POOL + USER, burned: 0n });
  ledger.configure({ communityTax: TAX, targetBaseRewardsRate: TARGET });
  ledger.genesisBalance(M.bondedPool, BONDED);
  ledger.genesisBalance(M.rewardsPool, POOL);
  ledger.genesisBalance(FIRST_USER_ACCOUNT, USER);
  RATES.forEach((rate, id) => ledger.createValidator(id, FIRST_USER_ACCOUNT + 1 + id, rate));
  return { core, emission, ledger };
}

test("block 1: the mint stays in the fee collector; the pool tops up the target, allocated by power with commission", async () => {
  const { core, emission, ledger } = await chain();
  const out = ledger.beginBlock(1n, VOTES);
  assert.is(out.minted, emission.last().blockProvision);
  assert.is(out.fees, 0n, "no distribution at height 1");
  const expected = computeTopUp(core, {
    totalBonded: BONDED,
    targetBaseRewardsRate: TARGET,
    blocksPerYear: DEFAULT_EMISSION_PARAMS.blocksPerYear,
    feeCollectorBalance: out.minted,
    communityTax: TAX,
    poolBalance: POOL,
    powers: VOTES.map((v) => v.power),
  });
  assert.is(expected.outcome, "full_top_up");
  assert.is(out.topUp, expected.topUp);
  assert.is(ledger.balance(M.feeCollector), out.minted);
  assert.is(ledger.balance(M.rewardsPool), POOL - out.topUp);
  assert.is(ledger.balance(M.distribution), out.topUp);
  expected.allocations.forEach((a, id) => {
    const v = ledger.validator(id)!;
    const commission = model.mul(a.reward, RATES[id]);
    assert.is(v.outstanding, a.reward);
    assert.is(v.accumulatedCommission, commission);
    assert.is(v.currentRewards, a.reward - commission);
  });
  assert.is(ledger.communityPool(), 0n);
});

test("block 2: the fee collector goes to distribution: tax and truncation dust to the community pool", async () => {
  const { ledger } = await chain();
  ledger.beginBlock(1n, VOTES);
  const before = [0, 1, 2].map((id) => ledger.validator(id)!.outstanding);
  const feesBefore = ledger.balance(M.feeCollector);
  const out = ledger.beginBlock(2n, VOTES);
  assert.is(out.fees, feesBefore + out.minted, "both blocks' mints are distributed");
  assert.is(ledger.balance(M.feeCollector), 0n);
  // the top-up saw the fee collector holding two mints: a smaller shortfall
  const fees = out.fees * E18;
  const multiplier = model.mulTruncate(fees, E18 - TAX);
  let distributed = 0n;
  for (const [id, vote] of VOTES.entries()) {
    const reward = model.mulTruncate(multiplier, model.quoTruncate(vote.power * E18, 60n * E18));
    distributed += reward;
    const growth = ledger.validator(id)!.outstanding - before[id];
    assert.ok(growth >= reward, `validator ${id} got its fee share (and its top-up share)`);
  }
  assert.is(ledger.communityPool(), fees - distributed);
});

test("over 2,000 blocks every unit is accounted for, exactly", async () => {
  const { emission, ledger } = await chain();
  for (let h = 1n; h <= 2000n; h++) {
    // the active set changes now and then: a validator drops out, powers move
    const votes = h % 500n < 250n ? VOTES : [VOTES[2], { validator: 0, power: 7n + (h % 13n) }];
    ledger.beginBlock(h, votes);
    const balances = [M.feeCollector, M.distribution, M.rewardsPool, M.bondedPool, FIRST_USER_ACCOUNT].map((a) =>
      ledger.balance(a),
    );
    assert.is(balances.reduce((a, b) => a + b, 0n), emission.last().totalSupply, `supply at ${h}`);
    const owed = [0, 1, 2].reduce((sum, id) => sum + ledger.validator(id)!.outstanding, 0n) + ledger.communityPool();
    assert.is(ledger.balance(M.distribution) * E18, owed, `distribution holds exactly what is owed at ${h}`);
    for (const id of [0, 1, 2]) {
      const v = ledger.validator(id)!;
      assert.is(v.outstanding, v.currentRewards + v.accumulatedCommission, `F1 split of validator ${id} at ${h}`);
    }
  }
});

test("bad input changes nothing: unknown validator in the votes, wrong height, bad params", async () => {
  const { emission, ledger } = await chain();

  rejects(() => ledger.beginBlock(1n, [{ validator: 9, power: 1n }]), "NO_VALIDATOR");
  rejects(() => ledger.beginBlock(2n, VOTES), "INVALID_PARAMS");
  assert.is(emission.last().height, 0n, "no block was made");
  assert.is(ledger.balance(M.feeCollector), 0n);
  rejects(() => ledger.configure({ communityTax: E18 + 1n, targetBaseRewardsRate: 0n }), "INVALID_PARAMS");
  rejects(() => ledger.createValidator(0, 99, 0n), "VALIDATOR_EXISTS");
  rejects(() => ledger.createValidator(7, 99, E18 + 1n), "INVALID_PARAMS");
  ledger.beginBlock(1n, VOTES);
  assert.is(emission.last().height, 1n);
});

test.run();
