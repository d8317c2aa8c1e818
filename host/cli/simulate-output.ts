// `simulate`'s output (host/cli/simulate.ts runs the scenario): the monthly rows as a table, CSV
// or JSON with exact values, and a sweep run's summary (runway, supply and pool at the horizon,
// mean APYs) as a row of the sweep's table or CSV.

import type { Core } from "../core/core.js";
import { timestampString, durationString } from "../wire/gateway-json.js";
import { decPercent, groupThousands, wholeTokens } from "./common.js";
import { decShort } from "./schedule.js";
import type { RunSummary } from "./sweep.js";
import type { SimRow, Simulation } from "./sim-types.js";

/** CSV / JSON column names, in order (tier APYs follow as tier<ID>_total_apy). */
export const COLUMNS = [
  "month", "height", "time", "phase", "total_supply", "circulating_supply", "inflation", "minted", "fees", "top_up_paid",
  "bonus_paid", "owed_bonus", "rewards_pool", "pool_inflows", "bonded", "bonded_ratio", "base_apy", "target_base_rewards_rate",
  "open_positions",
] as const;

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
  };
  for (const t of r.tierApys) out[`tier${t.tier}_total_apy`] = t.totalApy === null ? null : dec(t.totalApy);
  return out;
}

export function simulationJson(core: Core, sim: Simulation): object {
  return {
    blocks_per_year: `${sim.blocksPerYear}`,
    blocks_per_month: `${sim.blocksPerMonth}`,
    block_time: durationString(sim.blockTimeNs),
    community_tax: core.dec.format(sim.genesis.distribution.communityTax),
    months: sim.months,
    rows: sim.rows.map((r) => rowValues(core, r)),
    pool_dry: sim.poolDry && {
      height: `${sim.poolDry.height}`, month: sim.poolDry.month, time: timestampString(sim.poolDry.timeNs),
    },
    txs: sim.txs,
    failed_txs: sim.failures.map((f) => ({ height: `${f.height}`, what: f.what, log: f.log })),
    app_hash: sim.appHash,
  };
}

/** One header line, one line per row; exact values (base units, Dec strings); empty cell for null. */
export function simulationCsv(core: Core, sim: Simulation): string {
  const tierCols = sim.rows[0]?.tierApys.map((t) => `tier${t.tier}_total_apy`) ?? [];
  const cols = [...COLUMNS, ...tierCols];
  const cell = (v: string | null | undefined) => {
    const s = v ?? "";
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [cols.join(",")];
  for (const r of sim.rows) {
    const v = rowValues(core, r);
    lines.push(cols.map((c) => cell(v[c])).join(","));
  }
  return lines.join("\n") + "\n";
}

export function renderSimulation(sim: Simulation, step: number): string {
  const g = sim.genesis;
  const pct = (v: bigint | null) => (v === null ? "-" : `${decPercent(v, 2)}%`);
  const tok = (v: bigint) => groupThousands(wholeTokens(v));
  const tierIds = sim.rows[0]?.tierApys.map((t) => t.tier) ?? [];
  const header = ["month", "height", "supply", "circulating", "infl.", "minted", "fees", "top-up", "bonus", "owed", "pool", "inflows", "bonded", "ratio", "base APY", ...tierIds.map((t) => `tier ${t}`)];
  // Flows of skipped months are summed into the row shown (APYs are the row's month's).
  const shown: SimRow[] = [];
  let acc = { minted: 0n, fees: 0n, topUp: 0n, bonusPaid: 0n, poolInflows: 0n };
  for (const r of sim.rows) {
    acc = { minted: acc.minted + r.minted, fees: acc.fees + r.fees, topUp: acc.topUp + r.topUp, bonusPaid: acc.bonusPaid + r.bonusPaid, poolInflows: acc.poolInflows + r.poolInflows };
    if (r.month % step === 0 || r.month === sim.months) {
      shown.push({ ...r, ...acc });
      acc = { minted: 0n, fees: 0n, topUp: 0n, bonusPaid: 0n, poolInflows: 0n };
    }
  }
  const body = shown.map((r) => [
    `${r.month}`, groupThousands(r.height), tok(r.totalSupply), tok(r.circulating), pct(r.inflation), tok(r.minted), tok(r.fees),
    tok(r.topUp), tok(r.bonusPaid), tok(r.owedBonus), tok(r.pool), tok(r.poolInflows), tok(r.bonded), pct(r.bondedRatio), pct(r.baseApy),
    ...r.tierApys.map((t) => pct(t.totalApy)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join("  ");
  const head = [
    `Simulation over ${sim.months} months: ${groupThousands(sim.blocksPerYear)} blocks/year (${durationString(sim.blockTimeNs)} blocks, ` +
      `${groupThousands(sim.blocksPerMonth)} blocks/month), community tax ${decShort(g.distribution.communityTax)}, ${sim.txs} scenario txs.`,
    "Whole tokens (truncated); minted, fees, top-up, bonus and inflows since the previous row; APYs of the row's month, truncated.",
    "",
  ];
  const foot = sim.poolDry
    ? sim.poolDry.height === sim.rows[0]!.height
      ? "The rewards pool is empty from genesis."
      : `The rewards pool runs dry at height ${groupThousands(sim.poolDry.height)} (month ${sim.poolDry.month}, ${timestampString(sim.poolDry.timeNs)}).`
    : `The rewards pool does not run dry within the simulation: ${tok(sim.rows[sim.rows.length - 1]!.pool)} tokens left.`;
  const failed = sim.failures.length === 0 ? [] : [
    `${sim.failures.length} scenario tx(s) failed on the chain (the first: height ${sim.failures[0]!.height}, ${sim.failures[0]!.what}: ${sim.failures[0]!.log}).`,
  ];
  return [...head, line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line), "", foot, ...failed].join("\n");
}

/** A run's summary for a sweep: runway, supply and pool at the horizon, mean APYs, exact strings. */
export function summarize(core: Core, sim: Simulation, sets: string[]): RunSummary {
  const dec = (v: bigint) => core.dec.format(v);
  const months = sim.rows.slice(1);
  const mean = (vals: bigint[]) => (vals.length === 0 ? 0n : vals.reduce((t, v) => t + v, 0n) / BigInt(vals.length));
  const last = sim.rows[sim.rows.length - 1]!;
  const tiers: Record<string, string> = {};
  for (const [k, t] of (sim.rows[0]?.tierApys ?? []).entries()) {
    tiers[`tier${t.tier}`] = dec(mean(months.map((r) => r.tierApys[k]?.totalApy ?? 0n)));
  }
  return {
    sets,
    pool_dry_height: sim.poolDry ? `${sim.poolDry.height}` : null,
    pool_dry_time: sim.poolDry ? timestampString(sim.poolDry.timeNs) : null,
    pool_dry_month: sim.poolDry ? sim.poolDry.month : null,
    months: sim.months,
    supply_at_horizon: `${last.totalSupply}`,
    pool_at_horizon: `${last.pool}`,
    mean_base_apy: dec(mean(months.map((r) => r.baseApy ?? 0n))),
    mean_tier_apys: tiers,
    failed_txs: sim.failures.length,
    app_hash: sim.appHash,
  };
}

export function sweepCsv(rows: RunSummary[]): string {
  const tierCols = Object.keys(rows[0]?.mean_tier_apys ?? {});
  const cols = ["run", "pool_dry_height", "pool_dry_time", "supply_at_horizon", "pool_at_horizon", "mean_base_apy", ...tierCols.map((t) => `mean_${t}_total_apy`), "failed_txs", "app_hash"];
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [cols.join(","), ...rows.map((r) => [
    r.sets.join(" "), r.pool_dry_height ?? "", r.pool_dry_time ?? "", r.supply_at_horizon, r.pool_at_horizon, r.mean_base_apy,
    ...tierCols.map((t) => r.mean_tier_apys[t]!), `${r.failed_txs}`, r.app_hash,
  ].map(cell).join(","))].join("\n") + "\n";
}

export function renderSweep(rows: RunSummary[]): string {
  const tierCols = Object.keys(rows[0]?.mean_tier_apys ?? {});
  const pct = (d: string) => `${decPercent(BigInt(d.replace(".", "")), 2)}%`;
  const header = ["run", "pool dry at", "supply at horizon", "pool at horizon", "mean base APY", ...tierCols.map((t) => `mean ${t}`)];
  const body = rows.map((r) => [
    r.sets.join(" "), r.pool_dry_time ?? "never", groupThousands(wholeTokens(BigInt(r.supply_at_horizon))),
    groupThousands(wholeTokens(BigInt(r.pool_at_horizon))), pct(r.mean_base_apy), ...tierCols.map((t) => pct(r.mean_tier_apys[t]!)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}
