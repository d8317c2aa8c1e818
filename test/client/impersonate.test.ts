// impersonatedSigner() (issue 36, item 6): a CosmJS signer for an address whose key nobody here
// holds, taken by a dev node once the address is impersonated (or with auto-impersonation on):
// SigningStargateClient.connectWithSigner with it sends SIGN_MODE_DIRECT and, with the "amino"
// signer, SIGN_MODE_LEGACY_AMINO_JSON, fee "auto" included; x/gov's module account sends a
// message; without impersonation the node refuses the same tx. And connect()'s "auto" covers a
// validator's vote (its simulation counts the fee's transfer).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GasPrice, SigningStargateClient } from "@cosmjs/stargate";
import { chainAminoTypes, chainRegistry, connect, impersonatedSigner } from "../../host/client/index.js";
import { devAddress } from "../../host/app/genesis.js";
import { moduleAddress } from "../../host/wire/keys.js";
import { balanceOf, dev, get, startNode } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "impersonate-"));
const node = await startNode(["--dev", "--clock", "simulated", "--rpc-port", "0", "--db", join(dir, "chain.db")]);
const gasPrice = GasPrice.fromString("0.025basecro");
test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const options = { gasPrice, registry: chainRegistry(), aminoTypes: chainAminoTypes(), broadcastPollIntervalMs: 50 };

test("getAccounts claims the address; signing for another address throws", async () => {
  const s = impersonatedSigner(devAddress(130));
  const [a] = await s.getAccounts();
  assert.is(a!.address, devAddress(130));
  assert.is(a!.pubkey.length, 33);
  const e = await s.signAmino(devAddress(131), { chain_id: "x", account_number: "0", sequence: "0", fee: { amount: [], gas: "1" }, msgs: [], memo: "" })
    .then(() => undefined, (err: Error) => err);
  assert.match(e?.message ?? "", /asked to sign for/);
});

test("refused unless impersonated; impersonated, a SIGN_MODE_DIRECT send with fee \"auto\" lands", async () => {
  const who = devAddress(5);
  const client = await SigningStargateClient.connectWithSigner(node.rpcUrl!, impersonatedSigner(who), options);
  const refused = await client.sendTokens(who, devAddress(132), [{ denom: "basecro", amount: "7" }], { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" })
    .then(() => undefined, (e: Error) => e);
  assert.match(refused?.message ?? "", /pubKey does not match signer address/);
  assert.is((await dev(node, "impersonate", { address: who })).status, 200);
  const before = await balanceOf(node, devAddress(132));
  const sent = await client.sendTokens(who, devAddress(132), [{ denom: "basecro", amount: "7" }], "auto");
  assert.is(sent.code, 0, sent.rawLog);
  assert.is(await balanceOf(node, devAddress(132)), before + 7n);
  const tx = await get(node, `/cosmos/tx/v1beta1/txs/${sent.transactionHash}`);
  assert.is(tx.tx.auth_info.signer_infos[0].mode_info.single.mode, "SIGN_MODE_DIRECT");
  assert.equal(tx.tx.signatures, [""]);
  client.disconnect();
});

test("the amino signer: SIGN_MODE_LEGACY_AMINO_JSON, fee \"auto\", through connect()", async () => {
  const who = devAddress(5);
  const client = await connect(node.rpcUrl!, impersonatedSigner(who, "amino"));
  const before = await balanceOf(node, devAddress(133));
  const sent = await client.sendTokens(who, devAddress(133), [{ denom: "basecro", amount: "9" }], "auto");
  assert.is(sent.code, 0, sent.rawLog);
  const tx = await get(node, `/cosmos/tx/v1beta1/txs/${sent.transactionHash}`);
  assert.is(tx.tx.auth_info.signer_infos[0].mode_info.single.mode, "SIGN_MODE_LEGACY_AMINO_JSON");
  assert.is(await balanceOf(node, devAddress(133)), before + 9n);
  client.disconnect();
});

test("auto-impersonation: x/gov's module account sends with fee \"auto\" (its fee waived)", async () => {
  await dev(node, "auto-impersonate", { enabled: true });
  const gov = moduleAddress("gov", "cro");
  const client = await connect(node.rpcUrl!, impersonatedSigner(gov));
  const r = await client.signAndBroadcast(gov, [{ typeUrl: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", value: { delegatorAddress: gov, withdrawAddress: devAddress(134) } }], "auto");
  assert.is(r.code, 0, r.rawLog);
  assert.is((await get(node, `/cosmos/distribution/v1beta1/delegators/${gov}/withdraw_address`)).withdraw_address, devAddress(134));
  await dev(node, "auto-impersonate", { enabled: false });
  client.disconnect();
});

test("connect()'s \"auto\": a validator's vote (simulated with a fee) does not run out of gas; the estimate covers what it used", async () => {
  const alice = await connect(node.rpcUrl!, 6);
  const proposed = await alice.signAndBroadcast(alice.address, [{ typeUrl: "/cosmos.gov.v1.MsgSubmitProposal", value: {
    messages: [], initialDeposit: [{ denom: "basecro", amount: "1000000000000" }], proposer: alice.address, title: "t", summary: "s", metadata: "m" } }], "auto");
  assert.is(proposed.code, 0, proposed.rawLog);
  const id = BigInt(proposed.events.find((e) => e.type === "submit_proposal")!.attributes.find((a) => a.key === "proposal_id")!.value);
  const val = await connect(node.rpcUrl!, 2);
  const vote = [{ typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId: id, voter: val.address, option: 1 } }];
  const estimate = await val.simulate(val.address, vote, "");
  const voted = await val.signAndBroadcast(val.address, vote, "auto");
  assert.is(voted.code, 0, voted.rawLog);
  // The fee transfer counted: at or a little above what the tx used (CosmJS's own estimate is ~16,000 below it).
  assert.ok(estimate >= Number(voted.gasUsed) && estimate <= Number(voted.gasUsed) * 1.1, `simulated ${estimate}, used ${voted.gasUsed}`);
  alice.disconnect();
  val.disconnect();
});

test.run();
