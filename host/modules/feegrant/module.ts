// x/feegrant: its queries (no feegrant state is kept yet: every answer is empty or not found, as on a chain with none).

import { queryService, type AppModule } from "../../framework/module.js";
import type { Directory } from "../../framework/view.js";
import { Query } from "../../wire/gen/cosmos/feegrant/v1beta1/query_pb.js";
import { feegrantQueries } from "./queries.js";

export const feegrantModule: AppModule<{ readonly directory: Directory }> = {
  name: "feegrant",
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, feegrantQueries(app.directory, o))] },
};
