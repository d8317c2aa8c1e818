// The application: the chain's state machine behind an ABCI-shaped seam. Info, CheckTx,
// FinalizeBlock, Commit and Query are what its drivers call — the embedded block clock
// (drivers/embedded.ts) and CometBFT (drivers/abci.ts) — and nothing it does depends on which
// one runs it. A block is executed by FinalizeBlock (block.ts) and made durable by Commit
// (commit.ts): one SQLite transaction with the block, its txs and every record it changed, and a
// state hash over all records as its app hash. Restart restores the database (init.ts) and
// checks that hash; replay re-executes every stored block.
//
// A failure inside a block (a bug, a disk that refuses the commit) leaves the core part-way: the
// application halts: it executes nothing more, the routes answer 503 instead of serving that
// state, and the command line exits (status 3); a restart resumes from the last committed block.
// No tx can cause it: CheckTx refuses a fee that cannot be paid, and a tx hash may be stored at
// two heights.

import type { GovernedParams } from "../modules/gov/governed-params.js";
import type { Core } from "../core/core.js";
import type { Emission } from "../core/emission.js";
import type { Ledger } from "../core/ledger.js";
import type { Tiers } from "../core/tiers.js";
import { slimGenesisDoc, type Genesis, type Json } from "./genesis.js";
import { NodeStore, type StoredBlock, type StoredTx } from "../store/store.js";
import type { GenesisBytes } from "../store/genesis-bytes.js";
import { exportGenesis, exportGenesisStream, type ExportStream } from "./export.js";
import { coreMemory, tableStats, type CoreMemory } from "../core/memory.js";
import { delegatedPositions } from "../modules/gov/tally-view.js";
import type { Gov, TallyCounts } from "../modules/gov/keeper.js";
import type { Slashing } from "../modules/slashing/keeper.js";
import type { Authz } from "../modules/authz/keeper.js";
import type { Bank } from "../modules/bank/keeper.js";
import { parseConsensusInfo } from "../modules/slashing/keeper.js";
import type { ValidatorRegistry } from "../modules/staking/validators.js";
import type { NodeDirectory } from "../modules/auth/directory.js";
import type { Feegrant } from "../modules/feegrant/keeper.js";
import type { MessageRegistry } from "./registry.js";
import { decodeTxKept } from "./decoded-txs.js";
import type { VerifiedTx } from "./ante/verify.js";
import { checkTx } from "./ante.js";
import { simulate } from "./deliver.js";
import { runBlock, upgradeDue, type BlockInput } from "./block.js";
import { consensusValidators, persist } from "./commit.js";
import { checkRelease, checkStateFormat, configure, initGenesis, restore } from "./init.js";
import { blockCheatsOf } from "./cheats.js";
import { History, storedTxBytes, type BlockWithTxs } from "../framework/history.js";
import { AppState, type AdmissionOptions } from "./state.js";
import type { Pending } from "./mempool.js";
import type { ConsensusValidator } from "../framework/header.js";
import type { TxEvent } from "../framework/events.js";
import type { BlockSummary, ChainView, ValidatorInfo } from "../framework/view.js";
import {
  ChainStateError, NodeStateError, type BlockHeader, type CommittedBlock, type SimulationResult, type TxResult,
} from "../framework/types.js";

export interface ApplicationOptions extends AdmissionOptions {
  /** Called once if a block fails part-way: the application halts (executes nothing more) but still answers. */
  onHalt?: (error: Error) => void;
}

export interface OpenOptions extends ApplicationOptions {
  /** SQLite file (created with the genesis if absent). */
  dbPath: string;
}

/** A tx CheckTx admitted into the mempool: settled once a committed block holds it. */
export type PendingTx = Pending<TxResult>;

/**
 * Open the node's database: a new one gets `genesisDoc` (block 0, InitChain); an existing one is
 * restored (its own genesis), its state hash checked against its last block. Throws NodeStateError.
 */
export function openState(core: Core, genesisDoc: Json, options: OpenOptions, carry: { directory?: NodeDirectory } = {}): AppState {
  // The format is checked before the store's setup writes anything to an existing database.
  // A database of an earlier release is migrated in one transaction, committed once its state hash is checked.
  const store = new NodeStore(options.dbPath, {
    checkFormat: (format) => checkStateFormat(`${options.dbPath}`, format, core),
    checkRelease: (stored) => checkRelease(`${options.dbPath}`, stored),
    holdMigration: true,
  });
  try {
    // The parameters only (the records are in the database): a mainnet-sized genesis is not read again.
    const slim = store.genesisSlim() ?? slimOf(store.genesis());
    if (slim === undefined) {
      // `carry`: dev mode's loadState keeps the directory object the query routes hold (dev/chain.ts).
      const s = new AppState(core, genesisDoc, options, store, carry);
      configure(s);
      initGenesis(s);
      store.opened();
      return s;
    }
    const s = new AppState(core, JSON.parse(slim) as Json, options, store, { restarted: true });
    configure(s);
    restore(s, store);
    store.opened();
    return s;
  } catch (e) {
    store.close();
    throw e;
  }
}

/** A database's genesis without its records (one written before the slim copy was kept). */
const slimOf = (doc: string | undefined): string | undefined => (doc === undefined ? undefined : JSON.stringify(slimGenesisDoc(JSON.parse(doc) as Json)));

/**
 * A chain on `genesisDoc` in memory only (no database): for what-if runs such as the CLI's
 * projection. Genesis is loaded exactly as `openState` loads it into a new database.
 */
export function memoryState(core: Core, genesisDoc: Json, options: AdmissionOptions = {}): AppState {
  const s = new AppState(core, genesisDoc, options, undefined);
  configure(s);
  initGenesis(s);
  return s;
}

export class Application implements ChainView {
  private s: AppState;
  private history: History;
  private readonly haltCallback: (error: Error) => void;
  private haltReason: Error | null = null;

  /** Internal: the factories below build the state (AppState is host/app's own). */
  constructor(s: AppState, options: ApplicationOptions) {
    this.s = s;
    this.history = new History(s.genesis.chainId, s.store);
    this.haltCallback = options.onHalt ?? (() => {});
  }

  /**
   * Re-execute every block of a database from its genesis in this fresh core, checking each
   * block's state hash. Reports progress per block row; throws NodeStateError at the first mismatch.
   */
  static replay(core: Core, dbPath: string, progress: (height: bigint, of: bigint) => void = () => {}): BlockSummary {
    const store = new NodeStore(dbPath, { readonly: true });
    try {
      const stored = store.genesis();
      if (stored === undefined) throw new NodeStateError(`${dbPath}: no genesis: not a node database`);
      checkStateFormat(dbPath, store.stateFormat(), core);
      const s = new AppState(core, JSON.parse(stored) as Json, { headers: true }, undefined);
      configure(s);
      const top = store.lastBlock()!.height;
      let first = true;
      for (const row of store.blocks()) {
        if (first) initGenesis(s);
        else replayBlock(s, row, store.txsAt(row.height));
        if (s.last.appHash !== row.appHash) {
          throw new NodeStateError(`replay diverged at height ${row.height}: state hash ${s.last.appHash}, stored ${row.appHash}`);
        }
        progress(row.height, top);
        first = false;
      }
      return { ...s.last };
    } finally {
      store.close();
    }
  }

  // ---- ABCI ----

  /** Info: the last block in the database (CometBFT's handshake replays any block after it). */
  info(): BlockSummary {
    return { ...this.s.durable };
  }

  /**
   * CheckTx against the check state (the last block plus the txs admitted since). `mempool`: the
   * tx is admitted (its sequence and fee count for the signer's next tx) and returned pending;
   * `check`: CometBFT's `check_tx` RPC, nothing admitted. Throws TxError.
   */
  checkTx(tx: Uint8Array, mode: "mempool" | "check"): { verified: VerifiedTx; pending?: PendingTx; gasUsed: bigint } {
    this.assertLive();
    const { verified, gasUsed } = checkTx(this.s, decodeTxKept(tx), mode === "mempool");
    if (mode === "check") return { verified, gasUsed };
    const pending: PendingTx = { verified, done: [] };
    this.s.mempool.add(pending);
    return { verified, pending, gasUsed };
  }

  /** The tx run on the check state and undone (REST simulate, the gRPC Service/Simulate). Throws TxError or SimulationError. */
  simulate(txBytes: Uint8Array): SimulationResult {
    this.assertLive();
    return simulate(this.s, txBytes);
  }

  /**
   * FinalizeBlock: the block executed on the last one's state, its results, events and app hash.
   * Nothing is durable until `commit`. A failure part-way halts the application.
   */
  finalizeBlock(b: BlockInput, check?: (results: TxResult[]) => void): { results: TxResult[]; events: TxEvent[]; appHash: string } {
    this.assertLive();
    if (this.s.uncommitted !== undefined) {
      throw new NodeStateError(`FinalizeBlock at height ${b.height}, but block ${this.s.uncommitted.height} awaits its Commit`);
    }
    if (b.height !== this.s.last.height + 1n) throw new NodeStateError(`FinalizeBlock at height ${b.height}, but the app is at ${this.s.last.height}`);
    upgradeDue(this.s, b); // x/upgrade's PreBlocker: a plan due stops the chain here (UpgradeNeeded), nothing of the block run
    let out: { results: TxResult[]; events: TxEvent[] } | undefined;
    this.guard(() => {
      out = runBlock(this.s, b, "at-commit", check);
    });
    return { ...out!, appHash: this.s.last.appHash };
  }

  /** Commit: the block FinalizeBlock executed made durable; the check state starts again from it. */
  commit(): void {
    const pending = this.s.uncommitted;
    if (pending !== undefined) this.guard(() => persist(this.s, pending));
  }

  /** The block FinalizeBlock executed whose Commit has not come yet, if any. */
  get uncommittedHeight(): bigint | undefined {
    return this.s.uncommitted?.height;
  }

  /** The txs CheckTx admitted, to make a block of: at most `maxTxs`, whose gas limits fit `maxGas` (< 0: all); the rest wait. */
  reapMempool(maxGas: bigint, maxTxs?: number): PendingTx[] {
    return this.s.mempool.reap(maxGas, maxTxs);
  }

  /** Dev mode's revert and loadState (dev/chain.ts): `next` in place of the state, the commit listeners kept. */
  replaceState(next: AppState): void {
    for (const l of this.s.commitListeners) next.commitListeners.add(l);
    this.s = next;
    this.history = new History(next.genesis.chainId, next.store);
  }

  /** CometBFT's recheck after a commit: the check state starts again from the committed block. */
  clearCheckState(): void {
    this.s.mempool.reap(-1n);
  }

  /** The state itself: for dev mode's snapshots and reverts (dev/chain.ts), which copy and rebuild it. */
  get state(): AppState {
    return this.s;
  }

  get halted(): Error | null {
    return this.haltReason;
  }

  /** Run a state change; a failure halts the application (crash-only: a restart resumes from the database). */
  guard(make: () => void): void {
    this.assertLive();
    try {
      make();
    } catch (e) {
      const failure = e instanceof Error ? e : new Error(String(e));
      this.haltReason = failure;
      this.s.last = this.s.durable; // the block that failed is void: the chain is at its last committed one
      this.onHalted(failure);
      throw new ChainStateError(`chain halted at height ${this.s.durable.height}: ${failure.message}`);
    }
  }

  /** After a halt: the caller's callback (a driver also stops its clock). */
  protected onHalted(failure: Error): void {
    this.haltCallback(failure);
  }

  assertLive(): void {
    if (this.haltReason) throw new ChainStateError(`chain halted at height ${this.s.durable.height}: ${this.haltReason.message}`);
  }

  // ---- what queries and renderers read (ChainView) ----

  get genesis(): Genesis { return this.s.genesis; }
  get genesisDoc(): Json { return this.s.genesisDoc; }
  /** The genesis document's bytes as CometBFT would hold them (`/genesis_chunked`). */
  genesisBytes(): GenesisBytes { return this.s.genesisBytes(); }
  /** The genesis's parameters without its records (what queries read of it). */
  get genesisParams(): Json { return this.s.genesisParams; }

  get chainId(): string {
    return this.s.genesis.chainId;
  }

  get denom(): string {
    return this.s.denom;
  }

  get bondDenom(): string {
    return this.s.denom;
  }

  get ledger(): Ledger {
    return this.s.ledger;
  }

  get tiers(): Tiers {
    return this.s.tiers;
  }

  get emission(): Emission {
    return this.s.emission;
  }

  get directory(): NodeDirectory {
    return this.s.directory;
  }

  get registry(): MessageRegistry { return this.s.registry; }

  // The modules' keepers, as their queries read them (x/bank's: its params and send-enabled flags).
  get gov(): Gov { return this.s.gov; }
  get slashing(): Slashing { return this.s.slashing; }
  get bank(): Bank { return this.s.bank; }
  get authz(): Authz { return this.s.authz; }
  get feegrant(): Feegrant { return this.s.feegrant; }
  get nft(): AppState["nft"] { return this.s.nft; } // chain-main's x/nft
  get upgrade(): AppState["upgrade"] { return this.s.upgrade; }
  get circuit(): AppState["circuit"] { return this.s.circuit; }
  get group(): AppState["group"] { return this.s.group; } // x/group
  get evidence(): AppState["evidence"] { return this.s.evidence; } // x/evidence
  get ibc(): AppState["ibc"] { return this.s.ibc; } // IBC

  /** The block gas limit the next block is made with (consensus params: governance's, else the genesis's; -1: none). */
  maxGas(): bigint {
    return this.s.maxGas();
  }

  /** The params governance set (absent: the genesis's). */
  get params(): GovernedParams { return this.s.params; }
  get validators(): ValidatorRegistry { return this.s.validators; }

  /** The last block's height and time. */
  get latest(): BlockHeader {
    return { chainId: this.s.genesis.chainId, height: this.s.last.height, timeNs: this.s.last.timeNs };
  }

  latestBlock(): BlockSummary {
    return { ...this.s.last };
  }

  /** The last block made durable: what ABCI Info reports. */
  latestDurable(): BlockSummary {
    return this.info();
  }

  /** The last commit: records written or deleted, and milliseconds from journal to durable. */
  get lastCommit(): { records: number; ms: number } {
    return this.s.lastCommit;
  }

  /** Transactions waiting for the next block. */
  get pending(): number {
    return this.s.mempool.size;
  }

  /** Txs waiting for a block, in arrival order. */
  unconfirmedTxs(): { count: number; bytes: number; txs: Uint8Array[] } {
    return { count: this.s.mempool.size, bytes: this.s.mempool.totalBytes, txs: this.s.mempool.txBytes() };
  }

  /** x/mint inflation: the rate of the last block (of block 1 before any). */
  inflation(): bigint {
    return this.s.emission.rateAt(this.s.last.height === 0n ? 1n : this.s.last.height);
  }

  /**
   * x/mint's Minter.AnnualProvisions: the last block's, computed from the supply before its mint
   * (as the chain stores it); before any block, block 1's.
   */
  annualProvisions(): bigint {
    return this.s.minterAnnual();
  }

  totalSupply(): bigint {
    return this.s.emission.last().totalSupply;
  }

  supplyOf(denom: string): bigint {
    return denom === this.s.denom ? this.totalSupply() : 0n;
  }

  /** x/inflation's params now: the genesis's, or what a passed MsgUpdateParams set. */
  inflationParams(): Genesis["inflation"]["params"] {
    return this.s.inflationParams();
  }

  txResult(hash: string): TxResult | undefined {
    return this.history.txResult(hash);
  }

  searchTxs(query: string, o: { page: number; limit: number; desc: boolean }): { total: number; txs: TxResult[] } {
    return this.history.searchTxs(query, o);
  }

  blockTxs(height: bigint): BlockWithTxs | undefined {
    return this.history.blockTxs(height);
  }

  /** The height of the block with this hash (history.ts: SQLite, no block read; inside a run of empty blocks, from `runsFrom`). */
  heightOfBlockHash(hash: string, runsFrom: bigint): bigint | undefined {
    return this.history.heightOfBlockHash(hash, runsFrom);
  }

  /** The bonded validators by power (then operator order): the set a block's header commits to. */
  consensusValidators(): ConsensusValidator[] {
    return consensusValidators(this.s);
  }

  /** A validator's description, commission limits and consensus key (modules/staking/validators.ts). */
  validatorInfo(id: number): ValidatorInfo | undefined {
    const v = this.s.validators.meta(id);
    if (v === undefined) return undefined;
    return { description: v.description, consensusPubKey: v.pub, maxRate: v.maxRate, maxChangeRate: v.maxChangeRate, updateTimeNs: v.updateTimeNs };
  }

  /** A proposal's tally now (x/gov's TallyResult query during its voting period). */
  currentTally(proposalId: bigint): TallyCounts | undefined {
    const p = this.s.gov.proposal(proposalId);
    return p === undefined ? undefined : this.s.gov.tally(p, this.s.tallyView()).counts;
  }

  /** x/tieredrewards' VotingPowerByOwner: the owner's delegated positions, by the tally's own function. */
  ownerVotingPower(owner: string): bigint {
    const view = this.s.tallyView();
    return this.s.gov.positionsPower(view.positions(owner), view);
  }

  /** x/tieredrewards' TotalDelegatedVotingPower: every delegated position, by the tally's own function. */
  totalDelegatedVotingPower(): bigint {
    return this.s.gov.positionsPower(delegatedPositions(this.s.tiers, "all"), this.s.tallyView());
  }

  /** Called after each committed block (a run of empty blocks: once, for its last height); returns the unsubscriber. */
  onCommit(listener: (b: CommittedBlock) => void): () => void {
    this.s.commitListeners.add(listener);
    return () => this.s.commitListeners.delete(listener);
  }

  /** The last committed state as a genesis document (host/app/export.ts): whole, or written a piece at a time from one snapshot (close it after); undefined without a database. */
  exportGenesis(): Json | undefined { return this.s.store && exportGenesis(this, this.s.core, this.s.store); }
  exportGenesisStream(): ExportStream | undefined { return this.s.store && exportGenesisStream(this, this.s.core, this.s.store); }

  /** The core's memory: bytes used, its tables' next growth, the ceiling (host/core/memory.ts). */
  coreMemory(): CoreMemory {
    return coreMemory(this.s.core, this.s.limits.coreMemoryBytes);
  }

  /**
   * What the node holds beside the V8 heap (GET /dev/memory, bench/soak.ts): the core's linear
   * memory and its heap's top, SQLite's page cache bound, the mempool, the commit listeners.
   */
  memoryReport(): {
    wasmBytes: number; wasmUsedBytes: number; sqlitePageCacheLimitBytes: number; sqliteStatements: number;
    mempoolTxs: number; mempoolBytes: number; commitListeners: number;
  } {
    return {
      wasmBytes: this.s.core.exports.memory.buffer.byteLength,
      wasmUsedBytes: this.s.core.exports.heapTop(),
      sqlitePageCacheLimitBytes: this.s.store?.pageCache().limitBytes ?? 0,
      sqliteStatements: this.s.store?.statementCount ?? 0,
      mempoolTxs: this.s.mempool.size,
      mempoolBytes: this.s.mempool.totalBytes,
      commitListeners: this.s.commitListeners.size,
    };
  }

  /** The core's tables: records, slot and index bytes (host/core/memory.ts). */
  coreTables(): ReturnType<typeof tableStats> {
    return tableStats(this.s.core);
  }

  /** Invariants of the ledger and the positions (names of the broken ones). */
  checkInvariants(): string[] {
    return [...this.s.ledger.checkInvariants(), ...this.s.tiers.checkInvariants()];
  }

  /** Close the database (the driver stops first). */
  closeStore(): void {
    this.s.store?.close();
  }
}

/**
 * A stored block again. Each tx is verified against the state its predecessors left, as at
 * delivery; one that fails there (a sequence gone stale) changed nothing then and does not now.
 */
export function replayBlock(s: AppState, row: StoredBlock, txs: StoredTx[], durability: Parameters<typeof runBlock>[2] = "now"): void {
  if (row.firstHeight !== s.last.height + 1n) {
    throw new NodeStateError(`replay: block row ${row.firstHeight}..${row.height} does not follow height ${s.last.height}`);
  }
  if (row.txCount === 0 && row.stepNs !== 0n) {
    runBlock(s, { height: row.firstHeight, timeNs: row.timeNs, run: { count: row.height - row.firstHeight + 1n, stepNs: row.stepNs } }, durability);
    return;
  }
  if (row.height !== row.firstHeight) throw new NodeStateError(`replay: block row ${row.firstHeight}..${row.height} holds txs`);
  // A block CometBFT decided kept the commit info it was given: x/slashing runs from it again.
  const consensus = row.consensus === undefined ? undefined : parseConsensusInfo(row.consensus);
  // Dev mode's cheat codes are in the block's events (cheats.ts): made again, as before its txs.
  const cheats = blockCheatsOf(row.events);
  const input = { height: row.height, timeNs: row.timeNs, txs: txs.map((t) => ({ tx: storedTxBytes(t) })), ...(consensus ? { consensus } : {}), ...(cheats ? { cheats } : {}) };
  runBlock(s, input, durability, (results) => {
    results.forEach((r, i) => {
      const stored = txs[i]!;
      if (stored.gasUsed !== null && stored.gasUsed !== r.gasUsed) {
        throw new NodeStateError(`replay diverged at height ${row.height}: tx ${r.hash} used ${r.gasUsed} gas, stored ${stored.gasUsed}`);
      }
    });
  });
}
