// x/auth: accounts (the node's directory), their numbers, sequences and keys; module accounts;
// its params (governance: update-params.ts).

import { queryService, type AppModule } from "../../framework/module.js";
import type { Directory } from "../../framework/view.js";
import { Query } from "../../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import type { GovernedParams } from "../gov/governed-params.js";
import { authQueries } from "./queries.js";
import { vestingAccounts } from "../vesting/accounts.js";
import type { Ledger } from "../../core/ledger.js";
import { msgUpdateAuthParams } from "./update-params.js";
import type { NodeDirectory } from "./directory.js";
import { initAuth, type AuthInitApp } from "./genesis-init.js";
import { exportAuth, type AuthExportApp } from "./genesis-export.js";

export const authModule: AppModule<
  { readonly directory: Directory; readonly ledger: Ledger; readonly denom: string; readonly params?: GovernedParams }, unknown, AuthInitApp, AuthExportApp
> = {
  name: "auth",
  genesis: { init: initAuth, export: exportAuth },
  messages: [msgUpdateAuthParams],
  queries: {
    services: [Query],
    handlers: (app, o) => [queryService(Query, authQueries(app.directory, { ...o, vesting: vestingAccounts(app), governed: () => app.params?.get("auth") }))],
  },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** The chain's accounts and validators by address and core id (x/auth's directory). */
    readonly directory: NodeDirectory;
  }
}
