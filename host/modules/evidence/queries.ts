// x/evidence's queries: the node keeps no submitted evidence (double signs reach x/slashing
// straight from CometBFT's misbehaviour list), so the list is empty.

import { pageQuery, paginateArray } from "../../wire/cosmos-pagination.js";
import type { Query } from "../../wire/gen/cosmos/evidence/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";

export function evidenceQueries(options: { maxPageLimit?: number } = {}): ServiceHandlers<typeof Query> {
  return {
    allEvidence: (r) => ({ evidence: [], pagination: paginateArray([], () => 0n, pageQuery(r.pagination, options.maxPageLimit)).pagination }),
  };
}
