// `simulate --sweep`: every point validated up front (a bad value is a usage error before any
// thread starts), the expected duration printed before the runs start (the points' blocks over
// this machine's block rate, measured now on a short run of the chain, across the threads), then
// the runs on worker threads with progress, and their summaries as a table, CSV, JSON or chart.

import { availableParallelism } from "node:os";
import { basename } from "node:path";
import type { Core } from "../core/core.js";
import { loadCoreFromFile } from "../core/node.js";
import { NodeChain } from "../drivers/embedded.js";
import { defaultGenesisJson } from "../app/genesis.js";
import { ValidationError } from "../errors.js";
import { UsageError, groupThousands } from "./common.js";
import { Progress } from "./progress.js";
import { loadScenario, scenarioGenesis } from "./sim-genesis.js";
import { renderSweep, sweepCsv } from "./simulate-output.js";
import { grid, runSweep, sweepValues, type RunSummary } from "./sweep.js";
import { writeChart } from "./chart-file.js";
import type { SimFlags } from "./simulate.js";

const CALIBRATION_BLOCKS = 200_000n;

/** Blocks per second of the chain's block loop on this machine now: a short run of the default genesis. */
export async function measureBlockRate(core: Core): Promise<number> {
  const chain = NodeChain.inMemory(core, defaultGenesisJson(), 5_000_000_000n);
  await chain.advance(1000n); // past the first blocks' one-off work
  const t = performance.now();
  await chain.advance(CALIBRATION_BLOCKS);
  return Number(CALIBRATION_BLOCKS) / ((performance.now() - t) / 1000);
}

/** Seconds as "about 25 min" / "about 40 s". */
export function roughDuration(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 5400) return `about ${Math.round(seconds / 60)} min`;
  return `about ${(seconds / 3600).toFixed(1)} h`;
}

/**
 * The expected wall time of runs of these block counts on `threads` threads at `rate` blocks/s per
 * thread: the runs dealt to the threads in order as they free up (as runSweep does).
 */
export function expectedSeconds(blocks: bigint[], rate: number, threads: number): number {
  const free = new Array<number>(Math.max(1, Math.min(threads, blocks.length))).fill(0);
  for (const b of blocks) {
    let i = 0;
    for (let k = 1; k < free.length; k++) if (free[k]! < free[i]!) i = k;
    free[i]! += Number(b) / rate;
  }
  return Math.max(...free);
}

export async function runSweepCommand(f: SimFlags): Promise<number> {
  const core = await loadCoreFromFile();
  const swept = f.sweep.map((x) => sweepValues(core, x));
  if (f.chart !== undefined && swept.length > 2) {
    throw new UsageError(`--chart draws a sweep of one or two keys (small multiples, or heat maps); this one has ${swept.length}`);
  }
  const points = grid(swept);
  const blocks: bigint[] = [];
  for (const p of points) {
    const { scenario: sc } = await loadScenario(core, f.scenario, [...f.set, ...p]);
    try {
      const setup = await scenarioGenesis(core, sc);
      blocks.push(BigInt(sc.months) * (setup.genesis.mint.params.blocksPerYear / 12n));
    } catch (e) {
      if (e instanceof ValidationError) throw new UsageError(`--sweep ${p.join(" ")}: scenario: ${e.message}`);
      throw e;
    }
  }
  const threads = Math.min(availableParallelism(), points.length);
  const rate = await measureBlockRate(await loadCoreFromFile());
  const total = blocks.reduce((t, b) => t + b, 0n);
  process.stderr.write(
    `sweep: ${points.length} runs, ${groupThousands(total)} blocks in all, on ${threads} thread(s): expected ${roughDuration(expectedSeconds(blocks, rate, threads))} ` +
      `(this machine makes about ${groupThousands(BigInt(Math.round(rate)))} blocks/s per thread now; scenario txs add to it)\n`,
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
  if (f.chart !== undefined) {
    const keys = swept.map((assignments) => {
      const key = assignments[0]!.slice(0, assignments[0]!.indexOf("="));
      return { key, values: assignments.map((x) => x.slice(key.length + 1)) };
    });
    const { sweepChart } = await import("./chart.js");
    await writeChart(f.chart, sweepChart(rows, keys, `Sweep${f.scenario ? ` of ${basename(f.scenario)}` : ""}`));
  }
  if (f.json) process.stdout.write(JSON.stringify({ runs: rows }, null, 2) + "\n");
  else if (f.csv) process.stdout.write(sweepCsv(rows));
  else process.stdout.write(renderSweep(rows) + "\n");
  const failed = rows.filter((r) => r.failed_txs > 0);
  if (failed.length === 0) return 0;
  const what = `${failed.length} of ${rows.length} sweep runs had failed scenario txs (first: ${failed[0]!.sets.join(" ")}: ${failed[0]!.first_failure})`;
  if (f.strict) {
    process.stderr.write(`error: ${what} (--strict)\n`);
    return 1;
  }
  process.stderr.write(`warning: ${what}\nwarning: --strict makes failed scenario txs an error\n`);
  return 0;
}
