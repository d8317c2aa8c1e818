// x/evidence: its queries (no evidence is kept yet: the lists are empty).

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/evidence/v1beta1/query_pb.js";
import { evidenceQueries } from "./queries.js";

export const evidenceModule: AppModule<unknown> = {
  name: "evidence",
  queries: { services: [Query], handlers: (_app, o) => [queryService(Query, evidenceQueries(o))] },
};
