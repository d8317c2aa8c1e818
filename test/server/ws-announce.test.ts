// The websocket's announcer (host/rpc/announce.ts) over a stand-in websocket: every height of a
// commit in order, the first batch at once and the rest a batch per turn of the event loop; at most
// MAX_WAITING_BLOCKS waiting (a longer run: its last ones), a skipped block's txs still told; a
// subscriber over the high-water mark waited for, then dropped; nothing when nobody asks for blocks.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { setImmediate as turn } from "node:timers/promises";
import { Announcer, BATCH_BLOCKS, HIGH_WATER_BYTES, MAX_WAITING_BLOCKS, type AnnounceTarget } from "../../host/rpc/announce.js";
import type { CommittedBlock, TxResult } from "../../host/framework/types.js";

const run = (firstHeight: bigint, height: bigint, results: TxResult[] = []): CommittedBlock =>
  ({ firstHeight, height, timeNs: 0n, appHash: "", results, events: [] });
const txAt = (height: bigint) => ({ height, hash: `TX${height}` }) as unknown as TxResult;

function stand(o: { wants?: boolean; unsent?: () => number } = {}) {
  const told: string[] = [];
  const dropped: unknown[] = [];
  const target: AnnounceTarget = {
    wantsBlocks: () => o.wants ?? true,
    announceBlock: (h) => (told.push(`block ${h}`), true),
    announceTxs: (rs) => rs.forEach((r) => told.push(`tx ${r.height}`)),
    behind: (bytes) => ((o.unsent?.() ?? 0) > bytes ? ["client"] : []),
    drop: (c) => dropped.push(c),
  };
  return { told, dropped, target };
}

const settle = async (a: Announcer) => {
  for (let k = 0; k < 10_000 && a.backlog > 0n; k++) await turn();
};

test("a run of 5: heights in order at once, in the commit; then a tx block: its block, then its tx", () => {
  const s = stand();
  const a = new Announcer(s.target);
  a.committed(run(2n, 6n));
  assert.equal(s.told, ["block 2", "block 3", "block 4", "block 5", "block 6"]);
  a.committed(run(7n, 7n, [txAt(7n)]));
  assert.equal(s.told.slice(5), ["block 7", "tx 7"]);
  a.close();
});

test("a long run: a batch at once, the rest a batch per turn; at most the last 10,000 waiting are told; a skipped block's txs still are", async () => {
  const s = stand();
  const a = new Announcer(s.target);
  a.committed(run(1n, 1n, [txAt(1n)]));
  s.told.length = 0;
  // Held up (a subscriber behind) while a tx block and a run of 50,000 commit behind it.
  let unsent = HIGH_WATER_BYTES + 1;
  const held = stand({ unsent: () => unsent });
  const b = new Announcer(held.target, { stallMs: 60_000 });
  b.committed(run(2n, 2n, [txAt(2n)]));
  b.committed(run(3n, 50_002n));
  assert.equal(held.told, [], "waiting for the subscriber");
  assert.is(b.backlog, MAX_WAITING_BLOCKS, "at most 10,000 waiting");
  unsent = 0;
  await new Promise((r) => setTimeout(r, 30));
  assert.is(held.told[0], "tx 2", "the skipped block's tx told");
  assert.is(held.told[1], `block ${50_002n - MAX_WAITING_BLOCKS + 1n}`);
  await settle(b);
  const blocks = held.told.filter((t) => t.startsWith("block")).map((t) => BigInt(t.slice(6)));
  assert.is(blocks.length, Number(MAX_WAITING_BLOCKS));
  blocks.forEach((h, k) => assert.is(h, 50_002n - MAX_WAITING_BLOCKS + 1n + BigInt(k)));
  // Without a subscriber behind: the first batch in the commit, the rest after.
  a.committed(run(2n, 2_001n));
  assert.is(s.told.length, BATCH_BLOCKS, "one batch at once");
  await settle(a);
  assert.is(s.told.length, 2_000);
  assert.is(s.told.at(-1), "block 2001");
  a.close();
  b.close();
});

test("a subscriber that stops reading is waited for, then dropped, and the others get the blocks", async () => {
  let unsent = HIGH_WATER_BYTES + 1;
  const s = stand({ unsent: () => unsent });
  const a = new Announcer(s.target, { stallMs: 50 });
  a.committed(run(1n, 3n));
  assert.equal(s.told, []);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal([s.told, s.dropped], [[], []], "still waited for");
  s.target.drop = (c) => {
    s.dropped.push(c);
    unsent = 0;
  };
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(s.dropped, ["client"]);
  assert.equal(s.told, ["block 1", "block 2", "block 3"]);
  a.close();
});

test("nobody subscribed to blocks: a run's heights are skipped at once, txs still told", () => {
  const s = stand({ wants: false });
  const a = new Announcer(s.target);
  a.committed(run(1n, 1_000_000n));
  a.committed(run(1_000_001n, 1_000_001n, [txAt(1_000_001n)]));
  assert.equal(s.told, ["tx 1000001"]);
  assert.is(a.backlog, 0n);
  a.close();
});

test.run();
