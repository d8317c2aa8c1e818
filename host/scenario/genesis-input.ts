// The genesis of the CLI's what-if commands (project, estimate): the embedded default, or a file
// laid over it (--genesis), with the flag overrides written into the document so that the chain
// loads them exactly as a node would. Every problem is a UsageError naming the flag or the file.

import type { Core } from "../core/core.js";
import { ValidationError } from "../errors.js";
import {
  REWARDS_POOL_ADDRESS, defaultGenesisJson, devAddress, devGenTx, operatorOf, parseGenesis, readGenesisDoc, type Genesis, type Json,
} from "../app/genesis.js";
import { UsageError } from "../flags.js";
import { displayAmount } from "./numbers.js";

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
      `--pool: the reserve (${reserve}) holds ${displayAmount(g.balances[reserveIndex].amount, denom)}, ` +
        `${displayAmount(pool - current, denom)} more are needed to fund a pool of ${displayAmount(pool, denom)}`,
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

/** Dev keys of the validators a scenario adds (far from the keys the README and tests use). */
const NEW_OPERATOR_KEY = 1000;

/** The dev key operating `operator` (keys 0-8 and the scenario's), if any: its gentx can be signed again. */
function devKeyOf(operator: string, count: number): number | undefined {
  const keys = [...Array.from({ length: 9 }, (_, n) => n), ...Array.from({ length: count }, (_, i) => NEW_OPERATOR_KEY + i)];
  return keys.find((n) => operatorOf(devAddress(n)) === operator);
}

/**
 * The genesis's validator set (its gentxs) resized to `count`: the first ones kept, new operators
 * (dev keys 1000, 1001, ...) each given an account, funded from the reserve with `selfDelegation`
 * (default: the first validator's) and self-delegating it by a gentx; commissions, when given,
 * cycle by index over all of them (their gentxs signed again by their dev keys). max_validators
 * grows to the count so that all can bond.
 */
export function withValidators(
  core: Core, doc: Json, spec: { count: number; commissions: readonly bigint[]; selfDelegation: bigint | null },
): Json {
  const g = validate(core, doc, "genesis");
  const copy = structuredClone(doc) as JsonObject;
  const chainId = copy.chain_id as string;
  const staking = appState(copy).staking as JsonObject;
  const params = staking.params as JsonObject;
  const genutil = (appState(copy).genutil ?? { gen_txs: [] }) as JsonObject;
  const kept = ((genutil.gen_txs as Json[] | undefined) ?? []).slice(0, spec.count);
  const stake = spec.selfDelegation ?? g.staking.validators[0]?.selfDelegation;
  if (stake === undefined) throw new UsageError("validators: the genesis has no validator to copy a self delegation from; give validators.self_delegation");
  const added = spec.count - kept.length;
  const reserve = reserveAddress();
  const bank = appState(copy).bank as JsonObject;
  const auth = appState(copy).auth as JsonObject;
  const list = ((bank.balances as Json[] | undefined) ?? []).slice() as JsonObject[];
  const accounts = ((auth.accounts as Json[] | undefined) ?? []).slice() as JsonObject[];
  const reserveIndex = g.balances.findIndex((b) => b.address === reserve);
  const denom = g.mint.params.mintDenom;
  if (added > 0) {
    const needed = stake * BigInt(added);
    const held = reserveIndex < 0 ? 0n : g.balances[reserveIndex]!.amount;
    if (held < needed) {
      throw new UsageError(`validators: ${added} new validators of ${displayAmount(stake, denom)} need ${displayAmount(needed, denom)} from the reserve (${reserve}), which holds ${displayAmount(held, denom)}`);
    }
    list[reserveIndex] = { ...list[reserveIndex]!, coins: held - needed > 0n ? [{ denom, amount: `${held - needed}` }] : [] };
  }
  let number = g.sdk.auth.accounts.reduce((m, a) => (a.number >= m ? a.number + 1n : m), 0n);
  const validators = g.staking.validators.slice(0, kept.length)
    .map((v) => ({ operator: v.operatorAddress, rate: v.commissionRate, stake: v.selfDelegation, description: v.description as { moniker?: string; details?: string } | undefined }));
  for (let i = 0; i < added; i++) {
    const operator = devAddress(NEW_OPERATOR_KEY + i);
    list.push({ address: operator, coins: [{ denom, amount: `${stake}` }] });
    accounts.push({ "@type": "/cosmos.auth.v1beta1.BaseAccount", address: operator, pub_key: null, account_number: `${number++}`, sequence: "0" });
    validators.push({
      operator: operatorOf(operator), rate: g.staking.validators[0]?.commissionRate ?? 100_000_000_000_000_000n, stake,
      description: { moniker: `scenario-validator-${NEW_OPERATOR_KEY + i}` }, // the SDK refuses an empty description
    });
  }
  const genTxs: Json[] = validators.map((v, i) => {
    const rate = spec.commissions.length > 0 ? spec.commissions[i % spec.commissions.length]! : v.rate;
    if (i < kept.length && rate === v.rate) return kept[i]!;
    const key = devKeyOf(v.operator, spec.count);
    if (key === undefined) throw new UsageError(`validators: the gentx of ${v.operator} is not a dev key's: its commission cannot be set`);
    return devGenTx({ chainId, key, selfDelegation: v.stake, commissionRate: rate, denom, ...(v.description ? { description: v.description } : {}) });
  });
  appState(copy).genutil = { ...genutil, gen_txs: genTxs };
  const max = Number(params.max_validators ?? 0);
  if (max < spec.count) params.max_validators = spec.count;
  bank.balances = list;
  auth.accounts = accounts;
  return copy;
}
