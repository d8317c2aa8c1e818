// x/consensus: the chain's consensus params (the genesis's).

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/consensus/v1/query_pb.js";
import { consensusQueries } from "./queries.js";

export const consensusModule: AppModule<Parameters<typeof consensusQueries>[0]> = {
  name: "consensus",
  queries: { services: [Query], handlers: (app) => [queryService(Query, consensusQueries(app))] },
};
