// A query worker's replica (host/app/replica.ts) opened at one height while the node goes on: its
// catch-up replays the blocks it missed from the database, which by then already holds later
// ones. An account the replica never touched, changed in each later block, must be read as the
// replica's own height has it, not as the database's latest: the replica restores everything
// into memory (restore's lean: false), so its replay reaches each stored state hash.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { openReplica } from "../../host/app/replica.js";
import { loadCore } from "../../host/core/core.js";
import { devAddress } from "../../host/app/genesis.js";
import { sendMsg } from "../helpers/dev-signer.js";
import { committedTx, nodeHarness, wasm } from "../helpers/node.js";

const h = await nodeHarness({ prefix: "replica-" });
test.after(h.remove);

test("a replica behind the node catches up through blocks that change accounts it never read", async () => {
  const node = await h.open();
  await committedTx(node, 5, [sendMsg(devAddress(5), devAddress(6), 1n)]);
  const replica = openReplica(await loadCore(wasm), node.dbPath, {});
  const from = replica.height;
  // Dev account 7 sends in three later blocks: its sequence moves 0 → 3 in the database meanwhile.
  for (let i = 0; i < 3; i++) await committedTx(node, 7, [sendMsg(devAddress(7), devAddress(8), BigInt(i + 1))]);
  const latest = node.chain.app.state.last.height;
  assert.ok(latest >= from + 3n, `the node went on: ${from} → ${latest}`);
  assert.is(replica.catchUp(latest), latest);
  assert.is(replica.app.state.last.appHash, node.chain.app.state.last.appHash, "the replica's state hash is the node's");
  replica.close();
  node.chain.close();
});

test.run();
