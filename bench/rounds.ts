// How the core sections of `npm run bench` (index.ts, emission.ts, dec.ts) time and report: every
// figure is the median of several timed runs after a warm-up, with min and max beside it;
// contenders run interleaved, and their ratio is the median of the per-round ratios.

/** Dec-op runs are sized to last about this long each (ms). */
export const OP_RUN_MS = 250;

export interface Stats {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median, min: s[0], max: s[s.length - 1], samples };
}

/** Node's collector when run with --expose-gc (npm run bench passes it). */
export const collect = (globalThis as { gc?: () => void }).gc;

/**
 * Milliseconds taken by fn. Garbage left by earlier runs is collected first, so it is not
 * collected on this run's clock (the BigInt baselines leave a lot); fn still pays for its own.
 */
export function timeMs(fn: () => void): number {
  collect?.();
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

export interface Bench {
  /** Units of work (blocks, ops) one call of fn does. */
  units: number;
  fn: () => void;
}

/**
 * One warm-up of each bench, then `runs` rounds running every bench once, in an order rotated each
 * round. Interleaving makes the contenders of a round share the machine's load of the moment, so
 * their per-round ratio survives load drifting between rounds. Returns units/s per bench.
 */
export function interleaved(benches: Bench[], runs: number): Stats[] {
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
export function pairedRatio(a: Stats, b: Stats): Stats {
  return stats(a.samples.map((x, i) => x / b.samples[i]));
}

/**
 * A bench of loop(n) with n sized from a calibration call so a run lasts ~OP_RUN_MS (the raw core
 * and the BigInt model differ by 10x and more).
 */
export function opsBench(loop: (n: number) => void): Bench {
  let n = 20_000;
  let ms = timeMs(() => loop(n));
  while (ms < 20) {
    n *= 4;
    ms = timeMs(() => loop(n));
  }
  const units = Math.max(1000, Math.round((n * OP_RUN_MS) / ms));
  return { units, fn: () => loop(units) };
}

export const int = (x: number) => Math.round(x).toLocaleString("en-US");
export const fmtRatio = (r: number) => `${r.toFixed(2)}x`;
export const ratioLine = (label: string, r: Stats) =>
  `  ${label.padEnd(44)} ${fmtRatio(r.median).padStart(13)}        ` +
  `(min ${fmtRatio(r.min)}, max ${fmtRatio(r.max)}; per round)`;
export const line = (label: string, s: Stats, unit: string) =>
  `  ${label.padEnd(44)} ${int(s.median).padStart(13)} ${unit}  ` +
  `(min ${int(s.min)}, max ${int(s.max)})`;

export const jsonBig = (v: unknown) =>
  JSON.stringify(v, (_, x) => (typeof x === "bigint" ? x.toString() : x), 2);
