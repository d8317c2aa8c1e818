// The tx index's worker (tx-index.ts TxIndexer): its own connection to the node's database; for
// each `{ to }` it writes the rows of the txs above `meta.tx_index_height` through `to` (the rows
// indexedAttributes gives, as the inline path writes them), a block at a time, CHUNK_ROWS rows a
// transaction, the marker moved with a block's last chunk; `{ to: 0 }` after the stop flag closes it.

import Database from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";
import { indexedAttributes } from "./tx-search.js";
import { TX_INDEX_MARKER as MARKER, type IndexerReport } from "./tx-index.js";

const setup = workerData as { path: string; chunkRows: number; stop: SharedArrayBuffer };
const db = new Database(setup.path, { timeout: 10_000 });
db.pragma("synchronous = NORMAL"); // the index is derived: a lost tail is rebuilt on open
db.pragma("wal_autocheckpoint = 0"); // only the main thread's connection moves the WAL into the file (store.ts copyTo copies the file meanwhile)
const marker = db.prepare(`SELECT CAST(value AS INTEGER) FROM meta WHERE key = '${MARKER}'`).pluck();
const setMarker = db.prepare(`UPDATE meta SET value = ? WHERE key = '${MARKER}' AND CAST(value AS INTEGER) < ?`);
const txsAbove = db.prepare("SELECT height, idx, events FROM txs WHERE height > ? AND height <= ? ORDER BY height, idx");
const insert = db.prepare("INSERT OR IGNORE INTO tx_attrs (key, value, height, idx) VALUES (?, ?, ?, ?)");
const stop = new Int32Array(setup.stop); // [0]: asked to stop; [1]: its connection closed

const indexedThrough = () => (marker.get() as number | undefined) ?? 0;
const report = (r: IndexerReport) => parentPort!.postMessage(r);

function stopped(): boolean {
  if (Atomics.load(stop, 0) === 0) return false;
  if (db.open) db.close();
  Atomics.store(stop, 1, 1);
  Atomics.notify(stop, 1);
  return true;
}

let target = 0;
parentPort!.on("message", (m: { to: number }) => {
  if (stopped()) return;
  if (m.to > target) target = m.to;
  if (indexedThrough() >= target) return;
  const rows = txsAbove.all(indexedThrough(), target) as { height: number; idx: number; events: string }[];
  for (let i = 0; i < rows.length; ) {
    const h = rows[i]!.height;
    const out: { key: string; value: string; idx: number }[] = [];
    for (; i < rows.length && rows[i]!.height === h; i++) {
      for (const a of indexedAttributes(rows[i]!.events)) out.push({ key: a.key, value: a.value, idx: rows[i]!.idx });
    }
    if (indexedThrough() >= h) continue; // the main thread got there first
    let chunks = 0, heldMs = 0, maxHeldMs = 0;
    for (let o = 0; o === 0 || o < out.length; o += setup.chunkRows) {
      if (stopped()) return;
      const t = performance.now();
      const end = Math.min(out.length, o + setup.chunkRows);
      db.transaction(() => {
        for (let r = o; r < end; r++) insert.run(out[r]!.key, out[r]!.value, h, out[r]!.idx);
        if (end >= out.length) setMarker.run(String(h), h);
      }).immediate();
      const held = performance.now() - t;
      chunks++;
      heldMs += held;
      maxHeldMs = Math.max(maxHeldMs, held);
    }
    report({ indexed: h, chunks, heldMs, maxHeldMs });
  }
  if (indexedThrough() < target) {
    setMarker.run(String(target), target);
    report({ indexed: target, chunks: 0, heldMs: 0, maxHeldMs: 0 });
  }
});
