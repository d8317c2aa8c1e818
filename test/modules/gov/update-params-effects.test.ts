// The params governance sets, at work and kept: a node on the gov-params recording's genesis.json,
// proposals submitted and voted by CosmJS (SIGN_MODE_DIRECT), then what the chain does with them:
// x/staking's max_entries (8 undelegations of a pair, the 9th refused), x/distribution's
// withdraw_addr_enabled (MsgSetWithdrawAddress refused, distribution 8), a MsgUpdateParams whose
// params Params.Validate refuses (the proposal FAILED with the SDK's text), the params across a
// restart of the node (its database) and through an export to a new node started on its SDK
// sections alone (genesis both ways).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { MsgSubmitProposal, MsgVote } from "cosmjs-types/cosmos/gov/v1/tx";
import { MsgUndelegate, MsgUpdateParams as StakingUpdateParams } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgSetWithdrawAddress, MsgUpdateParams as DistrUpdateParams } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { nodeHarness, type TestNode } from "../../helpers/node.js";
import { keplrBody, protoSigner } from "../../helpers/cosmjs.js";
import { SECOND } from "../../helpers/reference-workload.js";
import { readWorkload } from "../../helpers/reference-replay.js";

const GOV = "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z";
const DEV0 = "cro1tgttncepwc3lfc53fjdl8cyz964k5y3gwvd6q3";
const DEV1 = "cro14wq8z3g43jn3y7gg3mv5np90xyecwpgqdxz5su";
const DEV8 = "cro16z2zpgn7dcms5tyhfxx3pdkwklu4u5zseerzsj";
const FEE = { amount: [{ denom: "basecro", amount: "20000" }], gas: "800000" };
const h = await nodeHarness({ prefix: "gov-params-effects-" });
test.after(() => h.remove());
const dbPath = h.freshDb();
let node = await h.open({ genesis: readWorkload("gov-params", "genesis.json"), blockTimeNs: SECOND, dbPath });
const validator = (await node.get("/cosmos/staking/v1beta1/validators")).json.validators[0].operator_address as string;

async function send(n: number, messages: EncodeObject[]) {
  const signer = await protoSigner(n, "direct");
  const account = node.chain.directory.account(signer.address)!;
  const bytes = await signer.sign(messages, { chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence, fee: FEE });
  const sent = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
  if (sent.code !== 0) return sent;
  await node.chain.advance(1n);
  return (await node.get(`/cosmos/tx/v1beta1/txs/${sent.txhash}`)).json.tx_response;
}

/** A gov v1 proposal of `inner` by dev 0, voted yes by dev 1, run to its end: the proposal. */
async function passed(inner: { typeUrl: string; value: Uint8Array }, title: string): Promise<any> {
  const submit = MsgSubmitProposal.fromPartial({
    messages: [inner], initialDeposit: [{ denom: "basecro", amount: "1000000000000" }], proposer: DEV0, title, summary: title,
  });
  const r = await send(0, [{ typeUrl: "/cosmos.gov.v1.MsgSubmitProposal", value: submit }]);
  assert.is(r.code, 0, r.raw_log);
  const id = BigInt(r.events.find((e: any) => e.type === "submit_proposal").attributes.find((a: any) => a.key === "proposal_id").value);
  const vote = await send(1, [{ typeUrl: "/cosmos.gov.v1.MsgVote", value: MsgVote.fromPartial({ proposalId: id, voter: DEV1, option: 1 }) }]);
  assert.is(vote.code, 0, vote.raw_log);
  await node.chain.advance(32n);
  return (await node.get(`/cosmos/gov/v1/proposals/${id}`)).json.proposal;
}

const stakingParams = (maxEntries: number) => ({
  typeUrl: "/cosmos.staking.v1beta1.MsgUpdateParams",
  value: StakingUpdateParams.encode(StakingUpdateParams.fromPartial({
    authority: GOV,
    params: { unbondingTime: { seconds: 120n, nanos: 0 }, maxValidators: 100, maxEntries, historicalEntries: 10000, bondDenom: "basecro", minCommissionRate: "0" },
  })).finish(),
});
const distributionParams = (withdrawAddrEnabled: boolean, communityTax = "20000000000000000") => ({
  typeUrl: "/cosmos.distribution.v1beta1.MsgUpdateParams",
  value: DistrUpdateParams.encode(DistrUpdateParams.fromPartial({
    authority: GOV, params: { communityTax, baseProposerReward: "0", bonusProposerReward: "0", withdrawAddrEnabled },
  })).finish(),
});
const undelegate = () => ({ typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate", value: MsgUndelegate.fromPartial({ delegatorAddress: DEV1, validatorAddress: validator, amount: { denom: "basecro", amount: "1" } }) });

test("Params.Validate at execution: a community tax above 1 fails the proposal with the SDK's text, the params unchanged", async () => {
  const p = await passed(distributionParams(true, "1100000000000000000"), "tax 1.1");
  assert.equal([p.status, p.failed_reason], ["PROPOSAL_STATUS_FAILED", "community tax too large: 1.100000000000000000"]);
  assert.is((await node.get("/cosmos/distribution/v1beta1/params")).json.params.community_tax, "0.020000000000000000");
});

test("max_entries 8: eight undelegations of one pair, the ninth refused", async () => {
  const p = await passed(stakingParams(8), "max entries 8");
  assert.is(p.status, "PROPOSAL_STATUS_PASSED");
  assert.is((await node.get("/cosmos/staking/v1beta1/params")).json.params.max_entries, 8);
  for (let i = 0; i < 8; i++) {
    const r = await send(1, [undelegate()]);
    assert.is(r.code, 0, `undelegation ${i + 1}: ${r.raw_log}`);
  }
  const ninth = await send(1, [undelegate()]);
  assert.equal([ninth.code, ninth.codespace], [ninth.code === 0 ? -1 : ninth.code, "staking"], ninth.raw_log);
});

test("withdraw_addr_enabled false: MsgSetWithdrawAddress fails with distribution 8", async () => {
  const p = await passed(distributionParams(false), "no withdraw addresses");
  assert.is(p.status, "PROPOSAL_STATUS_PASSED");
  const r = await send(1, [{ typeUrl: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", value: MsgSetWithdrawAddress.fromPartial({ delegatorAddress: DEV1, withdrawAddress: DEV8 }) }]);
  assert.equal([r.code, r.codespace, r.raw_log], [8, "distribution", "failed to execute message; message index: 0: set withdraw address disabled"]);
});

const paramsNow = async (n: TestNode) => ({
  staking: (await n.get("/cosmos/staking/v1beta1/params")).json.params,
  distribution: (await n.get("/cosmos/distribution/v1beta1/params")).json.params,
});

test("the params survive a restart (the database's records) and an export to a new node (SDK sections alone)", async () => {
  const before = await paramsNow(node);
  assert.equal([before.staking.max_entries, before.distribution.withdraw_addr_enabled], [8, false]);
  await node.chain.close();
  node = await h.open({ dbPath, blockTimeNs: SECOND });
  assert.equal(await paramsNow(node), before);
  const ninth = await send(1, [undelegate()]);
  assert.is(ninth.codespace, "staking", ninth.raw_log);
  const doc = node.chain.exportGenesis() as any;
  delete doc.app_state.node_state;
  const again = await h.open({ genesis: doc, blockTimeNs: SECOND });
  try {
    assert.equal(await paramsNow(again), before);
  } finally {
    await again.chain.close();
  }
});

test.after(() => node.chain.close());
test.run();
