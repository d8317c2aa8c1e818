// x/consensus: the chain's consensus params (the genesis's, then governance's: update-params.ts).

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/consensus/v1/query_pb.js";
import { consensusQueries } from "./queries.js";
import { msgUpdateConsensusParams } from "./update-params.js";

export const consensusModule: AppModule<Parameters<typeof consensusQueries>[0]> = {
  name: "consensus",
  messages: [msgUpdateConsensusParams],
  queries: { services: [Query], handlers: (app) => [queryService(Query, consensusQueries(app))] },
};
