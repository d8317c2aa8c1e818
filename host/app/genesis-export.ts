// Export: the last committed state as the SDK's genesis document, as `chain-maind export` writes
// it (initial_height = the next block, every module's state, consensus.validators), so chain-maind
// or another node starts from it. The sections the node does not read are the genesis's, kept.
// The node's exact records ride along in `app_state.node_state` (export.ts), bound to these
// sections by their digest: a node started on the document continues this chain bit for bit.

import type { Core } from "../core/core.js";
import { Vesting } from "../core/vesting.js";
import { decodeCoreState, tableIds } from "../core/genesis-records.js";
import type { NodeStore } from "../store/store.js";
import { isObject, type Json } from "../framework/genesis-json.js";
import type { StreamJson } from "../framework/json-stream.js";
import { READ_SECTIONS, type Genesis } from "../modules/genutil/genesis-sdk.js";
export { sdkDigest } from "../modules/genutil/genesis-sdk.js";
import type { NodeDirectory } from "../modules/auth/directory.js";
import type { InflationParams } from "../modules/inflation/genesis.js";
import type { Gov } from "../modules/gov/keeper.js";
import type { Slashing } from "../modules/slashing/keeper.js";
import type { Bank } from "../modules/bank/keeper.js";
import type { Feegrant } from "../modules/feegrant/keeper.js";
import type { GovernedParams } from "../modules/gov/governed-params.js";
import { paramsJson } from "../modules/gov/update-params.js";
import { Authz, type Grant } from "../modules/authz/keeper.js";
import { ACCOUNT_PREFIX } from "../framework/prefixes.js";
import type { ValidatorRegistry } from "../modules/staking/validators.js";
import { consensusValidators, stakingState } from "../modules/staking/genesis-export.js";
import { EXPORT_GENESIS, MODULES, type ModulesExportApp } from "../modules/index.js";

/** The modules with ExportGenesis work, in EXPORT_GENESIS order (modules/index.ts). */
const EXPORT_MODULES = EXPORT_GENESIS.map((n) => MODULES.find((m) => m.name === n)!);
for (const m of MODULES) {
  if (m.genesis?.export !== undefined && !EXPORT_MODULES.includes(m)) throw new Error(`module ${m.name}: its ExportGenesis is not in EXPORT_GENESIS`);
}
for (const m of EXPORT_MODULES) if (m?.genesis?.export === undefined) throw new Error("EXPORT_GENESIS names a module without ExportGenesis");

/** What an export reads: the chain's stored state and its modules at the last committed block. */
export interface ExportSource {
  genesis: Genesis;
  /** The genesis document's parameters (slimGenesisDoc): its sections without their records, which the state holds. */
  genesisParams: Json;
  core: Core;
  store: NodeStore;
  directory: NodeDirectory;
  validators: ValidatorRegistry;
  gov: Gov;
  slashing: Slashing;
  /** x/bank's params now. */
  bank: Bank;
  feegrant: Feegrant;
  /** The params governance set (each module's, absent: the genesis's). */
  params?: GovernedParams;
  inflationParams: InflationParams;
  /** x/mint's rate and annual provisions of the last block (raw Decs). */
  minter: { inflation: bigint; annualProvisions: bigint };
  communityPool: bigint;
}

type Obj = { [key: string]: Json };
type StreamObj = { [key: string]: StreamJson };

export function exportSdkGenesis(src: ExportSource): StreamObj {
  const doc = src.genesisParams as Obj;
  const app = doc.app_state as Obj;
  const g = src.genesis;
  const last = src.store.lastBlock()!;
  const height = last.height;
  const denom = g.mint.params.mintDenom;
  const core = decodeCoreState(src.store.recordBytesAll(), tableIds(src.core));
  // Every account once (x/auth's list), and their addresses by id: no directory lookup per record.
  const accounts = src.directory.accounts();
  const addresses: string[] = [];
  for (const a of accounts) addresses[a.id] = a.address;
  const addressOf = (id: number) => addresses[id] ?? src.directory.accountAddress(id) ?? missing(`account ${id}`);
  const operatorOf = (id: number) => src.directory.validatorAddress(id) ?? missing(`validator ${id}`);
  const governed = (name: "auth" | "staking" | "distribution" | "gov" | "consensus") => {
    const p = src.params?.get(name);
    return p === undefined ? undefined : (paramsJson(name, p as never) as Obj);
  };
  const kept = (name: string) => {
    const section = isObject(app[name]) ? (app[name] as Obj) : undefined;
    const p = name === "auth" || name === "staking" || name === "distribution" || name === "gov" ? governed(name) : undefined;
    return p === undefined ? section : { ...(section ?? {}), params: p };
  };
  const vesting = new Vesting(src.core);
  const out: StreamObj = {};
  for (const [k, v] of Object.entries(app)) if (!READ_SECTIONS.has(k)) out[k] = v;
  const modules: ModulesExportApp = {
    genesis: g, core, denom, unchanged: height === g.height, kept, addressOf, operatorOf,
    directory: src.directory, accounts, validators: src.validators, gov: src.gov, slashing: src.slashing, bank: src.bank,
    inflationParams: src.inflationParams, minter: src.minter, communityPool: src.communityPool,
    feegrant: src.feegrant, params: src.params, authzGrants: () => storedGrants(src.store), vestingLock: (id) => vesting.lock(id),
    moduleRecords: () => src.store.govRecords(),
  };
  for (const m of EXPORT_MODULES) out[m.genesis!.section ?? m.name] = m.genesis!.export!(modules);
  if (app.node !== undefined) out.node = app.node;
  const consensus = isObject(doc.consensus) ? (doc.consensus as Obj) : {};
  return {
    ...(doc.app_name === undefined ? {} : { app_name: doc.app_name }),
    ...(doc.app_version === undefined ? {} : { app_version: doc.app_version }),
    genesis_time: doc.genesis_time as Json,
    chain_id: doc.chain_id as Json,
    initial_height: Number(height + 1n),
    app_hash: null,
    app_state: out,
    consensus: {
      validators: consensusValidators(stakingState(modules)),
      ...(governed("consensus") !== undefined ? { params: consensusJson(governed("consensus")!) } : consensus.params === undefined ? {} : { params: consensus.params }),
    },
  };
}

/** x/authz's grants as the store holds them at the last committed block, in the store's order. */
function storedGrants(store: NodeStore): Grant[] {
  const authz = new Authz(ACCOUNT_PREFIX);
  for (const r of store.govRecords()) if (Authz.owns(r.key)) authz.load(r.key, r.value);
  return authz.all().map((x) => x.grant);
}

function missing(what: string): never {
  throw new Error(`export: ${what} has no address in the directory`);
}

/** The consensus params of the export: CometBFT's genesis JSON (durations in nanoseconds, as CometBFT writes them). */
function consensusJson(p: Obj): Json {
  const e = p.evidence as Obj | undefined;
  const d = typeof e?.max_age_duration === "string" ? BigInt((e.max_age_duration as string).replace(/s$/, "").split(".")[0]!) * 1_000_000_000n : undefined;
  return { ...p, ...(e === undefined ? {} : { evidence: { ...e, ...(d === undefined ? {} : { max_age_duration: `${d}` }) } }) };
}
