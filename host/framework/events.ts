// The events a tx or a block emits, as ABCI carries them and the gateway renders them: the SDK's
// untyped ones (key/value text), and typed ones from the schema (sdk.TypedEventToEvent: the event
// type is the message's full name, one attribute per field, keys sorted, each value its JSON).

import { create, type DescMessage, type JsonValue, type MessageInitShape } from "@bufbuild/protobuf";
import { gatewayJson } from "../wire/gateway-render.js";

/** An ABCI event as the gateway renders it. */
export interface TxEvent {
  type: string;
  attributes: { key: string; value: string; index: boolean }[];
}

export function event(type: string, attrs: Record<string, string>): TxEvent {
  return { type, attributes: Object.entries(attrs).map(([key, value]) => ({ key, value, index: true })) };
}

/** A typed event (an event message of the schema) as ABCI carries it. */
export function typedEvent<D extends DescMessage>(schema: D, init: MessageInitShape<D>): TxEvent {
  const json = gatewayJson(schema, create(schema, init)) as Record<string, JsonValue>;
  return {
    type: schema.typeName,
    attributes: Object.keys(json).sort().map((key) => ({ key, value: JSON.stringify(json[key]), index: true })),
  };
}
