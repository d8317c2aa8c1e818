// Export: the last committed state as the SDK's genesis document, as `chain-maind export` writes
// it (initial_height = the next block, every module's state, consensus.validators), so chain-maind
// or another node starts from it. The sections the node does not read are the genesis's, kept.
// The node's exact records ride along in `app_state.node_state` (export.ts), bound to these
// sections by their digest: a node started on the document continues this chain bit for bit.

import type { Core } from "../core/core.js";
import { Vesting, type VestingLock } from "../core/vesting.js";
import { decodeCoreStateSteps, tableIds } from "../core/genesis-records.js";
import type { NodeStore } from "../store/store.js";
import { isObject, type Json } from "../framework/genesis-json.js";
import { deferredOnce, type StreamJson } from "../framework/json-stream.js";
import { READ_SECTIONS, type Genesis } from "../modules/genutil/genesis-sdk.js";
export { sdkDigest } from "../modules/genutil/genesis-sdk.js";
import type { AccountRecord, NodeDirectory } from "../modules/auth/directory.js";
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

/**
 * The modules whose ExportGenesis reads the core's records or every account: their sections are
 * made when the writer reaches them (a step at a time), from the snapshot and what the export's
 * start took of the live state. The others read no record and are made at the start.
 */
const FROM_RECORDS = new Set(["auth", "bank", "staking", "distribution", "tieredrewards"]);

/** How many records or accounts are read between two pauses (the event loop's turns). */
const STEP = 16_384;

export function exportSdkGenesis(src: ExportSource): StreamObj {
  const doc = src.genesisParams as Obj;
  const app = doc.app_state as Obj;
  const g = src.genesis;
  const last = src.store.lastBlock()!;
  const height = last.height;
  const denom = g.mint.params.mintDenom;
  const kinds = tableIds(src.core);
  // What the record-reading sections take from the live state, taken now (the turn the snapshot is
  // opened in; it is small): validators' operators and metadata, bank params, the accounts not yet
  // written, the vesting locks (the core's, by account id).
  const operators = new Map(src.directory.validatorIds().map((id) => [id, src.directory.validatorAddress(id)] as const));
  const metas = new Map([...operators.keys()].map((id) => [id, src.validators.meta(id)] as const));
  const bankParams = src.bank.params();
  const unwritten = new Map(src.directory.unwritten().map((a) => [a.id, a]));
  const vesting = new Vesting(src.core);
  const locks = new Map<number, VestingLock>();
  const topId = Math.max(src.store.accountTops().id ?? -1, ...unwritten.keys());
  for (let id = 0; id <= topId; id++) if (vesting.has(id)) locks.set(id, vesting.lock(id)!);

  const operatorOf = (id: number) => operators.get(id) ?? missing(`validator ${id}`);
  const governed = (name: "auth" | "staking" | "distribution" | "gov" | "consensus") => {
    const p = src.params?.get(name);
    return p === undefined ? undefined : (paramsJson(name, p as never) as Obj);
  };
  const kept = (name: string) => {
    const section = isObject(app[name]) ? (app[name] as Obj) : undefined;
    const p = name === "auth" || name === "staking" || name === "distribution" || name === "gov" ? governed(name) : undefined;
    return p === undefined ? section : { ...(section ?? {}), params: p };
  };
  const base = {
    genesis: g, denom, unchanged: height === g.height, kept, operatorOf,
    directory: src.directory, validators: src.validators, gov: src.gov, slashing: src.slashing, bank: src.bank,
    inflationParams: src.inflationParams, minter: src.minter, communityPool: src.communityPool,
    feegrant: src.feegrant, params: src.params, authzGrants: () => storedGrants(src.store), vestingLock: (id: number) => locks.get(id),
    moduleRecords: () => src.store.govRecords(),
  };
  // The sections made now read no record: the core's state is not there to read.
  const atStart = Object.defineProperties({ ...base }, {
    core: { get: () => { throw new Error("export: a section made at the start read the core's records"); } },
    addressOf: { value: () => { throw new Error("export: a section made at the start read the accounts"); } },
  }) as unknown as ModulesExportApp;

  // The snapshot's core records decoded and its accounts read (the directory's view: the stored
  // accounts, those changed and not yet written in their place), once, a step at a time.
  let read: ModulesExportApp | undefined;
  function* fromRecords(): Generator<void, ModulesExportApp, undefined> {
    if (read !== undefined) return read;
    const core = yield* decodeCoreStateSteps(src.store.recordBytesAll(), kinds, STEP);
    const accounts: AccountRecord[] = [];
    let n = 0;
    for (const a of src.store.eachAccount()) {
      accounts.push(unwritten.get(a.id) ?? a);
      if (++n % STEP === 0) yield;
    }
    if (unwritten.size > 0) {
      const stored = new Set(accounts.map((a) => a.id));
      const extra = [...unwritten.values()].filter((a) => !stored.has(a.id));
      if (extra.length > 0) accounts.push(...extra), accounts.sort((a, b) => a.id - b.id);
    }
    const addresses: string[] = [];
    for (const a of accounts) addresses[a.id] = a.address;
    yield;
    read = {
      ...base, core, accounts,
      addressOf: (id: number) => addresses[id] ?? missing(`account ${id}`),
      validators: { meta: (id: number) => metas.get(id) } as ValidatorRegistry,
      bank: { params: () => bankParams } as Bank,
    } as ModulesExportApp;
    return read;
  }

  const out: StreamObj = {};
  for (const [k, v] of Object.entries(app)) if (!READ_SECTIONS.has(k)) out[k] = v;
  for (const m of EXPORT_MODULES) {
    const make = m.genesis!.export!;
    out[m.genesis!.section ?? m.name] = FROM_RECORDS.has(m.name)
      ? deferredOnce(function* () {
        const modules = yield* fromRecords();
        yield;
        return make(modules);
      })
      : make(atStart);
  }
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
      // the last validator set: the validators' records alone (not their delegations)
      validators: deferredOnce(function* () {
        const modules = yield* fromRecords();
        return consensusValidators(stakingState({ ...modules, core: { ...modules.core, delegations: [], unbondings: [], redelegations: [] } }));
      }),
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
