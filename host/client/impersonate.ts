// impersonatedSigner(): a CosmJS signer that claims an address whose key you do not hold, for a dev
// node that accepts it unsigned — after `POST /dev/impersonate {"address"}` (JSON-RPC
// dev_impersonate), or on a node started with --auto-impersonate (dev_autoImpersonate). The node
// checks such a signer's sequence and fee, never its key or signature (host/app/ante/verify.ts);
// an impersonated module account's fee is waived. So the signer answers getAccounts with the
// address and a stand-in public key (dev key 0's: any valid compressed secp256k1 key does; it is
// not recorded on the account) and "signs" by returning the sign doc with an empty signature.
// With connect() or SigningStargateClient.connectWithSigner, fee "auto" works: simulation is
// unsigned too. A real node refuses these txs (sdk 8 / pubKey mismatch): dev chains only.

import type { AccountData, AminoSignResponse, OfflineAminoSigner, StdSignDoc } from "@cosmjs/amino";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import type { DirectSignResponse, OfflineDirectSigner } from "@cosmjs/proto-signing";
import { devWallet } from "./wallets.js";

/** A signer CosmJS signs SIGN_MODE_DIRECT with (it prefers signDirect when a signer has both). */
export type ImpersonatedSigner = OfflineDirectSigner & OfflineAminoSigner;

type SignDoc = Parameters<OfflineDirectSigner["signDirect"]>[1];

/** The stand-in public key of every impersonated signer: dev key 0's. */
async function standInKey(): Promise<Uint8Array> {
  const [account] = await (await devWallet(0)).getAccounts();
  return account!.pubkey;
}

function check(address: string, signerAddress: string): void {
  if (signerAddress !== address) throw new Error(`impersonatedSigner(${address}): asked to sign for ${signerAddress}`);
}

/**
 * A signer for `address` whose txs a dev node takes unsigned (impersonated, or with
 * auto-impersonation on). `mode` "direct" (default) signs SIGN_MODE_DIRECT; "amino" gives a signer
 * with signAmino only, so CosmJS signs SIGN_MODE_LEGACY_AMINO_JSON (the chain's amino converters
 * needed: connect() has them).
 */
export function impersonatedSigner(address: string, mode?: "direct"): ImpersonatedSigner;
export function impersonatedSigner(address: string, mode: "amino"): OfflineAminoSigner;
export function impersonatedSigner(address: string, mode: "direct" | "amino" = "direct"): ImpersonatedSigner | OfflineAminoSigner {
  const getAccounts = async (): Promise<readonly AccountData[]> => [{ address, algo: "secp256k1", pubkey: await standInKey() }];
  const unsigned = async () => ({ pub_key: encodeSecp256k1Pubkey(await standInKey()), signature: "" });
  const signAmino = async (signerAddress: string, signDoc: StdSignDoc): Promise<AminoSignResponse> => {
    check(address, signerAddress);
    return { signed: signDoc, signature: await unsigned() };
  };
  if (mode === "amino") return { getAccounts, signAmino };
  const signDirect = async (signerAddress: string, signDoc: SignDoc): Promise<DirectSignResponse> => {
    check(address, signerAddress);
    return { signed: signDoc, signature: await unsigned() };
  };
  return { getAccounts, signAmino, signDirect };
}
