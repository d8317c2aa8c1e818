// `estimate --scenario FILE`: a position priced on a scenario's projection (`simulate`'s run, kept
// by host/scenario/projection-cache.ts): base rewards at the base APY the chain paid month by month, and
// the bonus the scenario's pool actually pays, not the tier's promise.
//
// The position is small beside the pool (it does not move the runway). Its bonus accrues at the
// tier's bonus APY of the time (a governance change settles at the old APY, as the chain does) and
// is paid on the scenario's claims (claims.every_months: the claim one block after month m's end)
// when the pool then holds all that is due: a claim the pool cannot cover fails and changes
// nothing, so the bonus keeps accruing from the last paid claim (one segment, truncated once). At
// an exit the holder undelegates at the unlock: the pool pays what it holds of the bonus due
// (the pool at the end of the unlock's month: the lowest it is then) and the rest is owed. What
// is neither paid nor owed at the period's end is accrued and unpaid. Each segment's bonus is the
// core's segmentBonus (the chain's truncation).

import type { Core } from "../core/core.js";
import type { Genesis } from "../app/genesis.js";
import { ValidationError } from "../errors.js";
import { UsageError } from "../flags.js";
import { groupThousands } from "./numbers.js";
import { Progress } from "./progress.js";
import { loadScenario, scenarioGenesis } from "./sim-genesis.js";
import { simulate } from "./sim-run.js";
import { projectionKey, readProjection, writeProjection } from "./projection-cache.js";
import type { Simulation } from "./sim-types.js";
import type { Scenario } from "./scenario.js";


export interface Projection {
  sim: Simulation;
  scenario: Scenario;
  genesis: Genesis;
  /** The cache key (sha256) and whether the run came from the cache. */
  key: string;
  cached: boolean;
}

/** A scenario's projection: from the cache when its key is there, else run (progress on stderr) and kept. */
export async function scenarioProjection(core: Core, file: string, opts: { cache: boolean }): Promise<Projection> {
  const { doc, scenario } = await loadScenario(core, file, []);
  let setup: Awaited<ReturnType<typeof scenarioGenesis>>;
  try {
    setup = await scenarioGenesis(core, scenario);
  } catch (e) {
    if (e instanceof ValidationError) throw new UsageError(`--scenario ${file}: ${e.message}`);
    throw e;
  }
  const key = await projectionKey(doc, setup.doc, setup.blockTimeNs);
  if (opts.cache) {
    const hit = await readProjection(key);
    if (hit) return { sim: { ...hit, genesis: setup.genesis }, scenario, genesis: setup.genesis, key, cached: true };
  }
  const progress = new Progress(process.stderr);
  let sim: Simulation;
  try {
    sim = await simulate(core, scenario, setup, (h, of) => progress.update(`simulating the scenario (kept for next time): block ${groupThousands(h)}/${groupThousands(of)} …`));
  } finally {
    progress.done();
  }
  await writeProjection(key, sim).catch((e: Error) => process.stderr.write(`warning: the projection could not be kept (${e.message}); it runs again next time\n`));
  return { sim, scenario, genesis: setup.genesis, key, cached: false };
}

export { scenarioBonus, type ScenarioBonus } from "./scenario-bonus.js";
