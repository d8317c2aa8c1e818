// Dev mode's accounts, as Anvil's (host/dev/accounts.ts): `--accounts N` HD accounts of `--mnemonic`
// on m/44'/394'/0'/0/i, funded with 1,000,000 CRO at start (in the default genesis, a fork's
// document, or by the faucet with --genesis) and printed with their private keys; `--chain-id`;
// `--auto-impersonate`; and reset making the start's state again (block 1, the accounts funded).
// CosmJS derives the same addresses from the mnemonic and signs with the printed keys.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromHex } from "@cosmjs/encoding";
import { stringToPath } from "@cosmjs/crypto";
import { DirectSecp256k1HdWallet, DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient, StargateClient } from "@cosmjs/stargate";
import { defaultGenesisJson, devAddress } from "../../host/app/genesis.js";
import { DEFAULT_MNEMONIC } from "../../host/dev/accounts.js";
import { run, type RunningNode } from "../../host/main.js";
import { REFERENCE_DIR } from "../helpers/reference-chain.js";
import { balanceOf, dev, rpc } from "../helpers/dev-node.js";

const MNEMONIC = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const FUNDED = 100_000_000_000_000n;
const dir = await mkdtemp(join(tmpdir(), "hd-accounts-"));

const opened: RunningNode[] = [];
test.after(async () => {
  for (const n of opened) await n.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(args: string[]): Promise<{ node: RunningNode; out: string[] }> {
  const out: string[] = [];
  const r = await run(["--port", "0", "--rpc-port", "0", ...args], {}, { out: (t) => out.push(t), err: () => {} });
  if (typeof r === "number") throw new Error(`exited ${r}`);
  opened.push(r);
  return { node: r, out };
}

/** The addresses CosmJS derives from `mnemonic` on CRO's path, accounts 0..n-1. */
async function cosmjsAddresses(mnemonic: string, n: number): Promise<string[]> {
  const hdPaths = Array.from({ length: n }, (_, i) => stringToPath(`m/44'/394'/0'/0/${i}`));
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: "cro", hdPaths });
  return (await wallet.getAccounts()).map((a) => a.address);
}

test("--dev --mnemonic --accounts --chain-id: the accounts printed with their keys, funded, CosmJS signs with them; reset makes them again", async () => {
  const { node, out } = await start(["--dev", "--db", join(dir, "a.db"), "--mnemonic", MNEMONIC, "--accounts", "3", "--chain-id", "my-local-1", "--auto-impersonate"]);
  const addresses = await cosmjsAddresses(MNEMONIC, 3);
  const listed = out.filter((l) => /^\([0-9]+\) cro1/.test(l));
  assert.equal(listed, addresses.map((a, i) => `(${i}) ${a} (1000000 CRO)`));
  const keys = out.filter((l) => /^\([0-9]+\) 0x/.test(l)).map((l) => l.split(" ")[1]!.slice(2));
  assert.is(keys.length, 3);
  assert.ok(out.some((l) => l.includes(MNEMONIC)) && out.some((l) => l.includes("m/44'/394'/0'/0/{0..2}")));
  const client = await StargateClient.connect(node.rpcUrl!);
  assert.is(await client.getChainId(), "my-local-1");
  for (const a of addresses) assert.is(await balanceOf(node, a), FUNDED);
  assert.is(await balanceOf(node, devAddress(5)), FUNDED, "the dev keys stay");
  // The printed key signs for its address (automine under --dev: the tx's block at once).
  const wallet = await DirectSecp256k1Wallet.fromKey(fromHex(keys[1]!), "cro");
  assert.is((await wallet.getAccounts())[0]!.address, addresses[1]);
  const signer = await SigningStargateClient.connectWithSigner(node.rpcUrl!, wallet, { gasPrice: GasPrice.fromString("0.025basecro"), broadcastPollIntervalMs: 20 });
  const sent = await signer.sendTokens(addresses[1]!, addresses[2]!, [{ denom: "basecro", amount: "1000" }], "auto");
  assert.is(sent.code, 0, sent.rawLog);
  assert.is(node.dev!.autoImpersonating, true, "--auto-impersonate");

  const reset = await dev(node, "reset");
  assert.is(reset.json.height, "1", "--dev: block 1 made again");
  assert.is(reset.json.chain_id, "my-local-1");
  assert.is(await balanceOf(node, addresses[2]!), FUNDED, "back to the genesis balance");
  assert.is(node.dev!.autoImpersonating, true, "as at start");
  signer.disconnect();
  client.disconnect();
});

test("default: ten accounts of the public test mnemonic, in the default genesis (the supply unchanged)", async () => {
  const { node, out } = await start(["--clock", "simulated", "--db", join(dir, "b.db")]);
  const addresses = await cosmjsAddresses(DEFAULT_MNEMONIC, 10);
  assert.equal(out.filter((l) => /^\([0-9]+\) cro1/.test(l)).map((l) => l.split(" ")[1]), addresses);
  const doc = node.chain.app.genesisDoc as { app_state: { bank: { supply: { amount: string }[] } } };
  assert.is(doc.app_state.bank.supply[0]!.amount, (defaultGenesisJson().app_state as any).bank.supply[0].amount);
  await dev(node, "advance?blocks=1");
  assert.is(await balanceOf(node, addresses[9]!), FUNDED);
  assert.equal(node.chain.app.checkInvariants(), []);
});

test("--genesis FILE: the faucet funds the accounts at start; --fork: minted in its document", async () => {
  const file = join(dir, "genesis.json");
  await writeFile(file, JSON.stringify(defaultGenesisJson()));
  const { node } = await start(["--clock", "simulated", "--db", join(dir, "c.db"), "--genesis", file, "--accounts", "2", "--mnemonic", MNEMONIC]);
  const addresses = await cosmjsAddresses(MNEMONIC, 2);
  for (const a of addresses) assert.is(await balanceOf(node, a), FUNDED);
  const fork = await start(["--fork", join(REFERENCE_DIR, "export-height-395.json"), "--accounts", "1", "--mnemonic", MNEMONIC, "--chain-id", "fork-1"]);
  assert.is(fork.node.chain.chainId, "fork-1");
  assert.ok(fork.out.some((l) => l.startsWith(`fork: HD account 0 ${addresses[0]}`)));
  await dev(fork.node, "advance?blocks=1");
  assert.is(await balanceOf(fork.node, addresses[0]!), FUNDED);
  assert.is((await rpc(fork.node, "status")).result.node_info.network, "fork-1");
  // reset: back to the fork point (the export's height), the forked state and the HD account as forked.
  const forkedAt = fork.node.chain.genesis.height;
  await dev(fork.node, "set-balance", { address: addresses[0]!, amount: "1basecro" });
  const reset = await dev(fork.node, "reset");
  assert.is(reset.status, 200, JSON.stringify(reset.json));
  assert.equal([reset.json.height, reset.json.chain_id], [`${forkedAt}`, "fork-1"]);
  await dev(fork.node, "advance?blocks=1");
  assert.is(await balanceOf(fork.node, addresses[0]!), FUNDED);
  assert.equal(fork.node.chain.app.checkInvariants(), []);
});

test("the flags' refusals: a bad mnemonic, accounts without dev mode, --chain-id with --genesis", async () => {
  for (const args of [
    ["--clock", "simulated", "--mnemonic", "test test test"],
    ["--accounts", "3"],
    ["--clock", "simulated", "--accounts", "1001"],
    ["--clock", "simulated", "--genesis", "x.json", "--chain-id", "a-1"],
    ["--dev", "--chain-id", "bad id"],
    ["--auto-impersonate"],
  ]) {
    const err: string[] = [];
    assert.is(await run(["--port", "0", ...args], {}, { out: () => {}, err: (t) => err.push(t) }), 2, args.join(" "));
    assert.match(err.join("\n"), /^error: --/);
  }
});

test.run();
