// A restart's bulk reads and sums (host/store/restart-read.ts, stored-digests.ts, host/app/init.ts
// restore): the chunks SQLite concatenates are the stored bytes exactly (NUL and non-UTF-8 bytes
// too), in key order, across chunk edges and tables; a record of another length is flagged; the
// digest sum in the thread and on a worker both equal the state hash's own; and a node restarted
// with its hashing on the worker keeps its app hash and refuses a database changed behind its back.

import { test } from "uvu";
import * as assert from "uvu/assert";
import Database from "better-sqlite3";
import { recordChunks, recordRows, accountHashRows, tablePrefix } from "../../host/store/restart-read.js";
import { DigestPacker, digestSum, restartHashing } from "../../host/store/stored-digests.js";
import { StateHash } from "../../host/store/state-hash.js";
import { NodeStateError } from "../../host/framework/types.js";
import { nodeHarness } from "../helpers/node.js";
import { sendMsg } from "../helpers/dev-signer.js";
import { devAddress } from "../../host/app/genesis.js";
import { signedBy } from "../helpers/node.js";
import { hashAccounts } from "../../host/app/restart-load.js";
import { AUTH_TABLE, authBytes } from "../../host/app/commit.js";
import type { NodeStore } from "../../host/store/store.js";

let seed = 7;
const byte = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff;

/** A records table of `n` rows per table, bytes with 0x00, 0xff and broken UTF-8 sequences in them. */
function recordsDb(tables: Record<number, { n: number; size: number }>): { db: Database.Database; rows: Map<number, Buffer[]> } {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE records (tbl INTEGER NOT NULL, key BLOB NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (tbl, key)) WITHOUT ROWID");
  const insert = db.prepare("INSERT INTO records (tbl, key, bytes) VALUES (?, ?, ?)");
  const rows = new Map<number, Buffer[]>();
  for (const [t, { n, size }] of Object.entries(tables)) {
    const list: Buffer[] = [];
    for (let i = 0; i < n; i++) {
      const b = Buffer.from(Array.from({ length: size }, byte));
      b[8] = 0; b[9] = 0xff; b[10] = 0xc0; b[11] = 0x80; // NUL, an invalid byte, an overlong NUL
      b.writeBigUInt64LE(BigInt(i * 977 + 3), 0);
      list.push(b);
      insert.run(Number(t), Buffer.from(b.subarray(0, 8)).reverse(), b);
    }
    rows.set(Number(t), list.sort((a, b) => (a.readBigUInt64LE(0) < b.readBigUInt64LE(0) ? -1 : 1)));
  }
  return { db, rows };
}

test("chunks: every record's bytes after its table prefix, in key order, across chunk edges and tables", () => {
  const { db, rows } = recordsDb({ 0: { n: 10, size: 24 }, 5: { n: 7, size: 96 }, 17: { n: 3, size: 16 } });
  for (const per of [1, 3, 7, 64]) {
    const got = new Map<number, Buffer[]>();
    for (const c of recordChunks(db, per)) {
      assert.ok(c.count <= per);
      assert.is(c.bytes.length, c.count * (c.size + 4));
      const list = got.get(c.table) ?? [];
      for (let i = 0; i < c.count; i++) {
        const at = i * (c.size + 4);
        assert.equal(c.bytes.subarray(at, at + 4), tablePrefix(c.table));
        list.push(Buffer.from(c.bytes.subarray(at + 4, at + 4 + c.size)));
      }
      got.set(c.table, list);
    }
    assert.equal([...got.keys()], [0, 5, 17]);
    for (const [t, list] of rows) assert.equal(got.get(t), list, `table ${t}, ${per} per chunk`);
  }
});

test("chunks: a record of another length marks its chunk (size -1)", () => {
  const { db } = recordsDb({ 2: { n: 4, size: 32 } });
  db.prepare("INSERT INTO records (tbl, key, bytes) VALUES (2, ?, ?)").run(Buffer.alloc(8, 0xee), Buffer.alloc(31));
  const sizes = [...recordChunks(db, 100)].map((c) => c.size);
  assert.equal(sizes, [-1]);
});

test("rows (an export's read): every record as a row read gives it, in the scan's order, each a view into its chunk; a chunk of mixed lengths row by row", () => {
  const { db } = recordsDb({ 0: { n: 10, size: 24 }, 5: { n: 7, size: 96 }, 17: { n: 3, size: 16 } });
  db.prepare("INSERT INTO records (tbl, key, bytes) VALUES (5, ?, ?)").run(Buffer.alloc(8, 0x33), Buffer.alloc(31, 0xc3));
  db.prepare("INSERT INTO records (tbl, key, bytes) VALUES (17, ?, ?)").run(Buffer.alloc(8, 0xee), Buffer.alloc(0));
  const expected = (db.prepare("SELECT tbl, bytes FROM records").raw(true).all() as [number, Buffer][]).map(([t, b]) => [t, [...b]]);
  for (const per of [1, 2, 3, 7, 64]) {
    const got = [...recordRows(db, per)];
    assert.equal(got.map(([t, b]) => [t, [...b]]), expected, `${per} per chunk`);
    if (per >= 2) {
      // the first two records of table 0 share one chunk's Buffer: no Buffer per row
      assert.is(got[0]![1].buffer, got[1]![1].buffer);
      assert.is(got[1]![1].byteOffset - got[0]![1].byteOffset, 28);
    }
  }
});

test("the digest sum, in the thread and on a worker, is the state hash's sum of the same records", () => {
  const { db } = recordsDb({ 0: { n: 50, size: 24 }, 5: { n: 20, size: 96 } });
  const expected = new StateHash();
  for (const c of recordChunks(db, 1000)) {
    for (let i = 0; i < c.count; i++) {
      const r = c.bytes.subarray(i * (c.size + 4) + 4, (i + 1) * (c.size + 4));
      expected.put(c.table, `${i}:${c.table}`, r);
    }
  }
  // and two length-prefixed inputs (the accounts' form): table 9 ‖ "ab", table 9 ‖ ""
  const extra = Buffer.from([6, 0, 9, 0, 0, 0, 0x61, 0x62, 4, 0, 9, 0, 0, 0]);
  expected.put(9, "x", Buffer.from("ab"));
  expected.put(9, "y", Buffer.alloc(0));
  for (const [from, backlog] of [[Infinity, 3], [0, 3], [0, 1], [0, 0]] as const) {
    restartHashing.workerFrom = from;
    restartHashing.backlog = backlog; // 0: the thread hashes every chunk; 1: the two share them
    const sum = digestSum(70);
    try {
      for (const c of recordChunks(db, 16)) sum.add(c.bytes, c.size + 4);
      sum.add(Buffer.from(extra), 0);
      const got = new StateHash();
      got.settle({ bytes: () => undefined });
      got.addStoredSum(sum.finish());
      assert.is(got.hex(), expected.hex(), from === 0 ? `on a worker, backlog ${backlog}` : "in the thread");
    } finally {
      sum.close();
      restartHashing.workerFrom = 100_000;
      restartHashing.backlog = 3;
    }
  }
});

test("accounts' hash rows: id, sequence text, address", () => {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE accounts (id INTEGER PRIMARY KEY, address TEXT NOT NULL UNIQUE, sequence TEXT NOT NULL, pubkey BLOB)");
  db.prepare("INSERT INTO accounts VALUES (4, 'cro1x', '18446744073709551615', NULL)").run();
  db.prepare("INSERT INTO accounts VALUES (2, 'cro1y', '0', NULL)").run();
  db.prepare("INSERT INTO accounts VALUES (9, 'cro1z', '5', NULL)").run();
  assert.equal([...accountHashRows(db, 2)], [[[2, "0", "cro1y"], [4, "18446744073709551615", "cro1x"]], [[9, "5", "cro1z"]]]);
  assert.equal([...accountHashRows(db, 3)], [[[2, "0", "cro1y"], [4, "18446744073709551615", "cro1x"], [9, "5", "cro1z"]]]);
});

test("accounts packed for the sum hash as the state hash's authBytes (sequences past 2^53, a non-ASCII address)", () => {
  const accounts = [
    { id: 1, sequence: 0n, address: "cro1a" },
    { id: 2 ** 40 + 3, sequence: 2n ** 53n + 1n, address: "cro1é" },
    { id: 7, sequence: 2n ** 64n - 1n, address: "x".repeat(300) },
  ];
  const expected = new StateHash();
  for (const a of accounts) expected.put(AUTH_TABLE, `${a.id}`, authBytes(a));
  const store = { *accountHashRows() { yield accounts.map((a) => [a.id, `${a.sequence}`, a.address]); } } as unknown as NodeStore;
  const sum = digestSum(0);
  hashAccounts(store, sum);
  const got = new StateHash();
  got.settle({ bytes: () => undefined });
  got.addStoredSum(sum.finish());
  assert.is(got.hex(), expected.hex());
});

test("a genesis block's packed inputs (DigestPacker): records and accounts written in place sum as the state hash's put, in the thread and on a worker, across chunks", () => {
  const accounts = [
    { id: 1, sequence: 0n, address: "cro1a" },
    { id: 2 ** 40 + 3, sequence: 2n ** 53n + 1n, address: "cro1é\u{1F600}" },
    { id: 7, sequence: 2n ** 64n - 1n, address: "x".repeat(300) },
    { id: 8, sequence: 3n, address: "\ud800" }, // a lone surrogate: U+FFFD's bytes either way
    { id: 9, sequence: 4n, address: "y".repeat(30_000) }, // past a u16 length at 3 bytes a char: packed whole
  ];
  const expected = new StateHash();
  for (const a of accounts) expected.put(AUTH_TABLE, `${a.id}`, authBytes(a));
  const records: [number, Uint8Array][] = [];
  for (let i = 0; i < 9_000; i++) {
    const bytes = new Uint8Array(8 + (i % 200)).map((_, j) => (i * 31 + j) & 0xff);
    new DataView(bytes.buffer).setUint32(0, i, true);
    records.push([i % 26, bytes]);
    expected.put(i % 26, `${i}`, bytes);
  }
  for (const from of [0, Number.MAX_SAFE_INTEGER]) {
    restartHashing.workerFrom = from;
    const packer = new DigestPacker(digestSum(1));
    try {
      for (const [t, b] of records) packer.add(t, b);
      for (const a of accounts) packer.addAccount(AUTH_TABLE, a.id, a.sequence, a.address);
      const got = new StateHash();
      got.settle({ bytes: () => undefined });
      got.addStoredSum(packer.finish());
      assert.is(got.hex(), expected.hex(), `workerFrom ${from}`);
      assert.is(packer.count, records.length + accounts.length);
    } finally {
      packer.close();
      restartHashing.workerFrom = 100_000;
    }
  }
  const packer = new DigestPacker(digestSum(0));
  assert.throws(() => packer.add(1, new Uint8Array(0xffff)), /at most 65,535/);
  packer.close();
});

const nodes = await nodeHarness({ prefix: "restart-read-" });

test("a restart hashing on a worker: the same app hash; a changed record or account is refused", async () => {
  const node = await nodes.open();
  await node.post("/txs", await signedBy(node, 5, [sendMsg(devAddress(5), devAddress(70), 1_000n)]));
  await node.post("/dev/advance?blocks=2");
  const last = node.chain.latestBlock();
  await node.chain.close();
  restartHashing.workerFrom = 0;
  try {
    const again = await nodes.open({ dbPath: node.dbPath });
    assert.is(again.chain.latestBlock().appHash, last.appHash);
    await again.chain.close();
    for (const change of [
      (db: Database.Database) => {
        const row = db.prepare("SELECT tbl, key, bytes FROM records LIMIT 1 OFFSET 2").get() as { tbl: number; key: Buffer; bytes: Buffer };
        row.bytes[row.bytes.length - 1] ^= 1;
        db.prepare("UPDATE records SET bytes = ? WHERE tbl = ? AND key = ?").run(row.bytes, row.tbl, row.key);
      },
      (db: Database.Database) => db.prepare("UPDATE accounts SET sequence = CAST(sequence + 1 AS TEXT) WHERE id = (SELECT max(id) FROM accounts)").run(),
    ]) {
      const dbPath = nodes.freshDb();
      const src = new Database(node.dbPath);
      await src.backup(dbPath);
      src.close();
      const db = new Database(dbPath);
      change(db);
      db.close();
      try {
        await nodes.open({ dbPath });
        assert.unreachable("restart accepted a damaged database");
      } catch (e) {
        assert.instance(e, NodeStateError);
        assert.match((e as Error).message, `after restore differs from block ${last.height}'s ${last.appHash}`);
      }
    }
  } finally {
    restartHashing.workerFrom = 100_000;
  }
});

test.after(() => nodes.remove());
test.run();
