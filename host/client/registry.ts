// The chain's CosmJS `Registry`: every message a transaction may carry on this chain (every one
// the node executes, chainmain's tier and inflation messages included, and the others the chain
// decodes), each a thin adapter from its generated protobuf-es schema (host/wire/gen/, from
// proto/) to CosmJS's GeneratedType: create/toBinary/fromBinary, no hand-written encoding.

import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { Registry, type EncodeObject, type GeneratedType } from "@cosmjs/proto-signing";
import { txMessageSchemas } from "../wire/messages.js";

/** CosmJS's GeneratedType over a protobuf-es schema (plain objects, cosmjs-types values and protobuf-es messages all encode). */
export function generatedType(schema: DescMessage): GeneratedType {
  return {
    fromPartial: (object: unknown) => create(schema, object as MessageInitShape<DescMessage>),
    encode: (message: unknown) => ({ finish: () => toBinary(schema, message as never) }),
    decode: (input: Uint8Array) => fromBinary(schema, input),
  } as unknown as GeneratedType;
}

/** The type URL of a message schema: `/` + its full name. */
export const typeUrlOf = (schema: DescMessage): string => `/${schema.typeName}`;

/** The schemas of every message the chain's transactions may carry. */
export const messageSchemas = (): readonly DescMessage[] => txMessageSchemas();

/** A new Registry of every message type the chain's transactions carry. */
export function chainRegistry(): Registry {
  return new Registry(messageSchemas().map((d): [string, GeneratedType] => [typeUrlOf(d), generatedType(d)]));
}

/**
 * A message for `signAndBroadcast`, its value typed by its schema:
 * `encodeObject(tieredrewards.MsgLockTierSchema, { owner, id: 1, amount: "10000000000", validatorAddress })`.
 */
export function encodeObject<D extends DescMessage>(schema: D, value: MessageInitShape<D>): EncodeObject {
  return { typeUrl: typeUrlOf(schema), value };
}
