// A message as the SDK's JSON writes it (an exported proposal's messages: `{"@type", ...fields}`,
// proto field names, LegacyDec as decimal text) back to its protobuf bytes, then to the amino JSON
// the node keeps and executes (messages.ts decodeAny): chainmain's and x/gov v1's by their schema,
// the SDK's plain messages leniently (unknown fields ignored). Anything else is refused, naming the type.

import { ScalarType, fromJson, toBinary, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import { base64 } from "@scure/base";
import { optionOf } from "./options.js";
import { decToRaw } from "./amino/amino-json.js";
import { decodeAny, jsonRegistry, type AminoJson } from "./messages.js";
import { scalar as cosmosScalar } from "./gen/cosmos_proto/cosmos_pb.js";
import { file_chainmain_dev_v1_tx } from "./gen/chainmain/dev/v1/tx_pb.js";
import { file_chainmain_inflation_v1_tx } from "./gen/chainmain/inflation/v1/tx_pb.js";
import { file_chainmain_tieredrewards_v1_tx } from "./gen/chainmain/tieredrewards/v1/tx_pb.js";
import { file_cosmos_gov_v1_tx } from "./gen/cosmos/gov/v1/tx_pb.js";
import { MsgMultiSendSchema, MsgSendSchema, MsgSetSendEnabledSchema, MsgUpdateParamsSchema as BankMsgUpdateParamsSchema } from "./gen/cosmos/bank/v1beta1/tx_pb.js";
import {
  MsgCommunityPoolSpendSchema, MsgUpdateParamsSchema as DistributionMsgUpdateParamsSchema, MsgWithdrawDelegatorRewardSchema, MsgWithdrawValidatorCommissionSchema,
} from "./gen/cosmos/distribution/v1beta1/tx_pb.js";
import { MsgUnjailSchema, MsgUpdateParamsSchema as SlashingMsgUpdateParamsSchema } from "./gen/cosmos/slashing/v1beta1/tx_pb.js";
import { MsgBeginRedelegateSchema, MsgDelegateSchema, MsgUndelegateSchema, MsgUpdateParamsSchema as StakingMsgUpdateParamsSchema } from "./gen/cosmos/staking/v1beta1/tx_pb.js";
import { MsgUpdateParamsSchema as AuthMsgUpdateParamsSchema } from "./gen/cosmos/auth/v1beta1/tx_pb.js";
import { MsgUpdateParamsSchema as MintMsgUpdateParamsSchema } from "./gen/cosmos/mint/v1beta1/tx_pb.js";
import { MsgUpdateParamsSchema as ConsensusMsgUpdateParamsSchema } from "./gen/cosmos/consensus/v1/tx_pb.js";

const SCHEMA = new Map<string, DescMessage>(
  [file_chainmain_tieredrewards_v1_tx, file_chainmain_inflation_v1_tx, file_chainmain_dev_v1_tx, file_cosmos_gov_v1_tx]
    .flatMap((f) => (f.messages as DescMessage[]).map((d) => [`/${d.typeName}`, d] as const)),
);

/** The SDK's plain messages a proposal may carry (their JSON read leniently: unknown fields ignored). */
const SDK = new Map<string, DescMessage>(
  [
    MsgSendSchema, MsgMultiSendSchema, BankMsgUpdateParamsSchema, MsgSetSendEnabledSchema, MsgDelegateSchema, MsgUndelegateSchema, MsgBeginRedelegateSchema,
    MsgWithdrawDelegatorRewardSchema, MsgWithdrawValidatorCommissionSchema, MsgUnjailSchema,
    // governance's params and spends (their LegacyDecs as decimal text, read as the raw integer)
    AuthMsgUpdateParamsSchema, StakingMsgUpdateParamsSchema, DistributionMsgUpdateParamsSchema, MsgCommunityPoolSpendSchema,
    SlashingMsgUpdateParamsSchema, MintMsgUpdateParamsSchema, ConsensusMsgUpdateParamsSchema,
  ].map((d) => [`/${d.typeName}`, d as DescMessage] as const),
);

/** The SDK's JSON of a schema message → protobuf JSON its descriptor reads (LegacyDec as its raw integer). */
export function rawDecs(desc: DescMessage, v: JsonValue): JsonValue {
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
      if (typeof y === "string" && field.fieldKind === "scalar" && optionOf(field, cosmosScalar) === "cosmos.Dec") {
        // A LegacyDec in bytes (x/slashing's params): the raw integer's text as the bytes (base64 in protobuf JSON).
        return field.scalar === ScalarType.BYTES ? base64.encode(new TextEncoder().encode(decToRaw(y))) : decToRaw(y);
      }
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
  } else {
    // The SDK's plain messages by name; any other type the chain's registry resolves (x/upgrade's plans,
    // x/group's, x/circuit's …) by the registry, leniently as well.
    const sdk = SDK.get(typeUrl) ?? jsonRegistry().getMessage(typeUrl.slice(typeUrl.lastIndexOf("/") + 1));
    if (sdk === undefined) throw new Error(`message type ${typeUrl} inside a proposal is not supported by this node`);
    bytes = toBinary(sdk, fromJson(sdk, rawDecs(sdk, fields as JsonValue), { ignoreUnknownFields: true, registry: jsonRegistry() }));
  }
  return decodeAny(typeUrl, bytes, "message").amino;
}
