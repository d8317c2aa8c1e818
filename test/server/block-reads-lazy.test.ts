// A stored block's txs and events are read from SQLite and parsed only when an answer needs them
// (framework/history.ts blockTxs: `txs`, `events`, `comet` and each tx's `events` made when first
// read). The RPC's `status` (polled every few ms by explorers and the chain-maind bench) reads a
// block's hashes alone, and a block's answer reads the previous block's hash and signatures, not
// its txs. What a block holds when read is what was read eagerly before: same keys in the same
// order, same values, same JSON.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { devAddress } from "../../host/app/genesis.js";
import type { RunningNode } from "../../host/main.js";
import { NodeStore } from "../../host/store/store.js";
import { dev, rpc, startNode } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "block-reads-lazy-"));
const node: RunningNode = await startNode(["--clock", "simulated", "--db", join(dir, "chain.db")]);

/** Heights whose txs were read from SQLite (NodeStore.txsAt) while `f` ran. */
async function txReads(f: () => Promise<unknown>): Promise<bigint[]> {
  const original = NodeStore.prototype.txsAt;
  const heights: bigint[] = [];
  NodeStore.prototype.txsAt = function (this: NodeStore, height: bigint) {
    heights.push(height);
    return original.call(this, height);
  };
  try {
    await f();
  } finally {
    NodeStore.prototype.txsAt = original;
  }
  return heights;
}

const faucet = async (n: number) => assert.is((await dev(node, "faucet", { address: devAddress(100 + n), amount: `${1000 + n}basecro` })).status, 200);

// Two blocks with a tx each (the simulated clock mines each), then an empty one.
await dev(node, "advance?blocks=1");
await faucet(1);
const first = node.chain.latest.height;
await faucet(2);
const second = node.chain.latest.height;
await dev(node, "advance?blocks=1");

test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

test("status reads no block's txs", async () => {
  const reads = await txReads(async () => {
    const s = await rpc(node, "status");
    assert.is(s.result.sync_info.latest_block_height, `${node.chain.latest.height}`);
    assert.is(s.result.sync_info.latest_block_hash, node.chain.latestBlock().hash);
  });
  assert.equal(reads, []);
});

test("a block's answer reads its own txs, not the previous block's", async () => {
  const reads = await txReads(async () => {
    const b = await rpc(node, "block", { height: `${second}` });
    assert.is(b.result.block.data.txs.length, 1);
    assert.is(b.result.block.last_commit.block_id.hash, node.chain.blockTxs(first)!.hash);
  });
  assert.equal(reads, [second]);
});

test("a block read lazily holds what an eager read held: keys in order, values, JSON", () => {
  const b = node.chain.blockTxs(second)!;
  assert.equal(Object.keys(b), ["header", "hash", "appHash", "txs", "events", "comet"]);
  const store = new NodeStore(join(dir, "chain.db"), { readonly: true } as never);
  try {
    const row = store.blockRowAt(second)!;
    const stored = store.txsAt(second);
    assert.is(b.txs.length, 1);
    assert.equal(b.events, JSON.parse(row.events!));
    assert.equal(b.comet, JSON.parse(row.header!));
    const t = b.txs[0]!;
    assert.equal(Object.keys(t), [...Object.keys(stored[0]!).filter((k) => k !== "body"), "timeNs"]);
    assert.equal(t.events, JSON.parse(stored[0]!.events));
    assert.is(t.hash, stored[0]!.hash);
  } finally {
    store.close();
  }
  // JSON of a block read afresh, each part read in another order, is the same text.
  const again = node.chain.blockTxs(second)!;
  void again.comet;
  void again.txs[0]!.events;
  const json = (x: unknown) => JSON.stringify(x, (_, v) => (typeof v === "bigint" ? `${v}n` : v instanceof Uint8Array ? Buffer.from(v).toString("hex") : v));
  assert.is(json(again), json(b));
  // A value set replaces the lazy one (as on an ordinary object).
  again.events = [];
  assert.equal(again.events, []);
});

test.run();
