// `simulate --compare a.json b.json ...`: the scenarios run side by side (each the exact engine,
// host/scenario/montecarlo-run.ts) and their differences from the first: the Δ table of runway
// (block, date, days), supply and pool at the horizon, and each tier's mean paid APY. Differences
// are exact decimal subtractions of the single runs' values.

import type { RunResult } from "./montecarlo-run.js";
import { DAYS, INT, RATE, TEXT, TIME, type DecimalTable, type TableColumn } from "./decimal-table.js";

/** Exact a - b of two decimal texts (either scale); null if either is null. */
export function decSub(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return null;
  const parse = (t: string) => {
    const neg = t.startsWith("-");
    const [i, f = ""] = (neg ? t.slice(1) : t).split(".") as [string, string?];
    return { units: BigInt(i + f) * (neg ? -1n : 1n), scale: f.length };
  };
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const d = x.units * 10n ** BigInt(scale - x.scale) - y.units * 10n ** BigInt(scale - y.scale);
  if (scale === 0) return `${d}`;
  const neg = d < 0n;
  const s = (neg ? -d : d).toString().padStart(scale + 1, "0");
  return `${neg ? "-" : ""}${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

/** One row per scenario, its values and their Δ from the first scenario's (the first's Δs empty). */
export function deltaTable(labels: string[], results: RunResult[], meta: [string, string][]): DecimalTable {
  const tiers = Object.keys(results[0]?.summary.mean_tier_paid_apys ?? {});
  const columns: TableColumn[] = [
    { name: "scenario", type: TEXT }, { name: "scenario_sha256", type: TEXT },
    { name: "pool_dry_height", type: INT }, { name: "pool_dry_time", type: TIME }, { name: "pool_dry_days", type: DAYS }, { name: "delta_pool_dry_days", type: DAYS },
    { name: "supply_at_horizon", type: INT }, { name: "delta_supply_at_horizon", type: INT },
    { name: "pool_at_horizon", type: INT }, { name: "delta_pool_at_horizon", type: INT },
    ...tiers.flatMap((t) => [{ name: `mean_${t}_paid_apy`, type: RATE }, { name: `delta_mean_${t}_paid_apy`, type: RATE }]),
    { name: "failed_txs", type: INT },
  ];
  const b = results[0]!.summary;
  const rows = results.map((r, i) => {
    const s = r.summary;
    const d = (x: string | null, y: string | null) => (i === 0 ? null : decSub(x, y));
    return [
      labels[i]!, s.provenance.scenario_sha256, s.pool_dry_height, s.pool_dry_time, s.pool_dry_days, d(s.pool_dry_days, b.pool_dry_days),
      s.supply_at_horizon, d(s.supply_at_horizon, b.supply_at_horizon), s.pool_at_horizon, d(s.pool_at_horizon, b.pool_at_horizon),
      ...tiers.flatMap((t) => [s.mean_tier_paid_apys[t] ?? null, d(s.mean_tier_paid_apys[t] ?? null, b.mean_tier_paid_apys[t] ?? null)]),
      `${s.failed_txs}`,
    ];
  });
  return { name: "delta", columns, rows, meta: [...meta, ["delta", `each scenario less the first (${labels[0]})`]] };
}
