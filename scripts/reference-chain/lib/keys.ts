// Keys: the project's dev keys (host/app/default-genesis.ts: sha256("staking-engine dev key N"),
// restated here so the recorder does not import host/), and deterministic extra keys for accounts the
// workload creates (vesting accounts, withdraw addresses): sha256("reference-chain workload key NAME").

import { Secp256k1, sha256 } from "@cosmjs/crypto";
import { toBech32, toUtf8 } from "@cosmjs/encoding";
import { rawSecp256k1PubkeyToRawAddress } from "@cosmjs/amino";

export const devPrivateKey = (n: number): Uint8Array => sha256(toUtf8(`staking-engine dev key ${n}`));
export const extraPrivateKey = (name: string): Uint8Array => sha256(toUtf8(`reference-chain workload key ${name}`));

export async function addressOf(privateKey: Uint8Array, prefix = "cro"): Promise<string> {
  const { pubkey } = await Secp256k1.makeKeypair(privateKey);
  return toBech32(prefix, rawSecp256k1PubkeyToRawAddress(Secp256k1.compressPubkey(pubkey)));
}

/** The operator address (crocncl1…) of an account address's bytes. */
export async function operatorOfKey(privateKey: Uint8Array): Promise<string> {
  return addressOf(privateKey, "crocncl");
}

/** sha256(name)[:20] as a cro address: a module account. */
export const moduleAddress = (name: string): string => toBech32("cro", sha256(toUtf8(name)).slice(0, 20));
