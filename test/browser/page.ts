// Browser entry of the cross-runtime test (bundled by browser.test.ts with esbuild): fetch the
// core's bytes, load them with the host's loader, run the shared workload, and publish the
// outcome on globalThis.__workload for page.evaluate.

import { loadCore } from "../../host/core/core.js";
import { runWorkload, type WorkloadRun } from "./workload.js";

async function main(): Promise<WorkloadRun> {
  const response = await fetch("/core.wasm");
  if (!response.ok) throw new Error(`GET /core.wasm: HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  const core = await loadCore(bytes);
  return { runtime: navigator.userAgent, wasmBytes: bytes.byteLength, result: runWorkload(core) };
}

(globalThis as unknown as { __workload: Promise<WorkloadRun> }).__workload = main();
