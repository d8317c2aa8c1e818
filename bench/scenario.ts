// `npm run bench -- scenario`: the scenario engine's speed.
//
//   a. the 5-year default projection (`npm run simulate`: the default genesis, 5 s blocks, 31.6 M
//      blocks, every block's rounding as the chain does it) against the emission-only loop over
//      the same blocks in the same run (the core's mint alone: the limit a block loop can reach);
//      wall and CPU seconds and blocks/s, target <= 15 s;
//   b. radCAD (PyPI, a Python cadCAD engine) running the same per-block model (bench/radcad_model.py:
//      mint with the decay, top-up from the pool, distribution with commission, in Python
//      integers), in the same run, if a Python with radcad is there (BENCH_RADCAD_PYTHON, else
//      /tmp/radcad-venv/bin/python; how to make it is printed otherwise);
//   c. a 5-year scenario on a 100-validator genesis (1-minute blocks) with tier cohorts against the
//      same chain and horizon with nothing but blocks: the scenario machinery's cost (<= 20 %);
//   d. a 10-point sweep on worker threads against the same runs on one thread.
// Medians of BENCH_SCENARIO_ROUNDS rounds (default 3), contenders interleaved; BENCH_SCENARIO_MONTHS
// shortens a and c, BENCH_RADCAD_BLOCKS sizes b (default 50,000). The load average is printed beside
// the figures: figures are for comparing within a run.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { loadCoreFromFile } from "../host/core/node.js";
import { DEFAULT_EMISSION_PARAMS, Emission } from "../host/core/emission.js";
import { loadScenario, scenarioGenesis } from "../host/scenario/sim-genesis.js";
import { simulate } from "../host/scenario/sim-run.js";
import { grid, runSweep, sweepValues } from "../host/scenario/sweep.js";
import { median, loadAverage, progressOf } from "./stats.js";

const ROUNDS = Number(process.env.BENCH_SCENARIO_ROUNDS ?? 3);
const MONTHS = Number(process.env.BENCH_SCENARIO_MONTHS ?? 60);
const RADCAD_BLOCKS = Number(process.env.BENCH_RADCAD_BLOCKS ?? 50_000);
const RADCAD_PYTHON = process.env.BENCH_RADCAD_PYTHON ?? "/tmp/radcad-venv/bin/python";
const RADCAD_INSTALL = "python3 -m venv /tmp/radcad-venv && /tmp/radcad-venv/bin/pip install radcad==0.14.0 typing_extensions";
const TARGET_SECONDS = 15;
const VALIDATORS = 100;
const SWEEP_POINTS = 10;

const progress = progressOf("scenario");
const load = loadAverage;

/** Cohorts: entries in every tier over the first year, one exit trigger, monthly claims (what fits in `months`). */
const cohorts = (months: number, validators = VALIDATORS) => [
  { month: 0, tier: 3, amount: "1000000000", validator: 0 },
  { month: 1, tier: 1, amount: "500000000", validator: 7, exit: 12 },
  { month: 3, tier: 2, amount: "250000000", validator: 42, exit: "at_entry" },
  { month: 6, tier: 3, amount: "750000000", validator: 99 },
].filter((c) => c.month < months && (typeof c.exit !== "number" || c.exit <= months)).map((c) => ({ ...c, validator: c.validator % validators }));

interface Timed {
  wall: number;
  cpu: number;
}

export interface ScenarioBench {
  months: number;
  projection: { blocks: bigint; wall: number; cpu: number; emissionWall: number; emissionCpu: number };
  radcad: { blocks: number; seconds: number; cpu: number } | { missing: string };
  validators: { blocks: bigint; scenarioSeconds: number; emptySeconds: number; overhead: number };
  sweep: { points: number; threads: number; parallelSeconds: number; sequentialSeconds: number; speedup: number };
  load: string;
}

async function timed<T>(fn: () => Promise<T>): Promise<Timed & { value: T }> {
  const c = process.cpuUsage();
  const t = performance.now();
  const value = await fn();
  const u = process.cpuUsage(c);
  return { value, wall: (performance.now() - t) / 1000, cpu: (u.user + u.system) / 1e6 };
}

/** One simulation of the command line's scenario: load, genesis and run, as `npm run simulate` does after startup. */
async function runScenario(sets: string[]): Promise<{ blocks: bigint }> {
  const core = await loadCoreFromFile();
  const { scenario } = await loadScenario(core, undefined, sets);
  const sim = await simulate(core, scenario, await scenarioGenesis(core, scenario));
  return { blocks: BigInt(sim.months) * sim.blocksPerMonth };
}

/** The emission-only loop over `blocks` blocks of the default genesis: the core's mint, nothing else. */
async function emissionOnly(blocks: bigint): Promise<void> {
  const e = new Emission(await loadCoreFromFile());
  e.configure(DEFAULT_EMISSION_PARAMS);
  e.setState({ height: 0n, totalSupply: 9_850_000_000_000_000_000n, burned: 0n });
  for (let left = blocks; left > 0n; left -= 1_000_000n) e.advance(left < 1_000_000n ? left : 1_000_000n);
}

function radcad(): ScenarioBench["radcad"] {
  if (!existsSync(RADCAD_PYTHON)) return { missing: `no Python with radcad at ${RADCAD_PYTHON} (BENCH_RADCAD_PYTHON); make one: ${RADCAD_INSTALL}` };
  const script = fileURLToPath(new URL("./radcad_model.py", import.meta.url));
  const r = spawnSync(RADCAD_PYTHON, [script, `${RADCAD_BLOCKS}`], { encoding: "utf8" });
  if (r.status !== 0) return { missing: `radcad_model.py failed: ${(r.stderr || r.error?.message || "").trim().split("\n").pop()}` };
  const out = JSON.parse(r.stdout.trim().split("\n").pop()!) as { blocks: number; seconds: number; cpu_seconds: number };
  return { blocks: out.blocks, seconds: out.seconds, cpu: out.cpu_seconds };
}

export async function runScenarioBench(): Promise<ScenarioBench> {
  // a. the default projection and the emission-only loop over the same blocks, interleaved.
  const wall: number[] = [], cpu: number[] = [], eWall: number[] = [], eCpu: number[] = [];
  let blocks = 0n;
  for (let r = 0; r < ROUNDS; r++) {
    progress(`${MONTHS}-month default projection of 5 s blocks: round ${r + 1}/${ROUNDS} (load ${load()})`);
    const p = await timed(() => runScenario([`months=${MONTHS}`]));
    blocks = p.value.blocks;
    wall.push(p.wall);
    cpu.push(p.cpu);
    const e = await timed(() => emissionOnly(blocks));
    eWall.push(e.wall);
    eCpu.push(e.cpu);
  }
  // b. radCAD, the same per-block model.
  progress(`radCAD: ${RADCAD_BLOCKS} blocks of the same model (load ${load()})`);
  const rc = radcad();

  // c. 100 validators and cohorts against the same chain with nothing but blocks.
  const validators = { count: VALIDATORS, self_delegation: "10000000", commissions: Array.from({ length: 9 }, (_, i) => `0.0${i + 1}`) };
  const base = [`validators=${JSON.stringify(validators)}`, `months=${MONTHS}`, "block_time=1m"];
  const withCohorts = [...base, `cohorts=${JSON.stringify(cohorts(MONTHS))}`, "claims.every_months=1"];
  const empty = [...base, "claims.every_months=0"];
  const withTimes: number[] = [], emptyTimes: number[] = [], overheads: number[] = [];
  let vBlocks = 0n;
  for (let r = 0; r < ROUNDS; r++) {
    progress(`${MONTHS}-month scenario, ${VALIDATORS} validators: round ${r + 1}/${ROUNDS} (load ${load()})`);
    const a = await timed(() => runScenario(withCohorts));
    const b = await timed(() => runScenario(empty));
    vBlocks = a.value.blocks;
    withTimes.push(a.cpu);
    emptyTimes.push(b.cpu);
    overheads.push(a.cpu / b.cpu - 1);
  }

  // d. the sweep: 10 points of a 6-month cohort scenario, parallel vs one thread.
  const threads = availableParallelism();
  const points = grid([sweepValues(await loadCoreFromFile(), `pool.reserve=100000000:${100000000 * SWEEP_POINTS}:100000000`)]);
  const jobs = points.map((p) => ({ file: undefined, sets: ["months=6", `cohorts=${JSON.stringify(cohorts(6, 4))}`, ...p] }));
  const parallel: number[] = [], sequential: number[] = [], speedups: number[] = [];
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
  return {
    months: MONTHS,
    projection: { blocks, wall: median(wall), cpu: median(cpu), emissionWall: median(eWall), emissionCpu: median(eCpu) },
    radcad: rc,
    validators: { blocks: vBlocks, scenarioSeconds: median(withTimes), emptySeconds: median(emptyTimes), overhead: median(overheads) },
    sweep: { points: SWEEP_POINTS, threads, parallelSeconds: median(parallel), sequentialSeconds: median(sequential), speedup: median(speedups) },
    load: load(),
  };
}

export function scenarioLines(b: ScenarioBench): string[] {
  const n = (x: number) => Math.round(x).toLocaleString("en-US");
  const p = b.projection;
  const blocks = Number(p.blocks);
  // On a shared machine wall time is the scheduler's: "on one core" is CPU time, and the ratios are of CPU rates.
  const cpuRate = blocks / p.cpu;
  const target = MONTHS === 60 ? `   ${p.cpu <= TARGET_SECONDS ? "PASS" : "MISS"} (<= ${TARGET_SECONDS} s on one core)` : "";
  return [
    `scenario engine (median of ${ROUNDS} rounds; load ${b.load}; CPU seconds are the process's, wall seconds the machine's)`,
    `  ${b.months}-month default projection, ${n(blocks)} 5 s blocks: ${p.cpu.toFixed(1)} CPU s = ${n(cpuRate)} blocks per CPU-second (wall ${p.wall.toFixed(1)} s)${target}`,
    `  the same run's emission-only loop over those blocks (the limit): ${p.emissionCpu.toFixed(1)} CPU s = ${n(blocks / p.emissionCpu)} blocks per CPU-second` +
      ` (wall ${p.emissionWall.toFixed(1)} s); the whole chain runs at ${(p.emissionCpu / p.cpu * 100).toFixed(0)} % of the mint's own speed`,
    !("missing" in b.radcad)
      ? `  radCAD 0.14 (Python, single process), the same per-block model: ${b.radcad.blocks.toLocaleString("en-US")} blocks in ${b.radcad.cpu.toFixed(2)} CPU s = ` +
        `${n(b.radcad.blocks / b.radcad.cpu)} blocks per CPU-second (wall ${b.radcad.seconds.toFixed(2)} s); the engine is ${(cpuRate / (b.radcad.blocks / b.radcad.cpu)).toFixed(0)}x that`
      : `  radCAD: not measured: ${b.radcad.missing}`,
    `  ${b.months}-month scenario, 100 validators, ${n(Number(b.validators.blocks))} 1-minute blocks: ${b.validators.scenarioSeconds.toFixed(1)} CPU s = ` +
      `${n(Number(b.validators.blocks) / b.validators.scenarioSeconds)} blocks per CPU-second; nothing but blocks: ${b.validators.emptySeconds.toFixed(1)} CPU s;` +
      ` scenario machinery on top: ${(b.validators.overhead * 100).toFixed(1)} %   ${b.validators.overhead <= 0.2 ? "PASS" : "MISS"} (<= 20 %)`,
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
