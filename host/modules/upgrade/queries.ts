// x/upgrade's queries: no upgrade is ever scheduled on this node, so there is no current plan.

import type { Query } from "../../wire/gen/cosmos/upgrade/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";

export function upgradeQueries(): ServiceHandlers<typeof Query> {
  return { currentPlan: () => ({}) };
}
