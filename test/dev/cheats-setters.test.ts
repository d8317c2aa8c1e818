// Dev mode's state setters (host/dev/setters.ts, host/app/cheats.ts), as a dApp's tests use them
// with CosmJS: setSequence, setDelegation (shares at the validator's rate, pools and supply
// following), setPosition (a tier position opened or raised, its tokens minted) and setParams
// (x/tieredrewards, x/inflation, x/gov's voting period), each made by the next block as a `cheat`
// event, over REST and JSON-RPC; the ledger's and tiers' invariants hold after each, and a replay
// of the database from genesis reaches the node's state hash.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient, StargateClient } from "@cosmjs/stargate";
import { Application } from "../../host/app/application.js";
import { devAddress, devPrivateKey, operatorOf } from "../../host/app/genesis.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import type { RunningNode } from "../../host/main.js";
import { balanceOf, dev, get, rpc, startNode, supplyOf } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "cheats-setters-"));
const db = join(dir, "chain.db");
const node: RunningNode = await startNode(["--clock", "simulated", "--automine", "--db", db, "--accounts", "0"]);
await dev(node, "advance?blocks=1");
const client = await StargateClient.connect(node.rpcUrl!);
const validator = operatorOf(devAddress(1));

test.after(async () => {
  client.disconnect();
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const invariants = () => assert.equal(node.chain.app.checkInvariants(), []);
const signing = async (n: number) =>
  SigningStargateClient.connectWithSigner(node.rpcUrl!, await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro"), { gasPrice: GasPrice.fromString("0.025basecro"), broadcastPollIntervalMs: 20 });

test("setSequence: CosmJS reads the new sequence and signs with it; a tx at the old one is refused", async () => {
  const who = devAddress(5);
  const r = await dev(node, "set-sequence", { address: who, sequence: "41" });
  assert.is(r.status, 200, JSON.stringify(r.json));
  assert.is(r.json.sequence, "41");
  assert.is((await client.getAccount(who))!.sequence, 41);
  const sender = await signing(5);
  const sent = await sender.sendTokens(who, devAddress(130), [{ denom: "basecro", amount: "1" }], "auto");
  assert.is(sent.code, 0, sent.rawLog);
  assert.is((await client.getAccount(who))!.sequence, 42);
  // JSON-RPC, positional; an account that does not exist is 404 / -32602.
  assert.is((await rpc(node, "dev_setSequence", [who, 7])).result.sequence, "7");
  assert.is((await client.getAccount(who))!.sequence, 7);
  assert.is((await dev(node, "set-sequence", { address: devAddress(131), sequence: 1 })).status, 404);
  assert.is((await rpc(node, "dev_setSequence", [who, "-1"])).error.code, -32602);
  sender.disconnect();
});

test("setDelegation raises and lowers a delegation: shares at the validator's rate, the bonded pool and the supply follow", async () => {
  const who = devAddress(132);
  const supply = await supplyOf(node);
  const pool0 = BigInt((await get(node, "/cosmos/staking/v1beta1/pool")).pool.bonded_tokens);
  const r = await dev(node, "set-delegation", { delegator: who, validator, amount: "5000000000basecro" });
  assert.is(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.balance, { denom: "basecro", amount: "5000000000" });
  const v = (await get(node, `/cosmos/staking/v1beta1/validators/${validator}`)).validator;
  const rate = (BigInt(v.delegator_shares.replace(".", "")) * 10n ** 0n) / BigInt(v.tokens); // shares (18 decimals) per token
  assert.is(BigInt(r.json.shares.replace(".", "")), 5_000_000_000n * rate, "shares = amount x the validator's shares per token");
  const d = await client.getDelegation(who, validator);
  assert.is(d?.amount, "5000000000", "CosmJS reads the delegation");
  const pool1 = BigInt((await get(node, "/cosmos/staking/v1beta1/pool")).pool.bonded_tokens);
  assert.ok(pool1 - pool0 >= 5_000_000_000n, "the bonded pool holds the new tokens");
  const minted = await mintedIn(r.json.height);
  assert.is(await supplyOf(node), supply + 5_000_000_000n + minted, "the supply: + the delegation + the block's mint");
  assert.is(await balanceOf(node, who), 0n, "minted into the delegation, not left in the account");
  invariants();

  // Lowered: the excess undelegated (an unbonding entry), as MsgUndelegate.
  const lowered = await rpc(node, "dev_setDelegation", [who, validator, "2000000000basecro"]);
  assert.equal(lowered.result.balance, { denom: "basecro", amount: "2000000000" });
  const unbonding = await get(node, `/cosmos/staking/v1beta1/delegators/${who}/unbonding_delegations`);
  assert.is(unbonding.unbonding_responses[0].entries[0].balance, "3000000000");
  invariants();
  // An unknown validator is 404; a module account is refused.
  assert.is((await dev(node, "set-delegation", { delegator: who, validator: operatorOf(devAddress(9)), amount: "1" })).status, 404);
});

async function mintedIn(height: string): Promise<bigint> {
  const events = (await rpc(node, "block_results", { height })).result.finalize_block_events as { type: string; attributes: { key: string; value: string }[] }[];
  return BigInt(events.find((e) => e.type === "mint")!.attributes.find((a) => a.key === "amount")!.value);
}

test("setPosition opens a tier position and raises it, its tokens minted to the owner first", async () => {
  const owner = devAddress(133);
  const r = await dev(node, "set-position", { owner, tier_id: 1, validator, amount: "20000000000" });
  assert.is(r.status, 200, JSON.stringify(r.json));
  const id = r.json.position_id;
  assert.equal(r.json.amount, { denom: "basecro", amount: "20000000000" });
  const p = (await get(node, `/chainmain/tieredrewards/v1/position/${id}`));
  assert.is(p.position.owner, owner);
  assert.is(p.position.tier_id, 1);
  invariants();
  const raised = await rpc(node, "dev_setPosition", { owner, position_id: id, amount: "25000000000" });
  assert.equal(raised.result.amount, { denom: "basecro", amount: "25000000000" });
  invariants();
  // Lowering, an unknown tier and below the tier's minimum are refused.
  assert.is((await dev(node, "set-position", { owner, position_id: id, amount: "1" })).status, 400);
  assert.is((await dev(node, "set-position", { owner, tier_id: 99, validator, amount: "20000000000" })).status, 404);
  const small = await dev(node, "set-position", { owner, tier_id: 1, validator, amount: "5" });
  assert.is(small.status, 409, JSON.stringify(small.json));
  assert.match(small.json.message, /could not make it/);
  invariants();
});

test("setParams: x/tieredrewards, x/inflation and x/gov's voting period, read back by REST", async () => {
  const tr = await dev(node, "set-params", { module: "tieredrewards", params: { target_base_rewards_rate: "0.050000000000000000" } });
  assert.is(tr.status, 200, JSON.stringify(tr.json));
  assert.is((await get(node, "/chainmain/tieredrewards/v1/params")).params.target_base_rewards_rate, "0.050000000000000000");
  const infl = await rpc(node, "dev_setParams", ["inflation", { decay_rate: "0.050000000000000000" }]);
  assert.is(infl.result.params.decay_rate, "0.050000000000000000", JSON.stringify(infl));
  assert.is((await get(node, "/chainmain/inflation/v1/params")).params.decay_rate, "0.050000000000000000");
  // The chain's own rules hold: the expedited period must stay below the voting period.
  const refused = await dev(node, "set-params", { module: "gov", params: { voting_period: "60s" } });
  assert.is(refused.status, 409);
  assert.match(refused.json.message, /expedited voting period must be strictly less than the regular voting period/);
  const gov = await dev(node, "set-params", { module: "gov", params: { voting_period: "60s", expedited_voting_period: "30s" } });
  assert.is(gov.status, 200, JSON.stringify(gov.json));
  assert.is((await get(node, "/cosmos/gov/v1/params/voting")).params.voting_period, "60s");
  const before = (await get(node, "/cosmos/gov/v1/params/voting")).params;
  assert.is(before.quorum, gov.json.params.quorum, "the other params kept");
  // An unknown module or param is 400 code 3.
  assert.is((await dev(node, "set-params", { module: "nope", params: {} })).status, 400);
  const bad = await dev(node, "set-params", { module: "gov", params: { voting_perio: "1s" } });
  assert.is(bad.status, 400);
  assert.match(bad.json.message, /no param "voting_perio"/);
  invariants();
});

test("setters replay: the database replays from genesis to the node's state hash", async () => {
  const top = (await rpc(node, "status")).result.sync_info;
  const replayed = Application.replay(await loadCoreFromFile(), db);
  assert.is(`${replayed.height}`, top.latest_block_height);
  assert.is(replayed.appHash, top.latest_app_hash);
});

test.run();
