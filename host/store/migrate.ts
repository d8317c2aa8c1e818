// The database's schema and the setup of a writer: WAL, full sync, the tables, and the columns,
// index and table shapes later builds added to databases written before them (each step a no-op on
// a database that has it already).

import type Database from "better-sqlite3";
import { indexedAttributes } from "./tx-search.js";
import { initTxIndexMarker } from "./tx-index.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS blocks (
  height INTEGER PRIMARY KEY, first_height INTEGER NOT NULL, time_ns TEXT NOT NULL, step_ns TEXT NOT NULL,
  tx_count INTEGER NOT NULL, app_hash TEXT NOT NULL, hash TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS txs (
  height INTEGER NOT NULL, idx INTEGER NOT NULL, hash TEXT NOT NULL, body TEXT NOT NULL,
  code INTEGER NOT NULL, codespace TEXT NOT NULL, raw_log TEXT NOT NULL, events TEXT NOT NULL,
  PRIMARY KEY (height, idx)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS txs_by_hash ON txs (hash, height);
CREATE INDEX IF NOT EXISTS blocks_by_hash ON blocks (hash);
CREATE TABLE IF NOT EXISTS tx_attrs (key TEXT NOT NULL, value TEXT NOT NULL, height INTEGER NOT NULL, idx INTEGER NOT NULL,
  PRIMARY KEY (key, value, height, idx)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS gov (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS records (tbl INTEGER NOT NULL, key BLOB NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (tbl, key)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS accounts (id INTEGER PRIMARY KEY, address TEXT NOT NULL UNIQUE, sequence TEXT NOT NULL, pubkey BLOB);
`;

/** The environment variable a testnet sets to "normal" for its nodes' databases (synchronous = NORMAL). */
export const SQLITE_SYNC_ENV = "STAKING_ENGINE_SQLITE_SYNC";

/**
 * A writer's setup: WAL, full sync, the schema and the columns and index later builds added.
 * `hold`: the schema's changes stay in an open transaction, committed by the store's `opened`
 * once the state restored from it is checked (a database of an earlier release is migrated whole
 * or not at all).
 */
export function setUp(db: Database.Database, options: { hold?: boolean } = {}): void {
  db.pragma("journal_mode = WAL");
  // FULL: a block is on disk when Commit returns. A CometBFT testnet's node (host/cometbft/testnet.ts)
  // runs NORMAL: the WAL reaches the disk at checkpoints, so an OS crash may lose its last blocks,
  // which CometBFT's handshake replays (Info answers the height the database holds).
  db.pragma(`synchronous = ${process.env[SQLITE_SYNC_ENV] === "normal" ? "NORMAL" : "FULL"}`);
  if (options.hold) db.exec("BEGIN IMMEDIATE");
  migrateTxsTable(db);
  db.exec(SCHEMA);
  addColumns(db);
  indexTxAttributes(db);
  initTxIndexMarker(db);
}

/**
 * Databases written before a tx hash could be stored at two heights keyed txs by hash: rebuild that
 * table keyed by (height, index), in one transaction (a crash leaves the old table whole).
 */
function migrateTxsTable(db: Database.Database): void {
  const row = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'txs'").get() as { sql: string } | undefined;
  if (row === undefined || !/hash TEXT PRIMARY KEY/i.test(row.sql)) return;
  db.transaction(() => {
    db.exec("ALTER TABLE txs RENAME TO txs_by_hash_v1");
    db.exec("DROP INDEX IF EXISTS txs_by_height");
    db.exec(SCHEMA);
    db.exec(
      "INSERT INTO txs (height, idx, hash, body, code, codespace, raw_log, events) " +
        "SELECT height, idx, hash, body, code, codespace, raw_log, events FROM txs_by_hash_v1",
    );
    db.exec("DROP TABLE txs_by_hash_v1");
  })();
}

/**
 * The tx search index (tx_attrs) of databases written before it existed: built from every stored
 * tx's events once, in one transaction, marked done in meta.
 */
function indexTxAttributes(db: Database.Database): void {
  if (db.prepare("SELECT 1 FROM meta WHERE key = 'tx_attrs'").get() !== undefined) return;
  db.transaction(() => {
    const insert = db.prepare("INSERT OR IGNORE INTO tx_attrs (key, value, height, idx) VALUES (?, ?, ?, ?)");
    for (const t of db.prepare("SELECT height, idx, events FROM txs").all() as { height: number; idx: number; events: string }[]) {
      for (const a of indexedAttributes(t.events)) insert.run(a.key, a.value, t.height, t.idx);
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('tx_attrs', '1')").run();
  })();
}

/**
 * Columns later builds added, in the order setUp adds them, each added to databases written before
 * it was kept and NULL in their old rows.
 */
const ADDED_COLUMNS: readonly (readonly [table: string, column: string, type: string])[] = [
  // Gas wanted and used (decimal text: a u64 does not fit SQLite's INTEGER); NULL: unknown (a replay does not compare them).
  ["txs", "gas_wanted", "TEXT"],
  ["txs", "gas_used", "TEXT"],
  // Finalize-block events, block headers, FinalizeBlock's commit info (JSON text each).
  ["blocks", "events", "TEXT"],
  ["blocks", "header", "TEXT"],
  ["blocks", "consensus", "TEXT"],
  // x/mint's annual provisions after each block.
  ["blocks", "annual_provisions", "TEXT"],
  // A tx's bytes (older rows keep the POSTed body) and its messages' responses (TxMsgData bytes).
  ["txs", "tx", "BLOB"],
  ["txs", "data", "BLOB"],
  // x/auth account numbers (decimal text); NULL there = the core id.
  ["accounts", "number", "TEXT"],
];

function addColumns(db: Database.Database): void {
  for (const [table, column, type] of ADDED_COLUMNS) {
    const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
    if (!columns.includes(column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  }
}

/** An address the directory knows that has no x/auth account (a burn address): its number column. */
export const NO_ACCOUNT = "-";

