// Shared by the cli-simulate-*.test.ts suites: an hour in ns, a token in basecro, and a scenario
// document run by `simulate` on a fresh core (host/cli/simulate.ts).

import { loadCore } from "../../host/core/core.js";
import { parseScenario } from "../../host/scenario/scenario.js";
import { scenarioGenesis, simulate, type Simulation } from "../../host/cli/simulate.js";
import { wasm } from "./node.js";

export const HOUR_NS = 3_600_000_000_000n;
export const UNIT = 10n ** 8n;

export async function runScenario(doc: unknown): Promise<Simulation> {
  const core = await loadCore(wasm);
  const { scenario } = await loadScenarioDoc(core, doc);
  const setup = await scenarioGenesis(core, scenario);
  return simulate(core, scenario, setup);
}

export async function loadScenarioDoc(core: Awaited<ReturnType<typeof loadCore>>, doc: unknown) {
  return { scenario: parseScenario(doc as never, core.dec) };
}
