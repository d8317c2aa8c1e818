// The dApp developer's dev chain (issue 36, item 1), as Anvil behaves: `npm start -- --dev` mines
// each tx at once (CosmJS's sendTokens with fee "auto", a vote too, comes back in well under its
// timeout, though the real clock's block time is an hour here) and is at height 1 when it answers
// (CosmJS queries work at once: at height 0 they fail with "No query height returned");
// --no-automine and --block-time give interval mining; dev_setAutomine and dev_setIntervalMining
// change it at run time; the simulated clock alone keeps blocks for when they are asked for.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient, StargateClient } from "@cosmjs/stargate";
import { devAddress, devPrivateKey } from "../../host/app/genesis.js";
import { parseConfig } from "../../host/config.js";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { chainRegistry } from "../helpers/cosmjs.js";
import { wasm } from "../helpers/node.js";

const DIR = await mkdtemp(join(tmpdir(), "automine-test-"));
test.after(() => rm(DIR, { recursive: true, force: true }));
let dbs = 0;

async function start(argv: string[]): Promise<RunningNode> {
  const err: string[] = [];
  const node = await run(["--port", "0", "--rpc-port", "0", "--db", join(DIR, `${++dbs}.db`), ...argv], {}, { out: () => {}, err: (t) => err.push(t) }, { core: await loadCore(wasm) });
  assert.type(node, "object", err.join("\n"));
  return node as RunningNode;
}

const rpc = async (node: RunningNode, method: string, params: unknown) => {
  const res = await fetch(node.rpcUrl!, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return (await res.json()) as { result?: any; error?: { code: number; data: string } };
};

test("config: --dev mines each tx unless --no-automine or --block-time; the simulated clock alone does not; contradictions refused", () => {
  const cfg = (argv: string[]) => (parseConfig(argv) as { config: { automine?: boolean; firstBlock?: boolean } }).config;
  assert.is(cfg(["--dev"]).automine, true);
  assert.is(cfg(["--dev"]).firstBlock, true);
  assert.is(cfg(["--dev", "--no-automine"]).automine, undefined);
  assert.is(cfg(["--dev", "--block-time", "2s"]).automine, undefined);
  assert.is(cfg(["--dev", "--block-time", "2s", "--automine"]).automine, true);
  assert.is(cfg(["--clock", "simulated"]).automine, undefined);
  assert.is(cfg(["--clock", "simulated"]).firstBlock, undefined);
  assert.is(cfg([]).automine, undefined);
  const refused = (argv: string[]) => {
    try {
      parseConfig(argv);
    } catch (e) {
      return (e as Error).message;
    }
    return "accepted";
  };
  assert.match(refused(["--dev", "--automine", "--no-automine"]), "--automine and --no-automine: give one");
  assert.match(refused(["--no-automine"]), "--no-automine: a development power");
});

test("npm start -- --dev: automine on, height 1 when it answers; CosmJS's fee \"auto\" send mined at once on an hour's block time", async () => {
  const plain = await start(["--dev"]);
  try {
    assert.is(plain.chain.automine, true);
    assert.ok(plain.chain.latest.height >= 1n);
  } finally {
    await plain.close();
  }
  // An hour's block time: were the txs not mined at once, CosmJS would time out.
  const node = await start(["--dev", "--automine", "--block-time", "1h"]);
  try {
    assert.is(node.chain.latest.height, 1n, "block 1 made at start");
    const reader = await StargateClient.connect(node.rpcUrl!);
    assert.is(BigInt((await reader.getBalance(devAddress(6), "basecro")).amount) > 0n, true, "a query at once: no \"No query height returned\"");
    reader.disconnect();
    const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(5), "cro");
    const client = await SigningStargateClient.connectWithSigner(node.rpcUrl!, wallet, {
      registry: chainRegistry(), gasPrice: GasPrice.fromString("0.025basecro"), broadcastPollIntervalMs: 50, broadcastTimeoutMs: 10_000,
    });
    const sent = await client.sendTokens(devAddress(5), devAddress(6), [{ denom: "basecro", amount: "1000" }], "auto");
    assert.is(sent.code, 0, sent.rawLog);
    assert.is(BigInt(sent.height), 2n, "its own block, at once");
    client.disconnect();
  } finally {
    await node.close();
  }
});

test("--dev --no-automine: block 1 at start, then txs wait for the interval; dev_setAutomine and dev_setIntervalMining change it at run time", async () => {
  const node = await start(["--dev", "--no-automine", "--block-time", "1h"]);
  try {
    assert.is(node.chain.latest.height, 1n);
    assert.is(node.chain.automine, false);
    let r = await rpc(node, "dev_setAutomine", { enabled: true });
    assert.equal(r.result, { automine: true });
    assert.is(node.chain.automine, true);
    r = await rpc(node, "dev_setAutomine", [false]);
    assert.equal(r.result, { automine: false });
    r = await rpc(node, "dev_setAutomine", {});
    assert.is(r.error?.code, -32602, "enabled is required");
    // Interval mining: every 50 ms now, then none.
    r = await rpc(node, "dev_setIntervalMining", { interval: "50ms" });
    assert.equal(r.result, { interval_ms: "50", automine: false });
    const from = node.chain.latest.height;
    for (const until = Date.now() + 10_000; node.chain.latest.height < from + 3n && Date.now() < until; ) await new Promise((d) => setTimeout(d, 20));
    assert.ok(node.chain.latest.height >= from + 3n, `blocks every 50 ms: ${from} → ${node.chain.latest.height}`);
    r = await rpc(node, "dev_setIntervalMining", [0]);
    assert.equal(r.result, { interval_ms: "0", automine: false });
    const stopped = node.chain.latest.height;
    await new Promise((d) => setTimeout(d, 300));
    assert.is(node.chain.latest.height, stopped, "no interval blocks after interval 0");
    // Over REST too.
    const rest = await fetch(`${node.url}/dev/set-automine`, { method: "POST", body: JSON.stringify({ enabled: true }) });
    assert.is(rest.status, 200);
    assert.is(node.chain.automine, true);
  } finally {
    await node.close();
  }
});

test("the simulated clock alone: at height 0, no automine; interval mining is refused with the reason", async () => {
  const node = await start(["--clock", "simulated"]);
  try {
    assert.is(node.chain.latest.height, 0n);
    assert.is(node.chain.automine, false);
    const r = await rpc(node, "dev_setIntervalMining", { interval: "1s" });
    assert.is(r.error?.code, -32603);
    assert.match(r.error!.data, "the simulated clock makes blocks only when asked");
  } finally {
    await node.close();
  }
});

test.run();
