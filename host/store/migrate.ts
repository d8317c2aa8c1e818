// The database's schema and the setup of a writer: WAL, full sync, the tables, and the columns,
// index and table shapes later builds added to databases written before them (each step a no-op on
// a database that has it already).

import type Database from "better-sqlite3";
import { indexedAttributes } from "./tx-search.js";

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

/** A writer's setup: WAL, full sync, the schema and the columns and index later builds added. */
export function setUp(db: Database.Database): void {
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  migrateTxsTable(db);
  db.exec(SCHEMA);
  addGasColumns(db);
  addBlockEventsColumn(db);
  addBlockHeaderColumn(db);
  addBlockConsensusColumn(db);
  addBlockMinterColumn(db);
  addTxBytesColumn(db);
  addAccountNumberColumn(db);
  indexTxAttributes(db);
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
 * Gas columns (decimal text: a u64 does not fit SQLite's INTEGER): added to databases written
 * before gas was metered, NULL in their old rows (unknown: a replay does not compare them).
 */
function addGasColumns(db: Database.Database): void {
  const columns = (db.prepare("PRAGMA table_info(txs)").all() as { name: string }[]).map((c) => c.name);
  if (!columns.includes("gas_wanted")) db.exec("ALTER TABLE txs ADD COLUMN gas_wanted TEXT");
  if (!columns.includes("gas_used")) db.exec("ALTER TABLE txs ADD COLUMN gas_used TEXT");
}

/** A tx's bytes: added to databases written before they were kept (their rows keep the POSTed body). */
function addTxBytesColumn(db: Database.Database): void {
  const columns = (db.prepare("PRAGMA table_info(txs)").all() as { name: string }[]).map((c) => c.name);
  if (!columns.includes("tx")) db.exec("ALTER TABLE txs ADD COLUMN tx BLOB");
  if (!columns.includes("data")) db.exec("ALTER TABLE txs ADD COLUMN data BLOB");
}

/** Finalize-block events (JSON text): added to databases written before they were kept, NULL there. */
function addBlockEventsColumn(db: Database.Database): void {
  const columns = (db.prepare("PRAGMA table_info(blocks)").all() as { name: string }[]).map((c) => c.name);
  if (!columns.includes("events")) db.exec("ALTER TABLE blocks ADD COLUMN events TEXT");
}

/** Block headers (JSON text): added to databases written before they were kept, NULL there. */
function addBlockHeaderColumn(db: Database.Database): void {
  const columns = (db.prepare("PRAGMA table_info(blocks)").all() as { name: string }[]).map((c) => c.name);
  if (!columns.includes("header")) db.exec("ALTER TABLE blocks ADD COLUMN header TEXT");
}

/** FinalizeBlock's commit info (JSON text): added to databases written before it was kept, NULL there. */
function addBlockConsensusColumn(db: Database.Database): void {
  const columns = (db.prepare("PRAGMA table_info(blocks)").all() as { name: string }[]).map((c) => c.name);
  if (!columns.includes("consensus")) db.exec("ALTER TABLE blocks ADD COLUMN consensus TEXT");
}

/** x/mint's annual provisions after each block: added to databases written before they were kept, NULL there. */
function addBlockMinterColumn(db: Database.Database): void {
  const columns = (db.prepare("PRAGMA table_info(blocks)").all() as { name: string }[]).map((c) => c.name);
  if (!columns.includes("annual_provisions")) db.exec("ALTER TABLE blocks ADD COLUMN annual_provisions TEXT");
}

/** An address the directory knows that has no x/auth account (a burn address): its number column. */
export const NO_ACCOUNT = "-";

/** x/auth account numbers (decimal text): added to databases written before they were kept; NULL there = the core id. */
function addAccountNumberColumn(db: Database.Database): void {
  const columns = (db.prepare("PRAGMA table_info(accounts)").all() as { name: string }[]).map((c) => c.name);
  if (!columns.includes("number")) db.exec("ALTER TABLE accounts ADD COLUMN number TEXT");
}
