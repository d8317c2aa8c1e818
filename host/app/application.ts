// The node's chain: the ledger in the core, blocks made by a clock, every block committed to
// SQLite with the state records it changed, a state hash over all records, restart from the
// database and replay from genesis.
//
// A block: BeginBlock (mint, top-up, distribution) with the last validator set's votes, the
// mempool's transactions in arrival order while their gas limits fit the consensus max_gas (fee
// and sequence first, then the messages as one store transaction: a failing message, or running
// out of gas (gas/), reverts the tx but not its fee and sequence, as in the SDK), EndBlock (validator set, maturities), then one SQLite transaction. The simulated clock makes
// runs of empty blocks in one core call (Ledger.advance) and stores each run as one row.
//
// A failure inside a block (a bug, a disk that refuses the commit) leaves the core part-way: the
// chain halts: it makes no more blocks, the routes answer 503 instead of serving that state, and
// the command line exits (status 3); a restart resumes from the last committed block. No tx can
// cause it: CheckTx refuses a fee that cannot be paid, and a tx hash may be stored at two heights.

import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { base64 } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import type { Core } from "../core/core.js";
import { Emission } from "../core/emission.js";
import { Ledger, ModuleAccount } from "../core/ledger.js";
import { Tiers } from "../core/tiers.js";
import type { ClockMode } from "../config.js";
import { LAST_TIME_TEXT, MAX_DURATION_NS } from "../wire/duration.js";
import { ValidationError } from "../errors.js";
import {
  ACCOUNT_PREFIX, VALIDATOR_PREFIX, bondDenom, emissionGenesisState, emissionParams, parseGenesis,
  inflationParamsFrom, type Genesis, type Json,
} from "./genesis.js";
import { accountAddressBytes, encodeAddress } from "../wire/address.js";
import { MessageRegistry, registerBankMessages } from "./registry.js";
import { SdkErrors, TxError } from "./errors.js";
import { coinsString } from "../modules/bank/coins.js";
import { decodeTx } from "../wire/amino/stdtx.js";
import { registerGovMessages, type ProposalMessage } from "../modules/gov/validate.js";
import { registerStakingMessages } from "../modules/staking/validate.js";
import { verifyDecodedTx, type VerifiedTx } from "./ante/verify.js";
import { DEFAULT_LIMITS, type Limits } from "../limits.js";
import { StoreMeter, outOfGasDetail, requiredFees, staticGas, type GasPrice } from "./gas.js";
import { OutOfGas, TxGas, anteTxOf } from "./gas/tx-gas.js";
import { nodeView } from "./gas/view.js";
import { typeUrlOfAmino } from "../wire/messages.js";
import { registerTierMessages } from "../modules/tieredrewards/validate.js";
import { storedTypeUrls } from "../wire/tx.js";
import { moduleAddress } from "../modules/auth/keys.js";
import { registerTierHandlers } from "../modules/tieredrewards/messages.js";
import { NodeDirectory, type AccountRecord } from "../modules/auth/directory.js";
import { StateHash } from "../store/state-hash.js";
import { Mempool, type Pending } from "./mempool.js";
import { NodeStore, type RecordChange, type StoredBlock, type StoredTx } from "../store/store.js";
import { exportGenesis } from "./export.js";
import { beginBlockEvents } from "./block-events.js";
import { consensusSet } from "../modules/staking/consensus-key.js";
import { delegatedPositions, tallyView } from "../modules/gov/tally-view.js";
import { Gov, type TallyCounts, type TallyView } from "../modules/gov/keeper.js";
import { Slashing, consensusInfoText, parseConsensusInfo, slashingBeginBlock, type ConsensusInfo } from "../modules/slashing/keeper.js";
import { ValidatorRegistry, orderKey } from "../modules/staking/validators.js";
import { UndoJournal } from "./journal.js";
import { registerValidatorHandlers } from "../modules/staking/validator-messages.js";
import type { ValidatorInfo } from "./view.js";
import { registerGovHandlers } from "../modules/gov/messages.js";
import { makeHeader, seedHash, type CommitSigJson, type ConsensusValidator, type StoredHeader } from "./header.js";
import { resultData, txBytesHash, txBytesOf } from "../wire/tx.js";
import { parseTxQuery } from "../store/tx-search.js";
import { MessageHandlers, messageFailure } from "./handlers.js";
import type { MessageContext } from "./context.js";
import type { TxEvent } from "./events.js";
import { registerBankHandlers } from "../modules/bank/messages.js";
import { registerStakingHandlers } from "../modules/staking/messages.js";
import { registerDistributionHandlers } from "../modules/distribution/messages.js";
import { registerSlashingHandlers } from "../modules/slashing/messages.js";
import type { BlockSummary, ChainView } from "./view.js";
import { ADVANCE_CHUNK, ChainStateError, wallClockNs, type Advanced, type BlockHeader, type ChainOptions } from "./emission-chain.js";

/** Accounts are hashed with the records, as table AUTH_TABLE. */
const AUTH_TABLE = 0xffff_ffff;
/** x/gov's records (host/modules/gov/keeper.ts), hashed as table GOV_TABLE. */
const GOV_TABLE = 0xffff_fffe;
const REMOVED = 0x8000_0000;
const MIN_TIME_STEP_NS = 1_000_000n;

/** What the node admits at CheckTx (its policy, not consensus: a replay does not apply it). */
export interface AdmissionOptions {
  /** Tx and mempool limits (host/limits.ts); DEFAULT_LIMITS for those absent. */
  limits?: Partial<Limits>;
  /** `--minimum-gas-prices`, amounts as raw Decs (value x 10^18); none = no minimum. */
  minGasPrices?: readonly GasPrice[];
  /**
   * Make CometBFT headers and precommits for each single block (header.ts); default: when the
   * chain has a database. What-if runs in memory skip them (the ed25519 signatures of every block).
   */
  headers?: boolean;
}

export interface NodeChainOptions extends ChainOptions, AdmissionOptions {
  /** SQLite file (created with the genesis if absent). */
  dbPath: string;
}

/** A transaction's result, as stored and as GET /cosmos/tx/v1beta1/txs/{hash} shows it. */
export interface TxResult {
  hash: string;
  height: bigint;
  index: number;
  code: number;
  codespace: string;
  rawLog: string;
  events: TxEvent[];
  /** The POSTed body as JSON text. */
  body: string;
  timeNs: bigint;
  /** The tx's gas limit (fee.gas). */
  gasWanted: bigint;
  /** What the gas meter counted (above gasWanted for an out-of-gas tx, as the SDK reports). */
  gasUsed: bigint;
}

type PendingTx = Pending<TxResult>;

interface HeaderCarry {
  signatures: CommitSigJson[];
  results: { code: number; data: Uint8Array; gasWanted: bigint; gasUsed: bigint }[];
  /** The set that signs the next block (the last block's next set); undefined: the current one. */
  signers: ConsensusValidator[] | undefined;
}

/** The node's database does not match (hash, genesis, core build): refuse to start. */
export class NodeStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NodeStateError";
  }
}

export class NodeChain implements ChainView {
  readonly genesis: Genesis;
  readonly genesisDoc: Json;
  readonly clock: ClockMode;
  readonly blockTimeNs: bigint;
  readonly denom: string;
  readonly ledger: Ledger;
  readonly tiers: Tiers;
  /** x/gov v1: proposals, deposits, votes (host/modules/gov/keeper.ts). */
  readonly gov: Gov;
  /** x/slashing under CometBFT: signing infos from its commit info and evidence (host/modules/slashing/keeper.ts). */
  readonly slashing: Slashing;
  /** Validators' descriptions, commission limits and consensus keys (host/modules/staking/validators.ts). */
  readonly validators: ValidatorRegistry;
  readonly emission: Emission;
  readonly directory: NodeDirectory;
  readonly registry: MessageRegistry;
  readonly handlers: MessageHandlers;
  private readonly core: Core;
  private readonly hash = new StateHash();
  /** Undo steps of the tx being executed, for the records kept beside the core's (x/gov's, the validators'). */
  private readonly txJournal = new UndoJournal();
  private readonly store: NodeStore | undefined;
  private readonly now: () => bigint;
  private readonly onHalt: (error: Error) => void;
  private header: BlockHeader;
  private last: BlockSummary;
  private burnIds: number[] = [];
  private burned = 0n;
  private readonly mempool = new Mempool<TxResult>((tx) => this.bondFee(tx));
  private readonly limits: Limits;
  private readonly minGasPrices: readonly GasPrice[];
  private readonly meter: StoreMeter;
  private timer: NodeJS.Timeout | undefined;
  private haltReason: Error | null = null;
  private stopped = false;
  private queue: Promise<unknown> = Promise.resolve();
  /** The last commit: records written or deleted, and milliseconds from journal to durable. */
  lastCommit = { records: 0, ms: 0 };
  /** Whether the database holds the genesis (its first commit writes it). */
  private genesisCommitted = false;
  /** What the next block's header takes from the last one (header.ts): its precommits, results and signing set. */
  private headerCarry: HeaderCarry = { signatures: [], results: [], signers: undefined };
  /**
   * The last block's seed hash (seedHash): what the next block's position delegator addresses
   * derive from, the same whether or not the chain makes CometBFT headers (a simulation does not).
   */
  private lastSeed = "";
  private readonly makesHeaders: boolean;
  /** The x/inflation params text last given to the emission engine (undefined: the genesis's). */
  private appliedInflation: string | undefined;
  /** Under CometBFT: the block FinalizeBlock executed, written at its Commit. */
  private uncommitted: UncommittedBlock | undefined;
  /** The last block in the database (the last one, but for a block awaiting its Commit). */
  private durable: BlockSummary;

  private constructor(core: Core, genesisDoc: Json, options: ChainOptions & AdmissionOptions, store: NodeStore | undefined) {
    if (options.blockTimeNs <= 0n) throw new RangeError("block time must be positive");
    this.core = core;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.minGasPrices = options.minGasPrices ?? [];
    this.meter = new StoreMeter(core);
    this.genesisDoc = genesisDoc;
    this.genesis = parseGenesis(genesisDoc, core.dec);
    this.clock = options.clock;
    this.blockTimeNs = options.blockTimeNs;
    this.denom = bondDenom(this.genesis);
    this.now = options.now ?? wallClockNs;
    this.onHalt = options.onHalt ?? (() => {});
    this.store = store;
    this.makesHeaders = options.headers ?? store !== undefined;
    this.ledger = new Ledger(core);
    this.tiers = new Tiers(core);
    this.emission = new Emission(core);
    this.directory = new NodeDirectory(ACCOUNT_PREFIX, VALIDATOR_PREFIX);
    this.registry = registerGovMessages(registerTierMessages(registerStakingMessages(registerBankMessages(new MessageRegistry()))));
    this.handlers = registerValidatorHandlers(registerGovHandlers(registerTierHandlers(registerSlashingHandlers(registerDistributionHandlers(registerStakingHandlers(registerBankHandlers(new MessageHandlers())))))));
    this.slashing = new Slashing(this.genesis.slashing.params, core.dec);
    this.validators = new ValidatorRegistry(this.genesis.chainId, this.directory, this.txJournal);
    this.gov = new Gov(this.genesis.gov.params, {
      ledger: this.ledger, directory: this.directory, dec: core.dec, denom: this.denom, govAddress: moduleAddress("gov", ACCOUNT_PREFIX),
    }, this.txJournal);
    this.header = { chainId: this.genesis.chainId, height: 0n, timeNs: this.genesis.genesisTimeNs };
    this.last = { height: 0n, timeNs: this.genesis.genesisTimeNs, hash: "", appHash: "", txCount: 0 };
    this.durable = this.last;
    this.configure();
  }

  /**
   * Open the node's database: a new one gets `genesisDoc` (block 0); an existing one is restored
   * (its own genesis), its state hash checked against its last block. Throws NodeStateError.
   */
  static open(core: Core, genesisDoc: Json, options: NodeChainOptions): NodeChain {
    const store = new NodeStore(options.dbPath, { checkFormat: (format) => checkStateFormat(`${options.dbPath}`, format, core) });
    try {
      const stored = store.genesis();
      if (stored === undefined) {
        const chain = new NodeChain(core, genesisDoc, options, store);
        chain.initGenesis();
        return chain;
      }
      const chain = new NodeChain(core, JSON.parse(stored) as Json, options, store);
      chain.restore(store);
      return chain;
    } catch (e) {
      store.close();
      throw e;
    }
  }

  /**
   * A chain on `genesisDoc` in memory only (no database; simulated clock): for what-if runs such as
   * the CLI's projection. Genesis is loaded exactly as `open` loads it into a new database.
   */
  static inMemory(core: Core, genesisDoc: Json, blockTimeNs: bigint): NodeChain {
    const chain = new NodeChain(core, genesisDoc, { clock: "simulated", blockTimeNs }, undefined);
    chain.initGenesis();
    return chain;
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
      const chain = new NodeChain(core, JSON.parse(stored) as Json, { clock: "simulated", blockTimeNs: 1n, headers: true }, undefined);
      const top = store.lastBlock()!.height;
      let first = true;
      for (const row of store.blocks()) {
        if (first) chain.initGenesis();
        else if (row.txCount === 0 && row.stepNs !== 0n) chain.runEmpty(row.height - row.firstHeight + 1n, row.timeNs, row.stepNs);
        else chain.replayBlock(row, store.txsAt(row.height));
        if (chain.last.appHash !== row.appHash) {
          throw new NodeStateError(`replay diverged at height ${row.height}: state hash ${chain.last.appHash}, stored ${row.appHash}`);
        }
        progress(row.height, top);
        first = false;
      }
      return chain.latestBlock();
    } finally {
      store.close();
    }
  }

  // ---- setup ----

  /** Parameters live outside the tables: set them from the genesis on every start. */
  private configure(): void {
    const g = this.genesis;
    this.emission.configure(emissionParams(g));
    this.ledger.configure({
      communityTax: g.distribution.communityTax,
      targetBaseRewardsRate: g.tieredrewards.params.targetBaseRewardsRate,
    });
    this.ledger.configureStaking(g.staking.maxValidators, g.staking.powerReduction, g.staking.unbondingTimeNs);
    g.staking.validators.forEach((v, i) => this.validators.addGenesis(i, v));
  }

  /** Genesis into the core: balances, burned addresses, validators (bonded by EndBlock at height 0), tiers. */
  private initGenesis(): void {
    const g = this.genesis;
    if (g.nodeState) {
      this.importState(g.nodeState);
      return;
    }
    this.emission.setState(emissionGenesisState(g));
    for (const b of g.balances) this.ledger.genesisBalance(this.directory.ensure(b.address), b.amount);
    this.burnIds = g.inflation.params.burnedAddresses.map((a) => this.directory.ensure(a));
    this.burned = g.bank.burnedBalance;
    g.staking.validators.forEach((v, i) => {
      const account = this.directory.ensure(accountOf(v.operatorAddress));
      this.ledger.createValidatorWithSelfDelegation(i, account, v.commissionRate, v.selfDelegation, orderKey(v.operatorAddress));
    });
    for (const t of g.tieredrewards.tiers) {
      this.tiers.addTier({
        id: t.id, exitDuration: t.exitDurationNs / 1_000_000_000n, bonusApy: t.bonusApy, minLockAmount: t.minLockAmount, closeOnly: t.closeOnly,
      });
    }
    if (g.tieredrewards.nextPositionId > 0n) this.tiers.setNextPositionId(g.tieredrewards.nextPositionId);
    this.ledger.endBlock(0n, g.genesisTimeNs);
    this.commit({ height: 0n, firstHeight: 0n, timeNs: g.genesisTimeNs, stepNs: 0n }, []);
  }

  /** An exported state as this chain's first block (at the exported height): every record written. */
  private importState(state: NonNullable<Genesis["nodeState"]>): void {
    checkStateFormat("app_state.node_state", state.stateFormat, this.core);
    const records = state.records.map((r) => {
      this.restoreRecord(r.table, r.bytes, "node_state");
      return { table: r.table, key: recordKey(r.bytes), bytes: Buffer.from(r.bytes) };
    });
    for (const a of state.accounts) this.directory.load({ ...a }, true);
    this.burnIds = this.genesis.inflation.params.burnedAddresses.map((a) => this.directory.ensure(a));
    this.burned = this.burnIds.reduce((t, id) => t + this.ledger.balance(id), 0n);
    this.ledger.restore(state.height, this.burned);
    for (const g of state.gov) this.loadModuleRecord(g.key, g.value, true);
    this.commit({ height: state.height, firstHeight: state.height, timeNs: state.timeNs, stepNs: 0n }, [], records, state.blockHash);
    if (state.seedHash !== undefined) this.lastSeed = state.seedHash;
  }

  /**
   * A record of the table x/gov, x/slashing and the validator registry share, to its module by its
   * key; `imported`: from an exported state, so written with the first block.
   */
  private loadModuleRecord(key: string, value: string, imported: boolean): void {
    const module = key.startsWith("s/") ? this.slashing : ValidatorRegistry.owns(key) ? this.validators : this.gov;
    if (imported) module.importRecord(key, value);
    else module.load(key, value);
  }

  /** One stored record into the core (not journaled: it is durable already) and the hash. */
  private restoreRecord(table: number, bytes: Uint8Array, source: string): void {
    const x = this.core.exports;
    if (table >= x.storeTableCount() || bytes.length !== x.storeRecordSize(table)) {
      throw new NodeStateError(`${source}: record of table ${table} does not fit this core build`);
    }
    const ptr = x.bufferPtr();
    new Uint8Array(x.memory.buffer, ptr, bytes.length).set(bytes);
    x.storeRestore(table, ptr);
    this.hash.put(table, keyOf(bytes), bytes);
  }

  private restore(store: NodeStore): void {
    const last = store.lastBlock();
    if (last === undefined) throw new NodeStateError(`${store.path}: genesis without its block`);
    this.genesisCommitted = true;
    for (const r of store.records()) this.restoreRecord(r.table, r.bytes, store.path);
    for (const a of store.accounts()) {
      this.directory.load(a);
      this.hash.put(AUTH_TABLE, `${a.id}`, authBytes(a));
    }
    for (const g of store.govRecords()) {
      this.loadModuleRecord(g.key, g.value, false);
      this.hash.put(GOV_TABLE, g.key, utf8ToBytes(g.value));
    }
    this.applyInflationParams();
    this.burnIds = this.genesis.inflation.params.burnedAddresses.map((a) => this.directory.ensure(a));
    this.directory.takeDirty(); // burned addresses are known since genesis: nothing new
    this.burned = this.burnIds.reduce((t, id) => t + this.ledger.balance(id), 0n);
    this.ledger.restore(last.height, this.burned);
    const timeNs = last.timeNs + (last.height - last.firstHeight) * last.stepNs;
    this.header = { chainId: this.genesis.chainId, height: last.height, timeNs };
    this.last = { height: last.height, timeNs, hash: last.hash, appHash: this.hash.hex(), txCount: last.txCount };
    this.durable = this.last;
    this.lastSeed = last.header === undefined
      ? last.hash
      : seedHash(this.genesis.chainId, last.height, timeNs, last.appHash, store.txsAt(last.height).map((t) => t.hash));
    if (last.header !== undefined) {
      this.headerCarry = {
        signatures: (JSON.parse(last.header) as StoredHeader).signatures,
        results: store.txsAt(last.height).map((t) => ({ code: t.code, data: resultData({ code: t.code, body: t.body, events: JSON.parse(t.events) }), gasWanted: t.gasWanted ?? 0n, gasUsed: t.gasUsed ?? 0n })),
        signers: undefined,
      };
    }
    if (this.last.appHash !== last.appHash) {
      throw new NodeStateError(
        `${store.path}: state hash ${this.last.appHash} after restore differs from block ${last.height}'s ${last.appHash}; ` +
          "the database is damaged or was made by another build (npm run replay -- --db PATH checks it block by block)",
      );
    }
  }

  // ---- ChainView and what the routes read ----

  get chainId(): string {
    return this.genesis.chainId;
  }

  get bondDenom(): string {
    return this.denom;
  }

  get latest(): BlockHeader {
    return { ...this.header };
  }

  latestBlock(): BlockSummary {
    return { ...this.last };
  }

  get halted(): Error | null {
    return this.haltReason;
  }

  /** Transactions waiting for the next block. */
  get pending(): number {
    return this.mempool.size;
  }

  /** x/mint inflation: the rate of the last block (of block 1 before any). */
  inflation(): bigint {
    return this.emission.rateAt(this.header.height === 0n ? 1n : this.header.height);
  }

  /** x/mint annual provisions (raw Dec) at the last block's rate on the current supply. */
  annualProvisions(): bigint {
    return this.emission.provisions(this.inflation(), this.totalSupply()).annual;
  }

  totalSupply(): bigint {
    return this.emission.last().totalSupply;
  }

  supplyOf(denom: string): bigint {
    return denom === this.denom ? this.totalSupply() : 0n;
  }

  blocksIn(durationNs: bigint): bigint {
    return durationNs / this.blockTimeNs;
  }

  /** A committed transaction's result. */
  txResult(hash: string): TxResult | undefined {
    const t = this.store?.tx(hash.toUpperCase());
    return t && this.storedResult(t);
  }

  /** The committed txs matching a tx query (node/tx-search.ts), a page of them, and how many match. */
  searchTxs(query: string, o: { page: number; limit: number; desc: boolean }): { total: number; txs: TxResult[] } {
    const conditions = parseTxQuery(query);
    if (!this.store) return { total: 0, txs: [] };
    const found = this.store.searchTxs(conditions, { offset: (o.page - 1) * o.limit, limit: o.limit, desc: o.desc });
    return { total: found.total, txs: found.txs.map((t) => this.storedResult(t)) };
  }

  /** The bonded validators by power (then operator order): the set a block's header commits to. */
  consensusValidators(): ConsensusValidator[] {
    return consensusSet(this.ledger, this.directory, (id) => this.validators.key(id));
  }

  /** The CometBFT header of the block being committed (its state is the block's outcome), and what the next one carries. */
  private makeHeader(height: bigint, timeNs: bigint, results: TxResult[]): { stored: StoredHeader; hash: string } {
    const next = this.consensusValidators();
    const carry = this.headerCarry;
    const { stored, hash } = makeHeader({
      chainId: this.genesis.chainId, height, timeNs,
      ...(this.last.height > 0n && this.last.hash !== "" ? { lastBlockHash: hexToBytes(this.last.hash.toLowerCase()) } : {}),
      lastSignatures: carry.signatures, lastResults: carry.results,
      txs: results.map((r) => txBytesOf(r.body)),
      validators: carry.signers ?? next, nextValidators: next,
      maxGas: this.genesis.consensus.maxGas, appHash: this.last.appHash,
    });
    this.headerCarry = {
      signatures: stored.signatures,
      results: results.map((r) => ({ code: r.code, data: resultData(r), gasWanted: r.gasWanted, gasUsed: r.gasUsed })),
      signers: next,
    };
    return { stored, hash: bytesToHex(hash).toUpperCase() };
  }

  /**
   * The block at `height` and its txs in order; undefined if the chain has not made it. A block
   * inside a run of empty blocks (stored as one row) gets the run's app hash and a hash derived
   * from the run's and its height.
   */
  blockTxs(height: bigint): {
    header: BlockHeader; hash: string; appHash: string; txs: TxResult[]; events: TxEvent[]; comet?: StoredHeader;
  } | undefined {
    const row = this.store?.blockRowAt(height);
    if (!row) return undefined;
    const header = { chainId: this.genesis.chainId, height, timeNs: row.timeNs + (height - row.firstHeight) * row.stepNs };
    const txs = row.firstHeight === row.height ? this.store!.txsAt(height).map((t) => this.storedResult(t)) : [];
    const hash = height === row.height ? row.hash : bytesToHex(sha256(utf8ToBytes(`${row.hash}|${height}`))).toUpperCase();
    // A run of empty blocks is one row, made in one core call: its blocks' events were not kept.
    const events = row.events !== undefined && row.firstHeight === row.height ? (JSON.parse(row.events) as TxEvent[]) : [];
    const comet = row.header !== undefined && row.firstHeight === row.height ? (JSON.parse(row.header) as StoredHeader) : undefined;
    return { header, hash, appHash: row.appHash, txs, events, ...(comet ? { comet } : {}) };
  }

  /** A validator's description, commission limits and consensus key (node/validators.ts). */
  validatorInfo(id: number): ValidatorInfo | undefined {
    const v = this.validators.meta(id);
    if (v === undefined) return undefined;
    return { description: v.description, consensusPubKey: v.pub, maxRate: v.maxRate, maxChangeRate: v.maxChangeRate, updateTimeNs: v.updateTimeNs };
  }

  /** Txs waiting for a block: their bodies, in arrival order. */
  unconfirmedTxs(): { count: number; bytes: number; bodies: string[] } {
    const bodies = this.mempool.bodies();
    return { count: this.mempool.size, bytes: this.mempool.totalBytes, bodies };
  }

  private storedResult(t: StoredTx): TxResult {
    return {
      ...t, events: JSON.parse(t.events) as TxEvent[], timeNs: this.store!.blockTime(t.height),
      gasWanted: t.gasWanted ?? 0n, gasUsed: t.gasUsed ?? 0n,
    };
  }

  // ---- transactions ----

  /**
   * CheckTx: decode and verify (chain id, account number, sequence counting the txs already in
   * the mempool, signature, signer = each message's owner), fee in the bond denom; then queue it.
   * Throws TxError. Returns the tx hash and a promise of its result once in a committed block.
   */
  submit(body: unknown): { hash: string; included: Promise<TxResult> } {
    const verified = this.check(body, true);
    const pending: PendingTx = { verified, body: verified.body, done: [] };
    const included = new Promise<TxResult>((resolve, reject) => pending.done.push({ resolve, reject }));
    included.catch(() => {}); // nobody waits for a sync/async tx: its rejection on a halt is no crash
    this.mempool.add(pending);
    return { hash: verified.txHash, included };
  }

  /**
   * ABCI CheckTx (host/abci/): against the check state, the last block plus the txs CheckTx took
   * since (their sequences and fees, kept in the node's mempool, which CometBFT's replaces).
   */
  abciCheckTx(body: unknown): { hash: string; gasWanted: bigint; gasUsed: bigint } {
    const verified = this.check(body, false);
    this.mempool.add({ verified, body: verified.body, done: [] });
    return { hash: verified.txHash, gasWanted: verified.fee.gas, gasUsed: this.anteGas(verified, verified.fee.gas) };
  }

  /**
   * CometBFT's `check_tx` RPC: the app's CheckTx alone, against the check state, without the
   * mempool's size and cache checks and without queueing the tx. Throws TxError; returns the
   * gas wanted (the fee's limit) and the ante handler's gas (size and signatures).
   */
  checkTx(body: unknown): { hash: string; gasWanted: bigint; gasUsed: bigint } {
    const v = this.check(body, false);
    return { hash: v.txHash, gasWanted: v.fee.gas, gasUsed: this.anteGas(v, v.fee.gas) };
  }

  private check(body: unknown, forMempool: boolean): VerifiedTx {
    if (this.haltReason) throw new ChainStateError(`chain halted at height ${this.header.height}: ${this.haltReason.message}`);
    const decoded = decodeTx(body);
    const limits = this.limits;
    // CometBFT's mempool before the app: the tx's size, room in the mempool, its cache.
    if (decoded.size > limits.maxTxBytes) {
      throw new TxError(SdkErrors.TxTooLarge, `tx bytes ${decoded.size} (max: ${limits.maxTxBytes})`);
    }
    const { size, totalBytes } = this.mempool;
    if (forMempool && (size + 1 > limits.mempoolMaxTxs || totalBytes + decoded.size > limits.mempoolMaxBytes)) {
      throw new TxError(
        SdkErrors.MempoolIsFull,
        `number of txs ${size} (max: ${limits.mempoolMaxTxs}), total txs bytes ${totalBytes} (max: ${limits.mempoolMaxBytes})`,
      );
    }
    if (forMempool && this.mempool.has(decoded.hash)) throw new TxError(SdkErrors.TxInMempoolCache);
    // Before any message is validated: a tx of more messages than the node takes costs nothing more.
    if (decoded.msgs.length > limits.maxMsgsPerTx) {
      throw new TxError(SdkErrors.InvalidRequest, `too many messages: ${decoded.msgs.length} (max: ${limits.maxMsgsPerTx})`);
    }
    const verified = verifyDecodedTx(decoded, this.verifyContext(true));
    for (const c of verified.fee.amount) {
      if (c.denom !== this.denom && c.amount !== 0n) {
        throw new TxError(SdkErrors.InsufficientFee, `fee denom ${c.denom} is not accepted; pay in ${this.denom}`);
      }
    }
    this.checkGas(verified);
    // The ante handler's DeductFees against the check state: the balance less the fees of this
    // signer's txs already in the mempool. A tx whose fee cannot be paid never enters a block.
    const fee = this.bondFee(verified);
    this.checkFeePayable(verified.feePayer, fee, this.mempool.owedFees(verified.feePayer));
    return verified;
  }

  /**
   * The ante handler's gas checks at CheckTx: the gas limit within the block's (consensus
   * max_gas: sdk 41), the size and signature gas within the limit (sdk 11), and the fee at least
   * the node's minimum gas prices times the limit (sdk 13; CheckTx only, as in the SDK).
   */
  private checkGas(tx: VerifiedTx): void {
    const gas = tx.fee.gas;
    const maxGas = this.genesis.consensus.maxGas;
    if (maxGas >= 0n && gas > maxGas) {
      throw new TxError(SdkErrors.InvalidGasLimit, `tx gas limit ${gas} exceeds block max gas ${maxGas}`);
    }
    try {
      this.anteGas(tx, gas);
    } catch (e) {
      if (!(e instanceof OutOfGas)) throw e;
      throw new TxError(SdkErrors.OutOfGas, outOfGasDetail(e.descriptor, gas, e.used));
    }
    const required = requiredFees(this.minGasPrices, gas);
    if (required.length === 0) return;
    const paid = (denom: string) => tx.fee.amount.filter((c) => c.denom === denom).reduce((t, c) => t + c.amount, 0n);
    if (!required.some((r) => paid(r.denom) >= r.amount)) {
      throw new TxError(
        SdkErrors.InsufficientFee,
        `insufficient fees; got: ${coinsString(tx.fee.amount.filter((c) => c.amount !== 0n))} required: ${coinsString(required)}`,
      );
    }
  }

  /** The tx's fee in the bond denom (other denoms are refused at check unless zero). */
  private bondFee(tx: VerifiedTx): bigint {
    return tx.fee.amount.filter((c) => c.denom === this.denom).reduce((t, c) => t + c.amount, 0n);
  }

  /** x/auth DeductFees: sdk 5 when the spendable balance less `owed` cannot pay `fee`. */
  private checkFeePayable(signer: string, fee: bigint, owed: bigint): void {
    if (fee === 0n) return;
    const id = this.directory.accountId(signer);
    const balance = id === undefined ? 0n : this.ledger.balance(id);
    const spendable = balance > owed ? balance - owed : 0n;
    if (spendable < fee) {
      throw new TxError(
        SdkErrors.InsufficientFunds,
        `spendable balance ${spendable}${this.denom} is smaller than ${fee}${this.denom}: insufficient funds`,
      );
    }
  }

  private verifyContext(check: boolean) {
    return {
      chainId: this.genesis.chainId,
      registry: this.registry,
      prefix: ACCOUNT_PREFIX,
      govAuthority: this.genesis.gov.authority,
      height: this.header.height + 1n,
      getAccount: (address: string) => {
        const a = this.directory.account(address);
        if (!a) return undefined;
        return { accountNumber: a.accountNumber, sequence: (check && this.mempool.nextSequence(address)) || a.sequence };
      },
      // The node's admission limits apply at CheckTx; a block's txs are not judged by them again.
      maxMemoCharacters: check ? this.limits.maxMemoCharacters : Number.MAX_SAFE_INTEGER,
      txSigLimit: check ? this.limits.txSigLimit : Number.MAX_SAFE_INTEGER,
    };
  }

  /**
   * DeliverTx: the fee and the sequence (ante), then every message in one store transaction. Gas
   * is the chain's (host/app/gas/): the SDK's KV-store schedule over the accesses its ante handler
   * and keepers make; past the limit in the ante the tx fails before its fee and sequence, past it
   * in a message the messages are undone and the fee and sequence stay (as in the SDK).
   */
  private deliver(tx: VerifiedTx, height: bigint, index: number, body: string, timeNs: bigint): TxResult {
    return this.execute(tx, height, index, body, timeNs, false);
  }

  /**
   * POST /cosmos/tx/v1beta1/simulate (and the gRPC `Service/Simulate`): the tx run on the check
   * state (the last committed block plus the mempool's sequences) as the next block's, with no
   * signature check (wallets send empty signatures), no gas limit and no minimum gas price, as the
   * SDK's simulate mode; every change is undone after. Gas as the SDK counts it in simulate mode:
   * the tx's bytes plus, for each signer whose signature is empty, its account and the size of a
   * placeholder amino StdSignature (host/app/gas/ante.ts), then the same model as DeliverTx. Throws TxError.
   */
  simulate(txBytes: Uint8Array): SimulationResult {
    if (this.haltReason) throw new ChainStateError(`chain halted at height ${this.header.height}: ${this.haltReason.message}`);
    const decoded = decodeTx({ tx_bytes: base64.encode(txBytes), mode: "BROADCAST_MODE_SYNC" }, { simulate: true });
    if (decoded.size > this.limits.maxTxBytes) {
      throw new TxError(SdkErrors.TxTooLarge, `tx bytes ${decoded.size} (max: ${this.limits.maxTxBytes})`);
    }
    const verified = verifyDecodedTx(decoded, { ...this.verifyContext(true), simulate: true });
    for (const c of verified.fee.amount) {
      if (c.denom !== this.denom && c.amount !== 0n) {
        throw new TxError(SdkErrors.InsufficientFee, `fee denom ${c.denom} is not accepted; pay in ${this.denom}`);
      }
    }
    this.checkFeePayable(verified.feePayer, this.bondFee(verified), this.mempool.owedFees(verified.feePayer));
    const r = this.execute(verified, this.header.height + 1n, 0, verified.body, this.header.timeNs, true);
    if (r.code !== 0) throw new SimulationError(TxError.rendered(r.codespace, r.code, r.rawLog), r.gasUsed);
    return { gasWanted: verified.fee.gas, gasUsed: r.gasUsed, events: r.events, typeUrls: storedTypeUrls(verified.body) ?? [] };
  }

  /**
   * The ante (fee, sequence) and the messages of one tx. Simulating: one store transaction around
   * all of it, always undone, the signer's account restored, no gas limit.
   */
  private execute(
    tx: VerifiedTx, height: bigint, index: number, body: string, timeNs: bigint, simulating: boolean,
  ): TxResult {
    const gasWanted = tx.fee.gas;
    const gasLimit = simulating ? (1n << 64n) - 1n : gasWanted;
    let gasUsed = 0n;
    const result = (code: number, codespace: string, rawLog: string, events: TxEvent[]): TxResult => ({
      hash: tx.txHash, height, index, code, codespace, rawLog, events, body, timeNs, gasWanted, gasUsed,
    });
    const outOfGas = (e: OutOfGas) => new TxError(SdkErrors.OutOfGas, outOfGasDetail(e.descriptor, gasWanted, e.used));
    const x = this.core.exports;
    if (!simulating) {
      // The sequences again: a tx checked after an earlier one from the same signer that has since failed its fee.
      for (const s of tx.signers) {
        const sequence = this.directory.account(s.address)?.sequence;
        if (sequence !== s.sequence) {
          const e = new TxError(SdkErrors.WrongSequence, `account sequence mismatch, expected ${sequence}, got ${s.sequence}`);
          return result(e.code, e.codespace, e.log, []);
        }
      }
      // The fee again: an earlier tx of the block may have spent what CheckTx counted on.
      try {
        this.checkFeePayable(tx.feePayer, this.bondFee(tx), 0n);
      } catch (e) {
        if (!(e instanceof TxError)) throw e;
        return result(e.code, e.codespace, e.log, []);
      }
    }
    const fee = this.bondFee(tx);
    // --- The chain's gas (host/app/gas/): the ante handler on the state before it; out of gas there
    // fails the tx before its fee and sequence, as the SDK's ante does.
    const gas = this.txGas(height, timeNs, gasLimit);
    try {
      gas.ante(anteTxOf(tx, fee, (t) => typeUrlOfAmino(t) ?? t), simulating);
    } catch (e) {
      if (!(e instanceof OutOfGas)) throw e;
      gasUsed = e.used;
      const f = outOfGas(e);
      return result(f.code, f.codespace, f.log, []);
    }
    gasUsed = gas.consumed;
    // ---
    // What an abort must restore beyond the core's records: the accounts created since here, and
    // (simulating) the signer's sequence.
    const accountsMark = this.directory.checkpoint();
    const restoreSigners = simulating ? tx.signers.map((s) => this.directory.saveAccount(s.address)) : [];
    if (simulating) x.storeTxBegin();
    try {
      const payer = this.directory.ensure(tx.feePayer);
      this.ledger.send(payer, ModuleAccount.feeCollector, fee);
      for (const s of tx.signers) this.directory.bumpSequence(s.address, s.pubKey);
      const anteEvents = this.anteEvents(tx, fee);
      if (!simulating) x.storeTxBegin();
      this.txJournal.begin();
      const events: TxEvent[] = [];
      const ctx = this.messageContext(tx.signer, height, timeNs);
      for (let i = 0; i < tx.msgs.length; i++) {
        const m = tx.msgs[i]!;
        let failed: TxError | undefined;
        try {
          const handler = this.handlers.get(m.type);
          if (!handler) throw new TxError(SdkErrors.UnknownRequest, `no handler for ${m.type}`);
          // --- chain gas: the message's keeper accesses, planned on the state before it runs, settled after.
          const plan = gas.plan(m.type, typeUrlOfAmino(m.type) ?? m.type, m.parsed);
          this.meter.reset();
          let emitted: TxEvent[] = [];
          try {
            emitted = messageEventFirst(handler(ctx, m.parsed));
          } catch (err) {
            failed = messageFailure(err, i);
          }
          gas.settle(plan, failed, () => this.meter.gas(), m.type);
          gasUsed = gas.consumed;
          // ---
          if (failed) throw failed;
          for (const e of emitted) {
            events.push({ ...e, attributes: [...e.attributes, { key: "msg_index", value: `${i}`, index: true }] });
          }
        } catch (err) {
          if (err instanceof OutOfGas) gasUsed = err.used;
          if (!simulating) {
            x.storeTxAbort();
            this.txJournal.rollback();
            this.directory.rollback(accountsMark);
          }
          const f = err instanceof OutOfGas ? outOfGas(err) : err === failed ? failed! : messageFailure(err, i);
          return result(f.code, f.codespace, f.log, anteEvents);
        }
      }
      if (!simulating) {
        x.storeTxCommit();
        this.txJournal.release();
      }
      return result(0, "", "", [...anteEvents, ...events]);
    } finally {
      if (simulating) {
        x.storeTxAbort();
        this.txJournal.rollback();
        this.directory.rollback(accountsMark);
        for (const restore of restoreSigners) restore();
      }
    }
  }

  /** A tx's gas meter over the node's state as the SDK's keepers see it (host/app/gas/). */
  private txGas(height: bigint, timeNs: bigint, limit: bigint): TxGas {
    const view = nodeView({
      core: this.core, ledger: this.ledger, tiers: this.tiers, directory: this.directory, validators: this.validators,
      denom: this.denom, communityTax: this.genesis.distribution.communityTax, genesisTimeNs: this.genesis.genesisTimeNs,
    });
    const context = () => ({
      govParams: this.gov.params, parseDec: (t: string) => this.core.dec.parse(t),
      nextProposalId: this.gov.listProposals({}).reduce((n, p) => (p.id >= n ? p.id + 1n : n), 1n),
      proposal: (id: bigint) => this.gov.proposal(id), deposit: (id: bigint, depositor: string) => this.gov.depositOf(id, depositor),
    });
    return new TxGas(view, { height, timeNs }, limit, context);
  }

  /** The ante handler's gas at CheckTx (the next block's height and time); throws OutOfGas past `limit`. */
  private anteGas(tx: VerifiedTx, limit: bigint): bigint {
    const gas = this.txGas(this.header.height + 1n, this.header.timeNs, limit);
    gas.ante(anteTxOf(tx, this.bondFee(tx), (t) => typeUrlOfAmino(t) ?? t), false);
    return gas.consumed;
  }

  /**
   * The ante handler's events, in the SDK's order: the fee's transfer to the fee collector
   * (`coin_spent`, `coin_received`, `transfer`; none for a zero fee), `tx` {fee, fee_payer}, then
   * per signer `tx` {acc_seq} and `tx` {signature}.
   */
  private anteEvents(tx: VerifiedTx, fee: bigint): TxEvent[] {
    const amount = fee === 0n ? "" : `${fee}${this.denom}`;
    const events: TxEvent[] = [];
    if (fee !== 0n) {
      const collector = moduleAddress("fee_collector", ACCOUNT_PREFIX);
      events.push(
        evt("coin_spent", { spender: tx.feePayer, amount }),
        evt("coin_received", { receiver: collector, amount }),
        evt("transfer", { recipient: collector, sender: tx.feePayer, amount }),
        evt("message", { sender: tx.feePayer }),
      );
    }
    events.push(evt("tx", { fee: amount, fee_payer: tx.feePayer }));
    for (const s of tx.signers) events.push(evt("tx", { acc_seq: `${s.address}/${s.sequence}` }), evt("tx", { signature: s.signature }));
    return events;
  }

  /** What a message handler sees: the chain's modules, its signer, the block being made. */
  private messageContext(signer: string, height: bigint, timeNs: bigint): MessageContext {
    return {
      ledger: this.ledger, tiers: this.tiers, directory: this.directory, denom: this.denom, signer,
      height, powerReduction: this.genesis.staking.powerReduction,
      headerHash: this.headerHash(height, timeNs), parseDec: (text) => this.core.dec.parse(text), timeNs, gov: this.gov,
      validators: this.validators,
    };
  }

  /** x/gov's EndBlocker (before x/staking's): proposals whose periods ended at `timeNs`. */
  private govEndBlock(height: bigint, timeNs: bigint): TxEvent[] {
    const deadline = this.gov.nextDeadline();
    if (deadline === undefined || deadline > timeNs) return [];
    return this.gov.endBlock(timeNs, this.tallyView(), (messages) => this.executeProposal(messages, height, timeNs));
  }

  /** A passed proposal's messages, in order, signed by x/gov: all or none (the SDK's cached context). */
  private executeProposal(messages: readonly ProposalMessage[], height: bigint, timeNs: bigint): { ok: true; events: TxEvent[] } | { ok: false; error: string } {
    const x = this.core.exports;
    const accountsMark = this.directory.checkpoint();
    const ctx = this.messageContext(moduleAddress("gov", ACCOUNT_PREFIX), height, timeNs);
    x.storeTxBegin();
    this.txJournal.begin();
    const events: TxEvent[] = [];
    for (let i = 0; i < messages.length; i++) {
      const m = messages[i]!;
      try {
        const spec = this.registry.get(m.type);
        const handler = this.handlers.get(m.type);
        if (spec === undefined || handler === undefined) throw new TxError(SdkErrors.UnknownRequest, `no handler for ${m.type}`);
        const parsed = spec.validate(m.value, { prefix: ACCOUNT_PREFIX });
        for (const e of messageEventFirst(handler(ctx, parsed))) events.push(e);
      } catch (err) {
        x.storeTxAbort();
        this.txJournal.rollback();
        this.directory.rollback(accountsMark);
        const f = messageFailure(err, i);
        return { ok: false, error: f.log };
      }
    }
    x.storeTxCommit();
    this.txJournal.release();
    return { ok: true, events };
  }

  /** A proposal's tally now (x/gov's TallyResult query during its voting period). */
  currentTally(proposalId: bigint): TallyCounts | undefined {
    const p = this.gov.proposal(proposalId);
    return p === undefined ? undefined : this.gov.tally(p, this.tallyView()).counts;
  }

  /** x/tieredrewards' VotingPowerByOwner: the owner's delegated positions, by the tally's own function. */
  ownerVotingPower(owner: string): bigint {
    const view = this.tallyView();
    return this.gov.positionsPower(view.positions(owner), view);
  }

  /** x/tieredrewards' TotalDelegatedVotingPower: every delegated position, by the tally's own function. */
  totalDelegatedVotingPower(): bigint {
    return this.gov.positionsPower(delegatedPositions(this.tiers, "all"), this.tallyView());
  }

  private tallyView(): TallyView {
    return tallyView(this.ledger, this.directory, this.tiers);
  }

  /**
   * The header hash of the block being made, as far as this node has one before executing it: its
   * chain id, height and time and the previous block's hash (a block's own hash covers its
   * results). It seeds position delegator addresses (REFERENCE §3.3), identically in a replay.
   */
  private headerHash(height: bigint, timeNs: bigint): Uint8Array {
    return sha256(utf8ToBytes(`${this.genesis.chainId}|${height}|${timeNs}|${this.lastSeed}`));
  }

  /** Burning is sending to a burned address: the emission engine's circulating supply follows. */
  private syncBurned(): void {
    const burned = this.burnIds.reduce((t, id) => t + this.ledger.balance(id), 0n);
    if (burned === this.burned) return;
    this.burned = burned;
    const s = this.emission.last();
    this.emission.setState({ height: s.height, totalSupply: s.totalSupply, burned });
  }

  // ---- blocks ----

  /** One block with these transactions at a time; commits it. */
  private executeBlock(txs: { verified: VerifiedTx; body: string }[], timeNs: bigint): TxResult[] {
    const height = this.header.height + 1n;
    const events = this.beginBlock(height, timeNs);
    const results = txs.map((t, i) => this.deliver(t.verified, height, i, t.body, timeNs));
    events.push(...this.govEndBlock(height, timeNs));
    this.syncBurned();
    this.ledger.endBlock(height, timeNs);
    this.commit({ height, firstHeight: height, timeNs, stepNs: 0n, events }, results);
    return results;
  }

  /**
   * A tx a block carries that this node did not check into its mempool (a stored block on replay,
   * a block CometBFT decided): verified against the state its predecessors left, as at delivery;
   * one that fails there changes nothing and reports its error, size and signature gas.
   */
  private deliverDecided(body: string, height: bigint, index: number, timeNs: bigint): TxResult {
    let v: VerifiedTx;
    try {
      v = verifyDecodedTx(decodeTx(body), this.verifyContext(false));
    } catch (e) {
      if (!(e instanceof TxError)) throw e;
      let gasWanted = 0n;
      let gasUsed = 0n;
      let hash = "";
      try {
        const d = decodeTx(body);
        [gasWanted, gasUsed, hash] = [d.fee.gas, staticGas(d.size, d.signatures.length), d.hash];
      } catch {
        hash = txBytesHash(txBytesOf(body)); // undecodable bytes: no fee, no gas
      }
      return { hash, height, index, code: e.code, codespace: e.codespace, rawLog: e.log, events: [], body, timeNs, gasWanted, gasUsed };
    }
    return this.deliver(v, height, index, body, timeNs);
  }

  /**
   * ABCI FinalizeBlock (host/abci/): the next block with the txs CometBFT decided, at its time,
   * executed; the results (one per tx), the block's events and the state hash. Nothing is durable
   * until `abciCommit` (ABCI 2.0: state is persisted in Commit, so a kill of either process
   * between the two leaves the database at the last committed block, which `Info` reports and
   * from which CometBFT's handshake replays). A failure part-way halts the node (crash-only).
   */
  finalizeBlock(
    txs: readonly Uint8Array[], height: bigint, timeNs: bigint,
    consensus: ConsensusInfo = { votes: [], doubleSigns: [] },
  ): { results: TxResult[]; events: TxEvent[]; appHash: string } {
    if (this.uncommitted !== undefined) {
      throw new NodeStateError(`FinalizeBlock at height ${height}, but block ${this.uncommitted.height} awaits its Commit`);
    }
    if (height !== this.header.height + 1n) throw new NodeStateError(`FinalizeBlock at height ${height}, but the app is at ${this.header.height}`);
    const bodies = txs.map((tx) => JSON.stringify({ tx_bytes: base64.encode(tx), mode: "BROADCAST_MODE_SYNC" }));
    const kept = consensus.votes.length > 0 || consensus.doubleSigns.length > 0 ? consensus : undefined;
    let out: { results: TxResult[]; events: TxEvent[] } | undefined;
    this.produce(() => {
      out = this.executeDecided(bodies, height, timeNs, kept, undefined, "at-commit");
    });
    return { ...out!, appHash: this.last.appHash };
  }

  /**
   * ABCI Commit: the block FinalizeBlock executed made durable (one SQLite transaction); then
   * the check state starts again from it (CometBFT rechecks the txs that wait).
   */
  abciCommit(): void {
    const pending = this.uncommitted;
    if (pending !== undefined) this.produce(() => this.persist(pending));
    this.mempool.reap(-1n);
  }

  /** The block FinalizeBlock executed whose Commit has not come yet, if any. */
  get uncommittedHeight(): bigint | undefined {
    return this.uncommitted?.height;
  }

  /** The last block made durable: what ABCI Info reports (the executed one may await its Commit). */
  latestDurable(): BlockSummary {
    return { ...this.durable };
  }

  /**
   * A block whose txs were decided elsewhere (CometBFT's FinalizeBlock, or a stored block
   * replayed): begin block, x/slashing from the commit info, the txs in order (`check` sees their
   * results), x/gov's and x/staking's end blocks, the commit (the commit info kept with it).
   */
  private executeDecided(
    bodies: readonly string[], height: bigint, timeNs: bigint, consensus: ConsensusInfo | undefined, check: (results: TxResult[]) => void = () => {},
    durability: Durability = "now",
  ): { results: TxResult[]; events: TxEvent[] } {
    const events = this.beginBlock(height, timeNs);
    if (consensus) events.push(...slashingBeginBlock(this.slashing, this.ledger, this.directory, (a) => this.validators.byConsensusAddress(a), consensus, height, timeNs));
    const results = bodies.map((body, i) => this.deliverDecided(body, height, i, timeNs));
    check(results);
    events.push(...this.govEndBlock(height, timeNs));
    this.syncBurned();
    this.ledger.endBlock(height, timeNs);
    this.commit({ height, firstHeight: height, timeNs, stepNs: 0n, events, ...(consensus ? { consensus } : {}) }, results, [], undefined, durability);
    return { results, events };
  }

  /** x/inflation's params now: the genesis's, or what a passed MsgUpdateParams set. */
  inflationParams(): Genesis["inflation"]["params"] {
    const text = this.gov.inflationParams();
    return text === undefined ? this.genesis.inflation.params : inflationParamsFrom(JSON.parse(text) as Json, this.core.dec, "params");
  }

  /** Governance's x/inflation params into the emission engine and the burned addresses, once per change. */
  private applyInflationParams(): void {
    const text = this.gov.inflationParams();
    if (text === this.appliedInflation) return;
    this.appliedInflation = text;
    const p = this.inflationParams();
    this.emission.configure({ ...emissionParams(this.genesis), maxSupply: p.maxSupply, decayRate: p.decayRate });
    this.burnIds = p.burnedAddresses.map((a) => this.directory.ensure(encodeAddress(ACCOUNT_PREFIX, accountAddressBytes(a, ACCOUNT_PREFIX))));
    this.syncBurned();
  }

  /** BeginBlock of a single block, and the finalize-block events it leaves (block-events.ts). */
  private beginBlock(height: bigint, timeNs: bigint): TxEvent[] {
    this.applyInflationParams();
    const bondedBefore = this.ledger.pool().bonded;
    const supplyBefore = this.ledger.totalSupply();
    const o = this.ledger.beginBlock(height, this.ledger.lastCommitVotes(), timeNs);
    const minter = this.emission.last();
    return beginBlockEvents({
      bondedBefore, supplyBefore, inflation: minter.rate, annualProvisions: minter.annualProvisions,
      minted: o.minted, topUp: o.topUp, denom: this.denom,
    });
  }

  /** `count` empty blocks in one core call, from `startNs` every `stepNs`; one stored row. */
  private runEmpty(count: bigint, startNs: bigint, stepNs: bigint): void {
    this.applyInflationParams();
    const first = this.header.height + 1n;
    this.ledger.advance(Number(count), startNs, stepNs);
    this.commit({ height: first + count - 1n, firstHeight: first, timeNs: startNs, stepNs }, []);
  }

  /**
   * A stored block again. Each tx is verified against the state its predecessors left, as at
   * delivery; one that fails there (a sequence gone stale) changed nothing then and does not now.
   */
  private replayBlock(row: StoredBlock, txs: StoredTx[]): void {
    if (row.firstHeight !== this.header.height + 1n || row.height !== row.firstHeight) {
      throw new NodeStateError(`replay: block row ${row.firstHeight}..${row.height} does not follow height ${this.header.height}`);
    }
    // A block CometBFT decided kept the commit info it was given: x/slashing runs from it again.
    const consensus = row.consensus === undefined ? undefined : parseConsensusInfo(row.consensus);
    this.executeDecided(txs.map((t) => t.body), row.height, row.timeNs, consensus, (results) => results.forEach((r, i) => {
      const stored = txs[i]!;
      if (stored.gasUsed !== null && stored.gasUsed !== r.gasUsed) {
        throw new NodeStateError(`replay diverged at height ${row.height}: tx ${r.hash} used ${r.gasUsed} gas, stored ${stored.gasUsed}`);
      }
    }));
  }

  /**
   * The block's journal and the state hash; the block becomes the chain's last. Durable at once
   * (one SQLite transaction), or, under CometBFT, when its Commit comes (`abciCommit`).
   */
  private commit(
    b: { height: bigint; firstHeight: bigint; timeNs: bigint; stepNs: bigint; events?: TxEvent[]; consensus?: ConsensusInfo }, results: TxResult[], imported: RecordChange[] = [],
    importedHash?: string, durability: Durability = "now",
  ): void {
    const started = performance.now();
    const changes = [...imported, ...this.drainJournal()];
    const accounts = this.directory.takeDirty();
    for (const a of accounts) this.hash.put(AUTH_TABLE, `${a.id}`, authBytes(a));
    // x/gov's and x/slashing's records: one table, keys by module (host/modules/gov/keeper.ts, slashing.ts).
    const gov = [...this.gov.takeDirty(), ...this.slashing.takeDirty(), ...this.validators.takeDirty()];
    for (const g of gov) {
      if (g.value === null) this.hash.remove(GOV_TABLE, g.key);
      else this.hash.put(GOV_TABLE, g.key, utf8ToBytes(g.value));
    }
    const appHash = this.hash.hex();
    const lastTimeNs = b.timeNs + (b.height - b.firstHeight) * b.stepNs;
    const made = importedHash === undefined && this.makesHeaders && b.height > 0n && b.height === b.firstHeight
      ? this.makeHeader(b.height, lastTimeNs, results)
      : undefined;
    const seed = seedHash(this.genesis.chainId, b.height, lastTimeNs, appHash, results.map((r) => r.hash));
    const blockHash = importedHash ?? made?.hash ?? seed;
    this.lastSeed = importedHash ?? seed;
    if (made === undefined) this.headerCarry = { signatures: [], results: [], signers: undefined };
    const { events, consensus, ...row } = b;
    const block: StoredBlock = {
      ...row, txCount: results.length, appHash, hash: blockHash, ...(events ? { events: JSON.stringify(events) } : {}),
      ...(made ? { header: JSON.stringify(made.stored) } : {}),
      ...(consensus ? { consensus: consensusInfoText(consensus) } : {}),
    };
    const genesis = !this.genesisCommitted;
    const store = this.store;
    const write = store === undefined ? () => {} : () => {
      const txs: StoredTx[] = results.map((r) => ({
        hash: r.hash, height: r.height, index: r.index, body: r.body, code: r.code, codespace: r.codespace,
        rawLog: r.rawLog, events: JSON.stringify(r.events), gasWanted: r.gasWanted, gasUsed: r.gasUsed,
      }));
      if (genesis) store.commitGenesis(JSON.stringify(this.genesisDoc), this.core.exports.stateFormat(), block, changes, accounts, gov);
      else store.commitBlock(block, txs, changes, accounts, gov);
    };
    const summary: BlockSummary = { height: b.height, timeNs: lastTimeNs, hash: blockHash, appHash, txCount: results.length };
    const pending: UncommittedBlock = {
      height: b.height, write, prepareMs: performance.now() - started, records: changes.length, summary,
      committed: { height: b.height, firstHeight: b.firstHeight, timeNs: lastTimeNs, appHash, results, events: b.events ?? [] },
    };
    // Written first when durable now: a write that fails leaves the chain at its last block.
    if (durability === "now") this.persist(pending);
    else this.uncommitted = pending;
    this.core.exports.storeJournalClear();
    this.genesisCommitted = true;
    this.header = { chainId: this.genesis.chainId, height: b.height, timeNs: lastTimeNs };
    this.last = { ...summary };
  }

  /** A block's write, then it is the durable one; commit listeners hear of it after, off this stack. */
  private persist(p: UncommittedBlock): void {
    const started = performance.now();
    p.write();
    this.uncommitted = undefined;
    this.durable = p.summary;
    this.lastCommit = { records: p.records, ms: p.prepareMs + performance.now() - started };
    p.committed.commitMs = this.lastCommit.ms;
    if (this.commitListeners.size > 0) {
      // After the commit, off its stack: a listener's failure is its own, never the chain's.
      queueMicrotask(() => {
        for (const l of this.commitListeners) {
          try {
            l(p.committed);
          } catch (e) {
            console.error(e);
          }
        }
      });
    }
  }

  private readonly commitListeners = new Set<(b: CommittedBlock) => void>();

  /** Called after each committed block (a run of empty blocks: once, for its last height); returns the unsubscriber. */
  onCommit(listener: (b: CommittedBlock) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  /** The block's changed records, read from the core's journal; the state hash follows them. */
  private drainJournal(): RecordChange[] {
    const x = this.core.exports;
    const n = x.storeJournalLength();
    const ptr = x.storeJournalPtr();
    const out: RecordChange[] = [];
    for (let i = 0; i < n; i++) {
      const mem = new DataView(x.memory.buffer);
      const table = mem.getUint32(ptr + i * 8, true);
      const raw = mem.getUint32(ptr + i * 8 + 4, true);
      const slot = raw & ~REMOVED;
      const size = x.storeRecordSize(table);
      const bytes = new Uint8Array(x.memory.buffer, x.storeRecordPtr(table, slot), size).slice();
      const key = recordKey(bytes);
      if ((raw & REMOVED) !== 0) {
        this.hash.remove(table, keyOf(bytes));
        out.push({ table, key, bytes: null });
      } else {
        this.hash.put(table, keyOf(bytes), bytes);
        out.push({ table, key, bytes: Buffer.from(bytes) });
      }
    }
    return out;
  }

  // ---- clocks ----

  /**
   * Simulated clock: `blocks` blocks; the first carries the mempool's transactions, the rest are
   * made in runs of up to ADVANCE_CHUNK per core call, the event loop getting a turn between.
   */
  advance(blocks: bigint): Promise<Advanced> {
    if (this.clock !== "simulated") {
      return Promise.reject(new ChainStateError("blocks are made by the real clock; use --clock simulated"));
    }
    if (blocks < 0n) return Promise.reject(new RangeError("negative block count"));
    // The core's times are int64 nanoseconds since 1970: no block after 2262-04-11.
    const lastNs = this.simulatedTime(this.header.height + blocks);
    if (lastNs > MAX_DURATION_NS) {
      return Promise.reject(new ValidationError(
        `${blocks} blocks would end at ${lastNs} ns since 1970, past the last time the chain can hold (${LAST_TIME_TEXT})`,
      ));
    }
    const run = async (): Promise<Advanced> => {
      const from = this.header.height;
      let left = blocks;
      while (left > 0n && !this.stopped) {
        if (this.mempool.size > 0) {
          this.produce(() => this.produceWithMempool(this.simulatedTime(this.header.height + 1n)));
          left -= 1n;
        } else {
          let n = left < ADVANCE_CHUNK ? left : ADVANCE_CHUNK;
          const start = this.simulatedTime(this.header.height + 1n);
          // x/gov's EndBlocker runs in single blocks: a run stops before the first block at or
          // after a deposit or voting period's end, and that block is made alone.
          const deadline = this.gov.nextDeadline();
          if (deadline !== undefined) {
            const before = deadline <= start ? 0n : (deadline - start + this.blockTimeNs - 1n) / this.blockTimeNs;
            if (before < n) n = before;
          }
          if (n === 0n) {
            this.produce(() => this.produceWithMempool(start));
            left -= 1n;
          } else {
            this.produce(() => this.runEmpty(n, start, this.blockTimeNs));
            left -= n;
          }
        }
        if (left > 0n) await yieldToEventLoop();
      }
      return { blocks: this.header.height - from, header: this.latest };
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private simulatedTime(height: bigint): bigint {
    return this.genesis.genesisTimeNs + height * this.blockTimeNs;
  }

  private produceWithMempool(timeNs: bigint): void {
    // The txs whose gas limits fit the block's (consensus max_gas); the rest wait.
    const batch = this.mempool.reap(this.genesis.consensus.maxGas);
    let results: TxResult[];
    try {
      results = this.executeBlock(batch, timeNs);
    } catch (e) {
      const failure = new ChainStateError(`chain halted at height ${this.header.height}: ${(e as Error).message}`);
      batch.forEach((p) => p.done.forEach((f) => f.reject(failure)));
      throw e;
    }
    batch.forEach((p, i) => p.done.forEach((f) => f.resolve(results[i]!)));
  }

  /** Real clock: a block every block time (after genesis time) until stop(). */
  start(): void {
    if (this.clock !== "real") throw new ChainStateError("the simulated clock has no timer");
    if (this.timer !== undefined || this.stopped) return;
    const waitNs = this.genesis.genesisTimeNs - this.now();
    if (waitNs > 0n) {
      const ms = waitNs / 1_000_000n + 1n;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.start();
      }, Number(ms > 2_147_483_647n ? 2_147_483_647n : ms));
      return;
    }
    // Blocks on a wall-clock grid (start + k x block time), each timer set for the next grid time:
    // a late block (a busy event loop) does not push back the ones after it. After a stall of more
    // than a block time (a paused process) the grid restarts from now instead of bursting blocks.
    let due = this.now() + this.blockTimeNs;
    const tick = () => {
      this.timer = undefined;
      if (this.stopped) return;
      const now = this.now();
      try {
        const floor = this.header.timeNs + MIN_TIME_STEP_NS;
        this.produce(() => this.produceWithMempool(now > floor ? now : floor));
      } catch {
        return; // produce() halted the chain and reported it.
      }
      const after = this.now();
      due = nextBlockDue(due, after, this.blockTimeNs);
      this.timer = setTimeout(tick, Number(due > after ? (due - after) / 1_000_000n : 0n));
    };
    this.timer = setTimeout(tick, Number(this.blockTimeNs / 1_000_000n));
  }

  /** Stop making blocks; close the database once the running advance (if any) is done. */
  async close(): Promise<void> {
    this.stop();
    await this.queue;
    this.store?.close();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  private produce(make: () => void): void {
    if (this.haltReason) throw new ChainStateError(`chain halted at height ${this.header.height}: ${this.haltReason.message}`);
    try {
      make();
    } catch (e) {
      const failure = e instanceof Error ? e : new Error(String(e));
      this.haltReason = failure;
      this.stop();
      this.onHalt(failure);
      throw new ChainStateError(`chain halted at height ${this.header.height}: ${failure.message}`);
    }
  }

  /** The last committed state as a genesis document (see host/app/export.ts); undefined without a database. */
  exportGenesis(): Json | undefined {
    return this.store && exportGenesis(this.store);
  }

  /** Invariants of the ledger and the positions (names of the broken ones). */
  checkInvariants(): string[] {
    return [...this.ledger.checkInvariants(), ...this.tiers.checkInvariants()];
  }
}

/**
 * The real clock's next block time after the block due at `due`, with the clock now at `now`: the
 * next point of the grid, so lateness does not accumulate; after a stall of more than a block time,
 * a new grid from now (the missed blocks are not made in a burst).
 */
export function nextBlockDue(due: bigint, now: bigint, blockTimeNs: bigint): bigint {
  const next = due + blockTimeNs;
  return next + blockTimeNs < now ? now + blockTimeNs : next;
}

/**
 * Records are the core's bytes: read them only with the format they were written in (a record
 * of the same size may mean something else in another format).
 */
function checkStateFormat(source: string, format: number, core: Core): void {
  const own = core.exports.stateFormat();
  if (format === own) return;
  throw new NodeStateError(
    `${source}: written in state format ${format}; this build reads format ${own}: start a new database ` +
      "(--db), or use the build that wrote it",
  );
}

/**
 * baseapp's order for a message's events: the `message` event (action, sender, module) first,
 * then what its handler emitted.
 */
function messageEventFirst(events: TxEvent[]): TxEvent[] {
  const at = events.findIndex((e) => e.type === "message");
  if (at <= 0) return events;
  return [events[at]!, ...events.slice(0, at), ...events.slice(at + 1)];
}

/** A tx that fails in simulation, and the gas it had used (the SDK's answer names both). */
export class SimulationError extends Error {
  constructor(readonly txError: TxError, readonly gasUsed: bigint) {
    super(`${txError.log} with gas used: '${gasUsed}'`);
    this.name = "SimulationError";
  }
}

/** A committed block, as commit listeners see it: its height (the last of a run) and its txs' results. */
export interface CommittedBlock {
  height: bigint;
  firstHeight: bigint;
  /** The (last) block's time and its state hash. */
  timeNs: bigint;
  appHash: string;
  /** Milliseconds from the block's journal to durable (its hash and its SQLite transaction). */
  commitMs?: number;
  results: TxResult[];
  /** Its finalize-block events (block-events.ts); none for a run of empty blocks. */
  events: TxEvent[];
}

/** When a block's write happens: at once, or at CometBFT's Commit. */
type Durability = "now" | "at-commit";

/** A block executed and hashed, with the SQLite write that makes it durable. */
interface UncommittedBlock {
  height: bigint;
  write: () => void;
  /** Milliseconds from its journal to its hash, and the records it writes (lastCommit). */
  prepareMs: number;
  records: number;
  summary: BlockSummary;
  committed: CommittedBlock;
}

/** Simulate's answer: gas, and the events and message type URLs of its would-be result. */
export interface SimulationResult {
  gasWanted: bigint;
  gasUsed: bigint;
  events: TxEvent[];
  typeUrls: string[];
}

function evt(type: string, attrs: Record<string, string>): TxEvent {
  return { type, attributes: Object.entries(attrs).map(([key, value]) => ({ key, value, index: true })) };
}

/** A record's key as SQLite stores it: its first 8 bytes big-endian, so keys sort as numbers. */
function recordKey(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.subarray(0, 8)).reverse();
}

/** A record's key (its first 8 bytes) as the state hash names it. */
function keyOf(bytes: Uint8Array): string {
  return bytesToHex(bytes.subarray(0, 8));
}

/** An account as the state hash sees it: id, sequence, address. */
function authBytes(a: AccountRecord): Uint8Array {
  const addr = utf8ToBytes(a.address);
  const out = new Uint8Array(16 + addr.length);
  const dv = new DataView(out.buffer);
  dv.setBigUint64(0, BigInt(a.id), true);
  dv.setBigUint64(8, a.sequence, true);
  out.set(addr, 16);
  return out;
}

function accountOf(operator: string): string {
  return encodeAddress(ACCOUNT_PREFIX, accountAddressBytes(operator, VALIDATOR_PREFIX));
}


