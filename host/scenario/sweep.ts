// `simulate --sweep KEY=FROM:TO:STEP` / `--sweep KEY=V1,V2,...`: the grid of scenario overrides
// (every combination of the sweeps, each a --set on top of the scenario) run in parallel on worker
// threads, one core instance each (host/scenario/sweep-worker.ts). Runs are independent and exact: a
// point's result is the one `simulate` gives alone with the same --set (same rows, same state hash).

import { availableParallelism } from "node:os";
import type { Core } from "../core/core.js";
import { UsageError } from "../flags.js";
import type { Provenance } from "./provenance.js";
import type { Json } from "../app/genesis.js";
import { tsWorker } from "../ts-worker.js";

const E18 = 10n ** 18n;
const MAX_POINTS = 10_000;

/** One sweep's assignments: `key=value` for each value. Ranges are inclusive, in exact decimals. */
export function sweepValues(core: Core, spec: string): string[] {
  const eq = spec.indexOf("=");
  if (eq <= 0) throw new UsageError(`--sweep ${JSON.stringify(spec)}: expected KEY=FROM:TO:STEP or KEY=V1,V2,...`);
  const key = spec.slice(0, eq);
  const text = spec.slice(eq + 1);
  let values: string[];
  if (/^[^,]*:[^,]*:[^,]*$/.test(text)) {
    const parse = (t: string, what: string) => {
      if (!/^[0-9]+(\.[0-9]+)?$/.test(t)) throw new UsageError(`--sweep ${spec}: ${what} ${JSON.stringify(t)} is not a non-negative decimal`);
      return core.dec.parse(t);
    };
    const [a, b, step] = text.split(":") as [string, string, string];
    const from = parse(a, "FROM");
    const to = parse(b, "TO");
    const by = parse(step, "STEP");
    if (by === 0n) throw new UsageError(`--sweep ${spec}: STEP must be positive`);
    if (to < from) throw new UsageError(`--sweep ${spec}: TO is below FROM`);
    if ((to - from) / by + 1n > BigInt(MAX_POINTS)) throw new UsageError(`--sweep ${spec}: more than ${MAX_POINTS} values`);
    values = [];
    for (let v = from; v <= to; v += by) values.push(decText(v));
  } else {
    values = text.split(",");
    if (values.some((v) => v === "")) throw new UsageError(`--sweep ${spec}: an empty value`);
  }
  return values.map((v) => `${key}=${v}`);
}

/** A raw Dec as the shortest decimal text: 400000000000000000n -> "0.4", 2 x 10^18 -> "2". */
function decText(raw: bigint): string {
  const int = raw / E18;
  const frac = (raw % E18).toString().padStart(18, "0").replace(/0+$/, "");
  return frac === "" ? `${int}` : `${int}.${frac}`;
}

/** Every combination of the sweeps' assignments, the first sweep varying slowest. */
export function grid(sweeps: string[][]): string[][] {
  let out: string[][] = [[]];
  for (const s of sweeps) out = out.flatMap((p) => s.map((v) => [...p, v]));
  if (out.length > MAX_POINTS) throw new UsageError(`--sweep: ${out.length} runs, at most ${MAX_POINTS}`);
  return out;
}

/** What the sweep reports of one run (exact strings). */
export interface RunSummary {
  sets: string[];
  pool_dry_height: string | null;
  pool_dry_time: string | null;
  /** Days from the genesis time to the dry block's time, exact decimal text (null: it lasted the horizon). */
  pool_dry_days: string | null;
  /** The month the pool ran dry in (null: it lasted the horizon). */
  pool_dry_month: number | null;
  /** The horizon in months. */
  months: number;
  supply_at_horizon: string;
  pool_at_horizon: string;
  /** Means of the monthly APYs (Dec strings, truncated), by tier name ("tier3"); paid over the months it was measured (null: none). */
  mean_base_apy: string;
  mean_tier_paid_apys: Record<string, string | null>;
  mean_tier_nominal_apys: Record<string, string | null>;
  failed_txs: number;
  /** The run's warnings in one text (a bonded ratio clamped to its floor), null: none. */
  warnings: string | null;
  /** What paying fees in lumps cost the pool (base units) and in days of top-ups (null: no top-up measured). */
  fee_lumping_pool_effect: string;
  fee_lumping_days: string | null;
  /** The height of the run's first failed tx (by block height; null: none failed). */
  first_failure_height: string | null;
  /** That failure: what the tx meant and the chain's log (null: none failed). */
  first_failure: string | null;
  app_hash: string;
  provenance: Provenance;
}

export interface WorkerJob {
  file: string | undefined;
  sets: string[];
  /** A whole scenario document to run instead of the file and sets (host/scenario/montecarlo-run.ts). */
  doc?: Json;
  /** Also send the run's monthly series (host/scenario/montecarlo-series.ts). */
  series?: boolean;
}

/** Run the points on `threads` workers (default: the machine's parallelism, at most the point count). */
export async function runSweep(
  jobs: WorkerJob[], threads = availableParallelism(), onDone?: (done: number, of: number) => void,
): Promise<RunSummary[]> {
  const results: RunSummary[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  const n = Math.max(1, Math.min(threads, jobs.length));
  const url = new URL("./sweep-worker.ts", import.meta.url);
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const w = tsWorker(url);
      const feed = () => {
        if (next >= jobs.length) {
          void w.terminate().then(() => resolve());
          return;
        }
        const i = next++;
        w.postMessage({ i, job: jobs[i] });
      };
      w.on("message", (m: { i: number; result?: RunSummary; error?: string; usage?: boolean }) => {
        if (m.error !== undefined) {
          void w.terminate();
          reject(m.usage ? new UsageError(`--sweep run ${jobs[m.i]!.sets.join(" ")}: ${m.error}`) : new Error(m.error));
          return;
        }
        results[m.i] = m.result!;
        onDone?.(++done, jobs.length);
        feed();
      });
      w.on("error", reject);
      feed();
    });
  await Promise.all(Array.from({ length: n }, one));
  return results;
}
