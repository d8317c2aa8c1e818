// A restart's bulk reads (app/init.ts restore): the core records of a table in chunks of many rows,
// each chunk one BLOB SQLite concatenates itself, `table (u32 little-endian) ‖ record` per record in
// key order: the state hash's input (state-hash.ts) as it is, and the core's bytes 4 bytes in. A row
// read by better-sqlite3 costs a JS array and a Buffer (~2 µs); a chunk of 8,192 rows, one Buffer.
// And the accounts as the state hash sees them (id, sequence, address), as raw rows.

import type Database from "better-sqlite3";

/** Rows per chunk (at most 8,192 × (4 + 192) bytes: 1.6 MB). */
export const CHUNK_ROWS = 8192;

/** A run of one table's records: `count` records of `size` bytes, each after its 4-byte table prefix. */
export interface RecordChunk {
  table: number;
  count: number;
  /** Every record's length (a record of another length: `size` is -1). */
  size: number;
  bytes: Buffer;
  /** The key the chunk was read after (the table's first chunk: empty): where to read it again row by row. */
  after: Buffer;
}

/** `table` as the hash's prefix: u32 little-endian. */
export function tablePrefix(table: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(table >>> 0);
  return b;
}

/** Every core record, by table and key, in chunks (see above). */
export function* recordChunks(db: Database.Database, rows = CHUNK_ROWS): IterableIterator<RecordChunk> {
  const tables = db.prepare("SELECT DISTINCT tbl FROM records ORDER BY tbl").pluck().all() as number[];
  // `||` and group_concat read a BLOB's bytes as they are; CAST back to BLOB keeps them (NUL bytes included).
  const chunk = db.prepare(
    "SELECT count(*), min(length(bytes)), max(length(bytes)), max(key), CAST(group_concat(? || bytes, x'') AS BLOB) " +
      "FROM (SELECT key, bytes FROM records WHERE tbl = ? AND key > ? ORDER BY key LIMIT ?)",
  ).raw(true);
  for (const table of tables) {
    const prefix = tablePrefix(table);
    let after: Buffer = Buffer.alloc(0);
    for (;;) {
      const [count, min, max, last, bytes] = chunk.get(prefix, table, after, rows) as [number, number, number, Buffer, Buffer | null];
      if (count === 0) break;
      yield { table, count, size: min === max ? min : -1, bytes: bytes!, after };
      if (count < rows) break;
      after = last;
    }
  }
}

/**
 * Every core record as `[table, bytes]`, by table and key (the order of a scan of the records
 * table, its primary key), read in chunks as recordChunks reads them: each record a view into its
 * chunk's one Buffer, not a Buffer and an array per row (an export reads them twice: its decode
 * and node_state.records). A chunk of records of several lengths is read again row by row.
 */
export function* recordRows(db: Database.Database, rows = CHUNK_ROWS): IterableIterator<[table: number, bytes: Uint8Array]> {
  const each = db.prepare("SELECT bytes FROM records WHERE tbl = ? AND key > ? ORDER BY key LIMIT ?").pluck();
  for (const { table, count, size, bytes, after } of recordChunks(db, rows)) {
    if (size >= 0) {
      const stride = size + 4;
      for (let i = 0, o = 4; i < count; i++, o += stride) yield [table, bytes.subarray(o, o + size)];
    } else {
      for (const b of each.all(table, after, rows) as Buffer[]) yield [table, b];
    }
  }
}

/** Every account's id, sequence (decimal text) and address, by id, in pages of `rows` (`.all()` of a page: half the cost of a row at a time). */
export function* accountHashRows(db: Database.Database, rows = CHUNK_ROWS): IterableIterator<[id: number, sequence: string, address: string][]> {
  const page = db.prepare("SELECT id, sequence, address FROM accounts WHERE id > ? ORDER BY id LIMIT ?").raw(true);
  let after = -Infinity;
  for (;;) {
    const list = page.all(after, rows) as [number, string, string][];
    if (list.length > 0) yield list;
    if (list.length < rows) return;
    after = list[list.length - 1]![0];
  }
}
