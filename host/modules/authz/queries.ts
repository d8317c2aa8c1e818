// x/authz's queries (SDK v0.53 x/authz/keeper/grpc_query.go): a granter's grants to a grantee (one
// by msg type URL, or a page of them), a granter's grants, a grantee's grants, each page walked in
// the store's key order as query.GenericFilteredPaginate does (its next_key the store's own key
// bytes after the query's prefix). An address the codec refuses is its own error (500).

import { hexToBytes } from "@noble/hashes/utils.js";
import { create } from "@bufbuild/protobuf";
import { timestampOf, GatewayError, GrpcCode, moduleError } from "../../wire/gateway-json.js";
import { DEFAULT_LIMITS } from "../../limits.js";
import type { PageRequest } from "../../wire/gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import type { Query } from "../../wire/gen/cosmos/authz/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { Directory } from "../../framework/view.js";
import { codecAddress } from "../auth/queries.js";
import type { Authz, Grant } from "./keeper.js";
import { addressBytes, granterPrefix, hex } from "./keys.js";

/** What x/authz's queries read of the application. */
export interface AuthzView {
  readonly directory: Directory;
  readonly authz: Authz;
}

const grantJson = (g: Grant) => ({
  authorization: create(AnySchema, { typeUrl: g.authorization.typeUrl, value: g.authorization.value }),
  ...(g.expirationNs === undefined ? {} : { expiration: timestampOf(g.expirationNs) }),
});

/** GenericFilteredPaginate over rows in key order (`item` undefined: filtered out), keys as hex. */
export function filteredPage<T>(rows: readonly { key: string; item: T | undefined }[], p: PageRequest | undefined, maxLimit: number) {
  let limit = p?.limit ?? 0n;
  let countTotal = p?.countTotal ?? false;
  const offset = p?.offset ?? 0n;
  const key = p?.key !== undefined && p.key.length > 0 ? hex(p.key) : undefined;
  if (limit === 0n) {
    limit = 100n;
    countTotal = true;
  }
  if (limit > BigInt(maxLimit)) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `pagination.limit ${limit} is above the maximum ${maxLimit} (--max-page-limit)`);
  if (offset > 0n && key !== undefined) throw new GatewayError(GrpcCode.UNKNOWN, "invalid request, either offset or key is expected, got both");
  const ordered = p?.reverse ? [...rows].reverse() : rows;
  const items: T[] = [];
  let numHits = 0n;
  let nextKey: string | undefined;
  if (key !== undefined) {
    const from = ordered.findIndex((r) => (p?.reverse ? r.key <= key : r.key >= key));
    for (const r of from < 0 ? [] : ordered.slice(from)) {
      if (numHits === limit) {
        nextKey = r.key;
        break;
      }
      if (r.item === undefined) continue;
      items.push(r.item);
      numHits++;
    }
    return { items, pagination: { nextKey: nextKey === undefined ? new Uint8Array() : hexToBytes(nextKey), total: 0n } };
  }
  const end = offset + limit;
  for (const r of ordered) {
    if (r.item === undefined) continue;
    if (numHits >= offset && numHits < end) items.push(r.item);
    numHits++;
    if (numHits === end + 1n) {
      nextKey ??= r.key;
      if (!countTotal) break;
    }
  }
  return { items, pagination: { nextKey: nextKey === undefined ? new Uint8Array() : hexToBytes(nextKey), total: countTotal ? numHits : 0n } };
}

export function authzQueries(app: AuthzView, options: { maxPageLimit?: number } = {}): ServiceHandlers<typeof Query> {
  const max = options.maxPageLimit ?? DEFAULT_LIMITS.maxPageLimit;
  const address = (text: string) => {
    codecAddress(app.directory, text);
    return text;
  };
  return {
    grants: (r) => {
      const granter = address(r.granter);
      const grantee = address(r.grantee);
      if (r.msgTypeUrl !== "") {
        const g = app.authz.get(granter, grantee, r.msgTypeUrl);
        if (g === undefined) throw moduleError("authz", 2, `authorization not found for ${r.msgTypeUrl} type: authorization not found`);
        return { grants: [grantJson(g)] };
      }
      const prefix = hex(app.authz.keyOf(granter, grantee, "")).slice(2);
      const rows = app.authz.all().filter((x) => x.key.startsWith(prefix)).map((x) => ({ key: x.key.slice(prefix.length), item: grantJson(x.grant) }));
      const { items, pagination } = filteredPage(rows, r.pagination, max);
      return { grants: items, pagination };
    },
    granterGrants: (r) => {
      const granter = address(r.granter);
      const prefix = hex(granterPrefix(addressBytes(granter, app.directory.accountPrefix))).slice(2);
      const rows = app.authz.all().filter((x) => x.key.startsWith(prefix)).map((x) => ({
        key: x.key.slice(prefix.length), item: { granter: r.granter, grantee: x.grant.grantee, ...grantJson(x.grant) },
      }));
      const { items, pagination } = filteredPage(rows, r.pagination, max);
      return { grants: items, pagination };
    },
    granteeGrants: (r) => {
      const grantee = address(r.grantee);
      const rows = app.authz.all().map((x) => ({
        key: x.key, item: x.grant.grantee === grantee ? { granter: x.grant.granter, grantee: r.grantee, ...grantJson(x.grant) } : undefined,
      }));
      const { items, pagination } = filteredPage(rows, r.pagination, max);
      return { grants: items, pagination };
    },
  };
}
