// ibc-go's ICS-20 transfer queries: the node has no IBC, so transfers are neither sent nor received.

import type { Query } from "../../wire/gen/ibc/applications/transfer/v1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";

export function transferQueries(): ServiceHandlers<typeof Query> {
  return { params: () => ({ params: { sendEnabled: false, receiveEnabled: false } }) };
}
