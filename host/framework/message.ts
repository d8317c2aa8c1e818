// A module's message definition, bound to this application: its handler takes the MessageContext
// (context.ts) and its gas model the SDK's store simulator (gas/sim.ts). Modules define messages
// with `message({schema, signer, validate, handle, gas})`; the registry (registry.ts) holds them.

import type { DescMessage } from "@bufbuild/protobuf";
import type { MessageDef } from "./module.js";
import type { MessageContext, MessageOutcome } from "./context.js";
import type { Sim } from "./gas/sim.js";

/** A message of this application: its protobuf type in, the context's keepers, a typed outcome out. */
export type AppMessage<D extends DescMessage, T> = MessageDef<D, T, MessageContext, Sim, MessageOutcome>;

/** A message definition, typed by its schema (inference: `message({schema: MsgSendSchema, …})`). */
export function message<D extends DescMessage, T>(def: AppMessage<D, T>): AppMessage<D, T> {
  return def;
}
