// A message as the SDK's JSON writes it (an exported proposal's messages: `{"@type", ...fields}`,
// proto field names, LegacyDec as decimal text) back to its protobuf bytes, then to the amino JSON
// the node keeps and executes (messages.ts decodeAny): chainmain's and x/gov v1's by their schema,
// the SDK's plain messages by cosmjs-types. Anything else is refused, naming the type.

import "./cosmjs-int64.js"; // cosmjs-types' int64 writer fixed before any of its messages is encoded
import { fromJson, toBinary, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import { optionOf } from "./options.js";
import { MsgMultiSend, MsgSend, MsgSetSendEnabled, MsgUpdateParams as BankMsgUpdateParams } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgWithdrawDelegatorReward, MsgWithdrawValidatorCommission } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { MsgBeginRedelegate, MsgDelegate, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { decToRaw } from "./amino/amino-json.js";
import { decodeAny, type AminoJson } from "./messages.js";
import { scalar as cosmosScalar } from "./gen/cosmos_proto/cosmos_pb.js";
import { file_chainmain_dev_v1_tx } from "./gen/chainmain/dev/v1/tx_pb.js";
import { file_chainmain_inflation_v1_tx } from "./gen/chainmain/inflation/v1/tx_pb.js";
import { file_chainmain_tieredrewards_v1_tx } from "./gen/chainmain/tieredrewards/v1/tx_pb.js";
import { file_cosmos_gov_v1_tx } from "./gen/cosmos/gov/v1/tx_pb.js";

const SCHEMA = new Map<string, DescMessage>(
  [file_chainmain_tieredrewards_v1_tx, file_chainmain_inflation_v1_tx, file_chainmain_dev_v1_tx, file_cosmos_gov_v1_tx]
    .flatMap((f) => (f.messages as DescMessage[]).map((d) => [`/${d.typeName}`, d] as const)),
);

interface JsonCodec {
  fromJSON(o: unknown): unknown;
  encode(m: unknown): { finish(): Uint8Array };
}
const SDK: Record<string, JsonCodec> = {
  "/cosmos.bank.v1beta1.MsgSend": MsgSend as unknown as JsonCodec,
  "/cosmos.bank.v1beta1.MsgMultiSend": MsgMultiSend as unknown as JsonCodec,
  "/cosmos.bank.v1beta1.MsgUpdateParams": BankMsgUpdateParams as unknown as JsonCodec,
  "/cosmos.bank.v1beta1.MsgSetSendEnabled": MsgSetSendEnabled as unknown as JsonCodec,
  "/cosmos.staking.v1beta1.MsgDelegate": MsgDelegate as unknown as JsonCodec,
  "/cosmos.staking.v1beta1.MsgUndelegate": MsgUndelegate as unknown as JsonCodec,
  "/cosmos.staking.v1beta1.MsgBeginRedelegate": MsgBeginRedelegate as unknown as JsonCodec,
  "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward": MsgWithdrawDelegatorReward as unknown as JsonCodec,
  "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission": MsgWithdrawValidatorCommission as unknown as JsonCodec,
  "/cosmos.slashing.v1beta1.MsgUnjail": MsgUnjail as unknown as JsonCodec,
};

const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function camelKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(camelKeys);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [camel(k), camelKeys(x)]));
  return v;
}

/** The SDK's JSON of a schema message → protobuf JSON its descriptor reads (LegacyDec as its raw integer). */
function rawDecs(desc: DescMessage, v: JsonValue): JsonValue {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
  const out: Record<string, JsonValue> = {};
  for (const [k, x] of Object.entries(v)) {
    const field = desc.fields.find((f) => f.name === k || f.jsonName === k);
    if (field === undefined) {
      out[k] = x;
      continue;
    }
    const one = (y: JsonValue): JsonValue => {
      if (field.message !== undefined && field.message.typeName !== "google.protobuf.Duration") return rawDecs(field.message, y);
      if (typeof y === "string" && field.fieldKind === "scalar" && optionOf(field, cosmosScalar) === "cosmos.Dec") return decToRaw(y);
      return y;
    };
    out[k] = Array.isArray(x) ? x.map(one) : one(x);
  }
  return out;
}

/** A message of an exported proposal (`{"@type", ...}`) as the node keeps it (amino JSON). Throws an Error saying why not. */
export function aminoOfSdkJson(message: { [key: string]: unknown }): AminoJson {
  const { "@type": typeUrl, ...fields } = message;
  if (typeof typeUrl !== "string") throw new Error("missing @type");
  let bytes: Uint8Array;
  const desc = SCHEMA.get(typeUrl);
  if (desc !== undefined) {
    if (desc.fields.some((f) => f.fieldKind === "list" && f.listKind === "message" && f.message.typeName === "google.protobuf.Any")) {
      throw new Error(`${typeUrl} inside a proposal is not supported by this node`);
    }
    bytes = toBinary(desc, fromJson(desc, rawDecs(desc, fields as JsonValue)));
  } else if (SDK[typeUrl] !== undefined) {
    const codec = SDK[typeUrl]!;
    bytes = codec.encode(codec.fromJSON(camelKeys(fields))).finish();
  } else {
    throw new Error(`message type ${typeUrl} inside a proposal is not supported by this node`);
  }
  return decodeAny(typeUrl, bytes, "message").amino;
}
