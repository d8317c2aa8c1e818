// A database written by an earlier release (test/fixtures/release-b093ea3: the node at b093ea3,
// 20 blocks on the default genesis) replays with the current code to the same state hash at every
// block: the core's tables keep their ids (assembly/store/table-ids.ts) and a block computes what
// it computed. It failed when a refactor moved a core function between files and the tables'
// creation order, and with it their ids, changed.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

test("a database of the earlier release replays block by block to its stored state hashes", () => {
  const dir = mkdtempSync(join(tmpdir(), "release-"));
  try {
    const db = join(dir, "chain.db");
    copyFileSync(join(ROOT, "test/fixtures/release-b093ea3/chain.db"), db);
    const out = execFileSync(process.execPath, ["--import", "tsx", "host/cli.ts", "replay", "--db", db], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    assert.match(out, /20 blocks of .* re-executed .* every state hash matches/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
