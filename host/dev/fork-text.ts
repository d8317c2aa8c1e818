// The text of a streamed fork (`--fork FILE`): what the node stores as its genesis and serves at
// `/genesis`, JSON.stringify's text of the forked document written a list element at a time to a
// temporary file (removed at exit). `startForkText` writes it on a worker thread beside the import:
// the worker reads the export and forks it as the main thread does (the same code: fork.ts, the same
// options), then writes the text; the main thread, which reads, forks, parses and places the
// document meanwhile, waits for the file only when the genesis block's write reads it
// (genesis-stream.ts genesisFileWaits). docs/performance.md, "A faster reader, and --fork streamed".

import { closeSync, existsSync, openSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MessageChannel, receiveMessageOnPort } from "node:worker_threads";
import { GENESIS_FILE, genesisFileWaits } from "../app/genesis-stream.js";
import { SpooledList, isObject, type Json } from "../framework/genesis-json.js";
import { LazyArray, jsonChunks, type StreamJson } from "../framework/json-stream.js";
import { tsWorker } from "../ts-worker.js";

/** The text files of streamed forks, removed when the process exits. */
const forkTexts = new Set<string>();
let removeAtExit = false;

/** A new temporary file's path for a fork's text, removed at exit. */
function forkTextPath(): string {
  const path = join(tmpdir(), `fork-genesis-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  forkTexts.add(path);
  if (!removeAtExit) {
    removeAtExit = true;
    process.once("exit", () => {
      for (const f of forkTexts) {
        try {
          unlinkSync(f);
        } catch {
          // gone already
        }
      }
    });
  }
  return path;
}

/** `doc`'s JSON.stringify text written to `path` a list element at a time, never one string. */
export function writeJsonFile(doc: Json, path: string): void {
  const fd = openSync(path, "w", 0o600);
  try {
    for (const chunk of jsonChunks(streamView(doc), {}, 1 << 20)) {
      const bytes = Buffer.from(chunk, "utf8");
      for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * A streamed fork's document given the file of its text (GENESIS_FILE, as a streamed document
 * names the file it was read from), written here in the thread. The parse before the database
 * opens is then kept for it (app/genesis.ts parseGenesis).
 */
export function writeForkText(doc: Json): void {
  const path = forkTextPath();
  writeJsonFile(doc, path);
  Object.defineProperty(doc, GENESIS_FILE, { value: path, enumerable: false });
}

/** What the worker forks: the export's file and forkGenesis's options, as the main thread forks it. */
export interface ForkTextJob {
  file: string;
  memoryLimit?: number;
  chainId?: string;
  accounts: readonly string[];
  /** Tests only: the worker ends after this many ms without a word (as one terminated or out of memory does). */
  vanishAfterMs?: number;
}

/** A fork's text being written on a worker: `name` gives it to the forked document; `cancel` if the fork fails. */
export interface ForkText {
  /** The document names the text's file (GENESIS_FILE); the genesis block's write waits for it. */
  name(doc: Json): void;
  /** The worker stopped (the main thread's fork failed: its error is the one reported). */
  cancel(): void;
  /** Blocks until the worker is done; throws its error. */
  wait(): void;
}

/**
 * The shared state: [0] 0 while the worker writes, 1 done, FAILED (its message on the port); [1] the
 * worker's OS thread id (Linux), so a wait that blocks the main thread (and its `exit` event) still
 * sees a worker that ended without a word: its /proc/self/task entry is gone.
 */
const FAILED = 2;
const TID = 1;

/** Whether the worker's thread is known to have ended (its tid given and no longer a task of this process). */
function threadGone(state: Int32Array): boolean {
  const tid = Atomics.load(state, TID);
  return tid > 0 && !existsSync(`/proc/self/task/${tid}`);
}

/** The worker started on `job`: it writes the fork's text while the caller forks and imports the same export. */
export function startForkText(job: ForkTextJob): ForkText {
  const path = forkTextPath();
  const state = new Int32Array(new SharedArrayBuffer(8));
  const { port1, port2 } = new MessageChannel();
  const url = new URL("./fork-text-worker.ts", import.meta.url);
  const worker = tsWorker(url, { workerData: { job, path, state, port: port2 }, transferList: [port2] });
  worker.unref();
  // A worker that ends without saying (terminated, out of memory) is failed: the wait below must not block for ever.
  let ended: string | undefined; // why it failed when the worker could not say (port1 only receives the worker's messages)
  worker.on("exit", () => {
    if (Atomics.compareExchange(state, 0, 0, FAILED) === 0) {
      ended = "the fork's text worker exited without finishing";
      Atomics.notify(state, 0);
    }
  });
  let failure: Error | undefined;
  let done = false;
  const wait = () => {
    if (done) {
      if (failure) throw failure;
      return;
    }
    while (Atomics.load(state, 0) === 0) {
      Atomics.wait(state, 0, 0, 1000);
      if (Atomics.load(state, 0) === 0 && threadGone(state) && Atomics.compareExchange(state, 0, 0, FAILED) === 0) ended = "the fork's text worker ended without finishing";
    }
    done = true;
    genesisFileWaits.delete(path);
    if (Atomics.load(state, 0) === FAILED) {
      const m = receiveMessageOnPort(port1)?.message ?? ended;
      failure = new Error(`--fork ${job.file}: writing the fork's genesis text: ${typeof m === "string" ? m : "failed"}`);
    }
    port1.close();
    if (failure) throw failure;
  };
  return {
    name(doc) {
      Object.defineProperty(doc, GENESIS_FILE, { value: path, enumerable: false });
      genesisFileWaits.set(path, wait);
    },
    cancel() {
      genesisFileWaits.delete(path);
      port1.close();
      void worker.terminate();
    },
    wait,
  };
}

/** The document for the JSON writer: each SpooledList a LazyArray (read as it is written). */
function streamView(v: Json): StreamJson {
  if ((v as unknown) instanceof SpooledList) return new LazyArray(() => v as unknown as SpooledList);
  if (!isObject(v)) return v;
  const out: { [key: string]: StreamJson } = {};
  for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: streamView(v[k]!), writable: true, enumerable: true, configurable: true });
  return out;
}
