// x/group's Query service (SDK v0.53 x/group/keeper/grpc_query.go) over the module's store: pages
// by the ORM's Paginate (an index's rows from the page key, or an offset; count_total only without a
// key; `reverse` ignored), errors as the gateway renders a registered error (gRPC Unknown, HTTP 500:
// `codespace <cs> code <n>: <description>: <notes>`) or an address codec's text.

import type { PageRequest } from "../../wire/gen/cosmos/base/query/v1beta1/pagination_pb.js";
import type { Query } from "../../wire/gen/cosmos/group/v1/query_pb.js";
import { GatewayError, GrpcCode, moduleError } from "../../wire/gateway-json.js";
import { TxError } from "../../wire/errors.js";
import { ACCOUNT_PREFIX } from "../../framework/prefixes.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import { ProposalStatus } from "../../wire/gen/cosmos/group/v1/types_pb.js";
import type { Group } from "./env.js";
import { GroupErrors, detailOf, wrapped } from "./errors.js";
import {
  checkAddress, getGroupInfo, getPolicyInfo, getProposal, groupByAdmin, groupTable, memberByGroup, memberByMember, policyByAdmin,
  policyByGroup, proposalByPolicy, voteByProposal, voteByVoter, voteKey, voteTable, type GroupEnv,
} from "./keeper.js";
import { u64, type Index, type KeyPart, type RowIterator } from "./orm.js";
import { groupTally } from "./proposals.js";
import type { DescMessage, MessageShape } from "@bufbuild/protobuf";

/** What x/group's queries read of the application. */
export interface GroupView {
  readonly group: Group;
}

/** A query's error as the gateway renders it. */
function rendered(e: unknown): unknown {
  if (!(e instanceof TxError)) return e;
  if (e.codespace === "undefined") return new GatewayError(GrpcCode.UNKNOWN, e.log);
  const detail = detailOf(e);
  return moduleError(e.codespace, e.code, detail === "" ? e.kind.description : `${e.kind.description}: ${detail}`);
}

function answer<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw rendered(e);
  }
}

/** orm.Paginate over an iterator of rows. */
function paginate<D extends DescMessage>(it: RowIterator<D>, p: PageRequest | undefined) {
  const offset = p?.offset ?? 0n;
  const key = p?.key !== undefined && p.key.length > 0 ? p.key : undefined;
  let limit = p?.limit ?? 0n;
  let countTotal = p?.countTotal ?? false;
  if (offset > 0n && key !== undefined) throw new GatewayError(GrpcCode.UNKNOWN, "invalid request, either offset or key is expected, got both");
  if (limit === 0n) {
    limit = 100n;
    countTotal = true;
  }
  const end = offset + limit;
  const items: MessageShape<D>[] = [];
  let count = 0n;
  let nextKey: Uint8Array | undefined;
  for (let r = it.next(); r !== undefined; r = it.next()) {
    count++;
    if (count <= offset) continue;
    if (count <= end) items.push(r.row);
    else if (count === end + 1n) {
      nextKey = r.rowId;
      if (!countTotal || key !== undefined) break;
    }
  }
  return { items, pagination: { nextKey: nextKey ?? new Uint8Array(), total: countTotal && key === undefined ? count : 0n } };
}

/** GetPaginated: an index's rows under `part`, from the page key's row on. */
function indexPage<D extends DescMessage>(env: GroupEnv, index: Index<D>, part: KeyPart, p: PageRequest | undefined) {
  const it = p?.key !== undefined && p.key.length > 0 ? index.from(env.kv, part, p.key) : index.get(env.kv, part);
  return paginate(it, p);
}

function addressOf(text: string): Uint8Array {
  try {
    return checkAddress({ prefix: ACCOUNT_PREFIX }, text);
  } catch (e) {
    throw new GatewayError(GrpcCode.UNKNOWN, (e as Error).message);
  }
}

export function groupQueries(app: GroupView): ServiceHandlers<typeof Query> {
  const env = (): GroupEnv => ({
    kv: app.group.store, prefix: ACCOUNT_PREFIX, timeNs: 0n, events: [], hasAccount: () => false, createPolicyAccount: () => {},
    execute: () => [], signersOf: () => [], consume: () => {},
  });
  return {
    groupInfo: (r) => answer(() => ({ info: wrapped("group", () => getGroupInfo(env(), r.groupId)) })),
    groupPolicyInfo: (r) => answer(() => {
      addressOf(r.address);
      return { info: wrapped("group policy", () => getPolicyInfo(env(), r.address)) };
    }),
    groupMembers: (r) => answer(() => {
      const { items, pagination } = indexPage(env(), memberByGroup, r.groupId, r.pagination);
      return { members: items, pagination };
    }),
    groupsByAdmin: (r) => answer(() => {
      const { items, pagination } = indexPage(env(), groupByAdmin, addressOf(r.admin), r.pagination);
      return { groups: items, pagination };
    }),
    groupPoliciesByGroup: (r) => answer(() => {
      const { items, pagination } = indexPage(env(), policyByGroup, r.groupId, r.pagination);
      return { groupPolicies: items, pagination };
    }),
    groupPoliciesByAdmin: (r) => answer(() => {
      const { items, pagination } = indexPage(env(), policyByAdmin, addressOf(r.admin), r.pagination);
      return { groupPolicies: items, pagination };
    }),
    proposal: (r) => answer(() => ({ proposal: getProposal(env(), r.proposalId) })),
    proposalsByGroupPolicy: (r) => answer(() => {
      const { items, pagination } = indexPage(env(), proposalByPolicy, addressOf(r.address), r.pagination);
      return { proposals: items, pagination };
    }),
    voteByProposalVoter: (r) => answer(() => {
      addressOf(r.voter);
      const v = voteTable.getOne(app.group.store, voteKey(r.proposalId, r.voter));
      if (v === undefined) throw new TxError({ codespace: "sdk", code: 38, description: "not found" });
      return { vote: v };
    }),
    votesByProposal: (r) => answer(() => {
      const { items, pagination } = indexPage(env(), voteByProposal, r.proposalId, r.pagination);
      return { votes: items, pagination };
    }),
    votesByVoter: (r) => answer(() => {
      const { items, pagination } = indexPage(env(), voteByVoter, addressOf(r.voter), r.pagination);
      return { votes: items, pagination };
    }),
    groupsByMember: (r) => answer(() => {
      const e = env();
      const { items, pagination } = indexPage(e, memberByMember, addressOf(r.address), r.pagination);
      return { groups: items.map((m) => getGroupInfo(e, m.groupId)), pagination };
    }),
    tallyResult: (r) => answer(() => {
      const e = env();
      const p = getProposal(e, r.proposalId);
      if (p.status === ProposalStatus.WITHDRAWN || p.status === ProposalStatus.ABORTED) {
        throw new TxError(GroupErrors.Invalid, `can't get the tally of a proposal with status PROPOSAL_STATUS_${ProposalStatus[p.status]}`);
      }
      const policy = wrapped("load group policy", () => getPolicyInfo(e, p.groupPolicyAddress));
      return { tally: groupTally(e, p, policy.groupId) };
    }),
    groups: (r) => answer(() => {
      const e = env();
      const { items, pagination } = paginate(groupTable.scan(e.kv, u64(1n), u64(0xffffffffffffffffn)), r.pagination);
      return { groups: items, pagination };
    }),
  };
}
