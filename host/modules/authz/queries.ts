// x/authz's queries: no authorization can be granted on this node, so every granter has none.
// An address the codec refuses is its own error, as the SDK returns it (500).

import { pageQuery, paginateArray } from "../../wire/cosmos-pagination.js";
import type { Query } from "../../wire/gen/cosmos/authz/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { Directory } from "../../framework/view.js";
import { codecAddress } from "../auth/queries.js";

export function authzQueries(dir: Directory, options: { maxPageLimit?: number } = {}): ServiceHandlers<typeof Query> {
  return {
    granterGrants: (r) => {
      codecAddress(dir, r.granter);
      return { grants: [], pagination: paginateArray([], () => 0n, pageQuery(r.pagination, options.maxPageLimit)).pagination };
    },
  };
}
