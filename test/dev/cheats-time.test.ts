// Dev mode's clock cheats (host/dev/chain.ts) on the simulated clock: mine(blocks, interval),
// setNextBlockTime (a jump without blocks), advanceTime (the blocks a duration stands for), over
// REST and raw JSON-RPC, the block times read back with CosmJS.
// A chain that uses none of them keeps genesis time + height x block time; the next block time is
// kept across a restart (from the last block's time); the real clock refuses them.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StargateClient } from "@cosmjs/stargate";
import type { RunningNode } from "../../host/main.js";
import { dev, rpc, startNode } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "cheats-time-"));
const db = join(dir, "chain.db");
const GENESIS = Date.parse("2026-01-01T00:00:00Z");
const S = 1000;
let node: RunningNode = await startNode(["--clock", "simulated", "--block-time", "5s", "--db", db]);
let client = await StargateClient.connect(node.rpcUrl!);

test.after(async () => {
  client.disconnect();
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

/** RFC 3339 as the gateway renders whole seconds. */
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

/** A block's time in ms since 1970 (CosmJS renders a header time as an ISO string). */
const timeAt = async (height: number) => Date.parse((await client.getBlock(height)).header.time);

test("without cheats block k is at genesis + k x block time, as before the clock kept a next block time", async () => {
  await dev(node, "advance?blocks=3");
  await dev(node, "advance?duration=1m"); // 12 blocks, a run of empty blocks in one core call
  for (const h of [1, 3, 4, 15]) assert.is(await timeAt(h), GENESIS + h * 5 * S, `block ${h}`);
});

test("mine: blocks at the next block time, then `interval` apart; the block time again after", async () => {
  const top = await client.getHeight();
  const last = await timeAt(top);
  const r = await dev(node, "mine", { blocks: 4, interval: "1h" });
  assert.is(r.status, 200);
  assert.is(r.json.blocks, "4");
  assert.is(r.json.block.header.height, `${top + 4}`);
  const times = await Promise.all([1, 2, 3, 4].map((k) => timeAt(top + k)));
  assert.equal(times, [0, 1, 2, 3].map((k) => last + 5 * S + k * 3600 * S));
  assert.is(r.json.next_block_time, iso(last + 5 * S + 3 * 3600 * S + 5 * S));
  await dev(node, "mine");
  assert.is(await timeAt(top + 5), last + 5 * S + 3 * 3600 * S + 5 * S, "mine with no arguments: one block, a block time later");
  // JSON-RPC, positional: 2 blocks 30 s apart (Anvil's interval in seconds).
  const viaRpc = await rpc(node, "dev_mine", [2, 30]);
  assert.is(viaRpc.result.blocks, "2");
  assert.is((await timeAt(top + 7)) - (await timeAt(top + 6)), 30 * S);
});

test("setNextBlockTime: the next block at that time, the ones after a block time apart", async () => {
  const r = await dev(node, "set-next-block-time", { time: "2027-06-01T12:00:00Z" });
  assert.equal(r.json, { next_block_time: "2027-06-01T12:00:00Z" });
  const top = await client.getHeight();
  await dev(node, "advance?blocks=2");
  assert.is(await timeAt(top + 1), Date.parse("2027-06-01T12:00:00Z"));
  assert.is(await timeAt(top + 2), Date.parse("2027-06-01T12:00:05Z"));
  // Unix seconds over JSON-RPC, as evm_setNextBlockTimestamp takes them.
  const at = Date.parse("2028-01-01T00:00:00Z") / S;
  assert.is((await rpc(node, "dev_setNextBlockTime", [at])).result.next_block_time, "2028-01-01T00:00:00Z");
  await rpc(node, "dev_mine", []);
  assert.is(await timeAt(top + 3), at * S);
});

test("advanceTime: the blocks the duration stands for, a block time apart; the remainder moves the next block, all of it moved exactly", async () => {
  const top = await client.getHeight();
  const last = await timeAt(top);
  const r = await dev(node, "advance-time", { duration: "24h" });
  assert.is(r.status, 200);
  assert.is(r.json.blocks, "17280", "24 h at 5 s");
  assert.is(r.json.block.header.height, `${top + 17_280}`);
  assert.is(r.json.block.header.time, iso(last + 86_400 * S));
  assert.is(r.json.next_block_time, iso(last + 5 * S + 86_400 * S), "the next block 24 h later than it would have been");
  for (const k of [1, 2, 9_999, 17_280]) assert.is(await timeAt(top + k), last + k * 5 * S, `block ${top + k}`);
  // Seconds over JSON-RPC (evm_increaseTime's unit); 12 s is 2 blocks and 2 s more before the next.
  const viaRpc = (await rpc(node, "dev_advanceTime", [12])).result;
  assert.equal([viaRpc.blocks, viaRpc.block.header.height], ["2", `${top + 17_282}`]);
  assert.is(viaRpc.next_block_time, iso(last + 5 * S + 86_412 * S), "seconds add up");
  // Under a block time: no block, the next one later by that much.
  assert.equal((await dev(node, "advance-time", { duration: "3s" })).json.blocks, "0");
  await dev(node, "mine");
  assert.is(await timeAt(top + 17_283), last + 5 * S + 86_415 * S);
  assert.is(await timeAt(top + 17_282), last + 86_410 * S);
});

test("setNextBlockTime then advanceTime: the run starts at the time set, the next block the duration after it", async () => {
  const top = await client.getHeight();
  await dev(node, "set-next-block-time", { time: "2031-01-01T00:00:00Z" });
  const r = await dev(node, "advance-time", { duration: "1m" });
  assert.equal([r.json.blocks, r.json.next_block_time], ["12", "2031-01-01T00:01:00Z"]);
  assert.is(await timeAt(top + 1), Date.parse("2031-01-01T00:00:00Z"));
  assert.is(await timeAt(top + 12), Date.parse("2031-01-01T00:00:55Z"));
});

test("bad times and counts are refused: REST 400 code 3, JSON-RPC -32602", async () => {
  const last = new Date(await timeAt(await client.getHeight())).toISOString();
  for (const [route, body, pattern] of [
    ["set-next-block-time", { time: last }, /is not after the last block's time/],
    ["set-next-block-time", { time: "2030-13-01T00:00:00Z" }, /no such date/],
    ["set-next-block-time", { time: "3000-01-01T00:00:00Z" }, /past the last time the chain can hold/],
    ["advance-time", { duration: "-5s" }, /duration/],
    ["advance-time", { duration: "20000h" }, /duration: 14400000 blocks at the block time of 5000 ms, at most 10000000 per call: advance in several calls, or jump without blocks with setNextBlockTime/],
    ["mine", { blocks: -1 }, /blocks: expected a non-negative integer/],
    ["mine", { blocks: 20_000_000 }, /at most 10000000/],
    ["mine", { blocks: 1, interval: "0s" }, /interval: must be positive/],
    ["mine", { blocks: 1, every: "5s" }, /unknown argument "every" \(blocks, interval\)/],
  ] as const) {
    const r = await dev(node, route, body);
    assert.is(r.status, 400, `${route} ${JSON.stringify(body)}`);
    assert.is(r.json.code, 3);
    assert.match(r.json.message, pattern);
  }
  const viaRpc = await rpc(node, "dev_setNextBlockTime", { time: last });
  assert.is(viaRpc.error.code, -32602);
  assert.match(viaRpc.error.data, /is not after the last block's time/);
});

test("the next block time is kept across a restart: a block time after the last block, not genesis + height x block time", async () => {
  await dev(node, "advance-time", { duration: "1h" });
  await dev(node, "mine");
  const top = await client.getHeight();
  const last = await timeAt(top);
  assert.ok(last !== GENESIS + top * 5 * S, "the chain's time left the grid");
  client.disconnect();
  await node.close();
  node = await startNode(["--clock", "simulated", "--block-time", "5s", "--db", db]);
  client = await StargateClient.connect(node.rpcUrl!);
  await dev(node, "advance?blocks=2");
  assert.is(await timeAt(top + 1), last + 5 * S);
  assert.is(await timeAt(top + 2), last + 10 * S);
});

test("the real clock refuses the clock cheats: REST 400 code 9, JSON-RPC -32603", async () => {
  const real = await startNode(["--clock", "real", "--block-time", "1h", "--dev", "--db", join(dir, "real.db")]);
  try {
    for (const [route, body] of [["mine", {}], ["set-next-block-time", { time: "2030-01-01T00:00:00Z" }], ["advance-time", { duration: "1h" }]] as const) {
      const r = await dev(real, route, body);
      assert.is(r.status, 400, route);
      assert.is(r.json.code, 9);
      assert.match(r.json.message, /the real clock; start the node with --clock simulated/);
    }
    assert.is((await rpc(real, "dev_mine", [1])).error.code, -32603);
  } finally {
    await real.close();
  }
});

test.run();
