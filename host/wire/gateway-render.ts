// A protobuf message as the Cosmos SDK's gRPC-gateway renders it in JSON (gogo jsonpb with
// OrigName and EmitDefaults), over the message's schema: proto field names; every field written
// (unset messages as null, empty lists as [], zero scalars as their zero); 64-bit integers as
// strings; bytes as base64, absent ones null; enums by name; Timestamp as RFC 3339 with 0, 3, 6 or
// 9 fraction digits and Duration as "1.5s"; Any as {"@type", ...its fields}; and the SDK's custom
// types: a LegacyDec (cosmos.Dec, in a string or in bytes) as 18-decimal text, an empty Int as "0".
// One function for every query's answer: REST is this rendering of the typed response, abci_query
// its binary encoding.

import { ScalarType, fromBinary, getOption, isFieldSet, type DescField, type DescMessage, type JsonValue, type Message, type Registry } from "@bufbuild/protobuf";
import { base64 } from "@scure/base";
import { scalar as cosmosScalar } from "./gen/cosmos_proto/cosmos_pb.js";
import { decString, durationString, timestampString } from "./gateway-json.js";

const NS_PER_S = 1_000_000_000n;

/** The gateway JSON of `msg` (of schema `desc`); `registry` resolves Any payloads. */
export function gatewayJson(desc: DescMessage, msg: Message, registry?: Registry): JsonValue {
  return messageJson(desc, msg as unknown as Record<string, unknown>, registry);
}

function messageJson(desc: DescMessage, msg: Record<string, unknown>, registry: Registry | undefined): JsonValue {
  switch (desc.typeName) {
    case "google.protobuf.Timestamp":
      return timestampString((msg.seconds as bigint) * NS_PER_S + BigInt(msg.nanos as number));
    case "google.protobuf.Duration":
      return durationString((msg.seconds as bigint) * NS_PER_S + BigInt(msg.nanos as number));
    case "google.protobuf.Any":
      return anyJson(msg.typeUrl as string, msg.value as Uint8Array, registry);
  }
  const out: Record<string, JsonValue> = {};
  for (const field of desc.fields) {
    if (field.oneof !== undefined) {
      const o = msg[field.oneof.localName] as { case?: string; value?: unknown } | undefined;
      if (o?.case === field.localName) out[field.name] = fieldValue(field, o.value, registry);
      continue;
    }
    const v = msg[field.localName];
    if (field.fieldKind === "message" && !isFieldSet(msg as unknown as Message, field)) {
      out[field.name] = null;
      continue;
    }
    out[field.name] = fieldValue(field, v, registry);
  }
  return out;
}

function fieldValue(field: DescField, v: unknown, registry: Registry | undefined): JsonValue {
  switch (field.fieldKind) {
    case "scalar":
      return scalarJson(field, field.scalar, v);
    case "enum":
      return enumJson(field.enum.values, v as number);
    case "message":
      return messageJson(field.message, v as Record<string, unknown>, registry);
    case "list": {
      const items = (v ?? []) as unknown[];
      switch (field.listKind) {
        case "scalar":
          return items.map((x) => scalarJson(field, field.scalar, x));
        case "enum":
          return items.map((x) => enumJson(field.enum.values, x as number));
        case "message":
          return items.map((x) => messageJson(field.message, x as Record<string, unknown>, registry));
      }
      break;
    }
    case "map": {
      const out: Record<string, JsonValue> = {};
      for (const [k, x] of Object.entries((v ?? {}) as Record<string, unknown>)) {
        out[k] = field.mapKind === "message" ? messageJson(field.message, x as Record<string, unknown>, registry)
          : field.mapKind === "enum" ? enumJson(field.enum.values, x as number) : scalarJson(field, field.scalar, x);
      }
      return out;
    }
  }
  return null;
}

function scalarJson(field: DescField, type: ScalarType, v: unknown): JsonValue {
  const custom = getOption(field, cosmosScalar);
  if (custom === "cosmos.Dec") {
    const raw = type === ScalarType.BYTES ? new TextDecoder().decode(v as Uint8Array) : (v as string);
    return decString(BigInt(raw === "" ? "0" : raw));
  }
  if (custom === "cosmos.Int" && v === "") return "0";
  switch (type) {
    case ScalarType.INT64: case ScalarType.UINT64: case ScalarType.SINT64: case ScalarType.FIXED64: case ScalarType.SFIXED64:
      return String(v ?? 0n);
    case ScalarType.BYTES: {
      const b = v as Uint8Array | undefined;
      return b === undefined || b.length === 0 ? null : base64.encode(b);
    }
    case ScalarType.FLOAT: case ScalarType.DOUBLE:
      return Number(v);
    default:
      return v as JsonValue;
  }
}

function enumJson(values: readonly { number: number; name: string }[], n: number): JsonValue {
  return values.find((x) => x.number === n)?.name ?? n;
}

/** An Any: its type URL and its payload's fields (a payload the registry cannot name: its bytes). */
function anyJson(typeUrl: string, value: Uint8Array, registry: Registry | undefined): JsonValue {
  if (typeUrl === "") return null;
  const name = typeUrl.slice(typeUrl.lastIndexOf("/") + 1);
  const desc = registry?.getMessage(name);
  if (desc === undefined) return { "@type": typeUrl, value: base64.encode(value) };
  const body = messageJson(desc, fromBinary(desc, value) as unknown as Record<string, unknown>, registry);
  return { "@type": typeUrl, ...(body as Record<string, JsonValue>) };
}
