// Sections a and b of `npm run bench` (index.ts): the core's emission loop (`advance`) against the
// BigInt loop of model/emission-bigint.ts, and one simulated year of blocks in the core; and the
// emission half of the correctness gate that runs before any timing.

import type { Core } from "../host/core/core.js";
import {
  DEFAULT_EMISSION_PARAMS, Emission, type BlockOutcome, type EmissionState,
} from "../host/core/emission.js";
import { CORE_LOW_BITS, EmissionBigInt } from "../model/emission-bigint.js";
import { type Bench, type Stats, interleaved, pairedRatio, stats, timeMs, int, line, ratioLine, jsonBig } from "./rounds.js";

export const YEAR_RUNS = 3;
export const WASM_BLOCKS_PER_RUN = 2_000_000n;
export const BIGINT_BLOCKS_PER_RUN = 100_000n;
const CHECK_BLOCKS = 20_000n;
export const BLOCKS_PER_YEAR = DEFAULT_EMISSION_PARAMS.blocksPerYear; // 6,311,520
/** Circulating supply the emission runs start from: 9.85e18 base units. */
const START_SUPPLY = 9_850_000_000_000_000_000n;
export const START: EmissionState = { height: 0n, totalSupply: START_SUPPLY, burned: 0n };

const sameOutcome = (a: BlockOutcome, b: BlockOutcome) => jsonBig(a) === jsonBig(b);

/** The core's loop and its two BigInt baselines, configured with DEFAULT_EMISSION_PARAMS. */
export interface EmissionContenders {
  wasm: Emission;
  /** The baseline with the core's exact algorithm (f^r low bits tabled, as the core's fLow). */
  bigint: EmissionBigInt;
  /** The baseline as plain tablePower for every f^r (same results, more products a block). */
  bigintPlain: EmissionBigInt;
}

export function emissionContenders(core: Core): EmissionContenders {
  const wasm = new Emission(core);
  wasm.configure(DEFAULT_EMISSION_PARAMS);
  const bigint = new EmissionBigInt(CORE_LOW_BITS);
  bigint.configure(DEFAULT_EMISSION_PARAMS);
  const bigintPlain = new EmissionBigInt(0);
  bigintPlain.configure(DEFAULT_EMISSION_PARAMS);
  return { wasm, bigint, bigintPlain };
}

const CAP = DEFAULT_EMISSION_PARAMS.maxSupply;
/** The cases the core and both baselines must end identically. */
export const EMISSION_CHECKS: { name: string; state: EmissionState; blocks: bigint }[] = [
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

/** The cases where a baseline's final state differs from the core's, described. */
export function emissionMismatches({ wasm, bigint, bigintPlain }: EmissionContenders): string[] {
  const mismatches: string[] = [];
  for (const c of EMISSION_CHECKS) {
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
  return mismatches;
}

export interface EmissionLoop {
  wasmLoop: Stats;
  bigintLoop: Stats;
  bigintPlainLoop: Stats;
  loopRatio: Stats;
  loopRatioPlain: Stats;
}

/** a. The emission loop, blocks/s, interleaved; printed. */
export function runEmissionLoop(
  { wasm, bigint, bigintPlain }: EmissionContenders, runs: number, progress: (m: string) => void,
): EmissionLoop {
  progress(`emission: WASM ${WASM_BLOCKS_PER_RUN} blocks a run, BigInt ${BIGINT_BLOCKS_PER_RUN}, ` +
    `interleaved, 1 + ${runs} rounds`);
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
  ], runs);
  const loopRatio = pairedRatio(wasmLoop, bigintLoop);
  const loopRatioPlain = pairedRatio(wasmLoop, bigintPlainLoop);

  console.log("a. Emission loop (DEFAULT_EMISSION_PARAMS, supply 9.85e18, from height 0)");
  console.log(line(`WASM Emission.advance (${int(Number(WASM_BLOCKS_PER_RUN))} blocks/run)`, wasmLoop, "blocks/s"));
  console.log(line(`BigInt, core algorithm (${int(Number(BIGINT_BLOCKS_PER_RUN))} blocks/run)`, bigintLoop, "blocks/s"));
  console.log(line(`BigInt, plain tablePower (${int(Number(BIGINT_BLOCKS_PER_RUN))}/run)`, bigintPlainLoop, "blocks/s"));
  console.log(ratioLine("ratio WASM / BigInt (core algorithm)", loopRatio));
  console.log(ratioLine("ratio WASM / BigInt (plain tablePower)", loopRatioPlain));
  console.log("");
  return { wasmLoop, bigintLoop, bigintPlainLoop, loopRatio, loopRatioPlain };
}

/** b. One simulated year of blocks in the core, YEAR_RUNS times; printed. */
export function runEmissionYear(core: Core, { wasm }: EmissionContenders, progress: (m: string) => void) {
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
  return { year, yearEnd };
}
