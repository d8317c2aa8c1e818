// Queries on worker threads (`--query-workers N`): each worker holds a read replica of the node's
// last committed state (app/replica.ts: the database opened read-only, loaded as a restart loads
// it, then each committed block executed again from its stored rows, its state hash checked) and
// answers the query router's REST routes and abci_query paths (query-worker.ts).
//
// Exactness: a query goes to a worker only when the worker said it is at the height the node
// answers at (the node's last block, no block awaiting its Commit, the same state the node holds:
// a dev revert or loadState replaces it, and every worker opens the database again); otherwise
// the node answers it itself, as without workers. A worker handles its messages in order, so a
// query sent before the worker hears of a newer block is answered at the height it was sent at.
// A worker that dies (or cannot follow the node) is replaced; the queries it held are answered by
// the node. Height-pinned queries (x-cosmos-block-height, abci_query's height) are the node's.

import { Worker } from "node:worker_threads";
import type { Application } from "../app/application.js";
import type { AppState, AdmissionOptions } from "../app/state.js";
import { GatewayError, type GrpcCodeValue } from "../wire/gateway-json.js";
import { tsWorker } from "../ts-worker.js";

/** What a worker is started with. */
export interface WorkerSetup {
  dbPath: string;
  options: AdmissionOptions;
  chainSegment: string;
  maxPageLimit?: number;
  generation: number;
}

export type ToWorker =
  | { kind: "height"; height: bigint; generation: number }
  | { kind: "reopen"; generation: number }
  | { kind: "crash" }
  | { kind: "rest"; id: number; route: number; routePath: string; path: Record<string, string>; query: Record<string, string[]> }
  | { kind: "abci"; id: number; path: string; data: Uint8Array };

export type WorkerAnswer = {
  kind: "answer"; id: number; text?: string; value?: Uint8Array; fallback?: true; decode?: string;
  /** The node's own answer (the fallback) threw this: thrown again to the asker, as without workers. Never posted. */
  thrown?: unknown;
  /** What the answer cost the worker, µs. */
  us?: number;
  gateway?: { code: GrpcCodeValue; message: string };
};

/** A query sent to a worker. */
type Query = Extract<ToWorker, { kind: "rest" | "abci" }>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

type FromWorker = WorkerAnswer | { kind: "at"; height: bigint; generation: number } | { kind: "broken"; message: string };

/**
 * A query's answer that costs less than this (µs, its average) is the node's own: the node spends
 * about this much to send a query to a worker and its answer back (docs/performance.md).
 */
export const DEFAULT_OFFLOAD_US = 100;


interface Waiting {
  resolve(answer: WorkerAnswer): void;
  /** The node's own answer, when the worker cannot give one. */
  fallback(): WorkerAnswer;
}

class PoolWorker {
  worker!: Worker;
  height = -1n;
  generation = -1;
  readonly waiting = new Map<number, Waiting>();
  constructor(readonly index: number) {}
}

export interface QueryPoolStats {
  workers: number;
  /** Queries answered by a worker, by the node (no worker at its height), and workers replaced. */
  byWorkers: number;
  byNode: number;
  replaced: number;
}

export class QueryPool {
  private readonly workers: PoolWorker[] = [];
  private generation = 0;
  private state: AppState;
  private nextId = 1;
  /** Each route's (REST: `r<index>`; abci_query: its path) average cost of an answer, µs. */
  private readonly cost = new Map<string, number>();
  private closed = false;
  private readonly stopListening: () => void;
  readonly stats: QueryPoolStats = { workers: 0, byWorkers: 0, byNode: 0, replaced: 0 };

  constructor(
    private readonly app: Application, size: number,
    private readonly setup: Omit<WorkerSetup, "generation">,
    /** `--query-offload-us`: a query goes to a worker once its answers average at least this many µs (0: every query). */
    private readonly minCostUs = DEFAULT_OFFLOAD_US,
    /** Most queries one worker holds before the node answers the next one itself. */
    private readonly maxInFlight = 4,
  ) {
    this.state = app.state;
    this.stats.workers = size;
    for (let i = 0; i < size; i++) this.workers.push(this.spawn(new PoolWorker(i)));
    this.stopListening = app.onCommit(() => this.tell());
  }

  private spawn(w: PoolWorker): PoolWorker {
    const url = new URL("./query-worker.ts", import.meta.url);
    w.height = -1n;
    w.generation = -1;
    w.worker = tsWorker(url, { workerData: { ...this.setup, generation: this.generation } satisfies WorkerSetup });
    w.worker.unref();
    w.worker.on("message", (m: FromWorker) => {
      if (m.kind === "answer") {
        const waiting = w.waiting.get(m.id);
        w.waiting.delete(m.id);
        waiting?.resolve(m.fallback ? waiting.fallback() : m);
      } else if (m.kind === "at") {
        const moved = w.generation !== m.generation || m.height > w.height;
        w.height = m.height;
        w.generation = m.generation;
        // Behind the node (blocks committed while it opened or caught up): told again, once per step it made.
        if (moved && m.generation === this.generation && m.height < this.app.latest.height) this.post(w, { kind: "height", height: this.app.latest.height, generation: this.generation });
      } else if (m.kind === "broken") {
        console.error(`query worker ${w.index}: ${m.message}; replaced`);
      }
    });
    w.worker.on("error", () => {}); // its exit follows: replaced there
    w.worker.on("exit", () => {
      w.height = -1n;
      for (const waiting of w.waiting.values()) waiting.resolve(waiting.fallback());
      w.waiting.clear();
      if (this.closed) return;
      this.stats.replaced++;
      this.spawn(w);
    });
    return w;
  }

  private post(w: PoolWorker, m: ToWorker): void {
    w.worker.postMessage(m);
  }

  /** A new committed block (or a state replaced by a dev revert): every worker is told. */
  private tell(): void {
    if (this.syncState()) return;
    for (const w of this.workers) if (w.height >= 0n) this.post(w, { kind: "height", height: this.app.latest.height, generation: this.generation });
  }

  /** The node's state replaced (dev mode's revert, loadState): a new generation; every worker opens the database again. True when it was. */
  private syncState(): boolean {
    if (this.app.state === this.state) return false;
    this.state = this.app.state;
    this.generation++;
    for (const w of this.workers) {
      w.height = -1n;
      this.post(w, { kind: "reopen", generation: this.generation });
    }
    return true;
  }

  /** A worker at the height the node answers at, the least busy, if any. */
  private ready(): PoolWorker | undefined {
    if (this.workers.length === 0) return undefined;
    this.syncState();
    const app = this.app;
    if (app.halted !== null || app.uncommittedHeight !== undefined) return undefined;
    const height = app.latest.height;
    let best: PoolWorker | undefined;
    for (const w of this.workers) {
      if (w.height !== height || w.generation !== this.generation || w.waiting.size >= this.maxInFlight) continue;
      if (best === undefined || w.waiting.size < best.waiting.size) best = w;
    }
    return best;
  }

  private ask(w: PoolWorker, m: Query, fallback: () => WorkerAnswer): Promise<WorkerAnswer> {
    this.stats.byWorkers++;
    return new Promise((resolve) => {
      w.waiting.set(m.id, { resolve, fallback });
      this.post(w, m);
    });
  }

  /** What the node's own answer of `key` cost (µs): it joins the route's average. */
  private timed<T>(key: string, answer: () => T): T {
    this.stats.byNode++;
    if (this.minCostUs === 0) return answer();
    const t0 = performance.now();
    try {
      return answer();
    } finally {
      this.learn(key, (performance.now() - t0) * 1000);
    }
  }

  private learn(key: string, us: number): void {
    const was = this.cost.get(key);
    this.cost.set(key, was === undefined ? us : was * 0.9 + us * 0.1);
  }

  /**
   * The worker for a query whose answer costs (by its average so far) at least `minCostUs`, at the
   * node's height; undefined: the node answers (a cheap query costs the node less than a message to a worker and back).
   */
  private workerFor(key: string): PoolWorker | undefined {
    if (this.minCostUs > 0 && !((this.cost.get(key) ?? 0) >= this.minCostUs)) return undefined;
    return this.ready();
  }

  /**
   * A REST route's answer text: a worker's (a promise), or the node's own (`answer`, also used if
   * the worker cannot give one). A GatewayError is the handler's refusal, as on the node.
   */
  rest(route: number, routePath: string, path: Record<string, string>, query: Record<string, string[]>, answer: () => string): string | Promise<string> {
    return this.offload(`r${route}`, { kind: "rest", route, routePath, path, query }, answer, "text");
  }

  /** abci_query's router answer (protobuf bytes): a worker's (a promise), or the node's own (`answer`, also the worker's fallback). */
  abci(path: string, data: Uint8Array, answer: () => Uint8Array): Uint8Array | Promise<Uint8Array> {
    return this.offload(path, { kind: "abci", path, data }, answer, "value");
  }

  /**
   * The query `m` of route `key` sent to a worker when its answers cost enough, else (or when the
   * worker cannot answer: `fallback`) the node's `answer`. The worker's answer is its `field`; its
   * refusal a GatewayError as on the node; an error of the node's own answer thrown as it was.
   */
  private offload<K extends "text" | "value">(
    key: string, m: DistributiveOmit<Query, "id">, answer: () => NonNullable<WorkerAnswer[K]>, field: K,
  ): NonNullable<WorkerAnswer[K]> | Promise<NonNullable<WorkerAnswer[K]>> {
    const w = this.workerFor(key);
    if (w === undefined) return this.timed(key, answer);
    const fallback = (): WorkerAnswer => {
      try {
        return { kind: "answer", id: 0, [field]: answer() };
      } catch (e) {
        return { kind: "answer", id: 0, thrown: e };
      }
    };
    return this.ask(w, { ...m, id: this.nextId++ } as Query, fallback).then((a) => {
      if (a.us !== undefined) this.learn(key, a.us);
      if (a.thrown !== undefined) throw a.thrown;
      if (a.gateway) throw new GatewayError(a.gateway.code, a.gateway.message);
      if (a.decode !== undefined) throw new Error(a.decode);
      return a[field]!;
    });
  }

  /** Workers at the node's height now (tests wait for them). */
  readyCount(): number {
    this.syncState();
    const height = this.app.latest.height;
    return this.workers.filter((w) => w.height === height && w.generation === this.generation).length;
  }

  /** Tests: end worker `i` as a crash would. */
  crash(i: number): void {
    this.post(this.workers[i]!, { kind: "crash" });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}
