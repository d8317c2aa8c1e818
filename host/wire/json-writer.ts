// The gateway JSON of a message (gateway-render.ts) written straight to text, by a writer compiled
// once per message schema: each field's name, kind, custom scalar (cosmos.Dec, cosmos.Int) and enum
// names are read from the descriptor when the writer is built, not on every answer, and no
// intermediate JSON object is built for JSON.stringify to walk. The text is byte for byte
// `JSON.stringify(gatewayJson(desc, msg, registry, fallback))` (test/wire/json-writer.test.ts holds
// that over random and edge-case messages); the rare shapes whose reflective rendering has quirks
// of its own (a go_json message, an Any holding a Timestamp, a Duration or an Any) are written by
// that rendering.

import { ScalarType, fromBinary, type DescField, type DescMessage, type Registry } from "@bufbuild/protobuf";
import { base64 } from "@scure/base";
import { optionOf } from "./options.js";
import { scalar as cosmosScalar } from "./gen/cosmos_proto/cosmos_pb.js";
import { go_json as goJsonOption } from "./gen/gateway/json_pb.js";
import { decString, durationString, timestampString } from "./gateway-json.js";
import { gatewayJson, type AnyJson } from "./gateway-render.js";

const NS_PER_S = 1_000_000_000n;

interface Resolver {
  registry?: Registry;
  fallback?: AnyJson;
}

/** A message (or a value) to its JSON text; undefined where JSON.stringify would leave the value out. */
type Write = (v: any, r: Resolver) => string | undefined;

const writers = new WeakMap<DescMessage, Write>();

/** `JSON.stringify(gatewayJson(desc, msg, registry, fallback))`, without reflection on the hot path. */
export function gatewayJsonText(desc: DescMessage, msg: unknown, registry?: Registry, fallback?: AnyJson): string {
  return messageWriter(desc)(msg, { registry, fallback }) as string;
}

/** The compiled writer of a schema (built on first use; a recursive schema is resolved lazily). */
export function messageWriter(desc: DescMessage): Write {
  let w = writers.get(desc);
  if (w === undefined) {
    // A placeholder first, so that a schema reaching itself compiles once.
    let compiled: Write | undefined;
    writers.set(desc, (v, r) => compiled!(v, r));
    compiled = compileMessage(desc);
    writers.set(desc, compiled);
    w = compiled;
  }
  return w;
}

const hasOwn = Object.prototype.hasOwnProperty;

function compileMessage(desc: DescMessage): Write {
  switch (desc.typeName) {
    case "google.protobuf.Timestamp":
      return (m) => timestampText(m.seconds, m.nanos);
    case "google.protobuf.Duration":
      return (m) => `"${durationString((m.seconds as bigint) * NS_PER_S + BigInt(m.nanos as number))}"`;
    case "google.protobuf.Any":
      return anyText;
  }
  if (optionOf(desc, goJsonOption)) return (m, r) => JSON.stringify(gatewayJson(desc, m, r.registry, r.fallback));
  const typeName = desc.typeName;
  const parts: ((m: any, r: Resolver) => string | undefined)[] = [];
  for (const field of desc.fields) {
    const key = `${JSON.stringify(field.name)}:`;
    const name = field.localName;
    if (field.oneof !== undefined) {
      const oneofName = field.oneof.localName;
      const value = valueWriter(field);
      parts.push((m, r) => {
        const o = m[oneofName];
        if (o?.case !== name) return undefined;
        const t = value(o.value, r);
        return t === undefined ? undefined : key + t;
      });
      continue;
    }
    if (field.fieldKind === "message") {
      const sub = field.message;
      parts.push((m, r) => {
        const v = m[name];
        // isFieldSet of a message field: its own property, set, on a message of this schema.
        if (m.$typeName != typeName || v === undefined || !hasOwn.call(m, name)) return `${key}null`;
        const t = messageWriter(sub)(v, r);
        return t === undefined ? undefined : key + t;
      });
      continue;
    }
    const value = valueWriter(field);
    parts.push((m, r) => {
      const t = value(m[name], r);
      return t === undefined ? undefined : key + t;
    });
  }
  const n = parts.length;
  return (m, r) => {
    let s = "{";
    let first = true;
    for (let i = 0; i < n; i++) {
      const t = parts[i]!(m, r);
      if (t === undefined) continue;
      s += first ? t : `,${t}`;
      first = false;
    }
    return `${s}}`;
  };
}

/** The RFC 3339 text of each whole second met lately (validators' times repeat: the zero time, a block's). */
const secondsText = new Map<bigint, string>();

/** timestampString's text of a Timestamp, quoted: a valid one's whole seconds from the cache, its fraction as that writes it. */
function timestampText(seconds: bigint, nanos: number): string {
  if (typeof seconds !== "bigint" || !Number.isInteger(nanos) || nanos < 0 || nanos >= 1e9) return `"${timestampString(seconds * NS_PER_S + BigInt(nanos))}"`;
  let whole = secondsText.get(seconds);
  if (whole === undefined) {
    whole = timestampString(seconds * NS_PER_S).slice(0, -1); // throws past the years 0001-9999, as the reflective rendering does
    if (secondsText.size >= 1024) secondsText.clear();
    secondsText.set(seconds, whole);
  }
  if (nanos === 0) return `"${whole}Z"`;
  const digits = String(nanos).padStart(9, "0");
  const frac = digits.endsWith("000000") ? digits.slice(0, 3) : digits.endsWith("000") ? digits.slice(0, 6) : digits;
  return `"${whole}.${frac}Z"`;
}

/** A field's value (fieldValue in gateway-render.ts). */
function valueWriter(field: DescField): Write {
  switch (field.fieldKind) {
    case "scalar":
      return scalarWriter(field, field.scalar);
    case "enum":
      return enumWriter(field.enum.values);
    case "message": {
      const sub = field.message;
      return (v, r) => messageWriter(sub)(v, r);
    }
    case "list": {
      const item: Write = field.listKind === "scalar" ? scalarWriter(field, field.scalar)
        : field.listKind === "enum" ? enumWriter(field.enum.values)
          : ((sub) => (x, r) => messageWriter(sub)(x, r))(field.message);
      return (v, r) => {
        const items = (v ?? []) as unknown[];
        const n = items.length;
        if (n === 0) return "[]";
        let s = "[";
        for (let i = 0; i < n; i++) {
          const t = item(items[i], r);
          s += (i === 0 ? "" : ",") + (t === undefined ? "null" : t);
        }
        return `${s}]`;
      };
    }
    case "map": {
      const item: Write = field.mapKind === "message" ? ((sub) => (x, r) => messageWriter(sub)(x, r))(field.message)
        : field.mapKind === "enum" ? enumWriter(field.enum.values) : scalarWriter(field, field.scalar);
      return (v, r) => {
        let s = "{";
        let first = true;
        for (const [k, x] of Object.entries((v ?? {}) as Record<string, unknown>)) {
          const t = item(x, r);
          if (t === undefined) continue;
          s += `${first ? "" : ","}${JSON.stringify(k)}:${t}`;
          first = false;
        }
        return `${s}}`;
      };
    }
  }
}

const stringify = (v: unknown): string | undefined => JSON.stringify(v);

/** A scalar (scalarJson in gateway-render.ts), its custom type and kind decided once. */
function scalarWriter(field: DescField, type: ScalarType): Write {
  const custom = optionOf(field, cosmosScalar);
  if (custom === "cosmos.Dec") {
    if (type === ScalarType.BYTES) {
      const utf8 = new TextDecoder();
      return (v) => {
        const raw = utf8.decode(v as Uint8Array);
        return `"${decString(BigInt(raw === "" ? "0" : raw))}"`;
      };
    }
    return (v) => `"${decString(BigInt(v === "" ? "0" : (v as string)))}"`;
  }
  const plain = plainScalarWriter(type);
  if (custom === "cosmos.Int") return (v, r) => (v === "" ? `"0"` : plain(v, r));
  return plain;
}

function plainScalarWriter(type: ScalarType): Write {
  switch (type) {
    case ScalarType.INT64: case ScalarType.UINT64: case ScalarType.SINT64: case ScalarType.FIXED64: case ScalarType.SFIXED64:
      return (v) => (typeof v === "bigint" ? `"${v}"` : JSON.stringify(String(v ?? 0n)));
    case ScalarType.BYTES:
      return (v) => (v === undefined || v.length === 0 ? "null" : `"${base64.encode(v as Uint8Array)}"`);
    case ScalarType.FLOAT: case ScalarType.DOUBLE:
      return (v) => JSON.stringify(Number(v));
    default:
      return stringify;
  }
}

/** An enum by its name (an unknown number as the number), the names' JSON looked up once. */
function enumWriter(values: readonly { number: number; name: string }[]): Write {
  const names = new Map<number, string>();
  for (let i = values.length - 1; i >= 0; i--) names.set(values[i]!.number, JSON.stringify(values[i]!.name)); // the first of an alias wins
  return (v) => names.get(v as number) ?? stringify(v);
}

/** Special schemas whose JSON is not an object: spread into an Any's object they read differently. */
const NOT_OBJECT = new Set(["google.protobuf.Timestamp", "google.protobuf.Duration", "google.protobuf.Any"]);

/** An Any (anyJson in gateway-render.ts): its type URL, then its payload's fields. */
function anyText(m: any, r: Resolver): string | undefined {
  const typeUrl = m.typeUrl as string;
  if (typeUrl === "") return "null";
  const name = typeUrl.slice(typeUrl.lastIndexOf("/") + 1);
  const desc = r.registry?.getMessage(name);
  if (desc === undefined) {
    const json = r.fallback?.(typeUrl, m.value);
    return JSON.stringify(json === undefined ? { "@type": typeUrl, value: base64.encode(m.value) } : { "@type": typeUrl, ...json });
  }
  const flat = FLAT.get(desc) ?? flatSchema(desc);
  const value = m.value as Uint8Array;
  let key: string | undefined;
  if (flat && value.length <= 96) {
    // A small payload of scalars only (a public key): its text depends on its bytes alone.
    key = typeUrl + String.fromCharCode.apply(null, value as unknown as number[]);
    const hit = flatText.get(key);
    if (hit !== undefined) return hit;
  }
  const inner = fromBinary(desc, value);
  if (NOT_OBJECT.has(desc.typeName) || optionOf(desc, goJsonOption)) {
    return JSON.stringify({ "@type": typeUrl, ...(gatewayJson(desc, inner, r.registry, r.fallback) as object) });
  }
  const body = messageWriter(desc)(inner, r) as string;
  const head = `{"@type":${JSON.stringify(typeUrl)}`;
  const text = body === "{}" ? `${head}}` : `${head},${body.slice(1)}`;
  if (key !== undefined) {
    if (flatText.size >= 4096) flatText.clear();
    flatText.set(key, text);
  }
  return text;
}

/** The texts of small Anys of scalar-only payloads, by type URL and bytes. */
const flatText = new Map<string, string>();
const FLAT = new WeakMap<DescMessage, boolean>();

function flatSchema(desc: DescMessage): boolean {
  const flat = desc.fields.every((f) => f.fieldKind === "scalar" || f.fieldKind === "enum" || (f.fieldKind === "list" && f.listKind !== "message"));
  FLAT.set(desc, flat);
  return flat;
}
