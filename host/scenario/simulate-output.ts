// `simulate`'s output (host/scenario/sim-run.ts runs the scenario): the monthly rows as a table, CSV or
// JSON with exact values (docs/notebook.md is their schema), the failures said in every one of
// them, and a sweep run's summary as a row of the sweep's table or CSV.

import type { Core } from "../core/core.js";
import { timestampString, durationString } from "../wire/gateway-json.js";
import { decPercent, groupThousands, wholeTokens } from "./numbers.js";
import { decShort } from "./numbers.js";
import type { RunSummary } from "./sweep.js";
import type { SimRow, Simulation, TxFailure } from "./sim-types.js";
import { PROVENANCE_FIELDS, provenanceLine, provenanceLines } from "./provenance.js";
import { tableCsv, type ColumnKind, type DataTable } from "./table.js";

export { csvCell } from "./table.js";

/** CSV / JSON column names, in order (each tier's columns follow: see `tierColumns`). */
export const COLUMNS = [
  "month", "height", "time", "phase", "total_supply", "circulating_supply", "inflation", "minted", "fees", "top_up_paid",
  "bonus_paid", "owed_bonus", "rewards_pool", "pool_inflows", "bonded", "bonded_ratio", "base_apy", "target_base_rewards_rate",
  "open_positions", "failed_txs",
] as const;

/** A tier's columns: its paid and nominal APYs, the bonus its positions were paid and their tokens. */
export function tierColumns(tier: number): string[] {
  return [`tier${tier}_paid_apy`, `tier${tier}_nominal_apy`, `tier${tier}_bonus_paid`, `tier${tier}_tokens`];
}

export function simulationColumns(sim: Simulation): string[] {
  return [...COLUMNS, ...(sim.rows[0]?.tiers ?? []).flatMap((t) => tierColumns(t.tier))];
}

function rowValues(core: Core, r: SimRow): Record<string, string | null> {
  const dec = (v: bigint) => core.dec.format(v);
  const out: Record<string, string | null> = {
    month: `${r.month}`,
    height: `${r.height}`,
    time: timestampString(r.timeNs),
    phase: r.phase,
    total_supply: `${r.totalSupply}`,
    circulating_supply: `${r.circulating}`,
    inflation: dec(r.inflation),
    minted: `${r.minted}`,
    fees: `${r.fees}`,
    top_up_paid: `${r.topUp}`,
    bonus_paid: `${r.bonusPaid}`,
    owed_bonus: `${r.owedBonus}`,
    rewards_pool: `${r.pool}`,
    pool_inflows: `${r.poolInflows}`,
    bonded: `${r.bonded}`,
    bonded_ratio: dec(r.bondedRatio),
    base_apy: r.baseApy === null ? null : dec(r.baseApy),
    target_base_rewards_rate: dec(r.targetRate),
    open_positions: `${r.positions}`,
    failed_txs: `${r.failedTxs}`,
  };
  for (const t of r.tiers) {
    const [paid, nominal, bonus, tokens] = tierColumns(t.tier) as [string, string, string, string];
    out[paid] = t.paidApy === null ? null : dec(t.paidApy);
    out[nominal] = t.nominalApy === null ? null : dec(t.nominalApy);
    out[bonus] = `${t.bonusPaid}`;
    out[tokens] = `${t.tokens}`;
  }
  return out;
}

/** The month of a height (month m holds heights (m-1) x blocks_per_month + 1 .. m x blocks_per_month). */
export function monthOf(sim: Pick<Simulation, "blocksPerMonth">, height: bigint): number {
  return Number((height + sim.blocksPerMonth - 1n) / sim.blocksPerMonth);
}

export function simulationJson(core: Core, sim: Simulation): object {
  return {
    provenance: sim.provenance,
    blocks_per_year: `${sim.blocksPerYear}`,
    blocks_per_month: `${sim.blocksPerMonth}`,
    block_time: durationString(sim.blockTimeNs),
    community_tax: core.dec.format(sim.genesis.distribution.communityTax),
    months: sim.months,
    rows: sim.rows.map((r) => rowValues(core, r)),
    pool_dry: sim.poolDry && {
      height: `${sim.poolDry.height}`, month: sim.poolDry.month, time: timestampString(sim.poolDry.timeNs), days: sim.poolDry.days,
    },
    txs: sim.txs,
    failed_txs: sim.failures.length,
    failures: sim.failures.map((f) => ({ height: `${f.height}`, month: monthOf(sim, f.height), what: f.what, log: f.log })),
    warnings: sim.warnings.map((w) => ({ height: `${w.height}`, month: monthOf(sim, w.height), what: w.what, warning: w.warning })),
    fee_lumping: feeLumpingJson(sim),
    app_hash: sim.appHash,
  };
}


/** The runway as `key: value` lines: the dry block's height, month, time and days after the genesis, or "none". */
export function runwayLines(sim: Simulation): string[] {
  const d = sim.poolDry;
  return d
    ? [`pool_dry_height: ${d.height}`, `pool_dry_month: ${d.month}`, `pool_dry_time: ${timestampString(d.timeNs)}`, `pool_dry_days: ${d.days}`]
    : ["pool_dry_height: none (the pool lasted the horizon)"];
}

/** The kind of a monthly column (host/scenario/table.ts): its type in Arrow and Parquet. */
export function simulationColumnKind(name: string): ColumnKind {
  if (["month", "height", "open_positions", "failed_txs"].includes(name)) return "count";
  if (name === "time") return "time";
  if (name === "phase") return "text";
  if (name.endsWith("_apy") || ["inflation", "bonded_ratio", "target_base_rewards_rate"].includes(name)) return "rate";
  return "amount";
}

/**
 * The monthly rows as a table (host/scenario/table.ts): meta = provenance, then the runway, the fee
 * lumps' effect and a `warning` per warning; exact values (base units, Dec strings); null for no value.
 */
export function simulationTable(core: Core, sim: Simulation): DataTable {
  const cols = simulationColumns(sim);
  const f = sim.feeLumping;
  const lumps = [`fee_lumping_pool_effect: ${f.poolEffect}`, `fee_lumping_days: ${f.days ?? "none"}`];
  const meta = [...provenanceLines(sim.provenance), ...runwayLines(sim), ...lumps, ...[...warningLines(sim), ...feeLumpingLines(sim)].map((w) => `warning: ${w}`)]
    .map((l): [string, string] => [l.slice(0, l.indexOf(": ")), l.slice(l.indexOf(": ") + 2)]);
  return {
    meta,
    columns: cols.map((name) => ({ name, kind: simulationColumnKind(name) })),
    rows: sim.rows.map((r) => {
      const v = rowValues(core, r);
      return cols.map((c) => v[c] ?? null);
    }),
  };
}

/**
 * `# key: value` lines (provenance, then the runway), one header line, one line per row; exact
 * values (base units, Dec strings); empty cell for null.
 */
export function simulationCsv(core: Core, sim: Simulation): string {
  return tableCsv(simulationTable(core, sim));
}

/** The distinct reasons of the failures, most frequent first, each with its count and first height. */
export function failureReasons(failures: readonly TxFailure[], limit = 3): { log: string; count: number; first: TxFailure }[] {
  const byReason = new Map<string, { log: string; count: number; first: TxFailure }>();
  for (const f of failures) {
    // The same reason with other numbers in it (amounts, heights) is one reason.
    const key = f.log.replace(/[0-9]+/g, "#");
    const got = byReason.get(key);
    if (got) got.count++;
    else byReason.set(key, { log: f.log, count: 1, first: f });
  }
  return [...byReason.values()].sort((a, b) => b.count - a.count).slice(0, limit);
}

/** The fee lumps' effect (sim-types.ts FeeLumping) with exact strings. */
export function feeLumpingJson(sim: Pick<Simulation, "feeLumping">): Record<string, string | number | null> {
  const f = sim.feeLumping;
  return {
    payments: f.payments, measured: f.measured, fees_after_tax: `${f.feesAfterTax}`, saved_by_lumps: `${f.savedByLumps}`,
    saved_if_spread: `${f.savedIfSpread}`, pool_effect: `${f.poolEffect}`, days: f.days,
  };
}

/** Fee lumps worth warning about: their effect is at least a day of top-ups. */
export const FEE_LUMP_WARN_DAYS = 1n;

/**
 * The warning when paying the fees in lumps changed the answer by a day of top-ups or more (the
 * block time then moves the runway): the size of the effect and what to do; [] below that.
 */
export function feeLumpingLines(sim: Pick<Simulation, "feeLumping">): string[] {
  const f = sim.feeLumping;
  if (f.days === null || f.poolEffect <= 0n || BigInt(f.days.split(".")[0]!) < FEE_LUMP_WARN_DAYS) return [];
  const tok = (v: bigint) => groupThousands(wholeTokens(v));
  return [
    `fees paid in lumps (fees.payments_per_month) kept ${tok(f.savedByLumps)} of their ${tok(f.feesAfterTax)} tokens after tax in the pool; ` +
      `spread evenly by block they would have kept ${tok(f.savedIfSpread)}: the pool holds ${tok(f.poolEffect)} tokens less, ${f.days} days of top-ups ` +
      `(a dry date that much sooner). The block time changes this (a lump lowers one block's top-up, at most by that block's top-up): ` +
      `compare block_time, or raise fees.payments_per_month.`,
  ];
}

/** Each warning in a line: what the scenario asked, at which height, and what was done instead. */
export function warningLines(sim: Pick<Simulation, "warnings" | "blocksPerMonth">): string[] {
  return sim.warnings.map((w) => `${w.what} (height ${w.height}): ${w.warning}`);
}

/** The failures in a few lines: how many, and the first of each main reason. */
export function failureLines(sim: Simulation): string[] {
  if (sim.failures.length === 0) return [];
  return [
    `${sim.failures.length} of ${sim.txs} scenario txs failed: what the scenario meant by them did not happen.`,
    ...failureReasons(sim.failures).map((r) =>
      `  ${r.count} x ${r.first.what} (first at height ${groupThousands(r.first.height)}, month ${monthOf(sim, r.first.height)}): ${r.log}`),
  ];
}

export function renderSimulation(sim: Simulation, step: number): string {
  const g = sim.genesis;
  const pct = (v: bigint | null) => (v === null ? "-" : `${decPercent(v, 2)}%`);
  const tok = (v: bigint) => groupThousands(wholeTokens(v));
  const tierIds = sim.rows[0]?.tiers.map((t) => t.tier) ?? [];
  const header = [
    "month", "height", "supply", "circulating", "infl.", "minted", "fees", "top-up", "bonus", "owed", "pool", "inflows", "bonded", "ratio",
    "base APY", ...tierIds.map((t) => `tier ${t} paid/nominal`), "failed",
  ];
  // Flows of skipped months are summed into the row shown (APYs are the row's month's).
  const shown: SimRow[] = [];
  let acc = { minted: 0n, fees: 0n, topUp: 0n, bonusPaid: 0n, poolInflows: 0n, failedTxs: 0 };
  for (const r of sim.rows) {
    acc = {
      minted: acc.minted + r.minted, fees: acc.fees + r.fees, topUp: acc.topUp + r.topUp, bonusPaid: acc.bonusPaid + r.bonusPaid,
      poolInflows: acc.poolInflows + r.poolInflows, failedTxs: acc.failedTxs + r.failedTxs,
    };
    if (r.month % step === 0 || r.month === sim.months) {
      shown.push({ ...r, ...acc });
      acc = { minted: 0n, fees: 0n, topUp: 0n, bonusPaid: 0n, poolInflows: 0n, failedTxs: 0 };
    }
  }
  const body = shown.map((r) => [
    `${r.month}`, groupThousands(r.height), tok(r.totalSupply), tok(r.circulating), pct(r.inflation), tok(r.minted), tok(r.fees),
    tok(r.topUp), tok(r.bonusPaid), tok(r.owedBonus), tok(r.pool), tok(r.poolInflows), tok(r.bonded), pct(r.bondedRatio), pct(r.baseApy),
    ...r.tiers.map((t) => `${pct(t.paidApy)} / ${pct(t.nominalApy)}`), `${r.failedTxs}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join("  ");
  const head = [
    `Simulation over ${sim.months} months: ${groupThousands(sim.blocksPerYear)} blocks/year (${durationString(sim.blockTimeNs)} blocks, ` +
      `${groupThousands(sim.blocksPerMonth)} blocks/month), community tax ${decShort(g.distribution.communityTax)}, ${sim.txs} scenario txs` +
      `${sim.failures.length > 0 ? `, ${sim.failures.length} FAILED` : ""}.`,
    "Whole tokens (truncated); minted, fees, top-up, bonus, inflows and failed txs since the previous row; APYs of the row's month, truncated.",
    "Tier APYs: paid (base after validator 0's commission + the bonus the tier's positions were paid in the month over their tokens at its",
    "start; - without such tokens) / nominal (base after commission + the tier's bonus APY: the promise).",
    "",
  ];
  const foot = sim.poolDry
    ? sim.poolDry.height === sim.rows[0]!.height
      ? "The rewards pool is empty from genesis."
      : `The rewards pool runs dry at height ${groupThousands(sim.poolDry.height)} (month ${sim.poolDry.month}, ${timestampString(sim.poolDry.timeNs)}, ` +
        `${sim.poolDry.days} days after the genesis).`
    : `The rewards pool does not run dry within the simulation: ${tok(sim.rows[sim.rows.length - 1]!.pool)} tokens left.`;
  return [...head, line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line), "", foot, ...failureLines(sim),
    ...[...warningLines(sim), ...feeLumpingLines(sim)].map((w) => `Warning: ${w}`), provenanceLine(sim.provenance)].join("\n");
}

const meanOf = (vals: bigint[]) => (vals.length === 0 ? null : vals.reduce((t, v) => t + v, 0n) / BigInt(vals.length));

/** A run's summary for a sweep: runway, supply and pool at the horizon, mean APYs, failures; exact strings. */
export function summarize(core: Core, sim: Simulation, sets: string[]): RunSummary {
  const dec = (v: bigint | null) => (v === null ? null : core.dec.format(v));
  const months = sim.rows.slice(1);
  const last = sim.rows[sim.rows.length - 1]!;
  const paid: Record<string, string | null> = {};
  const nominal: Record<string, string | null> = {};
  for (const [k, t] of (sim.rows[0]?.tiers ?? []).entries()) {
    // Both means over the months the tier's paid APY was measured (all months if never): comparable.
    const measured = months.filter((r) => r.tiers[k]?.paidApy != null);
    const over = measured.length > 0 ? measured : months;
    paid[`tier${t.tier}`] = dec(meanOf(measured.map((r) => r.tiers[k]!.paidApy!)));
    nominal[`tier${t.tier}`] = dec(meanOf(over.flatMap((r) => (r.tiers[k]?.nominalApy == null ? [] : [r.tiers[k]!.nominalApy!]))));
  }
  const first = firstFailure(sim.failures);
  return {
    sets,
    pool_dry_height: sim.poolDry ? `${sim.poolDry.height}` : null,
    pool_dry_time: sim.poolDry ? timestampString(sim.poolDry.timeNs) : null,
    pool_dry_days: sim.poolDry ? sim.poolDry.days : null,
    pool_dry_month: sim.poolDry ? sim.poolDry.month : null,
    months: sim.months,
    supply_at_horizon: `${last.totalSupply}`,
    pool_at_horizon: `${last.pool}`,
    mean_base_apy: dec(meanOf(months.map((r) => r.baseApy ?? 0n)))!,
    mean_tier_paid_apys: paid,
    mean_tier_nominal_apys: nominal,
    failed_txs: sim.failures.length,
    warnings: sim.warnings.length === 0 ? null : warningLines(sim).join("; "),
    fee_lumping_pool_effect: `${sim.feeLumping.poolEffect}`,
    fee_lumping_days: sim.feeLumping.days,
    first_failure_height: first ? `${first.height}` : null,
    first_failure: first ? `${first.what}: ${first.log}` : null,
    app_hash: sim.appHash,
    provenance: sim.provenance,
  };
}

/** The failure of the lowest block height (the first in the chain's order; null: none failed). */
export function firstFailure(failures: readonly TxFailure[]): TxFailure | null {
  let first: TxFailure | null = null;
  for (const f of failures) if (first === null || f.height < first.height) first = f;
  return first;
}

/** A sweep run's provenance columns (the rest of the provenance is the CSV's `# ` header). */
const RUN_PROVENANCE = ["scenario_sha256", "genesis_sha256", "block_time"] as const;

export function sweepColumns(rows: RunSummary[]): string[] {
  const tiers = Object.keys(rows[0]?.mean_tier_paid_apys ?? {});
  return [
    "run", "pool_dry_height", "pool_dry_time", "pool_dry_days", "supply_at_horizon", "pool_at_horizon", "mean_base_apy",
    ...tiers.flatMap((t) => [`mean_${t}_paid_apy`, `mean_${t}_nominal_apy`]), "failed_txs", "first_failure_height", "first_failure", "warnings", "fee_lumping_pool_effect", "fee_lumping_days", "app_hash",
    ...RUN_PROVENANCE,
  ];
}

/**
 * A sweep's provenance header: what every run shares (the code version; the chain id, block time
 * and genesis hash when the runs share them, else "varies: see the column"), and the sweep itself.
 */
export function sweepProvenanceLines(rows: RunSummary[], sweeps: string[] = []): string[] {
  const shared = (k: (typeof PROVENANCE_FIELDS)[number]) => {
    const vals = new Set(rows.map((r) => r.provenance[k]));
    return vals.size === 1 ? [...vals][0]! : "varies: see the column";
  };
  return [
    `code_version: ${shared("code_version")}`,
    `chain_id: ${shared("chain_id")}`,
    `block_time: ${shared("block_time")}`,
    `genesis_sha256: ${shared("genesis_sha256")}`,
    `scenario_sha256: per run (the scenario_sha256 column)`,
    ...sweeps.map((x) => `sweep: ${x}`),
  ];
}

/** The kind of a sweep column (host/scenario/table.ts). */
function sweepColumnKind(name: string): ColumnKind {
  if (["pool_dry_height", "failed_txs", "first_failure_height"].includes(name)) return "count";
  if (name === "pool_dry_time") return "time";
  if (name.endsWith("_days")) return "days";
  if (name.endsWith("_apy")) return "rate";
  if (["supply_at_horizon", "pool_at_horizon", "fee_lumping_pool_effect"].includes(name)) return "amount";
  return "text";
}

/** The sweep's summary as a table (host/scenario/table.ts): one row per run, the shared provenance as meta. */
export function sweepTable(rows: RunSummary[], sweeps: string[] = []): DataTable {
  const tiers = Object.keys(rows[0]?.mean_tier_paid_apys ?? {});
  return {
    meta: sweepProvenanceLines(rows, sweeps).map((l): [string, string] => [l.slice(0, l.indexOf(": ")), l.slice(l.indexOf(": ") + 2)]),
    columns: sweepColumns(rows).map((name) => ({ name, kind: sweepColumnKind(name) })),
    rows: rows.map((r) => [
      r.sets.join(" "), r.pool_dry_height, r.pool_dry_time, r.pool_dry_days, r.supply_at_horizon, r.pool_at_horizon, r.mean_base_apy,
      ...tiers.flatMap((t) => [r.mean_tier_paid_apys[t] ?? null, r.mean_tier_nominal_apys[t] ?? null]), `${r.failed_txs}`, r.first_failure_height, r.first_failure, r.warnings,
      r.fee_lumping_pool_effect, r.fee_lumping_days, r.app_hash,
      ...RUN_PROVENANCE.map((k) => r.provenance[k]),
    ]),
  };
}

export function sweepCsv(rows: RunSummary[], sweeps: string[] = []): string {
  return tableCsv(sweepTable(rows, sweeps));
}

export function renderSweep(rows: RunSummary[], sweeps: string[] = []): string {
  const tiers = Object.keys(rows[0]?.mean_tier_paid_apys ?? {});
  const pct = (d: string | null | undefined) => (d == null ? "-" : `${decPercent(BigInt(d.replace(".", "")), 2)}%`);
  const header = ["run", "pool dry at", "days", "supply at horizon", "pool at horizon", "mean base APY", ...tiers.map((t) => `mean ${t} paid/nominal`), "failed txs"];
  const body = rows.map((r) => [
    r.sets.join(" "), r.pool_dry_time ?? "never", r.pool_dry_days ?? "-", groupThousands(wholeTokens(BigInt(r.supply_at_horizon))),
    groupThousands(wholeTokens(BigInt(r.pool_at_horizon))), pct(r.mean_base_apy),
    ...tiers.map((t) => `${pct(r.mean_tier_paid_apys[t])} / ${pct(r.mean_tier_nominal_apys[t])}`), `${r.failed_txs}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  const failed = rows.filter((r) => r.failed_txs > 0);
  const foot = failed.length === 0 ? [] : [
    "",
    `${failed.length} of ${rows.length} runs had failed scenario txs (${failed.reduce((t, r) => t + r.failed_txs, 0)} in all); each run's first by block height:`,
    ...failed.slice(0, 5).map((r) => `  ${r.sets.join(" ") || "(base)"}: ${r.failed_txs} x, first at height ${groupThousands(BigInt(r.first_failure_height!))}: ${r.first_failure}`),
    ...(failed.length > 5 ? [`  … and ${failed.length - 5} more runs (--csv has every run's first_failure)`] : []),
  ];
  const warned = rows.filter((r) => r.warnings !== null);
  if (warned.length > 0) {
    foot.push("", `${warned.length} of ${rows.length} runs had warnings (--csv has each run's):`,
      ...warned.slice(0, 5).map((r) => `  ${r.sets.join(" ") || "(base)"}: ${r.warnings}`),
      ...(warned.length > 5 ? [`  … and ${warned.length - 5} more runs`] : []));
  }
  const prov = ["", `Provenance: ${sweepProvenanceLines(rows, sweeps).join("; ")}`];
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line), ...foot, ...prov].join("\n");
}
