// x/circuit (cosmossdk.io/x/circuit v0.1.1, wired in chain-main 1ac014c6's app.go with x/gov's module
// account as its authority): accounts authorized to trip and reset message types (messages.ts), the
// disabled types the ante's CircuitBreakerDecorator refuses (app/ante) and the message router refuses
// inside authz's MsgExec and x/gov's proposals, its queries (queries.ts) and genesis both ways (genesis.ts).

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/circuit/v1/query_pb.js";
import type { ModuleRecord } from "../../store/records.js";
import { circuitMessages } from "./messages.js";
import { circuitQueries, type CircuitView } from "./queries.js";
import { initCircuit, storedCircuitJson, type CircuitGenesis } from "./genesis.js";
import type { Circuit } from "./keeper.js";

/** What x/circuit's InitGenesis reads and writes. */
export interface CircuitInitApp {
  readonly genesis: { readonly sdk: { readonly circuit: CircuitGenesis } };
  readonly circuit: Circuit;
}

export const circuitModule: AppModule<CircuitView, unknown, CircuitInitApp, { moduleRecords(): readonly ModuleRecord[] }> = {
  name: "circuit",
  genesis: { init: (app) => initCircuit(app.circuit, app.genesis.sdk.circuit), export: (app) => storedCircuitJson(app.moduleRecords(), "cro") },
  messages: circuitMessages,
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, circuitQueries(app, o))] },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** x/circuit's permissions and disabled message types. */
    readonly circuit: Circuit;
  }
}
