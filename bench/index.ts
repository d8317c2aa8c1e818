// Benchmark harness (`npm run bench`): the WASM core against plain TypeScript BigInt.
//
//   a. emission loop, blocks/s: core `advance` vs the BigInt loop (model/emission-bigint.ts)
//   b. one simulated year of blocks in the core, seconds
//   c. Dec mul / quo ops/s: through DecOps (boundary crossing included), through the raw exports
//      on fixed scratch slots, and in the BigInt model (model/dec-bigint.ts)
//   d. the issue's targets, as PASS/MISS lines (reported, never failing the run)
//   e. the ledger's per-block loop with 100 validators against the BigInt model (bench/ledger.ts),
//      after a check of its chain against the model; one simulated year of it run for real, once
//      (BENCH_LEDGER_YEAR=0 skips that); claims with 1k and 1M delegations. f. tiers. g. the node.
//   h. load (bench/load.ts): 50 connections of queries and a trickle of signed txs for 30 s on a
//      real-clock node in its own process: req/s, p50/p99, errors, RSS, block interval drift.
//      `npm run bench -- load` (or `npm run bench:load`) runs this section alone.
//   `npm run bench -- soak [--minutes N]` (bench/soak.ts, never in the full run): the memory soak.
//
// Every figure is the median of several timed runs after a warm-up, with min and max beside it;
// contenders run interleaved, and their ratio is the median of the per-round ratios.
// The report goes to stdout, progress to stderr, and the whole result to bench/results/<time>.json.
// Before any timing the core and the baselines must agree bit for bit, or the run exits 1.

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { runLedgerBench, medianOf } from "./ledger.js";
import { runTiersBench } from "./tiers.js";
import { runNodeBench } from "./node.js";
import { loadLines, loadMain, loadTargets, runLoadBench } from "./load.js";
import { sigMain } from "./sig.js";
import { rpcMain } from "./rpc.js";
import { scenarioMain } from "./scenario.js";
import { networkMain } from "./network.js";
import { scaleMain } from "./scale.js";
import { decodeMain } from "./decode.js";
import { snapshotMain } from "./snapshot.js";
import { soakMain, soakOptions } from "./soak.js";
import os from "node:os";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCore } from "../host/core/core.js";
import { CORE_WASM } from "../host/core/node.js";
import {
  DEFAULT_EMISSION_PARAMS, Emission, type BlockOutcome, type EmissionState,
} from "../host/core/emission.js";
import * as model from "../model/dec-bigint.js";
import { CORE_LOW_BITS, EmissionBigInt } from "../model/emission-bigint.js";

// ---- configuration -------------------------------------------------------------------------

const RUNS = 5; // timed runs per measurement, after one warm-up
const YEAR_RUNS = 3;
const WASM_BLOCKS_PER_RUN = 2_000_000n;
const BIGINT_BLOCKS_PER_RUN = 100_000n;
const CHECK_BLOCKS = 20_000n;
const BLOCKS_PER_YEAR = DEFAULT_EMISSION_PARAMS.blocksPerYear; // 6,311,520
/** Circulating supply the emission runs start from: 9.85e18 base units. */
const START_SUPPLY = 9_850_000_000_000_000_000n;
const START: EmissionState = { height: 0n, totalSupply: START_SUPPLY, burned: 0n };
/** Dec-op runs are sized to last about this long each (ms). */
const OP_RUN_MS = 250;
const OPERAND_PAIRS = 1024; // a power of two: the loops index with `& (OPERAND_PAIRS - 1)`

const TARGET_RATIO = 10;
const TARGET_BLOCKS_PER_SEC = 1_000_000;

// ---- helpers -------------------------------------------------------------------------------

interface Stats {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median, min: s[0], max: s[s.length - 1], samples };
}

const progress = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

/** Node's collector when run with --expose-gc (npm run bench passes it). */
const collect = (globalThis as { gc?: () => void }).gc;

/**
 * Milliseconds taken by fn. Garbage left by earlier runs is collected first, so it is not
 * collected on this run's clock (the BigInt baselines leave a lot); fn still pays for its own.
 */
function timeMs(fn: () => void): number {
  collect?.();
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

interface Bench {
  /** Units of work (blocks, ops) one call of fn does. */
  units: number;
  fn: () => void;
}

/**
 * One warm-up of each bench, then `runs` rounds running every bench once, in an order rotated each
 * round. Interleaving makes the contenders of a round share the machine's load of the moment, so
 * their per-round ratio survives load drifting between rounds. Returns units/s per bench.
 */
function interleaved(benches: Bench[], runs: number): Stats[] {
  for (const b of benches) b.fn();
  const samples: number[][] = benches.map(() => []);
  for (let r = 0; r < runs; r++) {
    for (let j = 0; j < benches.length; j++) {
      const i = (j + r) % benches.length;
      samples[i].push((benches[i].units / timeMs(benches[i].fn)) * 1000);
    }
  }
  return samples.map(stats);
}

/** Median, min and max of the per-round ratios a / b of two interleaved measurements. */
function pairedRatio(a: Stats, b: Stats): Stats {
  return stats(a.samples.map((x, i) => x / b.samples[i]));
}

/**
 * A bench of loop(n) with n sized from a calibration call so a run lasts ~OP_RUN_MS (the raw core
 * and the BigInt model differ by 10x and more).
 */
function opsBench(loop: (n: number) => void): Bench {
  let n = 20_000;
  let ms = timeMs(() => loop(n));
  while (ms < 20) {
    n *= 4;
    ms = timeMs(() => loop(n));
  }
  const units = Math.max(1000, Math.round((n * OP_RUN_MS) / ms));
  return { units, fn: () => loop(units) };
}

const int = (x: number) => Math.round(x).toLocaleString("en-US");
const fmtRatio = (r: number) => `${r.toFixed(2)}x`;
const ratioLine = (label: string, r: Stats) =>
  `  ${label.padEnd(44)} ${fmtRatio(r.median).padStart(13)}        ` +
  `(min ${fmtRatio(r.min)}, max ${fmtRatio(r.max)}; per round)`;
const line = (label: string, s: Stats, unit: string) =>
  `  ${label.padEnd(44)} ${int(s.median).padStart(13)} ${unit}  ` +
  `(min ${int(s.min)}, max ${int(s.max)})`;

const jsonBig = (v: unknown) =>
  JSON.stringify(v, (_, x) => (typeof x === "bigint" ? x.toString() : x), 2);
const sameOutcome = (a: BlockOutcome, b: BlockOutcome) => jsonBig(a) === jsonBig(b);

/** Deterministic xorshift64 on BigInt: fixed operands, identical on every run and machine. */
function xorshift64(seed: bigint): () => bigint {
  const M = (1n << 64n) - 1n;
  let x = seed & M;
  return () => {
    x ^= (x << 13n) & M;
    x ^= x >> 7n;
    x ^= (x << 17n) & M;
    return x;
  };
}

/**
 * A raw Dec of 61 to 90 bits (about 1.15 to 1.2e9 as a value): any two multiply and divide within
 * u128 (a*b/1e18 < 2^121, a*1e18/b < 2^90), so no op in a timed loop fails.
 */
function operand(next: () => bigint): bigint {
  const bits = 61n + (next() % 30n);
  const r = (next() << 64n) | next();
  return (r & ((1n << bits) - 1n)) | (1n << (bits - 1n));
}

// ---- sections ------------------------------------------------------------------------------

// `npm run bench -- load` runs section h (bench/load.ts) alone; without an argument, every section.
const sectionArgs = process.argv.slice(2);
if (sectionArgs.includes("--help") || sectionArgs.includes("-h")) {
  console.log(
    "Usage: npm run bench [-- load|sig|rpc|scenario|network|scale|decode|snapshot|soak [--minutes N]]\n\n" +
      "Without an argument: every section (core arithmetic, emission, ledger and tier loops against their\n" +
      "BigInt baselines, the node, and the load section), medians and ratios, results under bench/results/.\n" +
      "  load   only section h: 50 connections for 30 s against a real-clock node with a trickle of\n" +
      "         signed txs (req/s, p50/p99, errors, RSS over time, block interval drift)\n" +
      "  sig    only the signature section: libsecp256k1 vs @noble verify rate, CosmJS-signed protobuf\n" +
      "         txs ingested through CheckTx and through HTTP, a block commit of 1,000 records\n" +
      "  rpc    only the RPC section: abci_query vs the REST route of the same query (tiers, a balance),\n" +
      "         and 100 WebSocket subscribers' NewBlock delays\n" +
      "  scenario  only the scenario engine: a 5-year, 100-validator scenario with tier cohorts against the\n" +
      "         same chain with an empty scenario, and a 10-point sweep on threads against one thread\n" +
      "  network   only the 4-validator CometBFT network of this node against the single-process node:\n" +
      "         signed-tx throughput and commit-to-commit time at 1 s blocks\n" +
      "  scale     only the mainnet-sized state: genesis documents of 10k, 100k and 1M accounts (100 validators,\n" +
      "         a delegation each, a tier position per 10; BENCH_SCALE_SIZES=10000,100000 for others): import,\n" +
      "         restart, RSS, core memory and bytes per record, empty and 1,000-tx blocks, query p50/p99, SQLite size\n" +
      "  decode    only the tx decoder: proposals nested N = 5 … 1,000 deep against a one-message tx\n" +
      "  snapshot  only dev mode's snapshot and revert on 100,000 accounts (BENCH_ACCOUNTS), against a restart's restore\n" +
      "  soak      only the memory soak (bench/soak.ts; never in the full run): N minutes (--minutes N or BENCH_SOAK_MINUTES,\n" +
      "         default 30) of REST and RPC queries, signed txs, junk txs and WebSocket clients coming and going on a\n" +
      "         real-clock node; RSS, V8 heap, WASM memory sampled: start / max / end, the slope, a verdict (exit 1: grows),\n" +
      "         samples in bench/results/soak-*.csv",
  );
  process.exit(0);
}
if (sectionArgs[0] === "soak") {
  let options;
  try {
    options = soakOptions(sectionArgs, process.env);
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    process.exit(2);
  }
  process.exit(await soakMain(options));
}
for (const a of sectionArgs) {
  const known = ["load", "sig", "rpc", "scenario", "network", "scale", "decode", "snapshot"];
  if (!known.includes(a)) {
    console.error(`error: unknown bench section ${JSON.stringify(a)} (known: ${known.join(", ")})`);
    process.exit(2);
  }
}
if (sectionArgs.includes("load")) process.exit(await loadMain());
if (sectionArgs.includes("sig")) process.exit(await sigMain());
if (sectionArgs.includes("rpc")) process.exit(await rpcMain());
if (sectionArgs.includes("scenario")) process.exit(await scenarioMain());
if (sectionArgs.includes("network")) process.exit(await networkMain());
if (sectionArgs.includes("scale")) process.exit(await scaleMain());
if (sectionArgs.includes("decode")) process.exit(await decodeMain());
if (sectionArgs.includes("snapshot")) process.exit(await snapshotMain());

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
const wasm = new Emission(core);
wasm.configure(DEFAULT_EMISSION_PARAMS);
/** The baseline with the core's exact algorithm (f^r low bits tabled, as the core's fLow). */
const bigint = new EmissionBigInt(CORE_LOW_BITS);
bigint.configure(DEFAULT_EMISSION_PARAMS);
/** The baseline as plain tablePower for every f^r (same results, more products a block). */
const bigintPlain = new EmissionBigInt(0);
bigintPlain.configure(DEFAULT_EMISSION_PARAMS);

// ---- correctness gate: identical final states before any timing ----------------------------

progress("checking the core against the BigInt baselines");
const CAP = DEFAULT_EMISSION_PARAMS.maxSupply;
const checks: { name: string; state: EmissionState; blocks: bigint }[] = [
  { name: `${CHECK_BLOCKS} blocks from height 0`, state: START, blocks: CHECK_BLOCKS },
  {
    name: "across the first month boundary",
    state: { height: BLOCKS_PER_YEAR / 12n - 10_000n, totalSupply: START_SUPPLY, burned: 0n },
    blocks: CHECK_BLOCKS,
  },
  {
    name: "reaching the supply cap",
    state: { height: 0n, totalSupply: CAP - 100_000_000_000n, burned: 5n },
    blocks: 30n,
  },
];
const mismatches: string[] = [];
for (const c of checks) {
  wasm.setState(c.state);
  const w = wasm.advance(c.blocks);
  for (const [label, b] of [["core-algorithm", bigint], ["plain-tablePower", bigintPlain]] as const) {
    b.setState(c.state);
    const got = b.advance(c.blocks);
    if (!sameOutcome(w, got)) {
      mismatches.push(`${c.name} (${label} baseline):\n  wasm   ${jsonBig(w)}\n  bigint ${jsonBig(got)}`);
    }
  }
}

// Dec operands: a fixed pool for the wrapper and the model, 8 fixed scratch slots for the raw loop.
const next = xorshift64(0x9e3779b97f4a7c15n);
const A = Array.from({ length: OPERAND_PAIRS }, () => operand(next));
const B = Array.from({ length: OPERAND_PAIRS }, () => operand(next));
const RAW_SLOTS = 8; // slots 7..14 hold operands, slot 15 is the destination (DecOps uses 0..2)
const rawOperands = A.slice(0, RAW_SLOTS);
for (let i = 0; i < OPERAND_PAIRS; i++) {
  if (core.dec.mul(A[i], B[i]) !== model.mul(A[i], B[i])) mismatches.push(`dec mul #${i}`);
  if (core.dec.quo(A[i], B[i]) !== model.quo(A[i], B[i])) mismatches.push(`dec quo #${i}`);
}
for (const a of rawOperands) {
  for (const b of rawOperands) {
    if (core.dec.mul(a, b) !== model.mul(a, b) || core.dec.quo(a, b) !== model.quo(a, b)) {
      mismatches.push(`raw-slot operands ${a} ${b}`);
    }
  }
}
if (mismatches.length > 0) {
  console.error("ERROR: the core and the BigInt baseline disagree; no timing is meaningful.");
  for (const m of mismatches.slice(0, 10)) console.error(m);
  process.exit(1);
}
console.log(`Correctness: core == BigInt baselines (${checks.length} emission cases, ` +
  `${OPERAND_PAIRS} mul/quo pairs): OK`);
console.log("");

// ---- a. emission loop ----------------------------------------------------------------------

progress(`emission: WASM ${WASM_BLOCKS_PER_RUN} blocks a run, BigInt ${BIGINT_BLOCKS_PER_RUN}, ` +
  `interleaved, 1 + ${RUNS} rounds`);
/** Every run starts from height 0, so r sweeps its realistic range. */
const emissionBench = (e: Emission | EmissionBigInt, blocks: bigint): Bench => ({
  units: Number(blocks),
  fn: () => {
    e.setState(START);
    e.advance(blocks);
  },
});
const [wasmLoop, bigintLoop, bigintPlainLoop] = interleaved([
  emissionBench(wasm, WASM_BLOCKS_PER_RUN),
  emissionBench(bigint, BIGINT_BLOCKS_PER_RUN),
  emissionBench(bigintPlain, BIGINT_BLOCKS_PER_RUN),
], RUNS);
const loopRatio = pairedRatio(wasmLoop, bigintLoop);
const loopRatioPlain = pairedRatio(wasmLoop, bigintPlainLoop);

console.log("a. Emission loop (DEFAULT_EMISSION_PARAMS, supply 9.85e18, from height 0)");
console.log(line(`WASM Emission.advance (${int(Number(WASM_BLOCKS_PER_RUN))} blocks/run)`, wasmLoop, "blocks/s"));
console.log(line(`BigInt, core algorithm (${int(Number(BIGINT_BLOCKS_PER_RUN))} blocks/run)`, bigintLoop, "blocks/s"));
console.log(line(`BigInt, plain tablePower (${int(Number(BIGINT_BLOCKS_PER_RUN))}/run)`, bigintPlainLoop, "blocks/s"));
console.log(ratioLine("ratio WASM / BigInt (core algorithm)", loopRatio));
console.log(ratioLine("ratio WASM / BigInt (plain tablePower)", loopRatioPlain));
console.log("");

// ---- b. one simulated year -----------------------------------------------------------------

progress(`year: ${BLOCKS_PER_YEAR} blocks x ${YEAR_RUNS}`);
const yearSeconds: number[] = [];
let yearEnd: BlockOutcome | undefined;
for (let i = 0; i < YEAR_RUNS; i++) {
  wasm.setState(START);
  yearSeconds.push(timeMs(() => (yearEnd = wasm.advance(BLOCKS_PER_YEAR))) / 1000);
}
const year = stats(yearSeconds);
console.log(`b. One simulated year (${int(Number(BLOCKS_PER_YEAR))} blocks) in WASM`);
console.log(`  seconds                                      ${year.median.toFixed(3).padStart(13)} s` +
  `         (min ${year.min.toFixed(3)}, max ${year.max.toFixed(3)})`);
console.log(`  end of year: height ${yearEnd!.height}, total supply ${yearEnd!.totalSupply}, ` +
  `rate ${core.dec.format(yearEnd!.rate)}`);
console.log("");

// ---- c. Dec ops ----------------------------------------------------------------------------

let sink = 0n; // results flow here so no loop is dead code
const MASK = OPERAND_PAIRS - 1;

function wrapperLoop(op: (a: bigint, b: bigint) => bigint) {
  return (n: number) => {
    let r = 0n;
    for (let i = 0; i < n; i++) r = op(A[i & MASK], B[i & MASK]);
    sink ^= r;
  };
}

type RawBinary = (dst: number, a: number, b: number) => number;
const rawSlots = rawOperands.map((_, i) => core.slot(7 + i));
const rawDst = core.slot(15);
function rawLoop(fn: RawBinary) {
  rawOperands.forEach((v, i) => core.writeU128(rawSlots[i], v));
  return (n: number) => {
    let codes = 0;
    // 64 operand pairs (i & 7, i >> 3 & 7), already in WASM memory: no boundary conversion.
    for (let i = 0; i < n; i++) codes |= fn(rawDst, rawSlots[i & 7], rawSlots[(i >> 3) & 7]);
    if (codes !== 0) throw new Error(`raw op failed with code ${codes}`);
  };
}

interface DecResult {
  opsPerRun: { wrapper: number; raw: number; bigint: number };
  wrapper: Stats;
  raw: Stats;
  bigint: Stats;
  ratioWrapperOverBigint: Stats;
  ratioRawOverBigint: Stats;
}
const dec: Record<string, DecResult> = {};
for (const name of ["mul", "quo"] as const) {
  progress(`dec ${name}: DecOps wrapper, raw export, BigInt model, interleaved, 1 + ${RUNS} rounds`);
  const benches = [
    opsBench(wrapperLoop(core.dec[name])),
    opsBench(rawLoop(name === "mul" ? core.exports.decMul : core.exports.decQuo)),
    opsBench(wrapperLoop(model[name])),
  ];
  const [wrapper, raw, big] = interleaved(benches, RUNS);
  dec[name] = {
    opsPerRun: { wrapper: benches[0].units, raw: benches[1].units, bigint: benches[2].units },
    wrapper, raw, bigint: big,
    ratioWrapperOverBigint: pairedRatio(wrapper, big),
    ratioRawOverBigint: pairedRatio(raw, big),
  };
}
if (sink === -1n) console.log(""); // keep `sink` observable

console.log("c. Dec ops (fixed-seed operands of 61-90 bits)");
for (const [name, r] of Object.entries(dec)) {
  console.log(line(`${name}: core via DecOps (core.dec.${name})`, r.wrapper, "ops/s"));
  console.log(line(`${name}: core raw export (dec${name === "mul" ? "Mul" : "Quo"}, slots)`, r.raw, "ops/s"));
  console.log(line(`${name}: BigInt model (dec-bigint.ts)`, r.bigint, "ops/s"));
  console.log(ratioLine(`${name}: ratio DecOps / BigInt`, r.ratioWrapperOverBigint));
  console.log(ratioLine(`${name}: ratio raw export / BigInt`, r.ratioRawOverBigint));
}
console.log("");

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
