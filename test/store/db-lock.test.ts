// The database lock (host/store/db-lock.ts) is on the file: its real path's lock and one named by
// its device and inode. An inode is reused once its file is deleted, so a lock on the inode that
// names a database file that is gone, or is another file now, is stale even while its process
// lives (it stopped a test suite's node when another suite's deleted database had the same inode);
// a lock naming this very file and a live process refuses the open.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseInUseError, lockDatabase, lockDirectory } from "../../host/store/db-lock.js";

const DIR = mkdtempSync(join(tmpdir(), "db-lock-"));
// A live process that is not this one: the holder a lock names.
const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
test.after(() => {
  holder.kill();
  rmSync(DIR, { recursive: true, force: true });
});

const inodeLock = (db: string) => {
  const st = statSync(db, { bigint: true });
  return join(lockDirectory(), `${st.dev}-${st.ino}.lock`);
};

test("an inode lock held by a live process for a database that is gone is stale: taken over", () => {
  const db = join(DIR, "a.db");
  writeFileSync(db, "");
  writeFileSync(inodeLock(db), `${holder.pid}\n${join(DIR, "deleted-long-ago.db")}\nsome-token\n`);
  const release = lockDatabase(db);
  assert.ok(existsSync(inodeLock(db)));
  release();
  assert.not.ok(existsSync(inodeLock(db)), "released");
});

test("an inode lock held by a live process for this very file refuses the open, through any path", () => {
  const db = join(DIR, "b.db");
  writeFileSync(db, "");
  writeFileSync(inodeLock(db), `${holder.pid}\n${db}\nother-token\n`);
  try {
    lockDatabase(db);
    assert.unreachable("opened a database another live process holds");
  } catch (e) {
    assert.instance(e, DatabaseInUseError);
    assert.is((e as DatabaseInUseError).pid, holder.pid);
  }
  assert.not.ok(existsSync(`${db}.lock`), "the path lock taken first is given back");
  rmSync(inodeLock(db));
});

test("in one process: a second open is refused; the first one's release does not remove a later holder's lock", () => {
  const db = join(DIR, "c.db");
  const first = lockDatabase(db);
  assert.throws(() => lockDatabase(db), (e: unknown) => e instanceof DatabaseInUseError);
  first();
  const second = lockDatabase(db);
  first(); // released twice: nothing happens
  assert.ok(existsSync(inodeLock(db)), "the second store's lock stays");
  second();
});

test.run();
