// The state hash (host/store/state-hash.ts) once the database holds the state: it keeps no digest
// of the stored records, reads a changed record's former bytes back from its source, and gives the
// hash of a StateHash that keeps every digest; dev marks still go back in O(changes).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { StateHash, type HashSource } from "../../host/store/state-hash.js";

const rec = (n: number, v: number) => Uint8Array.from([n, 0, 0, 0, 0, 0, 0, 0, v, v + 1]);
const key = (n: number) => `${n}`;

/** A database stand-in: what was written at the last `write`. */
class Db implements HashSource {
  rows = new Map<string, Uint8Array>();
  reads = 0;
  bytes(table: number, k: string): Uint8Array | undefined {
    this.reads++;
    return this.rows.get(`${table}:${k}`);
  }
}

/** Every record of `n` into both hashes; the database holds them. */
function start(n: number): { full: StateHash; lean: StateHash; db: Db } {
  const full = new StateHash();
  const db = new Db();
  for (let i = 0; i < n; i++) {
    full.put(3, key(i), rec(i, 1));
    db.rows.set(`3:${key(i)}`, rec(i, 1));
  }
  const lean = new StateHash();
  lean.settle(db);
  for (const [id, bytes] of db.rows) lean.addStored(3, id.slice(2), bytes);
  return { full, lean, db };
}

test("a restarted hash holds no digest, reads the former bytes of what changes, and equals one that keeps them all", () => {
  const { full, lean, db } = start(1000);
  assert.is(lean.hex(), full.hex());
  assert.is(lean.held, 0);
  assert.is(full.held, 1000);
  // a block: changes, a removal, a new record, a record changed twice
  for (const h of [full, lean]) {
    h.put(3, key(5), rec(5, 9));
    h.put(3, key(5), rec(5, 10));
    h.remove(3, key(7));
    h.put(3, key(2000), rec(200, 3));
    h.remove(3, key(4242)); // never there
  }
  assert.is(lean.hex(), full.hex());
  assert.is(lean.held, 3);
  assert.ok(db.reads >= 3);
  // the block written: the database holds it, the digests go
  db.rows.set("3:5", rec(5, 10));
  db.rows.delete("3:7");
  db.rows.set("3:2000", rec(200, 3));
  lean.settle(db);
  assert.is(lean.held, 0);
  for (const h of [full, lean]) {
    h.put(3, key(5), rec(5, 11)); // its former digest is the written one
    h.put(3, key(7), rec(7, 1)); // back again
    h.remove(3, key(2000));
  }
  assert.is(lean.hex(), full.hex());
});

test("a mark set before a write is undone after it: nothing it needs is forgotten", () => {
  const { full, lean, db } = start(50);
  const at = lean.hex();
  const depth = lean.mark();
  full.mark();
  for (const h of [full, lean]) {
    h.put(3, key(1), rec(1, 7));
    h.remove(3, key(2));
    h.put(3, key(99), rec(99, 1));
  }
  db.rows.set("3:1", rec(1, 7));
  db.rows.delete("3:2");
  db.rows.set("3:99", rec(99, 1));
  lean.settle(db); // a mark is set: the digests stay
  assert.is(lean.held, 3);
  for (const h of [full, lean]) h.put(3, key(1), rec(1, 8));
  assert.is(lean.hex(), full.hex());
  lean.undoTo(depth);
  full.undoTo(depth);
  assert.is(lean.hex(), at);
  assert.is(full.hex(), at);
});

test.run();
