// A scenario's chain: the genesis document it runs on (the default genesis, or the scenario's file
// and override, with its pool, target rate, validators and block time written in), checked against
// what the scenario needs; and the scenario of a command line (a file, or the defaults, then each
// --set), validated.

import type { Core } from "../core/core.js";
import { emissionParams, mergeJson, type Genesis, type Json } from "../app/genesis.js";
import { Emission } from "../core/emission.js";
import { ValidationError } from "../errors.js";
import { Problems, ScenarioErrors, ScenarioUsageError, scenarioProblemsError } from "./scenario-errors.js";
import { displayAmount } from "./numbers.js";
import { UsageError } from "../flags.js";
import { genesisDoc, reserveAddress, validate, withBlocksPerYear, withPool, withTargetRate, withValidators } from "./genesis-input.js";
import { applySet, defaultScenarioJson, parseScenario, readScenarioDoc, type Scenario } from "./scenario.js";

/** A Julian year of 365.25 days in ns: x/mint's blocks_per_year is this over the block time. */
export const YEAR_NS = 31_557_600n * 1_000_000_000n;

export interface ScenarioSetup {
  doc: Json;
  blockTimeNs: bigint;
  genesis: Genesis;
}

/** The genesis document and block time of a scenario. */
export async function scenarioGenesis(core: Core, s: Scenario): Promise<ScenarioSetup> {
  let doc = await genesisDoc(core, s.genesis ?? undefined);
  if (s.genesisOverride !== null) doc = mergeJson(doc, s.genesisOverride);
  let g = validate(core, doc, "genesis_override");
  if (g.nodeState || g.sdk.staking) throw new UsageError("genesis: an exported state (app_state.node_state, or app_state.staking.validators) cannot be simulated; give a new chain's genesis");
  if (s.targetRate !== null) doc = withTargetRate(core, doc, s.targetRate);
  if (s.start?.supply != null) doc = withSupply(core, doc, s.start.supply);
  if (s.poolReserve !== null) {
    try {
      doc = withPool(core, doc, s.poolReserve);
    } catch (e) {
      if (e instanceof UsageError) throw new UsageError(`pool.reserve: ${e.message.replace(/^--pool:\s*/, "")}`);
      throw e;
    }
  }
  if (s.start !== null) doc = withStart(core, doc, s.start);
  if (s.validators !== null) doc = withValidators(core, doc, s.validators);
  let blockTimeNs = s.blockTimeNs;
  if (blockTimeNs !== null) doc = withBlocksPerYear(doc, YEAR_NS / blockTimeNs);
  else {
    blockTimeNs = YEAR_NS / g.mint.params.blocksPerYear;
    if (blockTimeNs === 0n) blockTimeNs = 1n;
  }
  g = validate(core, doc, "genesis with the scenario's overrides");
  checkAgainstGenesis(s, g);
  return { doc, blockTimeNs, genesis: g };
}

type JsonObject = { [key: string]: Json };

/** The total supply made `supply` base units by the reserve's balance (dev key 0), the difference minted or taken at genesis. */
function withSupply(core: Core, doc: Json, supply: bigint): Json {
  const g = validate(core, doc, "genesis");
  const reserve = reserveAddress();
  const denom = g.mint.params.mintDenom;
  const current = g.bank.supply.find((c) => c.denom === denom)?.amount ?? 0n;
  const i = g.balances.findIndex((b) => b.address === reserve);
  if (i < 0) throw new ValidationError(`the genesis has no reserve account (dev key 0, ${reserve}) to make the supply up with`, "start.supply");
  const balance = g.balances[i]!.amount + supply - current;
  if (balance < 0n) throw new ValidationError(`${displayAmount(current - supply, denom)} below the genesis's supply: more than the reserve holds`, "start.supply");
  const copy = structuredClone(doc) as JsonObject;
  const bank = (copy.app_state as JsonObject).bank as JsonObject;
  const list = (bank.balances as Json[]).slice();
  list[i] = { ...(list[i] as JsonObject), coins: balance > 0n ? [{ denom, amount: `${balance}` }] : [] };
  bank.balances = list;
  bank.supply = (bank.supply as JsonObject[]).map((c) => (c.denom === denom ? { ...c, amount: `${supply}` } : c));
  return copy;
}

/**
 * A running chain's start: its time as the genesis time; at its height, the inflation of its next
 * block (the genesis's schedule, computed by the core) as the base rate, decaying on from there.
 */
function withStart(core: Core, doc: Json, start: NonNullable<Scenario["start"]>): Json {
  const copy = structuredClone(doc) as JsonObject;
  if (start.time !== null) copy.genesis_time = start.time;
  if (start.height !== null && start.height > 0n) {
    const g = validate(core, doc, "genesis");
    const emission = new Emission(core);
    emission.configure(emissionParams(g));
    const rate = core.dec.format(emission.rateAt(start.height + 1n));
    const mint = (copy.app_state as JsonObject).mint as JsonObject;
    mint.params = { ...(mint.params as JsonObject), inflation_min: rate, inflation_max: rate };
  }
  return copy;
}

/** What the genesis must have for the scenario: the cohorts' tiers and validators, a signable authority; every problem at once. */
function checkAgainstGenesis(s: Scenario, g: Genesis): void {
  const reserve = reserveAddress();
  if (!g.balances.some((b) => b.address === reserve)) {
    throw new UsageError(`genesis: no reserve account (dev key 0, ${reserve}): the scenario's actor`);
  }
  const P = new Problems();
  const problem = (reason: string, path: string) => P.take(() => { throw new ValidationError(reason, path); }, undefined);
  s.cohorts.forEach((c, i) => {
    const tier = g.tieredrewards.tiers.find((t) => t.id === c.tier);
    if (!tier) problem(`no such tier (the genesis has: ${g.tieredrewards.tiers.map((t) => t.id).join(", ") || "none"})`, `cohorts[${i}].tier`);
    else if (c.amount < tier.minLockAmount) {
      problem(`${displayAmount(c.amount, g.mint.params.mintDenom)} is below tier ${c.tier}'s minimum lock of ${displayAmount(tier.minLockAmount, g.mint.params.mintDenom)}`, `cohorts[${i}].amount`);
    }
    if (c.validator >= g.staking.validators.length) problem(`no validator ${c.validator} (the genesis has ${g.staking.validators.length}, from 0)`, `cohorts[${i}].validator`);
  });
  if (s.governance.length > 0 && g.gov.authority !== reserve) {
    problem(`the genesis's governance authority (${g.gov.authority}) is not dev key 0: the simulation cannot sign governance messages`, "governance");
  }
  s.governance.forEach((c, i) => {
    if (c.kind === "tier_apy" && !g.tieredrewards.tiers.some((t) => t.id === c.tier)) problem("no such tier in the genesis", `governance[${i}].tier`);
  });
  P.done();
}

/** The scenario of a command line: the file (or the defaults), then each --set; validated. */
export async function loadScenario(core: Core, file: string | undefined, sets: string[]): Promise<{ doc: Json; scenario: Scenario }> {
  let doc: Json;
  try {
    doc = file === undefined ? defaultScenarioJson() : await readScenarioDoc(file);
  } catch (e) {
    if (e instanceof ScenarioErrors) throw scenarioProblemsError(file, [], e);
    if (e instanceof ValidationError && e.message.includes("\n")) {
      const [head, ...lines] = e.message.split("\n");
      throw new ScenarioUsageError(`--scenario ${head}`, lines.map((l) => l.trim()));
    }
    if (e instanceof ValidationError) throw new UsageError(`--scenario ${e.message}`);
    throw e;
  }
  for (const s of sets) {
    try {
      doc = applySet(doc, s);
    } catch (e) {
      if (e instanceof ValidationError) throw new UsageError(`--set ${s}: ${e.message}`);
      throw e;
    }
  }
  try {
    return { doc, scenario: parseScenario(doc, core.dec) };
  } catch (e) {
    if (e instanceof ValidationError) throw scenarioProblemsError(file, sets, e);
    throw e;
  }
}

/** The whole scenario document (every default filled in) of a file and --sets: what --print-scenario shows and the cache hashes. */
export function fullScenarioDoc(doc: Json): Json {
  return mergeJson(defaultScenarioJson(), doc);
}
