// The genesis: the SDK's document (modules/genutil/genesis-sdk.ts reads it, host/modules/<module>/
// genesis.ts each section), the embedded default (modules/genutil/default-genesis.ts), a file laid over the default, and an
// exported node's own records (`app_state.node_state`, read here). Decimals are parsed by the
// core (exactly, never through a float); amounts are bigints parsed from strings, and a JSON
// number is refused wherever an amount or a rate is expected.

import { readFile, stat } from "node:fs/promises";

/**
 * The longest genesis file read: V8's longest string on 64-bit hosts (2^29 - 24 characters, node:buffer's
 * constants.MAX_STRING_LENGTH; a literal, as this module also runs in browsers), counted in bytes.
 */
export const MAX_GENESIS_BYTES = 2 ** 29 - 24;
import { ValidationError } from "../errors.js";
import { SpooledList, address, array, fail, isObject, mergeJson, object, string, uint64, type DecParser, type Json } from "../framework/genesis-json.js";
import { genesisFileOf } from "./genesis-stream.js";
import { parseTimestamp } from "../wire/gateway-json.js";
import {
  ACCOUNT_PREFIX, coreTime, isCompleteDoc, parseGenesis as parseSdkGenesis, type Genesis, type NodeState,
} from "../modules/genutil/genesis-sdk.js";
import { defaultGenesisJson } from "../modules/genutil/default-genesis.js";
import type { EmissionParams, EmissionState } from "../core/emission.js";

export { mergeJson, type DecParser, type GenesisJson, type Json } from "../framework/genesis-json.js";
export {
  ACCOUNT_PREFIX, GOV_MODULE_ADDRESS, REWARDS_POOL_ADDRESS, VALIDATOR_PREFIX, isCompleteDoc,
  type Genesis, type GenesisValidator, type NodeState, type StakingGenesis,
} from "../modules/genutil/genesis-sdk.js";
export { CRO_METADATA, defaultGenesisJson, devAddress, devGenTx, devKeys, devPrivateKey, operatorOf } from "../modules/genutil/default-genesis.js";
export { DEFAULT_GOV_PARAMS_JSON, type GovParams } from "../modules/gov/genesis.js";
export { validDenom, type Coin } from "../modules/bank/genesis.js";
export type { MintParams } from "../modules/mint/genesis.js";
export { inflationParamsFrom, type InflationParams } from "../modules/inflation/genesis.js";
export type { ValidatorDescription } from "../modules/staking/genesis.js";
export type { Tier, TieredRewardsGenesis } from "../modules/tieredrewards/genesis.js";

/** The default genesis with `override`'s fields laid over it, validated. */
export function genesisWithOverride(override: Json, dec: DecParser): Genesis {
  if (!isObject(override)) throw new ValidationError("must be a JSON object", "genesis");
  return parseGenesis(mergeJson(defaultGenesisJson(), override), dec);
}

/**
 * A genesis JSON file: a complete document as chain-maind writes it (or as a node exports it) is
 * taken as it is; anything else is laid over the default genesis. Not yet validated; errors name the file.
 */
export async function readGenesisDoc(path: string): Promise<Json> {
  let text: string;
  try {
    // A document is read whole, as one string: past V8's longest string it cannot be (docs/operator.md, "Bounds").
    const { size } = await stat(path);
    if (size > MAX_GENESIS_BYTES) {
      throw new ValidationError(
        `${size.toLocaleString("en-US")} bytes: above the ${MAX_GENESIS_BYTES.toLocaleString("en-US")} a genesis document can be read as ` +
          "(V8's longest string: about 700,000 accounts with a delegation each); this node reads a genesis whole",
        path,
      );
    }
    text = await readFile(path, "utf8");
  } catch (e) {
    if (e instanceof ValidationError) throw e;
    const err = e as NodeJS.ErrnoException;
    throw new ValidationError(`cannot read: ${err.code === "ENOENT" ? "no such file" : err.message}`, path);
  }
  let doc: Json;
  try {
    doc = JSON.parse(text) as Json;
  } catch (e) {
    throw new ValidationError(`not valid JSON: ${(e as Error).message}`, path);
  }
  if (!isObject(doc)) throw new ValidationError("must be a JSON object", path);
  return isCompleteDoc(doc) ? doc : mergeJson(defaultGenesisJson(), doc);
}

/** Read a genesis JSON file (as readGenesisDoc), validated. Errors name the file. */
export async function readGenesisFile(path: string, dec: DecParser): Promise<Genesis> {
  const doc = await readGenesisDoc(path);
  try {
    return parseGenesis(doc, dec);
  } catch (e) {
    if (e instanceof ValidationError) throw new ValidationError(e.message, path);
    throw e;
  }
}

/** The record lists of each section: what a restarted node has in its database instead. */
const BULK: Record<string, readonly string[]> = {
  auth: ["accounts"],
  bank: ["balances"],
  staking: ["last_validator_powers", "validators", "delegations", "unbonding_delegations", "redelegations"],
  distribution: [
    "delegator_withdraw_infos", "outstanding_rewards", "validator_accumulated_commissions", "validator_historical_rewards",
    "validator_current_rewards", "delegator_starting_infos", "validator_slash_events",
  ],
  tieredrewards: ["positions", "validator_events", "validator_event_seqs"],
  gov: ["deposits", "votes", "proposals"],
  slashing: ["signing_infos", "missed_blocks"],
  genutil: ["gen_txs"],
};

/**
 * A genesis document without its records (accounts, balances, validators, delegations, F1
 * records, positions, proposals, signing infos, gentxs, node_state): its parameters, which are all
 * a restart takes from it (the records are in the database). Small whatever the state's size.
 */
export function slimGenesisDoc(doc: Json): Json {
  const root = doc as { app_state?: Record<string, Json> };
  const app: Record<string, Json> = { ...(root.app_state ?? {}) };
  delete app.node_state;
  for (const [section, lists] of Object.entries(BULK)) {
    const v = app[section];
    if (!isObject(v)) continue;
    const copy: Record<string, Json> = { ...v };
    for (const l of lists) if (Array.isArray(copy[l]) || (copy[l] as unknown) instanceof SpooledList) copy[l] = [];
    app[section] = copy;
  }
  // x/bank checks that balances add up to the supply: one balance stands for them all.
  const bank = (root.app_state ?? {}).bank as { balances?: { address: string }[] | SpooledList; supply?: Json } | undefined;
  const first = (bank?.balances instanceof SpooledList ? bank.balances.first() : bank?.balances?.[0]) as { address: string } | undefined;
  if (first && bank && Array.isArray(bank.supply) && bank.supply.length > 0) (app.bank as Record<string, Json>).balances = [{ address: first.address, coins: bank.supply }];
  return { ...(doc as object), app_state: app } as Json;
}

/**
 * A streamed document's parse (genesis-stream.ts), kept: the node validates the document before it
 * opens its database, which parses it again; its long arrays are read from disk once, not twice.
 */
const streamedParses = new WeakMap<object, { dec: DecParser; genesis: Genesis }>();

/** A streamed document's kept parse dropped (its records placed and committed): the caller may still hold the document. */
export function forgetStreamedParse(doc: Json): void {
  if (isObject(doc)) streamedParses.delete(doc);
}

/** Parse and validate a complete genesis document. First failure wins, as in the reference. */
export function parseGenesis(doc: Json, dec: DecParser): Genesis {
  if (genesisFileOf(doc) === undefined) return parseSdkGenesis(doc, dec, parseNodeState);
  const hit = streamedParses.get(doc as object);
  if (hit !== undefined && hit.dec === dec) return hit.genesis;
  const genesis = parseSdkGenesis(doc, dec, parseNodeState);
  streamedParses.set(doc as object, { dec, genesis });
  return genesis;
}

/** `node_state`: `{height, time, records: [[table, base64]], accounts: [{id, address, sequence, pub_key}]}`. */
function parseNodeState(v: Json | undefined): NodeState {
  const path = "app_state.node_state";
  const o = object(v, path, ["height", "time", "block_hash", "seed_hash", "state_format", "records", "accounts", "gov", "sdk_digest"]);
  const height = uint64(o.height, `${path}.height`);
  let timeNs: bigint;
  try {
    timeNs = parseTimestamp(string(o.time, `${path}.time`));
  } catch (e) {
    throw new ValidationError((e as Error).message, `${path}.time`);
  }
  coreTime(timeNs, o.time as string, `${path}.time`);
  const records = array(o.records, `${path}.records`).map((r, i) => {
    const p = `${path}.records[${i}]`;
    if (!Array.isArray(r) || r.length !== 2 || typeof r[0] !== "number" || typeof r[1] !== "string") {
      fail("must be [table, base64 bytes]", p);
    }
    return { table: r[0] as number, bytes: base64Bytes(r[1] as string, p) };
  });
  const accounts = array(o.accounts, `${path}.accounts`).map((a, i) => {
    const p = `${path}.accounts[${i}]`;
    const ao = object(a, p, ["id", "address", "sequence", "pub_key", "number"]);
    if (typeof ao.id !== "number" || !Number.isSafeInteger(ao.id) || ao.id < 0) fail("must be an account id", `${p}.id`);
    return {
      id: ao.id,
      address: address(ao.address, `${p}.address`, ACCOUNT_PREFIX),
      sequence: uint64(ao.sequence, `${p}.sequence`),
      pubKey: ao.pub_key === undefined || ao.pub_key === null ? undefined : base64Bytes(string(ao.pub_key, `${p}.pub_key`), `${p}.pub_key`),
      // absent: exported before numbers were kept (its id); null: no x/auth account
      ...(ao.number === null ? {} : { number: ao.number === undefined ? BigInt(ao.id) : uint64(ao.number, `${p}.number`) }),
    };
  });
  let blockHash: string | undefined;
  if (o.block_hash !== undefined) {
    blockHash = string(o.block_hash, `${path}.block_hash`);
    if (!/^[0-9A-F]{64}$/.test(blockHash)) throw new ValidationError("must be 64 upper-case hex digits", `${path}.block_hash`);
  }
  let seedHash: string | undefined;
  if (o.seed_hash !== undefined) {
    seedHash = string(o.seed_hash, `${path}.seed_hash`);
    if (!/^[0-9A-F]{64}$/.test(seedHash)) throw new ValidationError("must be 64 upper-case hex digits", `${path}.seed_hash`);
  }
  const gov = array(o.gov ?? [], `${path}.gov`).map((g, i) => {
    const p = `${path}.gov[${i}]`;
    if (!Array.isArray(g) || g.length !== 2 || typeof g[0] !== "string" || typeof g[1] !== "string" || !/^([mpdvisb]|val|vs|fg|authz|nft|group)(\/|$)/.test(g[0])) {
      fail("must be [key, text] of a module record (x/gov, x/slashing, x/bank, x/authz, x/feegrant, x/nft, x/group, a validator or a delayed validator set)", p);
    }
    return { key: g[0] as string, value: g[1] as string };
  });
  const sf = o.state_format ?? 1;
  if (typeof sf !== "number" || !Number.isInteger(sf) || sf < 1) throw new ValidationError("must be a positive integer", `${path}.state_format`);
  let sdkDigest: string | undefined;
  if (o.sdk_digest !== undefined) {
    sdkDigest = string(o.sdk_digest, `${path}.sdk_digest`);
    if (!/^[0-9a-f]{64}$/.test(sdkDigest)) throw new ValidationError("must be 64 lower-case hex digits", `${path}.sdk_digest`);
  }
  return { height, timeNs, blockHash, ...(seedHash ? { seedHash } : {}), gov, stateFormat: sf, records, accounts, ...(sdkDigest ? { sdkDigest } : {}) };
}

function base64Bytes(text: string, path: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) fail("invalid base64", path);
  return new Uint8Array(Buffer.from(text, "base64"));
}

// ---- what the core gets -------------------------------------------------------------------

export function bondDenom(g: Genesis): string {
  return g.mint.params.mintDenom;
}

/** The bank total of the bond denom at genesis. */
export function bondSupply(g: Genesis): bigint {
  return g.bank.supply.find((c) => c.denom === bondDenom(g))!.amount;
}

/** The core's emission parameters for a genesis. */
export function emissionParams(g: Genesis): EmissionParams {
  return {
    baseRate: g.mint.params.inflationMin,
    decayRate: g.inflation.params.decayRate,
    maxSupply: g.inflation.params.maxSupply,
    blocksPerYear: g.mint.params.blocksPerYear,
    decayEpochStart: g.inflation.decayEpochStart,
  };
}

/** The core's emission state at height 0. */
export function emissionGenesisState(g: Genesis): EmissionState {
  return { height: 0n, totalSupply: bondSupply(g), burned: g.bank.burnedBalance };
}

