// A stored proposal message (amino JSON, as signed or as the node converted a protobuf one) as the
// protobuf Any the SDK stores: through the schema's descriptor of its type (host/wire/messages.ts).

import { create } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { anyOfAmino, typeUrlOfAmino } from "../../wire/messages.js";

/** The Any of one proposal message; a message the schema cannot read keeps its type URL and no bytes. */
export function proposalMessageAny(m: { type: string; value: Record<string, unknown> }): Any {
  try {
    return create(AnySchema, anyOfAmino(m.type, m.value));
  } catch {
    return create(AnySchema, { typeUrl: typeUrlOfAmino(m.type) ?? m.type, value: new Uint8Array() });
  }
}
