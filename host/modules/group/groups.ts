// x/group's msg server for groups, members and policies (SDK v0.53 x/group/keeper/msg_server.go):
// its checks in its order, with its wrapped errors, over the ORM (orm.ts) in a GroupEnv (keeper.ts).

import { create } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { typedEvent } from "../../framework/events.js";
import {
  EventCreateGroupPolicySchema, EventCreateGroupSchema, EventLeaveGroupSchema, EventUpdateGroupPolicySchema, EventUpdateGroupSchema,
} from "../../wire/gen/cosmos/group/v1/events_pb.js";
import {
  GroupInfoSchema, GroupMemberSchema, GroupPolicyInfoSchema, MemberSchema, ProposalStatus,
  type GroupInfo, type GroupPolicyInfo, type MemberRequest,
} from "../../wire/gen/cosmos/group/v1/types_pb.js";
import { add, decText, nonNegativeDec, positiveDec, subNonNegative, ZERO, type Dec } from "./dec.js";
import { GroupErrors, plain, wrap, wrapped } from "./errors.js";
import {
  assertMetadata, bech32, checkAddress, getGroupInfo, getPolicyInfo, groupTable, memberKey, memberTable, policyAddressBytes,
  policyAny, policyByGroup, policyKey, policySeq, policyTable, policyOf, proposalByPolicy, proposalTable, ts, type GroupEnv, type Policy,
} from "./keeper.js";
import { u64 } from "./orm.js";
import { validatePolicy, validatePolicyBasic } from "./policy.js";

/** The address codec's refusal as a plain error (its text), wrapped by the caller. */
function addressOrPlain(env: GroupEnv, text: string): Uint8Array {
  try {
    return checkAddress(env, text);
  } catch (e) {
    throw plain((e as Error).message);
  }
}

/** validateMembers: no duplicate, addresses, non-negative weights. */
function validateMembers(env: GroupEnv, members: readonly MemberRequest[]): void {
  const seen = new Set<string>();
  for (const m of members) {
    if (seen.has(m.address)) throw new TxError(GroupErrors.Duplicate, `address: ${m.address}`);
    wrapped(`member address ${m.address}`, () => addressOrPlain(env, m.address));
    wrapped("weight must be non negative", () => nonNegativeDec(m.weight));
    seen.add(m.address);
  }
}

export function createGroup(env: GroupEnv, m: { admin: string; members: readonly MemberRequest[]; metadata: string }): bigint {
  try {
    checkAddress(env, m.admin);
  } catch {
    throw new TxError(SdkErrors.InvalidAddress, `invalid admin address: ${m.admin}`);
  }
  wrapped("members", () => validateMembers(env, m.members));
  assertMetadata(m.metadata, "group metadata");
  let total: Dec = ZERO;
  for (const x of m.members) {
    assertMetadata(x.metadata, "member metadata");
    total = add(total, positiveDec(x.weight));
  }
  const kv = env.kv;
  const info = create(GroupInfoSchema, {
    id: groupTable.seq.peekNextVal(kv), admin: m.admin, metadata: m.metadata, version: 1n, totalWeight: decText(total), createdAt: ts(env.timeNs),
  });
  const id = groupTable.createAuto(kv, info);
  m.members.forEach((x, i) => {
    wrapped(`could not store member ${i}`, () => memberTable.create(kv, memberKey(id, x.address), create(GroupMemberSchema, {
      groupId: id, member: create(MemberSchema, { address: x.address, weight: x.weight, metadata: x.metadata, addedAt: ts(env.timeNs) }),
    })));
  });
  env.events.push(typedEvent(EventCreateGroupSchema, { groupId: id }));
  return id;
}

/** validateDecisionPolicies: every policy of the group still valid for it. */
function validatePolicies(env: GroupEnv, g: GroupInfo): void {
  const it = policyByGroup.get(env.kv, g.id);
  for (let r = it.next(); r !== undefined; r = it.next()) validatePolicy(policyOf(r.row.decisionPolicy), g);
}

/** doUpdateGroup: the admin's check (case-insensitive), the action, EventUpdateGroup. */
function updateGroup(env: GroupEnv, groupId: bigint, admin: string, note: string, action: (g: GroupInfo) => void): void {
  const g = getGroupInfo(env, groupId);
  if (g.admin.toLowerCase() !== admin.toLowerCase()) throw new TxError(SdkErrors.Unauthorized, `not group admin; got ${admin}, expected ${g.admin}`);
  wrapped(note, () => action(g));
  env.events.push(typedEvent(EventUpdateGroupSchema, { groupId }));
}

export function updateGroupMembers(env: GroupEnv, m: { admin: string; groupId: bigint; memberUpdates: readonly MemberRequest[] }): void {
  if (m.groupId === 0n) throw new TxError(GroupErrors.Empty, "group id");
  if (m.memberUpdates.length === 0) throw new TxError(GroupErrors.Empty, "member updates");
  wrapped("members", () => validateMembers(env, m.memberUpdates));
  const kv = env.kv;
  updateGroup(env, m.groupId, m.admin, "members updated", (g) => {
    let total = wrapped("group total weight", () => nonNegativeDec(g.totalWeight));
    for (const x of m.memberUpdates) {
      assertMetadata(x.metadata, "group member metadata");
      const key = memberKey(m.groupId, x.address);
      const prev = memberTable.getOne(kv, key);
      const weight = nonNegativeDec(x.weight);
      const row = create(GroupMemberSchema, { groupId: m.groupId, member: create(MemberSchema, { address: x.address, weight: x.weight, metadata: x.metadata }) });
      if (weight.c === 0n) {
        if (prev === undefined) throw new TxError(SdkErrors.NotFound, "unknown member");
        total = subNonNegative(total, positiveDec(prev.member!.weight));
        wrapped("delete member", () => memberTable.delete(kv, key));
        continue;
      }
      if (prev !== undefined) {
        total = subNonNegative(total, positiveDec(prev.member!.weight));
        row.member!.addedAt = prev.member!.addedAt;
        wrapped("add member", () => memberTable.update(kv, key, row));
      } else {
        row.member!.addedAt = ts(env.timeNs);
        wrapped("add member", () => memberTable.create(kv, key, row));
      }
      total = add(total, weight);
    }
    // ensure that group has one or more members
    if (total.c === 0n) throw new TxError(GroupErrors.Invalid, "group must not be empty");
    g.totalWeight = decText(total);
    g.version++;
    validatePolicies(env, g);
    groupTable.update(kv, u64(g.id), g);
  });
}

export function updateGroupAdmin(env: GroupEnv, m: { admin: string; groupId: bigint; newAdmin: string }): void {
  if (m.groupId === 0n) throw new TxError(GroupErrors.Empty, "group id");
  if (m.admin.toLowerCase() === m.newAdmin.toLowerCase()) throw new TxError(GroupErrors.Invalid, "new and old admin are the same");
  try { checkAddress(env, m.admin); } catch { throw new TxError(SdkErrors.InvalidAddress, "admin address"); }
  try { checkAddress(env, m.newAdmin); } catch { throw new TxError(SdkErrors.InvalidAddress, "new admin address"); }
  updateGroup(env, m.groupId, m.admin, "admin updated", (g) => {
    g.admin = m.newAdmin;
    g.version++;
    groupTable.update(env.kv, u64(g.id), g);
  });
}

export function updateGroupMetadata(env: GroupEnv, m: { admin: string; groupId: bigint; metadata: string }): void {
  if (m.groupId === 0n) throw new TxError(GroupErrors.Empty, "group id");
  assertMetadata(m.metadata, "group metadata");
  try { checkAddress(env, m.admin); } catch { throw new TxError(SdkErrors.InvalidAddress, "admin address"); }
  updateGroup(env, m.groupId, m.admin, "metadata updated", (g) => {
    g.metadata = m.metadata;
    g.version++;
    groupTable.update(env.kv, u64(g.id), g);
  });
}

export function createGroupPolicy(env: GroupEnv, m: { admin: string; groupId: bigint; metadata: string; decisionPolicy?: Any }): string {
  if (m.groupId === 0n) throw new TxError(GroupErrors.Empty, "group id");
  assertMetadata(m.metadata, "group policy metadata");
  const policy: Policy = wrapped("request decision policy", () => policyOf(m.decisionPolicy));
  wrapped("decision policy", () => validatePolicyBasic(policy));
  const admin = wrapped("request admin", () => addressOrPlain(env, m.admin));
  const g = getGroupInfo(env, m.groupId);
  const groupAdmin = wrapped("group admin", () => addressOrPlain(env, g.admin));
  if (Buffer.compare(Buffer.from(admin), Buffer.from(groupAdmin)) !== 0) throw new TxError(SdkErrors.Unauthorized, "not group admin");
  validatePolicy(policy, g);
  const kv = env.kv;
  let address: string;
  for (;;) {
    const seq = policySeq.nextVal(kv);
    const derived = policyAddressBytes(seq);
    address = bech32(env, derived.address);
    if (env.hasAccount(address)) continue;
    env.createPolicyAccount(address, derived.derivationKey);
    break;
  }
  const info = create(GroupPolicyInfoSchema, {
    address, groupId: m.groupId, admin: bech32(env, admin), metadata: m.metadata, version: 1n, decisionPolicy: policyAny(policy), createdAt: ts(env.timeNs),
  });
  wrapped("could not create group policy", () => policyTable.create(kv, policyKey(address), info));
  env.events.push(typedEvent(EventCreateGroupPolicySchema, { address }));
  return address;
}

/** doUpdateGroupPolicy: the policy's admin (exactly), the action, its open proposals aborted, EventUpdateGroupPolicy. */
function updatePolicy(env: GroupEnv, policyAddress: string, admin: string, note: string, action: (p: GroupPolicyInfo) => void): void {
  wrapped("group policy address", () => addressOrPlain(env, policyAddress));
  wrapped("group policy admin", () => addressOrPlain(env, admin));
  const p = wrapped("load group policy", () => getPolicyInfo(env, policyAddress));
  if (admin !== p.admin) throw new TxError(SdkErrors.Unauthorized, "not group policy admin");
  wrapped(note, () => action(p));
  abortProposals(env, policyAddress);
  env.events.push(typedEvent(EventUpdateGroupPolicySchema, { address: p.address }));
}

/** abortProposals: the policy's submitted proposals marked aborted. */
function abortProposals(env: GroupEnv, policyAddress: string): void {
  const kv = env.kv;
  const proposals = proposalByPolicy.get(kv, checkAddress(env, policyAddress)).all();
  for (const p of proposals) {
    if (p.status !== ProposalStatus.SUBMITTED) continue;
    p.status = ProposalStatus.ABORTED;
    proposalTable.update(kv, u64(p.id), p);
  }
}

export function updateGroupPolicyAdmin(env: GroupEnv, m: { admin: string; groupPolicyAddress: string; newAdmin: string }): void {
  if (m.admin.toLowerCase() === m.newAdmin.toLowerCase()) throw new TxError(GroupErrors.Invalid, "new and old admin are same");
  try { checkAddress(env, m.newAdmin); } catch { throw new TxError(SdkErrors.InvalidAddress, "new admin address"); }
  updatePolicy(env, m.groupPolicyAddress, m.admin, "group policy admin updated", (p) => {
    p.admin = m.newAdmin;
    p.version++;
    policyTable.update(env.kv, policyKey(p.address), p);
  });
}

export function updateGroupPolicyDecisionPolicy(env: GroupEnv, m: { admin: string; groupPolicyAddress: string; decisionPolicy?: Any }): void {
  const policy = wrapped("decision policy", () => policyOf(m.decisionPolicy));
  wrapped("decision policy", () => validatePolicyBasic(policy));
  updatePolicy(env, m.groupPolicyAddress, m.admin, "group policy's decision policy updated", (p) => {
    const g = getGroupInfo(env, p.groupId);
    validatePolicy(policy, g);
    p.decisionPolicy = policyAny(policy);
    p.version++;
    policyTable.update(env.kv, policyKey(p.address), p);
  });
}

export function updateGroupPolicyMetadata(env: GroupEnv, m: { admin: string; groupPolicyAddress: string; metadata: string }): void {
  assertMetadata(m.metadata, "group policy metadata");
  updatePolicy(env, m.groupPolicyAddress, m.admin, "group policy metadata updated", (p) => {
    p.metadata = m.metadata;
    p.version++;
    policyTable.update(env.kv, policyKey(p.address), p);
  });
}

export function createGroupWithPolicy(env: GroupEnv, m: {
  admin: string; members: readonly MemberRequest[]; groupMetadata: string; groupPolicyMetadata: string; groupPolicyAsAdmin: boolean; decisionPolicy?: Any;
}): { groupId: bigint; address: string } {
  const groupId = wrapped("group response", () => createGroup(env, { admin: m.admin, members: m.members, metadata: m.groupMetadata }));
  const address = wrapped("group policy response", () =>
    createGroupPolicy(env, { admin: m.admin, groupId, metadata: m.groupPolicyMetadata, ...(m.decisionPolicy ? { decisionPolicy: m.decisionPolicy } : {}) }));
  if (m.groupPolicyAsAdmin) {
    updateGroupAdmin(env, { groupId, admin: m.admin, newAdmin: address });
    updateGroupPolicyAdmin(env, { admin: m.admin, groupPolicyAddress: address, newAdmin: address });
  }
  return { groupId, address };
}

export function leaveGroup(env: GroupEnv, m: { address: string; groupId: bigint }): void {
  if (m.groupId === 0n) throw new TxError(GroupErrors.Empty, "group-id");
  wrapped("group member", () => addressOrPlain(env, m.address));
  const g = wrapped("group", () => getGroupInfo(env, m.groupId));
  const total = nonNegativeDec(g.totalWeight);
  const key = memberKey(m.groupId, m.address);
  const gm = memberTable.getOne(env.kv, key);
  if (gm === undefined) throw new TxError(SdkErrors.NotFound, `${m.address} is not part of group ${m.groupId}`);
  const updated = subNonNegative(total, positiveDec(gm.member!.weight));
  wrapped("group member", () => memberTable.delete(env.kv, key));
  g.totalWeight = decText(updated);
  g.version++;
  validatePolicies(env, g);
  groupTable.update(env.kv, u64(g.id), g);
  env.events.push(typedEvent(EventLeaveGroupSchema, { groupId: m.groupId, address: m.address }));
}

export { wrap };
