// Dev mode's dumpState / loadState (host/dev/chain.ts, decision 23) as a dApp's tests use them
// with CosmJS: the dump is the SDK export `npm run export` writes; a dump loaded after the chain
// moved on gives back its height, state hash, balances and supply, drops the snapshots, and the
// chain goes on from it; chain-maind's own export loads too; a bad document is refused (REST 400
// code 3, JSON-RPC -32602) with the state untouched.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { SigningStargateClient, StargateClient } from "@cosmjs/stargate";
import { devAddress, devPrivateKey } from "../../host/app/genesis.js";
import type { RunningNode } from "../../host/main.js";
import { readReference } from "../helpers/reference-chain.js";
import { balanceOf, dev, get, rpc, startNode, supplyOf } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "cheats-state-"));
const node: RunningNode = await startNode(["--clock", "simulated", "--automine", "--db", join(dir, "chain.db")]);
await dev(node, "advance?blocks=1");
const client = await StargateClient.connect(node.rpcUrl!);

test.after(async () => {
  client.disconnect();
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const watched = [devAddress(0), devAddress(5), devAddress(101), devAddress(102)];
const FEE = { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" };

async function observe() {
  const status = (await rpc(node, "status")).result.sync_info;
  return {
    height: status.latest_block_height as string, appHash: status.latest_app_hash as string, supply: await supplyOf(node),
    balances: await Promise.all(watched.map((a) => client.getBalance(a, "basecro").then((c) => c.amount))),
  };
}

async function send(key: number, to: string, amount: string) {
  const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(key), "cro");
  const signer = await SigningStargateClient.connectWithSigner(node.rpcUrl!, wallet, { broadcastPollIntervalMs: 50 });
  const r = await signer.sendTokens(devAddress(key), to, [{ denom: "basecro", amount }], FEE);
  signer.disconnect();
  return r;
}

test("dump -> change -> load: the dumped height, state hash, balances and supply again; snapshots gone; the chain goes on", async () => {
  await dev(node, "set-balance", { address: devAddress(101), amount: "777" });
  const before = await observe();
  const res = await fetch(`${node.url}/dev/dump-state`);
  assert.is(res.status, 200);
  const dump = await res.json();
  assert.is(dump.initial_height, Number(before.height) + 1, "the SDK export: initial_height is the next block");
  assert.ok(dump.app_state.node_state, "with the node's exact records");
  assert.equal((await dev(node, "dump-state")).json, dump, "POST answers the same");

  const snap = (await dev(node, "snapshot")).json.id;
  assert.is((await send(5, devAddress(102), "4242")).code, 0);
  await dev(node, "set-balance", { address: devAddress(101), amount: "1" });
  await dev(node, "mine", { blocks: 4 });
  const changed = await observe();
  assert.is.not(changed.appHash, before.appHash);
  assert.is(changed.balances[3], "4242");

  const loaded = await dev(node, "load-state", dump);
  assert.is(loaded.status, 200, JSON.stringify(loaded.json));
  assert.equal(loaded.json, { loaded: true, chain_id: "chainmain-local", height: before.height, app_hash: before.appHash });
  assert.equal(await observe(), before);
  assert.is((await dev(node, "revert", { id: snap })).status, 404, "snapshots of the replaced chain are gone");

  assert.is((await send(5, devAddress(102), "99")).code, 0, "CosmJS signs on the loaded chain (its sequences)");
  assert.is((await client.getBalance(devAddress(102), "basecro")).amount, "99");
  assert.is(await client.getHeight(), Number(before.height) + 1);
});

test("JSON-RPC dev_dumpState / dev_loadState (positional or named) do the same", async () => {
  const dump = (await rpc(node, "dev_dumpState", [])).result;
  const before = await observe();
  await dev(node, "set-balance", { address: devAddress(101), amount: "5" });
  const r = await rpc(node, "dev_loadState", [dump]);
  assert.equal(r.result, { loaded: true, chain_id: "chainmain-local", height: before.height, app_hash: before.appHash });
  assert.equal(await observe(), before);
  assert.is((await rpc(node, "dev_loadState", { state: dump })).result.loaded, true);
});

test("chain-maind's own export loads: the chain at its height, its positions answered", async () => {
  const exported = readReference("export-height-395.json");
  const r = await dev(node, "load-state", exported);
  assert.is(r.status, 200, JSON.stringify(r.json));
  assert.is(r.json.height, "394");
  const p = exported.app_state.tieredrewards.positions[0];
  assert.is((await get(node, `/chainmain/tieredrewards/v1/position/${p.id}`)).position.delegator_address, p.delegator_address);
  const holder = exported.app_state.bank.balances[0];
  assert.is(`${await balanceOf(node, holder.address)}`, holder.coins[0].amount);
  assert.is((await dev(node, "mine", { blocks: 2 })).status, 200);
  assert.is(await client.getHeight(), 396);
});

test("a bad document is refused, 400 code 3 / -32602, and the state is untouched", async () => {
  const dump = (await dev(node, "dump-state")).json;
  const before = await observe();
  const edited = structuredClone(dump);
  edited.app_state.staking.validators[0].description.moniker = "edited"; // the SDK sections no longer those node_state was exported with
  const unbalanced = structuredClone(dump);
  delete unbalanced.app_state.node_state;
  unbalanced.app_state.bank.supply[0].amount = "1";
  const cases: [string, RegExp][] = [
    ["{", /state: not valid JSON/],
    ["[]", /state: expected an SDK genesis document/],
    [JSON.stringify({ chain_id: "x" }), /state: expected an SDK genesis document/],
    ["", /expected the state as the body/],
    [JSON.stringify(edited), /app_state\.node_state\.sdk_digest: the SDK sections differ/],
    [JSON.stringify(unbalanced), /^state: /],
  ];
  for (const [body, message] of cases) {
    const res = await fetch(`${node.url}/dev/load-state`, { method: "POST", body });
    const json = await res.json();
    assert.is(res.status, 400, body.slice(0, 40));
    assert.is(json.code, 3);
    assert.equal(json.details, []);
    assert.match(json.message, message, json.message);
  }
  const r = await rpc(node, "dev_loadState", [edited]);
  assert.is(r.error.code, -32602);
  assert.match(r.error.data, /sdk_digest/);
  assert.is((await rpc(node, "dev_loadState", { state: dump, extra: 1 })).error.code, -32602);
  assert.equal(await observe(), before, "nothing changed");
  assert.is((await dev(node, "mine")).status, 200, "the chain goes on");
});

test.run();
