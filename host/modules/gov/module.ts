// x/gov v1: proposals, deposits, votes, the tier-aware tally (keeper.ts); v1beta1's messages and v1 MsgExecLegacyContent (v1beta1.ts).

import { queryService, type AppModule } from "../../framework/module.js";
import { Query as QueryV1 } from "../../wire/gen/cosmos/gov/v1/query_pb.js";
import { Query as QueryV1beta1 } from "../../wire/gen/cosmos/gov/v1beta1/query_pb.js";
import { govQueries, govV1beta1Queries, type GovView } from "./queries.js";
import { GOV_MESSAGES } from "./messages.js";
import { GOV_V1BETA1_MESSAGES } from "./v1beta1.js";
import { msgUpdateGovParams } from "./update-gov-params.js";
import type { Gov } from "./keeper.js";
import type { GovernedParams } from "./governed-params.js";
import { govEndBlock, type GovBlockApp } from "./block.js";
import { govRecords, type GovState } from "./genesis-state.js";
import type { GenesisExportBase } from "../../framework/genesis-place.js";
import { ACCOUNT_PREFIX } from "../../framework/prefixes.js";
import { govJson } from "./genesis-export.js";

/** What x/gov's InitGenesis reads and writes: its proposals, deposits and votes into the keeper. */
export interface GovInitApp {
  readonly genesis: { readonly sdk: { readonly gov: GovState } };
  readonly gov: Gov;
}

/** What x/gov's ExportGenesis reads: the keeper's records, the section's params as given. */
export interface GovExportApp extends GenesisExportBase {
  readonly gov: Gov;
}

export const govModule: AppModule<GovView, GovBlockApp, GovInitApp, GovExportApp> = {
  name: "gov",
  genesis: {
    export: (app) => govJson(app.kept("gov") ?? {}, app.gov, app.denom, ACCOUNT_PREFIX),
    init: (app) => {
      for (const r of govRecords(app.genesis.sdk.gov)) app.gov.importRecord(r.key, r.value);
    },
  },
  endBlock: govEndBlock,
  messages: [...GOV_MESSAGES, msgUpdateGovParams, ...GOV_V1BETA1_MESSAGES],
  queries: {
    services: [QueryV1, QueryV1beta1],
    handlers: (app, o) => [queryService(QueryV1, govQueries(app, o)), queryService(QueryV1beta1, govV1beta1Queries(app, o))],
  },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** x/gov's proposals, deposits and votes. */
    readonly gov: Gov;
    /** The params governance sets (each module's MsgUpdateParams). */
    readonly params: GovernedParams;
  }
}
