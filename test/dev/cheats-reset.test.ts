// Dev mode's reset, mempool and auto-impersonation cheats (host/dev/chain.ts), as a dApp's tests use
// them with CosmJS on a simulated clock without automine (txs wait for their block):
// dropTransaction (its waiter told, the signer's later txs dropped with it), dropAllTransactions,
// autoImpersonate (any signer's tx admitted, fee "auto" included; a module account's fee paid by
// the chain), and reset (back to genesis: blocks, snapshots, mempool and impersonation gone, block 1
// made again), each over REST and JSON-RPC; a replay of the database reaches the node's state hash.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { DirectSecp256k1Wallet, type OfflineDirectSigner } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient, StargateClient } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { Application } from "../../host/app/application.js";
import { devAddress, devPrivateKey } from "../../host/app/genesis.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import { moduleAddress } from "../../host/wire/keys.js";
import type { RunningNode } from "../../host/main.js";
import { balanceOf, dev, get, rpc, startNode, until } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "cheats-reset-"));
const db = join(dir, "chain.db");
const node: RunningNode = await startNode(["--clock", "simulated", "--db", db, "--accounts", "2"]);
await dev(node, "advance?blocks=1");
const block1Hash: string = (await rpc(node, "status")).result.sync_info.latest_app_hash;
const client = await StargateClient.connect(node.rpcUrl!);

test.after(async () => {
  client.disconnect();
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const FEE = { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" };
const gasPrice = GasPrice.fromString("0.025basecro");

/** CosmJS's signer for an address whose key we do not hold: a throwaway key's public key, an empty signature. */
function claiming(address: string): OfflineDirectSigner {
  const pubkey = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
  return {
    getAccounts: async () => [{ address, algo: "secp256k1", pubkey }],
    signDirect: async (_, signDoc) => ({ signed: signDoc, signature: { pub_key: encodeSecp256k1Pubkey(pubkey), signature: "" } }),
  };
}

/** `count` sends signed by dev key `n` at consecutive sequences, broadcast sync (waiting for a block): their hashes. */
async function waiting(n: number, count: number): Promise<string[]> {
  const signer = await SigningStargateClient.connectWithSigner(node.rpcUrl!, await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro"));
  const from = devAddress(n);
  const account = (await client.getAccount(from))!;
  const hashes: string[] = [];
  for (let i = 0; i < count; i++) {
    const tx = await signer.sign(from, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: devAddress(140), amount: [{ denom: "basecro", amount: "1" }] } }], FEE, "", {
      accountNumber: account.accountNumber, sequence: account.sequence + i, chainId: node.chain.chainId,
    });
    const r = await rpc(node, "broadcast_tx_sync", { tx: Buffer.from(TxRaw.encode(tx).finish()).toString("base64") });
    assert.is(r.result.code, 0, r.result.log);
    hashes.push(r.result.hash);
  }
  signer.disconnect();
  return hashes;
}

/** A block once a tx waits (CosmJS's "auto" simulates before it broadcasts). */
async function mineOnceWaiting(): Promise<void> {
  await until(() => node.chain.pending > 0, "a tx in the mempool");
  await dev(node, "mine");
}

test("dropTransaction removes a waiting tx and the signer's later ones; the others are mined", async () => {
  const [a1, a2, a3] = await waiting(5, 3);
  const [b1] = await waiting(6, 1);
  assert.is((await rpc(node, "num_unconfirmed_txs")).result.n_txs, "4");
  const r = await dev(node, "drop-transaction", { hash: a2 });
  assert.is(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.dropped, [a2, a3], "a3's sequence no longer fits once a2 is gone");
  assert.is(r.json.mempool_txs, 2);
  await dev(node, "mine");
  assert.is((await client.getTx(a1!))?.code, 0);
  assert.is((await client.getTx(b1!))?.code, 0);
  assert.is(await client.getTx(a2!), null);
  assert.is(await client.getTx(a3!), null);
  // Unknown hash: 404 / -32602.
  assert.is((await dev(node, "drop-transaction", { hash: a2 })).status, 404);
  assert.is((await rpc(node, "dev_dropTransaction", ["00".repeat(32)])).error.code, -32602);
});

test("dropAllTransactions empties the mempool (JSON-RPC)", async () => {
  const hashes = [...(await waiting(7, 2)), ...(await waiting(8, 1))];
  const r = await rpc(node, "dev_dropAllTransactions", []);
  assert.equal(r.result.dropped, hashes);
  assert.is(r.result.mempool_txs, 0);
  assert.is((await rpc(node, "num_unconfirmed_txs")).result.n_txs, "0");
});

test("autoImpersonate: any signer's tx is accepted, fee \"auto\" too; off again, it is refused", async () => {
  const who = devAddress(5);
  const on = await dev(node, "auto-impersonate", { enabled: true });
  assert.equal(on.json, { auto_impersonate: true });
  const sender = await SigningStargateClient.connectWithSigner(node.rpcUrl!, claiming(who), { gasPrice, broadcastPollIntervalMs: 20 });
  const before = await balanceOf(node, devAddress(141));
  const pending = sender.sendTokens(who, devAddress(141), [{ denom: "basecro", amount: "77" }], "auto");
  await mineOnceWaiting();
  const sent = await pending;
  assert.is(sent.code, 0, sent.rawLog);
  assert.is(await balanceOf(node, devAddress(141)), before + 77n);
  // A real key still signs as itself (its public key recorded) while auto-impersonation is on.
  const real = await SigningStargateClient.connectWithSigner(node.rpcUrl!, await DirectSecp256k1Wallet.fromKey(devPrivateKey(150), "cro"), { gasPrice, broadcastPollIntervalMs: 20 });
  await dev(node, "set-balance", { address: devAddress(150), amount: "1000000000basecro" });
  const own = real.sendTokens(devAddress(150), devAddress(141), [{ denom: "basecro", amount: "1" }], "auto");
  await mineOnceWaiting();
  assert.is((await own).code, 0);
  assert.ok((await client.getAccount(devAddress(150)))?.pubkey, "its key recorded");

  assert.equal((await rpc(node, "dev_autoImpersonate", [false])).result, { auto_impersonate: false });
  const refused = await sender.sendTokens(who, devAddress(141), [{ denom: "basecro", amount: "1" }], FEE).then(() => undefined, (e: Error) => e);
  assert.match(refused?.message ?? "", /pubKey does not match signer address/);
  sender.disconnect();
  real.disconnect();
});

test("an impersonated module account pays its fee \"auto\": x/gov's account sends a governance message", async () => {
  const gov = moduleAddress("gov", "cro");
  await dev(node, "impersonate", { address: gov });
  const sender = await SigningStargateClient.connectWithSigner(node.rpcUrl!, claiming(gov), { gasPrice, broadcastPollIntervalMs: 20 });
  const msg = { typeUrl: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", value: { delegatorAddress: gov, withdrawAddress: devAddress(142) } };
  const pending = sender.signAndBroadcast(gov, [msg], "auto");
  await mineOnceWaiting();
  const r = await pending;
  assert.is(r.code, 0, r.rawLog);
  assert.is((await get(node, `/cosmos/distribution/v1beta1/delegators/${gov}/withdraw_address`)).withdraw_address, devAddress(142));
  assert.is(await balanceOf(node, gov), 0n, "the fee is the chain's: nothing leaves the module's account");
  const tx = await client.getTx(r.transactionHash);
  assert.ok(BigInt(tx!.gasUsed) > 0n && r.gasWanted > 0n);
  await dev(node, "stop-impersonating", { address: gov });
  sender.disconnect();
  assert.equal(node.chain.app.checkInvariants(), []);
});

test("replay: drops, auto-impersonated and waived-fee txs replay from genesis to the node's state hash", async () => {
  const top = (await rpc(node, "status")).result.sync_info;
  const replayed = Application.replay(await loadCoreFromFile(), db);
  assert.is(`${replayed.height}`, top.latest_block_height);
  assert.is(replayed.appHash, top.latest_app_hash);
});

test("reset: back to genesis; snapshots, the mempool, set balances and impersonation gone; the same block 1 again", async () => {
  const snap = (await dev(node, "snapshot")).json.id;
  await dev(node, "set-balance", { address: devAddress(143), amount: "5basecro" });
  await dev(node, "impersonate", { address: devAddress(143) });
  await dev(node, "auto-impersonate", { enabled: true });
  const [left] = await waiting(5, 1);
  assert.ok(node.chain.latest.height > 2n);
  const r = await dev(node, "reset");
  assert.is(r.status, 200, JSON.stringify(r.json));
  assert.equal([r.json.reset, r.json.height, r.json.chain_id], [true, "0", "chainmain-local"], "--clock simulated alone: no block 1 at start, none after reset");
  assert.is((await dev(node, "revert", { id: snap })).status, 404, "snapshots are gone");
  assert.is((await rpc(node, "num_unconfirmed_txs")).result.n_txs, "0");
  assert.equal((await dev(node, "impersonate", { address: devAddress(144) })).json.impersonating, [devAddress(144)], "the earlier impersonation is gone");
  assert.is(node.dev!.autoImpersonating, false, "auto-impersonation as at start");
  await dev(node, "advance?blocks=1");
  assert.is((await rpc(node, "status")).result.sync_info.latest_app_hash, block1Hash, "block 1 again, to the hash");
  assert.is(await balanceOf(node, devAddress(143)), 0n);
  assert.is(await client.getTx(left!), null);
  // JSON-RPC: the same.
  await dev(node, "mine");
  assert.equal((await rpc(node, "dev_reset", [])).result.height, "0");
});

test.run();
