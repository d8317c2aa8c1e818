// x/auth: accounts (the node's directory), their numbers, sequences and keys; module accounts.

import { queryService, type AppModule } from "../../app/module.js";
import type { Directory } from "../../app/view.js";
import { Query } from "../../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import { authQueries } from "./queries.js";
import { vestingAccounts } from "../vesting/accounts.js";
import type { Ledger } from "../../core/ledger.js";

export const authModule: AppModule<{ readonly directory: Directory; readonly ledger: Ledger; readonly denom: string }> = {
  name: "auth",
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, authQueries(app.directory, { ...o, vesting: vestingAccounts(app) }))] },
};
