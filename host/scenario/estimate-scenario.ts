// `estimate --scenario FILE`: a position priced on a scenario's projection (`simulate`'s run, kept
// by host/scenario/projection-cache.ts): base rewards at the base APY the chain paid month by month, and
// the bonus the scenario's pool actually pays, not the tier's promise.
//
// The position is small beside the pool (it does not move the runway). Its bonus accrues at the
// tier's bonus APY of the time (a governance change settles at the old APY, as the chain does) and
// is paid on the scenario's claims (claims.every_months: the claim one block after month m's end)
// when the pool then holds all that is due: a claim the pool cannot cover fails and changes
// nothing, so the bonus keeps accruing from the last paid claim (one segment, truncated once). At
// an exit the holder undelegates at the unlock: the pool pays what it holds of the bonus due
// (the pool at the end of the unlock's month: the lowest it is then) and the rest is owed. What
// is neither paid nor owed at the period's end is accrued and unpaid. Each segment's bonus is the
// core's segmentBonus (the chain's truncation).

import type { Core } from "../core/core.js";
import { segmentBonus, type Instant } from "../core/rewards.js";
import type { Genesis } from "../app/genesis.js";
import { ValidationError } from "../errors.js";
import { UsageError } from "../flags.js";
import { groupThousands } from "./numbers.js";
import { Progress } from "./progress.js";
import { loadScenario, scenarioGenesis } from "./sim-genesis.js";
import { simulate } from "./sim-run.js";
import { projectionKey, readProjection, writeProjection } from "./projection-cache.js";
import type { Simulation } from "./sim-types.js";
import type { Scenario } from "./scenario.js";

const E18 = 10n ** 18n;

export interface Projection {
  sim: Simulation;
  scenario: Scenario;
  genesis: Genesis;
  /** The cache key (sha256) and whether the run came from the cache. */
  key: string;
  cached: boolean;
}

/** A scenario's projection: from the cache when its key is there, else run (progress on stderr) and kept. */
export async function scenarioProjection(core: Core, file: string, opts: { cache: boolean }): Promise<Projection> {
  const { doc, scenario } = await loadScenario(core, file, []);
  let setup: Awaited<ReturnType<typeof scenarioGenesis>>;
  try {
    setup = await scenarioGenesis(core, scenario);
  } catch (e) {
    if (e instanceof ValidationError) throw new UsageError(`--scenario ${file}: ${e.message}`);
    throw e;
  }
  const key = await projectionKey(doc, setup.doc, setup.blockTimeNs);
  if (opts.cache) {
    const hit = await readProjection(key);
    if (hit) return { sim: { ...hit, genesis: setup.genesis }, scenario, genesis: setup.genesis, key, cached: true };
  }
  const progress = new Progress(process.stderr);
  let sim: Simulation;
  try {
    sim = await simulate(core, scenario, setup, (h, of) => progress.update(`simulating the scenario (kept for next time): block ${groupThousands(h)}/${groupThousands(of)} …`));
  } finally {
    progress.done();
  }
  await writeProjection(key, sim).catch((e: Error) => process.stderr.write(`warning: the projection could not be kept (${e.message}); it runs again next time\n`));
  return { sim, scenario, genesis: setup.genesis, key, cached: false };
}

export interface ScenarioBonus {
  /** Paid by the scenario's claims and at the exit within the period. */
  paid: bigint;
  /** Left owed by the pool at the exit (it could not cover it). */
  owed: bigint;
  /** Accrued but not paid by the period's end (no exit; the claims failed or none came). */
  unpaid: bigint;
  /** Claims that came within the period, and how many the pool could not cover. */
  claims: number;
  failedClaims: number;
  /** The first claim the pool could not cover (unix ns), if any. */
  firstFailedNs: bigint | null;
}

function instant(ns: bigint): Instant {
  const unix = ns / 1_000_000_000n;
  return { unix, nanos: Number(ns - unix * 1_000_000_000n) };
}

/**
 * The bonus of `amount` in tier `tierId` from `startNs` to `bonusEndNs` (the period's end, or the
 * unlock when `exitAtEnd`) as the projection's pool pays it.
 */
export function scenarioBonus(
  core: Core, p: Projection, o: { amount: bigint; tierId: number; startNs: bigint; bonusEndNs: bigint; exitAtEnd: boolean },
): ScenarioBonus {
  const { sim, scenario } = p;
  const rows = sim.rows;
  const apyOf = (m: number) => rows[m]!.tiers.find((t) => t.tier === o.tierId)?.bonusApy ?? 0n;
  const seg = (from: bigint, to: bigint, apy: bigint) => (to <= from ? 0n : segmentBonus(core, {
    shares: o.amount * E18, tokensPerShare: E18, bonusApy: apy, start: instant(from), end: instant(to), exitUnlockAt: null,
  }).bonus);
  // Events after the start, in time order: an APY change (delivered one block after its month's
  // end, in force for the next row) settles; a claim pays all that is due, or fails.
  type Event = { ns: bigint; kind: "apy" | "claim"; m: number };
  const events: Event[] = [];
  for (let m = 1; m < rows.length; m++) {
    const ns = rows[m - 1]!.timeNs + sim.blockTimeNs; // the first block of month m's row
    if (apyOf(m) !== apyOf(m - 1)) events.push({ ns, kind: "apy", m });
    const claimMonth = m - 1;
    if (claimMonth > 0 && scenario.claims.everyMonths > 0 && claimMonth % scenario.claims.everyMonths === 0) events.push({ ns, kind: "claim", m: claimMonth });
  }
  let pending = 0n; // settled at an APY change, not paid
  let from = o.startNs;
  let apy = apyOf(rowAt(sim, o.startNs));
  const r: ScenarioBonus = { paid: 0n, owed: 0n, unpaid: 0n, claims: 0, failedClaims: 0, firstFailedNs: null };
  for (const e of events) {
    if (e.ns <= o.startNs || e.ns > o.bonusEndNs) continue;
    if (e.kind === "apy") {
      pending += seg(from, e.ns, apy);
      from = e.ns;
      apy = apyOf(e.m);
      continue;
    }
    r.claims++;
    const due = pending + seg(from, e.ns, apy);
    if (rows[e.m]!.pool >= due) {
      r.paid += due;
      pending = 0n;
      from = e.ns;
    } else {
      r.failedClaims++;
      r.firstFailedNs ??= e.ns;
    }
  }
  const due = pending + seg(from, o.bonusEndNs, apy);
  if (o.exitAtEnd) {
    const pool = rows[rowAt(sim, o.bonusEndNs)]!.pool;
    const pay = pool < due ? pool : due;
    r.paid += pay;
    r.owed = due - pay;
  } else r.unpaid = due;
  return r;
}

/** The row whose month holds time `ns` (its end at or after it); the last row past the horizon. */
function rowAt(sim: Simulation, ns: bigint): number {
  const i = sim.rows.findIndex((r) => r.timeNs >= ns);
  return i < 0 ? sim.rows.length - 1 : i;
}
