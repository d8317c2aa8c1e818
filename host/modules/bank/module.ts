// x/bank: balances, sends, the supply (queries.ts), its genesis section (genesis.ts).

import { queryService, type AppModule } from "../../app/module.js";
import type { ChainView } from "../../app/view.js";
import type { Json } from "../../app/genesis-json.js";
import { Query } from "../../wire/gen/cosmos/bank/v1beta1/query_pb.js";
import { bankQueries, denomMetadata } from "./queries.js";
import { msgSend } from "./messages.js";

/** What x/bank's queries read of the application. */
export type BankApp = ChainView & { supplyOf(denom: string): bigint; readonly genesisDoc: Json };

export const bankModule: AppModule<BankApp> = {
  name: "bank",
  messages: [msgSend],
  queries: {
    services: [Query],
    handlers: (app, o) => [
      queryService(Query, bankQueries(app, { ...o, metadata: denomMetadata(app.genesisDoc), supplyOf: (d) => app.supplyOf(d) })),
    ],
  },
};
