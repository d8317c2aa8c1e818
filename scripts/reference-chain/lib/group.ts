// x/group's messages for the recorder: builders over cosmjs-types (CosmJS registers their protobuf
// types already) and the amino converters CosmJS lacks (cosmjs#1441), written from the x/tx aminojson
// rules: the messages' amino.name, fields by proto name, uint64 as strings, enums as numbers, zero
// values omitted except `members`/`member_updates`/`voting_period`/`min_execution_period`
// (dont_omitempty), Durations as nanosecond strings, an Any as {type: its amino name, value}.

import type { AminoConverters } from "@cosmjs/stargate";
import type { EncodeObject } from "@cosmjs/proto-signing";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { PercentageDecisionPolicy, ThresholdDecisionPolicy } from "cosmjs-types/cosmos/group/v1/types";
import * as g from "cosmjs-types/cosmos/group/v1/tx";
import { anyToAmino, stash } from "./amino-more.js";

export const GROUP = "/cosmos.group.v1.";

const omit = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== "" && v !== 0 && v !== false && v !== undefined && !(Array.isArray(v) && v.length === 0)));
type Dur = { seconds: bigint; nanos: number } | undefined;
const nanos = (d: Dur) => (d === undefined ? "0" : (d.seconds * 1_000_000_000n + BigInt(d.nanos)).toString());
const dur = (seconds: number) => ({ seconds: BigInt(seconds), nanos: 0 });

/** A decision policy's Any (threshold "n" or percentage "0.x"), its windows in seconds. */
export function thresholdPolicy(threshold: string, votingSeconds: number, minExecSeconds = 0): Any {
  return { typeUrl: `${GROUP}ThresholdDecisionPolicy`, value: ThresholdDecisionPolicy.encode({ threshold, windows: { votingPeriod: dur(votingSeconds), minExecutionPeriod: dur(minExecSeconds) } }).finish() };
}
export function percentagePolicy(percentage: string, votingSeconds: number, minExecSeconds = 0): Any {
  return { typeUrl: `${GROUP}PercentageDecisionPolicy`, value: PercentageDecisionPolicy.encode({ percentage, windows: { votingPeriod: dur(votingSeconds), minExecutionPeriod: dur(minExecSeconds) } }).finish() };
}

function policyAmino(a: Any | undefined): unknown {
  if (a === undefined) return undefined;
  if (a.typeUrl === `${GROUP}ThresholdDecisionPolicy`) {
    const p = ThresholdDecisionPolicy.decode(a.value);
    return { type: "cosmos-sdk/ThresholdDecisionPolicy", value: { ...omit({ threshold: p.threshold }), windows: { voting_period: nanos(p.windows?.votingPeriod), min_execution_period: nanos(p.windows?.minExecutionPeriod) } } };
  }
  if (a.typeUrl === `${GROUP}PercentageDecisionPolicy`) {
    const p = PercentageDecisionPolicy.decode(a.value);
    return { type: "cosmos-sdk/PercentageDecisionPolicy", value: { ...omit({ percentage: p.percentage }), windows: { voting_period: nanos(p.windows?.votingPeriod), min_execution_period: nanos(p.windows?.minExecutionPeriod) } } };
  }
  throw new Error(`no amino form for decision policy ${a.typeUrl}`);
}

type MemberReq = { address: string; weight: string; metadata: string };
const members = (ms: MemberReq[]) => ms.length === 0 ? null : ms.map((m) => omit({ address: m.address, weight: m.weight, metadata: m.metadata }));
const id = (n: bigint) => (n === 0n ? undefined : n.toString());

export function groupAminoConverters(): AminoConverters {
  return {
    [`${GROUP}MsgCreateGroup`]: stash("cosmos-sdk/MsgCreateGroup", (m: g.MsgCreateGroup) => ({ ...omit({ admin: m.admin, metadata: m.metadata }), members: members(m.members) })),
    [`${GROUP}MsgUpdateGroupMembers`]: stash("cosmos-sdk/MsgUpdateGroupMembers", (m: g.MsgUpdateGroupMembers) =>
      ({ ...omit({ admin: m.admin, group_id: id(m.groupId) }), member_updates: members(m.memberUpdates) })),
    [`${GROUP}MsgUpdateGroupAdmin`]: stash("cosmos-sdk/MsgUpdateGroupAdmin", (m: g.MsgUpdateGroupAdmin) => omit({ admin: m.admin, group_id: id(m.groupId), new_admin: m.newAdmin })),
    [`${GROUP}MsgUpdateGroupMetadata`]: stash("cosmos-sdk/MsgUpdateGroupMetadata", (m: g.MsgUpdateGroupMetadata) => omit({ admin: m.admin, group_id: id(m.groupId), metadata: m.metadata })),
    [`${GROUP}MsgCreateGroupPolicy`]: stash("cosmos-sdk/MsgCreateGroupPolicy", (m: g.MsgCreateGroupPolicy) =>
      omit({ admin: m.admin, group_id: id(m.groupId), metadata: m.metadata, decision_policy: policyAmino(m.decisionPolicy) })),
    [`${GROUP}MsgCreateGroupWithPolicy`]: stash("cosmos-sdk/MsgCreateGroupWithPolicy", (m: g.MsgCreateGroupWithPolicy) => ({
      ...omit({ admin: m.admin }), members: members(m.members),
      ...omit({ group_metadata: m.groupMetadata, group_policy_metadata: m.groupPolicyMetadata, group_policy_as_admin: m.groupPolicyAsAdmin, decision_policy: policyAmino(m.decisionPolicy) }),
    })),
    [`${GROUP}MsgUpdateGroupPolicyAdmin`]: stash("cosmos-sdk/MsgUpdateGroupPolicyAdmin", (m: g.MsgUpdateGroupPolicyAdmin) =>
      omit({ admin: m.admin, group_policy_address: m.groupPolicyAddress, new_admin: m.newAdmin })),
    [`${GROUP}MsgUpdateGroupPolicyDecisionPolicy`]: stash("cosmos-sdk/MsgUpdateGroupDecisionPolicy", (m: g.MsgUpdateGroupPolicyDecisionPolicy) =>
      omit({ admin: m.admin, group_policy_address: m.groupPolicyAddress, decision_policy: policyAmino(m.decisionPolicy) })),
    [`${GROUP}MsgUpdateGroupPolicyMetadata`]: stash("cosmos-sdk/MsgUpdateGroupPolicyMetadata", (m: g.MsgUpdateGroupPolicyMetadata) =>
      omit({ admin: m.admin, group_policy_address: m.groupPolicyAddress, metadata: m.metadata })),
    [`${GROUP}MsgSubmitProposal`]: stash("cosmos-sdk/group/MsgSubmitProposal", (m: g.MsgSubmitProposal) => omit({
      group_policy_address: m.groupPolicyAddress, proposers: m.proposers, metadata: m.metadata, messages: m.messages.map(anyToAmino),
      exec: m.exec, title: m.title, summary: m.summary,
    })),
    [`${GROUP}MsgWithdrawProposal`]: stash("cosmos-sdk/group/MsgWithdrawProposal", (m: g.MsgWithdrawProposal) => omit({ proposal_id: id(m.proposalId), address: m.address })),
    [`${GROUP}MsgVote`]: stash("cosmos-sdk/group/MsgVote", (m: g.MsgVote) =>
      omit({ proposal_id: id(m.proposalId), voter: m.voter, option: m.option, metadata: m.metadata, exec: m.exec })),
    [`${GROUP}MsgExec`]: stash("cosmos-sdk/group/MsgExec", (m: g.MsgExec) => omit({ proposal_id: id(m.proposalId), executor: m.executor })),
    [`${GROUP}MsgLeaveGroup`]: stash("cosmos-sdk/group/MsgLeaveGroup", (m: g.MsgLeaveGroup) => omit({ address: m.address, group_id: id(m.groupId) })),
  };
}

const msg = (name: string, value: unknown): EncodeObject => ({ typeUrl: `${GROUP}${name}`, value });
export const member = (address: string, weight: string, metadata = ""): MemberReq => ({ address, weight, metadata });

export const G = {
  createGroup: (admin: string, ms: MemberReq[], metadata = "") => msg("MsgCreateGroup", g.MsgCreateGroup.fromPartial({ admin, members: ms, metadata })),
  updateMembers: (admin: string, groupId: bigint, ms: MemberReq[]) => msg("MsgUpdateGroupMembers", g.MsgUpdateGroupMembers.fromPartial({ admin, groupId, memberUpdates: ms })),
  updateAdmin: (admin: string, groupId: bigint, newAdmin: string) => msg("MsgUpdateGroupAdmin", g.MsgUpdateGroupAdmin.fromPartial({ admin, groupId, newAdmin })),
  updateMetadata: (admin: string, groupId: bigint, metadata: string) => msg("MsgUpdateGroupMetadata", g.MsgUpdateGroupMetadata.fromPartial({ admin, groupId, metadata })),
  createPolicy: (admin: string, groupId: bigint, policy: Any, metadata = "") =>
    msg("MsgCreateGroupPolicy", g.MsgCreateGroupPolicy.fromPartial({ admin, groupId, metadata, decisionPolicy: policy })),
  createWithPolicy: (admin: string, ms: MemberReq[], policy: Any, o: { groupMetadata?: string; policyMetadata?: string; asAdmin?: boolean } = {}) =>
    msg("MsgCreateGroupWithPolicy", g.MsgCreateGroupWithPolicy.fromPartial({
      admin, members: ms, groupMetadata: o.groupMetadata ?? "", groupPolicyMetadata: o.policyMetadata ?? "", groupPolicyAsAdmin: o.asAdmin ?? false, decisionPolicy: policy,
    })),
  updatePolicyAdmin: (admin: string, policyAddress: string, newAdmin: string) =>
    msg("MsgUpdateGroupPolicyAdmin", g.MsgUpdateGroupPolicyAdmin.fromPartial({ admin, groupPolicyAddress: policyAddress, newAdmin })),
  updateDecisionPolicy: (admin: string, policyAddress: string, policy: Any) =>
    msg("MsgUpdateGroupPolicyDecisionPolicy", g.MsgUpdateGroupPolicyDecisionPolicy.fromPartial({ admin, groupPolicyAddress: policyAddress, decisionPolicy: policy })),
  updatePolicyMetadata: (admin: string, policyAddress: string, metadata: string) =>
    msg("MsgUpdateGroupPolicyMetadata", g.MsgUpdateGroupPolicyMetadata.fromPartial({ admin, groupPolicyAddress: policyAddress, metadata })),
  submit: (policyAddress: string, proposers: string[], messages: Any[], o: { exec?: boolean; title?: string; summary?: string; metadata?: string } = {}) =>
    msg("MsgSubmitProposal", g.MsgSubmitProposal.fromPartial({
      groupPolicyAddress: policyAddress, proposers, messages, exec: o.exec ? g.Exec.EXEC_TRY : g.Exec.EXEC_UNSPECIFIED,
      title: o.title ?? "", summary: o.summary ?? "", metadata: o.metadata ?? "",
    })),
  withdraw: (proposalId: bigint, address: string) => msg("MsgWithdrawProposal", g.MsgWithdrawProposal.fromPartial({ proposalId, address })),
  vote: (proposalId: bigint, voter: string, option: number, o: { exec?: boolean; metadata?: string } = {}) =>
    msg("MsgVote", g.MsgVote.fromPartial({ proposalId, voter, option, metadata: o.metadata ?? "", exec: o.exec ? g.Exec.EXEC_TRY : g.Exec.EXEC_UNSPECIFIED })),
  exec: (proposalId: bigint, executor: string) => msg("MsgExec", g.MsgExec.fromPartial({ proposalId, executor })),
  leave: (address: string, groupId: bigint) => msg("MsgLeaveGroup", g.MsgLeaveGroup.fromPartial({ address, groupId })),
};
