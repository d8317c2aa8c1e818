// A sweep's worker thread: runs the points it is sent, one at a time, each on a fresh instance of
// the core (compiled once per thread; a chain cannot be loaded twice into one instance), with the
// same code as `simulate` alone (loadScenario -> scenarioGenesis -> simulate).

import { parentPort } from "node:worker_threads";
import { readFile } from "node:fs/promises";
import { loadCore } from "../core/core.js";
import { CORE_WASM } from "../core/node.js";
import { CoreError } from "../core/errors.js";
import { ValidationError } from "../errors.js";
import { UsageError } from "../flags.js";
import { loadScenario, scenarioGenesis } from "./sim-genesis.js";
import { simulate } from "./sim-run.js";
import { summarize } from "./simulate-output.js";
import { thisRelease } from "../store/release.js";
import type { WorkerJob } from "./sweep.js";
import { parseScenario } from "./scenario.js";
import { runSeries } from "./montecarlo-series.js";

const wasm = await WebAssembly.compile(await readFile(CORE_WASM));
parentPort!.on("message", async (m: { i: number; job: WorkerJob }) => {
  try {
    const core = await loadCore(wasm);
    // A Monte-Carlo or comparison run (host/scenario/montecarlo-run.ts) sends its whole document, and asks for the monthly series too.
    const scenario = m.job.doc !== undefined ? parseScenario(m.job.doc, core.dec) : (await loadScenario(core, m.job.file, m.job.sets)).scenario;
    const sim = await simulate(core, scenario, { ...(await scenarioGenesis(core, scenario)), codeVersion: thisRelease() });
    parentPort!.postMessage({ i: m.i, result: summarize(core, sim, m.job.sets), ...(m.job.series ? { series: runSeries(sim) } : {}) });
  } catch (e) {
    const usage = e instanceof UsageError || e instanceof ValidationError || e instanceof CoreError;
    parentPort!.postMessage({ i: m.i, error: e instanceof Error ? e.message : String(e), usage });
  }
});
