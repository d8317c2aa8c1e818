// The chain's amino converters, for SIGN_MODE_LEGACY_AMINO_JSON (a Secp256k1Wallet, Ledger): one
// per message of the registry, derived from the schema rather than written by hand. A message's
// amino JSON is the one the node itself derives to verify the signature (wire/messages.ts
// decodeAny: the `amino.name` option as its type, omitted zero fields, Decs with 18 decimals,
// Durations in nanoseconds, 64-bit integers as strings, nested Anys by their amino names), and the
// way back is the node's reading of a legacy StdTx (protoOfAmino): so what a wallet signs is what
// the node checks, for chainmain's messages and the SDK's alike (where CosmJS's own converters
// differ from the SDK's, e.g. MsgWithdrawValidatorCommission's name, these follow the SDK).

import { create, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { AminoTypes, type AminoConverter, type AminoConverters } from "@cosmjs/stargate";
import { aminoTypeName } from "../wire/amino/amino-json.js";
import { decodeAny, protoOfAmino } from "../wire/messages.js";
import { messageSchemas, typeUrlOf } from "./registry.js";

/** The amino converter of one message schema. */
export function aminoConverter(schema: DescMessage): AminoConverter {
  const typeUrl = typeUrlOf(schema);
  const aminoType = aminoTypeName(schema);
  return {
    aminoType,
    toAmino: (value: unknown) => {
      const bytes = toBinary(schema, create(schema, value as MessageInitShape<DescMessage>));
      return decodeAny(typeUrl, bytes, aminoType).amino.value;
    },
    fromAmino: (value: unknown) => protoOfAmino(aminoType, value).message,
  };
}

/** Type URL → amino converter, for every message of the chain's registry. */
export function chainAminoConverters(): AminoConverters {
  return Object.fromEntries(messageSchemas().map((d) => [typeUrlOf(d), aminoConverter(d)]));
}

/** CosmJS's AminoTypes over chainAminoConverters(). */
export function chainAminoTypes(): AminoTypes {
  return new AminoTypes(chainAminoConverters());
}
