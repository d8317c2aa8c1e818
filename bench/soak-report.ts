// The memory soak's figures (bench/soak.ts): its options and samples, the slope of RSS over the last
// half of the load through the peaks of its windows (GC makes RSS a sawtooth; a leak raises its
// peaks), the verdict, and the report's lines.

import { relative } from "node:path";
import type { Tally } from "./soak-traffic.js";

export interface SoakOptions {
  minutes: number;
  sampleSeconds: number;
  idleSeconds: number;
  restConnections: number;
  rpcConnections: number;
  txPerSec: number;
  /** WebSocket clients connecting and leaving at any time. */
  wsClients: number;
  positions: number;
  /** Extra flags for the node's `node` (e.g. --heapsnapshot-signal=SIGUSR2), from BENCH_SOAK_NODE_ARGS. */
  nodeArgs: string[];
  /** BENCH_SOAK_GC=1 (diagnosis): the node runs with --expose-gc and each sample's heap is measured after a full GC. */
  gcEachSample: boolean;
}

/** The slope over the last half under which RSS counts as flat, MiB per minute (30 MiB an hour). */
export const FLAT_MIB_PER_MIN = 0.5;

/** One sample: sizes in MiB, counts as counts. */
export interface SoakSample {
  t: number; phase: "start" | "load" | "idle"; rss: number; heapUsed: number; heapTotal: number; external: number;
  arrayBuffers: number; wasm: number; sqliteCache: number; mempool: number; commitListeners: number; wsClients: number;
  height: string; load1: number; wsConnects: number; txsAccepted: number;
}

export interface SoakResult {
  options: SoakOptions;
  samples: SoakSample[];
  requests: { rest: number; rpc: number; non2xx: number; errors: number };
  tally: Omit<Tally, "hashes">;
  committed: number;
  /** The V8 flags the node's process set on itself (GET /dev/memory). */
  v8Flags: string[];
  csv: string;
}

/** Least-squares slope of y over x. */
export function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return Number.NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? Number.NaN : num / den;
}

/** Start / max / end of a column, the end under load and after the idle. */
function spread(samples: SoakSample[], key: keyof SoakSample): string {
  // A sample the node did not answer (NaN) is left out.
  const of = (phase?: SoakSample["phase"]) =>
    samples.filter((s) => (phase ? s.phase === phase : s.phase !== "start")).map((s) => s[key] as number).filter((x) => !Number.isNaN(x));
  const xs = of();
  const load = of("load");
  const idle = of("idle");
  const f = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? "-" : x.toFixed(1));
  return `${f(xs[0])} / ${f(Math.max(...xs))} / ${f(load[load.length - 1])} / ${f(idle[idle.length - 1])}`;
}

/**
 * The trend over the last half of the load: the slope of RSS through each of ~10 windows' highest
 * sample (the envelope), and of every sample, and of the V8 heap used.
 */
export function soakVerdict(r: Pick<SoakResult, "options" | "samples">): { rssSlope: number; rawSlope: number; heapSlope: number; flat: boolean } {
  const load = r.samples.filter((s) => s.phase === "load" && !Number.isNaN(s.rss));
  const end = load[load.length - 1]!.t;
  const half = load.filter((s) => s.t >= end / 2);
  const window = Math.max(r.options.sampleSeconds, end / 2 / 10);
  const peaks = new Map<number, SoakSample>();
  for (const s of half) {
    const w = Math.floor((s.t - end / 2) / window);
    if (!peaks.has(w) || peaks.get(w)!.rss < s.rss) peaks.set(w, s);
  }
  const top = [...peaks.values()];
  const rssSlope = slope(top.map((s) => s.t / 60), top.map((s) => s.rss));
  const rawSlope = slope(half.map((s) => s.t / 60), half.map((s) => s.rss));
  const heap = half.filter((s) => !Number.isNaN(s.heapUsed));
  const heapSlope = slope(heap.map((s) => s.t / 60), heap.map((s) => s.heapUsed));
  return { rssSlope, rawSlope, heapSlope, flat: rssSlope <= FLAT_MIB_PER_MIN };
}

export function soakLines(r: SoakResult): string[] {
  const o = r.options;
  const v = soakVerdict(r);
  const s = r.samples;
  const t = r.tally;
  const last = s[s.length - 1]!;
  return [
    `i. Soak: ${o.minutes} min of mixed load on a real-clock node in its own process (--block-time 1s, --dev): ${o.restConnections} REST and`,
    `   ${o.rpcConnections} RPC connections, ${o.txPerSec} signed tx/s (REST amino, REST protobuf, RPC broadcast_tx_sync), junk txs, ${o.wsClients} WebSocket clients churning`,
    ...(o.gcEachSample ? ["  (BENCH_SOAK_GC=1: heap figures after a full GC at each sample; RSS is lowered by it)"] : []),
    `  node's V8 flags set on itself                    ${r.v8Flags.length ? r.v8Flags.join(" ") : "none"}`,
    `  node RSS before setup                            ${s[0]!.rss.toFixed(1)} MiB`,
    `  MiB, load start / max / load end / after ${o.idleSeconds} s idle:`,
    `    RSS                                            ${spread(s, "rss")}`,
    `    V8 heap used                                   ${spread(s, "heapUsed")}`,
    `    V8 heap total                                  ${spread(s, "heapTotal")}`,
    `    external (array buffers)                       ${spread(s, "external")} (${spread(s, "arrayBuffers")})`,
    `    WASM core memory                               ${spread(s, "wasm")}`,
    `    SQLite page cache bound                        ${spread(s, "sqliteCache")}`,
    `  RSS slope over the last half of the load         ${v.rssSlope.toFixed(2)} MiB/min through the peaks of 10 windows ` +
      `(every sample: ${v.rawSlope.toFixed(2)}; V8 heap used: ${v.heapSlope.toFixed(2)})`,
    `  verdict                                          ${v.flat ? "FLAT" : "GROWS"} (flat: <= ${FLAT_MIB_PER_MIN} MiB/min)${o.minutes < 10 ? "; a short run: indicative only" : ""}`,
    `  requests REST / RPC                              ${r.requests.rest.toLocaleString("en-US")} / ${r.requests.rpc.toLocaleString("en-US")}; non-2xx ${r.requests.non2xx}, errors ${r.requests.errors}`,
    `  signed txs sent / accepted / committed           ${t.txSent} / ${t.txAccepted} / ${r.committed}${t.firstTxProblem ? `; first problem: ${t.firstTxProblem}` : ""}`,
    `  junk txs sent / refused                          ${t.junkSent} / ${t.junkAnswered}`,
    `  WebSocket connects / events / failures           ${t.wsConnects} / ${t.wsEvents} / ${t.wsFailures}`,
    `  at the end: commit listeners / WebSocket clients ${last.commitListeners} / ${last.wsClients}`,
    `  load average (1 min) at load start / end         ${s[1]?.load1.toFixed(2)} / ${last.load1.toFixed(2)}`,
    `  samples                                          ${relative(process.cwd(), r.csv)}`,
  ];
}
