// x/feegrant's queries: no fee allowance can be granted on this node, so every grantee has none.
// An address the codec refuses is its own error, as the SDK returns it (500).

import { pageQuery, paginateArray } from "../../wire/cosmos-pagination.js";
import type { Query } from "../../wire/gen/cosmos/feegrant/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { Directory } from "../../framework/view.js";
import { codecAddress } from "../auth/queries.js";

export function feegrantQueries(dir: Directory, options: { maxPageLimit?: number } = {}): ServiceHandlers<typeof Query> {
  return {
    allowances: (r) => {
      codecAddress(dir, r.grantee);
      return { allowances: [], pagination: paginateArray([], () => 0n, pageQuery(r.pagination, options.maxPageLimit)).pagination };
    },
  };
}
