// x/bank: balances, sends (messages.ts, multisend.ts), the supply (queries.ts), its params
// (keeper.ts, params.ts: governance), its genesis section (genesis.ts).

import { queryService, type AppModule } from "../../framework/module.js";
import type { ChainView } from "../../framework/view.js";
import type { Json } from "../../framework/genesis-json.js";
import { Query } from "../../wire/gen/cosmos/bank/v1beta1/query_pb.js";
import { bankQueries, denomMetadata } from "./queries.js";
import { msgSend } from "./messages.js";
import { msgMultiSend } from "./multisend.js";
import { msgSetSendEnabled, msgUpdateParams } from "./params.js";
import type { Bank } from "./keeper.js";
import type { Ledger } from "../../core/ledger.js";
import type { NodeDirectory } from "../auth/directory.js";
import type { GenesisExportBase } from "../../framework/genesis-place.js";
import { ACCOUNT_PREFIX } from "../../framework/prefixes.js";
import { bankJson } from "./genesis.js";
import { deferredOnce } from "../../framework/json-stream.js";
import { addressSortKey, sortedInSteps } from "../../framework/genesis-json.js";

/** What x/bank's queries read of the application. */
export type BankApp = ChainView & { supplyOf(denom: string): bigint; readonly genesisParams: Json; readonly bank?: Bank };

/** What x/bank's InitGenesis reads and writes: the bond-denom balances into the core, in the genesis order. */
export interface BankInitApp {
  readonly genesis: { readonly balances: readonly { address: string; amount: bigint }[] };
  readonly ledger: Ledger;
  readonly directory: NodeDirectory;
}

/** What x/bank's ExportGenesis reads: the balances in the core, the params now. */
export interface BankExportApp extends GenesisExportBase {
  readonly bank: Bank;
}

export const bankModule: AppModule<BankApp, unknown, BankInitApp, BankExportApp> = {
  name: "bank",
  genesis: {
    // the balances sorted when the writer reaches them, a step at a time
    export: (app) => deferredOnce(function* () {
      const balances = [...app.core.balances].map(([id, amount]) => ({ address: app.addressOf(id), amount }));
      yield;
      const sorted = yield* sortedInSteps(balances, (b) => addressSortKey(b.address, ACCOUNT_PREFIX, true));
      return bankJson(app.kept("bank"), sorted, app.denom, ACCOUNT_PREFIX, app.bank.params(), true);
    }),
    init: (app) => {
      for (const b of app.genesis.balances) app.ledger.genesisBalance(app.directory.accountId(b.address)!, b.amount);
    },
  },
  messages: [msgSend, msgMultiSend, msgUpdateParams, msgSetSendEnabled],
  queries: {
    services: [Query],
    handlers: (app, o) => [
      queryService(Query, bankQueries(app, { ...o, metadata: denomMetadata(app.genesisParams), supplyOf: (d) => app.supplyOf(d), bank: () => app.bank })),
    ],
  },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** x/bank's params: default and per-denom send-enabled flags. */
    readonly bank: Bank;
  }
}
