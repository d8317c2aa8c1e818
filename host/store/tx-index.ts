// The tx search index (`tx_attrs`: one row per indexed event attribute of a committed tx) written
// after the block, as CometBFT's IndexerService does: a block's own SQLite transaction holds its
// header, txs (with their events' JSON), records and accounts; `meta.tx_index_height` says through
// which height `tx_attrs` is complete. A worker thread with its own connection reads the new txs'
// events back from `txs` and writes their rows (tx-index-worker.ts: plain JavaScript, no loader thread) (synchronous NORMAL: the index is derived, a lost
// tail is rebuilt), a chunk of CHUNK_ROWS per transaction so the block's commit on the main thread
// never waits long for SQLite's one write lock. A search first makes the index complete through
// the last committed block with txs (`complete`: on the main thread if the worker has not got
// there yet), so no answer misses a committed tx; opening a writer completes an index left behind
// (a crash or exit between a block and its rows) before anything is served.

import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import type Database from "better-sqlite3";
import { indexedAttributes } from "./tx-search.js";
import { TX_INDEX_WORKER, type TxIndexWorkerSetup } from "./tx-index-worker.js";

/**
 * `worker`: index on a worker thread (false: in the block's own transaction, as before). Tests
 * set it; STAKING_ENGINE_TX_INDEX=inline turns the worker off for a process.
 */
export const txIndexing = { worker: process.env.STAKING_ENGINE_TX_INDEX !== "inline" };

/** Attribute rows per worker transaction (~3-10 µs each: the main thread's commit waits at most one chunk). */
export const CHUNK_ROWS = 500;

export const TX_INDEX_MARKER = "tx_index_height";

/**
 * The worker's young generation (MiB; V8's default lets it grow to 3 x 16): its allocation is a
 * block's attribute rows at a time, and an idle worker would keep a large new space committed.
 */
export const TX_INDEX_WORKER_YOUNG_MB = 4;
const MARKER = TX_INDEX_MARKER;

/** The height through which tx_attrs is complete (a database from before the marker: every stored tx was indexed in its block's transaction). */
export function initTxIndexMarker(db: Database.Database): void {
  if (db.prepare("SELECT 1 FROM meta WHERE key = ?").get(MARKER) !== undefined) return;
  const top = db.prepare("SELECT COALESCE(MAX(height), 0) FROM txs").pluck().get() as number;
  db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").run(MARKER, `${top}`);
}

export function txIndexMarker(db: Database.Database): number {
  const v = db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(MARKER) as string | undefined;
  return v === undefined ? 0 : Number(v);
}

/** The rows of the txs above the marker through `to`, written in the caller's transaction, and the marker moved to `to`. */
export function indexTxsThrough(db: Database.Database, to: number): void {
  const from = txIndexMarker(db);
  if (from >= to) return;
  const insert = db.prepare("INSERT OR IGNORE INTO tx_attrs (key, value, height, idx) VALUES (?, ?, ?, ?)");
  const rows = db.prepare("SELECT height, idx, events FROM txs WHERE height > ? AND height <= ? ORDER BY height, idx").iterate(from, to) as Iterable<{ height: number; idx: number; events: string }>;
  const found: { height: number; idx: number; events: string }[] = [...rows];
  for (const t of found) for (const a of indexedAttributes(t.events)) insert.run(a.key, a.value, t.height, t.idx);
  db.prepare("UPDATE meta SET value = ? WHERE key = ?").run(`${to}`, MARKER);
}

/**
 * `write` in one transaction begun IMMEDIATE (the write lock taken first: a deferred BEGIN could
 * fail, unretried, on the worker's commit), how long the BEGIN waited for the lock added to
 * `stats`; inside an open transaction (a held migration's), a savepoint of it.
 */
export function writeImmediate(db: Database.Database, write: () => void, stats: { blocks: number; lockWaitMs: number; maxLockWaitMs: number }): void {
  if (db.inTransaction) return db.transaction(write)();
  const t = performance.now();
  db.exec("BEGIN IMMEDIATE");
  const waited = performance.now() - t;
  try {
    write();
    db.exec("COMMIT");
  } catch (e) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw e;
  }
  stats.blocks++;
  stats.lockWaitMs += waited;
  stats.maxLockWaitMs = Math.max(stats.maxLockWaitMs, waited);
}

/** What the worker reports after each block it indexed. */
export interface IndexerReport {
  indexed: number;
  /** Its transactions: how many, and how long it held the write lock in all and at most (ms). */
  chunks: number;
  heldMs: number;
  maxHeldMs: number;
}

/** A writer's tx index: the worker, the heights it has reached, the waits for it. */
export class TxIndexer {
  /** Through which height tx_attrs is complete, as last heard (the database may be ahead). */
  private indexed: number;
  /** The last committed block with txs: a complete index reaches it. */
  private wanted: number;
  private worker: Worker | undefined;
  private failed = false;
  private waiting: { height: number; done: () => void }[] = [];
  /** [0] set: the worker stops at its next chunk; [1] set by it once its connection is closed. */
  private readonly stop = new Int32Array(new SharedArrayBuffer(8));
  /** The worker's lock holding, summed over its reports (bench figures). */
  readonly stats = { chunks: 0, heldMs: 0, maxHeldMs: 0, mainCompletions: 0, restartCompletions: 0, workerClosed: false };

  /** A writer's open: an index left behind the stored txs (a crash or exit before the worker wrote them) is completed now, before anything is served. */
  constructor(private readonly db: Database.Database, private readonly path: string) {
    this.indexed = txIndexMarker(db);
    this.wanted = Math.max(this.indexed, db.prepare("SELECT COALESCE(MAX(height), 0) FROM txs").pluck().get() as number);
    if (this.indexed >= this.wanted) return;
    if (db.inTransaction) indexTxsThrough(db, this.wanted); // a held migration's transaction: committed with it
    else db.transaction(() => indexTxsThrough(db, this.wanted)).immediate();
    this.indexed = this.wanted;
    this.stats.restartCompletions++;
  }

  /** Whether a block's rows go to the worker (else the block's transaction writes them: indexBlockInline). */
  get offThread(): boolean {
    return txIndexing.worker && !this.failed;
  }

  /** A block with txs at `height` is committed: the worker indexes it (or it was, inline: written in the block's transaction by indexTxsThrough). */
  committed(height: number, inline: boolean): void {
    this.wanted = Math.max(this.wanted, height);
    if (inline) {
      this.reached(height);
      return;
    }
    const w = this.start();
    if (w === undefined) this.complete();
    else {
      w.ref();
      w.postMessage({ to: height });
    }
  }

  /** The index complete through the last committed block with txs, written here (one transaction) if the worker is not there yet. */
  complete(): void {
    if (this.indexed >= this.wanted) return;
    const to = this.wanted;
    this.db.transaction(() => indexTxsThrough(this.db, to)).immediate();
    this.stats.mainCompletions++;
    this.reached(to);
  }

  /** Resolves once the index is complete through the last committed block with txs (as of this call). */
  caughtUp(): Promise<void> {
    if (this.indexed >= this.wanted) return Promise.resolve();
    const height = this.wanted;
    return new Promise((done) => this.waiting.push({ height, done }));
  }

  /**
   * The worker's connection closed before this returns (its chunk in progress committed): a
   * database file replaced after (a dev revert) is never touched by it, nor its WAL removed.
   */
  close(): void {
    const w = this.worker;
    if (w !== undefined) {
      Atomics.store(this.stop, 0, 1);
      w.postMessage({ to: 0 });
      Atomics.wait(this.stop, 1, 0, 10_000);
      this.stats.workerClosed = Atomics.load(this.stop, 1) === 1;
      void w.terminate();
    }
    this.worker = undefined;
    for (const w of this.waiting) w.done();
    this.waiting = [];
  }

  private reached(height: number): void {
    if (height <= this.indexed) return;
    this.indexed = height;
    const still: typeof this.waiting = [];
    for (const w of this.waiting) (w.height <= height ? w.done() : still.push(w));
    this.waiting = still;
    if (this.indexed >= this.wanted) this.worker?.unref(); // an idle worker never keeps the process alive
  }

  private start(): Worker | undefined {
    if (this.worker !== undefined || this.failed) return this.worker;
    try {
      // Plain JavaScript (tx-index-worker.ts): no TypeScript loader, and its thread, in the worker.
      const workerData: TxIndexWorkerSetup = { path: this.path, chunkRows: CHUNK_ROWS, stop: this.stop.buffer, sqlite: createRequire(import.meta.url).resolve("better-sqlite3"), marker: MARKER };
      const w = new Worker(TX_INDEX_WORKER, { eval: true, workerData, resourceLimits: { maxYoungGenerationSizeMb: TX_INDEX_WORKER_YOUNG_MB } });
      w.on("message", (r: IndexerReport) => {
        this.stats.chunks += r.chunks;
        this.stats.heldMs += r.heldMs;
        this.stats.maxHeldMs = Math.max(this.stats.maxHeldMs, r.maxHeldMs);
        this.reached(r.indexed);
      });
      w.on("error", (e) => {
        // The rows are written on the main thread from now on (searches complete the index there).
        console.error(`tx index worker: ${(e as Error).message}; indexing on the main thread`);
        this.failed = true;
        this.worker = undefined;
        try {
          this.complete();
        } catch (c) {
          console.error(c);
        }
      });
      this.worker = w;
      return w;
    } catch {
      this.failed = true;
      return undefined;
    }
  }
}
