// x/auth: accounts (the node's directory), their numbers, sequences and keys; module accounts;
// its params (governance: update-params.ts).

import { queryService, type AppModule } from "../../app/module.js";
import type { Directory } from "../../app/view.js";
import { Query } from "../../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import type { GovernedParams } from "../gov/governed-params.js";
import { authQueries } from "./queries.js";
import { vestingAccounts } from "../vesting/accounts.js";
import type { Ledger } from "../../core/ledger.js";
import { msgUpdateAuthParams } from "./update-params.js";

export const authModule: AppModule<{ readonly directory: Directory; readonly ledger: Ledger; readonly denom: string; readonly params?: GovernedParams }> = {
  name: "auth",
  messages: [msgUpdateAuthParams],
  queries: {
    services: [Query],
    handlers: (app, o) => [queryService(Query, authQueries(app.directory, { ...o, vesting: vestingAccounts(app), governed: () => app.params?.get("auth") }))],
  },
};
