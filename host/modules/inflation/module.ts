// chain-main's x/inflation: the decay params the emission follows.

import { queryService, type AppModule } from "../../app/module.js";
import { Query } from "../../wire/gen/chainmain/inflation/v1/query_pb.js";
import { inflationQueries, type InflationView } from "./queries.js";

export const inflationModule: AppModule<InflationView> = {
  name: "inflation",
  queries: { services: [Query], handlers: (app) => [queryService(Query, inflationQueries(app))] },
};
