// x/feegrant: fee allowances a granter gives a grantee (messages.ts), used by the ante when a tx
// names the granter in its fee (use.ts), removed by the EndBlocker when expired (keeper.ts), and
// queried by grantee and by granter (queries.ts).

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/feegrant/v1beta1/query_pb.js";
import { feegrantMessages } from "./messages.js";
import { feegrantQueries, type FeegrantApp } from "./queries.js";
import type { Feegrant } from "./keeper.js";
import { feegrantEndBlock } from "./end-block.js";
import { expiresAt } from "./allowance.js";
import type { Grant } from "./keeper.js";
import type { NodeDirectory } from "../auth/directory.js";
import { ValidationError } from "../../errors.js";
import { feegrantJson } from "./genesis.js";

/** What x/feegrant's InitGenesis reads and writes: its allowances into the keeper. */
export interface FeegrantInitApp {
  readonly genesis: { readonly genesisTimeNs: bigint; readonly sdk: { readonly feegrant: readonly Grant[] } };
  readonly feegrant: Feegrant;
  readonly directory: NodeDirectory;
}

export const feegrantModule: AppModule<FeegrantApp, { readonly feegrant: Feegrant }, FeegrantInitApp, { readonly feegrant: Feegrant }> = {
  name: "feegrant",
  genesis: {
    // GrantAllowance each (a grantee without an account gets one).
    init: (app) => {
      app.genesis.sdk.feegrant.forEach((grant, i) => {
        const refuse = (why: string) => { throw new ValidationError(`${why}: invalid request`, `app_state.feegrant.allowances[${i}]`); };
        if (app.feegrant.get(grant.granter, grant.grantee) !== undefined) refuse("fee allowance already exists");
        const exp = expiresAt(grant.allowance);
        if (exp !== undefined && exp < app.genesis.genesisTimeNs) refuse("expiration is before current block time");
        if (!app.directory.numbered(grant.grantee)) app.directory.genesisAccount(grant.grantee, { number: app.directory.nextAccountNumber() });
        app.feegrant.importGrant(grant);
      });
    },
    export: (app) => feegrantJson(app.feegrant.all()),
  },
  // x/feegrant's EndBlocker: the allowances expired by the block's time (200 a block), silently.
  endBlock: (app, block) => {
    feegrantEndBlock(app.feegrant, block.timeNs);
    return [];
  },
  messages: feegrantMessages,
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, feegrantQueries(app, o))] },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** x/feegrant's allowances and expiration queue. */
    readonly feegrant: Feegrant;
  }
}
