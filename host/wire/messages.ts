// The messages a protobuf transaction may carry, by type URL: each decodes its Any bytes and
// gives the message's amino JSON `{type, value}` exactly as the SDK's aminojson encoder derives
// it. That is what SIGN_MODE_LEGACY_AMINO_JSON signs, and it is the internal form the message
// registry (host/app/registry.ts) validates and the handlers execute: one path for both wires.
//
// chainmain.* (the project's own schema, proto/): derived from the descriptors (amino-json.ts).
// Cosmos SDK messages (cosmjs-types): converted here with the SDK's amino names and rules.

import { ScalarType, create, fromBinary, fromJson, toBinary, toJson, type DescMessage, type JsonValue, type Message } from "@bufbuild/protobuf";
import { optionOf } from "./options.js";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { base64 } from "@scure/base";
import { TxError, decodeError } from "./errors.js";
import { PROTO_DURATION_MAX_SECONDS, txDurationError } from "./duration.js";
import { aminoTypeName, decFromRaw, decToRaw, toAminoJson } from "./amino/amino-json.js";
import { dont_omitempty } from "./gen/amino/amino_pb.js";
import { scalar as cosmosScalar } from "./gen/cosmos_proto/cosmos_pb.js";
import { file_chainmain_dev_v1_tx } from "./gen/chainmain/dev/v1/tx_pb.js";
import { file_chainmain_inflation_v1_tx } from "./gen/chainmain/inflation/v1/tx_pb.js";
import { file_chainmain_tieredrewards_v1_tx } from "./gen/chainmain/tieredrewards/v1/tx_pb.js";
import { file_cosmos_gov_v1_tx } from "./gen/cosmos/gov/v1/tx_pb.js";
import { file_cosmos_bank_v1beta1_tx } from "./gen/cosmos/bank/v1beta1/tx_pb.js";
import { file_cosmos_staking_v1beta1_tx } from "./gen/cosmos/staking/v1beta1/tx_pb.js";
import { file_cosmos_distribution_v1beta1_tx } from "./gen/cosmos/distribution/v1beta1/tx_pb.js";
import { file_cosmos_slashing_v1beta1_tx } from "./gen/cosmos/slashing/v1beta1/tx_pb.js";
import { PubKeySchema as Ed25519PubKeySchema } from "./gen/cosmos/crypto/ed25519/keys_pb.js";
import { PubKeySchema as Secp256k1PubKeySchema } from "./gen/cosmos/crypto/secp256k1/keys_pb.js";

/** The messages a tx may carry, converted from their schema (proto/): chainmain's and the SDK modules' the node executes. */
const SCHEMA_TX_FILES = [
  file_cosmos_bank_v1beta1_tx, file_cosmos_staking_v1beta1_tx, file_cosmos_distribution_v1beta1_tx, file_cosmos_slashing_v1beta1_tx,
  file_cosmos_gov_v1_tx, file_chainmain_tieredrewards_v1_tx, file_chainmain_inflation_v1_tx, file_chainmain_dev_v1_tx,
];

export type AminoJson = { type: string; value: Record<string, unknown> };

/**
 * A decoded message: its amino JSON and its proto JSON as the REST gateway renders it (proto field
 * names, defaults emitted, 64-bit integers as strings, Dec as decimal text), without `@type`.
 */
export interface DecodedAny {
  readonly amino: AminoJson;
  readonly json: Record<string, unknown>;
  /** The protobuf-es message itself (what the modules' message definitions take). */
  readonly message: Message;
}

/**
 * The SDK's bounds on Anys inside a message (codec/types/interface_registry.go): a message's
 * nested Anys are unpacked at most 10 levels deep (MaxUnpackAnyRecursionDepth) and at most 100
 * times in all (MaxUnpackAnySubCalls). Beyond them the tx does not decode (sdk 2). With each Any
 * decoded once, decoding costs linear time in the tx's bytes at any nesting.
 */
export const MAX_UNPACK_ANY_DEPTH = 10;
export const MAX_UNPACK_ANY_CALLS = 100;

/** Message Anys decoded since the process started, and their value bytes: tests hold it linear in a tx's bytes. */
export const anyDecodeWork = { calls: 0, bytes: 0 };

/** What is left of a top-level message's unpacking bounds; `calls` is shared by its whole tree. */
interface UnpackBudget {
  readonly depth: number;
  readonly calls: { left: number };
}

/** Decodes the Anys inside a message, within its budget. */
type NestedDecoder = (typeUrl: string, value: Uint8Array, path: string) => DecodedAny;

/** Decodes one Any's value bytes (throws on undecodable bytes); knows its amino name. */
interface Converter {
  (bytes: Uint8Array, nested: NestedDecoder): DecodedAny;
  readonly aminoType?: string;
}

/** Consensus keys inside a message (MsgCreateValidator's pubkey): amino's `{type, value}` and the gateway's JSON. */
const PUBKEYS: Record<string, { amino: string; desc: DescMessage }> = {
  "/cosmos.crypto.ed25519.PubKey": { amino: "tendermint/PubKeyEd25519", desc: Ed25519PubKeySchema },
  "/cosmos.crypto.secp256k1.PubKey": { amino: "tendermint/PubKeySecp256k1", desc: Secp256k1PubKeySchema },
};

function pubKey(typeUrl: string, value: Uint8Array): DecodedAny {
  const k = Object.hasOwn(PUBKEYS, typeUrl) ? PUBKEYS[typeUrl] : undefined;
  if (k === undefined) throw decodeError(`unable to resolve type URL ${typeUrl}`);
  const message = fromBinary(k.desc, value);
  const key = base64.encode((message as unknown as { key: Uint8Array }).key);
  return { amino: { type: k.amino, value: key as unknown as Record<string, unknown> }, json: { "@type": typeUrl, key }, message };
}

/**
 * Where a message's amino JSON is CosmJS's rather than the schema's: MsgCreateValidator's empty
 * commission Decs, which CosmJS's converter writes as zero with 18 decimals.
 */
const AMINO_INPUT: Record<string, (m: Record<string, unknown>) => Record<string, unknown>> = {
  "cosmos.staking.v1beta1.MsgCreateValidator": (m) => {
    const c = m.commission as Record<string, string> | undefined;
    if (c === undefined) return m;
    return { ...m, commission: { ...c, rate: c.rate || "0", maxRate: c.maxRate || "0", maxChangeRate: c.maxChangeRate || "0" } };
  },
};

/** Messages known by their schema: every message of the tx files with a signer. */
function schemaMessages(): Record<string, Converter> {
  const out: Record<string, Converter> = {};
  for (const file of SCHEMA_TX_FILES) {
    for (const desc of file.messages as DescMessage[]) {
      if (desc.name.endsWith("Response")) continue;
      const isAny = (f: DescMessage["fields"][number]) => f.message?.typeName === "google.protobuf.Any";
      // Lists of Any (a proposal's messages): each rendered by its own converter; a single Any: a key.
      const anyLists = desc.fields.filter((f) => f.fieldKind === "list" && f.listKind === "message" && isAny(f));
      const anyOnes = desc.fields.filter((f) => f.fieldKind === "message" && isAny(f));
      const anyFields = [...anyLists, ...anyOnes];
      const fixup = AMINO_INPUT[desc.typeName];
      const converter: Converter = (bytes, nested) => {
        const m = fromBinary(desc, bytes);
        const fields = m as unknown as Record<string, unknown>;
        const plain = anyFields.length === 0 ? m
          : Object.assign(Object.create(null), m, Object.fromEntries(anyFields.map((f) => [f.localName, f.fieldKind === "list" ? [] : undefined])));
        const json = toJson(desc, plain, { useProtoFieldName: true, alwaysEmitImplicit: true }) as Record<string, JsonValue>;
        // Each inner Any decoded once, for both renderings.
        const inner = new Map<object, DecodedAny>();
        for (const f of anyLists) {
          json[f.name] = (fields[f.localName] as { typeUrl: string; value: Uint8Array }[]).map((a, i) => {
            const d = nested(a.typeUrl, a.value, `${f.name}[${i}]`);
            inner.set(a, d);
            return { "@type": a.typeUrl, ...d.json } as JsonValue;
          });
        }
        for (const f of anyOnes) {
          const a = fields[f.localName] as { typeUrl: string; value: Uint8Array } | undefined;
          if (a === undefined) {
            json[f.name] = null;
            continue;
          }
          const d = pubKey(a.typeUrl, a.value);
          inner.set(a, d);
          json[f.name] = d.json as JsonValue;
        }
        const source = fixup ? (fixup(fields) as unknown as typeof m) : m;
        const amino = toAminoJson(desc, source, (a, path) => {
          const d = inner.get(a);
          if (d === undefined) throw decodeError(`${path}: an Any outside the message's lists of messages`);
          return d.amino;
        });
        return { amino: amino as AminoJson, json: decimalsInJson(desc, json) as Record<string, unknown>, message: m };
      };
      out[`/${desc.typeName}`] = Object.assign(converter, { aminoType: aminoTypeName(desc) });
    }
  }
  return out;
}

/**
 * The gateway JSON of a schema message (chainmain's, x/gov's) given as amino JSON (a stored
 * proposal's messages): amino's durations (nanoseconds), omitted defaults and Decs are read back
 * through the message's descriptor. Undefined for a message the schema does not describe.
 */
export function gatewayJsonOfAmino(type: string, value: unknown): Record<string, unknown> | undefined {
  const desc = SCHEMA_BY_AMINO.get(type);
  if (desc === undefined) return undefined;
  try {
    const msg = fromJson(desc, aminoToProtoJson(desc, value as JsonValue), { ignoreUnknownFields: true });
    return decimalsInJson(desc, toJson(desc, msg, { useProtoFieldName: true, alwaysEmitImplicit: true })) as Record<string, unknown>;
  } catch {
    return undefined; // not what the schema decodes: shown as signed
  }
}

/**
 * A schema message given as amino JSON (a legacy StdTx's message, a stored proposal's), as the
 * protobuf-es message it stands for: the inverse of its converter (lists of Any, a proposal's
 * messages, converted in turn). Throws for a type the schema does not describe or a value it
 * cannot read (an unknown field, a wrong JSON type).
 */
export function protoOfAmino(type: string, value: unknown): { typeUrl: string; message: Message } {
  const desc = SCHEMA_BY_AMINO.get(type);
  if (desc === undefined) throw new Error(`no protobuf schema for ${type}`);
  try {
    const anys = desc.fields.filter((f) => f.fieldKind === "list" && f.listKind === "message" && f.message.typeName === "google.protobuf.Any");
    const plain = { ...(value as Record<string, JsonValue>) };
    const nested = anys.map((f) => {
      const items = (plain[f.name] ?? []) as { type: string; value: unknown }[];
      delete plain[f.name];
      return [f.localName, items.map((m) => create(AnySchema, anyOfAmino(m.type, m.value)))] as const;
    });
    const message = fromJson(desc, aminoToProtoJson(desc, plain));
    for (const [name, items] of nested) (message as unknown as Record<string, unknown>)[name] = items;
    return { typeUrl: `/${desc.typeName}`, message };
  } catch (e) {
    // What the schema cannot read is sdk 2, `<amino name>: <cause>`; the reference's own decode errors as they are.
    if (e instanceof TxError) throw e;
    throw decodeError(`${type}: ${(e as Error).message}`);
  }
}

/** A schema message given as amino JSON, as the protobuf Any a wallet sends (the CLI's clients). */
export function anyOfAmino(type: string, value: unknown): { typeUrl: string; value: Uint8Array } {
  const { typeUrl, message } = protoOfAmino(type, value);
  return { typeUrl, value: toBinary(SCHEMA_BY_AMINO.get(type)!, message) };
}

/**
 * Amino JSON → protobuf JSON of one message: Duration ns → "Xs", Decs as raw integers; integers
 * in amino's JSON kinds (64-bit ones quoted, 32-bit ones numbers) and bools as bools, as the SDK's
 * amino JSON decoder reads them. A Duration past the protobuf Duration's range is the reference
 * decoder's own error (host/wire/duration.ts), never wrapped.
 */
function aminoToProtoJson(desc: DescMessage, v: JsonValue): JsonValue {
  if (desc.typeName === "google.protobuf.Duration" && typeof v === "string") {
    const seconds = /^(-?)([0-9]+)(?:\.[0-9]*)?s$/.exec(v);
    const whole = seconds ? BigInt(`${seconds[1]}${seconds[2]}`) : /^-?[0-9]+$/.test(v) ? BigInt(v) / 1_000_000_000n : undefined;
    if (whole !== undefined && (whole > PROTO_DURATION_MAX_SECONDS || whole < -PROTO_DURATION_MAX_SECONDS)) {
      throw new TxError({ codespace: "undefined", code: 1, description: txDurationError(whole)! }, undefined, "decode");
    }
    if (!/^-?[0-9]+$/.test(v)) return v;
    const ns = BigInt(v);
    const sign = ns < 0n ? "-" : "";
    const abs = ns < 0n ? -ns : ns;
    const frac = abs % 1_000_000_000n;
    return `${sign}${abs / 1_000_000_000n}${frac === 0n ? "" : `.${`${frac}`.padStart(9, "0")}`}s`;
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
  const out: Record<string, JsonValue> = {};
  // A field the message does not have is refused: a signature over fields nobody reads is a trap.
  for (const key of Object.keys(v)) {
    if (!desc.fields.some((f) => f.name === key)) throw new Error(`unknown field "${key}"`);
  }
  for (const field of desc.fields) {
    const x = (v as Record<string, JsonValue>)[field.name];
    if (x === undefined) continue;
    const one = (y: JsonValue): JsonValue => {
      if (field.message !== undefined) return aminoToProtoJson(field.message, y);
      if (field.fieldKind === "enum" || (field.fieldKind === "list" && field.listKind === "enum")) return y;
      if (typeof y === "string" && optionOf(field, cosmosScalar) === "cosmos.Dec") return decToRaw(y);
      aminoKind(field.scalar!, y, `${desc.name}.${field.name}`);
      return y;
    };
    out[field.name] = Array.isArray(x) ? x.map(one) : one(x);
  }
  return out;
}

const INT64 = new Set([ScalarType.INT64, ScalarType.SINT64, ScalarType.SFIXED64]);
const UINT64 = new Set([ScalarType.UINT64, ScalarType.FIXED64]);
const INT32 = new Set([ScalarType.INT32, ScalarType.SINT32, ScalarType.SFIXED32]);
const UINT32 = new Set([ScalarType.UINT32, ScalarType.FIXED32]);

/** A scalar in amino's JSON kind (JSON null: the field's default); the wrong kind or range throws. */
function aminoKind(type: ScalarType, y: JsonValue, path: string): void {
  if (y === null) return;
  const got = JSON.stringify(y);
  if (UINT64.has(type)) {
    if (typeof y !== "string" || !/^(0|[1-9][0-9]*)$/.test(y)) throw new Error(`${path}: expected an unsigned integer string, got ${got}`);
    if (BigInt(y) >> 64n !== 0n) throw new Error(`${path}: value out of range: ${y}`);
  } else if (INT64.has(type)) {
    if (typeof y !== "string" || !/^-?(0|[1-9][0-9]*)$/.test(y)) throw new Error(`${path}: expected an integer string, got ${got}`);
    if (BigInt.asIntN(64, BigInt(y)) !== BigInt(y)) throw new Error(`${path}: value out of range: ${y}`);
  } else if (UINT32.has(type)) {
    if (typeof y !== "number" || !Number.isInteger(y) || y < 0 || y > 0xffff_ffff) throw new Error(`${path}: expected a uint32 number, got ${got}`);
  } else if (INT32.has(type)) {
    if (typeof y !== "number" || !Number.isInteger(y) || y < -(2 ** 31) || y >= 2 ** 31) throw new Error(`${path}: expected an int32 number, got ${got}`);
  } else if (type === ScalarType.BOOL) {
    if (typeof y !== "boolean") throw new Error(`${path}: expected a boolean, got ${got}`);
  }
}

/** The gateway prints LegacyDec fields as decimals ("0.040000000000000000"), not the raw integer. */
function decimalsInJson(desc: DescMessage, json: JsonValue): JsonValue {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return json;
  const out: Record<string, JsonValue> = { ...json };
  for (const field of desc.fields) {
    const v = out[field.name];
    if (v === undefined) continue;
    const custom = field.fieldKind === "scalar" ? optionOf(field, cosmosScalar) : undefined;
    if ((custom === "cosmos.Dec" || custom === "cosmos.Int") && v === "" && !optionOf(field, dont_omitempty)) {
      out[field.name] = null; // an unset (nullable) Int or Dec, as the gateway writes it
    } else if (custom === "cosmos.Dec") {
      out[field.name] = decFromRaw(v as string, field.name);
    } else if (field.fieldKind === "message") {
      out[field.name] = decimalsInJson(field.message, v);
    } else if (field.fieldKind === "list" && field.listKind === "message") {
      out[field.name] = (v as JsonValue[]).map((item) => decimalsInJson(field.message, item));
    }
  }
  return out;
}

const CONVERTERS: Record<string, Converter> = schemaMessages();

/** Amino type name → type URL, for the messages of a legacy amino StdTx. */
const TYPE_URLS = new Map<string, string>();
/** Amino type name → the schema's descriptor. */
const SCHEMA_BY_AMINO = new Map<string, DescMessage>();
for (const file of SCHEMA_TX_FILES) {
  for (const desc of file.messages as DescMessage[]) {
    if (desc.name.endsWith("Response")) continue;
    TYPE_URLS.set(aminoTypeName(desc), `/${desc.typeName}`);
    SCHEMA_BY_AMINO.set(aminoTypeName(desc), desc);
  }
}

/** The schema's descriptor of a message known by its amino name, or undefined. */
export const schemaOfAmino = (type: string): DescMessage | undefined => SCHEMA_BY_AMINO.get(type);

/** The type URL of a message known by its amino name (`cosmos-sdk/MsgSend` → `/cosmos.bank.v1beta1.MsgSend`). */
export const typeUrlOfAmino = (type: string): string | undefined => TYPE_URLS.get(type);

/** Whether the schema describes a message of this type URL (it decodes, whether or not a module executes it). */
export const schemaKnows = (typeUrl: string): boolean => Object.hasOwn(CONVERTERS, typeUrl);

/** Type URLs a protobuf tx may carry. */
export const messageTypeUrls = (): string[] => Object.keys(CONVERTERS);

/**
 * One message Any of a tx → its amino and gateway JSON. An unknown type URL, undecodable bytes,
 * or Anys inside it past the SDK's unpacking bounds: sdk 2.
 */
export function decodeAny(typeUrl: string, value: Uint8Array, path: string): DecodedAny {
  return decodeWithin(typeUrl, value, path, undefined);
}

/**
 * `budget` undefined: a tx's own message, whose Anys the interface registry unpacks each with a
 * fresh budget (registry.UnpackAny); below them the budget is the unpacker's, passed down.
 */
function decodeWithin(typeUrl: string, value: Uint8Array, path: string, budget: UnpackBudget | undefined): DecodedAny {
  const convert = Object.hasOwn(CONVERTERS, typeUrl) ? CONVERTERS[typeUrl] : undefined;
  if (convert === undefined) throw decodeError(`unable to resolve type URL ${typeUrl}`);
  anyDecodeWork.calls++;
  anyDecodeWork.bytes += value.length;
  const nested: NestedDecoder = (url, bytes, at) => {
    const b = budget ?? { depth: MAX_UNPACK_ANY_DEPTH, calls: { left: MAX_UNPACK_ANY_CALLS } };
    // statefulUnpacker.UnpackAny: the depth first, then the calls.
    if (b.depth === 0) throw decodeError("unable to convert messagev2 to messagev1: max depth exceeded");
    if (b.calls.left === 0) throw decodeError("unable to convert messagev2 to messagev1: call limit exceeded");
    b.calls.left--;
    return decodeWithin(url, bytes, `${path}.${at}`, { depth: b.depth - 1, calls: b.calls });
  };
  try {
    return convert(value, nested);
  } catch (e) {
    if (e instanceof Error && e.name === "TxError") throw e;
    throw decodeError(`${path}: cannot decode ${typeUrl}: ${(e as Error).message}`);
  }
}
