// `npm run bench -- scenario`: the scenario engine's speed (issue 14's targets).
//
//   a. a 5-year scenario on a 100-validator genesis (1-minute blocks: 2.6 M blocks; x/mint's
//      blocks_per_year follows) with tier cohorts (entries, an exit trigger, monthly claims),
//      against the same chain over the same
//      horizon with an empty scenario (nothing but blocks: the ledger loop and the node's block
//      commits alone); blocks/s of each, and the scenario machinery's cost on top (target <= 20 %).
//      A block is a row: rows/s against radCAD's published ~70,000 rows/s.
//   b. a 10-point sweep (6 months of the default genesis's 5 s blocks each, the pool reserve swept)
//      on worker threads against the same 10 runs one after another on one thread (the same
//      workers): wall time and speed-up (target: about the core count).
// Medians of BENCH_SCENARIO_ROUNDS rounds (default 3), the two contenders interleaved; months can be
// shortened with BENCH_SCENARIO_MONTHS. The load average is printed beside the figures.

import { availableParallelism } from "node:os";
import { loadCoreFromFile } from "../host/core/node.js";
import { loadScenario, scenarioGenesis, simulate } from "../host/cli/simulate.js";
import { grid, runSweep, sweepValues } from "../host/cli/sweep.js";
import { median, loadAverage, progressOf } from "./stats.js";

const ROUNDS = Number(process.env.BENCH_SCENARIO_ROUNDS ?? 3);
const MONTHS = Number(process.env.BENCH_SCENARIO_MONTHS ?? 60);
const VALIDATORS = 100;
const SWEEP_POINTS = 10;
const RADCAD_ROWS_PER_SEC = 70_000;

const progress = progressOf("scenario");
const load = loadAverage;

/** Cohorts: entries in every tier over the first year, one exit trigger, monthly claims (what fits in `months`). */
const cohorts = (months: number, validators = VALIDATORS) => [
  { month: 0, tier: 3, amount: "1000000000", validator: 0 },
  { month: 1, tier: 1, amount: "500000000", validator: 7, exit: 12 },
  { month: 3, tier: 2, amount: "250000000", validator: 42, exit: "at_entry" },
  { month: 6, tier: 3, amount: "750000000", validator: 99 },
].filter((c) => c.month < months && (typeof c.exit !== "number" || c.exit <= months)).map((c) => ({ ...c, validator: c.validator % validators }));

export interface ScenarioBench {
  validators: number;
  months: number;
  blocks: bigint;
  scenarioSeconds: number;
  emptySeconds: number;
  overhead: number;
  blocksPerSec: number;
  sweep: { points: number; threads: number; parallelSeconds: number; sequentialSeconds: number; speedup: number };
  load: string;
}

export async function runScenarioBench(): Promise<ScenarioBench> {
  // 100 validators: the genesis's 4 and 96 of 10 M tokens from the reserve, commissions 1-9 %.
  const validators = { count: VALIDATORS, self_delegation: "10000000", commissions: Array.from({ length: 9 }, (_, i) => `0.0${i + 1}`) };
  const base = [`validators=${JSON.stringify(validators)}`, `months=${MONTHS}`, "block_time=1m"];
  const withCohorts = [...base, `cohorts=${JSON.stringify(cohorts(MONTHS))}`, "claims.every_months=1"];
  const empty = [...base, "claims.every_months=0"];
  let blocks = 0n;
  const time = async (sets: string[]) => {
    const core = await loadCoreFromFile();
    const { scenario } = await loadScenario(core, undefined, sets);
    const setup = await scenarioGenesis(core, scenario);
    const started = performance.now();
    const sim = await simulate(core, scenario, setup);
    const seconds = (performance.now() - started) / 1000;
    blocks = BigInt(sim.months) * (sim.blocksPerYear / 12n);
    return seconds;
  };
  const withTimes: number[] = [];
  const emptyTimes: number[] = [];
  const overheads: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    progress(`${MONTHS}-month scenario, ${VALIDATORS} validators: round ${r + 1}/${ROUNDS} (load ${load()})`);
    const a = await time(withCohorts);
    const b = await time(empty);
    withTimes.push(a);
    emptyTimes.push(b);
    overheads.push(a / b - 1);
  }

  // b. the sweep: 10 points of a 6-month cohort scenario, parallel vs one thread.
  const threads = availableParallelism();
  const points = grid([sweepValues(await loadCoreFromFile(), `pool.reserve=100000000:${100000000 * SWEEP_POINTS}:100000000`)]);
  const jobs = points.map((p) => ({ file: undefined, sets: ["months=6", `cohorts=${JSON.stringify(cohorts(6, 4))}`, ...p] }));
  const parallel: number[] = [];
  const sequential: number[] = [];
  const speedups: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    progress(`${SWEEP_POINTS}-point sweep: round ${r + 1}/${ROUNDS} (load ${load()})`);
    let t = performance.now();
    await runSweep(jobs, threads);
    const p = (performance.now() - t) / 1000;
    t = performance.now();
    await runSweep(jobs, 1);
    const s = (performance.now() - t) / 1000;
    parallel.push(p);
    sequential.push(s);
    speedups.push(s / p);
  }
  const scenarioSeconds = median(withTimes);
  return {
    validators: VALIDATORS, months: MONTHS, blocks,
    scenarioSeconds, emptySeconds: median(emptyTimes), overhead: median(overheads),
    blocksPerSec: Number(blocks) / scenarioSeconds,
    sweep: { points: SWEEP_POINTS, threads, parallelSeconds: median(parallel), sequentialSeconds: median(sequential), speedup: median(speedups) },
    load: load(),
  };
}

export function scenarioLines(b: ScenarioBench): string[] {
  const n = (x: number) => Math.round(x).toLocaleString("en-US");
  return [
    `scenario engine (median of ${ROUNDS} rounds; load ${b.load})`,
    `  ${b.months}-month scenario, ${b.validators} validators, ${n(Number(b.blocks))} 1-minute blocks: ${b.scenarioSeconds.toFixed(1)} s = ${n(b.blocksPerSec)} blocks/s` +
      ` (rows/s: ${(b.blocksPerSec / RADCAD_ROWS_PER_SEC).toFixed(1)}x radCAD's ~70,000)`,
    `  the same chain and horizon, empty scenario: ${b.emptySeconds.toFixed(1)} s = ${n(Number(b.blocks) / b.emptySeconds)} blocks/s;` +
      ` scenario machinery on top: ${(b.overhead * 100).toFixed(1)} %   ${b.overhead <= 0.2 ? "PASS" : "MISS"} (<= 20 %)`,
    `  ${b.sweep.points}-point sweep (6 months of 5 s blocks each): ${b.sweep.threads} threads ${b.sweep.parallelSeconds.toFixed(1)} s,` +
      ` one thread ${b.sweep.sequentialSeconds.toFixed(1)} s: ${b.sweep.speedup.toFixed(2)}x   ` +
      `${b.sweep.speedup >= 0.8 * b.sweep.threads ? "PASS" : "MISS"} (about the core count, ${b.sweep.threads})`,
  ];
}

export async function scenarioMain(): Promise<number> {
  const b = await runScenarioBench();
  for (const l of scenarioLines(b)) console.log(l);
  return 0;
}
