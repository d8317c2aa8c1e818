// x/feegrant: fee allowances a granter gives a grantee (messages.ts), used by the ante when a tx
// names the granter in its fee (use.ts), removed by the EndBlocker when expired (keeper.ts), and
// queried by grantee and by granter (queries.ts).

import { queryService, type AppModule } from "../../app/module.js";
import { Query } from "../../wire/gen/cosmos/feegrant/v1beta1/query_pb.js";
import { feegrantMessages } from "./messages.js";
import { feegrantQueries, type FeegrantApp } from "./queries.js";

export const feegrantModule: AppModule<FeegrantApp> = {
  name: "feegrant",
  messages: feegrantMessages,
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, feegrantQueries(app, o))] },
};
