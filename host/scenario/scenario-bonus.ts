// The bonus a scenario's projection pays a position (`estimate --scenario`, the dashboard's
// calculator): its claims paid while the pool covers them, the rest owed at an exit or unpaid; and
// the projection's base APY as a rate path for the core's estimate. No Node built-ins: the
// dashboard's page runs it on its projection.

import type { Core } from "../core/core.js";
import { segmentBonus, type Instant } from "../core/rewards.js";
import { SECONDS_PER_YEAR, estimate, type Estimate, type EstimateInputs } from "../core/estimate.js";
import type { Simulation } from "./sim-types.js";

const E18 = 10n ** 18n;

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
  core: Core, p: { sim: Simulation; scenario: { claims: { everyMonths: number } } }, o: { amount: bigint; tierId: number; startNs: bigint; bonusEndNs: bigint; exitAtEnd: boolean },
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

/** The path's months from `startNs` on, in whole seconds (the month holding the start cut there). */
export function pathFrom(periods: readonly { fromNs: bigint; toNs: bigint; apy: bigint }[], startNs: bigint): { seconds: bigint; apy: bigint }[] {
  return periods
    .filter((p) => p.toNs > startNs)
    .map((p) => ({ seconds: (p.toNs - (p.fromNs > startNs ? p.fromNs : startNs)) / 1_000_000_000n, apy: p.apy }));
}

/** The projection's monthly base APYs as periods (each row's month). */
export function basePeriods(sim: Simulation): { fromNs: bigint; toNs: bigint; apy: bigint }[] {
  return sim.rows.slice(1).map((row, i) => ({ fromNs: sim.rows[i]!.timeNs, toNs: row.timeNs, apy: row.baseApy ?? 0n }));
}

/**
 * An estimate priced on a projection, as `estimate --scenario` prices it: base rewards at the base
 * APY the projection paid month by month, the bonus its pool pays (scenarioBonus), the promise
 * beside it (`promisedBonus`), the effective APY of what is paid. Throws a RangeError when the
 * projection ends before the period does, or the period starts before it.
 */
export function paidEstimate(core: Core, e: Omit<EstimateInputs, "ratePath">, sim: Simulation, claimsEveryMonths: number): Estimate & { promisedBonus: bigint; scenarioBonus: ScenarioBonus } {
  if (e.startNs < sim.rows[0]!.timeNs) throw new RangeError("the period starts before the projection does");
  const r = estimate(core, { ...e, ratePath: pathFrom(basePeriods(sim), e.startNs) });
  const endNs = r.startNs + r.seconds * 1_000_000_000n;
  const exitAtEnd = r.unlockNs !== null && r.unlockNs <= endNs;
  const bonus = scenarioBonus(core, { sim, scenario: { claims: { everyMonths: claimsEveryMonths } } }, {
    amount: e.amount, tierId: e.tier.id, startNs: e.startNs, bonusEndNs: exitAtEnd ? r.unlockNs! : endNs, exitAtEnd,
  });
  const total = r.base + bonus.paid;
  return { ...r, promisedBonus: r.bonus, bonus: bonus.paid, total, effectiveApy: (total * E18 * SECONDS_PER_YEAR) / (r.amount * r.seconds), scenarioBonus: bonus };
}
