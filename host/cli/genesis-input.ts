// The genesis of the CLI's what-if commands (project, estimate): the embedded default, or a file
// laid over it (--genesis), with the flag overrides written into the document so that the chain
// loads them exactly as a node would. Every problem is a UsageError naming the flag or the file.

import type { Core } from "../core/core.js";
import { ValidationError } from "../errors.js";
import {
  REWARDS_POOL_ADDRESS, defaultGenesisJson, devAddress, parseGenesis, readGenesisDoc, type Genesis, type Json,
} from "../genesis.js";
import { UsageError } from "./common.js";

type JsonObject = { [key: string]: Json };

/** The genesis document: the default, or `file` laid over it (validated). */
export async function genesisDoc(core: Core, file: string | undefined): Promise<Json> {
  if (file === undefined) return defaultGenesisJson();
  if (file.trim() === "") throw new UsageError("--genesis: empty file name");
  let doc: Json;
  try {
    doc = await readGenesisDoc(file);
  } catch (e) {
    if (e instanceof ValidationError) throw new UsageError(`--genesis ${e.message}`);
    throw e;
  }
  validate(core, doc, `--genesis ${file}`);
  return doc;
}

/** Parse and validate `doc`; a failure is a UsageError prefixed with `source`. */
export function validate(core: Core, doc: Json, source: string): Genesis {
  try {
    return parseGenesis(doc, core.dec);
  } catch (e) {
    if (e instanceof ValidationError) throw new UsageError(`${source}: ${e.message}`);
    throw e;
  }
}

function appState(doc: Json): JsonObject {
  return (doc as JsonObject).app_state as JsonObject;
}

/** governance's TargetBaseRewardsRate (raw Dec) into the document. */
export function withTargetRate(core: Core, doc: Json, rate: bigint): Json {
  const copy = structuredClone(doc) as JsonObject;
  const tr = appState(copy).tieredrewards as JsonObject;
  tr.params = { ...(tr.params as JsonObject), target_base_rewards_rate: core.dec.format(rate) };
  return copy;
}

/** The reserve the rewards pool is funded from: dev key 0's account (the default genesis's reserve). */
export function reserveAddress(): string {
  return devAddress(0);
}

/**
 * The rewards pool's balance set to `pool` base units, the difference moved from or to the reserve
 * (dev key 0), so the supply does not change.
 */
export function withPool(core: Core, doc: Json, pool: bigint): Json {
  const g = validate(core, doc, "genesis");
  const reserve = reserveAddress();
  const copy = structuredClone(doc) as JsonObject;
  const bank = appState(copy).bank as JsonObject;
  const list = ((bank.balances as Json[] | undefined) ?? []).slice();
  const denom = g.mint.params.mintDenom;
  // parseGenesis keeps the document's order: entry i of g.balances is entry i of the list.
  const poolIndex = g.balances.findIndex((b) => b.address === REWARDS_POOL_ADDRESS);
  const reserveIndex = g.balances.findIndex((b) => b.address === reserve);
  const current = poolIndex < 0 ? 0n : g.balances[poolIndex].amount;
  if (pool === current) return doc;
  if (reserveIndex < 0) {
    throw new UsageError(`--pool: the genesis has no reserve account (dev key 0, ${reserve}) to move tokens from or to`);
  }
  const reserveBalance = g.balances[reserveIndex].amount + current - pool;
  if (reserveBalance < 0n) {
    throw new UsageError(
      `--pool: the reserve (${reserve}) holds ${g.balances[reserveIndex].amount} ${denom}, ` +
        `${pool - current} more are needed to fund a pool of ${pool} ${denom}`,
    );
  }
  const coins = (amount: bigint): Json[] => (amount > 0n ? [{ denom, amount: `${amount}` }] : []);
  list[reserveIndex] = { ...(list[reserveIndex] as JsonObject), coins: coins(reserveBalance) };
  if (poolIndex >= 0) list[poolIndex] = { ...(list[poolIndex] as JsonObject), coins: coins(pool) };
  else list.push({ address: REWARDS_POOL_ADDRESS, coins: coins(pool) });
  bank.balances = list;
  return copy;
}

/** The genesis's x/mint blocks_per_year into the document. */
export function withBlocksPerYear(doc: Json, blocksPerYear: bigint): Json {
  const copy = structuredClone(doc) as JsonObject;
  const mint = appState(copy).mint as JsonObject;
  mint.params = { ...(mint.params as JsonObject), blocks_per_year: `${blocksPerYear}` };
  return copy;
}
