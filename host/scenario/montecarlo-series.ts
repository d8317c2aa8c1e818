// A run's monthly series as the Monte-Carlo bands and the comparison charts read them
// (host/scenario/montecarlo.ts, compare.ts): plain bigints, so a worker thread posts them whole.

import type { Simulation } from "./sim-types.js";

export interface MonthPoint {
  month: number;
  height: bigint;
  timeNs: bigint;
  supply: bigint;
  pool: bigint;
  /** Raw Decs. */
  bondedRatio: bigint;
  baseApy: bigint | null;
  /** Each tier's paid APY (raw Dec), in `RunSeries.tiers` order; null: not measured that month. */
  tierPaid: (bigint | null)[];
  tierNominal: (bigint | null)[];
}

export interface RunSeries {
  tiers: number[];
  months: MonthPoint[];
  /** Days from the start to the horizon's last block (exact text, 6 decimals): a run that never ran dry lasted at least this. */
  horizonDays: string;
}

export function runSeries(sim: Simulation): RunSeries {
  const first = sim.rows[0]!;
  const last = sim.rows[sim.rows.length - 1]!;
  const DAY = 86_400_000_000_000n;
  const ns = last.timeNs - first.timeNs;
  return {
    tiers: first.tiers.map((t) => t.tier),
    months: sim.rows.map((r) => ({
      month: r.month, height: r.height, timeNs: r.timeNs, supply: r.totalSupply, pool: r.pool, bondedRatio: r.bondedRatio, baseApy: r.baseApy,
      tierPaid: r.tiers.map((t) => t.paidApy), tierNominal: r.tiers.map((t) => t.nominalApy),
    })),
    horizonDays: `${ns / DAY}.${(((ns % DAY) * 1_000_000n) / DAY).toString().padStart(6, "0")}`,
  };
}
