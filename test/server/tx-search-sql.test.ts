// Tx search in SQLite (store/store.ts searchTxs, store/tx-search-sql.ts matchingTxsSql): on a store of
// 3,000 txs, every query form answers what a brute-force filter with valueMatches answers (page,
// order, total), and no statement hands JavaScript more rows than the page (the search used to read
// every matching row, and `tx.height` every tx, into the heap on each request: garbage growing with
// the chain's history). Read statements are prepared once and kept, at most MAX_STATEMENTS.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { NodeStore, type StoredTx } from "../../host/store/store.js";
import { MAX_STATEMENTS } from "../../host/store/statements.js";
import { parseTxQuery, valueMatches } from "../../host/store/tx-search.js";

const dir = mkdtempSync(join(tmpdir(), "tx-search-sql-"));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const BLOCKS = 300;
const PER_BLOCK = 10;
const senders = ["cro1alice", "cro1bob", "cro1carol"];

/** Tx k: sender k mod 3, amount k, a fee of k mod 7, an attribute naming its block's parity. */
function txAt(height: number, index: number): StoredTx & { attrs: Record<string, string[]> } {
  const k = height * PER_BLOCK + index;
  const attrs = { "message.sender": [senders[k % 3]!], "transfer.amount": [`${k}basecro`], "tx.fee": [`${k % 7}`], "block.parity": [height % 2 ? "odd" : "even"] };
  const events = Object.entries(attrs).map(([key, [value]]) => {
    const [type, attr] = key.split(".") as [string, string];
    return { type, attributes: [{ key: attr, value: value!, index: true }] };
  });
  const hash = k.toString(16).toUpperCase().padStart(64, "0");
  return {
    hash, height: BigInt(height), index, tx: new Uint8Array([k & 0xff]), code: 0, codespace: "", rawLog: "", events: JSON.stringify(events),
    gasWanted: 1n, gasUsed: 1n, attrs: { ...attrs, "tx.height": [`${height}`], "tx.hash": [hash] },
  };
}

const all: ReturnType<typeof txAt>[] = [];
const dbPath = join(dir, "search.db");
{
  const store = new NodeStore(dbPath);
  for (let h = 1; h <= BLOCKS; h++) {
    const txs = Array.from({ length: PER_BLOCK }, (_, i) => txAt(h, i));
    all.push(...txs);
    store.commitBlock({ height: BigInt(h), firstHeight: BigInt(h), timeNs: BigInt(h) * 1_000_000_000n, stepNs: 0n, txCount: PER_BLOCK, appHash: "", hash: `${h}` }, txs, [], []);
  }
  store.close();
}

/** What the search must answer: every tx meeting every condition, by valueMatches. */
function brute(query: string, o: { offset: number; limit: number; desc: boolean }) {
  const conditions = parseTxQuery(query);
  const hit = all.filter((t) => conditions.every((c) => {
    const values = t.attrs[c.key] ?? [];
    const numeric = c.key === "tx.height" ? true : c.numeric;
    const operand = c.key === "tx.hash" ? c.operand.toUpperCase() : c.operand;
    return values.some((v) => valueMatches(v, { ...c, numeric, operand }));
  }));
  if (o.desc) hit.reverse();
  return { total: hit.length, hashes: hit.slice(o.offset, o.offset + o.limit).map((t) => t.hash) };
}

const QUERIES = [
  "message.sender='cro1bob'",
  "tx.height=150",
  "tx.height>=295",
  "tx.height<3",
  "tx.height<=-1",
  "tx.height='42'",
  "tx.height CONTAINS '99'",
  "tx.height EXISTS",
  `tx.hash='${txAt(7, 3).hash.toLowerCase()}'`,
  "tx.hash CONTAINS 'AB'",
  "transfer.amount CONTAINS '777'",
  "tx.fee>5",
  "tx.fee<=0",
  "tx.fee=3",
  "block.parity EXISTS",
  "message.sender='cro1alice' AND block.parity='odd' AND tx.height>200",
  "message.sender='cro1carol' AND tx.fee=3",
  "tx.height>100 AND tx.height<=110 AND transfer.amount CONTAINS '5'",
  "message.sender='nobody'",
  "message.sender='cro1bob' AND message.sender='cro1alice'",
];

test("every query form answers what a brute-force filter answers: page, order and total", () => {
  const store = new NodeStore(dbPath);
  try {
    for (const q of QUERIES) {
      for (const o of [{ offset: 0, limit: 30, desc: false }, { offset: 30, limit: 7, desc: true }, { offset: 0, limit: 100, desc: true }]) {
        const got = store.searchTxs(parseTxQuery(q), o);
        const want = brute(q, o);
        assert.is(got.total, want.total, `${q} total`);
        assert.equal(got.txs.map((t) => t.hash), want.hashes, `${q} ${JSON.stringify(o)}`);
      }
    }
    assert.ok(brute("tx.height CONTAINS '99'", { offset: 0, limit: 1000, desc: false }).total > 0, "the forms match something");
    // A height that is not an integer matches nothing (it used to throw from BigInt).
    assert.equal(store.searchTxs(parseTxQuery("tx.height='x'"), { offset: 0, limit: 5, desc: false }), { total: 0, txs: [] });
  } finally {
    store.close();
  }
});

test("no statement hands JavaScript more rows than the page, whatever the history", () => {
  const store = new NodeStore(dbPath);
  // Every row any statement returns, counted at better-sqlite3's Statement methods.
  const proto = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as Record<string, (...a: unknown[]) => unknown>;
  const saved = { all: proto.all!, iterate: proto.iterate! };
  let most = 0;
  proto.all = function (this: unknown, ...a: unknown[]) {
    const rows = saved.all.apply(this, a) as unknown[];
    most = Math.max(most, rows.length);
    return rows;
  };
  proto.iterate = function* (this: unknown, ...a: unknown[]) {
    let n = 0;
    for (const row of saved.iterate.apply(this, a) as Iterable<unknown>) {
      most = Math.max(most, ++n);
      yield row;
    }
  };
  try {
    for (const q of ["tx.height>=1", "message.sender='cro1bob'", "block.parity EXISTS", "transfer.amount CONTAINS 'basecro'", "tx.fee>=0 AND block.parity='odd'"]) {
      most = 0;
      const r = store.searchTxs(parseTxQuery(q), { offset: 500, limit: 10, desc: true });
      assert.ok(r.total >= 1000, `${q}: ${r.total} matches`);
      assert.is(r.txs.length, 10);
      assert.ok(most <= 10, `${q}: a statement returned ${most} rows for a page of 10`);
    }
  } finally {
    proto.all = saved.all;
    proto.iterate = saved.iterate;
    store.close();
  }
});

test("read statements are kept, at most MAX_STATEMENTS", () => {
  const store = new NodeStore(dbPath);
  try {
    store.searchTxs(parseTxQuery("tx.height=5"), { offset: 0, limit: 5, desc: false });
    const kept = store.statementCount;
    for (let i = 0; i < 20; i++) store.searchTxs(parseTxQuery(`tx.height=${i}`), { offset: 0, limit: 5, desc: false });
    for (let i = 0; i < 20; i++) store.txsAt(BigInt(i));
    assert.is(store.statementCount, kept + 1, "the same query shape reuses its statements; txsAt one more");
    // Queries of ever new shapes (one condition more each time: two statements each) never keep more than the bound.
    let shapes = 0;
    for (let n = 1; `tx.fee>=0${" AND tx.fee>=0".repeat(n)}`.length <= 512; n++, shapes++) {
      store.searchTxs(parseTxQuery(`tx.fee>=0${" AND tx.fee>=0".repeat(n)}`), { offset: 0, limit: 1, desc: false });
      assert.ok(store.statementCount <= MAX_STATEMENTS, `${store.statementCount} statements kept`);
    }
    assert.ok(2 * shapes > MAX_STATEMENTS, "the shapes outnumber the bound");
  } finally {
    store.close();
  }
});

test("a block's hash is found by its index, not by reading the blocks", () => {
  const store = new NodeStore(dbPath);
  try {
    assert.is(store.heightOfBlockHash("150"), 150n);
    assert.is(store.heightOfBlockHash("nope"), undefined);
    const db = new Database(dbPath, { readonly: true });
    const plan = (db.prepare("EXPLAIN QUERY PLAN SELECT height FROM blocks WHERE hash = ? AND height >= 1 ORDER BY height DESC LIMIT 1").all("x") as { detail: string }[])
      .map((r) => r.detail).join("; ");
    db.close();
    assert.match(plan, /USING (COVERING )?INDEX blocks_by_hash/);
  } finally {
    store.close();
  }
});

test.run();
