// `simulate --sweep`: every point validated up front (a bad value is a usage error before any
// thread starts), the expected duration printed before the runs start (each point's blocks and
// scenario txs at this machine's speed, measured now on short runs, across the threads), then
// the runs on worker threads with progress, and their summaries as a table, CSV, JSON or chart.

import { availableParallelism } from "node:os";
import { basename } from "node:path";
import type { Core } from "../core/core.js";
import { loadCoreFromFile } from "../core/node.js";
import { NodeChain } from "../drivers/embedded.js";
import { defaultGenesisJson, mergeJson } from "../app/genesis.js";
import { ValidationError } from "../errors.js";
import { UsageError, groupThousands } from "./common.js";
import { Progress } from "../scenario/progress.js";
import { loadScenario, scenarioGenesis } from "../scenario/sim-genesis.js";
import { simulate } from "../scenario/sim-run.js";
import { phaseAt } from "../scenario/sim-plans.js";
import { defaultScenarioJson, parseScenario, type Scenario } from "../scenario/scenario.js";
import { renderSweep, sweepCsv, sweepProvenanceLines, sweepTable } from "../scenario/simulate-output.js";
import { writeOuts } from "./outputs.js";
import { scenarioProblemsError } from "../scenario/scenario-errors.js";
import { grid, runSweep, sweepValues, type RunSummary } from "../scenario/sweep.js";
import { writeChart } from "../scenario/chart-file.js";

const CALIBRATION_BLOCKS = 200_000n;
const CALIBRATION_TXS = 60;

/**
 * This machine's speed now: blocks per second of the chain's block loop (a short run of the default
 * genesis), and seconds per scenario tx (a month of 1 h blocks with fee payments as txs, less its blocks).
 */
export async function measureSpeed(core: Core, txCore: Core): Promise<{ blocksPerSec: number; txSeconds: number }> {
  const chain = NodeChain.inMemory(core, defaultGenesisJson(), 5_000_000_000n);
  await chain.advance(1000n); // past the first blocks' one-off work
  let t = performance.now();
  await chain.advance(CALIBRATION_BLOCKS);
  const blocksPerSec = Number(CALIBRATION_BLOCKS) / ((performance.now() - t) / 1000);
  const s = parseScenario(mergeJson(defaultScenarioJson(), { months: 1, block_time: "1h", fees: { per_year: "1200000", payments_per_month: CALIBRATION_TXS } }), txCore.dec);
  const setup = await scenarioGenesis(txCore, s);
  t = performance.now();
  const sim = await simulate(txCore, s, setup);
  const seconds = (performance.now() - t) / 1000 - Number(sim.blocksPerMonth) / blocksPerSec;
  return { blocksPerSec, txSeconds: Math.max(0, seconds) / Math.max(1, sim.txs) };
}

/** About how many txs a scenario sends (fee payments, claims, cohorts' steps, deposits, governance, bonded-ratio moves). */
export function expectedTxs(s: Scenario): number {
  const fees = s.fees.perYear > 0n ? s.months * s.fees.paymentsPerMonth : 0;
  const claims = s.cohorts.length > 0 && s.claims.everyMonths > 0 ? Math.floor((s.months - 1) / s.claims.everyMonths) : 0;
  const cohorts = s.cohorts.reduce((t, c) => t + 1 + (typeof c.exit === "number" ? 1 : 0) + (c.onUnlock === "undelegate" ? 2 : 0), 0);
  let revenue = 0;
  for (let m = 0; m < s.months; m++) if ((phaseAt(s, m)?.revenuePerMonth ?? 0n) > 0n) revenue++;
  return fees + claims + cohorts + revenue + s.inflows.length + s.governance.length + s.bondedRatio.length;
}

/** Seconds as "about 25 min" / "about 40 s". */
export function roughDuration(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 5400) return `about ${Math.round(seconds / 60)} min`;
  return `about ${(seconds / 3600).toFixed(1)} h`;
}

/**
 * The expected wall time of runs of these seconds each on `threads` threads: the runs dealt to the
 * threads in order as they free up (as runSweep does).
 */
export function expectedSeconds(runs: number[], threads: number): number {
  const free = new Array<number>(Math.max(1, Math.min(threads, runs.length))).fill(0);
  for (const r of runs) {
    let i = 0;
    for (let k = 1; k < free.length; k++) if (free[k]! < free[i]!) i = k;
    free[i]! += r;
  }
  return Math.max(...free);
}

/** What a sweep takes of `simulate`'s flags. */
export interface SweepFlags {
  scenario: string | undefined;
  set: string[];
  sweep: string[];
  chart: string | undefined;
  out: string[];
  json: boolean;
  csv: boolean;
  strict: boolean;
}

export async function runSweepCommand(f: SweepFlags): Promise<number> {
  const core = await loadCoreFromFile();
  const swept = f.sweep.map((x) => sweepValues(core, x));
  const charted = f.chart !== undefined || f.out.some((o) => /\.(svg|png)$/i.test(o));
  if (charted && swept.length > 2) {
    throw new UsageError(`--chart draws a sweep of one or two keys (small multiples, or heat maps); this one has ${swept.length}`);
  }
  const points = grid(swept);
  const blocks: bigint[] = [];
  const txs: number[] = [];
  for (const p of points) {
    const { scenario: sc } = await loadScenario(core, f.scenario, [...f.set, ...p]);
    try {
      const setup = await scenarioGenesis(core, sc);
      blocks.push(BigInt(sc.months) * (setup.genesis.mint.params.blocksPerYear / 12n));
      txs.push(expectedTxs(sc));
    } catch (e) {
      if (e instanceof ValidationError) throw scenarioProblemsError(f.scenario, [...f.set, ...p], e, `--sweep ${p.join(" ")}: `);
      throw e;
    }
  }
  const threads = Math.min(availableParallelism(), points.length);
  const speed = await measureSpeed(await loadCoreFromFile(), await loadCoreFromFile());
  const total = blocks.reduce((t, b) => t + b, 0n);
  const allTxs = txs.reduce((t, x) => t + x, 0);
  const seconds = points.map((_, i) => Number(blocks[i]!) / speed.blocksPerSec + txs[i]! * speed.txSeconds);
  process.stderr.write(
    `sweep: ${points.length} runs, ${groupThousands(total)} blocks and about ${groupThousands(BigInt(allTxs))} scenario txs in all, on ${threads} thread(s): ` +
      `expected ${roughDuration(expectedSeconds(seconds, threads))} (measured now: ${groupThousands(BigInt(Math.round(speed.blocksPerSec)))} blocks/s ` +
      `and ${(speed.txSeconds * 1000).toFixed(1)} ms a tx per thread)\n`,
  );
  const progress = new Progress(process.stderr);
  const started = Date.now();
  let rows: RunSummary[];
  try {
    rows = await runSweep(points.map((p) => ({ file: f.scenario, sets: [...f.set, ...p] })), threads, (done, of) => {
      const eta = Math.ceil(((Date.now() - started) * (of - done)) / done / 1000);
      progress.update(`sweep: ${done}/${of} runs, ETA ${eta} s …`);
    });
  } finally {
    progress.done();
  }
  rows = rows.map((r, i) => ({ ...r, sets: points[i]! }));
  const chart = async () => {
    const keys = swept.map((assignments) => {
      const key = assignments[0]!.slice(0, assignments[0]!.indexOf("="));
      return { key, values: assignments.map((x) => x.slice(key.length + 1)) };
    });
    const { sweepChart } = await import("../scenario/chart.js");
    return sweepChart(rows, keys, `Sweep${f.scenario ? ` of ${basename(f.scenario)}` : ""}`);
  };
  const json = () => {
    const provenance = Object.fromEntries(sweepProvenanceLines(rows).map((l) => [l.slice(0, l.indexOf(": ")), l.slice(l.indexOf(": ") + 2)]));
    return { provenance: { ...provenance, sweeps: f.sweep }, runs: rows };
  };
  if (f.chart !== undefined) await writeChart(f.chart, await chart());
  await writeOuts(f.out, { table: () => sweepTable(rows, f.sweep), json, text: () => renderSweep(rows, f.sweep), chart });
  if (f.json) process.stdout.write(JSON.stringify(json(), null, 2) + "\n");
  else if (f.csv) process.stdout.write(sweepCsv(rows, f.sweep));
  else process.stdout.write(renderSweep(rows, f.sweep) + "\n");
  const warned = rows.filter((r) => r.warnings !== null);
  if (warned.length > 0) process.stderr.write(`warning: ${warned.length} of ${rows.length} sweep runs had warnings (first: ${warned[0]!.sets.join(" ")}: ${warned[0]!.warnings})\n`);
  const failed = rows.filter((r) => r.failed_txs > 0);
  if (failed.length === 0) return 0;
  const what = `${failed.length} of ${rows.length} sweep runs had failed scenario txs (the first run's first by block height, at ${failed[0]!.first_failure_height}: ` +
    `${failed[0]!.sets.join(" ")}: ${failed[0]!.first_failure})`;
  if (f.strict) {
    process.stderr.write(`error: ${what} (--strict)\n`);
    return 1;
  }
  process.stderr.write(`warning: ${what}\nwarning: --strict makes failed scenario txs an error\n`);
  return 0;
}
