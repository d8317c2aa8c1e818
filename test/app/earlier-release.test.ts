// Databases written by earlier releases. One of the release before issue 32 (test/fixtures/release-
// b093ea3: 20 blocks on the default genesis) replays with the current code to the same state hash at
// every block: the core's tables keep their ids (assembly/store/table-ids.ts) and a block computes what
// it computed (it failed when a refactor moved a core function between files and the tables' creation
// order, and with it their ids, changed); a node restarts on it, its schema migrated in one
// transaction that a failed state check rolls back. One of a release that kept its genesis in the
// node's former format (test/fixtures/release-a2743ae) is refused before anything is written to it.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { thisRelease } from "../../host/store/release.js";
import { wasm } from "../helpers/node.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DIR = mkdtempSync(join(tmpdir(), "release-"));
test.after(() => rmSync(DIR, { recursive: true, force: true }));
let copies = 0;

/** A copy of a fixture's database to work on. */
function copyOf(release: string): string {
  const db = join(DIR, `${release}-${++copies}.db`);
  copyFileSync(join(ROOT, `test/fixtures/release-${release}/chain.db`), db);
  return db;
}

/** `npm start` in process on `db`: the exit code or the running node, and its error lines. */
async function start(db: string) {
  const err: string[] = [];
  const result = await run(["--port", "0", "--rpc-port", "off", "--clock", "simulated", "--db", db], {}, { out: () => {}, err: (t) => err.push(t) }, { core: await loadCore(wasm) });
  return { result, err };
}

const columns = (db: string, table: string): string[] => {
  const d = new Database(db, { readonly: true });
  try {
    return (d.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
  } finally {
    d.close();
  }
};

test("a database of the earlier release replays block by block to its stored state hashes", () => {
  const db = copyOf("b093ea3");
  const out = execFileSync(process.execPath, ["--import", "tsx", "host/cli.ts", "replay", "--db", db], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  assert.match(out, /20 blocks of .* re-executed .* every state hash matches/);
});

test("a database of a release with the former genesis format: refused in one line naming the release and what to do, the file untouched", async () => {
  const db = copyOf("a2743ae");
  const before = readFileSync(db);
  const { result, err } = await start(db);
  assert.is(result, 1);
  assert.is(err.length, 1, err.join("\n"));
  assert.match(err[0]!, `${db}: written by a release of this node before 9ddcdb2 (2026-11-27)`);
  assert.match(err[0]!, "left this one untouched");
  assert.match(err[0]!, "start a new one here on another --db");
  assert.not.match(err[0]!, "--genesis app_state"); // the old, misleading refusal
  assert.ok(Buffer.compare(before, readFileSync(db)) === 0, "the database's bytes changed");
});

test("an earlier release's schema is migrated in one transaction: rolled back when the state check fails, kept when it holds", async () => {
  // The release's database as a still older schema had it: x/mint's column not there yet.
  const older = copyOf("b093ea3");
  const d = new Database(older);
  d.exec("ALTER TABLE blocks DROP COLUMN annual_provisions");
  d.close();
  assert.not.ok(columns(older, "blocks").includes("annual_provisions"));

  // A damaged record: the restored state's hash differs from the last block's; nothing is kept.
  const damaged = join(DIR, `damaged-${++copies}.db`);
  copyFileSync(older, damaged);
  const w = new Database(damaged);
  const row = w.prepare("SELECT tbl, key, bytes FROM records WHERE tbl = 0 ORDER BY key LIMIT 1").get() as { tbl: number; key: Buffer; bytes: Buffer };
  const bytes = Buffer.from(row.bytes);
  bytes[8]! ^= 1; // the first byte after the record key: its amount, by one base unit
  w.prepare("UPDATE records SET bytes = ? WHERE tbl = ? AND key = ?").run(bytes, row.tbl, row.key);
  w.close();
  const refused = await start(damaged);
  assert.is(refused.result, 1);
  assert.match(refused.err.join("\n"), /state hash .* after restore differs from block 20.s/, refused.err.join("\n"));
  assert.not.ok(columns(damaged, "blocks").includes("annual_provisions"), "the migration was kept though the state check failed");

  // Whole: migrated, restarted at its height, and the database names the release that opened it.
  const node = await start(older);
  assert.type(node.result, "object", node.err.join("\n"));
  const running = node.result as RunningNode;
  try {
    assert.is(running.chain.latest.height, 20n);
  } finally {
    await running.close();
  }
  assert.ok(columns(older, "blocks").includes("annual_provisions"));
  const meta = new Database(older, { readonly: true });
  const writtenBy = (meta.prepare("SELECT value FROM meta WHERE key = 'written_by'").get() as { value: string }).value;
  meta.close();
  assert.is(writtenBy, thisRelease());
  assert.match(writtenBy, /^tiered-rewards-engine \d+\.\d+\.\d+/);
});

test.run();
