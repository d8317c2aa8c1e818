// The account of a CometBFT network's time for `npm run bench -- network`: around the throughput
// window, every node's CometBFT Prometheus metrics (consensus step durations, ABCI method timings
// as CometBFT sees them), the app's own time per ABCI method (host/drivers/abci-profile.ts) and
// every process's CPU time (/proc/PID/stat), read before and after; the differences are printed as
// where a block's wall time and the machine's CPU time went.

import { readFileSync } from "node:fs";
import { processCpuMs } from "./proc.js";
import type { TestnetNode } from "../host/cometbft/testnet.js";
import { profileDelta, type AbciProfile } from "../host/drivers/abci-profile.js";

type Metrics = Map<string, number>;

/** Prometheus text: `name{labels} value` lines → map (histograms' _sum and _count included). */
function parseMetrics(text: string): Metrics {
  const m: Metrics = new Map();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    const v = Number(line.slice(at + 1));
    if (Number.isFinite(v)) m.set(line.slice(0, at), v);
  }
  return m;
}

async function scrape(url: string | undefined): Promise<Metrics> {
  if (url === undefined) return new Map();
  try {
    return parseMetrics(await (await fetch(url, { signal: AbortSignal.timeout(5_000) })).text());
  } catch {
    return new Map();
  }
}

function readProfile(file: string | undefined): AbciProfile | undefined {
  if (file === undefined) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as AbciProfile;
  } catch {
    return undefined;
  }
}

/** A process's user + system CPU time, seconds (0 once it has gone). */
export function cpuSeconds(pid: number | undefined): number {
  const ms = processCpuMs(pid);
  return Number.isNaN(ms) ? 0 : ms / 1000;
}

export interface Snapshot {
  wallMs: number;
  metrics: Metrics[];
  profiles: (AbciProfile | undefined)[];
  appCpu: number[];
  cometCpu: number[];
  selfCpu: number;
}

export async function snapshot(nodes: TestnetNode[]): Promise<Snapshot> {
  const u = process.cpuUsage();
  return {
    wallMs: performance.now(),
    metrics: await Promise.all(nodes.map((n) => scrape(n.metrics))),
    profiles: nodes.map((n) => readProfile(n.abciProfile)),
    appCpu: nodes.map((n) => cpuSeconds(n.app?.pid)),
    cometCpu: nodes.map((n) => cpuSeconds(n.comet?.pid)),
    selfCpu: (u.user + u.system) / 1e6,
  };
}

const sumBy = (m: Metrics, re: RegExp): Map<string, number> => {
  const out = new Map<string, number>();
  for (const [k, v] of m) {
    const x = re.exec(k);
    if (x) out.set(x[1]!, (out.get(x[1]!) ?? 0) + v);
  }
  return out;
};
const delta = (a: Map<string, number>, b: Map<string, number>) => new Map([...a].map(([k, v]) => [k, v - (b.get(k) ?? 0)]));
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

/** The account, as lines: where node 0's blocks' wall time went, and where the machine's CPU went. */
export function account(before: Snapshot, after: Snapshot, n: number): string[] {
  const wallS = (after.wallMs - before.wallMs) / 1000;
  const heightOf = (m: Metrics | undefined) => m?.get(`cometbft_consensus_height{chain_id="chainmain-local"}`) ??
    [...(m ?? new Map())].find(([k]) => k.startsWith("cometbft_consensus_height"))?.[1] ?? 0;
  const blocks = heightOf(after.metrics[0]) - heightOf(before.metrics[0]);
  const out: string[] = [];
  if (blocks <= 0) return [`  (no blocks in the window of ${wallS.toFixed(1)} s: no account)`];
  out.push(`  the ${n}-validator network's time, over ${blocks} blocks in ${wallS.toFixed(1)} s (${(wallS * 1000 / blocks).toFixed(0)} ms a block):`);
  // Consensus steps on node 0: the time spent in each step (the step a node is in until the next one starts).
  const stepRe = /^cometbft_consensus_step_duration_seconds_sum\{.*step="([^"]+)".*\}$/;
  const steps = delta(sumBy(after.metrics[0] ?? new Map(), stepRe), sumBy(before.metrics[0] ?? new Map(), stepRe));
  out.push(`    node 0's consensus steps per block: ${[...steps].filter(([, v]) => v > 0).map(([k, v]) => `${k} ${ms(v * 1000 / blocks)}`).join(", ")}`);
  // ABCI methods as CometBFT times them (request to response, including the socket), per block, node 0.
  const abciRe = /^cometbft_abci_connection_method_timing_seconds_sum\{.*method="([^"]+)".*type="([^"]+)".*\}$/;
  const abciKey = (m: Metrics) => {
    const o = new Map<string, number>();
    for (const [k, v] of m) {
      const x = abciRe.exec(k);
      if (x) o.set(`${x[1]}/${x[2]}`, (o.get(`${x[1]}/${x[2]}`) ?? 0) + v);
    }
    return o;
  };
  const abci = delta(abciKey(after.metrics[0] ?? new Map()), abciKey(before.metrics[0] ?? new Map()));
  out.push(`    node 0's ABCI calls as CometBFT waits on them, per block: ${[...abci].filter(([, v]) => v > 0.0001).map(([k, v]) => `${k} ${ms(v * 1000 / blocks)}`).join(", ")}`);
  // The apps' own time per method (answering, not waiting in the socket), summed over the nodes.
  const totals = new Map<string, { calls: number; ms: number }>();
  let blockTxs = 0;
  after.profiles.forEach((p, i) => {
    if (!p) return;
    const d = profileDelta(p, before.profiles[i]);
    if (i === 0) blockTxs = d.blockTxs;
    for (const [k, t] of Object.entries(d.methods)) {
      const c = totals.get(k) ?? { calls: 0, ms: 0 };
      c.calls += t.calls;
      c.ms += t.totalMs;
      totals.set(k, c);
    }
  });
  const appBusy = [...totals.values()].reduce((t, c) => t + c.ms, 0);
  out.push(`    the ${n} apps answering ABCI (all nodes, per block): ${[...totals].filter(([, c]) => c.ms >= 0.05 * blocks)
    .sort((a, b) => b[1].ms - a[1].ms).map(([k, c]) => `${k} ${ms(c.ms / blocks)} (${(c.calls / blocks).toFixed(1)} calls)`).join(", ")}; ${ms(appBusy / blocks)} in all, ` +
    `${blockTxs} txs in node 0's blocks`);
  const sum = (xs: number[]) => xs.reduce((t, x) => t + x, 0);
  const appCpu = sum(after.appCpu) - sum(before.appCpu);
  const cometCpu = sum(after.cometCpu) - sum(before.cometCpu);
  const selfCpu = after.selfCpu - before.selfCpu;
  out.push(`    CPU per block (2 cores = ${ms(2 * wallS * 1000 / blocks)} of CPU a block): apps ${ms(appCpu * 1000 / blocks)} ` +
    `(ABCI answers ${ms(appBusy / blocks)} of it), CometBFTs ${ms(cometCpu * 1000 / blocks)}, the bench's client ${ms(selfCpu * 1000 / blocks)}`);
  return out;
}

/** A window's CPU per committed tx, ms, summed over the nodes: the apps, the CometBFTs, the bench's own client. */
export interface CpuParts { app: number; comet: number; client: number }

export function cpuParts(before: Snapshot, after: Snapshot, committed: number): CpuParts {
  const sum = (xs: number[]) => xs.reduce((t, x) => t + x, 0);
  const per = (seconds: number) => (seconds * 1000) / Math.max(1, committed);
  return {
    app: per(sum(after.appCpu) - sum(before.appCpu)),
    comet: per(sum(after.cometCpu) - sum(before.cometCpu)),
    client: per(after.selfCpu - before.selfCpu),
  };
}

/**
 * The most a network can do on `cores` cores with its measured CPU per tx: every core busy with
 * the apps, the CometBFTs and the client, no waits (tx/s), and that as a share of the single node's
 * measured rate. Every validator checks, executes and commits every tx, so a network's apps cost about
 * N times the single node's CPU a tx, and its CometBFTs and the client come on top: the share is
 * cores x a / (N a + N c + k) at best when the single node is bound by its one busy thread (a ms a tx),
 * which is below cores / N whatever a is, and rises with a.
 */
export function cpuCeiling(parts: CpuParts, cores: number, singleRate: number): { txPerSec: number; ofSingle: number } {
  const total = parts.app + parts.comet + parts.client;
  const txPerSec = total > 0 ? (cores * 1000) / total : Infinity;
  return { txPerSec, ofSingle: singleRate > 0 ? txPerSec / singleRate : Infinity };
}
