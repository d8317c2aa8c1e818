// What the bench sections share: the median (mean of the middle two for an even count), a
// percentile, the machine's load average as printed beside every figure, and a progress line.

import os from "node:os";

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** The p-th percentile (nearest rank); NaN for no samples. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** The 1, 5 and 15-minute load averages. */
export const loadAverage = (): string => os.loadavg().map((l) => l.toFixed(2)).join(" ");

/** A progress line on stderr, tagged with the section. */
export const progressOf = (section: string) => (m: string) => process.stderr.write(`[bench ${section}] ${m}\n`);
