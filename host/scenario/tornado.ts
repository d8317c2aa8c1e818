// `simulate --sensitivity`: one input at a time. Every distribution of the scenario at its base value
// (host/scenario/montecarlo-dist.ts: uniform's midpoint, triangular's mode, normal's mean, choice's
// first value, or its "base"), then each input alone moved to the low and the high end of its range
// (min/max; a normal's mean -/+ sd within its bounds; a choice's first and last values), the others
// held at base. The tornado: the inputs sorted by the swing of the metric (|high - low|), largest first.

import type { Json } from "../app/genesis.js";
import { baseValues, findDistributions, range, withValues, type Distribution } from "./montecarlo-dist.js";
import type { RunResult } from "./montecarlo-run.js";
import { decSub } from "./compare.js";
import { TEXT, DAYS, INT, RATE, type ColumnKind, type DecimalTable } from "./decimal-table.js";
import { UsageError } from "../flags.js";

export interface SensitivityPlan {
  dists: Distribution[];
  /** [base, input 0 low, input 0 high, input 1 low, ...]. */
  docs: Json[];
  labels: string[];
}

export function planSensitivity(doc: Json): SensitivityPlan {
  const dists = findDistributions(doc);
  if (dists.length === 0) throw new UsageError("--sensitivity: the scenario has no distributions ({\"dist\": ...}) to move");
  const base = baseValues(dists);
  const docs: Json[] = [withValues(doc, base)];
  const labels = ["base"];
  for (const d of dists) {
    const [lo, hi] = range(d);
    docs.push(withValues(doc, new Map([...base, [d.path, lo]])), withValues(doc, new Map([...base, [d.path, hi]])));
    labels.push(`${d.path}=${lo}`, `${d.path}=${hi}`);
  }
  return { dists, docs, labels };
}

/** The metrics a tornado can sort by. */
export function metricNames(tiers: string[]): string[] {
  return ["runway_days", "supply_at_horizon", "pool_at_horizon", ...tiers.map((t) => `${t}_paid_apy`)];
}

/** A run's value of the metric (exact text) and its column kind; a pool that lasted counts its horizon's days. */
export function metricOf(r: RunResult, metric: string): { value: string | null; type: ColumnKind } {
  const s = r.summary;
  if (metric === "runway_days") return { value: s.pool_dry_days ?? r.series.horizonDays, type: DAYS };
  if (metric === "supply_at_horizon") return { value: s.supply_at_horizon, type: INT };
  if (metric === "pool_at_horizon") return { value: s.pool_at_horizon, type: INT };
  const m = /^(tier\d+)_paid_apy$/.exec(metric);
  if (m && m[1]! in s.mean_tier_paid_apys) return { value: s.mean_tier_paid_apys[m[1]!] ?? null, type: RATE };
  throw new UsageError(`--metric ${metric}: one of ${metricNames(Object.keys(s.mean_tier_paid_apys)).join(", ")}`);
}

const abs = (t: string | null) => (t === null ? null : t.replace(/^-/, ""));
const key = (t: string | null) => {
  if (t === null) return -1n;
  const [i, f = ""] = t.split(".") as [string, string?];
  return BigInt(i + f.padEnd(18, "0"));
};

/** One row per input, sorted by swing, largest first; the metric at base, low and high and the Δs from base. */
export function tornadoTable(plan: SensitivityPlan, results: RunResult[], metric: string, meta: [string, string][]): DecimalTable {
  const base = metricOf(results[0]!, metric);
  const rows = plan.dists.map((d, k) => {
    const lo = metricOf(results[1 + 2 * k]!, metric).value;
    const hi = metricOf(results[2 + 2 * k]!, metric).value;
    const [vlo, vhi] = range(d);
    return [d.path, vlo, d.base, vhi, lo, base.value, hi, decSub(lo, base.value), decSub(hi, base.value), abs(decSub(hi, lo))];
  });
  rows.sort((a, b) => {
    const x = key(a[9]!);
    const y = key(b[9]!);
    return x < y ? 1 : x > y ? -1 : 0;
  });
  const t = base.type;
  return {
    name: "tornado",
    columns: [
      { name: "input", type: TEXT }, { name: "low", type: TEXT }, { name: "base", type: TEXT }, { name: "high", type: TEXT },
      { name: `${metric}_at_low`, type: t }, { name: `${metric}_at_base`, type: t }, { name: `${metric}_at_high`, type: t },
      { name: "delta_low", type: t }, { name: "delta_high", type: t }, { name: "swing", type: t },
    ],
    rows,
    meta: [...meta, ["metric", metric], ["sensitivity", "one input at a time to its low and high end, the others at base; sorted by swing |high - low|"],
      ...(metric === "runway_days" ? [["runway_days", "a pool that lasted the horizon counts the horizon's days"] as [string, string]] : [])],
  };
}
