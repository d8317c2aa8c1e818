// x/authz: MsgGrant, MsgRevoke and MsgExec (Generic, Send and Stake authorizations), its grants
// kept by the keeper (keeper.ts), and its queries.

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/authz/v1beta1/query_pb.js";
import { authzQueries, type AuthzView } from "./queries.js";
import { msgGrant, msgRevoke } from "./messages.js";
import { msgExec } from "./exec.js";
import type { Authz, Grant } from "./keeper.js";
import { authzJson } from "./genesis.js";

/** What x/authz's InitGenesis reads and writes: the grants not expired at the genesis time, into the keeper. */
export interface AuthzInitApp {
  readonly genesis: { readonly genesisTimeNs: bigint; readonly sdk: { readonly authz: readonly Grant[] } };
  readonly authz: Authz;
}

export const authzModule: AppModule<AuthzView, { readonly authz: Authz }, AuthzInitApp, { readonly authzGrants: () => readonly Grant[] }> = {
  name: "authz",
  genesis: {
    init: (app) => {
      for (const grant of app.genesis.sdk.authz) if (grant.expirationNs === undefined || grant.expirationNs > app.genesis.genesisTimeNs) app.authz.save(grant);
    },
    export: (app) => authzJson(app.authzGrants()),
  },
  // x/authz's BeginBlocker: the grants expired by the block's time, removed silently.
  beginBlock: (app, block) => {
    app.authz.pruneExpired(block.timeNs);
    return [];
  },
  messages: [msgGrant, msgExec, msgRevoke],
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, authzQueries(app, o))] },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** x/authz's grants. */
    readonly authz: Authz;
  }
}
