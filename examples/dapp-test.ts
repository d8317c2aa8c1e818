// A dApp's tests against the local chain (docs/dapp.md, "A dApp's test suite"), with uvu and
// CosmJS: each test starts from the same chain (a snapshot before, a revert after), funds its
// wallet with setBalance, and lives through a month of blocks. Start the node first:
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
const STAKE_FEE = { amount: [{ denom: "basecro", amount: "10000" }], gas: "400000" };

/** A cheat code: POST /dev/<name> (JSON-RPC: dev_<name>). */
const dev = async (name: string, args: object = {}) => {
  const res = await fetch(`${REST}/dev/${name}`, { method: "POST", body: JSON.stringify(args) });
  if (!res.ok) throw new Error(`${name}: ${(await res.json()).message}`);
  return res.json();
};

/** A REST query's JSON. */
const rest = async (path: string) => (await fetch(`${REST}${path}`)).json();

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

test("a month later: 518,400 blocks minted and paid the delegator; the revert brings it back", async () => {
  const alice = await funded("100000000000basecro");
  const { validators } = await rest("/cosmos/staking/v1beta1/validators");
  const delegated = await alice.client.delegateTokens(alice.address, validators[0].operator_address, { denom: "basecro", amount: "50000000000" }, STAKE_FEE);
  assert.is(delegated.code, 0);
  const height = await alice.client.getHeight();
  const supply = BigInt((await rest("/cosmos/bank/v1beta1/supply/by_denom?denom=basecro")).amount.amount);
  // The blocks 30 days stand for at the 5 s block time, each minting and paying as the chain's would.
  assert.is((await dev("advance-time", { duration: "720h" })).blocks, "518400");
  assert.is(await alice.client.getHeight(), height + 518_400);
  assert.ok(BigInt((await rest("/cosmos/bank/v1beta1/supply/by_denom?denom=basecro")).amount.amount) > supply);
  const { total } = await rest(`/cosmos/distribution/v1beta1/delegators/${alice.address}/rewards`);
  assert.ok(BigInt(total[0].amount.split(".")[0]) > 100_000_000n, "over 1 CRO of base rewards on 500 CRO staked");
});

test.run();
