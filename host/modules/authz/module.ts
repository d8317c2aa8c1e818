// x/authz: its queries (no authz state is kept yet: every answer is empty or not found, as on a chain with none).

import { queryService, type AppModule } from "../../framework/module.js";
import type { Directory } from "../../framework/view.js";
import { Query } from "../../wire/gen/cosmos/authz/v1beta1/query_pb.js";
import { authzQueries } from "./queries.js";

export const authzModule: AppModule<{ readonly directory: Directory }> = {
  name: "authz",
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, authzQueries(app.directory, o))] },
};
