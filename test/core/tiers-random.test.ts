// A randomized run with positions (fixed seeds): 2000 blocks of positions entering, exiting,
// claiming and redelegating among slashes and jails, with the ledger's and the positions'
// invariants after every block, and the pool's conservation: every block it changes by exactly
// deposits − top-up − bonus paid, and the owed bonus is exactly what was owed minus what was paid.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { FIRST_USER_ACCOUNT } from "../../host/core/ledger.js";
import { TierError, type MessageEvent } from "../../host/core/tiers.js";
import { CoreError } from "../../host/core/errors.js";
import { rng } from "../helpers/checks.js";
import { tierChain, E18, SECOND, MIN_LOCK, ALICE, BOB } from "../helpers/tiers.js";

const USERS = [ALICE, BOB, FIRST_USER_ACCOUNT + 5, FIRST_USER_ACCOUNT + 6];
const BLOCKS = 2000;
const BLOCK_TIME = 6n * 3600n * SECOND;

async function run(seed: bigint) {
  const c = await tierChain({ pool: 30n * 10n ** 9n, targetRate: (3n * E18) / 100n });
  for (const u of USERS.slice(2)) c.ledger.genesisBalance(u, 10n ** 14n);
  c.emission.setState({ height: c.height(), totalSupply: c.emission.last().totalSupply + 2n * 10n ** 14n, burned: 0n });
  c.tiers.addTier({ id: 9, exitDuration: 30n * 86400n, bonusApy: (5n * E18) / 100n, minLockAmount: MIN_LOCK, closeOnly: false });
  const next = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Number(next() % BigInt(xs.length))];
  const chance = (percent: number) => next() % 100n < BigInt(percent);
  const counts: Record<string, number> = {};
  let bonusPaid = 0n, deposits = 0n, owedIn = 0n, owedOut = 0n;

  const account = (events: MessageEvent[]) => {
    for (const e of events) {
      if (e.type === "EventBonusRewardsClaimed") bonusPaid += e.rewards;
      if (e.type === "EventOwedBonusPaid") (bonusPaid += e.amount), (owedOut += e.amount);
      if (e.type === "EventBonusOwed") owedIn += e.amount;
      if (e.type === "EventRewardsPoolFunded") deposits += e.amount;
    }
  };
  const attempt = (name: string, f: () => { events: MessageEvent[] }) => {
    try {
      account(f().events);
      counts[name] = (counts[name] ?? 0) + 1;
    } catch (e) {
      if (!(e instanceof TierError) && !(e instanceof CoreError)) throw e;
      counts[`${name} failed`] = (counts[`${name} failed`] ?? 0) + 1;
    }
  };

  for (let b = 0; b < BLOCKS; b++) {
    const poolBefore = c.pool();
    bonusPaid = deposits = 0n;
    // slashes and jails first in the block: no redelegation entry is younger than the infraction
    if (chance(3)) {
      // an infraction up to a few blocks back also slashes the redelegations made since (the hook)
      const v = pick([0, 1, 2]);
      const rec = c.ledger.validator(v)!;
      const back = next() % 4n;
      if (rec.status === 2) {
        c.ledger.slash(v, c.height() > back ? c.height() - back : c.height(), rec.tokens / 1_000_000n, E18 / BigInt(20 + Number(next() % 100n)));
        const hook = c.tiers.slashEvents();
        if (hook.length > 0) counts.hook = (counts.hook ?? 0) + 1;
        account(hook);
      }
    }
    if (chance(2)) {
      const v = pick([0, 1, 2]);
      const rec = c.ledger.validator(v)!;
      if (!rec.jailed && [0, 1, 2].filter((x) => c.ledger.validator(x)!.status === 2).length > 1) c.ledger.jail(v, c.now() + 3n * BLOCK_TIME);
    }
    for (const v of [0, 1, 2]) {
      if (c.ledger.validator(v)!.jailed && chance(30)) {
        try {
          c.ledger.unjail(v);
        } catch (e) {
          if (!(e instanceof CoreError)) throw e;
        }
      }
    }
    const ops = Number(next() % 4n);
    for (let i = 0; i < ops; i++) {
      const u = pick(USERS);
      const mine = c.tiers.positionIds({ owner: u }, { limit: 300 }).ids;
      const id = mine.length > 0 ? pick(mine) : 0n;
      const amount = MIN_LOCK + (next() % (4n * MIN_LOCK));
      switch (Number(next() % 12n)) {
        case 0:
        case 1:
          attempt("lock", () => c.tiers.lock(u, pick([1, 9, 9]), amount, pick([0, 1, 2]), c.fresh(), chance(50)));
          break;
        case 2:
          attempt("delegate", () => (c.ledger.delegate(u, pick([0, 1, 2]), amount), { events: [] }));
          attempt("commit", () => c.tiers.commitDelegation(u, pick([0, 1, 2]), MIN_LOCK, 9, c.fresh(), chance(50)));
          break;
        case 3:
          attempt("add", () => c.tiers.add(u, id, amount / 3n));
          break;
        case 4:
          attempt("trigger", () => c.tiers.triggerExit(u, id));
          break;
        case 5:
          attempt("clear", () => c.tiers.clear(u, id));
          break;
        case 6:
          attempt("redelegate", () => c.tiers.redelegate(u, id, pick([0, 1, 2])));
          break;
        case 7:
          attempt("undelegate", () => c.tiers.undelegate(u, id));
          break;
        case 8:
          attempt("withdraw", () => c.tiers.withdraw(u, id));
          break;
        case 9: {
          const p = c.tiers.position(id);
          const value = p?.amount ?? 1n;
          attempt("exit", () => c.tiers.exitWithDelegation(u, id, chance(50) ? value : value / 2n + 1n));
          break;
        }
        case 10:
          if (mine.length > 0) attempt("claim", () => c.tiers.claim(u, mine.slice(0, 1 + Number(next() % BigInt(mine.length)))));
          break;
        default:
          if (chance(20)) attempt("fund", () => c.tiers.fundRewardsPool(u, 10n ** 9n));
      }
    }
    const outcome = c.block(BLOCK_TIME);
    assert.is(c.pool(), poolBefore + deposits - outcome.topUp - bonusPaid, `pool conservation at block ${b}`);
    assert.is(USERS.reduce((s, u) => s + c.tiers.owedBonus(u), 0n), owedIn - owedOut, `owed bonus at block ${b}`);
    assert.equal(c.tiers.checkInvariants(), [], `positions at block ${b}`);
    assert.equal(c.ledger.checkInvariants(), [], `ledger at block ${b}`);
  }
  return counts;
}

for (const seed of [7n, 2026n]) {
  test(`randomized run with positions, seed ${seed}: invariants and pool conservation after every block`, async () => {
    const counts = await run(seed);
    if (process.env.TIERS_VERBOSE) console.log(counts);
    for (const op of ["hook", "lock", "commit", "add", "trigger", "clear", "redelegate", "undelegate", "withdraw", "exit", "claim"]) {
      assert.ok((counts[op] ?? 0) > 0, `no successful ${op}: ${JSON.stringify(counts)}`);
    }
    assert.ok((counts["claim failed"] ?? 0) > 0, "the pool never ran short");
  });
}

test.run();
