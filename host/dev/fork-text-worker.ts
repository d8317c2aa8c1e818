// The worker of dev/fork-text.ts startForkText: the export read and forked as the main thread
// does it (genesis-stream.ts, fork.ts, the same options), its JSON.stringify text written to the
// file the main thread named; then the shared state says done (or failed, the message on the port).

import { readlinkSync } from "node:fs";
import { workerData } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import { readGenesisStream } from "../app/genesis-stream.js";
import { forkGenesis } from "./fork.js";
import { writeJsonFile, type ForkTextJob } from "./fork-text.js";

const { job, path, state, port } = workerData as { job: ForkTextJob; path: string; state: Int32Array; port: MessagePort };

try {
  Atomics.store(state, 1, Number(readlinkSync("/proc/thread-self").split("/").pop())); // the thread's id (fork-text.ts threadGone)
} catch {
  // no /proc: a wait sees only the exit event
}
if (job.vanishAfterMs !== undefined) {
  await new Promise((r) => setTimeout(r, job.vanishAfterMs));
  process.exit(0); // ends this thread only, without a word
}

try {
  const doc = await readGenesisStream(job.file, { memoryLimit: job.memoryLimit });
  const fork = forkGenesis(doc, undefined, { chainId: job.chainId, accounts: job.accounts });
  writeJsonFile(fork.doc, path);
  Atomics.store(state, 0, 1); // DONE (fork-text.ts)
} catch (e) {
  port.postMessage(e instanceof Error ? e.message : String(e));
  Atomics.store(state, 0, 2); // FAILED
}
Atomics.notify(state, 0);
port.close();
