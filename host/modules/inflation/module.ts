// chainmain x/inflation: the supply cap, the burned addresses and the decay (genesis.ts, queries.ts),
// and MsgUpdateParams, which governance sends (messages.ts). Its params set by governance are kept
// with x/gov's records (host/modules/gov/keeper.ts, the `i` record).

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/chainmain/inflation/v1/query_pb.js";
import { inflationQueries, type InflationView } from "./queries.js";
import { msgUpdateInflationParams } from "./messages.js";
import { inflationJson, type InflationParams } from "./genesis.js";

/** What x/inflation's ExportGenesis reads: its params now, the genesis's decay epoch. */
export interface InflationExportApp {
  readonly genesis: { readonly inflation: { readonly decayEpochStart: bigint } };
  readonly inflationParams: InflationParams;
}

export const inflationModule: AppModule<InflationView, unknown, unknown, InflationExportApp> = {
  name: "inflation",
  genesis: { export: (app) => inflationJson(app.inflationParams, app.genesis.inflation.decayEpochStart) },
  messages: [msgUpdateInflationParams],
  queries: { services: [Query], handlers: (app) => [queryService(Query, inflationQueries(app))] },
};
