// A block's end: the core's journal of changed records and the accounts and module records it
// changed go into the state hash (the block's app hash) and, in one SQLite transaction, into the
// store; the block becomes the chain's last. Durable at once, or, under CometBFT, at its Commit
// (ABCI 2.0: a kill of either process between FinalizeBlock and Commit leaves the database at the
// last committed block, which Info reports and from which CometBFT's handshake replays).

import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import type { AccountRecord } from "../modules/auth/directory.js";
import { JOURNAL_ENTRY_SIZE, JOURNAL_SLOT, JOURNAL_TABLE, RECORD_KEY, RECORD_KEY_SIZE, REMOVED_BIT } from "../core/abi.gen.js";
import { consensusSet } from "../modules/staking/consensus-key.js";
import { consensusInfoText, type ConsensusInfo } from "../modules/slashing/keeper.js";
import type { RecordChange, StoredBlock, StoredTx } from "../store/store.js";
import type { ModuleRecord } from "../store/records.js";
import { DigestPacker, digestSum } from "../store/stored-digests.js";
import { makeHeader, seedHash, type ConsensusValidator, type StoredHeader } from "../framework/header.js";
import type { AppState } from "./state.js";
import type { HashSource } from "../store/state-hash.js";
import { slimGenesisDoc } from "./genesis.js";
import { genesisFileChunks, genesisFileOf } from "./genesis-stream.js";
import type { TxEvent } from "../framework/events.js";
import type { Durability, TxResult, UncommittedBlock } from "../framework/types.js";
import type { BlockSummary } from "../framework/view.js";

/** Accounts are hashed with the records, as table AUTH_TABLE. */
export const AUTH_TABLE = 0xffff_ffff;
/** The module records (x/gov, x/slashing, the validator registry), hashed as table GOV_TABLE. */
export const GOV_TABLE = 0xffff_fffe;

/** One block (or a run of empty blocks: firstHeight < height) as commit writes it. */
export interface BlockToCommit {
  height: bigint;
  firstHeight: bigint;
  timeNs: bigint;
  stepNs: bigint;
  events?: TxEvent[];
  consensus?: ConsensusInfo;
}

/**
 * The block's journal and the state hash; the block becomes the chain's last. `imported`: records
 * of an exported state written with its first block, whose hash (`importedHash`) it keeps.
 */
export function commitBlock(
  s: AppState, b: BlockToCommit, results: TxResult[], imported: RecordChange[] = [], importedHash?: string, durability: Durability = "now",
): void {
  const started = performance.now();
  const genesis = !s.genesisCommitted;
  // A new chain's genesis block into its database (an import's millions of records): written
  // straight from the core's journal, each record's digest summed as its row is made, on a worker
  // for a large one (genesisRows), no copy or digest of a record held.
  const streamed = genesis && imported.length === 0 && durability === "now" && s.store !== undefined && s.hash.held === 0 && !journalRemoves(s);
  if (streamed) s.hash.settle(storeSource(s)); // the write below makes it so; nothing reads the database before
  const changes: RecordChange[] = streamed ? [] : [...imported, ...drainJournal(s)];
  const changeCount = streamed ? s.core.exports.storeJournalLength() : changes.length;
  const accounts = s.directory.takeDirty();
  if (!streamed) for (const a of accounts) s.hash.put(AUTH_TABLE, `${a.id}`, authBytes(a));
  const records = [...s.gov.takeDirty(), ...s.slashing.takeDirty(), ...s.validators.takeDirty(), ...s.delayedSets.takeDirty(), ...s.bank.takeDirty(), ...s.authz.takeDirty(), ...s.feegrant.takeDirty(), ...s.nft.takeDirty(), ...s.upgrade.takeDirty(), ...s.circuit.takeDirty(), ...s.group.store.takeDirty(), ...s.evidence.takeDirty(), ...s.ibc.takeDirty(), ...s.params.takeDirty()];
  if (!streamed) {
    for (const g of records) {
      if (g.value === null) s.hash.remove(GOV_TABLE, g.key);
      else s.hash.put(GOV_TABLE, g.key, utf8ToBytes(g.value));
    }
  }
  /** The block once the state hash has every change (its header's and its seed's hash follow from it). */
  const seal = (): { appHash: string; block: StoredBlock; summary: BlockSummary } => {
    const appHash = s.hash.hex();
    const lastTimeNs = b.timeNs + (b.height - b.firstHeight) * b.stepNs;
    const made = importedHash === undefined && s.makesHeaders && b.height > 0n && b.height === b.firstHeight
      ? header(s, b.height, lastTimeNs, results)
      : undefined;
    const seed = seedHash(s.genesis.chainId, b.height, lastTimeNs, appHash, results.map((r) => r.hash));
    const blockHash = importedHash ?? made?.hash ?? seed;
    s.lastSeed = importedHash ?? seed;
    if (made === undefined) s.headerCarry = { signatures: [], results: [], signers: undefined };
    const { events, consensus, ...row } = b;
    const block: StoredBlock = {
      ...row, txCount: results.length, appHash, hash: blockHash, annualProvisions: s.minterAnnual(), ...(events ? { events: JSON.stringify(events) } : {}),
      ...(made ? { header: JSON.stringify(made.stored) } : {}),
      ...(consensus ? { consensus: consensusInfoText(consensus) } : {}),
    };
    return { appHash, block, summary: { height: b.height, timeNs: lastTimeNs, hash: blockHash, appHash, txCount: results.length } };
  };
  const store = s.store;
  let sealed: ReturnType<typeof seal> | undefined;
  let write = (): void => {};
  if (streamed) {
    // written now (durable now): the block's row last, once the worker's sum of the rows is in the hash
    const packer = new DigestPacker(digestSum(changeCount + accounts.length + records.length));
    try {
      for (const g of records) if (g.value === null) s.hash.remove(GOV_TABLE, g.key); else packer.add(GOV_TABLE, utf8ToBytes(g.value));
      writeGenesis(s, () => {
        s.hash.addStoredSum(packer.finish());
        sealed = seal();
        return sealed.block;
      }, genesisRows(s, packer), packedAccounts(accounts, packer), records);
    } finally {
      packer.close();
    }
  } else {
    sealed = seal();
    const block = sealed.block;
    if (store !== undefined) write = () => {
      const txs: StoredTx[] = results.map((r) => ({
        hash: r.hash, height: r.height, index: r.index, tx: r.tx, data: r.data, code: r.code, codespace: r.codespace,
        rawLog: r.rawLog, events: JSON.stringify(r.events), gasWanted: r.gasWanted, gasUsed: r.gasUsed,
      }));
      if (genesis) writeGenesis(s, block, changes, accounts, records);
      else store.commitBlock(block, txs, changes, accounts, records);
    };
  }
  const { appHash, summary } = sealed!;
  const lastTimeNs = summary.timeNs;
  const pending: UncommittedBlock = {
    height: b.height, write, prepareMs: performance.now() - started, records: changeCount, summary,
    committed: { height: b.height, firstHeight: b.firstHeight, timeNs: lastTimeNs, appHash, results, events: b.events ?? [] },
  };
  // Written first when durable now: a write that fails leaves the chain at its last block.
  if (durability === "now") persist(s, pending);
  else s.uncommitted = pending;
  s.core.exports.storeJournalClear();
  s.genesisCommitted = true;
  s.last = { ...summary };
}

/** A block's write, then it is the durable one; commit listeners hear of it after, off this stack. */
export function persist(s: AppState, p: UncommittedBlock): void {
  const started = performance.now();
  p.write();
  if (s.store !== undefined) {
    s.hash.settle(storeSource(s));
    s.directory.settle(s.store);
  }
  s.uncommitted = undefined;
  s.durable = p.summary;
  s.lastCommit = { records: p.records, ms: p.prepareMs + performance.now() - started };
  p.committed.commitMs = s.lastCommit.ms;
  if (s.commitListeners.size === 0) return;
  // A listener's failure is its own, never the chain's.
  queueMicrotask(() => {
    for (const l of s.commitListeners) {
      try {
        l(p.committed);
      } catch (e) {
        console.error(e);
      }
    }
  });
}

/** The bonded validators by power (then operator order): the set a block's header commits to. */
export function consensusValidators(s: AppState): ConsensusValidator[] {
  return consensusSet(s.ledger, s.directory, (id) => s.validators.key(id));
}

/** The CometBFT header of the block being committed (its state is the block's outcome), and what the next one carries. */
function header(s: AppState, height: bigint, timeNs: bigint, results: TxResult[]): { stored: StoredHeader; hash: string } {
  const next = consensusValidators(s);
  const carry = s.headerCarry;
  const { stored, hash } = makeHeader({
    chainId: s.genesis.chainId, height, timeNs,
    ...(s.last.height > 0n && s.last.hash !== "" ? { lastBlockHash: hexToBytes(s.last.hash.toLowerCase()) } : {}),
    lastSignatures: carry.signatures, lastResults: carry.results,
    txs: results.map((r) => r.tx),
    validators: carry.signers ?? next, nextValidators: next,
    maxGas: s.blockMaxGas, appHash: s.last.appHash,
  });
  s.headerCarry = {
    signatures: stored.signatures,
    results: results.map((r) => ({ code: r.code, data: r.data, gasWanted: r.gasWanted, gasUsed: r.gasUsed })),
    signers: next,
  };
  return { stored, hash: bytesToHex(hash).toUpperCase() };
}

/** The block's changed records, read from the core's journal; the state hash follows them. */
function drainJournal(s: AppState): RecordChange[] {
  const x = s.core.exports;
  const n = x.storeJournalLength();
  const ptr = x.storeJournalPtr();
  const out: RecordChange[] = [];
  for (let i = 0; i < n; i++) {
    const mem = new DataView(x.memory.buffer);
    const table = mem.getUint32(ptr + i * JOURNAL_ENTRY_SIZE + JOURNAL_TABLE, true);
    const raw = mem.getUint32(ptr + i * JOURNAL_ENTRY_SIZE + JOURNAL_SLOT, true);
    const slot = raw & ~REMOVED_BIT;
    const size = x.storeRecordSize(table);
    const bytes = new Uint8Array(x.memory.buffer, x.storeRecordPtr(table, slot), size).slice();
    const key = recordKey(bytes);
    if ((raw & REMOVED_BIT) !== 0) {
      s.hash.remove(table, keyOf(bytes));
      out.push({ table, key, bytes: null });
    } else {
      s.hash.put(table, keyOf(bytes), bytes);
      out.push({ table, key, bytes: Buffer.from(bytes) });
    }
  }
  return out;
}

/** Whether the block's journal removes a record (then a slot may be journaled twice: the genesis block takes drainJournal's path). */
function journalRemoves(s: AppState): boolean {
  const x = s.core.exports;
  const n = x.storeJournalLength();
  const mem = new DataView(x.memory.buffer, x.storeJournalPtr(), n * JOURNAL_ENTRY_SIZE);
  for (let i = 0; i < n; i++) if ((mem.getUint32(i * JOURNAL_ENTRY_SIZE + JOURNAL_SLOT, true) & REMOVED_BIT) !== 0) return true;
  return false;
}

/**
 * A streamed document's bytes go into genesis_chunks in rows of this size (any size reads back:
 * store/genesis-bytes.ts): SQLite copies each row's blob as it binds and writes it, so 16 MiB rows
 * left tens of MiB of malloc'd memory at the import's peak.
 */
export const GENESIS_ROW_BYTES = 1024 * 1024;

/** Block 0 into the store: the document (a streamed one's bytes in chunks, not one string), its slim copy, the state. */
function writeGenesis(s: AppState, block: StoredBlock | (() => StoredBlock), changes: Iterable<RecordChange>, accounts: Iterable<AccountRecord>, records: ModuleRecord[]): void {
  const slim = slimGenesisDoc(s.genesisDoc);
  const file = genesisFileOf(s.genesisDoc);
  s.store!.commitGenesis(file !== undefined ? genesisFileChunks(file, GENESIS_ROW_BYTES, true) : JSON.stringify(s.genesisDoc), s.core.exports.stateFormat(), block, changes, accounts, records, JSON.stringify(slim));
  s.forgetGenesisRecords(slim);
}

/**
 * The genesis block's records (no removal, each slot once) as the write iterates them, each a view
 * of the core's memory (the journal and the core are left as they are until the write, which runs
 * before this commit returns), its state hash input packed for `packer`'s sum as its row is made:
 * the database is empty and takes them all in this block's write, as a restart adds stored records.
 */
function* genesisRows(s: AppState, packer: DigestPacker): Iterable<RecordChange> {
  const x = s.core.exports;
  const n = x.storeJournalLength();
  for (let i = 0; i < n; i++) {
    const buffer = x.memory.buffer;
    const e = new DataView(buffer, x.storeJournalPtr() + i * JOURNAL_ENTRY_SIZE, JOURNAL_ENTRY_SIZE);
    const table = e.getUint32(JOURNAL_TABLE, true);
    const bytes = Buffer.from(buffer, x.storeRecordPtr(table, e.getUint32(JOURNAL_SLOT, true)), x.storeRecordSize(table));
    packer.add(table, bytes);
    yield { table, key: recordKey(bytes), bytes };
  }
}

/** The genesis block's accounts as the write iterates them, each one's state hash input packed as its row is made. */
function* packedAccounts(accounts: AccountRecord[], packer: DigestPacker): Iterable<AccountRecord> {
  for (const a of accounts) {
    packer.addAccount(AUTH_TABLE, a.id, a.sequence, a.address);
    yield a;
  }
}

/** A record's key as SQLite stores it: its first 8 bytes big-endian, so keys sort as numbers. */
export function recordKey(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.subarray(RECORD_KEY, RECORD_KEY + RECORD_KEY_SIZE)).reverse();
}

/** A record's key (its first 8 bytes) as the state hash names it. */
export function keyOf(bytes: Uint8Array): string {
  return bytesToHex(bytes.subarray(RECORD_KEY, RECORD_KEY + RECORD_KEY_SIZE));
}

/** The state hash's former bytes of a record: what the database holds (AppState's store, read at the call: a dev revert replaces it). */
export function storeSource(s: AppState): HashSource {
  return {
    bytes(table, key) {
      const store = s.store!;
      if (table === AUTH_TABLE) {
        const a = store.account({ id: Number(key) });
        return a === undefined ? undefined : authBytes(a);
      }
      if (table === GOV_TABLE) {
        const v = store.govValue(key);
        return v === undefined ? undefined : utf8ToBytes(v);
      }
      return store.recordBytes(table, hexToBytes(key).reverse());
    },
  };
}

/** An account as the state hash sees it: id, sequence, address. */
export function authBytes(a: AccountRecord): Uint8Array {
  const addr = utf8ToBytes(a.address);
  const out = new Uint8Array(16 + addr.length);
  const dv = new DataView(out.buffer);
  dv.setBigUint64(0, BigInt(a.id), true);
  dv.setBigUint64(8, a.sequence, true);
  out.set(addr, 16);
  return out;
}
