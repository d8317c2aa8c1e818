// IBC transfer on a lone chain: its params (sending and receiving off), as the gateway answers them.

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/ibc/applications/transfer/v1/query_pb.js";
import { transferQueries } from "./queries.js";

export const ibcModule: AppModule<unknown> = {
  name: "transfer",
  queries: { services: [Query], handlers: () => [queryService(Query, transferQueries())] },
};
