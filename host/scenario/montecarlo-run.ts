// The runs of `simulate --runs`, `--compare` and `--sensitivity`: whole scenario documents run on the
// sweep's worker threads (host/scenario/sweep-worker.ts: a fresh core instance per run, the same
// code as `simulate` alone), each returning its summary (the sweep's) and its monthly series.
// Results are placed by run index: the same whatever the thread count.

import { Worker } from "node:worker_threads";
import { availableParallelism } from "node:os";
import { UsageError } from "../flags.js";
import type { Json } from "../app/genesis.js";
import type { RunSummary } from "./sweep.js";
import type { RunSeries } from "./montecarlo-series.js";
import { tsWorker } from "../ts-worker.js";

export interface RunResult {
  summary: RunSummary;
  series: RunSeries;
}

/** Run each document on `threads` workers (default: the machine's parallelism, at most the run count). */
export async function runDocs(
  docs: Json[], labels: string[], threads = availableParallelism(), onDone?: (done: number, of: number) => void,
): Promise<RunResult[]> {
  const results: RunResult[] = new Array(docs.length);
  let next = 0;
  let done = 0;
  const n = Math.max(1, Math.min(threads, docs.length));
  const url = new URL("./sweep-worker.ts", import.meta.url);
  const workers: Worker[] = [];
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const w = tsWorker(url);
      workers.push(w);
      const feed = () => {
        if (next >= docs.length) {
          void w.terminate().then(() => resolve());
          return;
        }
        const i = next++;
        w.postMessage({ i, job: { file: undefined, sets: [], doc: docs[i], series: true } });
      };
      w.on("message", (m: { i: number; result?: RunSummary; series?: RunSeries; error?: string; usage?: boolean }) => {
        if (m.error !== undefined) {
          for (const x of workers) void x.terminate();
          reject(m.usage ? new UsageError(`${labels[m.i]}: ${m.error}`) : new Error(`${labels[m.i]}: ${m.error}`));
          return;
        }
        results[m.i] = { summary: m.result!, series: m.series! };
        onDone?.(++done, docs.length);
        feed();
      });
      w.on("error", reject);
      feed();
    });
  await Promise.all(Array.from({ length: n }, one));
  return results;
}
