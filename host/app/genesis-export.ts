// Export: the last committed state as the SDK's genesis document, as `chain-maind export` writes
// it (initial_height = the next block, every module's state, consensus.validators), so chain-maind
// or another node starts from it. The sections the node does not read are the genesis's, kept.
// The node's exact records ride along in `app_state.node_state` (export.ts), bound to these
// sections by their digest: a node started on the document continues this chain bit for bit.

import type { Core } from "../core/core.js";
import { decodeCoreState, tableIds } from "../core/genesis-records.js";
import type { NodeStore } from "../store/store.js";
import { isObject, type Json } from "../framework/genesis-json.js";
import { READ_SECTIONS, type Genesis } from "../modules/genutil/genesis-sdk.js";
export { sdkDigest } from "../modules/genutil/genesis-sdk.js";
import type { NodeDirectory } from "../modules/auth/directory.js";
import type { InflationParams } from "../modules/inflation/genesis.js";
import type { Gov } from "../modules/gov/keeper.js";
import type { Slashing } from "../modules/slashing/keeper.js";
import type { Bank } from "../modules/bank/keeper.js";
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
  genesisDoc: Json;
  core: Core;
  store: NodeStore;
  directory: NodeDirectory;
  validators: ValidatorRegistry;
  gov: Gov;
  slashing: Slashing;
  /** x/bank's params now. */
  bank: Bank;
  inflationParams: InflationParams;
  /** x/mint's rate and annual provisions of the last block (raw Decs). */
  minter: { inflation: bigint; annualProvisions: bigint };
  communityPool: bigint;
}

type Obj = { [key: string]: Json };

export function exportSdkGenesis(src: ExportSource): Json {
  const doc = src.genesisDoc as Obj;
  const app = doc.app_state as Obj;
  const g = src.genesis;
  const last = src.store.lastBlock()!;
  const height = last.height;
  const denom = g.mint.params.mintDenom;
  const core = decodeCoreState(src.store.records(), tableIds(src.core));
  const addressOf = (id: number) => src.directory.accountAddress(id) ?? missing(`account ${id}`);
  const operatorOf = (id: number) => src.directory.validatorAddress(id) ?? missing(`validator ${id}`);
  const kept = (name: string) => (isObject(app[name]) ? (app[name] as Obj) : undefined);
  const out: Obj = {};
  for (const [k, v] of Object.entries(app)) if (!READ_SECTIONS.has(k)) out[k] = v;
  const modules: ModulesExportApp = {
    genesis: g, core, denom, unchanged: height === g.height, kept, addressOf, operatorOf,
    directory: src.directory, validators: src.validators, gov: src.gov, slashing: src.slashing, bank: src.bank,
    inflationParams: src.inflationParams, minter: src.minter, communityPool: src.communityPool,
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
      ...(consensus.params === undefined ? {} : { params: consensus.params }),
    },
  };
}

function missing(what: string): never {
  throw new Error(`export: ${what} has no address in the directory`);
}
