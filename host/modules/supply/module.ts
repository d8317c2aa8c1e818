// chain-main's x/supply: the total supply of the bond denom.

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/chainmain/supply/v1/query_pb.js";
import { supplyQueries } from "./queries.js";

export const supplyModule: AppModule<Parameters<typeof supplyQueries>[0]> = {
  name: "supply",
  queries: { services: [Query], handlers: (app) => [queryService(Query, supplyQueries(app))] },
};
