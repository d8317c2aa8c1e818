// Section c of `npm run bench` (index.ts): Dec mul / quo ops/s through DecOps (boundary crossing
// included), through the raw exports on fixed scratch slots, and in the BigInt model
// (model/dec-bigint.ts); and the Dec half of the correctness gate that runs before any timing.

import type { Core } from "../host/core/core.js";
import * as model from "../model/dec-bigint.js";
import { type Stats, interleaved, pairedRatio, opsBench, line, ratioLine } from "./rounds.js";

export const OPERAND_PAIRS = 1024; // a power of two: the loops index with `& (OPERAND_PAIRS - 1)`
const RAW_SLOTS = 8; // slots 7..14 hold operands, slot 15 is the destination (DecOps uses 0..2)

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

/** Dec operands: a fixed pool for the wrapper and the model, 8 fixed scratch slots for the raw loop. */
export interface DecOperands {
  A: bigint[];
  B: bigint[];
  rawOperands: bigint[];
}

export function decOperands(): DecOperands {
  const next = xorshift64(0x9e3779b97f4a7c15n);
  const A = Array.from({ length: OPERAND_PAIRS }, () => operand(next));
  const B = Array.from({ length: OPERAND_PAIRS }, () => operand(next));
  return { A, B, rawOperands: A.slice(0, RAW_SLOTS) };
}

/** The operands on which the core's mul or quo differs from the model's, described. */
export function decMismatches(core: Core, { A, B, rawOperands }: DecOperands): string[] {
  const mismatches: string[] = [];
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
  return mismatches;
}

export interface DecResult {
  opsPerRun: { wrapper: number; raw: number; bigint: number };
  wrapper: Stats;
  raw: Stats;
  bigint: Stats;
  ratioWrapperOverBigint: Stats;
  ratioRawOverBigint: Stats;
}

/** c. mul and quo, each through DecOps, the raw export and the model, interleaved; printed. */
export function runDecBench(
  core: Core, { A, B, rawOperands }: DecOperands, runs: number, progress: (m: string) => void,
): Record<string, DecResult> {
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

  const dec: Record<string, DecResult> = {};
  for (const name of ["mul", "quo"] as const) {
    progress(`dec ${name}: DecOps wrapper, raw export, BigInt model, interleaved, 1 + ${runs} rounds`);
    const benches = [
      opsBench(wrapperLoop(core.dec[name])),
      opsBench(rawLoop(name === "mul" ? core.exports.decMul : core.exports.decQuo)),
      opsBench(wrapperLoop(model[name])),
    ];
    const [wrapper, raw, big] = interleaved(benches, runs);
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
  return dec;
}
