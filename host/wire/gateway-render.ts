// A protobuf message as the Cosmos SDK's gRPC-gateway renders it in JSON (gogo jsonpb with
// OrigName and EmitDefaults), over the message's schema: proto field names; every field written
// (unset messages as null, empty lists as [], zero scalars as their zero); 64-bit integers as
// strings; bytes as base64, absent ones null; enums by name; Timestamp as RFC 3339 with 0, 3, 6 or
// 9 fraction digits and Duration as "1.5s"; Any as {"@type", ...its fields}; and the SDK's custom
// types: a LegacyDec (cosmos.Dec, in a string or in bytes) as 18-decimal text, an empty Int as "0".
// One function for every query's answer: REST is this rendering of the typed response, abci_query
// its binary encoding. A message marked `(gateway.go_json)` (its Go type implements
// json.Marshaler, as x/staking's RedelegationResponse) is written by Go's encoding/json instead.

import { ScalarType, fromBinary, isFieldSet, type DescField, type DescMessage, type JsonValue, type Message, type Registry } from "@bufbuild/protobuf";
import { optionOf } from "./options.js";
import { base64 } from "@scure/base";
import { scalar as cosmosScalar } from "./gen/cosmos_proto/cosmos_pb.js";
import { go_json as goJsonOption } from "./gen/gateway/json_pb.js";
import { decString, durationString, timestampString } from "./gateway-json.js";

const NS_PER_S = 1_000_000_000n;

/** An Any payload the registry cannot name, as JSON (its fields, without `@type`), or undefined. */
export type AnyJson = (typeUrl: string, value: Uint8Array) => Record<string, JsonValue> | undefined;

interface Resolver {
  registry?: Registry;
  fallback?: AnyJson;
}

/** The gateway JSON of `msg` (of schema `desc`); `registry` (then `fallback`) resolves Any payloads. */
export function gatewayJson(desc: DescMessage, msg: Message, registry?: Registry, fallback?: AnyJson): JsonValue {
  return messageJson(desc, msg as unknown as Record<string, unknown>, { registry, fallback });
}

function messageJson(desc: DescMessage, msg: Record<string, unknown>, registry: Resolver): JsonValue {
  switch (desc.typeName) {
    case "google.protobuf.Timestamp":
      return timestampString((msg.seconds as bigint) * NS_PER_S + BigInt(msg.nanos as number));
    case "google.protobuf.Duration":
      return durationString((msg.seconds as bigint) * NS_PER_S + BigInt(msg.nanos as number));
    case "google.protobuf.Any":
      return anyJson(msg.typeUrl as string, msg.value as Uint8Array, registry);
  }
  if (optionOf(desc, goJsonOption)) return goJson(desc, msg);
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

function fieldValue(field: DescField, v: unknown, registry: Resolver): JsonValue {
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
  const custom = optionOf(field, cosmosScalar);
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
function anyJson(typeUrl: string, value: Uint8Array, registry: Resolver): JsonValue {
  if (typeUrl === "") return null;
  const name = typeUrl.slice(typeUrl.lastIndexOf("/") + 1);
  const desc = registry.registry?.getMessage(name);
  if (desc === undefined) {
    const json = registry.fallback?.(typeUrl, value);
    return json === undefined ? { "@type": typeUrl, value: base64.encode(value) } : { "@type": typeUrl, ...json };
  }
  const body = messageJson(desc, fromBinary(desc, value) as unknown as Record<string, unknown>, registry);
  return { "@type": typeUrl, ...(body as Record<string, JsonValue>) };
}

/**
 * Go's encoding/json of a gogoproto struct (a type whose MarshalJSON is `json.Marshal` of an
 * alias): plain scalars carry `omitempty` and vanish at zero, Int/Dec and messages are always
 * written, a nil list is null, int64 and uint64 are numbers, a time.Time is RFC 3339 with its
 * fraction's trailing zeros trimmed.
 */
function goJson(desc: DescMessage, msg: Record<string, unknown>): JsonValue {
  if (desc.typeName === "google.protobuf.Timestamp") return goTimeString((msg.seconds as bigint) * NS_PER_S + BigInt(msg.nanos as number));
  const out: Record<string, JsonValue> = {};
  for (const field of desc.fields) {
    const v = msg[field.localName];
    if (field.fieldKind === "message") {
      out[field.name] = isFieldSet(msg as unknown as Message, field) ? goJson(field.message, v as Record<string, unknown>) : null;
    } else if (field.fieldKind === "list") {
      const items = (v ?? []) as unknown[];
      out[field.name] = items.length === 0 ? null
        : items.map((x) => (field.listKind === "message" ? goJson(field.message, x as Record<string, unknown>) : goScalar(field, x)));
    } else if (field.fieldKind === "scalar" && CUSTOM_TYPES.has(optionOf(field, cosmosScalar))) {
      out[field.name] = scalarJson(field, field.scalar, v);
    } else if (v !== undefined && v !== "" && v !== 0 && v !== 0n && v !== false && !(v instanceof Uint8Array && v.length === 0)) {
      out[field.name] = goScalar(field, v);
    }
  }
  return out;
}

/** gogoproto customtypes (math.Int, LegacyDec): non-nullable structs, so no `omitempty` applies. */
const CUSTOM_TYPES = new Set(["cosmos.Int", "cosmos.Dec"]);

function goScalar(field: DescField, v: unknown): JsonValue {
  if (typeof v === "bigint") {
    // Heights and ids: a JSON number, as Go writes an int64 (exact below 2^53, which they stay).
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${field.name} ${v} is past a JSON number's exact range`);
    return Number(v);
  }
  if (v instanceof Uint8Array) return base64.encode(v);
  return v as JsonValue;
}

/** Go's time.Time MarshalJSON: RFC 3339 with up to 9 fraction digits, trailing zeros trimmed. */
function goTimeString(ns: bigint): string {
  const text = timestampString(ns);
  const m = /^(.*?)(?:\.(\d+))?Z$/.exec(text)!;
  const frac = (m[2] ?? "").replace(/0+$/, "");
  return `${m[1]}${frac === "" ? "" : `.${frac}`}Z`;
}
