// x/group's keeper (SDK v0.53 x/group/keeper, DefaultConfig as chain-main's app.go takes it): its
// tables and indexes (keeper.go's prefixes), the environment a message runs in (the store, the block's
// time, the accounts, the message router, the typed events), and the lookups the msg server shares.

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema, DurationSchema, TimestampSchema, type Any, type Duration, type Timestamp } from "@bufbuild/protobuf/wkt";
import { sha256 } from "@noble/hashes/sha2.js";
import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import type { TxEvent } from "../../framework/events.js";
import {
  GroupInfoSchema, GroupMemberSchema, GroupPolicyInfoSchema, PercentageDecisionPolicySchema, ProposalSchema,
  ThresholdDecisionPolicySchema, VoteSchema, type GroupInfo, type GroupPolicyInfo, type Proposal,
} from "../../wire/gen/cosmos/group/v1/types_pb.js";
import { GroupErrors } from "./errors.js";
import type { Kv } from "./kv.js";
import { AutoTable, Index, Sequence, Table, concat, keyOf, u64 } from "./orm.js";

/** group.DefaultConfig(). */
export const CONFIG = { maxExecutionPeriodNs: 14n * 86_400n * 1_000_000_000n, maxMetadataLen: 255, maxProposalTitleLen: 255, maxProposalSummaryLen: 10200 };

/** What a message of the keeper runs in: the store (metered or not), the block, the accounts, the router. */
export interface GroupEnv {
  readonly kv: Kv;
  readonly prefix: string;
  readonly timeNs: bigint;
  /** AccountKeeper.GetAccount(addr) != nil. */
  hasAccount(address: string): boolean;
  /** NewAccount + SetAccount: the policy's account, a BaseAccount with its ModuleCredential as key. */
  createPolicyAccount(address: string, derivationKey: Uint8Array): void;
  /** The proposal's messages through the router, signed by the policy, in a cached context: their events, or a throw (nothing kept). */
  execute(messages: readonly Any[], policy: string): TxEvent[];
  /** GetMsgV1Signers of a proposal's message (every signer its definition names), or a throw for a type the router does not know. */
  signersOf(message: Any): string[];
  /** ConsumeGas outside the store (gasCostPerIteration). */
  consume(amount: bigint, descriptor: string): void;
  /** Typed events, in order. */
  readonly events: TxEvent[];
}

const addr = (env: { prefix: string }, text: string) => accountAddressBytes(text, env.prefix);

export const groupTable = new AutoTable(0x00, 0x01, GroupInfoSchema);
export const groupByAdmin = new Index(groupTable, 0x02, (g) => [addrBytes(g.admin)], "bytes");
export const memberTable = new Table(0x10, GroupMemberSchema);
export const memberByGroup = new Index(memberTable, 0x11, (m) => [m.groupId], "u64");
export const memberByMember = new Index(memberTable, 0x12, (m) => [addrBytes(m.member?.address ?? "")], "bytes");
export const policySeq = new Sequence(0x21);
export const policyTable = new Table(0x20, GroupPolicyInfoSchema);
export const policyByGroup = new Index(policyTable, 0x22, (p) => [p.groupId], "u64");
export const policyByAdmin = new Index(policyTable, 0x23, (p) => [addrBytes(p.admin)], "bytes");
export const proposalTable = new AutoTable(0x30, 0x31, ProposalSchema);
export const proposalByPolicy = new Index(proposalTable, 0x32, (p) => [addrBytes(p.groupPolicyAddress)], "bytes");
export const proposalByVpEnd = new Index(proposalTable, 0x33, (p) => [timeBytes(p.votingPeriodEnd)], "bytes");
export const voteTable = new Table(0x40, VoteSchema);
export const voteByProposal = new Index(voteTable, 0x41, (v) => [v.proposalId], "u64");
export const voteByVoter = new Index(voteTable, 0x42, (v) => [addrBytes(v.voter)], "bytes");

/** Any bech32 account address's bytes (the store's indexes; the prefix is the text's own). */
export function addrBytes(text: string): Uint8Array {
  if (text === "") return new Uint8Array();
  return accountAddressBytes(text, text.slice(0, text.lastIndexOf("1")));
}

// ---- rows' keys ----
export const memberKey = (groupId: bigint, address: string): Uint8Array => keyOf([groupId, addrBytes(address)]);
export const policyKey = (address: string): Uint8Array => keyOf([addrBytes(address)]);
export const voteKey = (proposalId: bigint, voter: string): Uint8Array => keyOf([proposalId, addrBytes(voter)]);

// ---- times ----
export const ts = (ns: bigint): Timestamp => create(TimestampSchema, { seconds: ns / 1_000_000_000n, nanos: Number(ns % 1_000_000_000n) });
export const nsOf = (t: Timestamp | undefined): bigint => (t === undefined ? 0n : t.seconds * 1_000_000_000n + BigInt(t.nanos));
export const durNs = (d: Duration | undefined): bigint => (d === undefined ? 0n : d.seconds * 1_000_000_000n + BigInt(d.nanos));
export const dur = (ns: bigint): Duration => create(DurationSchema, { seconds: ns / 1_000_000_000n, nanos: Number(ns % 1_000_000_000n) });

/** sdk.FormatTimeBytes: "2006-01-02T15:04:05.000000000" in UTC. */
export function timeBytes(t: Timestamp | undefined): Uint8Array {
  const ns = nsOf(t);
  const secs = ns / 1_000_000_000n - (ns % 1_000_000_000n < 0n ? 1n : 0n);
  const frac = ns - secs * 1_000_000_000n;
  const iso = new Date(Number(secs) * 1000).toISOString().slice(0, 19);
  return new TextEncoder().encode(`${iso}.${frac.toString().padStart(9, "0")}`);
}

// ---- the policy account's address (address.Module("group", 0x20, <seq>)) ----
const hashOf = (typ: Uint8Array, key: Uint8Array) => sha256(concat(sha256(typ), key));
export function policyAddressBytes(seq: bigint): { address: Uint8Array; derivationKey: Uint8Array } {
  const first = hashOf(new TextEncoder().encode("module"), concat(new TextEncoder().encode("group\0"), Uint8Array.of(0x20)));
  const derivationKey = u64(seq);
  return { address: hashOf(first, derivationKey), derivationKey };
}

// ---- decision policies ----
export interface Policy {
  kind: "threshold" | "percentage";
  value: string;
  votingPeriodNs: bigint;
  minExecutionPeriodNs: bigint;
}

/** The decision policy of an Any (GetDecisionPolicy), sdk 2-like errors for another type. */
export function policyOf(a: Any | undefined): Policy {
  if (a?.typeUrl === "/cosmos.group.v1.ThresholdDecisionPolicy") {
    const p = fromBinary(ThresholdDecisionPolicySchema, a.value);
    return { kind: "threshold", value: p.threshold, votingPeriodNs: durNs(p.windows?.votingPeriod), minExecutionPeriodNs: durNs(p.windows?.minExecutionPeriod) };
  }
  if (a?.typeUrl === "/cosmos.group.v1.PercentageDecisionPolicy") {
    const p = fromBinary(PercentageDecisionPolicySchema, a.value);
    return { kind: "percentage", value: p.percentage, votingPeriodNs: durNs(p.windows?.votingPeriod), minExecutionPeriodNs: durNs(p.windows?.minExecutionPeriod) };
  }
  throw new TxError(SdkErrors.InvalidType, `expected group.DecisionPolicy, got ${a?.typeUrl ?? "<nil>"}`);
}

/** The policy's Any as gogoproto writes it back (its windows always present). */
export function policyAny(p: Policy): Any {
  const windows = { votingPeriod: dur(p.votingPeriodNs), minExecutionPeriod: dur(p.minExecutionPeriodNs) };
  return p.kind === "threshold"
    ? create(AnySchema, { typeUrl: "/cosmos.group.v1.ThresholdDecisionPolicy", value: toBinary(ThresholdDecisionPolicySchema, create(ThresholdDecisionPolicySchema, { threshold: p.value, windows })) })
    : create(AnySchema, { typeUrl: "/cosmos.group.v1.PercentageDecisionPolicy", value: toBinary(PercentageDecisionPolicySchema, create(PercentageDecisionPolicySchema, { percentage: p.value, windows })) });
}

// ---- lookups ----
export function getGroupInfo(env: GroupEnv, id: bigint): GroupInfo {
  const g = groupTable.getOne(env.kv, u64(id));
  if (g === undefined) throw new TxError(SdkErrors.NotFound);
  return g;
}

export function getPolicyInfo(env: GroupEnv, address: string): GroupPolicyInfo {
  let key: Uint8Array;
  try {
    key = keyOf([addr(env, address)]);
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `${(e as Error).message}`);
  }
  const p = policyTable.getOne(env.kv, key);
  if (p === undefined) throw new TxError(SdkErrors.NotFound);
  return p;
}

export function getProposal(env: GroupEnv, id: bigint): Proposal {
  const p = proposalTable.getOne(env.kv, u64(id));
  if (p === undefined) throw new TxError(SdkErrors.NotFound, "load proposal");
  return p;
}

/** assertMetadataLength. */
export function assertMetadata(m: string, what: string): void {
  if (m !== "" && new TextEncoder().encode(m).length > CONFIG.maxMetadataLen) throw new TxError(GroupErrors.MaxLimit, what);
}

/** The address codec's StringToBytes, as the keeper checks a field: its error text. */
export function checkAddress(env: { prefix: string }, text: string): Uint8Array {
  return addr(env, text);
}

export const bech32 = (env: { prefix: string }, bytes: Uint8Array): string => encodeAddress(env.prefix, bytes);
