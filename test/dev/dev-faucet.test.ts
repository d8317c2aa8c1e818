// The dev faucet (POST /dev/faucet) and the start-up funding of a keyring (--keyring), checked
// with CosmJS as a dApp would: the funds CosmJS's StargateClient reads, the send CosmJS finds by
// hash, the supply moved only by the block's mint, the reserve down by exactly amount + fee, a
// replay of the database reaching the same state hash, the reserve's own waiting txs, and the
// routes absent from a node without dev mode.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DirectSecp256k1HdWallet, DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { stringToPath } from "@cosmjs/crypto";
import { SigningStargateClient, StargateClient } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { Application } from "../../host/app/application.js";
import { devAddress, devPrivateKey } from "../../host/app/genesis.js";
import { loadCore } from "../../host/core/core.js";
import { run, type RunningNode } from "../../host/main.js";
import { addKey } from "../../host/cli/keyring.js";
import { wasm } from "../helpers/node.js";

const dir = await mkdtemp(join(tmpdir(), "dev-faucet-"));
const quiet = { out: () => {}, err: () => {} };
const RESERVE = devAddress(0);
const FUND = 100_000_000_000_000n;
// BIP-39's reference vector: a mnemonic whose CRO address CosmJS derives below.
const KNOWN = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

async function start(args: string[]): Promise<RunningNode> {
  const r = await run(["--port", "0", ...args], {}, quiet, { core: await loadCore(wasm) });
  if (typeof r === "number") throw new Error(`node exited ${r}`);
  return r;
}

/** CosmJS queries need a block (at height 0 it finds no query height): one on a simulated clock. */
const firstBlock = (node: RunningNode) => fetch(`${node.url}/dev/advance?blocks=1`, { method: "POST" });

const json = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as any };
};
const faucet = (node: RunningNode, body: unknown) => json(`${node.url}/dev/faucet`, { method: "POST", body: JSON.stringify(body) });
const supply = async (node: RunningNode) => BigInt((await json(`${node.url}/cosmos/bank/v1beta1/supply/by_denom?denom=basecro`)).body.amount.amount);

/** A dApp user's fresh wallet: CosmJS's HD wallet on Keplr's CRO path. */
async function wallet(mnemonic?: string) {
  const hdPaths = [stringToPath("m/44'/394'/0'/0/0")];
  const w = mnemonic ? await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: "cro", hdPaths }) : await DirectSecp256k1HdWallet.generate(12, { prefix: "cro", hdPaths });
  return (await w.getAccounts())[0]!.address;
}

test.after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("the keyring's keys are funded at start, once: CosmJS reads the balance; a restart sends nothing", async () => {
  const keyring = join(dir, "keyring.json");
  const alice = addKey(keyring, "alice");
  const known = addKey(keyring, "known", KNOWN);
  assert.is(known.address, await wallet(KNOWN), "the keyring derives Keplr's CRO address");
  const db = join(dir, "funded.db");
  const node = await start(["--clock", "simulated", "--db", db, "--keyring", keyring]);
  try {
    assert.equal(node.funded?.map((k) => k.name), ["alice", "known"]);
    assert.is(node.chain.latest.height, 1n, "a simulated clock makes the funding block at start");
    const client = await StargateClient.connect(node.rpcUrl!);
    for (const a of [alice.address, known.address]) assert.is((await client.getBalance(a, "basecro")).amount, `${FUND}`);
    const tx = await client.getTx(node.funded![0]!.txhash);
    assert.is(tx?.code, 0);
    assert.ok(tx!.events.some((e) => e.type === "transfer" && e.attributes.some((x) => x.key === "sender" && x.value === RESERVE)), "a transfer from the reserve");
    client.disconnect();
  } finally {
    await node.close();
  }
  const again = await start(["--clock", "simulated", "--db", db, "--keyring", keyring]);
  try {
    assert.is(again.funded, undefined, "already funded: nothing sent");
    assert.is(again.chain.latest.height, 1n);
  } finally {
    await again.close();
  }
});

test("--keyring is refused without dev mode and when the file is missing", async () => {
  const noDev = await run(["--port", "0", "--db", join(dir, "x.db"), "--keyring", join(dir, "keyring.json")], {}, quiet);
  assert.is(noDev, 2);
  const lines: string[] = [];
  const missing = await run(["--port", "0", "--clock", "simulated", "--db", join(dir, "y.db"), "--keyring", join(dir, "none.json")], {}, { out: () => {}, err: (l) => lines.push(l) }, { core: await loadCore(wasm) });
  assert.is(missing, 2);
  assert.match(lines.join("\n"), /--keyring .*none\.json.*no such file/);
});

test("POST /dev/faucet: a signed bank send from the reserve; CosmJS sees it; supply moves by the mint only; replay agrees", async () => {
  const db = join(dir, "faucet.db");
  const node = await start(["--clock", "simulated", "--db", db]);
  let closed = false;
  try {
    await firstBlock(node);
    const to = await wallet();
    const client = await StargateClient.connect(node.rpcUrl!);
    const reserveBefore = BigInt((await client.getBalance(RESERVE, "basecro")).amount);
    const supplyBefore = await supply(node);
    const r = await faucet(node, { address: to, amount: "123456789basecro" });
    assert.is(r.status, 200, JSON.stringify(r.body));
    assert.is(r.body.code, 0);
    assert.is(r.body.from, RESERVE);
    assert.is(r.body.height, `${node.chain.latest.height}`, "in the block the simulated clock made for it");
    assert.is((await client.getBalance(to, "basecro")).amount, "123456789");
    const tx = await client.getTx(r.body.txhash);
    assert.is(tx?.height, Number(r.body.height));
    // No minimum gas price: the faucet pays no fee, so the reserve is down by the amount exactly.
    assert.is(BigInt((await client.getBalance(RESERVE, "basecro")).amount), reserveBefore - 123456789n);
    const results = (await json(`${node.rpcUrl}/block_results?height=${r.body.height}`)).body.result;
    const minted = BigInt(results.finalize_block_events.find((e: any) => e.type === "mint").attributes.find((a: any) => a.key === "amount").value);
    assert.ok(minted > 0n);
    assert.is(await supply(node), supplyBefore + minted, "the supply moved by the block's mint alone");
    const appHash = node.chain.latestBlock().appHash;
    client.disconnect();
    await node.close();
    closed = true;
    // The faucet's credit is in the blocks: re-executing them reaches the same state hash.
    const replayed = Application.replay(await loadCore(wasm), db);
    assert.is(replayed.appHash, appHash);
  } finally {
    if (!closed) await node.close();
  }
});

test("mine: false queues the send; the reserve's own waiting tx does not trip the faucet's sequence", async () => {
  const node = await start(["--clock", "simulated", "--db", join(dir, "queued.db")]);
  try {
    await firstBlock(node);
    const [a, b] = [await wallet(), await wallet()];
    // dev key 0 signs a tx of its own (CosmJS) into the mempool first: the faucet must sign after it.
    const signer = await SigningStargateClient.connectWithSigner(node.rpcUrl!, await DirectSecp256k1Wallet.fromKey(devPrivateKey(0), "cro"));
    const own = await signer.sign(RESERVE, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: RESERVE, toAddress: a, amount: [{ denom: "basecro", amount: "7" }] } }],
      { amount: [], gas: "200000" }, "");
    const ownSent = await signer.broadcastTxSync(TxRaw.encode(own).finish());
    const [ra, rb] = await Promise.all([faucet(node, { address: a, amount: "1000basecro", mine: false }), faucet(node, { address: b, amount: [{ denom: "basecro", amount: "2000" }], mine: false })]);
    assert.is(ra.status, 200, JSON.stringify(ra.body));
    assert.is(rb.status, 200, JSON.stringify(rb.body));
    assert.is(ra.body.height, "0");
    const client = await StargateClient.connect(node.rpcUrl!);
    assert.is((await client.getBalance(a, "basecro")).amount, "0", "not before the block");
    await fetch(`${node.url}/dev/advance?blocks=1`, { method: "POST" });
    assert.is((await client.getBalance(a, "basecro")).amount, "1007");
    assert.is((await client.getBalance(b, "basecro")).amount, "2000");
    for (const h of [ownSent, ra.body.txhash, rb.body.txhash]) assert.is((await client.getTx(h))?.code, 0, h);
    client.disconnect();
    signer.disconnect();
  } finally {
    await node.close();
  }
});

test("with --minimum-gas-prices the faucet pays the fee; bad requests are 400 with the field named", async () => {
  const node = await start(["--clock", "simulated", "--db", join(dir, "fees.db"), "--minimum-gas-prices", "0.025basecro"]);
  try {
    const to = await wallet();
    const before = BigInt((await json(`${node.url}/cosmos/bank/v1beta1/balances/${RESERVE}/by_denom?denom=basecro`)).body.balance.amount);
    const r = await faucet(node, { address: to, amount: "5basecro" });
    assert.is(r.status, 200, JSON.stringify(r.body));
    const after = BigInt((await json(`${node.url}/cosmos/bank/v1beta1/balances/${RESERVE}/by_denom?denom=basecro`)).body.balance.amount);
    assert.is(before - after, 5n + 5000n, "amount + ceil(0.025 x 200,000 gas)");

    const bad = async (body: unknown, status: number, message: RegExp) => {
      const res = await faucet(node, body);
      assert.is(res.status, status, JSON.stringify(res.body));
      assert.match(res.body.message, message);
    };
    await bad({ address: to, amount: 5 }, 400, /amount: give a string/);
    await bad({ address: "cro1nope", amount: "5basecro" }, 400, /invalid address "cro1nope"/);
    await bad({ address: to, amount: "5 CRO" }, 400, /amount "5 CRO": expected coins/);
    await bad({ address: to, amount: "0basecro" }, 400, /positive/);
    await bad({ address: to, to }, 400, /unknown field "to"/);
    await bad({ amount: "5basecro" }, 400, /address: expected a string/);
    // Refused before any block: a denom the chain lacks ("5cro" read as 5 of "cro"), more than the reserve holds.
    const height = node.chain.latest.height;
    await bad({ address: to, amount: "5cro" }, 400, /the chain has no "cro": its denom is basecro, in whole base units/);
    await bad({ address: to, amount: `${10n ** 30n}basecro` }, 400, /holds [0-9]+basecro, less than the 1000000000000000000000000000000basecro asked/);
    assert.is(node.chain.latest.height, height, "a refused faucet request mined a block");
  } finally {
    await node.close();
  }
});

test("a real-clock --dev node answers once the send is in a block; without --dev there is no faucet", async () => {
  const node = await start(["--clock", "real", "--block-time", "100ms", "--dev", "--db", join(dir, "real.db")]);
  try {
    const r = await faucet(node, { address: await wallet(), amount: "9basecro" });
    assert.is(r.status, 200, JSON.stringify(r.body));
    assert.ok(BigInt(r.body.height) > 0n);
  } finally {
    await node.close();
  }
  const prod = await start(["--clock", "real", "--block-time", "100ms", "--db", join(dir, "prod.db")]);
  try {
    const refused = await faucet(prod, { address: devAddress(5) });
    assert.is(refused.status, 501);
    assert.match(refused.body.message, "/dev/faucet is a development route; start the node with --dev");
    assert.is((await fetch(`${prod.url}/dev/keplr-chain-info`)).status, 501);
  } finally {
    await prod.close();
  }
});

test.run();
