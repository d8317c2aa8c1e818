// `simulate --runs N --seed S`: the scenario's distributions (host/scenario/montecarlo-dist.ts) sampled
// for each run, each run the exact engine on its sampled scenario (host/scenario/montecarlo-run.ts),
// and across the runs: the runway's P10/P50/P90 (each an actual run's dry block, date and days) and
// per month the P10/P50/P90 of supply, pool, bonded ratio, base APY and each tier's paid APY.
//
// Percentiles are nearest-rank: P_p is the ceil(p x N / 100)-th smallest of the N runs' values, so
// every band value is one run's exact value (no interpolation, no float). A run whose pool lasted the
// horizon sorts after every dry one. A tier's paid APY band is over the runs that measured it that
// month (`tierT_paid_n` says how many).

import type { Json } from "../app/genesis.js";
import { canonicalScenarioText, sha256Hex, PROVENANCE_FIELDS } from "./provenance.js";
import { fullScenarioDoc } from "./sim-genesis.js";
import { baseValues, findDistributions, sampleRun, withValues, type Distribution } from "./montecarlo-dist.js";
import type { RunResult } from "./montecarlo-run.js";
import { DAYS, INT, RATE, TEXT, TIME, type DecimalTable, type TableColumn } from "./decimal-table.js";

export const PERCENTILES = [10, 50, 90] as const;

export interface MonteCarloPlan {
  dists: Distribution[];
  /** Each run's sampled inputs (path -> decimal text). */
  sampled: Map<string, string>[];
  /** Each run's whole scenario document. */
  docs: Json[];
  /** sha256 of the scenario with its distributions (its --print-scenario text). */
  scenarioSha256: string;
}

/** The N runs of a document with distributions: run i sampled from (seed, i) alone. */
export function planRuns(doc: Json, runs: number, seed: bigint): MonteCarloPlan {
  const dists = findDistributions(doc);
  const sampled = Array.from({ length: runs }, (_, i) => sampleRun(dists, seed, i));
  return { dists, sampled, docs: sampled.map((v) => withValues(doc, v)), scenarioSha256: sha256Hex(canonicalScenarioText(fullScenarioDoc(doc))) };
}

/** The document with every distribution at its base value (the sensitivity's centre). */
export function baseDoc(doc: Json): Json {
  return withValues(doc, baseValues(findDistributions(doc)));
}

/** The nearest-rank index of percentile p among n sorted values. */
export function rankIndex(p: number, n: number): number {
  return Math.max(1, Math.ceil((p * n) / 100)) - 1;
}

const cmp = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const daysKey = (d: string) => BigInt(d.replace(".", ""));

/** The percentiles of bigints (nearest rank), as text; nulls left out; all null: nulls. */
function percentiles(vals: (bigint | null)[]): (string | null)[] {
  const v = vals.filter((x): x is bigint => x !== null).sort(cmp);
  return PERCENTILES.map((p) => (v.length === 0 ? null : `${v[rankIndex(p, v.length)]}`));
}

const decText = (raw: string | null) => {
  if (raw === null) return null;
  const neg = raw.startsWith("-");
  const s = (neg ? raw.slice(1) : raw).padStart(19, "0");
  return `${neg ? "-" : ""}${s.slice(0, -18)}.${s.slice(-18)}`;
};

/** One run's runway for sorting: dry runs by their dry days, then the runs that lasted. */
function runwayOrder(results: RunResult[]): number[] {
  return results.map((_, i) => i).sort((a, b) => {
    const x = results[a]!.summary.pool_dry_days;
    const y = results[b]!.summary.pool_dry_days;
    if (x === null || y === null) return x === null ? (y === null ? a - b : 1) : -1;
    return cmp(daysKey(x), daysKey(y)) || a - b;
  });
}

/** The runway's P10/P50/P90: each the run at that rank, its dry block, month, date and days (or: it lasted the horizon). */
export function runwayTable(results: RunResult[], meta: [string, string][]): DecimalTable {
  const order = runwayOrder(results);
  const rows = PERCENTILES.map((p) => {
    const i = order[rankIndex(p, order.length)]!;
    const s = results[i]!.summary;
    return [`p${p}`, `${i}`, s.pool_dry_height, s.pool_dry_month === null ? null : `${s.pool_dry_month}`, s.pool_dry_time, s.pool_dry_days,
      s.pool_dry_days === null ? results[i]!.series.horizonDays : null];
  });
  const dry = results.filter((r) => r.summary.pool_dry_height !== null).length;
  return {
    name: "runway",
    columns: [
      { name: "percentile", type: TEXT }, { name: "run", type: INT }, { name: "pool_dry_height", type: INT }, { name: "pool_dry_month", type: INT },
      { name: "pool_dry_time", type: TIME }, { name: "pool_dry_days", type: DAYS }, { name: "lasted_at_least_days", type: DAYS },
    ],
    rows,
    meta: [...meta, ["runs_dry", `${dry} of ${results.length}`]],
  };
}

/** Per month: how many runs were dry by its end, and the P10/P50/P90 of each series. */
export function bandsTable(results: RunResult[], meta: [string, string][]): DecimalTable {
  const tiers = results[0]?.series.tiers ?? [];
  const ps = (name: string, type: TableColumn["type"]) => PERCENTILES.map((p) => ({ name: `${name}_p${p}`, type }));
  const columns: TableColumn[] = [
    { name: "month", type: INT }, { name: "runs_dry", type: INT },
    ...ps("total_supply", INT), ...ps("rewards_pool", INT), ...ps("bonded_ratio", RATE), ...ps("base_apy", RATE),
    ...tiers.flatMap((t) => [...ps(`tier${t}_paid_apy`, RATE), { name: `tier${t}_paid_n`, type: INT }]),
  ];
  const months = results[0]?.series.months.length ?? 0;
  const rows: (string | null)[][] = [];
  for (let m = 0; m < months; m++) {
    const at = results.map((r) => r.series.months[m]!);
    const dry = results.filter((r) => r.summary.pool_dry_month !== null && r.summary.pool_dry_month <= m).length;
    const rates = (vals: (bigint | null)[]) => percentiles(vals).map(decText);
    rows.push([
      `${at[0]!.month}`, `${dry}`,
      ...percentiles(at.map((x) => x.supply)), ...percentiles(at.map((x) => x.pool)), ...rates(at.map((x) => x.bondedRatio)), ...rates(at.map((x) => x.baseApy)),
      ...tiers.flatMap((_, k) => {
        const vals = at.map((x) => x.tierPaid[k] ?? null);
        return [...rates(vals), `${vals.filter((v) => v !== null).length}`];
      }),
    ]);
  }
  return { name: "bands", columns, rows, meta };
}

/** One row per run: its sampled inputs, scenario hash, runway, supply and pool at the horizon, mean paid APYs. */
export function runsTable(plan: MonteCarloPlan, results: RunResult[], meta: [string, string][]): DecimalTable {
  const tiers = Object.keys(results[0]?.summary.mean_tier_paid_apys ?? {});
  const columns: TableColumn[] = [
    { name: "run", type: INT }, { name: "scenario_sha256", type: TEXT },
    ...plan.dists.map((d) => ({ name: d.path, type: d.kind === "choice" ? TEXT : d.decimals === 0 ? INT : { kind: "dec" as const, scale: d.decimals } })),
    { name: "pool_dry_height", type: INT }, { name: "pool_dry_time", type: TIME }, { name: "pool_dry_days", type: DAYS },
    { name: "supply_at_horizon", type: INT }, { name: "pool_at_horizon", type: INT },
    ...tiers.map((t) => ({ name: `mean_${t}_paid_apy`, type: RATE })), { name: "failed_txs", type: INT }, { name: "app_hash", type: TEXT },
  ];
  const rows = results.map((r, i) => {
    const s = r.summary;
    return [`${i}`, s.provenance.scenario_sha256, ...plan.dists.map((d) => plan.sampled[i]!.get(d.path)!), s.pool_dry_height, s.pool_dry_time, s.pool_dry_days,
      s.supply_at_horizon, s.pool_at_horizon, ...tiers.map((t) => s.mean_tier_paid_apys[t] ?? null), `${s.failed_txs}`, s.app_hash];
  });
  return { name: "runs", columns, rows, meta };
}

/** What the runs share (or "varies"), the seed, the run count and each distribution. */
export function monteCarloMeta(plan: MonteCarloPlan, results: RunResult[], seed: bigint): [string, string][] {
  const shared = (k: (typeof PROVENANCE_FIELDS)[number]) => {
    const v = new Set(results.map((r) => r.summary.provenance[k]));
    return v.size === 1 ? [...v][0]! : "varies: see the runs table";
  };
  return [
    ["code_version", shared("code_version")], ["chain_id", shared("chain_id")], ["block_time", shared("block_time")],
    ["genesis_sha256", shared("genesis_sha256")], ["scenario_sha256", `${plan.scenarioSha256} (with its distributions; each run's in the runs table)`],
    ["seed", `${seed}`], ["runs", `${results.length}`],
    ...plan.dists.map((d): [string, string] => [`distribution ${d.path}`, JSON.stringify(d.spec)]),
    ["percentiles", "nearest rank: P_p is the ceil(p x N / 100)-th smallest run"],
  ];
}

