// x/mint: the minter's inflation and annual provisions (the core's emission), its params.

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/mint/v1beta1/query_pb.js";
import { mintQueries, type MintView } from "./queries.js";

export const mintModule: AppModule<MintView> = {
  name: "mint",
  queries: { services: [Query], handlers: (app) => [queryService(Query, mintQueries(app))] },
};
