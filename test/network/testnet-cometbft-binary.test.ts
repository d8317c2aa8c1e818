// startTestnet's `cometbft` option (host/cometbft/testnet.ts; the network bench's
// BENCH_NETWORK_COMETBFT): every node's CometBFT is started from the binary given, not
// .tools/bin/cometbft — shown with one that does not exist, whose spawn error names it.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestnet, type NodeExit } from "../../host/cometbft/testnet.js";

const dir = await mkdtemp(join(tmpdir(), "testnet-cometbft-binary-"));
test.after(() => rm(dir, { recursive: true, force: true }));
const basePort = 20_000 + Math.floor(Math.random() * 1_200) * 10;

test("the nodes' CometBFT is the binary given", async () => {
  const missing = join(dir, "no-such-cometbft");
  const exits: NodeExit[] = [];
  let seen: () => void = () => {};
  const cometExit = new Promise<void>((r) => (seen = r));
  const net = await startTestnet({
    validators: 1, dir: join(dir, "net"), basePort, blockInterval: "1s", cometbft: missing,
    onExit: (e) => {
      exits.push(e);
      if (e.process === "cometbft") seen();
    },
  });
  try {
    await Promise.race([cometExit, new Promise((r) => setTimeout(r, 60_000))]);
    const comet = exits.find((e) => e.process === "cometbft");
    assert.ok(comet, `no CometBFT exit reported: ${JSON.stringify(exits.map((e) => e.process))}`);
    assert.match(comet!.error ?? "", /no-such-cometbft/);
    assert.match(comet!.error ?? "", /ENOENT/);
  } finally {
    await net.stop();
  }
});

test.run();
