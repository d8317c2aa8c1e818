// The launcher's watch over its network (`npm run testnet`): a node's process that ends, or a node
// whose REST or CometBFT RPC does not answer in time, is reported at once with the last lines of
// its log; while waiting for a height, every node's height is printed now and then and a node
// that stops making blocks fails the wait. Opt-in: startTestnet's onExit feeds it.

import { open } from "node:fs/promises";
import { cometStatus, type NodeExit, type TestnetNode } from "./testnet.js";

/** Lines of a node's log shown with a report. */
export const TAIL_LINES = 15;
const POLL_MS = 250;
const ANSWER_TIMEOUT_MS = 5_000;
/** Read at most this much of a log's end for its tail. */
const TAIL_BYTES = 64 * 1024;

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

  constructor(private readonly o: { startTimeoutMs: number; write: (text: string) => void }) {
    this.firstFailure = new Promise((res) => (this.onFirst = res));
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
    if (this.failed.has(e.node.index)) {
      void this.report(async () => too);
      return;
    }
    const app = e.node.app;
    if (e.process === "cometbft" && app && (app.exitCode !== null || app.signalCode !== null)) {
      // Its app ended first (CometBFT exits when its app does): the app's report leads.
      this.after.set(e.node.index, too);
      return;
    }
    void this.fail(e.node, `its ${proc}${pid} ${what}`, e.log);
    const later = this.after.get(e.node.index);
    if (later !== undefined) void this.report(async () => later);
  };

  /**
   * Wait until node `n`'s REST and CometBFT RPC both answer (true), or report it when they do not
   * within the start timeout (false); false too once it has failed otherwise.
   */
  async ready(n: TestnetNode): Promise<boolean> {
    const deadline = Date.now() + this.o.startTimeoutMs;
    for (;;) {
      if (this.closed || this.failed.has(n.index)) return false;
      const [rest, rpc] = await Promise.all([answers(`${n.rest}/`), answers(`${n.rpc}/status`)]);
      if (rest && rpc) return true;
      if (this.closed || this.failed.has(n.index)) return false;
      if (Date.now() > deadline) {
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

  private fail(n: TestnetNode, what: string, log: string): Promise<void> {
    this.failed.add(n.index);
    return this.report(async () => {
      const tail = await logTail(log);
      const lines = [`${nodeName(n)}: ${what}; ${tail.length === 0 ? `nothing in ${log}` : `last lines of ${log}:`}`, ...tail.map((l) => `  | ${l}`)];
      if (tail.some((l) => /EADDRINUSE|address already in use/.test(l))) {
        lines.push(`  a port of ${nodeName(n)} is taken by another program: choose another --base-port`);
      }
      return lines.join("\n");
    }, true);
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
