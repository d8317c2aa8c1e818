// A run of empty blocks (dev_mine N, dev_advanceTime: one core call, one commit) announced to
// websocket subscribers block by block (host/rpc/announce.ts), as CometBFT publishes each block it
// commits: CosmJS's Comet38Client gets NewBlock and NewBlockHeader for heights h+1..h+N in order,
// each the block the RPC's `block` serves at that height; a tx mined at the head of a run gets its
// Tx event after its block's; a run of half a million blocks announces its last 10,000 in order
// while the node keeps answering.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { toHex } from "@cosmjs/encoding";
import { devAddress, devPrivateKey } from "../../host/app/genesis.js";
import { MAX_WAITING_BLOCKS } from "../../host/rpc/announce.js";
import type { RunningNode } from "../../host/main.js";
import { dev, rpc, startNode, until } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "mine-events-"));
const node: RunningNode = await startNode(["--clock", "simulated", "--db", join(dir, "chain.db")]);
await dev(node, "mine"); // block 1: CosmJS's queries need one
const comet = await Comet38Client.connect(node.rpcUrl!.replace("http://", "ws://"));

test.after(async () => {
  comet.disconnect();
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

/** Collects a CosmJS stream's items until `count` arrived. */
function collect<T>(stream: { subscribe(l: { next(x: T): void; error(e: unknown): void }): { unsubscribe(): void } }, count: number) {
  const items: T[] = [];
  let sub: { unsubscribe(): void } | undefined;
  const done = new Promise<T[]>((resolve, reject) => {
    sub = stream.subscribe({
      next: (x) => {
        items.push(x);
        if (items.length === count) resolve(items);
      },
      error: reject,
    });
  });
  return { items, done: done.finally(() => sub?.unsubscribe()) };
}

test("dev_mine 5: Comet38Client's subscribeNewBlock and subscribeNewBlockHeader get heights h+1..h+5, each the block `block` serves", async () => {
  const h = Number(node.chain.latest.height);
  const blocks = collect(comet.subscribeNewBlock(), 5);
  const headers = collect(comet.subscribeNewBlockHeader(), 5);
  await new Promise((r) => setTimeout(r, 100)); // the subscriptions reach the node
  const r = await rpc(node, "dev_mine", [5]);
  assert.is(r.result.blocks, "5");
  const got = await blocks.done;
  assert.equal(got.map((b) => b.header.height), [h + 1, h + 2, h + 3, h + 4, h + 5]);
  assert.equal((await headers.done).map((x) => x.height), [h + 1, h + 2, h + 3, h + 4, h + 5]);
  for (const b of got) {
    const served = await comet.block(b.header.height);
    assert.equal(b.header, served.block.header, `height ${b.header.height}: the header the RPC serves`);
    assert.is(b.header.time.getTime() - got[0]!.header.time.getTime(), (b.header.height - h - 1) * 5000, "a block time apart");
  }
  // Each links to the one before: the chain of ids a light client follows.
  for (let k = 1; k < got.length; k++) {
    const previous = await comet.block(h + k);
    assert.is(toHex(got[k]!.header.lastBlockId!.hash), toHex(previous.blockId.hash), `height ${h + k + 1}'s last_block_id`);
  }
});

test("a tx mined at the head of a run: its block's NewBlock, then its Tx event, then the run's other blocks", async () => {
  const me = devAddress(5);
  const client = await SigningStargateClient.connectWithSigner(node.rpcUrl!, await DirectSecp256k1Wallet.fromKey(devPrivateKey(5), "cro"));
  const h = Number(node.chain.latest.height);
  const order: string[] = [];
  const ws = new WebSocket(`${node.rpcUrl!.replace("http", "ws")}/websocket`);
  await new Promise((resolve) => ws.once("open", resolve));
  let acks = 0;
  ws.on("message", (m) => {
    const data = JSON.parse(String(m)).result?.data;
    if (data === undefined) acks += 1;
    if (data?.type === "tendermint/event/NewBlock") order.push(`block ${data.value.block.header.height}`);
    if (data?.type === "tendermint/event/Tx") order.push(`tx ${data.value.TxResult.height}`);
  });
  for (const [id, query] of [[1, "tm.event='NewBlock'"], [2, `tm.event='Tx' AND message.sender='${me}'`]] as const) {
    ws.send(JSON.stringify({ jsonrpc: "2.0", id, method: "subscribe", params: { query } }));
  }
  await until(() => acks === 2, "the subscriptions");
  const hash = await client.signAndBroadcastSync(me, [{
    typeUrl: "/cosmos.bank.v1beta1.MsgSend",
    value: { fromAddress: me, toAddress: devAddress(6), amount: [{ denom: "basecro", amount: "7" }] },
  }], { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" });
  await rpc(node, "dev_mine", [3]);
  await until(() => order.length === 4, "three blocks and a tx");
  assert.equal(order, [`block ${h + 1}`, `tx ${h + 1}`, `block ${h + 2}`, `block ${h + 3}`]);
  assert.is((await client.getTx(hash))?.height, h + 1);
  client.disconnect();
  ws.close();
});

test("30 days of blocks (518,400): the last 10,000 announced in height order, ending at the new height; the node answers meanwhile", async () => {
  const from = node.chain.latest.height;
  const heights: bigint[] = [];
  const ws = new WebSocket(`${node.rpcUrl!.replace("http", "ws")}/websocket`);
  await new Promise((resolve) => ws.once("open", resolve));
  ws.on("message", (m) => {
    const data = JSON.parse(String(m)).result?.data;
    if (data?.type === "tendermint/event/NewBlockHeader") heights.push(BigInt(data.value.header.height));
  });
  ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "subscribe", params: { query: "tm.event='NewBlockHeader'" } }));
  await new Promise((r) => setTimeout(r, 100));
  const advanced = await dev(node, "advance-time", { duration: "720h" });
  assert.is(advanced.json.blocks, "518400");
  const to = from + 518_400n;
  assert.is(advanced.json.block.header.height, `${to}`);
  // While the announcer works, requests are answered (it gives the event loop a turn every batch).
  const started = Date.now();
  assert.is((await rpc(node, "status")).result.sync_info.latest_block_height, `${to}`);
  assert.ok(Date.now() - started < 2000, `status answered in ${Date.now() - started} ms`);
  await until(() => heights.at(-1) === to, "the run's last block", 60_000);
  for (let k = 1; k < heights.length; k++) assert.ok(heights[k]! > heights[k - 1]!, `in height order at ${heights[k]}`);
  const tail = heights.slice(-Number(MAX_WAITING_BLOCKS));
  assert.equal(tail[0], to - MAX_WAITING_BLOCKS + 1n, "the last 10,000 blocks, none missing");
  assert.ok(heights.length < 518_400 / 4, `bounded: ${heights.length} announced`);
  ws.close();
});

test.run();
