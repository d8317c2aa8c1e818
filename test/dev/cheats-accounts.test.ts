// Dev mode's account cheats (host/dev/chain.ts) and --automine, as a dApp's tests use them with
// CosmJS: setBalance (the supply moved by exactly the difference, a `cheat` event in the block's
// results, a replay from genesis reaching the same state hash), impersonate / stopImpersonating (a
// SigningStargateClient whose signer only claims the address, its fee and sequence charged; refused
// again once stopped) over REST and raw JSON-RPC; and a block per tx at once with --automine, the
// mode the suite's node runs in (CosmJS's signAndBroadcast waits for its tx's block).

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
import { balanceOf, dev, rpc, startNode, supplyOf } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "cheats-accounts-"));
const db = join(dir, "chain.db");
const node: RunningNode = await startNode(["--clock", "simulated", "--automine", "--db", db]);
await dev(node, "advance?blocks=1"); // CosmJS queries need a block
const client = await StargateClient.connect(node.rpcUrl!);

test.after(async () => {
  client.disconnect();
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const FEE = { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" };

/** CosmJS's signer for an address whose key we do not hold: a throwaway key's public key, an empty signature. */
function impersonating(address: string): OfflineDirectSigner {
  const pubkey = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
  return {
    getAccounts: async () => [{ address, algo: "secp256k1", pubkey }],
    signDirect: async (_, signDoc) => ({ signed: signDoc, signature: { pub_key: encodeSecp256k1Pubkey(pubkey), signature: "" } }),
  };
}

const signing = (signer: OfflineDirectSigner, url = node.rpcUrl!) =>
  SigningStargateClient.connectWithSigner(url, signer, { gasPrice: GasPrice.fromString("0.025basecro"), broadcastPollIntervalMs: 20 });

/** A block's cheat event (its attributes) and what its BeginBlock minted, from block_results. */
async function blockEvents(height: string): Promise<{ cheat: string[][]; minted: bigint }> {
  const events = (await rpc(node, "block_results", { height })).result.finalize_block_events as { type: string; attributes: { key: string; value: string }[] }[];
  const cheat = events.find((e) => e.type === "cheat")!.attributes.map((a) => [a.key, a.value]);
  return { cheat, minted: BigInt(events.find((e) => e.type === "mint")!.attributes.find((a) => a.key === "amount")!.value) };
}

test("setBalance raises and lowers a balance in a block: CosmJS reads it, the supply moves by the difference", async () => {
  const who = devAddress(120);
  const supply = await supplyOf(node);
  const height = await client.getHeight();
  const r = await dev(node, "set-balance", { address: who, amount: "1000000basecro" });
  assert.is(r.status, 200);
  assert.equal(r.json.balance, { denom: "basecro", amount: "1000000" });
  assert.is(r.json.height, `${height + 1}`, "a simulated clock makes the block at once");
  assert.is((await client.getBalance(who, "basecro")).amount, "1000000");
  const raised = await blockEvents(r.json.height);
  assert.equal(raised.cheat, [["action", "set_balance"], ["address", who], ["amount", "1000000basecro"], ["previous", "0basecro"]]);
  assert.is(await supplyOf(node), supply + 1_000_000n + raised.minted, "the supply: + the new balance + the block's mint");

  const had = await balanceOf(node, devAddress(5));
  const lowered = await dev(node, "set-balance", { address: devAddress(5), amount: [{ denom: "basecro", amount: "7" }] });
  assert.is(await balanceOf(node, devAddress(5)), 7n);
  assert.equal(lowered.json.balance, { denom: "basecro", amount: "7" });
  assert.is(BigInt(lowered.json.supply.amount), supply + 1_000_000n + raised.minted - (had - 7n) + (await blockEvents(lowered.json.height)).minted);
  // JSON-RPC, positional, left for the next block.
  const viaRpc = await rpc(node, "dev_setBalance", [who, "5", false]);
  assert.is(viaRpc.result.height, "0");
  assert.is(await balanceOf(node, who), 1_000_000n, "not until the next block");
  await dev(node, "mine");
  assert.is(await balanceOf(node, who), 5n);
  assert.equal(node.chain.app.checkInvariants(), []);
});

test("setBalance refuses other denoms, JSON numbers, module accounts and bad addresses: REST 400 code 3, JSON-RPC -32602", async () => {
  const gov = moduleAddress("gov", "cro");
  for (const [body, pattern] of [
    [{ address: devAddress(1), amount: "5uatom" }, /holds basecro only, not uatom/],
    [{ address: devAddress(1), amount: 5 }, /a JSON number cannot carry every amount exactly/],
    [{ address: gov, amount: "5basecro" }, /is a module account/],
    [{ address: "cro1nope", amount: "5basecro" }, /address "cro1nope"/],
    [{ address: devAddress(1), amount: `${10n ** 31n}basecro` }, /at most/],
  ] as const) {
    const r = await dev(node, "set-balance", body);
    assert.is(r.status, 400, JSON.stringify(body));
    assert.is(r.json.code, 3);
    assert.match(r.json.message, pattern);
  }
  assert.is((await rpc(node, "dev_setBalance", [devAddress(1), "5uatom"])).error.code, -32602);
});

test("impersonate: CosmJS sends from an address whose key it does not hold; fee and sequence are charged; stopped, it is refused", async () => {
  const who = devAddress(121); // a fresh account: funded by a cheat, never signed for
  const to = devAddress(122);
  await dev(node, "set-balance", { address: who, amount: "10000000basecro" });
  const r = await dev(node, "impersonate", { address: who });
  assert.equal(r.json, { address: who, impersonating: [who] });
  const sender = await signing(impersonating(who));
  const sent = await sender.sendTokens(who, to, [{ denom: "basecro", amount: "1234" }], FEE, "as someone else");
  assert.is(sent.code, 0, sent.rawLog);
  assert.is(await balanceOf(node, to), 1234n);
  assert.is(await balanceOf(node, who), 10_000_000n - 1234n - 5000n, "the fee is charged");
  const account = await client.getAccount(who);
  assert.is(account?.sequence, 1, "the sequence is charged");
  assert.is(account?.pubkey, null, "the throwaway key is not recorded as the account's");
  // fee "auto": simulate skips the signature of an impersonated signer too.
  const auto = await sender.sendTokens(who, to, [{ denom: "basecro", amount: "1" }], "auto");
  assert.is(auto.code, 0, auto.rawLog);

  const stopped = await rpc(node, "dev_stopImpersonating", [who]);
  assert.equal(stopped.result, { address: who, was_impersonating: true, impersonating: [] });
  const refused = await sender.sendTokens(who, to, [{ denom: "basecro", amount: "1" }], FEE).then(() => undefined, (e: Error) => e);
  assert.match(refused?.message ?? "", /pubKey does not match signer address/);
  sender.disconnect();
});

test("an impersonated signer's sequence is still checked, and a real key still signs for the address", async () => {
  const who = devAddress(6);
  await rpc(node, "dev_impersonate", { address: who });
  const key = await signing(await DirectSecp256k1Wallet.fromKey(devPrivateKey(6), "cro"));
  const own = await key.sendTokens(who, devAddress(7), [{ denom: "basecro", amount: "1" }], FEE);
  assert.is(own.code, 0, "signed with its own key while impersonated");
  const raw = await key.sign(who, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: who, toAddress: devAddress(7), amount: [{ denom: "basecro", amount: "1" }] } }], FEE, "", {
    accountNumber: (await client.getAccount(who))!.accountNumber, sequence: 99, chainId: node.chain.chainId,
  });
  const check = await rpc(node, "broadcast_tx_sync", { tx: Buffer.from(TxRaw.encode(raw).finish()).toString("base64") });
  assert.is(check.result.code, 32);
  assert.match(check.result.log, /account sequence mismatch/);
  await rpc(node, "dev_stopImpersonating", [who]);
  key.disconnect();
});

test("--automine: each tx is in a block of its own at once; broadcast_tx_commit answers with its height", async () => {
  const start = node.chain.latest.height;
  const sender = await signing(await DirectSecp256k1Wallet.fromKey(devPrivateKey(8), "cro"));
  const first = await sender.sendTokens(devAddress(8), devAddress(123), [{ denom: "basecro", amount: "10" }], FEE);
  assert.is(first.height, Number(start) + 1, "no /dev/advance: the tx made its block");
  // Three txs in one go: three blocks, one tx each.
  const account = (await sender.getAccount(devAddress(8)))!;
  const txs = await Promise.all([0, 1, 2].map((i) =>
    sender.sign(devAddress(8), [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: devAddress(8), toAddress: devAddress(123), amount: [{ denom: "basecro", amount: "1" }] } }], FEE, "", {
      accountNumber: account.accountNumber, sequence: account.sequence + i, chainId: node.chain.chainId,
    })));
  const heights = await Promise.all(txs.map(async (t) => (await rpc(node, "broadcast_tx_commit", { tx: Buffer.from(TxRaw.encode(t).finish()).toString("base64") })).result.height));
  assert.equal(heights, [Number(start) + 2, Number(start) + 3, Number(start) + 4].map(String));
  const faucet = await dev(node, "faucet", { address: devAddress(124), amount: "9basecro" });
  assert.is(faucet.json.height, `${Number(start) + 5}`, "the faucet's send made its own block, no empty one after it");
  assert.is(node.chain.latest.height, start + 5n);
  sender.disconnect();
});

test("--automine is a development power: refused without --dev on a real clock", async () => {
  const r = await (await import("../../host/main.js")).run(["--port", "0", "--automine"], {}, { out: () => {}, err: () => {} });
  assert.is(r, 2);
});

test("cheats replay: the database replays from genesis to the node's state hash", async () => {
  const top = (await rpc(node, "status")).result.sync_info;
  const replayed = Application.replay(await loadCoreFromFile(), db);
  assert.is(`${replayed.height}`, top.latest_block_height);
  assert.is(replayed.appHash, top.latest_app_hash);
});

test.run();
