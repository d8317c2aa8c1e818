// The BigInt ledger model (model/ledger-bigint.ts) in a seeded random run: 2,000 blocks of every
// message kind, slashes and jails, with the invariants checked after every block; the same seed,
// the same state.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { LedgerBigInt, REWARDS_POOL, type TxResult } from "../../model/ledger-bigint.js";
import { BLOCK, E18, SECOND, dec, randBig, rng } from "../helpers/ledger-model.js";

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

Random.run();
