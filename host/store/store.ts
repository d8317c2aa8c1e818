// The durable copy (better-sqlite3, WAL, synchronous=FULL): one SQLite transaction per block with
// its header, its transactions with their results and events, the state records it changed
// (bytes as BLOB, keys as 8-byte big-endian BLOB: a u64 does not fit SQLite's signed INTEGER) and
// the accounts it changed. A crash at any instant leaves the last committed block whole. A tx is
// keyed by (height, index): the same signed bytes can be in two blocks (a tx whose fee could not be
// paid when its block ran changed nothing and may be sent again), as CometBFT allows.
//
// A tx row also keeps its gas limit and the gas it used (decimal text); databases from before the
// gas meter get the two columns added on open, NULL in their old rows (shown as 0, not compared by
// replay). A tx is kept as its bytes; rows from before kept the POSTed body instead.
//
// A run of empty blocks made by the simulated clock in one core call is one row (first_height ..
// height, the first block's time and the step): replay re-runs it the same way.
//
// A writer holds the database's lock (db-lock.ts) while open, and sees a chain's state format
// before its setup writes anything (a refused database is left byte for byte as it was).

import { constants, copyFileSync } from "node:fs";
import Database from "better-sqlite3";
import type { SearchCondition } from "./tx-search.js";
import { indexTxsThrough, TxIndexer, writeImmediate } from "./tx-index.js";
import { matchingTxsSql, registerMatchFunction } from "./tx-search-sql.js";
import { StatementCache } from "./statements.js";
import type { AccountRecord, ModuleRecord } from "./records.js";
import { lockDatabase } from "./db-lock.js";
import { storedGenesisBytes, type GenesisBytes } from "./genesis-bytes.js";
import { NO_ACCOUNT, setUp } from "./migrate.js";
import { thisRelease } from "./release.js";
import { accountHashRows, recordChunks, recordRows, type RecordChunk } from "./restart-read.js";
import { accountOf, toBlock, toTx, type AccountRow, type BlockRow, type StoredBlock, type StoredTx, type TxRow } from "./rows.js";

export type { StoredBlock, StoredTx };

/** One record the block wrote (bytes) or deleted (null). */
export interface RecordChange {
  table: number;
  key: Uint8Array;
  bytes: Uint8Array | null;
}

export class NodeStore {
  private readonly db: Database.Database;
  private readonly insertBlock: Database.Statement;
  private readonly insertTx: Database.Statement;
  private readonly upsertRecord: Database.Statement;
  private readonly deleteRecord: Database.Statement;
  private readonly upsertAccount: Database.Statement;
  private readonly upsertGov: Database.Statement;
  private readonly deleteGov: Database.Statement;
  /** A writer's tx search index (tx-index.ts: written after the block, on a worker). */
  private readonly txIndex: TxIndexer | undefined;
  /** The blocks' commits: how long BEGIN IMMEDIATE waited for SQLite's write lock (the tx index worker's chunk), in all and at most. */
  readonly commitStats = { blocks: 0, lockWaitMs: 0, maxLockWaitMs: 0 };
  /** A writer's lock on the database (db-lock.ts): one node per database. */
  private readonly unlock: () => void;
  /** The per-request reads' statements (statements.ts): prepared once, at most MAX_STATEMENTS. */
  private readonly reads: StatementCache;

  /**
   * `checkFormat` sees the state format of a database that holds a chain, before anything is
   * written to it (a throw leaves the file as it was).
   */
  constructor(
    readonly path: string,
    options: { readonly?: boolean; checkFormat?: (format: number) => void; checkRelease?: (stored: StoredRelease) => void; holdMigration?: boolean } = {},
  ) {
    this.unlock = options.readonly ? () => {} : lockDatabase(path);
    let db: Database.Database | undefined;
    try {
      db = new Database(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
      const holdsChain = hasGenesis(db);
      if (options.checkFormat && holdsChain) options.checkFormat(storedStateFormat(db));
      if (options.checkRelease && holdsChain) options.checkRelease(storedRelease(db));
      if (!options.readonly) setUp(db, { hold: (options.holdMigration ?? false) && holdsChain });
      registerMatchFunction(db);
      this.db = db;
      this.reads = new StatementCache(db);
      this.insertBlock = this.prepareWrite(
        "INSERT INTO blocks (height, first_height, time_ns, step_ns, tx_count, app_hash, hash, events, header, consensus, annual_provisions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      this.insertTx = this.prepareWrite(
        "INSERT INTO txs (hash, height, idx, body, tx, data, code, codespace, raw_log, events, gas_wanted, gas_used) VALUES (?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      this.upsertRecord = this.prepareWrite(
        "INSERT INTO records (tbl, key, bytes) VALUES (?, ?, ?) ON CONFLICT (tbl, key) DO UPDATE SET bytes = excluded.bytes",
      );
      this.deleteRecord = this.prepareWrite("DELETE FROM records WHERE tbl = ? AND key = ?");
      this.upsertGov = this.prepareWrite("INSERT INTO gov (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
      this.deleteGov = this.prepareWrite("DELETE FROM gov WHERE key = ?");
      this.upsertAccount = this.prepareWrite(
        "INSERT INTO accounts (id, address, sequence, pubkey, number) VALUES (?, ?, ?, ?, ?) " +
          "ON CONFLICT (id) DO UPDATE SET sequence = excluded.sequence, pubkey = excluded.pubkey, number = excluded.number",
      );
      this.txIndex = options.readonly ? undefined : new TxIndexer(db, path);
    } catch (e) {
      db?.close();
      this.unlock();
      throw e;
    }
  }

  /**
   * The end of an open that held its migration (`holdMigration`): the schema's changes and this
   * release's name are committed together, once the caller has checked the state they restore (a
   * throw before this, and `close`, roll them back: the file is left as the earlier release wrote it).
   */
  opened(): void {
    if (this.db.readonly) return;
    const commit = this.db.inTransaction;
    this.db.prepare("INSERT INTO meta (key, value) VALUES ('written_by', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(thisRelease());
    if (commit) this.db.exec("COMMIT");
  }

  /** A read-only handle (replay) has no write statements: SQLite refuses to prepare them. */
  private prepareWrite(sql: string): Database.Statement {
    return this.db.readonly ? (undefined as unknown as Database.Statement) : this.db.prepare(sql);
  }

  /** The genesis document the chain was started from, or undefined for a new database. One string: past V8's longest a streamed document's cannot be (use genesisBytes). */
  genesis(): string | undefined {
    return storedGenesis(this.db);
  }

  /** A genesis is stored (a node's database), whatever its size. */
  hasGenesis(): boolean {
    return hasGenesis(this.db);
  }

  /** The genesis document's bytes as stored (a range at a time: genesis-bytes.ts), or undefined for a new database. */
  genesisBytes(): GenesisBytes | undefined {
    return (this.genesisBytesRead ??= storedGenesisBytes(this.db));
  }
  private genesisBytesRead: GenesisBytes | undefined;

  /** The genesis without its records (slimGenesisDoc), kept beside it since this build; undefined in older databases. */
  genesisSlim(): string | undefined {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = 'genesis_slim'").get() as { value: string } | undefined;
    return row?.value;
  }

  /** The core's state format the records were written in (databases before formats were kept: 1). */
  stateFormat(): number {
    return storedStateFormat(this.db);
  }

  /**
   * Block 0: the genesis document (its text, or a streamed document's bytes in chunks, never one
   * string: genesis_chunks), the state format and the state they made, in one transaction.
   */
  commitGenesis(
    genesisJson: string | Iterable<Uint8Array>, stateFormat: number, block: StoredBlock | (() => StoredBlock), changes: Iterable<RecordChange>,
    accounts: Iterable<AccountRecord>, gov: ModuleRecord[] = [], slimJson?: string,
  ): void {
    this.db.transaction(() => {
      if (typeof genesisJson === "string") this.db.prepare("INSERT INTO meta (key, value) VALUES ('genesis', ?)").run(genesisJson);
      else {
        this.db.exec("CREATE TABLE IF NOT EXISTS genesis_chunks (seq INTEGER PRIMARY KEY, bytes BLOB NOT NULL)");
        const insert = this.db.prepare("INSERT INTO genesis_chunks (seq, bytes) VALUES (?, ?)");
        let seq = 0;
        for (const chunk of genesisJson) insert.run(seq++, chunk);
        this.db.prepare("INSERT INTO meta (key, value) VALUES ('genesis', '')").run(); // '': in genesis_chunks
      }
      if (slimJson !== undefined) this.db.prepare("INSERT INTO meta (key, value) VALUES ('genesis_slim', ?)").run(slimJson);
      this.db.prepare("INSERT INTO meta (key, value) VALUES ('state_format', ?)").run(`${stateFormat}`);
      this.db.prepare("INSERT INTO meta (key, value) VALUES ('written_by', ?) ON CONFLICT (key) DO NOTHING").run(thisRelease());
      this.writeBlock(block, [], changes, accounts, gov);
    })();
  }

  /**
   * One block (or a run of empty blocks), atomically; its txs' search rows after it, on the tx
   * index's worker (tx-index.ts), or in the same transaction where there is none.
   */
  commitBlock(block: StoredBlock, txs: StoredTx[], changes: RecordChange[], accounts: AccountRecord[], gov: ModuleRecord[] = []): void {
    const inline = txs.length > 0 && !this.txIndex!.offThread;
    const write = () => {
      this.writeBlock(block, txs, changes, accounts, gov, crashInCommitHook);
      if (inline) indexTxsThrough(this.db, Number(block.height));
    };
    writeImmediate(this.db, write, this.commitStats);
    if (txs.length > 0) this.txIndex!.committed(Number(block.height), inline);
  }

  /** Resolves once tx search sees every committed tx (the index's worker has reached the last block with txs). */
  txIndexCaughtUp(): Promise<void> {
    return this.txIndex?.caughtUp() ?? Promise.resolve();
  }

  /** The tx index worker's transactions and how long they held the write lock; completions on the main thread. */
  get txIndexStats(): TxIndexer["stats"] | undefined {
    return this.txIndex?.stats;
  }

  /** x/gov's records (host/modules/gov/keeper.ts), by key. */
  govRecords(): { key: string; value: string }[] {
    try {
      return this.db.prepare("SELECT key, value FROM gov ORDER BY key").all() as { key: string; value: string }[];
    } catch {
      return []; // a database from before x/gov, opened read-only
    }
  }

  /** `block` a function: its row made after the others, in the same transaction (the genesis block's app hash summed as its rows are written). */
  private writeBlock(
    block: StoredBlock | (() => StoredBlock), txs: StoredTx[], changes: Iterable<RecordChange>, accounts: Iterable<AccountRecord>, gov: ModuleRecord[], midway = (): void => {},
  ): void {
    if (typeof block !== "function") this.blockRow(block);
    for (const t of txs) {
      this.insertTx.run(
        t.hash, t.height, t.index, t.tx ?? null, t.data ?? null, t.code, t.codespace, t.rawLog, t.events,
        t.gasWanted === null ? null : `${t.gasWanted}`, t.gasUsed === null ? null : `${t.gasUsed}`,
      );
    }
    midway();
    for (const c of changes) {
      if (c.bytes === null) this.deleteRecord.run(c.table, c.key);
      else this.upsertRecord.run(c.table, c.key, c.bytes);
    }
    for (const a of accounts) this.upsertAccount.run(a.id, a.address, `${a.sequence}`, a.pubKey ?? null, a.number === undefined ? NO_ACCOUNT : `${a.number}`);
    for (const g of gov) {
      if (g.value === null) this.deleteGov.run(g.key);
      else this.upsertGov.run(g.key, g.value);
    }
    if (typeof block === "function") this.blockRow(block());
  }

  private blockRow(block: StoredBlock): void {
    this.insertBlock.run(
      block.height, block.firstHeight, `${block.timeNs}`, `${block.stepNs}`, block.txCount, block.appHash, block.hash,
      block.events ?? null, block.header ?? null, block.consensus ?? null,
      block.annualProvisions === undefined ? null : `${block.annualProvisions}`,
    );
  }

  /** `read` inside one read transaction: everything it reads is one committed state (a reader beside the node's writer). */
  readTransaction<T>(read: () => T): T {
    this.db.exec("BEGIN");
    try {
      return read();
    } finally {
      this.db.exec("COMMIT");
    }
  }

  lastBlock(): StoredBlock | undefined {
    const row = this.reads.get("SELECT * FROM blocks ORDER BY height DESC LIMIT 1").get() as BlockRow | undefined;
    return row && toBlock(row);
  }

  /** Every block row from genesis on, in order. */
  *blocks(): IterableIterator<StoredBlock> {
    for (const row of this.db.prepare("SELECT * FROM blocks ORDER BY height").iterate() as Iterable<BlockRow>) {
      yield toBlock(row);
    }
  }

  txsAt(height: bigint): StoredTx[] {
    return (this.reads.get("SELECT * FROM txs WHERE height = ? ORDER BY idx").all(height) as TxRow[]).map(toTx);
  }

  /**
   * The txs matching every condition (tx-search.ts), in (height, index) order or its reverse:
   * the page asked for and how many match in all, both counted by SQLite (tx-search-sql.ts).
   */
  searchTxs(conditions: readonly SearchCondition[], o: { offset: number; limit: number; desc: boolean }): { total: number; txs: StoredTx[] } {
    this.txIndex?.complete(); // every committed tx searchable (the worker's rows written here if it is behind)
    const { sql, args } = matchingTxsSql(conditions);
    const total = this.reads.get(`SELECT COUNT(*) FROM (${sql})`).pluck().get(...args) as number;
    const dir = o.desc ? "DESC" : "ASC";
    const rows = this.reads.get(
      `SELECT t.* FROM (${sql}) m JOIN txs t ON t.height = m.height AND t.idx = m.idx ORDER BY m.height ${dir}, m.idx ${dir} LIMIT ? OFFSET ?`,
    ).all(...args, o.limit, o.offset) as TxRow[];
    return { total, txs: rows.map(toTx) };
  }

  /** How many read statements are kept (statements.ts: at most MAX_STATEMENTS). */
  get statementCount(): number {
    return this.reads.size;
  }

  /** The height of the block row whose hash this is (a single block, or a run's last; not genesis's row), by the hash's index. */
  heightOfBlockHash(hash: string): bigint | undefined {
    const h = this.reads.get("SELECT height FROM blocks WHERE hash = ? AND height >= 1 ORDER BY height DESC LIMIT 1").pluck().get(hash) as number | undefined;
    return h === undefined ? undefined : BigInt(h);
  }

  /** The runs of empty blocks (rows of several heights) ending at or above `lowest`, the latest first. */
  *runsFrom(lowest: bigint): IterableIterator<{ firstHeight: bigint; height: bigint; hash: string }> {
    const rows = this.reads.get("SELECT first_height, height, hash FROM blocks WHERE height >= ? AND first_height < height ORDER BY height DESC")
      .iterate(lowest) as Iterable<{ first_height: number; height: number; hash: string }>;
    for (const r of rows) yield { firstHeight: BigInt(r.first_height), height: BigInt(r.height), hash: r.hash };
  }

  /** SQLite's page cache bound (cache_size: pages, or KiB when negative) in bytes, and the page size. */
  pageCache(): { limitBytes: number; pageSize: number } {
    const pageSize = this.db.pragma("page_size", { simple: true }) as number;
    const size = this.db.pragma("cache_size", { simple: true }) as number;
    return { limitBytes: size < 0 ? -size * 1024 : size * pageSize, pageSize };
  }

  /** The block row holding `height` (a run of empty blocks is one row), or undefined. */
  blockRowAt(height: bigint): StoredBlock | undefined {
    const row = this.reads.get("SELECT * FROM blocks WHERE first_height <= ? AND height >= ? ORDER BY height LIMIT 1").get(height, height) as BlockRow | undefined;
    return row && toBlock(row);
  }

  /**
   * The tx with this hash; the latest if it is in several blocks (a tx that failed its fee in one
   * block can be sent again and included later: CometBFT's indexer keeps the latest too).
   */
  tx(hash: string): StoredTx | undefined {
    const row = this.reads.get("SELECT * FROM txs WHERE hash = ? ORDER BY height DESC LIMIT 1").get(hash) as TxRow | undefined;
    return row && toTx(row);
  }

  /** The time of the single block at `height` (a block with transactions). */
  blockTime(height: bigint): bigint {
    const row = this.reads.get("SELECT time_ns FROM blocks WHERE height = ?").get(height) as { time_ns: string } | undefined;
    return row ? BigInt(row.time_ns) : 0n;
  }

  /** Records per core table (a restart reserves their room first). */
  recordCounts(): Map<number, number> {
    const rows = this.db.prepare("SELECT tbl, COUNT(*) AS n FROM records GROUP BY tbl").all() as { tbl: number; n: number }[];
    return new Map(rows.map((r) => [r.tbl, r.n]));
  }

  *records(): IterableIterator<{ table: number; key: Uint8Array; bytes: Uint8Array }> {
    const rows = this.db.prepare("SELECT tbl, key, bytes FROM records").iterate() as Iterable<{ tbl: number; key: Buffer; bytes: Buffer }>;
    for (const r of rows) yield { table: r.tbl, key: r.key, bytes: r.bytes };
  }

  /** Every core record's table and bytes by table and key, read in chunks (restart-read.ts recordRows: a view per record, no Buffer per row). */
  recordBytesAll(): IterableIterator<[table: number, bytes: Uint8Array]> {
    return recordRows(this.db);
  }

  /** Every core record in chunks of many rows, each one BLOB (a restart's read: restart-read.ts). */
  recordChunks(rows?: number): IterableIterator<RecordChunk> {
    return recordChunks(this.db, rows);
  }

  /** Every account's id, sequence and address as raw rows, in pages (a restart's hash: restart-read.ts). */
  accountHashRows(): IterableIterator<[id: number, sequence: string, address: string][]> {
    return accountHashRows(this.db);
  }

  accounts(): AccountRecord[] {
    return (this.db.prepare("SELECT * FROM accounts ORDER BY id").all() as AccountRow[]).map(accountOf);
  }

  /** One account by id or by address (undefined: none stored). */
  account(by: { id: number } | { address: string }): AccountRecord | undefined {
    const row = ("id" in by
      ? this.reads.get("SELECT * FROM accounts WHERE id = ?").get(by.id)
      : this.reads.get("SELECT * FROM accounts WHERE address = ?").get(by.address)) as AccountRow | undefined;
    return row === undefined ? undefined : accountOf(row);
  }

  /** Every stored account's id, ascending. */
  accountIds(): number[] {
    return this.db.prepare("SELECT id FROM accounts ORDER BY id").pluck().all() as number[];
  }

  /** Every stored account, by id, read as it is walked. */
  *eachAccount(): IterableIterator<AccountRecord> {
    for (const r of this.db.prepare("SELECT * FROM accounts ORDER BY id").iterate() as Iterable<AccountRow>) yield accountOf(r);
  }

  /** The highest id and x/auth number stored (a number NULL is the id's; NO_ACCOUNT none). */
  accountTops(): { id: number | undefined; number: bigint | undefined } {
    const r = this.db.prepare(
      "SELECT MAX(id) AS id, MAX(CASE WHEN number IS NULL THEN id WHEN number = ? THEN NULL ELSE CAST(number AS INTEGER) END) AS n FROM accounts",
    ).safeIntegers(true).get(NO_ACCOUNT) as { id: bigint | null; n: bigint | null };
    return { id: r.id === null ? undefined : Number(r.id), number: r.n ?? undefined };
  }

  /** A core record's bytes as the last written block left them (key: 8 bytes big-endian). */
  recordBytes(table: number, key: Uint8Array): Uint8Array | undefined {
    return (this.reads.get("SELECT bytes FROM records WHERE tbl = ? AND key = ?").get(table, key) as { bytes: Buffer } | undefined)?.bytes;
  }

  /** A module record's value as the last written block left it. */
  govValue(key: string): string | undefined {
    return (this.reads.get("SELECT value FROM gov WHERE key = ?").get(key) as { value: string } | undefined)?.value;
  }

  /**
   * A read-only handle on the database as it is now, held there while blocks go on (a read
   * transaction of a connection of its own: SQLite's WAL keeps its snapshot). An export reads
   * from it across many turns of the event loop; `close` ends the transaction.
   */
  snapshot(): NodeStore {
    const s = new NodeStore(this.path, { readonly: true });
    try {
      s.db.exec("BEGIN");
      s.db.prepare("SELECT COUNT(*) FROM meta").get(); // the first read fixes the snapshot
    } catch (e) {
      s.close();
      throw e;
    }
    return s;
  }

  /**
   * A consistent copy of the database at `dest` (dev mode's snapshots): the WAL folded into the
   * file, then the file copied (a reflink where the file system has them); VACUUM INTO if a
   * reader kept the WAL from being folded whole. Synchronous: no block commits in between.
   */
  copyTo(dest: string): void {
    const [r] = this.db.pragma("wal_checkpoint(TRUNCATE)") as { busy: number; log: number; checkpointed: number }[];
    if (r !== undefined && r.busy === 0 && r.log === r.checkpointed) copyFileSync(this.path, dest, constants.COPYFILE_FICLONE);
    else this.db.prepare("VACUUM INTO ?").run(dest);
  }

  close(): void {
    this.txIndex?.close();
    this.db.close();
    this.unlock();
  }
}

/** Whether the database holds a genesis (without reading it: it may be most of the database). */
function hasGenesis(db: Database.Database): boolean {
  const meta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  return meta !== undefined && db.prepare("SELECT 1 FROM meta WHERE key = 'genesis'").get() !== undefined;
}

function storedGenesis(db: Database.Database): string | undefined {
  const meta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (meta === undefined) return undefined;
  const row = db.prepare("SELECT value FROM meta WHERE key = 'genesis'").get() as { value: string } | undefined;
  if (row?.value === "" && hasGenesisChunks(db)) {
    // A streamed document's chunks, as one text (for the callers that read the whole document: small ones).
    const parts = (db.prepare("SELECT bytes FROM genesis_chunks ORDER BY seq").all() as { bytes: Buffer }[]).map((r) => r.bytes);
    return Buffer.concat(parts).toString("utf8");
  }
  return row?.value;
}

function hasGenesisChunks(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'genesis_chunks'").get() !== undefined;
}

/** What an open can tell of the release that wrote a database, before writing anything to it. */
export interface StoredRelease {
  /** `name version (commit)` of the last release that opened it to write, if one since this field was kept did. */
  writtenBy?: string;
  /** Whether its genesis is in the node's own former format (before the SDK's document: `app_state.bank.burned_balance`, `node_state`). */
  formerGenesis: boolean;
}

function storedRelease(db: Database.Database): StoredRelease {
  const written = db.prepare("SELECT value FROM meta WHERE key = 'written_by'").get() as { value: string } | undefined;
  // Databases with a slim copy were written in the SDK's format; only older ones are read whole.
  const slim = db.prepare("SELECT 1 FROM meta WHERE key = 'genesis_slim'").get() !== undefined;
  return { writtenBy: written?.value, formerGenesis: !slim && formerGenesis(storedGenesis(db)) };
}

function formerGenesis(doc: string | undefined): boolean {
  if (doc === undefined) return false;
  try {
    const appState = (JSON.parse(doc) as { app_state?: { bank?: Record<string, unknown>; node_state?: unknown } }).app_state;
    return appState?.node_state !== undefined || (appState?.bank !== undefined && "burned_balance" in appState.bank);
  } catch {
    return false;
  }
}

function storedStateFormat(db: Database.Database): number {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'state_format'").get() as { value: string } | undefined;
  return row === undefined ? 1 : Number(row.value);
}

/**
 * Test hook of the crash suite (test/crash/driver.ts), off unless the environment sets it:
 * STAKING_ENGINE_CRASH_IN_COMMIT=N makes the process SIGKILL itself inside the SQLite transaction
 * of the N-th block it commits (genesis not counted), after the block row and its txs are written
 * and before its records and accounts are: a restart must find that block absent, not half there.
 */
const CRASH_IN_COMMIT = /^[1-9][0-9]{0,8}$/.test(process.env.STAKING_ENGINE_CRASH_IN_COMMIT ?? "")
  ? Number(process.env.STAKING_ENGINE_CRASH_IN_COMMIT)
  : 0;
let blockCommits = 0;

function crashInCommitHook(): void {
  if (CRASH_IN_COMMIT > 0 && ++blockCommits === CRASH_IN_COMMIT) process.kill(process.pid, "SIGKILL");
}

