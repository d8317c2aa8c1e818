// Workload "group": the SDK's x/group as chain-main wires it (DefaultConfig: metadata 255, two weeks'
// MaxExecutionPeriod). Groups created (with and without members, with a policy as their admin),
// members added, reweighted and removed, admins and metadata changed, threshold and percentage
// policies created and changed (which aborts their open proposals), proposals submitted (Exec TRY
// executing at once, or failing and staying), voted (Exec TRY), executed, withdrawn, left; each
// message also refused as the keeper refuses it, several signed in LEGACY_AMINO_JSON. A policy's
// voting period ends during the run (the EndBlocker's tally, and its pruning of a withdrawn one).
// Every Query route after the txs (pagination, not-found answers).

import type { Any } from "cosmjs-types/google/protobuf/any";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgUpdateGroupMetadata } from "cosmjs-types/cosmos/group/v1/tx";
import type { Sent, Signer } from "../lib/recorder.js";
import { G, member, percentagePolicy, thresholdPolicy } from "../lib/group.js";
import { accountPath, attr, balances, send, type Ctx } from "./common.js";

export const NAME = "group";

const amino = { mode: "amino-json" as const };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sendAny = (from: string, to: string, amount: bigint): Any =>
  ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode(MsgSend.fromPartial({ fromAddress: from, toAddress: to, amount: [{ denom: "basecro", amount: `${amount}` }] })).finish() });
/** A typed event's attribute (JSON text: a quoted string or number), unquoted. */
const typed = (s: Sent, type: string, key: string): string => JSON.parse(attr(s, `cosmos.group.v1.${type}`, key) ?? '""') as string;

export async function run({ r, dev }: Ctx): Promise<void> {
  const [, , d2, d3, d4, d5, d6] = dev as Signer[];
  const admin = d2!.address, m1 = d3!.address, m2 = d4!.address, m3 = d5!.address, out = d6!.address;
  const info = (id: bigint | number) => `/cosmos/group/v1/group_info/${id}`;
  const membersOf = (id: bigint | number) => `/cosmos/group/v1/group_members/${id}`;
  const policyInfo = (a: string) => `/cosmos/group/v1/group_policy_info/${a}`;
  const proposal = (id: bigint | number) => `/cosmos/group/v1/proposal/${id}`;
  const tally = (id: bigint | number) => `/cosmos/group/v1/proposals/${id}/tally`;
  const votesOf = (id: bigint | number) => `/cosmos/group/v1/votes_by_proposal/${id}`;
  const byPolicy = (a: string) => `/cosmos/group/v1/proposals_by_group_policy/${a}`;

  // ---- MsgCreateGroup ----
  const created = await r.tx("group create group 1 (admin and m1 members, metadata)", d2!, [G.createGroup(admin, [member(admin, "1", "the admin"), member(m1, "3")], "group one")], {
    queries: [info(1), membersOf(1), `/cosmos/group/v1/groups_by_admin/${admin}`, `/cosmos/group/v1/groups_by_member/${m1}`, "/cosmos/group/v1/groups"],
  });
  const g1 = BigInt(typed(created, "EventCreateGroup", "group_id") || "1");
  await r.tx("group create group 2 without members, amino", d2!, [G.createGroup(admin, [], "")], { ...amino, queries: [info(2), membersOf(2)] });
  await r.tx("INVALID group create: a member of weight 0", d2!, [G.createGroup(admin, [member(m1, "0")])]);
  await r.tx("INVALID group create: a duplicate member", d2!, [G.createGroup(admin, [member(m1, "1"), member(m1, "2")])]);
  await r.tx("INVALID group create: metadata of 256 characters", d2!, [G.createGroup(admin, [member(m1, "1")], "x".repeat(256))]);
  await r.tx("INVALID group create: a weight that is not a decimal", d2!, [G.createGroup(admin, [member(m1, "one")])]);
  await r.tx("INVALID group create: a member address that is not one", d2!, [G.createGroup(admin, [member("cro1notanaddress", "1")])]);

  // ---- MsgUpdateGroupMembers ----
  await r.tx("group update members of group 1: add m2 (1), m1 reweighted 3 -> 2.5", d2!, [G.updateMembers(admin, g1, [member(m2, "1"), member(m1, "2.5", "reweighted")])], {
    queries: [info(1), membersOf(1), `/cosmos/group/v1/groups_by_member/${m2}`],
  });
  await r.tx("group update members of group 2: add m3, amino", d2!, [G.updateMembers(admin, 2n, [member(m3, "2")])], { ...amino, queries: [info(2), membersOf(2)] });
  await r.tx("group update members of group 2: remove m3 (weight 0)", d2!, [G.updateMembers(admin, 2n, [member(m3, "0")])], { queries: [info(2), membersOf(2)] });
  await r.tx("INVALID group update members: not the admin", d3!, [G.updateMembers(m1, g1, [member(m3, "1")])]);
  await r.tx("INVALID group update members: removing one who is not a member", d2!, [G.updateMembers(admin, g1, [member(m3, "0")])]);
  await r.tx("INVALID group update members: unknown group", d2!, [G.updateMembers(admin, 99n, [member(m3, "1")])]);
  await r.tx("INVALID group update members: no updates", d2!, [G.updateMembers(admin, g1, [])]);

  // ---- MsgUpdateGroupMetadata / MsgUpdateGroupAdmin ----
  await r.tx("group update metadata of group 1", d2!, [G.updateMetadata(admin, g1, "group one, renamed")], { queries: [info(1)] });
  await r.tx("INVALID group update metadata: not the admin", d3!, [G.updateMetadata(m1, g1, "mine")]);
  await r.tx("group update admin of group 2 to m1, amino", d2!, [G.updateAdmin(admin, 2n, m1)], { ...amino, queries: [info(2), `/cosmos/group/v1/groups_by_admin/${m1}`] });
  await r.tx("INVALID group update admin: the same admin", d3!, [G.updateAdmin(m1, 2n, m1)]);
  await r.tx("INVALID group update admin: unknown group", d2!, [G.updateAdmin(admin, 99n, m1)]);

  // ---- MsgCreateGroupPolicy ----
  const p1Sent = await r.tx("group create policy P1 on group 1: threshold 3, voting 600 s", d2!, [G.createPolicy(admin, g1, thresholdPolicy("3", 600), "policy one")]);
  const P1 = typed(p1Sent, "EventCreateGroupPolicy", "address");
  const p2Sent = await r.tx("group create policy P2 on group 1: percentage 0.5, voting 12 s, amino", d2!, [G.createPolicy(admin, g1, percentagePolicy("0.5", 12))], { ...amino });
  const P2 = typed(p2Sent, "EventCreateGroupPolicy", "address");
  await r.tx("INVALID group create policy: not the group's admin", d3!, [G.createPolicy(m1, g1, thresholdPolicy("1", 60))]);
  await r.tx("INVALID group create policy: threshold 0", d2!, [G.createPolicy(admin, g1, thresholdPolicy("0", 60))]);
  await r.tx("INVALID group create policy: percentage 1.5", d2!, [G.createPolicy(admin, g1, percentagePolicy("1.5", 60))]);
  await r.tx("INVALID group create policy: voting period 0", d2!, [G.createPolicy(admin, g1, thresholdPolicy("1", 0))]);
  await r.tx("INVALID group create policy: min execution beyond voting + max execution", d2!, [G.createPolicy(admin, g1, thresholdPolicy("1", 60, 60 + 14 * 86400 + 1))]);
  await r.tx("INVALID group create policy: unknown group", d2!, [G.createPolicy(admin, 99n, thresholdPolicy("1", 60))]);

  // ---- MsgCreateGroupWithPolicy ----
  const g3Sent = await r.tx("group create group 3 with policy P3 as its admin (threshold 1)", d4!, [G.createWithPolicy(m2, [member(m2, "1"), member(m3, "1")], thresholdPolicy("1", 60), { groupMetadata: "g3", policyMetadata: "p3", asAdmin: true })], {
    queries: [info(3), membersOf(3), `/cosmos/group/v1/group_policies_by_group/3`],
  });
  const P3 = typed(g3Sent, "EventCreateGroupPolicy", "address");
  await r.tx("group create group 4 with policy P4, amino", d4!, [G.createWithPolicy(m2, [member(m1, "2")], percentagePolicy("0.75", 60))], { ...amino });
  await r.tx("INVALID group create with policy: a member of weight 0", d4!, [G.createWithPolicy(m2, [member(m1, "0")], thresholdPolicy("1", 60))]);
  await r.tx("INVALID group create with policy: threshold 0", d4!, [G.createWithPolicy(m2, [member(m1, "1")], thresholdPolicy("0", 60))]);

  // ---- policy admin / decision policy / metadata ----
  await r.tx("group update policy admin of P2 to m1", d2!, [G.updatePolicyAdmin(admin, P2, m1)], { queries: [policyInfo(P2), `/cosmos/group/v1/group_policies_by_admin/${m1}`] });
  await r.tx("INVALID group update policy admin: the same admin", d3!, [G.updatePolicyAdmin(m1, P2, m1)]);
  await r.tx("INVALID group update policy admin: not the policy's admin", d2!, [G.updatePolicyAdmin(admin, P2, m2)]);
  await r.tx("group update decision policy of P1: threshold 3, voting 600 s, amino", d2!, [G.updateDecisionPolicy(admin, P1, thresholdPolicy("3", 600))], { ...amino, queries: [policyInfo(P1)] });
  await r.tx("INVALID group update decision policy: not the admin", d3!, [G.updateDecisionPolicy(m1, P1, thresholdPolicy("1", 60))]);
  await r.tx("INVALID group update decision policy: unknown policy", d2!, [G.updateDecisionPolicy(admin, m3, thresholdPolicy("1", 60))]);
  await r.tx("group update policy metadata of P1", d2!, [G.updatePolicyMetadata(admin, P1, "policy one, renamed")], { queries: [policyInfo(P1)] });
  await r.tx("INVALID group update policy metadata: 256 characters", d2!, [G.updatePolicyMetadata(admin, P1, "y".repeat(256))]);

  // ---- proposals on P1 (threshold 3; weights admin 1, m1 2.5, m2 1) ----
  await r.tx("bank send to P1 (funding the policy account)", d2!, [send(admin, P1, 5_000_000n)], { queries: [accountPath(P1), balances(P1)] });
  await r.tx("group submit proposal 1 on P1 (a send of 1000 to d6) by m1", d3!, [G.submit(P1, [m1], [sendAny(P1, out, 1000n)], { title: "pay", summary: "pay d6" })], {
    queries: [proposal(1), byPolicy(P1), tally(1)],
  });
  await r.tx("group vote yes on proposal 1 by m1", d3!, [G.vote(1n, m1, 1)], { queries: [tally(1), votesOf(1), `/cosmos/group/v1/vote_by_proposal_voter/1/${m1}`, `/cosmos/group/v1/votes_by_voter/${m1}`] });
  await r.tx("INVALID group vote: m1 again", d3!, [G.vote(1n, m1, 3)]);
  await r.tx("INVALID group vote: not a member", d6!, [G.vote(1n, out, 1)]);
  await r.tx("group exec of proposal 1 before it is accepted (tally 2.5 < 3: nothing run)", d3!, [G.exec(1n, m1)]);
  await r.tx("group vote yes on proposal 1 by the admin with Exec TRY, amino (accepted, executed, pruned)", d2!, [G.vote(1n, admin, 1, { exec: true, metadata: "yes" })], {
    ...amino, queries: [proposal(1), balances(out), balances(P1), votesOf(1)],
  });
  await r.tx("INVALID group vote on proposal 1: pruned", d4!, [G.vote(1n, m2, 1)]);
  await r.tx("INVALID group submit proposal: proposer not a member", d6!, [G.submit(P1, [out], [sendAny(P1, out, 1n)])]);
  await r.tx("INVALID group submit proposal: a message not signed by the policy", d3!, [G.submit(P1, [m1], [sendAny(m1, out, 1n)])]);
  await r.tx("INVALID group submit proposal: title of 256 characters", d3!, [G.submit(P1, [m1], [], { title: "t".repeat(256) })]);
  await r.tx("INVALID group submit proposal: unknown policy", d3!, [G.submit(m3, [m1], [])]);
  await r.tx("group submit proposal 2 on P1 with Exec TRY by m1 alone (2.5 < 3: stays submitted)", d3!, [G.submit(P1, [m1], [sendAny(P1, out, 3000n)], { exec: true, metadata: "m" })], {
    queries: [proposal(2), tally(2), votesOf(2)],
  });
  await r.tx("group vote yes on proposal 2 by m2 with Exec TRY (3.5 >= 3: executed)", d4!, [G.vote(2n, m2, 1, { exec: true })], { queries: [proposal(2), balances(P1)] });
  await r.tx("group submit proposal 3 on P1: a send of more than P1 holds, by m1", d3!, [G.submit(P1, [m1], [sendAny(P1, out, 1_000_000_000n)])]);
  await r.tx("group vote yes on proposal 3 by the admin", d2!, [G.vote(3n, admin, 1)]);
  await r.tx("group vote abstain on proposal 3 by m2", d4!, [G.vote(3n, m2, 2)], { queries: [tally(3)] });
  await r.tx("group vote yes on proposal 3 by m1 with Exec TRY (accepted; execution fails: kept with FAILURE)", d3!, [G.vote(3n, m1, 1, { exec: true })], { queries: [proposal(3), votesOf(3)] });
  await r.tx("group exec proposal 3 again by m2 (fails again)", d4!, [G.exec(3n, m2)], { queries: [proposal(3)] });
  await r.tx("INVALID group exec: unknown proposal", d4!, [G.exec(99n, m2)]);

  // ---- withdraw ----
  await r.tx("group submit proposal 4 on P1 by m2", d4!, [G.submit(P1, [m2], [sendAny(P1, out, 1n)])]);
  await r.tx("INVALID group withdraw proposal 4: neither the admin nor a proposer", d3!, [G.withdraw(4n, m1)]);
  await r.tx("group withdraw proposal 4 by its proposer, amino", d4!, [G.withdraw(4n, m2)], { ...amino, queries: [proposal(4)] });
  await r.tx("INVALID group withdraw proposal 4 again", d4!, [G.withdraw(4n, m2)]);
  await r.tx("group submit proposal 5 on P1 by m2", d4!, [G.submit(P1, [m2], [sendAny(P1, out, 1n)])]);
  await r.tx("group withdraw proposal 5 by the policy's admin", d2!, [G.withdraw(5n, admin)], { queries: [proposal(5)] });

  // ---- a policy change aborts open proposals ----
  await r.tx("group submit proposal 6 on P1 by m1", d3!, [G.submit(P1, [m1], [sendAny(P1, out, 1n)])]);
  await r.tx("group update policy metadata of P1 (proposal 6 aborted)", d2!, [G.updatePolicyMetadata(admin, P1, "policy one, again")], { queries: [proposal(6), byPolicy(P1)] });
  await r.tx("INVALID group vote on proposal 6: aborted", d3!, [G.vote(6n, m1, 1)]);

  // ---- P2 (percentage 0.5, voting 12 s): proposals left to their voting period's end ----
  await r.tx("group submit proposal 7 on P2 by m2 (percentage 0.5)", d4!, [G.submit(P2, [m2], [sendAny(P2, out, 1n)])], { queries: [proposal(7)] });
  await r.tx("group vote no on proposal 7 by m1", d3!, [G.vote(7n, m1, 3)], { queries: [tally(7)] });
  await r.tx("group submit proposal 8 on P2 by m2, then withdrawn", d4!, [G.submit(P2, [m2], [sendAny(P2, out, 1n)])]);
  await r.tx("group withdraw proposal 8", d4!, [G.withdraw(8n, m2)]);
  await sleep(14_000);
  await r.tx("INVALID group exec proposal 7 after its voting period (rejected by the EndBlocker's tally)", d4!, [G.exec(7n, m2)], { queries: [proposal(7), proposal(8), tally(7)] });
  await r.tx("INVALID group vote on proposal 7: voting ended", d2!, [G.vote(7n, admin, 1)]);

  // ---- MsgLeaveGroup ----
  await r.tx("group leave group 1 by m2", d4!, [G.leave(m2, g1)], { queries: [info(1), membersOf(1), `/cosmos/group/v1/groups_by_member/${m2}`] });
  await r.tx("INVALID group leave: not a member", d4!, [G.leave(m2, g1)]);
  await r.tx("INVALID group leave: unknown group", d4!, [G.leave(m2, 99n)]);
  await r.tx("group leave group 3 by m3, amino", d5!, [G.leave(m3, 3n)], { ...amino, queries: [info(3), membersOf(3)] });
  await r.tx("group submit proposal 9 on P3 (its own admin) to change group 3's metadata, Exec TRY", d4!, [G.submit(P3, [m2], [
    { typeUrl: "/cosmos.group.v1.MsgUpdateGroupMetadata", value: MsgUpdateGroupMetadata.encode({ admin: P3, groupId: 3n, metadata: "set by its policy" }).finish() },
  ], { exec: true })], { queries: [info(3), proposal(9)] });

  // ---- the Query service, after ----
  const paths = [
    info(1), info(3), info(99), "/cosmos/group/v1/groups", "/cosmos/group/v1/groups?pagination.limit=1", "/cosmos/group/v1/groups?pagination.limit=2&pagination.count_total=true",
    "/cosmos/group/v1/groups?pagination.reverse=true", "/cosmos/group/v1/groups?pagination.offset=1",
    membersOf(1), `${membersOf(1)}?pagination.limit=1`, membersOf(99),
    `/cosmos/group/v1/groups_by_admin/${admin}`, `/cosmos/group/v1/groups_by_admin/${admin}?pagination.limit=1&pagination.count_total=true`, `/cosmos/group/v1/groups_by_admin/${out}`,
    "/cosmos/group/v1/groups_by_admin/cro1bad",
    `/cosmos/group/v1/groups_by_member/${m1}`, `/cosmos/group/v1/groups_by_member/${m2}`, `/cosmos/group/v1/groups_by_member/${out}`,
    policyInfo(P1), policyInfo(P2), policyInfo(P3), policyInfo(out), policyInfo("cro1bad"),
    "/cosmos/group/v1/group_policies_by_group/1", "/cosmos/group/v1/group_policies_by_group/1?pagination.limit=1", "/cosmos/group/v1/group_policies_by_group/99",
    `/cosmos/group/v1/group_policies_by_admin/${admin}`, `/cosmos/group/v1/group_policies_by_admin/${m1}`, `/cosmos/group/v1/group_policies_by_admin/${P3}`,
    proposal(1), proposal(2), proposal(3), proposal(6), proposal(7), proposal(99),
    byPolicy(P1), `${byPolicy(P1)}?pagination.limit=1&pagination.count_total=true`, byPolicy(P2), byPolicy(out),
    votesOf(3), votesOf(7), votesOf(99), `/cosmos/group/v1/vote_by_proposal_voter/3/${m1}`, `/cosmos/group/v1/vote_by_proposal_voter/3/${admin}`,
    `/cosmos/group/v1/votes_by_voter/${m1}`, `/cosmos/group/v1/votes_by_voter/${m2}`, `/cosmos/group/v1/votes_by_voter/${out}`,
    tally(3), tally(6), tally(7), tally(99),
    accountPath(P1), accountPath(P3), balances(P1), balances(out),
  ];
  r.extra.queries = [];
  for (const p of paths) (r.extra.queries as unknown[]).push(await r.query(p));
}
