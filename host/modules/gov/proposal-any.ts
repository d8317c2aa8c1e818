// A stored proposal message (amino JSON, as signed or as the node converted a protobuf one) as the
// protobuf Any the SDK stores: every message of the schema (chainmain's, x/gov's, the SDK's bank,
// staking, distribution, slashing…) through its descriptor (wire/messages.ts anyOfAmino). One
// protobuf runtime: CosmJS's amino converters are no longer loaded for the SDK's messages.

import { create } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { anyOfAmino, typeUrlOfAmino } from "../../wire/messages.js";

/** The Any of one proposal message; a message the schema does not convert keeps its type URL and no bytes. */
export function proposalMessageAny(m: { type: string; value: Record<string, unknown> }): Any {
  try {
    return create(AnySchema, anyOfAmino(m.type, m.value));
  } catch {
    return create(AnySchema, { typeUrl: typeUrlOfAmino(m.type) ?? m.type, value: new Uint8Array() });
  }
}
