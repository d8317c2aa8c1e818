// x/authz: MsgGrant, MsgRevoke and MsgExec (Generic, Send and Stake authorizations), its grants
// kept by the keeper (keeper.ts), and its queries.

import { queryService, type AppModule } from "../../app/module.js";
import { Query } from "../../wire/gen/cosmos/authz/v1beta1/query_pb.js";
import { authzQueries, type AuthzView } from "./queries.js";
import { msgGrant, msgRevoke } from "./messages.js";
import { msgExec } from "./exec.js";

export const authzModule: AppModule<AuthzView> = {
  name: "authz",
  messages: [msgGrant, msgExec, msgRevoke],
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, authzQueries(app, o))] },
};
