// The launcher's watch over its network (`npm run testnet`): a node's process that ends, or a node
// whose REST or CometBFT RPC does not answer in time, is reported at once with the last lines of
// its log; while waiting for a height, every node's height is printed now and then and a node
// that stops making blocks fails the wait. Opt-in: startTestnet's onExit feeds it. With a restart
// policy (--restart), a node whose process ends is reported the same way, then brought back (both
// its processes ended, then its app and its CometBFT started again, which replays what it lacks)
// up to `limit` times within a window, and supervised again; past that it fails as without.

import type { ChildProcess } from "node:child_process";
import { open } from "node:fs/promises";
import { cometStatus, type NodeExit, type Testnet, type TestnetNode } from "./testnet.js";

/** Lines of a node's log shown with a report. */
export const TAIL_LINES = 15;
const POLL_MS = 250;
const ANSWER_TIMEOUT_MS = 5_000;
/** Read at most this much of a log's end for its tail. */
const TAIL_BYTES = 64 * 1024;
/** How long a restart waits for a node's other process to end on its own (CometBFT does when its app dies) before ending it. */
const SIBLING_GRACE_MS = 2_000;

/** `--restart`: at most `limit` restarts of a node within `windowMs`. */
export interface RestartPolicy {
  limit: number;
  windowMs: number;
}
/** What a restart needs of the network. */
export type Restarter = Pick<Testnet, "start" | "stopNode">;

/** 600000 → "10m", 90000 → "90s", 500 → "500ms". */
export function formatDuration(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000}m` : ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

const running = (c: ChildProcess | undefined): c is ChildProcess =>
  c !== undefined && c.pid !== undefined && c.exitCode === null && c.signalCode === null;

/** Resolves once `c` has ended (at once if it is not running), or after `ms`. */
const endOf = (c: ChildProcess | undefined, ms: number) => new Promise<void>((res) => {
  if (!running(c)) return res();
  const t = setTimeout(res, ms);
  c.once("exit", () => {
    clearTimeout(t);
    res();
  });
});

/** "validator 1" or "full node 4". */
export function nodeName(n: TestnetNode): string {
  return `${n.operator === "" ? "full node" : "validator"} ${n.index}`;
}

/** The last `lines` non-empty lines of a log file ([] when it cannot be read). */
export async function logTail(file: string, lines = TAIL_LINES): Promise<string[]> {
  try {
    const f = await open(file, "r");
    try {
      const { size } = await f.stat();
      const start = Math.max(0, size - TAIL_BYTES);
      const buf = Buffer.alloc(size - start);
      await f.read(buf, 0, buf.length, start);
      const all = buf.toString("utf8").split(/\r?\n/).filter((l) => l.trim() !== "");
      // A cut first line is dropped unless it is all there is.
      return (start > 0 && all.length > 1 ? all.slice(1) : all).slice(-lines);
    } finally {
      await f.close();
    }
  } catch {
    return [];
  }
}

/** Whether `url` answers HTTP at all (any status) within the timeout. */
async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Supervisor {
  /** Nodes reported failed (dead or not answering). */
  readonly failed = new Set<number>();
  /** Resolves at the first failure. */
  readonly firstFailure: Promise<void>;
  private onFirst!: () => void;
  private closed = false;
  // Reports are written in the order their causes arrived (a tail is read before its report).
  private written: Promise<void> = Promise.resolve();
  // A CometBFT's exit seen before its app's, by node: told after the app's report.
  private readonly after = new Map<number, string>();
  // --restart: the network (attach), each node's restart times, the nodes being brought back, and
  // each node's restarts so far (a readiness wait starts its timeout again after one).
  private net: Promise<Restarter>;
  private setNet!: (net: Restarter) => void;
  private readonly restarts = new Map<number, number[]>();
  private readonly recovering = new Set<number>();
  private readonly epochs = new Map<number, number>();
  private readonly polling = new Set<number>();

  constructor(private readonly o: { startTimeoutMs: number; write: (text: string) => void; restart?: RestartPolicy }) {
    this.firstFailure = new Promise((res) => (this.onFirst = res));
    this.net = new Promise((res) => (this.setNet = res));
  }

  /** The network whose nodes a restart policy brings back (startTestnet's result). */
  attach(net: Restarter): void {
    this.setNet(net);
  }

  /** startTestnet's onExit: report the process, once per node in full. */
  readonly onExit = (e: NodeExit): void => {
    if (this.closed) return;
    const what = e.error !== undefined
      ? `could not start: ${e.error}`
      : e.signal !== null ? `was killed by ${e.signal}` : `exited with code ${e.code}`;
    const proc = e.process === "app" ? "app" : "CometBFT";
    const pid = e.pid === undefined ? "" : ` (pid ${e.pid})`;
    const too = `${nodeName(e.node)}: its ${proc}${pid} ${what} too`;
    const i = e.node.index;
    // A process a restart has replaced (its exit reported after the new one started) is no new failure.
    const current = e.process === "app" ? e.node.app : e.node.comet;
    if (current !== undefined && current.pid !== e.pid) {
      void this.report(async () => `${too} (before its restart)`);
      return;
    }
    if (this.failed.has(i) || this.recovering.has(i)) {
      void this.report(async () => too);
      return;
    }
    const app = e.node.app;
    if (e.process === "cometbft" && app && (app.exitCode !== null || app.signalCode !== null)) {
      // Its app ended first (CometBFT exits when its app does): the app's report leads.
      this.after.set(i, too);
      return;
    }
    const cause = `its ${proc}${pid} ${what}`;
    if (this.o.restart) void this.recover(e.node, e.process, cause, e.log, this.o.restart);
    else void this.fail(e.node, cause, e.log);
    const later = this.after.get(i);
    this.after.delete(i);
    if (later !== undefined) void this.report(async () => later);
  };

  /**
   * Report node `n`'s dead process with its log's tail, then, within the policy, end its other
   * process (CometBFT ends on its own when its app dies), start its app and CometBFT again, and
   * watch it answer; past the policy, fail it.
   */
  private async recover(n: TestnetNode, proc: NodeExit["process"], cause: string, log: string, policy: RestartPolicy): Promise<void> {
    const i = n.index;
    const now = Date.now();
    const recent = (this.restarts.get(i) ?? []).filter((t) => now - t < policy.windowMs);
    if (recent.length >= policy.limit) {
      const spent = `  not restarted: ${recent.length} restart${recent.length === 1 ? "" : "s"} within ${formatDuration(policy.windowMs)} already (--restart-limit ${policy.limit})`;
      await this.fail(n, cause, log, [spent]);
      return;
    }
    this.recovering.add(i);
    void this.report(async () => (await this.describe(n, cause, log)).join("\n"));
    const net = await this.net;
    await endOf(proc === "app" ? n.comet : n.app, SIBLING_GRACE_MS);
    await net.stopNode(i);
    if (this.closed) return;
    recent.push(Date.now());
    this.restarts.set(i, recent);
    net.start(i);
    this.epochs.set(i, (this.epochs.get(i) ?? 0) + 1);
    this.recovering.delete(i);
    void this.report(async () => `${nodeName(n)}: restarted (${recent.length} of ${policy.limit}); pids: app ${n.app?.pid}, cometbft ${n.comet?.pid}`);
    if (!this.polling.has(i)) void this.ready(n);
  }

  /**
   * Wait until node `n`'s REST and CometBFT RPC both answer (true), or report it when they do not
   * within the start timeout (false); false too once it has failed otherwise.
   */
  async ready(n: TestnetNode): Promise<boolean> {
    const i = n.index;
    this.polling.add(i);
    try {
      return await this.answering(n);
    } finally {
      this.polling.delete(i);
    }
  }

  private async answering(n: TestnetNode): Promise<boolean> {
    const i = n.index;
    let epoch = this.epochs.get(i) ?? 0;
    let deadline = Date.now() + this.o.startTimeoutMs;
    for (;;) {
      if (this.closed || this.failed.has(i)) return false;
      if (this.recovering.has(i)) {
        await sleep(POLL_MS);
        continue;
      }
      const [rest, rpc] = await Promise.all([answers(`${n.rest}/`), answers(`${n.rpc}/status`)]);
      if (rest && rpc && !this.recovering.has(i)) return true;
      if (this.closed || this.failed.has(i)) return false;
      if ((this.epochs.get(i) ?? 0) !== epoch) {
        // Restarted meanwhile: its start timeout starts again.
        epoch = this.epochs.get(i) ?? 0;
        deadline = Date.now() + this.o.startTimeoutMs;
      } else if (Date.now() > deadline && !this.recovering.has(i)) {
        const which = rest ? `its CometBFT RPC ${n.rpc}` : `its REST ${n.rest}`;
        const pid = rest ? n.comet?.pid : n.app?.pid;
        await this.fail(n, `${which} did not answer within ${this.o.startTimeoutMs / 1000}s (pid ${pid ?? "?"} still running)`, rest ? n.cometLog : n.appLog);
        return false;
      }
      await sleep(POLL_MS);
    }
  }

  /** Stop reporting (the network is being stopped on purpose) and end the polls. */
  close(): void {
    this.closed = true;
  }

  private fail(n: TestnetNode, what: string, log: string, more: string[] = []): Promise<void> {
    this.failed.add(n.index);
    return this.report(async () => [...(await this.describe(n, what, log)), ...more].join("\n"), true);
  }

  /** What happened to node `n`, with the last lines of `log`. */
  private async describe(n: TestnetNode, what: string, log: string): Promise<string[]> {
    const tail = await logTail(log);
    const lines = [`${nodeName(n)}: ${what}; ${tail.length === 0 ? `nothing in ${log}` : `last lines of ${log}:`}`, ...tail.map((l) => `  | ${l}`)];
    if (tail.some((l) => /EADDRINUSE|address already in use/.test(l))) {
      lines.push(`  a port of ${nodeName(n)} is taken by another program: choose another --base-port`);
    }
    return lines;
  }

  /** Write a report once the earlier ones are written; `failure`: the first one ends an unsupervised wait. */
  private report(text: () => Promise<string>, failure = false): Promise<void> {
    this.written = this.written.then(async () => {
      const t = await text();
      if (this.closed) return;
      this.o.write(t + "\n");
      if (failure) this.onFirst();
    });
    return this.written;
  }
}

export type HeightWait =
  | { reached: true }
  | { reached: false; stalled: TestnetNode[]; heights: string };

/** `heights: 12 12 11 12`: each node's CometBFT height in node order, `-` where none answers. */
export function heightsLine(heights: (bigint | undefined)[]): string {
  return `heights: ${heights.map((h) => (h === undefined ? "-" : h.toString())).join(" ")}`;
}

/**
 * Wait until every node not `skip`ped has made block `height` + 1 (its header holds block
 * `height`'s app hash), printing the heights every `printEveryMs`; a node that has not grown for
 * `stallMs` ends the wait unreached, with the heights.
 */
export async function waitForHeight(nodes: TestnetNode[], height: bigint, o: {
  stallMs: number; printEveryMs: number; print: (line: string) => void; skip: (n: TestnetNode) => boolean; signal: AbortSignal;
}): Promise<HeightWait> {
  const target = height + 1n;
  const last = nodes.map(() => ({ height: -1n, since: Date.now() }));
  let printed = 0;
  while (!o.signal.aborted) {
    const heights = await Promise.all(nodes.map(async (n) => (await cometStatus(n.rpc))?.height));
    const now = Date.now();
    const line = heightsLine(heights);
    if (now - printed >= o.printEveryMs) {
      o.print(line);
      printed = now;
    }
    const live = nodes.filter((n) => !o.skip(n));
    if (live.every((n) => (heights[n.index] ?? -1n) >= target)) return { reached: true };
    const stalled: TestnetNode[] = [];
    for (const n of live) {
      const h = heights[n.index];
      const seen = last[n.index]!;
      if (h !== undefined && h > seen.height) {
        seen.height = h;
        seen.since = now;
      } else if (seen.height < target && now - seen.since > o.stallMs) stalled.push(n);
    }
    if (stalled.length > 0) return { reached: false, stalled, heights: line };
    await sleep(POLL_MS);
  }
  return { reached: false, stalled: [], heights: "" };
}
