// x/auth: accounts (the node's directory), their numbers, sequences and keys; module accounts.

import { queryService, type AppModule } from "../../framework/module.js";
import type { Directory } from "../../framework/view.js";
import { Query } from "../../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import { authQueries } from "./queries.js";
import type { NodeDirectory } from "./directory.js";
import { initAuth, type AuthInitApp } from "./genesis-init.js";
import { exportAuth, type AuthExportApp } from "./genesis-export.js";

export const authModule: AppModule<{ readonly directory: Directory }, unknown, AuthInitApp, AuthExportApp> = {
  name: "auth",
  genesis: { init: initAuth, export: exportAuth },
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, authQueries(app.directory, o))] },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** The chain's accounts and validators by address and core id (x/auth's directory). */
    readonly directory: NodeDirectory;
  }
}
