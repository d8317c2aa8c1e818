// IBC on a lone chain (ibc-go v10 as chain-main 1ac014c6 wires it): every message of transfer, core
// client/connection/channel (v1 and v2) and interchain accounts decoded and refused as chain-maind
// refuses it with no counterparty (refusal.ts); the query services as its gateway answers them.

import { queryService, type AppModule } from "../../framework/module.js";
import { Query as TransferQuery } from "../../wire/gen/ibc/applications/transfer/v1/query_pb.js";
import { Query as ClientQuery } from "../../wire/gen/ibc/core/client/v1/query_pb.js";
import { Query as ConnectionQuery } from "../../wire/gen/ibc/core/connection/v1/query_pb.js";
import { Query as ChannelQuery } from "../../wire/gen/ibc/core/channel/v1/query_pb.js";
import { Query as ControllerQuery } from "../../wire/gen/ibc/applications/interchain_accounts/controller/v1/query_pb.js";
import { Query as HostQuery } from "../../wire/gen/ibc/applications/interchain_accounts/host/v1/query_pb.js";
import { channelQueries, clientQueries, connectionQueries, controllerQueries, hostQueries, transferQueries, type IbcView } from "./queries.js";
import { ibcChannelMessages, ibcClientMessages, ibcConnectionMessages } from "./core-messages.js";
import { ibcTransferMessages, icaMessages } from "./app-messages.js";
import type { IbcStore } from "./keeper.js";
import type { ModuleRecord } from "../../store/records.js";
import { initIbc, initIca, storedIbcJson, storedIcaJson } from "./genesis.js";

/** What IBC's InitGenesis reads and writes: the `ibc` section into the store. */
export interface IbcInitApp {
  readonly genesis: { readonly sdk: { readonly ibc?: unknown; readonly interchainaccounts?: unknown } };
  readonly ibc: IbcStore;
}

/** What its ExportGenesis reads: the records, and the section as the genesis gave it. */
export interface IbcExportApp {
  moduleRecords(): readonly ModuleRecord[];
  kept(name: string): { [k: string]: import("@bufbuild/protobuf").JsonValue } | undefined;
}

export const ibcModule: AppModule<IbcView, unknown, IbcInitApp, IbcExportApp> = {
  name: "transfer",
  genesis: {
    section: "ibc",
    init: (app) => initIbc(app.ibc, app.genesis.sdk.ibc as never),
    export: (app) => storedIbcJson(app.moduleRecords(), app.kept("ibc")),
  },
  messages: [...ibcTransferMessages, ...ibcClientMessages, ...ibcConnectionMessages, ...ibcChannelMessages, ...icaMessages],
  queries: {
    services: [TransferQuery, ClientQuery, ConnectionQuery, ChannelQuery, ControllerQuery, HostQuery],
    handlers: (app, o) => [
      queryService(TransferQuery, transferQueries(o)), queryService(ClientQuery, clientQueries(app, o)), queryService(ConnectionQuery, connectionQueries(app, o)),
      queryService(ChannelQuery, channelQueries(app, o)), queryService(ControllerQuery, controllerQueries()), queryService(HostQuery, hostQueries()),
    ],
  },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** IBC: clients, connections, channels and interchain-account ports, under ibc-go's store keys. */
    readonly ibc: import("./keeper.js").IbcStore;
  }
}

/** Interchain accounts' genesis section (its controller ports); its messages are in ibcModule. */
export const icaModule: AppModule<unknown, unknown, IbcInitApp, IbcExportApp> = {
  name: "interchainaccounts",
  genesis: {
    init: (app) => initIca(app.ibc, app.genesis.sdk.interchainaccounts as never),
    export: (app) => storedIcaJson(app.moduleRecords(), app.kept("interchainaccounts")),
  },
  messages: [],
};
