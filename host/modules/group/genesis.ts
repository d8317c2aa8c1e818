// x/group's genesis section (SDK v0.53 x/group/keeper/genesis.go): read as the SDK's JSON of its
// GenesisState (Anys by the schema's registry), imported table by table with their sequences
// (InitVal writes each sequence, 0 included), exported from the tables in row-id order.

import { create, fromJson, type JsonValue } from "@bufbuild/protobuf";
import { ValidationError } from "../../errors.js";
import { gatewayJson } from "../../wire/gateway-render.js";
import { jsonRegistry } from "../../wire/messages.js";
import { GenesisStateSchema, type GenesisState } from "../../wire/gen/cosmos/group/v1/genesis_pb.js";
import type { Json } from "../../framework/genesis-json.js";
import type { Kv } from "./kv.js";
import { groupTable, memberKey, memberTable, policyKey, policySeq, policyTable, proposalTable, voteKey, voteTable } from "./keeper.js";
import { u64 } from "./orm.js";

/** `app_state.group` (absent: the empty section). Throws ValidationError naming the path. */
export function parseGroup(v: Json | undefined): GenesisState {
  if (v === undefined || v === null) return create(GenesisStateSchema, {});
  try {
    const g = fromJson(GenesisStateSchema, v as JsonValue, { registry: jsonRegistry() });
    // protobuf-es names an Any read from JSON "type.googleapis.com/…"; the SDK's type URLs are "/…".
    const sdkUrl = (a: { typeUrl: string } | undefined) => { if (a !== undefined) a.typeUrl = a.typeUrl.replace(/^type\.googleapis\.com\//, "/"); };
    for (const p of g.groupPolicies) sdkUrl(p.decisionPolicy);
    for (const p of g.proposals) p.messages.forEach(sdkUrl);
    return g;
  } catch (e) {
    throw new ValidationError((e as Error).message, "app_state.group");
  }
}

/** InitGenesis: each table's rows, each sequence's value. */
export function initGroup(kv: Kv, g: GenesisState): void {
  groupTable.seq.initVal(kv, g.groupSeq);
  for (const x of g.groups) groupTable.create(kv, u64(x.id), x);
  for (const m of g.groupMembers) memberTable.create(kv, memberKey(m.groupId, m.member?.address ?? ""), m);
  for (const p of g.groupPolicies) policyTable.create(kv, policyKey(p.address), p);
  policySeq.initVal(kv, g.groupPolicySeq);
  proposalTable.seq.initVal(kv, g.proposalSeq);
  for (const p of g.proposals) proposalTable.create(kv, u64(p.id), p);
  for (const v of g.votes) voteTable.create(kv, voteKey(v.proposalId, v.voter), v);
}

/** ExportGenesis. */
export function exportGroup(kv: Kv): GenesisState {
  return create(GenesisStateSchema, {
    groupSeq: groupTable.seq.curVal(kv), groups: groupTable.scan(kv).all(),
    groupMembers: memberTable.scan(kv).all(),
    groupPolicySeq: policySeq.curVal(kv), groupPolicies: policyTable.scan(kv).all(),
    proposalSeq: proposalTable.seq.curVal(kv), proposals: proposalTable.scan(kv).all(),
    votes: voteTable.scan(kv).all(),
  });
}

export const groupJson = (g: GenesisState): Json => gatewayJson(GenesisStateSchema, g, jsonRegistry()) as Json;
