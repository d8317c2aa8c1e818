// The BigInt ledger model's base-rewards top-up (model/ledger-bigint.ts computeTopUpBigInt): equal
// to the core's computeTopUp on seeded inputs, the golden top-up cases, and the pool paying the
// shortfall by last-commit power in a ledger's blocks.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { computeTopUp, type TopUpInput } from "../../host/core/rewards.js";
import { REWARDS_POOL, computeTopUpBigInt } from "../../model/ledger-bigint.js";
import { readVectors } from "../golden/vectors.js";
import { core } from "../helpers/core.js";
import { BLOCK, E18, block, dec, ledger, ok, randBig, rng, sound } from "../helpers/ledger-model.js";

// ---- the top-up ---------------------------------------------------------------------------------

const TopUp = suite("ledger model: base-rewards top-up");

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

TopUp.run();
