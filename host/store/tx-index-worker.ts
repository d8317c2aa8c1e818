// The tx index's worker (tx-index.ts TxIndexer), as plain JavaScript run by `new Worker(source,
// { eval: true })`: no TypeScript loader in its thread (a worker of a .ts file registers tsx there,
// and tsx's hooks run on a thread of their own: two isolates, ~25-30 MiB of RSS, for a loop of
// SQL; docs/performance.md "Against chain-maind", RSS). Its own connection to the node's database;
// for each `{ to }` it writes the rows of the txs above `meta.tx_index_height` through `to` (the
// rows tx-search.ts indexedAttributes gives, as the inline path writes them: INDEXED_ATTRIBUTES_JS
// is that function in JavaScript, held equal to it by test/store/tx-index.test.ts), a block at a
// time, CHUNK_ROWS rows a transaction, the marker moved with a block's last chunk; `{ to: 0 }`
// after the stop flag closes it.

/** tx-search.ts `indexedAttributes` in plain JavaScript: the indexed attributes of a tx's events' JSON. */
export const INDEXED_ATTRIBUTES_JS = `function indexedAttributes(eventsJson) {
  const out = [];
  for (const e of JSON.parse(eventsJson)) {
    for (const a of e.attributes) if (a.index !== false) out.push({ key: e.type + "." + a.key, value: a.value });
  }
  return out;
}`;

/** What the worker is given (workerData). */
export interface TxIndexWorkerSetup {
  path: string;
  chunkRows: number;
  stop: SharedArrayBuffer;
  /** better-sqlite3's entry, resolved by the caller (an eval'd worker resolves from the process's cwd). */
  sqlite: string;
  marker: string;
}

/** The worker's source (CommonJS, `eval: true`). */
export const TX_INDEX_WORKER = `"use strict";
const { parentPort, workerData: setup } = require("node:worker_threads");
const Database = require(setup.sqlite);
${INDEXED_ATTRIBUTES_JS}
const db = new Database(setup.path, { timeout: 10000 });
db.pragma("synchronous = NORMAL"); // the index is derived: a lost tail is rebuilt on open
db.pragma("wal_autocheckpoint = 0"); // only the main thread's connection moves the WAL into the file (store.ts copyTo copies the file meanwhile)
const marker = db.prepare("SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?").pluck();
const setMarker = db.prepare("UPDATE meta SET value = ? WHERE key = ? AND CAST(value AS INTEGER) < ?");
const txsAbove = db.prepare("SELECT height, idx, events FROM txs WHERE height > ? AND height <= ? ORDER BY height, idx");
const insert = db.prepare("INSERT OR IGNORE INTO tx_attrs (key, value, height, idx) VALUES (?, ?, ?, ?)");
const stop = new Int32Array(setup.stop); // [0]: asked to stop; [1]: its connection closed

const indexedThrough = () => marker.get(setup.marker) ?? 0;
const report = (r) => parentPort.postMessage(r);

function stopped() {
  if (Atomics.load(stop, 0) === 0) return false;
  if (db.open) db.close();
  Atomics.store(stop, 1, 1);
  Atomics.notify(stop, 1);
  return true;
}

let target = 0;
parentPort.on("message", (m) => {
  if (stopped()) return;
  if (m.to > target) target = m.to;
  if (indexedThrough() >= target) return;
  const rows = txsAbove.all(indexedThrough(), target);
  for (let i = 0; i < rows.length; ) {
    const h = rows[i].height;
    const out = [];
    for (; i < rows.length && rows[i].height === h; i++) {
      for (const a of indexedAttributes(rows[i].events)) out.push({ key: a.key, value: a.value, idx: rows[i].idx });
    }
    if (indexedThrough() >= h) continue; // the main thread got there first
    let chunks = 0, heldMs = 0, maxHeldMs = 0;
    for (let o = 0; o === 0 || o < out.length; o += setup.chunkRows) {
      if (stopped()) return;
      const t = performance.now();
      const end = Math.min(out.length, o + setup.chunkRows);
      db.transaction(() => {
        for (let r = o; r < end; r++) insert.run(out[r].key, out[r].value, h, out[r].idx);
        if (end >= out.length) setMarker.run(String(h), setup.marker, h);
      }).immediate();
      const held = performance.now() - t;
      chunks++;
      heldMs += held;
      maxHeldMs = Math.max(maxHeldMs, held);
    }
    report({ indexed: h, chunks, heldMs, maxHeldMs });
  }
  if (indexedThrough() < target) {
    setMarker.run(String(target), setup.marker, target);
    report({ indexed: target, chunks: 0, heldMs: 0, maxHeldMs: 0 });
  }
});
`;
