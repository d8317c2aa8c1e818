// The emission engine (emission/emission.ts, its rate by height in emission/rate.ts), driven through
// its records (abi/emission-params.ts, abi/emission-state.ts).

import { OK } from "../errors";
import * as emission from "../emission/emission";
import * as emissionRate from "../emission/rate";
import { lo, hi, put, store128 } from "./operands";

/** The parameters record (abi/emission-params.ts). */
export function emissionParamsPtr(): usize {
  return emission.params;
}
/** The state record (abi/emission-state.ts); read-only for the host. */
export function emissionStatePtr(): usize {
  return emission.state;
}
/** Validate and load the parameters record; computes the per-block factor. */
export function emissionConfigure(): i32 {
  return emission.configure();
}
/** Set height, total supply and burned balances (integers at the pointers); atomic. */
export function emissionSetState(height: u64, supply: usize, burned: usize): i32 {
  return emission.setState(height, supply, burned);
}
export function emissionRateAt(dst: usize, height: u64): i32 {
  return put(dst, emissionRate.rateAt(height));
}
/** x^n into intDst and f^r into fracDst at `height`. */
export function emissionDecayParts(intDst: usize, fracDst: usize, height: u64): i32 {
  return put(fracDst, emissionRate.decayParts(height, intDst));
}
/** Annual provisions (Dec) and block provision (integer) for a rate and a total supply. */
export function emissionProvisions(annualDst: usize, blockDst: usize, rate: usize, supply: usize): i32 {
  const e = put(blockDst, emission.provisions(lo(rate), hi(rate), lo(supply), hi(supply)));
  if (e == OK) store128(annualDst, emission.annualLo, emission.annualHi);
  return e;
}
export function emissionPerBlockFactor(dst: usize): i32 {
  return put(dst, emissionRate.perBlockFactor());
}
/** Run `count` blocks (the state record holds the outcome of the last). */
export function emissionAdvance(count: u64): i32 {
  return emission.advance(count);
}
