// A fixed, deterministic workload for the core, run both in Node and in a browser (page.ts) so the
// two result objects can be compared. Browser-safe: no Node API, only the host's loader types.
// Every value comes back as a string (bigints through toString), so the object crosses
// page.evaluate unchanged.

import type { Core } from "../../host/core/core.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";

export type WorkloadResult = Record<string, string>;

/** One run of the workload: where it ran, how many wasm bytes were loaded, and its results. */
export interface WorkloadRun {
  runtime: string;
  wasmBytes: number;
  result: WorkloadResult;
}

/** Initial total supply of the emission run (98.5 B CRO in base units). */
export const WORKLOAD_SUPPLY = 9_850_000_000_000_000_000n;
export const WORKLOAD_BLOCKS = 100_000n;

// [label, a, b] for the binary Dec operations.
const BINARY: [string, string, string][] = [
  ["sq", "123456789.123456789", "123456789.123456789"],
  ["third", "1", "3"],
  ["rate", "0.999999866", "2.5"],
  ["big", "98500000000", "7"],
  ["tiny", "0.000000000000000001", "0.5"],
];

// [label, a, n] for power and approxRoot.
const POWER: [string, string, bigint][] = [
  ["f12", "0.999999866106815002", 12n],
  ["f525960", "0.999999866106815002", 525_960n],
  ["two64", "2", 64n],
  ["decay1e6", "0.932", 1_000_000n],
];
const ROOT: [string, string, bigint][] = [
  ["perBlock", "0.932", 525_960n],
  ["perBlock2", "0.932", 438_000n],
  ["sqrt2", "2", 2n],
  ["monthly", "0.068", 12n],
];

// Parse/format round trips, including inputs the reference rejects (their messages are results).
const TEXTS = ["0", "1.5", "00001.5000", "0.000000000000000001", "340282366920938463463.374607431768211455", "-0", "1.", "1e5", "0.1234567890123456789", ""];

function attempt(f: () => string): string {
  try {
    return f();
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

export function runWorkload(core: Core): WorkloadResult {
  const d = core.dec;
  const out: WorkloadResult = {};

  for (const [label, a, b] of BINARY) {
    const x = d.parse(a);
    const y = d.parse(b);
    out[`mul.${label}`] = attempt(() => d.format(d.mul(x, y)));
    out[`mulTruncate.${label}`] = attempt(() => d.format(d.mulTruncate(x, y)));
    out[`mulRoundUp.${label}`] = attempt(() => d.format(d.mulRoundUp(x, y)));
    out[`quo.${label}`] = attempt(() => d.format(d.quo(x, y)));
    out[`quoTruncate.${label}`] = attempt(() => d.format(d.quoTruncate(x, y)));
    out[`quoRoundUp.${label}`] = attempt(() => d.format(d.quoRoundUp(x, y)));
  }
  out["quo.byZero"] = attempt(() => d.format(d.quo(d.parse("1"), 0n)));
  out["sub.negative"] = attempt(() => d.format(d.sub(d.parse("1"), d.parse("2"))));

  for (const [label, a, n] of POWER) {
    out[`power.${label}`] = attempt(() => d.format(d.power(d.parse(a), n)));
  }
  for (const [label, a, n] of ROOT) {
    out[`approxRoot.${label}`] = attempt(() => d.format(d.approxRoot(d.parse(a), n)));
    out[`approxRoot.${label}.iterations`] = String(d.rootIterations());
  }

  TEXTS.forEach((t, i) => {
    out[`parse.${i}`] = attempt(() => d.format(d.parse(t)));
  });
  out["formatInt.max"] = d.formatInt((1n << 128n) - 1n);
  out["roundInt64.2.5"] = attempt(() => d.roundInt64(d.parse("2.5")).toString());

  const emission = new Emission(core);
  emission.configure(DEFAULT_EMISSION_PARAMS);
  out["emission.perBlockFactor"] = d.format(emission.perBlockFactor());
  emission.setState({ height: 0n, totalSupply: WORKLOAD_SUPPLY, burned: 0n });
  const first = emission.advance(1n);
  out["emission.first.blockProvision"] = first.blockProvision.toString();
  const last = emission.advance(WORKLOAD_BLOCKS - 1n);
  for (const [k, v] of Object.entries(last)) out[`emission.last.${k}`] = v.toString();
  out["emission.rateAt.10000000"] = d.format(emission.rateAt(10_000_000n));
  return out;
}
