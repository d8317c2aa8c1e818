// A module credential (x/auth's ModuleCredential: the unclaimable key of a base account a module
// controls, as x/group's policy accounts have) where the node keeps an account's key: the byte 0xff,
// then the ModuleCredential's protobuf bytes (a compressed secp256k1 key starts with 0x02 or 0x03).

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { ModuleCredentialSchema, type ModuleCredential } from "./gen/cosmos/auth/v1beta1/query_pb.js";

const TAG = 0xff;
export const MODULE_CREDENTIAL = "/cosmos.auth.v1beta1.ModuleCredential";

export const isCredential = (key: Uint8Array | undefined): boolean => key !== undefined && key.length > 0 && key[0] === TAG;

export function credentialKey(moduleName: string, derivationKeys: readonly Uint8Array[]): Uint8Array {
  const bytes = toBinary(ModuleCredentialSchema, create(ModuleCredentialSchema, { moduleName, derivationKeys: [...derivationKeys] }));
  const out = new Uint8Array(bytes.length + 1);
  out[0] = TAG;
  out.set(bytes, 1);
  return out;
}

export const credentialOf = (key: Uint8Array): ModuleCredential => fromBinary(ModuleCredentialSchema, key.subarray(1));
