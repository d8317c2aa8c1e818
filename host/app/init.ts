// How the application's state comes to be: InitChain from the SDK's genesis document (accounts,
// balances, gentxs or an exported chain's records: genesis-init.ts), an exported node's state as
// the chain's first block, or a restart from the database (every record back into the core, the
// state hash checked against the last block's).

import { utf8ToBytes } from "@noble/hashes/utils.js";
import type { Core } from "../core/core.js";
import { emissionParams, type Genesis } from "./genesis.js";
import { importPhases, initChain } from "./genesis-init.js";
import { genesisRecordCounts } from "../modules/genutil/record-counts.js";
import { reserveState } from "../core/memory.js";
import { ValidatorRegistry } from "../modules/staking/validators.js";
import { DelayedSets } from "../modules/staking/delayed-sets.js";
import { Bank } from "../modules/bank/keeper.js";
import { Authz } from "../modules/authz/keeper.js";
import { Feegrant } from "../modules/feegrant/keeper.js";
import { Nft } from "../modules/nft/keeper.js";
import { Upgrade } from "../modules/upgrade/keeper.js";
import { Circuit } from "../modules/circuit/keeper.js";
import { GroupStore } from "../modules/group/kv.js";
import { Evidence } from "../modules/evidence/keeper.js";
import { IbcStore } from "../modules/ibc/keeper.js";
import { GovernedParams } from "../modules/gov/governed-params.js";
import { seedGovernedParams } from "../modules/gov/governed-genesis.js";
import { decodeTx } from "../wire/amino/stdtx.js";
import { verifyDecodedTx } from "./ante/verify.js";
import { verifyContext } from "./ante.js";
import { deliver } from "./deliver.js";
import type { NodeStore, StoredRelease } from "../store/store.js";
import { seedHash, type StoredHeader } from "../framework/header.js";
import { AUTH_TABLE, GOV_TABLE, authBytes, commitBlock, keyOf, recordKey, storeSource } from "./commit.js";
import type { AppState } from "./state.js";
import { NodeStateError } from "../framework/types.js";
import { digestSum } from "../store/stored-digests.js";
import { hashAccounts, placeChunk } from "./restart-load.js";

/** Parameters live outside the tables: set them from the genesis on every start. */
export function configure(s: AppState): void {
  const g = s.genesis;
  s.emission.configure(emissionParams(g));
  s.ledger.configure({
    communityTax: g.distribution.communityTax,
    targetBaseRewardsRate: g.tieredrewards.params.targetBaseRewardsRate,
  });
  s.ledger.configureStaking(g.staking.maxValidators, g.staking.powerReduction, g.staking.unbondingTimeNs);
}

/** Genesis into the core (genesis-init.ts): accounts, balances, gentxs or an exported state, tiers, x/gov's and x/slashing's records. */
export function initGenesis(s: AppState): void {
  if (s.genesis.nodeState) {
    importState(s, s.genesis.nodeState);
    return;
  }
  placeGenesis(s);
  // The records are in the core: only the parameters are kept while the genesis block is written (the import's peak).
  s.dropGenesisRecords();
  importPhases.at?.("drop the parse");
  const g = s.genesis;
  commitBlock(s, { height: g.height, firstHeight: g.height, timeNs: g.genesisTimeNs, stepNs: 0n }, []);
}

/** InitChain's placement of the genesis's records (genesis-init.ts), the governed params, the restored minter. */
function placeGenesis(s: AppState): void {
  const g = s.genesis;
  const deliverGenTx = (txBytes: Uint8Array) => {
    // The SDK's ante handler checks a genesis block's signatures at account number 0.
    const ctx = verifyContext(s, false);
    const genesisCtx = { ...ctx, getAccount: (a: string) => { const x = ctx.getAccount(a); return x && { ...x, accountNumber: 0n }; } };
    return deliver(s, verifyDecodedTx(decodeTx(txBytes), genesisCtx), g.height, 0, g.genesisTimeNs);
  };
  reserveState(s.core, genesisRecordCounts(g), s.limits.coreMemoryBytes, "the genesis");
  const { burnIds, burned } = initChain(g, {
    core: s.core, ledger: s.ledger, tiers: s.tiers, emission: s.emission, directory: s.directory,
    validators: s.validators, gov: s.gov, slashing: s.slashing, feegrant: s.feegrant, authz: s.authz, nft: s.nft, circuit: s.circuit, group: s.group, evidence: s.evidence, ibc: s.ibc, deliverGenTx,
    releaseParsed: s.store !== undefined, // dropGenesisRecords follows
  });
  s.burnIds = burnIds;
  s.burned = burned;
  seedGovernedParams(s.params, s.genesisDoc);
  if (g.height > 0n) s.restoredAnnual = minterOf(s);
}

/** An exported state as this chain's first block (at the exported height): every record written. */
function importState(s: AppState, state: NonNullable<Genesis["nodeState"]>): void {
  checkStateFormat("app_state.node_state", state.stateFormat, s.core);
  const counts = new Map<number, number>();
  for (const r of state.records) counts.set(r.table, (counts.get(r.table) ?? 0) + 1);
  reserveState(s.core, counts, s.limits.coreMemoryBytes, "app_state.node_state");
  const records = state.records.map((r) => {
    restoreRecord(s, r.table, r.bytes, "node_state");
    return { table: r.table, key: recordKey(r.bytes), bytes: Buffer.from(r.bytes) };
  });
  for (const a of state.accounts) s.directory.load({ ...a }, true);
  s.burnIds = s.genesis.inflation.params.burnedAddresses.map((a) => s.directory.ensure(a));
  s.burned = s.burnIds.reduce((t, id) => t + s.ledger.balance(id), 0n);
  s.ledger.restore(state.height, s.burned);
  for (const g of state.gov) loadModuleRecord(s, g.key, g.value, true);
  s.restoredAnnual = minterOf(s);
  commitBlock(s, { height: state.height, firstHeight: state.height, timeNs: state.timeNs, stepNs: 0n }, [], records, state.blockHash);
  if (state.seedHash !== undefined) s.lastSeed = state.seedHash;
}

/**
 * A record of the table x/gov, x/slashing and the validator registry share, to its module by its
 * key; `imported`: from an exported state, so written with the first block.
 */
export function loadModuleRecord(s: AppState, key: string, value: string, imported: boolean): void {
  const module = key.startsWith("s/") ? s.slashing : Bank.owns(key) ? s.bank : Authz.owns(key) ? s.authz : Feegrant.owns(key) ? s.feegrant : Nft.owns(key) ? s.nft : Upgrade.owns(key) ? s.upgrade : Circuit.owns(key) ? s.circuit : GroupStore.owns(key) ? s.group.store : Evidence.owns(key) ? s.evidence : IbcStore.owns(key) ? s.ibc : GovernedParams.owns(key) ? s.params : ValidatorRegistry.owns(key) ? s.validators : DelayedSets.owns(key) ? s.delayedSets : s.gov;
  if (imported) module.importRecord(key, value);
  else module.load(key, value);
}

/** One stored record into the core (not journaled: it is durable already) and the hash. */
function restoreRecord(s: AppState, table: number, bytes: Uint8Array, source: string): void {
  const x = s.core.exports;
  if (table >= x.storeTableCount() || bytes.length !== x.storeRecordSize(table)) {
    throw new NodeStateError(`${source}: record of table ${table} does not fit this core build`);
  }
  const ptr = x.bufferPtr();
  new Uint8Array(x.memory.buffer, ptr, bytes.length).set(bytes);
  x.storeRestore(table, ptr);
  s.hash.put(table, keyOf(bytes), bytes);
}

/**
 * A restart: the database's records, accounts and module records back; the hash checked. `lean`
 * (a node's own database): the hash keeps no digests and the accounts are read when touched, both
 * from `store`. Not lean (a query worker's replica, whose database runs ahead of it while it
 * catches up): everything held in memory, nothing read later from the database.
 */
export function restore(s: AppState, store: NodeStore, { lean = true }: { lean?: boolean } = {}): void {
  const last = store.lastBlock();
  if (last === undefined) throw new NodeStateError(`${store.path}: genesis without its block`);
  s.genesisCommitted = true;
  const counts = store.recordCounts();
  reserveState(s.core, counts, s.limits.coreMemoryBytes, store.path);
  if (lean) s.hash.settle(storeSource(s)); // the database holds the state: the hash keeps no digest of it
  // Lean: the records' and accounts' digests summed in bulk (on a worker past a size: stored-digests.ts)
  // while the core is filled; the sum is awaited below, before the app hash is compared.
  const digests = lean ? digestSum([...counts.values()].reduce((t, n) => t + n, 0)) : undefined;
  try {
    for (const c of store.recordChunks()) {
      placeChunk(s, c, store.path, digests === undefined);
      digests?.add(c.bytes, c.size + 4);
    }
    // the accounts stay in the database: read when touched (modules/auth/directory.ts)
    if (digests !== undefined) {
      s.directory.settle(store);
      hashAccounts(store, digests);
    } else {
      for (const a of store.eachAccount()) {
        s.directory.load(a);
        s.hash.addStored(AUTH_TABLE, `${a.id}`, authBytes(a));
      }
    }
    for (const g of store.govRecords()) {
      loadModuleRecord(s, g.key, g.value, false);
      s.hash.addStored(GOV_TABLE, g.key, utf8ToBytes(g.value));
    }
    if (digests !== undefined) s.hash.addStoredSum(digests.finish());
  } finally {
    digests?.close();
  }
  s.applyInflationParams();
  s.burnIds = s.genesis.inflation.params.burnedAddresses.map((a) => s.directory.ensure(a));
  s.directory.takeDirty(); // burned addresses are known since genesis: nothing new
  s.burned = s.burnIds.reduce((t, id) => t + s.ledger.balance(id), 0n);
  s.ledger.restore(last.height, s.burned);
  const timeNs = last.timeNs + (last.height - last.firstHeight) * last.stepNs;
  s.last = { height: last.height, timeNs, hash: last.hash, appHash: s.hash.hex(), txCount: last.txCount };
  s.durable = s.last;
  // x/mint's Minter as the last block left it (older rows: derived from the supply after it)
  if (last.height > 0n) s.restoredAnnual = last.annualProvisions ?? minterOf(s);
  const lastTxs = last.header === undefined ? [] : store.txsAt(last.height);
  s.lastSeed = last.header === undefined
    ? last.hash
    : seedHash(s.genesis.chainId, last.height, timeNs, last.appHash, lastTxs.map((t) => t.hash));
  if (last.header !== undefined) {
    s.headerCarry = {
      signatures: (JSON.parse(last.header) as StoredHeader).signatures,
      results: lastTxs.map((t) => ({
        code: t.code, data: t.data ?? new Uint8Array(), gasWanted: t.gasWanted ?? 0n, gasUsed: t.gasUsed ?? 0n,
      })),
      signers: undefined,
    };
  }
  if (s.last.appHash !== last.appHash) {
    throw new NodeStateError(
      `${store.path}: state hash ${s.last.appHash} after restore differs from block ${last.height}'s ${last.appHash}; ` +
        "the database is damaged or was made by another build (npm run replay -- --db PATH checks it block by block)",
    );
  }
}

/**
 * Records are the core's bytes: read them only with the format they were written in (a record
 * of the same size may mean something else in another format).
 */
export function checkStateFormat(source: string, format: number, core: Core): void {
  const own = core.exports.stateFormat();
  if (format === own) return;
  throw new NodeStateError(
    `${source}: written in state format ${format}; this build reads format ${own}: start a new database ` +
      "(--db), or use the build that wrote it",
  );
}

/**
 * A database this build can restart: one whose genesis is in the node's former format (releases
 * before 9ddcdb2, 2026-11-27, wrote their own document, not the SDK's) is refused before anything
 * is written to it, naming the release that wrote it where the database says.
 */
export function checkRelease(source: string, stored: StoredRelease): void {
  if (!stored.formerGenesis) return;
  const by = stored.writtenBy ?? "a release of this node before 9ddcdb2 (2026-11-27)";
  throw new NodeStateError(
    `${source}: written by ${by}, which kept the chain's genesis in the node's former format (app_state.bank.burned_balance); ` +
      "this build restarts only databases whose genesis is the SDK's document, and left this one untouched. " +
      "Keep running that chain with the release that wrote it (its GET /dev/export saves its state), or start a new one " +
      "here on another --db (with --genesis an SDK genesis, e.g. chain-maind's export)",
  );
}

/**
 * x/mint's Minter.AnnualProvisions at a chain's first height here (an imported document, a
 * restart): the document's, else the rate at that height on the supply now.
 */
function minterOf(s: AppState): bigint {
  const kept = s.genesis.mint.minter?.annualProvisions;
  if (kept !== undefined && !s.genesisCommitted) return kept;
  const e = s.emission;
  return e.provisions(e.rateAt(s.last.height === 0n ? s.genesis.height : s.last.height), e.last().totalSupply).annual;
}
