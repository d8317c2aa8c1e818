// The dApp guide's CosmJS test (docs/dapp.md; examples/dapp-test.ts: a snapshot before each test, a revert after,
// setBalance and advanceTime) run as written against a node started as the guide says.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startNode } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "readme-example-"));
const node = await startNode(["--clock", "simulated", "--automine", "--db", join(dir, "chain.db")]);
await fetch(`${node.url}/dev/mine`, { method: "POST" }); // CosmJS queries need a block
process.env.REST = node.url;
process.env.RPC = node.rpcUrl;

test.after(async () => {
  const height = node.chain.latest.height;
  await node.close();
  await rm(dir, { recursive: true, force: true });
  assert.is(height, 1n, "every test was reverted: the chain is at its first block again");
});

// Its tests join this suite (the same uvu `test`), with its hooks; it runs them.
await import("../../examples/dapp-test.js");
