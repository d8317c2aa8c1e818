// The messages a protobuf transaction may carry, by type URL: each decodes its Any bytes and
// gives the message's amino JSON `{type, value}` exactly as the SDK's aminojson encoder derives
// it. That is what SIGN_MODE_LEGACY_AMINO_JSON signs, and it is the internal form the message
// registry (host/app/registry.ts) validates and the handlers execute: one path for both wires.
//
// chainmain.* (the project's own schema, proto/): derived from the descriptors (amino-json.ts).
// Cosmos SDK messages (cosmjs-types): converted here with the SDK's amino names and rules.

import { ScalarType, create, createRegistry, fromBinary, fromJson, toBinary, toJson, type DescFile, type DescMessage, type JsonValue, type Message, type Registry } from "@bufbuild/protobuf";
import { optionOf } from "./options.js";
import { base64 } from "@scure/base";
import { TxError, decodeError } from "./errors.js";
import { PROTO_DURATION_MAX_SECONDS, txDurationError } from "./duration.js";
import { gatewayJson } from "./gateway-render.js";
import { ANY, eachAny, mayHoldAny } from "./any-walk.js";
import { LazyDecodedAny, staticMessage, totalJson } from "./lazy-any.js";
export { lazyFormsMade, totalJson } from "./lazy-any.js";
import { aminoTypeName, decFromRaw, decToRaw, oneofsOfAmino, toAminoJson } from "./amino/amino-json.js";
import { dont_omitempty, field_name } from "./gen/amino/amino_pb.js";
import { scalar as cosmosScalar } from "./gen/cosmos_proto/cosmos_pb.js";
import { file_chainmain_dev_v1_tx } from "./gen/chainmain/dev/v1/tx_pb.js";
import { file_chainmain_inflation_v1_tx } from "./gen/chainmain/inflation/v1/tx_pb.js";
import { file_chainmain_tieredrewards_v1_tx } from "./gen/chainmain/tieredrewards/v1/tx_pb.js";
import { file_cosmos_gov_v1_tx } from "./gen/cosmos/gov/v1/tx_pb.js";
import { file_cosmos_bank_v1beta1_tx } from "./gen/cosmos/bank/v1beta1/tx_pb.js";
import { file_cosmos_staking_v1beta1_tx } from "./gen/cosmos/staking/v1beta1/tx_pb.js";
import { file_cosmos_distribution_v1beta1_tx } from "./gen/cosmos/distribution/v1beta1/tx_pb.js";
import { file_cosmos_slashing_v1beta1_tx } from "./gen/cosmos/slashing/v1beta1/tx_pb.js";
import { file_cosmos_auth_v1beta1_tx } from "./gen/cosmos/auth/v1beta1/tx_pb.js";
import { file_cosmos_vesting_v1beta1_tx } from "./gen/cosmos/vesting/v1beta1/tx_pb.js";
import { file_cosmos_mint_v1beta1_tx } from "./gen/cosmos/mint/v1beta1/tx_pb.js";
import { file_cosmos_consensus_v1_tx } from "./gen/cosmos/consensus/v1/tx_pb.js";
import { file_cosmos_gov_v1beta1_tx } from "./gen/cosmos/gov/v1beta1/tx_pb.js";
import { file_cosmos_authz_v1beta1_tx } from "./gen/cosmos/authz/v1beta1/tx_pb.js";
import { file_cosmos_feegrant_v1beta1_tx } from "./gen/cosmos/feegrant/v1beta1/tx_pb.js";
import { file_cosmos_upgrade_v1beta1_tx } from "./gen/cosmos/upgrade/v1beta1/tx_pb.js";
import { file_cosmos_evidence_v1beta1_tx } from "./gen/cosmos/evidence/v1beta1/tx_pb.js";
import { file_cosmos_circuit_v1_tx } from "./gen/cosmos/circuit/v1/tx_pb.js";
import { file_cosmos_group_v1_tx } from "./gen/cosmos/group/v1/tx_pb.js";
import { file_chainmain_nft_v1_tx } from "./gen/chainmain/nft/v1/tx_pb.js";
import { file_ibc_applications_transfer_v1_tx } from "./gen/ibc/applications/transfer/v1/tx_pb.js";
import { file_ibc_core_client_v1_tx } from "./gen/ibc/core/client/v1/tx_pb.js";
import { file_ibc_core_client_v2_tx } from "./gen/ibc/core/client/v2/tx_pb.js";
import { file_ibc_core_connection_v1_tx } from "./gen/ibc/core/connection/v1/tx_pb.js";
import { file_ibc_core_channel_v1_tx } from "./gen/ibc/core/channel/v1/tx_pb.js";
import { file_ibc_core_channel_v2_tx } from "./gen/ibc/core/channel/v2/tx_pb.js";
import { file_ibc_applications_interchain_accounts_controller_v1_tx } from "./gen/ibc/applications/interchain_accounts/controller/v1/tx_pb.js";
import { file_ibc_applications_interchain_accounts_host_v1_tx } from "./gen/ibc/applications/interchain_accounts/host/v1/tx_pb.js";
import { file_cosmos_authz_v1beta1_authz } from "./gen/cosmos/authz/v1beta1/authz_pb.js";
import { file_cosmos_bank_v1beta1_authz } from "./gen/cosmos/bank/v1beta1/authz_pb.js";
import { file_cosmos_staking_v1beta1_authz } from "./gen/cosmos/staking/v1beta1/authz_pb.js";
import { file_cosmos_feegrant_v1beta1_feegrant } from "./gen/cosmos/feegrant/v1beta1/feegrant_pb.js";
import { file_cosmos_evidence_v1beta1_evidence } from "./gen/cosmos/evidence/v1beta1/evidence_pb.js";
import { file_cosmos_gov_v1beta1_gov } from "./gen/cosmos/gov/v1beta1/gov_pb.js";
import { file_cosmos_distribution_v1beta1_distribution } from "./gen/cosmos/distribution/v1beta1/distribution_pb.js";
import { file_cosmos_upgrade_v1beta1_upgrade } from "./gen/cosmos/upgrade/v1beta1/upgrade_pb.js";
import { file_ibc_core_client_v1_deprecated } from "./gen/ibc/core/client/v1/deprecated_pb.js";
import { file_cosmos_group_v1_types } from "./gen/cosmos/group/v1/types_pb.js";
import { file_cosmos_vesting_v1beta1_vesting } from "./gen/cosmos/vesting/v1beta1/vesting_pb.js";
import { file_ibc_applications_transfer_v1_authz } from "./gen/ibc/applications/transfer/v1/authz_pb.js";
import { file_ibc_lightclients_tendermint_v1_tendermint } from "./gen/ibc/lightclients/tendermint/v1/tendermint_pb.js";
import { PubKeySchema as Ed25519PubKeySchema } from "./gen/cosmos/crypto/ed25519/keys_pb.js";
import { PubKeySchema as Secp256k1PubKeySchema } from "./gen/cosmos/crypto/secp256k1/keys_pb.js";

/** The messages a tx may carry, converted from their schema (proto/): chainmain's and the SDK modules' the node executes. */
const SCHEMA_TX_FILES = [
  file_cosmos_bank_v1beta1_tx, file_cosmos_staking_v1beta1_tx, file_cosmos_distribution_v1beta1_tx, file_cosmos_slashing_v1beta1_tx,
  file_cosmos_gov_v1_tx, file_chainmain_tieredrewards_v1_tx, file_chainmain_inflation_v1_tx, file_chainmain_dev_v1_tx,
  // Decoded (every Msg chain-maind's interface registry resolves), whether or not executed here.
  file_cosmos_auth_v1beta1_tx, file_cosmos_vesting_v1beta1_tx, file_cosmos_mint_v1beta1_tx, file_cosmos_consensus_v1_tx,
  file_cosmos_gov_v1beta1_tx, file_cosmos_authz_v1beta1_tx, file_cosmos_feegrant_v1beta1_tx, file_cosmos_upgrade_v1beta1_tx,
  file_cosmos_evidence_v1beta1_tx, file_cosmos_circuit_v1_tx, file_cosmos_group_v1_tx, file_chainmain_nft_v1_tx,
  file_ibc_applications_transfer_v1_tx, file_ibc_core_client_v1_tx, file_ibc_core_client_v2_tx, file_ibc_core_connection_v1_tx,
  file_ibc_core_channel_v1_tx, file_ibc_core_channel_v2_tx, file_ibc_applications_interchain_accounts_controller_v1_tx,
  file_ibc_applications_interchain_accounts_host_v1_tx,
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

/**
 * A legacy amino JSON message as the reference's amino rules read it, where its protobuf form
 * cannot tell it apart from a default: refused on arrival (sdk 2) where they refused it — a
 * delegation's `amount` not an object, an Int amino always writes given as "", a
 * MsgCreateValidator's commission with no rate — and an empty Dec (CosmJS's unset one) unset.
 */
const AMINO_ARRIVAL: Record<string, (v: Record<string, unknown>) => Record<string, unknown>> = {
  "cosmos.staking.v1beta1.MsgDelegate": (v) => (coinObject(v.amount, "amount"), v),
  "cosmos.staking.v1beta1.MsgUndelegate": (v) => (coinObject(v.amount, "amount"), v),
  "cosmos.staking.v1beta1.MsgBeginRedelegate": (v) => (coinObject(v.amount, "amount"), v),
  "cosmos.staking.v1beta1.MsgCreateValidator": (v) => {
    const c = (v.commission ?? {}) as Record<string, unknown>;
    if (!c.rate && !c.max_rate && !c.max_change_rate) throw new Error("commission: empty commission");
    notEmptyInt(v.min_self_delegation, "min_self_delegation");
    if (v.value !== undefined) coinObject(v.value, "value");
    return { ...v, commission: unsetEmpty(c, ["rate", "max_rate", "max_change_rate"]) };
  },
  "cosmos.staking.v1beta1.MsgEditValidator": (v) => unsetEmpty(v, ["commission_rate", "min_self_delegation"]),
  "chainmain.dev.v1.MsgSlashValidator": (v) => unsetEmpty(v, ["slash_fraction"]),
};

/** `v` without the `fields` given as "" (unset). */
const unsetEmpty = (v: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(v).filter(([k, x]) => !(fields.includes(k) && x === "")));

function coinObject(v: unknown, path: string): void {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error(`${path}: expected a coin object, got ${JSON.stringify(v ?? null)}`);
  notEmptyInt((v as Record<string, unknown>).amount, `${path}.amount`);
}

function notEmptyInt(v: unknown, path: string): void {
  if (v === "") throw new Error(`${path}: expected an integer string, got ""`);
}

/** Messages known by their schema: every message of `descs` (a tx file's, or a type its messages carry). */
function schemaMessages(descs: readonly DescMessage[]): Record<string, Converter> {
  const out: Record<string, Converter> = {};
  for (const desc of descs) {
    const anyOnes = desc.fields.filter((f) => f.fieldKind === "message" && f.message.typeName === ANY);
    const fixup = AMINO_INPUT[desc.typeName];
    const gateway = (m: Message) => toJson(desc, m, { useProtoFieldName: true, alwaysEmitImplicit: true, registry: jsonRegistry() }) as Record<string, JsonValue>;
    const aminoSource = (m: Message) => (fixup ? (fixup(m as unknown as Record<string, unknown>) as unknown as Message) : m);
    // A type whose JSON forms cannot fail has them made when read (lazy-any.ts).
    const lazy = totalJson(desc)
      ? {
        amino: (m: Message) => toAminoJson(desc, aminoSource(m)) as AminoJson,
        json: (m: Message) => decimalsInJson(desc, gateway(m)) as Record<string, unknown>,
      }
      : undefined;
    const converter: Converter = (bytes, nested) => {
      const m = staticMessage(desc.typeName, bytes) ?? fromBinary(desc, bytes); // a static reader where one is sure (fast-tx.ts)
      if (lazy) return new LazyDecodedAny(m, lazy);
      const fields = m as unknown as Record<string, unknown>;
      // Each Any in the message, at any depth, decoded once (within the unpacking budget) for both
      // renderings: a key (MsgCreateValidator's pubkey), a message (a proposal's, MsgExec's), or a
      // type the schema carries (a gov content, an authorization, an allowance, evidence…).
      const inner = new Map<object, DecodedAny>();
      if (mayHoldAny(desc)) {
        eachAny(desc, m, desc.typeName, (a, path) => {
          inner.set(a, Object.hasOwn(PUBKEYS, a.typeUrl) ? pubKey(a.typeUrl, a.value) : nested(a.typeUrl, a.value, path));
        });
      }
      const json = gateway(m);
      for (const f of anyOnes) if (fields[f.localName] === undefined) json[f.name] = null; // as the gateway writes an unset Any
      const amino = toAminoJson(desc, aminoSource(m), (a, path) => {
        const d = inner.get(a);
        if (d === undefined) throw decodeError(`${path}: an Any the decoder did not see`);
        return d.amino;
      });
      return { amino: amino as AminoJson, json: decimalsInJson(desc, json) as Record<string, unknown>, message: m };
    };
    out[`/${desc.typeName}`] = Object.assign(converter, { aminoType: aminoTypeName(desc) });
  }
  return out;
}

/**
 * The gateway JSON (jsonpb, EmitDefaults: unset messages null) of a schema message given as amino JSON (a stored proposal's
 * messages): amino's durations, omitted defaults and Decs read back by its descriptor. Undefined for one the schema lacks.
 */
export function gatewayJsonOfAmino(type: string, value: unknown): Record<string, unknown> | undefined {
  const desc = SCHEMA_BY_AMINO.get(type);
  if (desc === undefined) return undefined;
  try {
    const msg = fromJson(desc, aminoToProtoJson(desc, value as JsonValue), { ignoreUnknownFields: true, registry: jsonRegistry() });
    return gatewayJson(desc, msg, jsonRegistry()) as Record<string, unknown>;
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
  const desc = SCHEMA_BY_AMINO.get(type) ?? CARRIED_BY_AMINO.get(type);
  if (desc === undefined) throw new Error(`no protobuf schema for ${type}`);
  try {
    const arrival = AMINO_ARRIVAL[desc.typeName];
    const plain = (arrival ? arrival(value as Record<string, unknown>) : value) as JsonValue;
    const message = fromJson(desc, aminoToProtoJson(desc, plain, true), { registry: jsonRegistry() });
    sdkTypeUrls(desc, message);
    return { typeUrl: `/${desc.typeName}`, message };
  } catch (e) {
    // What the schema cannot read is sdk 2, `<amino name>: <cause>`; the reference's own decode errors as they are.
    if (e instanceof TxError) throw e;
    throw decodeError(`${type}: ${(e as Error).message}`);
  }
}

/**
 * protobuf-es packs an Any read from JSON under `type.googleapis.com/<name>`; the SDK's type URLs
 * are `/<name>`: every Any in `msg`, and in the messages they pack, renamed and repacked.
 */
function sdkTypeUrls(desc: DescMessage, msg: Message): void {
  eachAny(desc, msg, "", (a) => {
    const name = a.typeUrl.slice(a.typeUrl.lastIndexOf("/") + 1);
    a.typeUrl = `/${name}`;
    const inner = jsonRegistry().getMessage(name);
    if (inner === undefined) return;
    const m = fromBinary(inner, a.value);
    sdkTypeUrls(inner, m);
    a.value = toBinary(inner, m);
  });
}

/** A schema message given as amino JSON, as the protobuf Any a wallet sends (the CLI's clients). */
export function anyOfAmino(type: string, value: unknown): { typeUrl: string; value: Uint8Array } {
  const key = Object.entries(PUBKEYS).find(([, k]) => k.amino === type);
  if (key !== undefined) {
    if (typeof value !== "string") throw new Error(`${type}: expected the key's base64 text`);
    return { typeUrl: key[0], value: toBinary(key[1].desc, create(key[1].desc, { key: base64.decode(value) } as never)) };
  }
  const { typeUrl, message } = protoOfAmino(type, value);
  return { typeUrl, value: toBinary((SCHEMA_BY_AMINO.get(type) ?? CARRIED_BY_AMINO.get(type))!, message) };
}

/**
 * Amino JSON → protobuf JSON of one message: Duration ns → "Xs", Decs as raw integers; integers
 * in amino's JSON kinds (64-bit ones quoted, 32-bit ones numbers) and bools as bools, as the SDK's
 * amino JSON decoder reads them. A Duration past the protobuf Duration's range is the reference
 * decoder's own error (host/wire/duration.ts), never wrapped. On arrival (`arriving`: a legacy
 * StdTx's message, a stored proposal's) a field may go by its amino name (`amino.field_name`) or
 * its proto name, not both.
 */
function aminoToProtoJson(desc: DescMessage, v: JsonValue, arriving = false): JsonValue {
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
  if (desc.typeName === ANY && v !== null && typeof v === "object" && !Array.isArray(v)) {
    // amino's {type, value}: a key's base64 text, or a message by its amino name.
    const { type, value } = v as { type?: unknown; value?: JsonValue };
    if (typeof type !== "string") throw new Error("an Any: expected {type, value}");
    const key = Object.entries(PUBKEYS).find(([, k]) => k.amino === type);
    if (key !== undefined) return { "@type": key[0], key: value ?? "" };
    const inner = SCHEMA_BY_AMINO.get(type) ?? CARRIED_BY_AMINO.get(type);
    if (inner === undefined) throw new Error(`no protobuf schema for ${type}`);
    const json = aminoToProtoJson(inner, value ?? {}, arriving) as Record<string, JsonValue>;
    return { "@type": `/${inner.typeName}`, ...json };
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
  if (desc.oneofs.length > 0) v = oneofsOfAmino(desc, v);
  const out: Record<string, JsonValue> = {};
  const aminoName = (f: DescMessage["fields"][number]) => (arriving && optionOf(f, field_name)) || f.name;
  // A field the message does not have is refused: a signature over fields nobody reads is a trap.
  for (const key of Object.keys(v)) {
    if (!desc.fields.some((f) => f.name === key || aminoName(f) === key)) throw new Error(`unknown field "${key}"`);
  }
  for (const field of desc.fields) {
    const named = aminoName(field);
    if (named !== field.name && v[named] !== undefined && v[field.name] !== undefined) throw new Error(`both "${named}" and "${field.name}"`);
    const x = (v as Record<string, JsonValue>)[named] ?? (v as Record<string, JsonValue>)[field.name];
    if (x === undefined) continue;
    const one = (y: JsonValue): JsonValue => {
      if (field.message !== undefined) return aminoToProtoJson(field.message, y, arriving);
      if (field.fieldKind === "enum" || (field.fieldKind === "list" && field.listKind === "enum")) return y;
      if (typeof y === "string" && optionOf(field, cosmosScalar) === "cosmos.Dec") {
        // A LegacyDec in bytes (x/slashing's params): the raw integer's text as the bytes (base64 in protobuf JSON).
        return field.scalar === ScalarType.BYTES ? base64.encode(new TextEncoder().encode(decToRaw(y))) : decToRaw(y);
      }
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
      // A LegacyDec in bytes (x/slashing's params) is base64 in protobuf JSON: its raw integer's text.
      const raw = field.scalar === ScalarType.BYTES ? new TextDecoder().decode(base64.decode(v as string)) : (v as string);
      out[field.name] = decFromRaw(raw, field.name);
    } else if (field.fieldKind === "message") {
      out[field.name] = decimalsInJsonOf(field.message, v);
    } else if (field.fieldKind === "list" && field.listKind === "message") {
      out[field.name] = (v as JsonValue[]).map((item) => decimalsInJsonOf(field.message, item));
    }
  }
  return out;
}

/** decimalsInJson of a field's value; an Any's by the type its `@type` names. */
function decimalsInJsonOf(desc: DescMessage, v: JsonValue): JsonValue {
  if (desc.typeName !== ANY) return decimalsInJson(desc, v);
  if (typeof v !== "object" || v === null || Array.isArray(v) || typeof v["@type"] !== "string") return v;
  const inner = jsonRegistry().getMessage(v["@type"].slice(v["@type"].lastIndexOf("/") + 1));
  return inner === undefined ? v : decimalsInJson(inner, v);
}

/** Every type a message's Any may name, for the gateway JSON of the Any (made on first use). */
let JSON_REGISTRY: Registry | undefined;
export function jsonRegistry(): Registry {
  return (JSON_REGISTRY ??= createRegistry(...TX_MESSAGES, ...carriedMessages(), ...Object.values(PUBKEYS).map((k) => k.desc)));
}

/** The tx files' messages (what a tx may carry at its top level). */
const TX_MESSAGES = SCHEMA_TX_FILES.flatMap((file) => (file.messages as DescMessage[]).filter((d) => !d.name.endsWith("Response")));

/**
 * Files of the types the chain's interface registry resolves inside a message's Any that no tx
 * file imports (an authorization, an allowance, evidence, a gov content, a decision policy…).
 */
const CARRIED_FILES = [
  file_cosmos_authz_v1beta1_authz, file_cosmos_bank_v1beta1_authz, file_cosmos_staking_v1beta1_authz, file_cosmos_feegrant_v1beta1_feegrant,
  file_cosmos_evidence_v1beta1_evidence, file_cosmos_gov_v1beta1_gov, file_cosmos_distribution_v1beta1_distribution,
  file_cosmos_upgrade_v1beta1_upgrade, file_cosmos_group_v1_types, file_cosmos_vesting_v1beta1_vesting, file_ibc_applications_transfer_v1_authz,
  file_ibc_core_client_v1_deprecated, file_ibc_lightclients_tendermint_v1_tendermint,
];

/** Every message of the tx files' dependencies and the carried files (recursively): what their Anys may carry. */
function carriedMessages(): DescMessage[] {
  const seen = new Set<DescFile>();
  const out: DescMessage[] = [];
  const walk = (f: DescFile): void => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const dep of f.dependencies) walk(dep);
    if (!SCHEMA_TX_FILES.includes(f)) for (const d of f.messages) if (!d.name.endsWith("Response") && !d.name.startsWith("Query")) out.push(d);
  };
  for (const f of [...SCHEMA_TX_FILES, ...CARRIED_FILES]) walk(f);
  return out;
}

const CONVERTERS: Record<string, Converter> = schemaMessages(TX_MESSAGES);
/** The types a message's Any may carry besides messages: gov contents, authorizations, allowances… */
const CARRIED: Record<string, Converter> = schemaMessages(carriedMessages());

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

/** Amino type name → a carried type's descriptor (a proposal's content, an authorization…). */
const CARRIED_BY_AMINO = new Map<string, DescMessage>(carriedMessages().map((d) => [aminoTypeName(d), d]));

/** The type URL of a message known by its amino name (`cosmos-sdk/MsgSend` → `/cosmos.bank.v1beta1.MsgSend`). */
export const typeUrlOfAmino = (type: string): string | undefined => TYPE_URLS.get(type);

/** The amino name of a tx message's type URL (what its decoded `amino.type` is), without making its amino JSON. */
export const aminoTypeOfUrl = (typeUrl: string): string | undefined => (Object.hasOwn(CONVERTERS, typeUrl) ? CONVERTERS[typeUrl]!.aminoType : undefined);

/** Whether the schema describes a message of this type URL (it decodes, whether or not a module executes it). */
export const schemaKnows = (typeUrl: string): boolean => Object.hasOwn(CONVERTERS, typeUrl);

/** Type URLs a protobuf tx may carry. */
export const messageTypeUrls = (): string[] => Object.keys(CONVERTERS);
/** The schema of each message a protobuf tx may carry (the client package's registry, host/client/). */
export const txMessageSchemas = (): readonly DescMessage[] => TX_MESSAGES;

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
  const convert = Object.hasOwn(CONVERTERS, typeUrl) ? CONVERTERS[typeUrl]
    : budget !== undefined && Object.hasOwn(CARRIED, typeUrl) ? CARRIED[typeUrl] : undefined;
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
