// x/group's proposals (SDK v0.53 x/group/keeper: msg_server.go SubmitProposal, WithdrawProposal,
// Vote, Exec, doTallyAndUpdate; tally.go; proposal_executor.go; keeper.go's EndBlocker work): a
// proposal's life from submission (Exec TRY: its proposers' yes votes, then Exec) to its pruning
// (executed, or its voting period plus the maximum execution period past), its messages run as the
// policy's account through the router, all or none.

import { create } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { typedEvent, type TxEvent } from "../../framework/events.js";
import {
  EventExecSchema, EventProposalPrunedSchema, EventSubmitProposalSchema, EventTallyErrorSchema, EventVoteSchema, EventWithdrawProposalSchema,
} from "../../wire/gen/cosmos/group/v1/events_pb.js";
import { Exec } from "../../wire/gen/cosmos/group/v1/tx_pb.js";
import {
  ProposalExecutorResult, ProposalSchema, ProposalStatus, VoteOption, VoteSchema, type GroupInfo, type GroupPolicyInfo, type Proposal,
} from "../../wire/gen/cosmos/group/v1/types_pb.js";
import { GroupErrors, plain, wrap, wrapped } from "./errors.js";
import {
  CONFIG, assertMetadata, checkAddress, getGroupInfo, getPolicyInfo, getProposal, memberKey, memberTable, nsOf, policyOf, proposalByVpEnd,
  proposalTable, timeBytes, ts, voteByProposal, voteKey, voteTable, type GroupEnv,
} from "./keeper.js";
import { u64 } from "./orm.js";
import { addVote, allow, defaultTally, validatePolicy as validatePolicyFor } from "./policy.js";

const GAS_PER_ITERATION = 20n;

function plainAddress(env: GroupEnv, text: string): void {
  try {
    checkAddress(env, text);
  } catch (e) {
    throw plain((e as Error).message);
  }
}

/** ensureMsgAuthZ: every signer of every message is the policy. */
function ensureMsgAuthZ(env: GroupEnv, messages: readonly Any[], policy: string): void {
  for (const m of messages) {
    for (const signer of env.signersOf(m)) {
      if (signer !== policy) throw new TxError(SdkErrors.Unauthorized, `msg does not have group policy authorization; expected ${policy}, got ${signer}`);
    }
  }
}

export interface SubmitProposal {
  groupPolicyAddress: string; proposers: readonly string[]; metadata: string; messages: readonly Any[]; exec: Exec; title: string; summary: string;
}

export function submitProposal(env: GroupEnv, m: SubmitProposal): bigint {
  if (m.proposers.length === 0) throw new TxError(GroupErrors.Empty, "proposers");
  const seen = new Set<string>();
  for (const p of m.proposers) {
    if (seen.has(p)) throw new TxError(GroupErrors.Duplicate, `address: ${p}`);
    wrapped(`proposer address ${p}`, () => plainAddress(env, p));
    seen.add(p);
  }
  wrapped("request account address of group policy", () => plainAddress(env, m.groupPolicyAddress));
  assertMetadata(m.title, "proposal Title");
  if (m.summary !== "" && new TextEncoder().encode(m.summary).length > 40 * CONFIG.maxMetadataLen) throw new TxError(GroupErrors.MaxLimit, "proposal summary is too long");
  assertMetadata(m.metadata, "metadata");
  if (m.metadata !== "") {
    let meta: unknown;
    try {
      meta = JSON.parse(m.metadata);
    } catch {
      meta = undefined;
    }
    if (meta !== null && typeof meta === "object" && !Array.isArray(meta)) {
      const o = meta as { title?: unknown; summary?: unknown };
      const title = typeof o.title === "string" ? o.title : "";
      const summary = typeof o.summary === "string" ? o.summary : "";
      if (title !== m.title) throw plain(`metadata title '${title}' must equal proposal title '${m.title}'`);
      if (summary !== m.summary) throw plain(`metadata summary '${summary}' must equal proposal summary '${m.summary}'`);
    }
  }
  const policyInfo = wrapped(`load group policy: ${m.groupPolicyAddress}`, () => getPolicyInfo(env, m.groupPolicyAddress));
  const g = wrapped("get group by groupId of group policy", () => getGroupInfo(env, policyInfo.groupId));
  for (const p of m.proposers) {
    if (!memberTable.has(env.kv, memberKey(g.id, p))) throw new TxError(GroupErrors.Unauthorized, `not in group: ${p}`);
  }
  ensureMsgAuthZ(env, m.messages, m.groupPolicyAddress);
  const policy = wrapped("proposal group policy decision policy", () => policyOf(policyInfo.decisionPolicy));
  validatePolicyFor(policy, g);
  const kv = env.kv;
  const proposal = create(ProposalSchema, {
    id: proposalTable.seq.peekNextVal(kv), groupPolicyAddress: m.groupPolicyAddress, metadata: m.metadata, proposers: [...m.proposers],
    submitTime: ts(env.timeNs), groupVersion: g.version, groupPolicyVersion: policyInfo.version, status: ProposalStatus.SUBMITTED,
    executorResult: ProposalExecutorResult.NOT_RUN, votingPeriodEnd: ts(env.timeNs + policy.votingPeriodNs), finalTallyResult: defaultTally(),
    messages: [...m.messages], title: m.title, summary: m.summary,
  });
  const id = wrapped("create proposal", () => proposalTable.createAuto(kv, proposal));
  env.events.push(typedEvent(EventSubmitProposalSchema, { proposalId: id }));
  if (m.exec === Exec.TRY) {
    for (const p of m.proposers) {
      env.consume(GAS_PER_ITERATION, "vote on proposal");
      wrapped(`the proposal was created but failed on vote for voter ${p}`, () => vote(env, { proposalId: id, voter: p, option: VoteOption.YES, metadata: "", exec: Exec.UNSPECIFIED }));
    }
    wrapped("the proposal was created but failed on exec", () => exec(env, { proposalId: id, executor: m.proposers[0]! }));
  }
  return id;
}

export function withdrawProposal(env: GroupEnv, m: { proposalId: bigint; address: string }): void {
  if (m.proposalId === 0n) throw new TxError(GroupErrors.Empty, "proposal id");
  try { checkAddress(env, m.address); } catch { throw new TxError(SdkErrors.InvalidAddress, `invalid group policy admin / proposer address: ${m.address}`); }
  const p = getProposal(env, m.proposalId);
  if (p.status !== ProposalStatus.SUBMITTED) throw new TxError(GroupErrors.Invalid, `cannot withdraw a proposal with the status of ${statusText(p.status)}`);
  const policyInfo = wrapped("load group policy", () => getPolicyInfo(env, p.groupPolicyAddress));
  if (m.address !== policyInfo.admin && !p.proposers.includes(m.address)) {
    throw new TxError(GroupErrors.Unauthorized, `given address is neither group policy admin nor in proposers: ${m.address}`);
  }
  p.status = ProposalStatus.WITHDRAWN;
  proposalTable.update(env.kv, u64(m.proposalId), p);
  env.events.push(typedEvent(EventWithdrawProposalSchema, { proposalId: m.proposalId }));
}

export const statusText = (s: ProposalStatus): string => `PROPOSAL_STATUS_${ProposalStatus[s] ?? s}`;

export interface VoteMsg { proposalId: bigint; voter: string; option: VoteOption; metadata: string; exec: Exec }

export function vote(env: GroupEnv, m: VoteMsg): void {
  if (m.proposalId === 0n) throw new TxError(GroupErrors.Empty, "proposal id");
  if (m.option === VoteOption.UNSPECIFIED) throw new TxError(GroupErrors.Empty, "vote option");
  if (VoteOption[m.option] === undefined) throw new TxError(GroupErrors.Invalid, "vote option");
  assertMetadata(m.metadata, "metadata");
  try { checkAddress(env, m.voter); } catch { throw new TxError(SdkErrors.InvalidAddress, `invalid voter address: ${m.voter}`); }
  const p = getProposal(env, m.proposalId);
  if (p.status !== ProposalStatus.SUBMITTED) throw new TxError(GroupErrors.Invalid, "proposal not open for voting");
  if (env.timeNs > nsOf(p.votingPeriodEnd)) throw new TxError(GroupErrors.Expired, "voting period has ended already");
  const policyInfo = wrapped("load group policy", () => getPolicyInfo(env, p.groupPolicyAddress));
  const g = getGroupInfo(env, policyInfo.groupId);
  const member = memberTable.getOne(env.kv, memberKey(g.id, m.voter));
  if (member === undefined) throw new TxError(SdkErrors.NotFound, `voter address: ${m.voter}`);
  const v = create(VoteSchema, { proposalId: m.proposalId, voter: m.voter, option: m.option, metadata: m.metadata, submitTime: ts(env.timeNs) });
  wrapped("store vote", () => voteTable.create(env.kv, voteKey(m.proposalId, m.voter), v));
  env.events.push(typedEvent(EventVoteSchema, { proposalId: m.proposalId }));
  if (m.exec === Exec.TRY) exec(env, { proposalId: m.proposalId, executor: m.voter });
}

/** Tally: the final tally of a decided proposal, else its votes counted by the members' weights now. */
export function groupTally(env: GroupEnv, p: Proposal, groupId: bigint) {
  if (p.status === ProposalStatus.ACCEPTED || p.status === ProposalStatus.REJECTED) return p.finalTallyResult ?? defaultTally();
  const t = defaultTally();
  const it = voteByProposal.get(env.kv, p.id);
  for (let r = it.next(); r !== undefined; r = it.next()) {
    const member = memberTable.getOne(env.kv, memberKey(groupId, r.row.voter));
    if (member === undefined) continue;
    wrapped("add new vote", () => addVote(t, r.row.option, member.member!.weight));
  }
  return t;
}

function pruneVotes(env: GroupEnv, proposalId: bigint): void {
  const votes = voteByProposal.get(env.kv, proposalId).all();
  for (const v of votes) voteTable.delete(env.kv, voteKey(v.proposalId, v.voter));
}

/** doTallyAndUpdate: a final tally (enough votes, or the voting period over) decides the proposal and prunes its votes. */
function tallyAndUpdate(env: GroupEnv, p: Proposal, g: GroupInfo, policyInfo: GroupPolicyInfo): void {
  const policy = policyOf(policyInfo.decisionPolicy);
  let result;
  let t;
  try {
    t = groupTally(env, p, policyInfo.groupId);
    result = allow(policy, t, g.totalWeight);
  } catch (e) {
    if (!(e instanceof TxError)) throw e;
    pruneVotes(env, p.id);
    p.status = ProposalStatus.REJECTED;
    env.events.push(typedEvent(EventTallyErrorSchema, { proposalId: p.id, errorMessage: e.log }));
    return;
  }
  if (result.final || env.timeNs > nsOf(p.votingPeriodEnd)) {
    pruneVotes(env, p.id);
    p.finalTallyResult = t;
    p.status = result.allow ? ProposalStatus.ACCEPTED : ProposalStatus.REJECTED;
  }
}

/** Go's time.Time.String() in UTC. */
function goTime(ns: bigint): string {
  const secs = ns / 1_000_000_000n;
  const frac = ns % 1_000_000_000n;
  const base = new Date(Number(secs) * 1000).toISOString().slice(0, 19).replace("T", " ");
  return `${base}${frac === 0n ? "" : `.${frac.toString().padStart(9, "0").replace(/0+$/, "")}`} +0000 UTC`;
}

function executeMessages(env: GroupEnv, p: Proposal, policyInfo: GroupPolicyInfo): TxEvent[] {
  const policy = policyOf(policyInfo.decisionPolicy);
  const minExec = nsOf(p.submitTime) + policy.minExecutionPeriodNs;
  if (env.timeNs < minExec) throw new TxError(GroupErrors.Invalid, `must wait until ${goTime(minExec)} to execute proposal ${p.id}`);
  const expiry = nsOf(p.votingPeriodEnd) + CONFIG.maxExecutionPeriodNs;
  if (expiry < env.timeNs) throw new TxError(GroupErrors.Expired, `proposal expired on ${goTime(expiry)}`);
  ensureMsgAuthZ(env, p.messages, policyInfo.address);
  return env.execute(p.messages, policyInfo.address);
}

export function exec(env: GroupEnv, m: { proposalId: bigint; executor: string }): ProposalExecutorResult {
  if (m.proposalId === 0n) throw new TxError(GroupErrors.Empty, "proposal id");
  const p = getProposal(env, m.proposalId);
  if (p.status !== ProposalStatus.SUBMITTED && p.status !== ProposalStatus.ACCEPTED) {
    throw new TxError(GroupErrors.Invalid, `not possible to exec with proposal status ${statusText(p.status)}`);
  }
  const policyInfo = wrapped("load group policy", () => getPolicyInfo(env, p.groupPolicyAddress));
  if (p.status === ProposalStatus.SUBMITTED) {
    const g = wrapped("load group", () => getGroupInfo(env, policyInfo.groupId));
    tallyAndUpdate(env, p, g, policyInfo);
  }
  let logs = "";
  if (p.status === ProposalStatus.ACCEPTED && p.executorResult !== ProposalExecutorResult.SUCCESS) {
    try {
      const events = executeMessages(env, p, policyInfo);
      p.executorResult = ProposalExecutorResult.SUCCESS;
      env.events.push(...events);
    } catch (e) {
      if (!(e instanceof TxError)) throw e;
      p.executorResult = ProposalExecutorResult.FAILURE;
      logs = `proposal execution failed on proposal ${p.id}, because of error ${e.log}`;
    }
  }
  if (p.executorResult === ProposalExecutorResult.SUCCESS) {
    proposalTable.delete(env.kv, u64(p.id));
    env.events.push(typedEvent(EventProposalPrunedSchema, { proposalId: p.id, status: p.status, tallyResult: p.finalTallyResult ?? defaultTally() }));
  } else proposalTable.update(env.kv, u64(p.id), p);
  env.events.push(typedEvent(EventExecSchema, { proposalId: p.id, logs, result: p.executorResult }));
  return p.executorResult;
}

/** The proposals whose voting period ended before `beforeNs` (the index's order). */
function proposalsByVpEnd(env: GroupEnv, beforeNs: bigint): Proposal[] {
  return proposalByVpEnd.prefixScan(env.kv, undefined, timeBytes(ts(beforeNs))).all();
}

/** EndBlocker: TallyProposalsAtVPEnd, then PruneProposals. */
export function groupEndBlock(env: GroupEnv): void {
  for (const p of proposalsByVpEnd(env, env.timeNs)) {
    const policyInfo = wrapped("group policy", () => getPolicyInfo(env, p.groupPolicyAddress));
    const g = wrapped("group", () => getGroupInfo(env, policyInfo.groupId));
    if (p.status === ProposalStatus.ABORTED || p.status === ProposalStatus.WITHDRAWN) {
      proposalTable.delete(env.kv, u64(p.id));
      pruneVotes(env, p.id);
      env.events.push(typedEvent(EventProposalPrunedSchema, { proposalId: p.id, status: p.status }));
    } else if (p.status === ProposalStatus.SUBMITTED) {
      wrapped("doTallyAndUpdate", () => tallyAndUpdate(env, p, g, policyInfo));
      wrapped("proposal update", () => proposalTable.update(env.kv, u64(p.id), p));
    }
  }
  for (const p of proposalsByVpEnd(env, env.timeNs - CONFIG.maxExecutionPeriodNs)) {
    proposalTable.delete(env.kv, u64(p.id));
    env.events.push(typedEvent(EventProposalPrunedSchema, { proposalId: p.id, status: p.status, tallyResult: p.finalTallyResult ?? defaultTally() }));
  }
}

export { wrap };
