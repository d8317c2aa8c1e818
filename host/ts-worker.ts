// A worker thread running a TypeScript file of this package: tsx's loader registered in the
// thread before it imports the file (the node runs from its sources).

import { Worker, type WorkerOptions } from "node:worker_threads";

/** `new Worker` of the TypeScript file at `url` (e.g. `new URL("./x-worker.ts", import.meta.url)`). */
export function tsWorker(url: URL, options: Omit<WorkerOptions, "eval"> = {}): Worker {
  const boot = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
