// `npm run testnet -- --resume` (host/cometbft/testnet.ts): a network stopped and started again from
// its directory goes on from where it stopped (CometBFT's block store and each node's database,
// the same keys and ports), the full node added to it included; nothing is remade.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { cometStatus, headerAppHash, startTestnet, type Testnet } from "../../host/cometbft/testnet.js";

const dir = await mkdtemp(join(tmpdir(), "testnet-resume-"));
test.after(() => rm(dir, { recursive: true, force: true }));
// Below the ephemeral range (the nodes' own outgoing connections take ports there).
const basePort = 20_000 + Math.floor(Math.random() * 1_200) * 10;

const heightOf = async (net: Testnet, i: number) => (await cometStatus(net.nodes[i]!.rpc))?.height ?? -1n;
async function waitAll(net: Testnet, h: bigint): Promise<void> {
  const until = Date.now() + 90_000;
  for (;;) {
    const heights = await Promise.all(net.nodes.map((_, i) => heightOf(net, i)));
    if (heights.every((x) => x >= h)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for height ${h}: ${heights.join(", ")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("stopped and resumed: the same chain goes on on every node, the added full node too", async () => {
  const net = await startTestnet({ validators: 1, dir, basePort, blockInterval: "200ms" });
  let stopped = false;
  try {
    await net.addNode({ seed: sha256(utf8ToBytes("resume test full node")) });
    await waitAll(net, 5n);
    const before = await headerAppHash(net.nodes[0]!.rpc, 5n);
    const top = await heightOf(net, 0);
    await net.stop();
    stopped = true;
    const again = await startTestnet({ validators: 4, dir, basePort: basePort + 7, blockInterval: "9s", resume: true });
    try {
      assert.is(again.nodes.length, 2, "the validator and the added full node");
      assert.is(again.nodes[0]!.rpc, net.nodes[0]!.rpc, "its own ports");
      await waitAll(again, top + 3n);
      for (const i of [0, 1]) assert.is(await headerAppHash(again.nodes[i]!.rpc, 5n), before, `node ${i} kept block 5`);
      const hashes = await Promise.all(again.nodes.map((n) => headerAppHash(n.rpc, top + 2n)));
      assert.is(hashes[1], hashes[0], "one app hash after the resume");
    } finally {
      await again.stop();
    }
  } finally {
    if (!stopped) await net.stop();
  }
});

test("--resume where no network is: a usage error naming the directory", async () => {
  const empty = await mkdtemp(join(tmpdir(), "testnet-none-"));
  try {
    const e = await startTestnet({ validators: 1, dir: empty, basePort, blockInterval: "1s", resume: true }).catch((x: Error) => x);
    assert.ok(e instanceof Error);
    assert.match((e as Error).message, `no network to resume in ${empty}`);
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
});

test.run();
