// x/gov v1beta1 MsgSubmitProposal with a content other than a TextProposal, signed by CosmJS
// (SIGN_MODE_DIRECT) as Keplr sends it, answered as chain-main answers it: a type that is no
// v1beta1 Content (a Msg) fails the tx decoder's UnpackInterfaces at CheckTx (sdk 2); a Content
// whose ProposalType is not registered (x/distribution's, ibc-go's) is gov 6 in the block; x/upgrade's
// contents pass their ValidateBasic (the plan's checks, sdk 18) and then find no legacy route (gov 9).
// Also a v1 MsgExecLegacyContent carrying a Msg inside a v1 proposal: the same decode refusal.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { create, toBinary } from "@bufbuild/protobuf";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { CommunityPoolSpendProposal } from "cosmjs-types/cosmos/distribution/v1beta1/distribution";
import { SoftwareUpgradeProposal, CancelSoftwareUpgradeProposal } from "cosmjs-types/cosmos/upgrade/v1beta1/upgrade";
import { TextProposal } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import { MsgExecLegacyContent, MsgSubmitProposal as V1MsgSubmitProposal } from "cosmjs-types/cosmos/gov/v1/tx";
import { ClientUpdateProposalSchema } from "../../../host/wire/gen/ibc/core/client/v1/deprecated_pb.js";
import { SoftwareUpgradeProposalSchema } from "../../../host/wire/gen/cosmos/upgrade/v1beta1/upgrade_pb.js";
import { devAddress } from "../../../host/app/genesis.js";
import { clientTxHash, keplrBody, protoSigner } from "../../helpers/cosmjs.js";
import { nodeHarness, type TestNode as Node } from "../../helpers/node.js";

const nodes = await nodeHarness({ prefix: "gov-contents-" });
test.after(() => nodes.remove());

const me = devAddress(5);
const GOV = "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z";
const DEPOSIT = [{ denom: "basecro", amount: `${100_000n * 100_000_000n}` }];

const submit = (content: { typeUrl: string; value: Uint8Array }): EncodeObject => ({
  typeUrl: "/cosmos.gov.v1beta1.MsgSubmitProposal",
  value: { content, initialDeposit: DEPOSIT, proposer: me },
});
const msgSend = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode(MsgSend.fromPartial({ fromAddress: GOV, toAddress: me, amount: [{ denom: "basecro", amount: "1" }] })).finish() };
const text = { typeUrl: "/cosmos.gov.v1beta1.TextProposal", value: TextProposal.encode({ title: "t", description: "d" }).finish() };
const spend = {
  typeUrl: "/cosmos.distribution.v1beta1.CommunityPoolSpendProposal",
  value: CommunityPoolSpendProposal.encode(CommunityPoolSpendProposal.fromPartial({ title: "t", description: "d", recipient: me, amount: [{ denom: "basecro", amount: "1" }] })).finish(),
};
const clientUpdate = {
  typeUrl: "/ibc.core.client.v1.ClientUpdateProposal",
  value: toBinary(ClientUpdateProposalSchema, create(ClientUpdateProposalSchema, { title: "t", description: "d", subjectClientId: "07-tendermint-0", substituteClientId: "07-tendermint-1" })),
};
/** A plan without a time (the project's codec: CosmJS's Plan always writes one, 1970-01-01, which the SDK refuses). */
const upgrade = (name: string, height: bigint) => ({
  typeUrl: "/cosmos.upgrade.v1beta1.SoftwareUpgradeProposal",
  value: toBinary(SoftwareUpgradeProposalSchema, create(SoftwareUpgradeProposalSchema, { title: "t", description: "d", plan: { name, height } })),
});
const cosmjsUpgrade = {
  typeUrl: "/cosmos.upgrade.v1beta1.SoftwareUpgradeProposal",
  value: SoftwareUpgradeProposal.encode(SoftwareUpgradeProposal.fromPartial({ title: "t", description: "d", plan: { name: "v9", height: 1_000_000n, info: "" } })).finish(),
};
const cancelUpgrade = { typeUrl: "/cosmos.upgrade.v1beta1.CancelSoftwareUpgradeProposal", value: CancelSoftwareUpgradeProposal.encode({ title: "", description: "d" }).finish() };

/** Signed by CosmJS (dev key 5), POSTed as Keplr does: the CheckTx answer, or the delivered result. */
async function send(node: Node, messages: EncodeObject[]): Promise<{ stage: "check" | "deliver"; codespace: string; code: number; log: string }> {
  const signer = await protoSigner(5, "direct");
  const a = node.chain.directory.account(signer.address)!;
  const bytes = await signer.sign(messages, { chainId: node.chain.chainId, accountNumber: a.accountNumber, sequence: a.sequence });
  const r = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
  if (r.code !== 0) return { stage: "check", codespace: r.codespace, code: r.code, log: r.raw_log };
  await node.chain.advance(1n);
  const t = (await node.get(`/cosmos/tx/v1beta1/txs/${clientTxHash(bytes)}`)).json.tx_response;
  return { stage: "deliver", codespace: t.codespace, code: t.code, log: t.raw_log };
}
const failed = (log: string) => `failed to execute message; message index: 0: ${log}`;

test("v1beta1 contents: a Msg refused at decode, unregistered proposal types gov 6, x/upgrade's plan checks and no route", async () => {
  const node = await nodes.open();
  try {
    assert.equal(await send(node, [submit(msgSend)]), {
      stage: "check", codespace: "sdk", code: 2,
      log: "no concrete type registered for type URL /cosmos.bank.v1beta1.MsgSend against interface *v1beta1.Content: tx parse error",
    });
    assert.equal(await send(node, [submit(spend)]), { stage: "deliver", codespace: "gov", code: 6, log: failed("CommunityPoolSpend: invalid proposal type") });
    assert.equal(await send(node, [submit(clientUpdate)]), { stage: "deliver", codespace: "gov", code: 6, log: failed("ClientUpdate: invalid proposal type") });
    assert.equal(await send(node, [submit(cosmjsUpgrade)]), { stage: "deliver", codespace: "sdk", code: 18, log: failed("time-based upgrades have been deprecated in the SDK: invalid request") });
    assert.equal(await send(node, [submit(upgrade("", 100n))]), { stage: "deliver", codespace: "sdk", code: 18, log: failed("name cannot be empty: invalid request") });
    assert.equal(await send(node, [submit(upgrade("v9", 0n))]), { stage: "deliver", codespace: "sdk", code: 18, log: failed("height must be greater than 0: invalid request") });
    assert.equal(await send(node, [submit(cancelUpgrade)]), { stage: "deliver", codespace: "gov", code: 5, log: failed("proposal title cannot be blank: invalid proposal content") });
    assert.equal(await send(node, [submit(upgrade("v9", 1_000_000n))]), { stage: "deliver", codespace: "gov", code: 9, log: failed("upgrade: no handler exists for proposal type") });
    // No proposal was made by any of them; a TextProposal still is.
    assert.is((await node.get("/cosmos/gov/v1/proposals")).json.proposals.length, 0);
    const ok = await send(node, [submit(text)]);
    assert.is(ok.code, 0, ok.log);
    assert.is((await node.get("/cosmos/gov/v1/proposals")).json.proposals.length, 1);
  } finally {
    node.chain.close();
  }
});

test("v1 MsgSubmitProposal of a MsgExecLegacyContent carrying a Msg: refused at decode, as the v1beta1 path", async () => {
  const node = await nodes.open();
  try {
    const exec = { typeUrl: "/cosmos.gov.v1.MsgExecLegacyContent", value: MsgExecLegacyContent.encode({ content: msgSend, authority: GOV }).finish() };
    const v1: EncodeObject = {
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: V1MsgSubmitProposal.fromPartial({ messages: [exec], initialDeposit: DEPOSIT, proposer: me, title: "t", summary: "s" }),
    };
    const r = await send(node, [v1]);
    assert.equal(r, {
      stage: "check", codespace: "sdk", code: 2,
      log: "no concrete type registered for type URL /cosmos.bank.v1beta1.MsgSend against interface *v1beta1.Content: tx parse error",
    });
  } finally {
    node.chain.close();
  }
});

test.run();
