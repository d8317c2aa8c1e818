// A real network (host/abci/testnet.ts): 4 validators, each a CometBFT v0.38.22 process with this
// node (a child process, `--abci`) as its application, on loopback. They make blocks with the same
// app hash on every node; CosmJS sends through one node's RPC and every node's state follows; kill -9
// one node's app and the other three go on (3/4 of the power), restart it and it catches up to the
// same app hash; stop two and no block is made (no 2/3), restart them and the chain resumes; a
// validator kept down past x/slashing's window is slashed and jailed from CometBFT's commit info.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient } from "@cosmjs/stargate";
import { devAddress, devPrivateKey } from "../host/genesis.js";
import { cometStatus, headerAppHash, startTestnet, type Testnet } from "../host/abci/testnet.js";
import { chainRegistry } from "./helpers/cosmjs.js";

const dir = await mkdtemp(join(tmpdir(), "network-"));
const basePort = 30_000 + Math.floor(Math.random() * 2_000) * 10;
// x/slashing with a short window (60 blocks of 300 ms, half of them to sign): the short outages of
// the first tests stay within it, the validator kept down in the last one is jailed.
const net: Testnet = await startTestnet({
  validators: 4, dir, basePort, blockInterval: "300ms",
  genesisOverride: { app_state: { slashing: { params: { signed_blocks_window: "60", min_signed_per_window: "0.5", downtime_jail_duration: "60s" } } } },
});
test.after(async () => {
  await net.stop();
  await rm(dir, { recursive: true, force: true });
});

const heightOf = async (i: number) => (await cometStatus(net.nodes[i]!.rpc))?.height ?? -1n;
async function waitFor(what: string, ok: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const allAt = async (h: bigint, nodes = [0, 1, 2, 3]) => (await Promise.all(nodes.map(heightOf))).every((x) => x >= h);

test("4 validators make blocks with one app hash; CosmJS through node 0; every node's state follows", async () => {
  await waitFor("every node at height 5", () => allAt(5n));
  const hashes = await Promise.all(net.nodes.map((n) => headerAppHash(n.rpc, 5n)));
  assert.ok(hashes[0] && hashes.every((h) => h === hashes[0]), `app hashes at 5: ${hashes.join(", ")}`);

  const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(5), "cro");
  const client = await SigningStargateClient.connectWithSigner(net.nodes[0]!.rpc, wallet, {
    registry: chainRegistry(), gasPrice: GasPrice.fromString("0.025basecro"), broadcastPollIntervalMs: 100,
  });
  const sent = await client.sendTokens(devAddress(5), devAddress(6), [{ denom: "basecro", amount: "4242" }], "auto");
  assert.is(sent.code, 0, sent.rawLog);
  client.disconnect();
  const after = BigInt(sent.height) + 1n;
  await waitFor("every node past the tx", () => allAt(after));
  const amounts = await Promise.all(net.nodes.map(async (n) =>
    ((await (await fetch(`${n.rest}/cosmos/bank/v1beta1/balances/${devAddress(6)}/by_denom?denom=basecro`)).json()) as any).balance.amount));
  assert.ok(amounts.every((a) => a === amounts[0]), `the same balance on every node: ${amounts.join(", ")}`);
  const atTx = await Promise.all(net.nodes.map((n) => headerAppHash(n.rpc, after)));
  assert.ok(atTx.every((h) => h === atTx[0]), "the same app hash after the tx");
});

test("kill -9 one node's CometBFT alone (its app stays up): restarted, it catches up through its app to the same hash", async () => {
  net.nodes[1]!.comet!.kill("SIGKILL");
  const from = await heightOf(0);
  await waitFor("the others go on", () => allAt(from + 3n, [0, 2]));
  net.restartComet(1);
  const target = (await heightOf(0)) + 2n;
  await waitFor("node 1 catches up", () => allAt(target, [0, 1, 2]));
  const hashes = await Promise.all([0, 1, 2].map((i) => headerAppHash(net.nodes[i]!.rpc, target)));
  assert.ok(hashes.every((h) => h === hashes[0]), `app hashes at ${target}: ${hashes.join(", ")}`);
});

test("kill -9 one node's app: the others go on; restarted, it catches up to the same app hash", async () => {
  net.kill(3, true);
  const from = await heightOf(0);
  await waitFor("three nodes make 5 more blocks", () => allAt(from + 5n, [0, 1, 2]));
  net.start(3);
  const target = (await heightOf(0)) + 2n;
  await waitFor("node 3 catches up", () => allAt(target));
  const hashes = await Promise.all(net.nodes.map((n) => headerAppHash(n.rpc, target)));
  assert.ok(hashes.every((h) => h === hashes[0]), `app hashes at ${target}: ${hashes.join(", ")}`);
});

test("two of four stopped: no block (no 2/3 of the power); restarted: the chain resumes", async () => {
  net.kill(2, true);
  net.kill(3, true);
  await new Promise((r) => setTimeout(r, 1_500));
  const stuck = await heightOf(0);
  await new Promise((r) => setTimeout(r, 2_500));
  assert.ok((await heightOf(0)) <= stuck + 1n, "at most the block in flight");
  net.start(2);
  net.start(3);
  await waitFor("the chain resumes on every node", () => allAt(stuck + 3n), 120_000);
});

test("a validator kept down past the signed-blocks window is slashed 1 % and jailed; the others go on", async () => {
  const operator = net.nodes[3]!.operator;
  const validator = async () => ((await (await fetch(`${net.nodes[0]!.rest}/cosmos/staking/v1beta1/validators/${operator}`)).json()) as any).validator;
  net.kill(3, true);
  await waitFor("validator 3 jailed", async () => (await validator()).jailed === true, 90_000);
  const v = await validator();
  const selfDelegation = 1_000_000_000_000_000_000n;
  assert.is(BigInt(v.tokens), selfDelegation - selfDelegation / 100n, "slash_fraction_downtime: 1 %");
  assert.is(v.status, "BOND_STATUS_UNBONDING", "out of the set");
  const from = await heightOf(0);
  await waitFor("the other three go on", () => allAt(from + 3n, [0, 1, 2]));
  const slashes = [];
  for (let h = 1n; h <= (await heightOf(0)); h++) {
    const r = ((await (await fetch(`${net.nodes[0]!.rpc}/block_results?height=${h}`)).json()) as any).result;
    for (const e of r?.finalize_block_events ?? []) if (e.type === "slash") slashes.push(e);
  }
  assert.is(slashes.length, 1, "one slash event, in a block's finalize-block events");
  const rest = (path: string) => fetch(`${net.nodes[0]!.rest}${path}`).then((r) => r.json() as Promise<any>);
  assert.equal((await rest("/cosmos/slashing/v1beta1/params")).params, {
    signed_blocks_window: "60", min_signed_per_window: "0.500000000000000000", downtime_jail_duration: "60s",
    slash_fraction_double_sign: "0.050000000000000000", slash_fraction_downtime: "0.010000000000000000",
  });
  const infos = (await rest("/cosmos/slashing/v1beta1/signing_infos")).info as { jailed_until: string; index_offset: string }[];
  assert.ok(infos.some((i) => i.jailed_until !== "1970-01-01T00:00:00Z" && !i.jailed_until.startsWith("0001")), "the jailed one's jailed_until");
  assert.ok(infos.some((i) => BigInt(i.index_offset) > 0n), "the others' windows move");
  assert.ok(slashes[0].attributes.some((a: any) => a.key === "reason" && a.value === "missing_signature"));
});

test.run();
