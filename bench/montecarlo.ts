// `npm run bench -- montecarlo`: issue 37's done-when, 100 Monte-Carlo runs of the 5-year default
// scenario with 1-minute blocks (examples/scenario-montecarlo-default.json: the default scenario with
// distributions on the target rate, the pool's reserve, a bonded-ratio target and a governance change)
// on the machine's cores in under 2 minutes.
//
//   a. one run alone in this process (the scenario at its base values): the per-run cost, and what
//      100 runs would take on the threads with nothing shared (100 x cost / threads);
//   b. `simulate --runs 100`'s runs on worker threads (host/scenario/montecarlo-run.ts), wall time
//      from the first worker's start to the last result: target <= 120 s;
//   c. one run with 5 s blocks (the scenario's block_time unset): the per-run cost the guide states.
// Medians of BENCH_MC_ROUNDS rounds (default 3; c once unless BENCH_MC_5S_ROUNDS), a and b interleaved;
// BENCH_MC_RUNS changes the run count, BENCH_MC_5S=0 skips c. Load average beside the figures.

import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { Json } from "../host/app/genesis.js";
import { loadCoreFromFile } from "../host/core/node.js";
import { parseScenario, readScenarioDoc } from "../host/scenario/scenario.js";
import { scenarioGenesis } from "../host/scenario/sim-genesis.js";
import { simulate } from "../host/scenario/sim-run.js";
import { baseDoc, planRuns, runwayTable } from "../host/scenario/montecarlo.js";
import { runDocs } from "../host/scenario/montecarlo-run.js";
import { loadAverage, median, progressOf } from "./stats.js";

const ROUNDS = Number(process.env.BENCH_MC_ROUNDS ?? 3);
const RUNS = Number(process.env.BENCH_MC_RUNS ?? 100);
const FIVE_S_ROUNDS = process.env.BENCH_MC_5S === "0" ? 0 : Number(process.env.BENCH_MC_5S_ROUNDS ?? 1);
const TARGET_SECONDS = 120;
export const MC_SCENARIO = fileURLToPath(new URL("../examples/scenario-montecarlo-default.json", import.meta.url));
const progress = progressOf("montecarlo");

async function oneRun(doc: Json): Promise<{ seconds: number; cpu: number; blocks: bigint }> {
  const t = performance.now();
  const c = process.cpuUsage();
  const core = await loadCoreFromFile();
  const s = parseScenario(doc, core.dec);
  const sim = await simulate(core, s, await scenarioGenesis(core, s));
  const u = process.cpuUsage(c);
  return { seconds: (performance.now() - t) / 1000, cpu: (u.user + u.system) / 1e6, blocks: BigInt(sim.months) * sim.blocksPerMonth };
}

export async function montecarloMain(): Promise<number> {
  const doc = await readScenarioDoc(MC_SCENARIO);
  const threads = availableParallelism();
  const plan = planRuns(doc, RUNS, 1n);
  const base = baseDoc(doc);
  progress(`${RUNS} runs of ${MC_SCENARIO} on ${threads} thread(s), ${ROUNDS} round(s); load ${loadAverage()}`);
  await oneRun(base); // warm-up: the core compiled, the code paths hot
  const alone: number[] = [];
  const aloneCpu: number[] = [];
  const parallel: number[] = [];
  const parallelCpu: number[] = [];
  let blocks = 0n;
  let runway = "";
  for (let r = 0; r < ROUNDS; r++) {
    const a = await oneRun(base);
    alone.push(a.seconds);
    aloneCpu.push(a.cpu);
    blocks = a.blocks;
    progress(`round ${r + 1}: one run alone ${a.seconds.toFixed(2)} s (${blocks} blocks); load ${loadAverage()}`);
    const t = performance.now();
    const c = process.cpuUsage(); // every thread of the process: the workers' too
    const results = await runDocs(plan.docs, plan.docs.map((_, i) => `run ${i}`), threads);
    parallel.push((performance.now() - t) / 1000);
    const u = process.cpuUsage(c);
    parallelCpu.push((u.user + u.system) / 1e6);
    progress(`round ${r + 1}: ${RUNS} runs on ${threads} threads ${parallel[r]!.toFixed(1)} s; load ${loadAverage()}`);
    runway = runwayTable(results, []).rows.map((x) => `${x[0]} ${x[5] ?? `>= ${x[6]}`} days`).join(", ");
  }
  const fiveS: number[] = [];
  const fiveCpu: number[] = [];
  let fiveBlocks = 0n;
  for (let r = 0; r < FIVE_S_ROUNDS; r++) {
    const { block_time: _bt, ...rest } = base as { [k: string]: Json };
    const x = await oneRun(rest);
    fiveS.push(x.seconds);
    fiveCpu.push(x.cpu);
    fiveBlocks = x.blocks;
    progress(`5 s blocks: one run ${x.seconds.toFixed(1)} s (${fiveBlocks} blocks)`);
  }
  const a = median(alone);
  const b = median(parallel);
  const bCpu = median(parallelCpu);
  const lines = [
    `Monte Carlo: ${RUNS} runs of the 5-year default scenario with 1-minute blocks (${blocks} blocks a run), ${threads} thread(s), medians of ${ROUNDS}`,
    `  a. one run alone:            ${a.toFixed(2)} s (min ${Math.min(...alone).toFixed(2)}, max ${Math.max(...alone).toFixed(2)}): ${(Number(blocks) / a / 1e6).toFixed(2)} M blocks/s; ` +
      `${RUNS} x that / ${threads} threads = ${((RUNS * a) / threads).toFixed(1)} s; CPU ${median(aloneCpu).toFixed(2)} s`,
    `  b. ${RUNS} runs on ${threads} threads:    ${b.toFixed(1)} s (min ${Math.min(...parallel).toFixed(1)}, max ${Math.max(...parallel).toFixed(1)}); ` +
      `${(b / ((RUNS * a) / threads)).toFixed(2)} x the ideal; CPU ${bCpu.toFixed(1)} s (${(bCpu / RUNS).toFixed(2)} s a run, workers' start included): ` +
      `${(bCpu / threads).toFixed(1)} s of wall on ${threads} idle cores; runway ${runway}`,
    ...(fiveS.length > 0 ? [`  c. one run with 5 s blocks:  ${median(fiveS).toFixed(1)} s, CPU ${median(fiveCpu).toFixed(1)} s (${fiveBlocks} blocks, ${(Number(fiveBlocks) / median(fiveS) / 1e6).toFixed(2)} M blocks/s)`] : []),
    `  ${b <= TARGET_SECONDS ? "PASS" : "MISS"}: ${RUNS} runs in ${b.toFixed(1)} s of wall (target <= ${TARGET_SECONDS} s); ` +
      `${bCpu / threads <= TARGET_SECONDS ? "PASS" : "MISS"} by CPU over the threads (${(bCpu / threads).toFixed(1)} s: the machine not shared); load average ${loadAverage()}`,
  ];
  process.stdout.write(lines.join("\n") + "\n");
  return 0;
}
