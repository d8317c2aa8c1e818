// Amino JSON of a protobuf message, as the SDK's x/tx aminojson encoder writes it for
// SIGN_MODE_LEGACY_AMINO_JSON (WIRE.md §2), driven by the message's descriptor and its options
// (amino.name, amino.dont_omitempty, amino.encoding, cosmos_proto.scalar):
//
// - zero scalars omitted unless dont_omitempty; uint64/int64 quoted, 32-bit integers and enums as
//   numbers, bytes base64;
// - cosmos.Int text as is; cosmos.Dec raw 18-decimal integer printed with its 18 decimals
//   ("40000000000000000" -> "0.040000000000000000"); an empty one is unset: omitted, or "0" if
//   dont_omitempty; a field's amino name (amino.field_name) where it has one;
// - Duration as quoted nanoseconds, Timestamp RFC 3339 UTC (fraction only if non-zero);
// - a message field as its bytes had it: absent (not in the message's bytes) omitted unless
//   dont_omitempty (then the zero message), present written (gogoproto writes the non-nullable
//   ones always, so they are);
// - a oneof as `"<OneofName>": {"type": <amino.oneof_name>, "value": {<field>: ...}}`, or null when
//   none of its fields is set (x/tx's aminojson encoder, StakeAuthorization's validators);
// - repeated fields omitted when empty, unless dont_omitempty (then `null`, as x/tx writes an unset list) or
//   legacy_coins (then `[]`).
//
// Key order does not matter here: the sign doc is serialized with sorted keys (tx/sign-doc.ts).
// The project's schemas (chainmain's and the SDK's messages the node executes) declare every field
// as the reference does, so this is the one derivation for all of them.

import { create, type DescField, type DescMessage, type JsonValue, type Message } from "@bufbuild/protobuf";
import { optionOf } from "../options.js";
import { ScalarType } from "@bufbuild/protobuf";
import { base64 } from "@scure/base";
import { decodeError } from "../errors.js";
import { dont_omitempty, encoding, field_name, name as aminoName, oneof_name } from "../gen/amino/amino_pb.js";
import { scalar as cosmosScalar } from "../gen/cosmos_proto/cosmos_pb.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The SDK's LegacyDec precision. */
const DEC_PRECISION = 18;
const INTEGER = /^-?[0-9]+$/;

/** A LegacyDec's raw integer text (protobuf form) as amino prints it: always 18 decimals. */
export function decFromRaw(raw: string, path: string): string {
  if (raw === "") return "0";
  if (!INTEGER.test(raw)) throw decodeError(`${path}: invalid decimal ${JSON.stringify(raw)}`);
  const negative = raw.startsWith("-");
  const digits = (negative ? raw.slice(1) : raw).replace(/^0+(?=\d)/, "").padStart(DEC_PRECISION + 1, "0");
  const text = `${digits.slice(0, -DEC_PRECISION)}.${digits.slice(-DEC_PRECISION)}`;
  return negative && /[1-9]/.test(digits) ? `-${text}` : text;
}

/** A decimal text ("0.04", "1") as a LegacyDec's raw integer text (protobuf form). */
export function decToRaw(text: string): string {
  const m = /^(-?)([0-9]+)(?:\.([0-9]{1,18}))?$/.exec(text);
  if (!m) throw new RangeError(`invalid decimal ${JSON.stringify(text)}`);
  const raw = BigInt(m[2]! + (m[3] ?? "").padEnd(DEC_PRECISION, "0"));
  return `${m[1] === "-" && raw !== 0n ? "-" : ""}${raw}`;
}

/** RFC 3339 UTC of a Timestamp, as Go's time.Time marshals: fraction only if non-zero, trimmed. */
export function rfc3339(seconds: bigint, nanos: number): string {
  const date = new Date(Number(seconds) * 1000);
  if (Number.isNaN(date.getTime())) throw decodeError(`timestamp out of range: ${seconds}s`);
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999) throw decodeError(`timestamp out of range: ${seconds}s`);
  const frac = nanos === 0 ? "" : `.${String(nanos).padStart(9, "0").replace(/0+$/, "")}`;
  return `${date.toISOString().slice(0, 19)}${frac}Z`;
}

/** The amino name of a message, or `/` + its full name when it has none. */
export function aminoTypeName(desc: DescMessage): string {
  return optionOf(desc, aminoName) || `/${desc.typeName}`;
}

const isZeroScalar = (v: unknown): boolean =>
  v === undefined || v === "" || v === 0 || v === 0n || v === false || (v instanceof Uint8Array && v.length === 0);

function scalarJson(type: ScalarType, value: unknown, path: string): Json {
  switch (type) {
    case ScalarType.STRING:
      return value as string;
    case ScalarType.BOOL:
      return value as boolean;
    case ScalarType.BYTES:
      return base64.encode(value as Uint8Array);
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return String(value);
    case ScalarType.INT32:
    case ScalarType.UINT32:
    case ScalarType.SINT32:
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
      return value as number;
    default:
      throw decodeError(`${path}: floating-point fields have no amino JSON here`);
  }
}

/**
 * How an Any inside a message becomes amino JSON: its own `{type, value}`, decoded once by the
 * message converters (host/wire/messages.ts) before the message is rendered.
 */
export type AminoAnyResolver = (any: { typeUrl: string; value: Uint8Array }, path: string) => { type: string; value: unknown };

function messageJson(desc: DescMessage, value: Message | undefined, path: string, resolveAny: AminoAnyResolver | undefined): Json {
  const msg = (value ?? create(desc)) as unknown as Record<string, unknown>;
  switch (desc.typeName) {
    case "google.protobuf.Duration": {
      const ns = (msg.seconds as bigint) * 1_000_000_000n + BigInt(msg.nanos as number);
      return ns.toString();
    }
    case "google.protobuf.Timestamp":
      return rfc3339(msg.seconds as bigint, msg.nanos as number);
    case "google.protobuf.Any":
      // A message inside a message (x/gov's proposal messages): its own {type, value}.
      if (resolveAny === undefined) throw decodeError(`${path}: nested Any is not supported`);
      return resolveAny(msg as unknown as { typeUrl: string; value: Uint8Array }, path) as unknown as Json;
  }
  const out: Record<string, Json> = {};
  for (const field of desc.fields) {
    if (field.oneof !== undefined) {
      // strcase.ToCamel of the oneof's name: each written once, by its first field
      if (field.oneof.fields[0] !== field) continue;
      const key = oneofKey(field.oneof.name);
      const chosen = msg[field.oneof.localName] as { case?: string; value?: unknown } | undefined;
      const f = field.oneof.fields.find((x) => x.localName === chosen?.case);
      if (f === undefined) {
        out[key] = null;
        continue;
      }
      const inner = fieldJson(f, chosen!.value, `${path}.${f.name}`, resolveAny);
      out[key] = { type: optionOf(f, oneof_name) ?? "", value: inner === undefined ? {} : { [optionOf(f, field_name) || f.name]: inner } };
      continue;
    }
    const v = fieldJson(field, msg[field.localName], `${path}.${field.name}`, resolveAny);
    if (v !== undefined) out[optionOf(field, field_name) || field.name] = v;
  }
  return out;
}

/** A field's amino JSON, or undefined when it is omitted. */
function fieldJson(field: DescField, value: unknown, path: string, resolveAny: AminoAnyResolver | undefined): Json | undefined {
  const keep = optionOf(field, dont_omitempty);
  switch (field.fieldKind) {
    case "scalar": {
      const s = optionOf(field, cosmosScalar);
      // A LegacyDec in bytes (x/slashing's params) holds the same raw integer's text.
      const text = value instanceof Uint8Array && (s === "cosmos.Dec" || s === "cosmos.Int") ? new TextDecoder().decode(value) : value;
      // An empty Int or Dec is an unset (nullable) one: omitted unless dont_omitempty, then "0".
      if ((s === "cosmos.Int" || s === "cosmos.Dec") && text === "" && !keep) return undefined;
      if (s === "cosmos.Int") return (text as string) || "0";
      if (s === "cosmos.Dec") return (text as string) === "" ? "0.000000000000000000" : decFromRaw(text as string, path);
      if (!keep && isZeroScalar(value)) return undefined;
      return scalarJson(field.scalar, value, path);
    }
    case "enum":
      return !keep && value === 0 ? undefined : (value as number);
    case "message":
      // A field its message's bytes do not hold is omitted (an unset Any: a nil interface), unless dont_omitempty.
      if (value === undefined && (!keep || field.message.typeName === "google.protobuf.Any")) return undefined;
      return messageJson(field.message, value as Message | undefined, path, resolveAny);
    case "list": {
      const items = value as unknown[];
      // x/tx writes an empty list as `null` (an unset list is not valid in protoreflect) unless its encoder says [].
      if (items.length === 0) return optionOf(field, encoding) === "legacy_coins" ? [] : keep ? null : undefined;
      if (field.listKind === "message") return items.map((m, i) => messageJson(field.message, m as Message, `${path}[${i}]`, resolveAny));
      if (field.listKind === "enum") return items as number[];
      return items.map((v) => scalarJson(field.scalar, v, path));
    }
    default:
      throw decodeError(`${path}: map fields have no amino JSON here`);
  }
}

/** `{type, value}` of a message: what its Any contributes to an amino sign doc. */
export function toAminoJson(desc: DescMessage, message: Message, resolveAny?: AminoAnyResolver): { type: string; value: Record<string, Json> } {
  return { type: aminoTypeName(desc), value: messageJson(desc, message, desc.name, resolveAny) as Record<string, Json> };
}

/** A oneof's key in amino JSON: strcase.ToCamel of its name (`validators` → `Validators`). */
const oneofKey = (name: string): string => name.split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");

/** amino's `"<OneofName>": {type: <amino.oneof_name>, value: {<field>: x}}` (or null) back to the field itself. */
export function oneofsOfAmino(desc: DescMessage, v: { [key: string]: JsonValue }): { [key: string]: JsonValue } {
  const out = { ...v };
  for (const o of desc.oneofs) {
    const key = oneofKey(o.name);
    const x = out[key];
    if (x === undefined) continue;
    delete out[key];
    if (x === null) continue;
    if (typeof x !== "object" || Array.isArray(x)) throw new Error(`${key}: expected {type, value}`);
    const f = o.fields.find((f) => optionOf(f, oneof_name) === x.type);
    if (f === undefined) throw new Error(`${key}: unknown type ${JSON.stringify(x.type)}`);
    const inner = x.value;
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) throw new Error(`${key}: expected a value object`);
    Object.assign(out, inner);
  }
  return out;
}

