// Benchmark harness (`npm run bench`): the WASM core against plain TypeScript BigInt.
//
//   a. emission loop, blocks/s: core `advance` vs the BigInt loop (model/emission-bigint.ts;
//      bench/emission.ts)
//   b. one simulated year of blocks in the core, seconds (bench/emission.ts)
//   c. Dec mul / quo ops/s: through DecOps (boundary crossing included), through the raw exports
//      on fixed scratch slots, and in the BigInt model (model/dec-bigint.ts; bench/dec.ts)
//   d. the issue's targets, as PASS/MISS lines (reported, never failing the run)
//   e. the ledger's per-block loop with 100 validators against the BigInt model (bench/ledger.ts),
//      after a check of its chain against the model; one simulated year of it run for real, once
//      (BENCH_LEDGER_YEAR=0 skips that); claims with 1k and 1M delegations. f. tiers. g. the node.
//   h. load (bench/load.ts): 50 connections of queries and a trickle of signed txs for 30 s on a
//      real-clock node in its own process: req/s, p50/p99, errors, RSS, block interval drift.
//      `npm run bench -- load` (or `npm run bench:load`) runs this section alone.
//   `npm run bench -- soak [--minutes N]` (bench/soak.ts, never in the full run): the memory soak.
//   The sections that run alone and --help: bench/sections.ts.
//
// Every figure is the median of several timed runs after a warm-up, with min and max beside it;
// contenders run interleaved, and their ratio is the median of the per-round ratios (bench/rounds.ts).
// The report goes to stdout, progress to stderr, and the whole result to bench/results/<time>.json.
// Before any timing the core and the baselines must agree bit for bit, or the run exits 1.

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { runLedgerBench, medianOf } from "./ledger.js";
import { runTiersBench } from "./tiers.js";
import { runNodeBench } from "./node.js";
import { loadLines, loadTargets, runLoadBench } from "./load.js";
import { standaloneSection } from "./sections.js";
import { OP_RUN_MS, collect, fmtRatio, int, jsonBig } from "./rounds.js";
import {
  BIGINT_BLOCKS_PER_RUN, BLOCKS_PER_YEAR, EMISSION_CHECKS, START, WASM_BLOCKS_PER_RUN, YEAR_RUNS, emissionContenders,
  emissionMismatches, runEmissionLoop, runEmissionYear,
} from "./emission.js";
import { OPERAND_PAIRS, decMismatches, decOperands, runDecBench } from "./dec.js";
import os from "node:os";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCore } from "../host/core/core.js";
import { CORE_WASM } from "../host/core/node.js";
import { DEFAULT_EMISSION_PARAMS } from "../host/core/emission.js";
import { CORE_LOW_BITS } from "../model/emission-bigint.js";

// ---- configuration -------------------------------------------------------------------------

const RUNS = 5; // timed runs per measurement, after one warm-up
const TARGET_RATIO = 10;
const TARGET_BLOCKS_PER_SEC = 1_000_000;

const progress = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

// ---- sections ------------------------------------------------------------------------------

// `npm run bench -- load` runs section h (bench/load.ts) alone; without an argument, every section.
await standaloneSection(process.argv.slice(2));

// ---- setup ---------------------------------------------------------------------------------

const startedAt = new Date();
const cpus = os.cpus();
const machine = {
  node: process.version,
  v8: process.versions.v8,
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  cpuModel: cpus[0]?.model ?? "unknown",
  cpuCount: cpus.length,
  loadavgStart: os.loadavg(),
  totalMemGiB: os.totalmem() / 2 ** 30,
};
const wasmBytes = readFileSync(CORE_WASM);
const coreSha256 = createHash("sha256").update(wasmBytes).digest("hex");

console.log("Staking-rewards engine benchmark: WASM core vs plain TypeScript BigInt");
console.log(`  started   ${startedAt.toISOString()}`);
console.log(`  node      ${machine.node} (V8 ${machine.v8}), ${machine.platform}`);
console.log(`  cpu       ${machine.cpuCount} x ${machine.cpuModel}`);
console.log(`  loadavg   ${machine.loadavgStart.map((l) => l.toFixed(2)).join(" ")} (1/5/15 min)`);
console.log(`  core      build/core.wasm ${wasmBytes.length} bytes, sha256 ${coreSha256.slice(0, 16)}`);
console.log(`  method    median of ${RUNS} interleaved rounds after 1 warm-up (year: ${YEAR_RUNS} runs)` +
  (collect ? "; GC before each timed run" : "; run with --expose-gc to collect between runs"));
console.log("");

const core = await loadCore(wasmBytes); // the very bytes hashed above, whatever rebuilds meanwhile
const emission = emissionContenders(core);

// ---- correctness gate: identical final states before any timing ----------------------------

progress("checking the core against the BigInt baselines");
const operands = decOperands();
const mismatches = [...emissionMismatches(emission), ...decMismatches(core, operands)];
if (mismatches.length > 0) {
  console.error("ERROR: the core and the BigInt baseline disagree; no timing is meaningful.");
  for (const m of mismatches.slice(0, 10)) console.error(m);
  process.exit(1);
}
console.log(`Correctness: core == BigInt baselines (${EMISSION_CHECKS.length} emission cases, ` +
  `${OPERAND_PAIRS} mul/quo pairs): OK`);
console.log("");

// ---- a. emission loop, b. one simulated year, c. Dec ops -----------------------------------

const { wasmLoop, bigintLoop, bigintPlainLoop, loopRatio, loopRatioPlain } = runEmissionLoop(emission, RUNS, progress);
const { year, yearEnd } = runEmissionYear(core, emission, progress);
const dec = runDecBench(core, operands, RUNS, progress);

// ---- e. ledger: the per-block rewards loop with 100 validators, claims ---------------------

// BENCH_LEDGER_YEAR=0 skips the real year (about half a minute on a quiet machine)
const ledgerBench = await runLedgerBench(wasmBytes, RUNS, progress, { year: process.env.BENCH_LEDGER_YEAR !== "0" });
console.log("e. Ledger per-block rewards loop (100 validators: mint, top-up, allocation, distribution)");
console.log(`  correctness: ${ledgerBench.checkedBlocks} blocks of this chain, core == BigInt model: OK`);
console.log(`  WASM whole blocks (advance, inside the core)  ${int(medianOf(ledgerBench.wasmBlocksPerSec))} blocks/s`);
console.log(`  BigInt model, whole blocks (same rules)       ${int(medianOf(ledgerBench.bigintBlocksPerSec))} blocks/s`);
console.log(`  ratio WASM / BigInt                              ${medianOf(ledgerBench.ratio).toFixed(2)}x (per round)`);
console.log(`  one simulated year (projected)                ${ledgerBench.yearSecondsProjected.toFixed(0)} s`);
if (ledgerBench.year) {
  const y = ledgerBench.year;
  console.log(`  one simulated year (measured, ${int(y.blocks)} blocks once) ${y.seconds.toFixed(1)} s` +
    ` (${int(y.blocks / y.seconds)} blocks/s)`);
  console.log(`    end of year: height ${y.end.height}, community pool ${y.end.communityPool}, ` +
    `validator 0 outstanding ${y.end.outstanding0}, commission ${y.end.commission0}`);
}
for (const c of ledgerBench.claimMicros) {
  console.log(`  claim (withdraw rewards), ${int(c.delegations)} delegations`.padEnd(52) + `${c.medianMicros.toFixed(1)} us (per claim, median of 5 batches of 2,000)`);
}
const claimAt = (n: number) => ledgerBench.claimMicros.find((c) => c.delegations === n)!.medianMicros;
const claimRatio = claimAt(1_000_000) / claimAt(1_000);
console.log(`  claim time 1M / 1k                               ${claimRatio.toFixed(2)}x` +
  `        (each decade: ${[10_000, 100_000, 1_000_000].map((n) => `${(claimAt(n) / claimAt(n / 10)).toFixed(2)}x`).join(", ")};` +
  ` the same lookups, each past one more cache level)`);
console.log("");

// ---- f. tiers: claim and position update at 1k vs 1M positions, memory per position ---------

const tiersBench = await runTiersBench(wasmBytes, progress);
console.log("f. Tier positions (claim = base + bonus replay; update = add, which claims first)");
for (const r of tiersBench.rows) {
  console.log(`  ${int(r.positions)} positions`.padEnd(52) + `claim ${r.claimMicros.toFixed(1)} us, add ${r.addMicros.toFixed(1)} us, ${r.bytesPerPosition.toFixed(0)} bytes of memory growth per position`);
}
console.log(`  claim 1M / 1k ${tiersBench.claimRatio.toFixed(2)}x, add 1M / 1k ${tiersBench.addRatio.toFixed(2)}x`);

// ---- g. the node: signed txs end to end, block commit, GET routes ---------------------------

const nodeBench = await runNodeBench(wasmBytes, progress);
console.log("g. Node (HTTP on loopback, SQLite synchronous=FULL)");
console.log(`  signed txs verified, raw (host/tx verifyTx)        ${int(nodeBench.verifyTxPerSec)} tx/s`);
console.log(`  signed txs ingested end to end (POST /txs)         ${int(nodeBench.ingestTxPerSec)} tx/s`);
console.log(`  ratio ingested / raw verify                        ${(nodeBench.ingestRatio * 100).toFixed(0)} %` +
  `          (per round ${nodeBench.ingestRatios.map((r) => `${(r * 100).toFixed(0)} %`).join(", ")}; medians of interleaved rounds)`);
console.log(`  block commit, ${int(nodeBench.commit.records)} changed records`.padEnd(52) + `${nodeBench.commit.ms.toFixed(1)} ms (whole block of 1,000 sends: ${nodeBench.commit.blockMs.toFixed(0)} ms)`);
console.log(`  GET ${nodeBench.get.path} on the node`.padEnd(52) + `${int(nodeBench.get.nodeReqPerSec)} req/s`);
console.log(`  GET the same JSON from a bare Hono route`.padEnd(52) + `${int(nodeBench.get.bareReqPerSec)} req/s`);
console.log("");

// ---- h. load: 50 connections of queries and a trickle of signed txs on a real-clock node -------

const loadBench = await runLoadBench(progress);
for (const l of loadLines(loadBench)) console.log(l);
console.log("");

// ---- d. targets ----------------------------------------------------------------------------

const targets = [
  {
    name: `WASM loop >= ${TARGET_RATIO}x the BigInt loop (core algorithm)`,
    value: loopRatio.median, target: TARGET_RATIO, pass: loopRatio.median >= TARGET_RATIO,
    show: fmtRatio(loopRatio.median),
  },
  {
    name: `WASM loop >= ${int(TARGET_BLOCKS_PER_SEC)} blocks/s`,
    value: wasmLoop.median, target: TARGET_BLOCKS_PER_SEC,
    pass: wasmLoop.median >= TARGET_BLOCKS_PER_SEC, show: `${int(wasmLoop.median)} blocks/s`,
  },
  {
    name: "ledger loop, 100 validators: WASM >= 10x the BigInt model",
    value: medianOf(ledgerBench.ratio), target: 10, pass: medianOf(ledgerBench.ratio) >= 10,
    show: `${medianOf(ledgerBench.ratio).toFixed(2)}x`,
  },
  {
    // measured when it ran (the projection beside it), else projected
    name: "ledger loop, 100 validators: one simulated year <= 60 s",
    value: ledgerBench.year?.seconds ?? ledgerBench.yearSecondsProjected, target: 60,
    pass: (ledgerBench.year?.seconds ?? ledgerBench.yearSecondsProjected) <= 60,
    show: ledgerBench.year
      ? `${ledgerBench.year.seconds.toFixed(1)} s (measured; projected ${ledgerBench.yearSecondsProjected.toFixed(0)} s)`
      : `${ledgerBench.yearSecondsProjected.toFixed(0)} s (projected)`,
  },
  {
    name: "claim time at 1M delegations <= 1.5x at 1k",
    value: claimRatio, target: 1.5, pass: claimRatio <= 1.5, show: `${claimRatio.toFixed(2)}x`,
  },
  {
    name: "tier claim time at 1M positions <= 1.5x at 1k",
    value: tiersBench.claimRatio, target: 1.5, pass: tiersBench.claimRatio <= 1.5, show: `${tiersBench.claimRatio.toFixed(2)}x`,
  },
  {
    name: "tier position update (add) at 1M positions <= 1.5x at 1k",
    value: tiersBench.addRatio, target: 1.5, pass: tiersBench.addRatio <= 1.5, show: `${tiersBench.addRatio.toFixed(2)}x`,
  },
  {
    name: "node: signed txs ingested end to end >= 70% of the raw verify rate",
    value: nodeBench.ingestRatio, target: 0.7, pass: nodeBench.ingestRatio >= 0.7,
    show: `${(nodeBench.ingestRatio * 100).toFixed(0)} %`,
  },
  {
    name: "node: GET route >= 0.5x a bare Hono route",
    value: nodeBench.get.ratio, target: 0.5, pass: nodeBench.get.ratio >= 0.5, show: `${nodeBench.get.ratio.toFixed(2)}x`,
  },
  ...loadTargets(loadBench),
];
console.log("d. Targets (median figures)");
for (const t of targets) console.log(`  ${t.pass ? "PASS" : "MISS"}  ${t.name}: ${t.show}`);
console.log(`  (info) vs the plain-tablePower BigInt loop: ${fmtRatio(loopRatioPlain.median)}`);

// ---- results file --------------------------------------------------------------------------

const loadavgEnd = os.loadavg();
const elapsedS = (Date.now() - startedAt.getTime()) / 1000;
console.log("");
console.log(`loadavg at end ${loadavgEnd.map((l) => l.toFixed(2)).join(" ")}; total ${elapsedS.toFixed(1)} s`);

const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
mkdirSync(resultsDir, { recursive: true });
const file = `${resultsDir}${startedAt.toISOString().replace(/[:.]/g, "-")}.json`;
const result = {
  startedAt: startedAt.toISOString(),
  elapsedSeconds: elapsedS,
  machine: { ...machine, loadavgEnd },
  core: { path: "build/core.wasm", bytes: wasmBytes.length, sha256: coreSha256 },
  method: { runs: RUNS, warmups: 1, interleaved: true, yearRuns: YEAR_RUNS, opRunMs: OP_RUN_MS },
  emission: {
    params: DEFAULT_EMISSION_PARAMS,
    start: START,
    wasm: { blocksPerRun: WASM_BLOCKS_PER_RUN, blocksPerSec: wasmLoop },
    bigintCoreAlgorithm: { blocksPerRun: BIGINT_BLOCKS_PER_RUN, lowBits: CORE_LOW_BITS, blocksPerSec: bigintLoop },
    bigintPlainTablePower: { blocksPerRun: BIGINT_BLOCKS_PER_RUN, lowBits: 0, blocksPerSec: bigintPlainLoop },
    ratioWasmOverBigint: loopRatio,
    ratioWasmOverBigintPlain: loopRatioPlain,
  },
  year: { blocks: BLOCKS_PER_YEAR, seconds: year, end: yearEnd },
  dec,
  ledger: ledgerBench,
  tiers: tiersBench,
  node: nodeBench,
  load: loadBench,
  targets: targets.map(({ show: _show, ...t }) => t),
};
writeFileSync(file, `${jsonBig(result)}\n`);
console.log(`results written to ${relative(process.cwd(), file)}`);
