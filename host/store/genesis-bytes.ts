// The genesis document's bytes as the database holds them, read a range at a time (CometBFT's
// `/genesis_chunked` serves them in 16 MiB chunks): a streamed document's rows of genesis_chunks,
// or the UTF-8 of a document stored whole as text (databases before the chunks table), read by
// SQLite's substr of the blob so that no JS string of the whole document is made.

import type Database from "better-sqlite3";

/** A document's bytes: their number and a reader of `length` of them from `offset`. */
export interface GenesisBytes {
  readonly size: number;
  read(offset: number, length: number): Uint8Array;
}

/** The stored genesis document's bytes; undefined for a database without one. */
export function storedGenesisBytes(db: Database.Database): GenesisBytes | undefined {
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() === undefined) return undefined;
  const row = db.prepare("SELECT length(CAST(value AS BLOB)) AS n FROM meta WHERE key = 'genesis'").get() as { n: number } | undefined;
  if (row === undefined) return undefined;
  const chunked = row.n === 0 && db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'genesis_chunks'").get() !== undefined;
  if (!chunked) {
    const part = db.prepare("SELECT substr(CAST(value AS BLOB), ?, ?) AS b FROM meta WHERE key = 'genesis'");
    return { size: row.n, read: (offset, length) => bytesOf((part.get(offset + 1, length) as { b: Buffer | null }).b) };
  }
  // Each row's place in the document (rows of 1 MiB: app/commit.ts GENESIS_ROW_BYTES; 16 MiB before), then the rows a range overlaps.
  const rows = db.prepare("SELECT seq, length(bytes) AS n FROM genesis_chunks ORDER BY seq").all() as { seq: number; n: number }[];
  const starts: number[] = [];
  let size = 0;
  for (const r of rows) {
    starts.push(size);
    size += r.n;
  }
  const part = db.prepare("SELECT substr(bytes, ?, ?) AS b FROM genesis_chunks WHERE seq = ?");
  return {
    size,
    read(offset, length) {
      const end = Math.min(offset + length, size);
      const out = new Uint8Array(Math.max(end - offset, 0));
      for (let i = 0; i < rows.length; i++) {
        const from = Math.max(offset, starts[i]!), to = Math.min(end, starts[i]! + rows[i]!.n);
        if (from >= to) continue;
        out.set(bytesOf((part.get(from - starts[i]! + 1, to - from, rows[i]!.seq) as { b: Buffer | null }).b), from - offset);
      }
      return out;
    },
  };
}

function bytesOf(b: Buffer | string | null): Uint8Array {
  return b === null ? new Uint8Array() : typeof b === "string" ? Buffer.from(b, "utf8") : b;
}
