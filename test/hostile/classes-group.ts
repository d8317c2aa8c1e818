// The hostile class of x/group (issue 34: every executed message type has a class): the keeper's
// refusals in the block (x/group's messages keep no ValidateBasic), each with the code the group
// recording (test/reference-chain/group) holds for the same case.

import { create, toBinary } from "@bufbuild/protobuf";
import { AnySchema, DurationSchema } from "@bufbuild/protobuf/wkt";
import {
  MsgCreateGroupPolicySchema, MsgCreateGroupSchema, MsgCreateGroupWithPolicySchema, MsgExecSchema, MsgLeaveGroupSchema, MsgSubmitProposalSchema,
  MsgUpdateGroupAdminSchema, MsgUpdateGroupMembersSchema, MsgUpdateGroupMetadataSchema, MsgUpdateGroupPolicyAdminSchema,
  MsgUpdateGroupPolicyDecisionPolicySchema, MsgUpdateGroupPolicyMetadataSchema, MsgVoteSchema, MsgWithdrawProposalSchema,
} from "../../host/wire/gen/cosmos/group/v1/tx_pb.js";
import { ThresholdDecisionPolicySchema } from "../../host/wire/gen/cosmos/group/v1/types_pb.js";
import { ATTACKER, addr } from "./context.js";
import { cases, deferred, msg, type Case, type ProtoMsg } from "./proto.js";

const A = () => addr(ATTACKER);
const NONE = 999_999n;
const one = (note: string, code: string, build: () => ProtoMsg): Case => ({
  note, make: async (_rng, ctx) => deferred(ctx, ATTACKER, [build()], code, ""),
});
const threshold = (t: string) => create(AnySchema, {
  typeUrl: "/cosmos.group.v1.ThresholdDecisionPolicy",
  value: toBinary(ThresholdDecisionPolicySchema, create(ThresholdDecisionPolicySchema, { threshold: t, windows: { votingPeriod: create(DurationSchema, { seconds: 60n }) } })),
});
const member = (address: string, weight: string) => ({ address, weight, metadata: "" });

const CASES: Case[] = [
  one("create a group with a member twice", "group/3", () => msg(MsgCreateGroupSchema, { admin: A(), members: [member(addr(7), "1"), member(addr(7), "2")], metadata: "" })),
  one("create a group with a member of weight 0", "math/10", () => msg(MsgCreateGroupSchema, { admin: A(), members: [member(addr(7), "0")], metadata: "" })),
  one("update the members of a group that does not exist", "sdk/38", () => msg(MsgUpdateGroupMembersSchema, { admin: A(), groupId: NONE, memberUpdates: [member(addr(7), "1")] })),
  one("make the admin the admin again", "group/6", () => msg(MsgUpdateGroupAdminSchema, { admin: A(), groupId: NONE, newAdmin: A() })),
  one("rename a group that does not exist", "sdk/38", () => msg(MsgUpdateGroupMetadataSchema, { admin: A(), groupId: NONE, metadata: "x" })),
  one("a threshold policy of 0", "math/10", () => msg(MsgCreateGroupPolicySchema, { admin: A(), groupId: NONE, metadata: "", decisionPolicy: threshold("0") })),
  one("a policy for a group that does not exist", "sdk/38", () => msg(MsgCreateGroupPolicySchema, { admin: A(), groupId: NONE, metadata: "", decisionPolicy: threshold("1") })),
  one("a group with a policy and a member of weight 0", "math/10", () => msg(MsgCreateGroupWithPolicySchema, { admin: A(), members: [member(addr(7), "0")], decisionPolicy: threshold("1") })),
  one("a policy's admin made its admin again", "group/6", () => msg(MsgUpdateGroupPolicyAdminSchema, { admin: A(), groupPolicyAddress: addr(7), newAdmin: A() })),
  one("the decision policy of a policy that does not exist", "sdk/38", () => msg(MsgUpdateGroupPolicyDecisionPolicySchema, { admin: A(), groupPolicyAddress: addr(7), decisionPolicy: threshold("1") })),
  one("policy metadata of 256 characters", "group/4", () => msg(MsgUpdateGroupPolicyMetadataSchema, { admin: A(), groupPolicyAddress: addr(7), metadata: "m".repeat(256) })),
  one("a proposal to a policy that does not exist", "sdk/38", () => msg(MsgSubmitProposalSchema, { groupPolicyAddress: addr(7), proposers: [A()], messages: [] })),
  one("withdraw a proposal that does not exist", "sdk/38", () => msg(MsgWithdrawProposalSchema, { proposalId: NONE, address: A() })),
  one("vote on a proposal that does not exist", "sdk/38", () => msg(MsgVoteSchema, { proposalId: NONE, voter: A(), option: 1 })),
  one("execute a proposal that does not exist", "sdk/38", () => msg(MsgExecSchema, { proposalId: NONE, executor: A() })),
  one("leave a group that does not exist", "sdk/38", () => msg(MsgLeaveGroupSchema, { address: A(), groupId: NONE })),
];

export const groupClass = cases({
  name: "group",
  rounds: 2,
  covers: [
    "MsgCreateGroup", "MsgUpdateGroupMembers", "MsgUpdateGroupAdmin", "MsgUpdateGroupMetadata", "MsgCreateGroupPolicy", "MsgCreateGroupWithPolicy",
    "MsgUpdateGroupPolicyAdmin", "MsgUpdateGroupPolicyDecisionPolicy", "MsgUpdateGroupPolicyMetadata", "MsgSubmitProposal", "MsgWithdrawProposal",
    "MsgVote", "MsgExec", "MsgLeaveGroup",
  ].map((n) => `/cosmos.group.v1.${n}`),
  cases: CASES,
});
