// A stored proposal message (amino JSON, as signed or as the node converted a protobuf one) as the
// protobuf Any the SDK stores: the schema's messages (chainmain's, x/gov v1's) through their
// descriptors, the SDK's others (bank, staking, distribution, slashing) through CosmJS's amino
// converters, loaded the first time a proposal carries one.

import { createRequire } from "node:module";
import { create } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { anyOfAmino, typeUrlOfAmino } from "../../wire/messages.js";

interface CosmjsCodecs {
  fromAmino(m: { type: string; value: unknown }): { typeUrl: string; value: unknown };
  encode(m: { typeUrl: string; value: unknown }): Uint8Array;
}

let cosmjs: CosmjsCodecs | undefined;

/** CosmJS's amino converters and registry (about 0.4 s to load: only when first needed). */
function sdkCodecs(): CosmjsCodecs {
  if (cosmjs === undefined) {
    const require = createRequire(import.meta.url);
    const stargate = require("@cosmjs/stargate");
    const signing = require("@cosmjs/proto-signing");
    const amino = new stargate.AminoTypes(stargate.createDefaultAminoConverters());
    const registry = new signing.Registry(stargate.defaultRegistryTypes);
    cosmjs = { fromAmino: (m) => amino.fromAmino(m), encode: (m) => registry.encode(m) };
  }
  return cosmjs;
}

/** The Any of one proposal message; a message no codec converts keeps its type URL and no bytes. */
export function proposalMessageAny(m: { type: string; value: Record<string, unknown> }): Any {
  try {
    return create(AnySchema, anyOfAmino(m.type, m.value));
  } catch {
    // not one of the schema's messages: an SDK message
  }
  try {
    const codecs = sdkCodecs();
    const proto = codecs.fromAmino(m);
    return create(AnySchema, { typeUrl: proto.typeUrl, value: codecs.encode(proto) });
  } catch {
    return create(AnySchema, { typeUrl: typeUrlOfAmino(m.type) ?? m.type, value: new Uint8Array() });
  }
}
