// The crash suite's quick variant (the full one: `npm run test:crash`, test/crash/main.ts): a node on
// a real 100 ms clock in a child process, signed txs sent continuously, 10 SIGKILLs at fixed-seed
// instants (every third inside a block's SQLite commit, through the store's test hook); after each
// restart nothing committed is lost or changed, no block is half there, the height never went
// below what was reported; replay matches every state hash.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { formatSummary, runCrash } from "./driver.js";

test("crash: 10 SIGKILLs under load (3 inside a block's commit) lose no committed tx; replay matches", async () => {
  const s = await runCrash({ kills: 10, seed: 10n, blockTime: "100ms", aliveMs: [200, 700], commitBlocks: [5, 12], timeoutMs: 240_000 });
  const summary = formatSummary(s);
  assert.equal(s.violations, [], summary);
  assert.is(s.kills, 10, summary);
  assert.is(s.killsInCommit, 3, summary);
  assert.is(s.lost, 0, summary);
  assert.is(s.changed, 0, summary);
  assert.ok(s.restarts >= 8, summary);
  assert.ok(s.txsCommitted > 0, summary);
  assert.ok(s.txChecks >= s.txsCommitted, summary);
  assert.match(s.replay, "every state hash matches", summary);
});

test.run();
