// A dApp's tests against the local chain (README "Use it as your dApp's test chain"), with uvu and
// CosmJS: each test starts from the same chain (a snapshot before, a revert after), funds its
// wallet with setBalance, and moves the clock. Start the node first:
//   npm start -- --clock simulated --automine
// then: node --import tsx examples/dapp-test.ts (test/dev/readme-example.test.ts runs it against a node).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { stringToPath } from "@cosmjs/crypto";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";

const REST = process.env.REST ?? "http://127.0.0.1:1317";
const RPC = process.env.RPC ?? "http://127.0.0.1:26657";
const FEE = { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" };

/** A cheat code: POST /dev/<name> (JSON-RPC: dev_<name>). */
const dev = async (name: string, args: object = {}) => {
  const res = await fetch(`${REST}/dev/${name}`, { method: "POST", body: JSON.stringify(args) });
  if (!res.ok) throw new Error(`${name}: ${(await res.json()).message}`);
  return res.json();
};

let snapshot = "";
test.before.each(async () => {
  snapshot = (await dev("snapshot")).id;
});
test.after.each(async () => {
  await dev("revert", { id: snapshot });
});

async function funded(amount: string) {
  const wallet = await DirectSecp256k1HdWallet.generate(12, { prefix: "cro", hdPaths: [stringToPath("m/44'/394'/0'/0/0")] });
  const [{ address }] = await wallet.getAccounts();
  await dev("set-balance", { address, amount });
  const client = await SigningStargateClient.connectWithSigner(RPC, wallet, { broadcastPollIntervalMs: 100 });
  return { address, client };
}

test("a send moves the coins and charges the fee", async () => {
  const alice = await funded("1000000basecro");
  const bob = await funded("0basecro");
  const r = await alice.client.sendTokens(alice.address, bob.address, [{ denom: "basecro", amount: "1000" }], FEE);
  assert.is(r.code, 0);
  assert.is((await alice.client.getBalance(bob.address, "basecro")).amount, "1000");
  assert.is((await alice.client.getBalance(alice.address, "basecro")).amount, `${1_000_000 - 1000 - 5000}`);
});

test("a year later the chain's clock says so; the revert brings it back", async () => {
  const { client } = await funded("1basecro");
  const before = Date.parse((await client.getBlock()).header.time);
  await dev("advance-time", { duration: "8760h" });
  await dev("mine");
  assert.ok(Date.parse((await client.getBlock()).header.time) - before >= 365 * 86_400_000);
});

test.run();
