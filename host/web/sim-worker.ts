// The scenario engine (`npm run simulate`, host/cli/simulate.ts) in a Web Worker: the same
// NodeChain in memory, block by block on the same core.wasm, so a page gets the CLI's exact
// figures and state hash. Built by host/web/build.ts for the browser (Node built-ins the chain's
// modules import but a simulation never calls are stubbed there: host/web/shims/).
//
// Messages in: {id, wasm: URL | bytes | WebAssembly.Module, scenario: JSON (the scenario file's
// fields; absent ones default), chart?: boolean, table?: boolean, codeVersion?: string (the run's provenance)}. Out: {id, type: "progress", height, of} while it
// runs, then {id, type: "done", simulation, svg?, table?} (bigints as they are: structured clone keeps
// them) or {id, type: "error", message}.

import { loadCore } from "../core/core.js";
import { defaultScenarioJson, parseScenario } from "../scenario/scenario.js";
import { scenarioGenesis } from "../scenario/sim-genesis.js";
import { simulate } from "../scenario/sim-run.js";
import { simulationChart } from "../scenario/chart.js";
import { simulationTable } from "../scenario/simulate-output.js";
import { mergeJson, type Json } from "../app/genesis.js";

interface Request {
  id: number;
  wasm: string | URL | BufferSource | WebAssembly.Module;
  scenario: Json;
  chart?: boolean;
  /** Also post the monthly rows as a table of exact strings (host/scenario/table.ts: `simulate --csv`'s). */
  table?: boolean;
  /** The code version the run's provenance names (the page knows its release); absent: "unknown (web worker)". */
  codeVersion?: string;
}

const post = (m: unknown) => (self as unknown as { postMessage(m: unknown): void }).postMessage(m);

self.addEventListener("message", (e: MessageEvent<Request>) => {
  const { id, wasm, scenario, chart, table, codeVersion } = e.data;
  (async () => {
    const source = typeof wasm === "string" || wasm instanceof URL ? await (await fetch(wasm)).arrayBuffer() : wasm;
    const core = await loadCore(source);
    const s = parseScenario(mergeJson(defaultScenarioJson(), scenario), core.dec);
    const setup = { ...(await scenarioGenesis(core, s)), codeVersion: codeVersion ?? "unknown (web worker)" };
    let last = 0;
    const simulation = await simulate(core, s, setup, (height, of) => {
      const now = Date.now();
      if (now - last < 100 && height < of) return;
      last = now;
      post({ id, type: "progress", height, of });
    });
    post({
      id, type: "done", simulation, ...(chart ? { svg: simulationChart(simulation, "Scenario") } : {}), ...(table ? { table: simulationTable(core, simulation) } : {}),
    });
  })().catch((err: Error) => post({ id, type: "error", message: err.message }));
});
