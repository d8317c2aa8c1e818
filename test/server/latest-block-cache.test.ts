// The latest block's answer is read from the store once per block (rpc/blocks.ts latestBlockCache,
// REST's text of it in server/comet.ts). Each way the latest block changes must show at once, over
// REST's blocks/latest and the RPC's block: a new block, a run of empty blocks (one row), a revert
// to a snapshot (and another block at the height reverted over), a reset (and as many blocks again),
// and a block executed whose write waits for its Commit (FinalizeBlock, then Commit). Every answer
// is held to the block rendered afresh from the store (cometBlock, gatewayBlock: no cache).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { devAddress } from "../../host/app/genesis.js";
import type { RunningNode } from "../../host/main.js";
import { cometBlock } from "../../host/rpc/blocks.js";
import { gatewayBlock, gatewayBlockId } from "../../host/server/blocks.js";
import { dev, get, rpc, startNode } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "latest-block-cache-"));
const node: RunningNode = await startNode(["--clock", "simulated", "--db", join(dir, "chain.db")]);
await dev(node, "advance?blocks=1");

test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const LATEST = "/cosmos/base/tendermint/v1beta1/blocks/latest";
const plain = (x: unknown) => JSON.parse(JSON.stringify(x));

/** The latest block as REST and the RPC answer it, checked against the block read afresh; its height and hash. */
async function latest(): Promise<{ height: bigint; hash: string; appHash: string }> {
  const rest = await get(node, LATEST);
  const reply = await rpc(node, "block");
  const h = node.chain.latest.height;
  const fresh = cometBlock(node.chain, h);
  assert.ok(fresh, `block ${h} is stored`);
  const prefix = String(rest.sdk_block.header.proposer_address).replace(/1.*$/, "");
  assert.equal(rest, plain({ block_id: gatewayBlockId(fresh.block_id), block: gatewayBlock(fresh), sdk_block: gatewayBlock(fresh, prefix) }), `REST blocks/latest is block ${h}`);
  assert.equal(reply.result, plain({ block_id: fresh.block_id, block: fresh.block }), `RPC block is block ${h}`);
  assert.is(BigInt(rest.block.header.height), h);
  if (h > 0n) assert.equal(await get(node, `/cosmos/base/tendermint/v1beta1/blocks/${h}`), rest, "blocks/{latest height} is the same answer");
  return { height: h, hash: reply.result.block_id.hash, appHash: reply.result.block.header.app_hash };
}

/** A faucet send, in a block of its own (the simulated clock mines it). */
const faucet = async (n: number, amount: string) => assert.is((await dev(node, "faucet", { address: devAddress(100 + n), amount })).status, 200);

test("a new block, with txs and without, is the latest at once", async () => {
  const a = await latest();
  await latest(); // served from what the first read kept
  await faucet(1, "1000basecro");
  const b = await latest();
  assert.is(b.height, a.height + 1n);
  assert.is.not(b.hash, a.hash);
  await dev(node, "advance?blocks=1");
  assert.is((await latest()).height, a.height + 2n);
});

test("a run of empty blocks (one row) is the latest at its last height", async () => {
  const a = await latest();
  await dev(node, "advance?blocks=7");
  const b = await latest();
  assert.is(b.height, a.height + 7n);
  await dev(node, "advance?blocks=3"); // a second run after the first
  assert.is((await latest()).height, a.height + 10n);
});

test("a revert to a lower height, then another block at the height reverted over", async () => {
  const at = await latest();
  const snap = await dev(node, "snapshot");
  await faucet(2, "2000basecro");
  const first = await latest(); // kept: block at.height + 1 of the chain reverted away
  assert.is(first.height, at.height + 1n);
  assert.is((await dev(node, "revert", { id: snap.json.id })).status, 200);
  await faucet(3, "3000basecro"); // nothing read between: the kept answer was of the same height
  const second = await latest();
  assert.is(second.height, first.height, "the same height");
  assert.is.not(second.hash, first.hash, "another block there: not the one kept before the revert");
});

test("a revert to a snapshot: its block is the latest again", async () => {
  const at = await latest();
  const snap = await dev(node, "snapshot");
  await faucet(4, "4000basecro");
  assert.is((await latest()).height, at.height + 1n);
  assert.is((await dev(node, "revert", { id: snap.json.id })).status, 200);
  assert.equal(await latest(), at);
});

test("a reset, then as many blocks as before it: another latest block at the same height", async () => {
  const before = await latest();
  assert.is((await dev(node, "reset")).status, 200);
  await dev(node, `advance?blocks=${before.height}`); // a run of empty blocks to the same height
  const again = await latest();
  assert.is(again.height, before.height);
  assert.is.not(again.hash, before.hash);
  assert.is((await dev(node, "reset")).status, 200);
  const after = await latest();
  assert.ok(after.height < before.height, `${after.height} < ${before.height}`);
  await dev(node, "advance?blocks=2");
  assert.is((await latest()).height, after.height + 2n);
});

test("a block executed but not yet committed (its write deferred to Commit) is served once written", async () => {
  const at = await latest();
  const app = node.chain.app;
  app.finalizeBlock({ height: at.height + 1n, timeNs: node.chain.latest.timeNs + 1_000_000_000n });
  assert.is(app.uncommittedHeight, at.height + 1n);
  const reply = await rpc(node, "block");
  assert.match(reply.error?.data ?? "", /could not find block/, "the block is not stored before its Commit");
  app.commit();
  const written = await latest();
  assert.is(written.height, at.height + 1n);
  assert.is.not(written.hash, at.hash);
});

test.run();
