// x/feegrant's queries (keeper/grpc_query.go of cosmossdk.io/x/feegrant v0.1.1): one allowance
// (absent: gRPC Internal, `fee-grant not found: not found`, HTTP 500), a grantee's allowances (by
// granter, in the store's key order) and a granter's (the whole store's order, by grantee). An
// address the codec refuses is its own error, as the SDK returns it (500).

import { pageQuery, paginateArray } from "../../wire/cosmos-pagination.js";
import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import type { Query } from "../../wire/gen/cosmos/feegrant/v1beta1/query_pb.js";
import type { PageRequest } from "../../wire/gen/cosmos/base/query/v1beta1/pagination_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { Directory } from "../../framework/view.js";
import { codecAddress } from "../auth/queries.js";
import { allowanceAny } from "./allowance.js";
import type { Feegrant, Grant } from "./keeper.js";

/** What the queries read of the application. */
export interface FeegrantApp {
  readonly directory: Directory;
  readonly feegrant: Feegrant;
}

const grantInit = (g: Grant) => ({ granter: g.granter, grantee: g.grantee, allowance: allowanceAny(g.allowance) });

export function feegrantQueries(app: FeegrantApp, options: { maxPageLimit?: number } = {}): ServiceHandlers<typeof Query> {
  const dir = app.directory;
  const page = (all: Grant[], p: PageRequest | undefined) => {
    const r = paginateArray(all.map((g, i) => ({ g, i: BigInt(i) })), (x) => x.i, pageQuery(p, options.maxPageLimit));
    return { allowances: r.items.map((x) => grantInit(x.g)), pagination: r.pagination };
  };
  return {
    allowance: (r) => {
      codecAddress(dir, r.granter);
      codecAddress(dir, r.grantee);
      const g = app.feegrant.get(r.granter, r.grantee);
      if (g === undefined) throw new GatewayError(GrpcCode.INTERNAL, "fee-grant not found: not found");
      return { allowance: { granter: r.granter, grantee: r.grantee, allowance: allowanceAny(g.allowance) } };
    },
    allowances: (r) => {
      codecAddress(dir, r.grantee);
      return page(app.feegrant.byGrantee(r.grantee), r.pagination);
    },
    allowancesByGranter: (r) => {
      codecAddress(dir, r.granter);
      return page(app.feegrant.byGranter(r.granter), r.pagination);
    },
  };
}
