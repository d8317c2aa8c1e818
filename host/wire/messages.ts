// The messages a protobuf transaction may carry, by type URL: each decodes its Any bytes and
// gives the message's amino JSON `{type, value}` exactly as the SDK's aminojson encoder derives
// it. That is what SIGN_MODE_LEGACY_AMINO_JSON signs, and it is the internal form the message
// registry (host/app/registry.ts) validates and the handlers execute: one path for both wires.
//
// chainmain.* (the project's own schema, proto/): derived from the descriptors (amino-json.ts).
// Cosmos SDK messages (cosmjs-types): converted here with the SDK's amino names and rules.

import { create, fromBinary, fromJson, getOption, toBinary, toJson, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import type { Coin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import { MsgWithdrawDelegatorReward, MsgWithdrawValidatorCommission } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { MsgBeginRedelegate, MsgCreateValidator, MsgDelegate, MsgEditValidator, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import type { Description } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { PubKey as Secp256k1PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { base64 } from "@scure/base";
import { decodeError } from "./errors.js";
import { aminoTypeName, decFromRaw, decToRaw, toAminoJson } from "./amino/amino-json.js";
import { scalar as cosmosScalar } from "./gen/cosmos_proto/cosmos_pb.js";
import { file_chainmain_dev_v1_tx } from "./gen/chainmain/dev/v1/tx_pb.js";
import { file_chainmain_inflation_v1_tx } from "./gen/chainmain/inflation/v1/tx_pb.js";
import { file_chainmain_tieredrewards_v1_tx } from "./gen/chainmain/tieredrewards/v1/tx_pb.js";
import { file_cosmos_gov_v1_tx } from "./gen/cosmos/gov/v1/tx_pb.js";

/** The messages converted from their schema (proto/): chainmain's and x/gov v1's. */
const SCHEMA_TX_FILES = [file_chainmain_tieredrewards_v1_tx, file_chainmain_inflation_v1_tx, file_chainmain_dev_v1_tx, file_cosmos_gov_v1_tx];

export type AminoJson = { type: string; value: Record<string, unknown> };

/**
 * A decoded message: its amino JSON and its proto JSON as the REST gateway renders it (proto field
 * names, defaults emitted, 64-bit integers as strings, Dec as decimal text), without `@type`.
 */
export interface DecodedAny {
  readonly amino: AminoJson;
  readonly json: Record<string, unknown>;
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

const omitEmpty = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== "" && v !== undefined));

/** cosmos.base.v1beta1.Coin: `amount` always written (an empty Int is "0"), `denom` omitted if empty. */
const coin = (c: Coin | undefined): Record<string, unknown> => omitEmpty({ amount: c?.amount || "0", denom: c?.denom ?? "" });

const coinJson = (c: Coin | undefined) => ({ denom: c?.denom ?? "", amount: c?.amount ?? "" });

/** A ts-proto codec (cosmjs-types) with its rules to amino JSON and to gateway JSON. */
function sdk<T>(
  type: string, codec: { decode(bytes: Uint8Array): T }, value: (m: T) => Record<string, unknown>,
  json: (m: T) => Record<string, unknown>,
): Converter {
  return Object.assign((bytes: Uint8Array) => {
    const m = codec.decode(bytes);
    return { amino: { type, value: value(m) }, json: json(m) };
  }, { aminoType: type });
}

const delegationJson = (m: MsgDelegate) => ({
  delegator_address: m.delegatorAddress, validator_address: m.validatorAddress, amount: coinJson(m.amount),
});

/** A consensus key Any: its amino JSON (`{type, value}`, the key's base64) and its gateway JSON. */
function consensusPubKey(any: Any | undefined): { amino: Record<string, unknown>; json: Record<string, unknown> } | undefined {
  if (any === undefined) return undefined;
  const known: Record<string, [string, { decode(b: Uint8Array): { key: Uint8Array } }]> = {
    "/cosmos.crypto.ed25519.PubKey": ["tendermint/PubKeyEd25519", Ed25519PubKey],
    "/cosmos.crypto.secp256k1.PubKey": ["tendermint/PubKeySecp256k1", Secp256k1PubKey],
  };
  const k = known[any.typeUrl];
  if (k === undefined) throw decodeError(`unable to resolve type URL ${any.typeUrl}`);
  const key = base64.encode(k[1].decode(any.value).key);
  return { amino: { type: k[0], value: key }, json: { "@type": any.typeUrl, key } };
}

/** x/staking's Description: amino omits empty fields, the gateway shows them all. */
const descriptionAmino = (d: Description | undefined) =>
  omitEmpty({ moniker: d?.moniker, identity: d?.identity, website: d?.website, security_contact: d?.securityContact, details: d?.details });
const descriptionJson = (d: Description | undefined) => ({
  moniker: d?.moniker ?? "", identity: d?.identity ?? "", website: d?.website ?? "", security_contact: d?.securityContact ?? "", details: d?.details ?? "",
});

/** MsgCreateValidator: description, commission and value are amino.dont_omitempty; Decs as 18-decimal text (an empty one is zero). */
const createValidator = sdk("cosmos-sdk/MsgCreateValidator", MsgCreateValidator, (m) => {
  const c = m.commission;
  const pub = consensusPubKey(m.pubkey);
  return {
    description: descriptionAmino(m.description),
    commission: {
      rate: decFromRaw(c?.rate || "0", "commission.rate"), max_rate: decFromRaw(c?.maxRate || "0", "commission.max_rate"),
      max_change_rate: decFromRaw(c?.maxChangeRate || "0", "commission.max_change_rate"),
    },
    min_self_delegation: m.minSelfDelegation || "0",
    ...omitEmpty({ delegator_address: m.delegatorAddress, validator_address: m.validatorAddress }),
    ...(pub ? { pubkey: pub.amino } : {}),
    value: coin(m.value),
  };
}, (m) => ({
  description: descriptionJson(m.description),
  commission: {
    rate: decFromRaw(m.commission?.rate || "0", "commission.rate"), max_rate: decFromRaw(m.commission?.maxRate || "0", "commission.max_rate"),
    max_change_rate: decFromRaw(m.commission?.maxChangeRate || "0", "commission.max_change_rate"),
  },
  min_self_delegation: m.minSelfDelegation, delegator_address: m.delegatorAddress, validator_address: m.validatorAddress,
  pubkey: consensusPubKey(m.pubkey)?.json ?? null, value: coinJson(m.value),
}));

/** MsgEditValidator: commission_rate and min_self_delegation are nullable (an empty string: unchanged). */
const editValidator = sdk("cosmos-sdk/MsgEditValidator", MsgEditValidator, (m) => ({
  description: descriptionAmino(m.description),
  ...omitEmpty({
    validator_address: m.validatorAddress,
    commission_rate: m.commissionRate === "" ? "" : decFromRaw(m.commissionRate, "commission_rate"),
    min_self_delegation: m.minSelfDelegation,
  }),
}), (m) => ({
  description: descriptionJson(m.description), validator_address: m.validatorAddress,
  commission_rate: m.commissionRate === "" ? null : decFromRaw(m.commissionRate, "commission_rate"),
  min_self_delegation: m.minSelfDelegation === "" ? null : m.minSelfDelegation,
}));

const SDK_MESSAGES: Record<string, Converter> = {
  "/cosmos.staking.v1beta1.MsgCreateValidator": createValidator,
  "/cosmos.staking.v1beta1.MsgEditValidator": editValidator,
  "/cosmos.bank.v1beta1.MsgSend": sdk("cosmos-sdk/MsgSend", MsgSend, (m) => ({
    ...omitEmpty({ from_address: m.fromAddress, to_address: m.toAddress }),
    amount: m.amount.map(coin), // legacy_coins, dont_omitempty: [] when empty
  }), (m) => ({ from_address: m.fromAddress, to_address: m.toAddress, amount: m.amount.map(coinJson) })),
  "/cosmos.staking.v1beta1.MsgDelegate": sdk("cosmos-sdk/MsgDelegate", MsgDelegate, (m) => ({
    ...omitEmpty({ delegator_address: m.delegatorAddress, validator_address: m.validatorAddress }),
    amount: coin(m.amount),
  }), delegationJson),
  "/cosmos.staking.v1beta1.MsgUndelegate": sdk("cosmos-sdk/MsgUndelegate", MsgUndelegate, (m) => ({
    ...omitEmpty({ delegator_address: m.delegatorAddress, validator_address: m.validatorAddress }),
    amount: coin(m.amount),
  }), delegationJson),
  "/cosmos.staking.v1beta1.MsgBeginRedelegate": sdk("cosmos-sdk/MsgBeginRedelegate", MsgBeginRedelegate, (m) => ({
    ...omitEmpty({
      delegator_address: m.delegatorAddress,
      validator_src_address: m.validatorSrcAddress,
      validator_dst_address: m.validatorDstAddress,
    }),
    amount: coin(m.amount),
  }), (m) => ({
    delegator_address: m.delegatorAddress, validator_src_address: m.validatorSrcAddress,
    validator_dst_address: m.validatorDstAddress, amount: coinJson(m.amount),
  })),
  "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward": sdk(
    "cosmos-sdk/MsgWithdrawDelegationReward", MsgWithdrawDelegatorReward,
    (m) => omitEmpty({ delegator_address: m.delegatorAddress, validator_address: m.validatorAddress }),
    (m) => ({ delegator_address: m.delegatorAddress, validator_address: m.validatorAddress }),
  ),
  "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission": sdk(
    "cosmos-sdk/MsgWithdrawValidatorCommission", MsgWithdrawValidatorCommission,
    (m) => omitEmpty({ validator_address: m.validatorAddress }),
    (m) => ({ validator_address: m.validatorAddress }),
  ),
  // validator_addr carries amino.field_name "address" and dont_omitempty.
  "/cosmos.slashing.v1beta1.MsgUnjail": sdk(
    "cosmos-sdk/MsgUnjail", MsgUnjail, (m) => ({ address: m.validatorAddr }), (m) => ({ validator_addr: m.validatorAddr }),
  ),
};

/** Messages known by their schema: every message of the chainmain and x/gov v1 tx files with a signer. */
function schemaMessages(): Record<string, Converter> {
  const out: Record<string, Converter> = {};
  for (const file of SCHEMA_TX_FILES) {
    for (const desc of file.messages as DescMessage[]) {
      if (desc.name.endsWith("Response")) continue;
      // Lists of Any (a proposal's messages): each rendered by its own converter.
      const anys = desc.fields.filter((f) => f.fieldKind === "list" && f.listKind === "message" && f.message.typeName === "google.protobuf.Any");
      out[`/${desc.typeName}`] = (bytes, nested) => {
        const m = fromBinary(desc, bytes);
        const plain = anys.length === 0 ? m : Object.assign(Object.create(null), m, Object.fromEntries(anys.map((f) => [f.localName, []])));
        const json = toJson(desc, plain, { useProtoFieldName: true, alwaysEmitImplicit: true }) as Record<string, JsonValue>;
        // Each inner Any decoded once, for both renderings.
        const inner = new Map<object, DecodedAny>();
        for (const f of anys) {
          const items = (m as unknown as Record<string, { typeUrl: string; value: Uint8Array }[]>)[f.localName]!;
          json[f.name] = items.map((a, i) => {
            const d = nested(a.typeUrl, a.value, `${f.name}[${i}]`);
            inner.set(a, d);
            return { "@type": a.typeUrl, ...d.json } as JsonValue;
          });
        }
        const amino = toAminoJson(desc, m, (a, path) => {
          const d = inner.get(a);
          if (d === undefined) throw decodeError(`${path}: an Any outside the message's lists of messages`);
          return d.amino;
        });
        return { amino: amino as AminoJson, json: decimalsInJson(desc, json) as Record<string, unknown> };
      };
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
 * A schema message (chainmain's, x/gov v1's) given as amino JSON, as the protobuf Any a wallet
 * sends: the inverse of its converter (a proposal's messages, lists of Any, converted in turn).
 * For clients of the node's own (the CLI); throws for a type the schema does not describe.
 */
export function anyOfAmino(type: string, value: unknown): { typeUrl: string; value: Uint8Array } {
  const desc = SCHEMA_BY_AMINO.get(type);
  if (desc === undefined) throw new Error(`no protobuf schema for ${type}`);
  const anys = desc.fields.filter((f) => f.fieldKind === "list" && f.listKind === "message" && f.message.typeName === "google.protobuf.Any");
  const plain = { ...(value as Record<string, JsonValue>) };
  const nested = anys.map((f) => {
    const items = (plain[f.name] ?? []) as { type: string; value: unknown }[];
    delete plain[f.name];
    return [f.localName, items.map((m) => create(AnySchema, anyOfAmino(m.type, m.value)))] as const;
  });
  const msg = fromJson(desc, aminoToProtoJson(desc, plain));
  for (const [name, items] of nested) (msg as unknown as Record<string, unknown>)[name] = items;
  return { typeUrl: `/${desc.typeName}`, value: toBinary(desc, msg) };
}

/** Amino JSON → protobuf JSON of one message: Duration ns → "Xs", Decs as raw integers. */
function aminoToProtoJson(desc: DescMessage, v: JsonValue): JsonValue {
  if (desc.typeName === "google.protobuf.Duration" && typeof v === "string" && /^-?[0-9]+$/.test(v)) {
    const ns = BigInt(v);
    const sign = ns < 0n ? "-" : "";
    const abs = ns < 0n ? -ns : ns;
    const frac = abs % 1_000_000_000n;
    return `${sign}${abs / 1_000_000_000n}${frac === 0n ? "" : `.${`${frac}`.padStart(9, "0")}`}s`;
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
  const out: Record<string, JsonValue> = {};
  for (const field of desc.fields) {
    const x = (v as Record<string, JsonValue>)[field.name];
    if (x === undefined) continue;
    const one = (y: JsonValue): JsonValue => {
      if (field.message !== undefined) return aminoToProtoJson(field.message, y);
      if (typeof y === "string" && field.fieldKind !== "enum" && getOption(field, cosmosScalar) === "cosmos.Dec") return decToRaw(y);
      return y;
    };
    out[field.name] = Array.isArray(x) ? x.map(one) : one(x);
  }
  return out;
}

/** The gateway prints LegacyDec fields as decimals ("0.040000000000000000"), not the raw integer. */
function decimalsInJson(desc: DescMessage, json: JsonValue): JsonValue {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return json;
  const out: Record<string, JsonValue> = { ...json };
  for (const field of desc.fields) {
    const v = out[field.name];
    if (v === undefined) continue;
    if (field.fieldKind === "scalar" && getOption(field, cosmosScalar) === "cosmos.Dec") {
      out[field.name] = decFromRaw(v as string, field.name);
    } else if (field.fieldKind === "message") {
      out[field.name] = decimalsInJson(field.message, v);
    } else if (field.fieldKind === "list" && field.listKind === "message") {
      out[field.name] = (v as JsonValue[]).map((item) => decimalsInJson(field.message, item));
    }
  }
  return out;
}

const CONVERTERS: Record<string, Converter> = { ...SDK_MESSAGES, ...schemaMessages() };

/** Amino type name → type URL, for the messages of a legacy amino StdTx. */
const TYPE_URLS = new Map<string, string>();
/** Amino type name → the schema's descriptor. */
const SCHEMA_BY_AMINO = new Map<string, DescMessage>();
for (const [url, convert] of Object.entries(SDK_MESSAGES)) TYPE_URLS.set(convert.aminoType!, url);
for (const file of SCHEMA_TX_FILES) {
  for (const desc of file.messages as DescMessage[]) {
    if (desc.name.endsWith("Response")) continue;
    TYPE_URLS.set(aminoTypeName(desc), `/${desc.typeName}`);
    SCHEMA_BY_AMINO.set(aminoTypeName(desc), desc);
  }
}

/** The type URL of a message known by its amino name (`cosmos-sdk/MsgSend` → `/cosmos.bank.v1beta1.MsgSend`). */
export const typeUrlOfAmino = (type: string): string | undefined => TYPE_URLS.get(type);

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
