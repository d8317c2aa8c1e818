// Workload "export-mix": a chain holding one of each thing an export must carry across (issue 38's
// second "done when"): an NFT collection, an authz grant, a fee allowance, continuous and periodic
// vesting accounts, a group with a policy (its ModuleCredential account, funded) and an open proposal
// with a vote, and an upgrade plan scheduled for a far height by a passed gov proposal. After it,
// `chain-maind export` of the stopped home is the fixture test/reference-chain/export-mix/export.json
// (see README.md there).

import { MsgSoftwareUpgrade } from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import { MsgSubmitProposal } from "cosmjs-types/cosmos/gov/v1/tx";
import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { BasicAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import * as authzTx from "cosmjs-types/cosmos/authz/v1beta1/tx";
import * as fgTx from "cosmjs-types/cosmos/feegrant/v1beta1/tx";
import * as vest from "cosmjs-types/cosmos/vesting/v1beta1/tx";
import type { Signer } from "../lib/recorder.js";
import { NFT } from "../lib/nft.js";
import { G, member, thresholdPolicy } from "../lib/group.js";
import { anyOf } from "../lib/msgs.js";
import { CRO, GOV, accountPath, attr, awaitProposals, coin, msg, pid, send, voteV1, type Ctx } from "./common.js";

export const NAME = "export-mix";

export async function run({ r, dev, extra }: Ctx): Promise<void> {
  const [d0, d1, d2, d3, , d5, d6, , d8] = dev as Signer[];
  const a2 = d2!.address, a3 = d3!.address, a5 = d5!.address, a6 = d6!.address, a8 = d8!.address;
  const now = await r.blockTime();

  // ---- an NFT collection ----
  await r.tx("nft issue denom exportdenom", d5!, [msg(`${NFT}MsgIssueDenom`, { id: "exportdenom", name: "exportdenomname", schema: "{}", sender: a5, uri: "ipfs://denom" })]);
  await r.tx("nft mint exporttoken to dev6", d5!, [msg(`${NFT}MsgMintNFT`, { id: "exporttoken", denomId: "exportdenom", name: "Token", uri: "ipfs://token", data: '{"a":1}', sender: a5, recipient: a6 })]);

  // ---- an authz grant, a fee allowance ----
  const generic = anyOf("/cosmos.authz.v1beta1.GenericAuthorization", GenericAuthorization, GenericAuthorization.fromPartial({ msg: "/cosmos.bank.v1beta1.MsgSend" }));
  await r.tx("authz grant GenericAuthorization(MsgSend) dev5 → dev6, expiring in a year", d5!, [msg("/cosmos.authz.v1beta1.MsgGrant", authzTx.MsgGrant.fromPartial({
    granter: a5, grantee: a6, grant: { authorization: generic, expiration: { seconds: now + 365n * 86_400n, nanos: 0 } },
  }))]);
  await r.tx("feegrant BasicAllowance 1 CRO dev5 → dev8", d5!, [msg("/cosmos.feegrant.v1beta1.MsgGrantAllowance", fgTx.MsgGrantAllowance.fromPartial({
    granter: a5, grantee: a8, allowance: anyOf("/cosmos.feegrant.v1beta1.BasicAllowance", BasicAllowance, BasicAllowance.fromPartial({ spendLimit: [coin(CRO)] })),
  }))]);

  // ---- vesting accounts ----
  const v1 = await extra("export-continuous"), v2 = await extra("export-periodic");
  await r.tx("vesting create continuous 1,000 CRO ending in a day", d5!, [msg("/cosmos.vesting.v1beta1.MsgCreateVestingAccount", vest.MsgCreateVestingAccount.fromPartial({
    fromAddress: a5, toAddress: v1.address, amount: [coin(1_000n * CRO)], endTime: now + 86_400n, delayed: false,
  }))], { queries: [accountPath(v1.address)] });
  await r.tx("vesting create periodic 300 CRO in 3 periods", d5!, [msg("/cosmos.vesting.v1beta1.MsgCreatePeriodicVestingAccount", vest.MsgCreatePeriodicVestingAccount.fromPartial({
    fromAddress: a5, toAddress: v2.address, startTime: now, vestingPeriods: [1n, 2n, 3n].map((n) => ({ length: 3_600n * n, amount: [coin(100n * CRO)] })),
  }))], { queries: [accountPath(v2.address)] });

  // ---- a group, its policy (funded), an open proposal with a vote ----
  const g = await r.tx("group create with policy (threshold 2, voting a day)", d2!, [G.createWithPolicy(a2, [member(a2, "1"), member(a3, "1.5")], thresholdPolicy("2", 86_400), { groupMetadata: "export", policyMetadata: "p" })]);
  const policy = JSON.parse(attr(g, "cosmos.group.v1.EventCreateGroupPolicy", "address") ?? '""') as string;
  await r.tx("bank send 10 CRO to the policy", d2!, [send(a2, policy, 10n * CRO)], { queries: [accountPath(policy)] });
  await r.tx("group submit a proposal (pay dev8 1 CRO)", d3!, [G.submit(policy, [a3], [
    { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: (await import("cosmjs-types/cosmos/bank/v1beta1/tx")).MsgSend.encode({ fromAddress: policy, toAddress: a8, amount: [coin(CRO)] }).finish() },
  ], { title: "pay", summary: "pay dev8" })]);
  await r.tx("group vote yes by dev3", d3!, [G.vote(1n, a3, 1)]);

  // ---- an upgrade plan for a far height, by a passed proposal ----
  // The plan without a time (fromPartial would write 1970-01-01, which x/upgrade refuses as a time-based upgrade).
  const upgrade = { typeUrl: "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", value: MsgSoftwareUpgrade.encode({
    authority: GOV, plan: { name: "export-far-upgrade", height: 10_000_000n, info: "" } as never,
  }).finish() };
  const submitted = await r.tx("gov submit MsgSoftwareUpgrade at height 10,000,000", d0!, [msg("/cosmos.gov.v1.MsgSubmitProposal", MsgSubmitProposal.fromPartial({
    messages: [upgrade], initialDeposit: [coin(10_000n * CRO)], proposer: d0!.address, metadata: "", title: "far upgrade", summary: "an upgrade plan for the export",
  }))]);
  const id = pid(submitted);
  await r.tx("gov vote yes by the validator", d1!, [voteV1(d1!.address, id)]);
  r.extra.proposal = await awaitProposals(r, [id], 90_000);
  r.extra.queries = [await r.query("/cosmos/upgrade/v1beta1/current_plan"), await r.query(`/cosmos/group/v1/group_policy_info/${policy}`)];
}
