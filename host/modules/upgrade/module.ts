// x/upgrade: its queries (no plan is kept yet).

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/upgrade/v1beta1/query_pb.js";
import { upgradeQueries } from "./queries.js";

export const upgradeModule: AppModule<unknown> = {
  name: "upgrade",
  queries: { services: [Query], handlers: () => [queryService(Query, upgradeQueries())] },
};
