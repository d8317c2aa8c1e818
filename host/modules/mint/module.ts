// x/mint: the minter's inflation and annual provisions (the core's emission), its params.

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/mint/v1beta1/query_pb.js";
import { mintQueries, type MintView } from "./queries.js";
import { mintBeginBlock } from "./block-events.js";

export const mintModule: AppModule<MintView> = {
  name: "mint",
  beginBlock: (_app, block) => mintBeginBlock(block),
  queries: { services: [Query], handlers: (app) => [queryService(Query, mintQueries(app))] },
};
