// Signed transactions for `simulate`: the scenario's actors are the default genesis's dev keys
// (host/app/genesis.ts devPrivateKey), their txs amino StdTx bodies signed as a wallet signs them
// (the sign doc of host/wire/amino/sign-doc.ts; secp256k1, RFC 6979 nonces, low S, compact), so
// that the in-memory chain takes them through CheckTx and DeliverTx exactly as the node takes a
// user's. Signing is libsecp256k1's (the `secp256k1` package's native binding, as the node's
// verification) where it loads, else @noble/curves: both deterministic, the same signature.

import { createRequire } from "node:module";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { base64 } from "@scure/base";
import { DevKey } from "./dev-key.js";
import { makeSignDoc, signDocDigest } from "../wire/amino/sign-doc.js";
import { PUBKEY_SECP256K1_TYPE } from "../wire/keys.js";

export interface AminoMsg {
  type: string;
  value: unknown;
}

export interface Fee {
  amount: { denom: string; amount: string }[];
  gas: string;
}

type Sign = (digest: Uint8Array, key: Uint8Array) => Uint8Array;

export const nobleSign: Sign = (digest, key) => secp256k1.sign(digest, key, { prehash: false, lowS: true, format: "compact" });

/** libsecp256k1's ecdsa_sign (RFC 6979, low S), or undefined where the binding does not load (a browser). */
function loadNativeSign(): Sign | undefined {
  try {
    const native = createRequire(import.meta.url)("secp256k1/bindings.js") as {
      ecdsaSign(msg32: Uint8Array, key: Uint8Array): { signature: Uint8Array };
    };
    return (digest, key) => native.ecdsaSign(digest, key).signature;
  } catch {
    return undefined;
  }
}

/** The signing function in use: native where it loads (about 50 times faster), else noble's. */
export const signDigest: Sign = loadNativeSign() ?? nobleSign;

export class DevKeySigner extends DevKey {
  private readonly pubKey = base64.encode(this.publicKey);

  /** The POST /txs body of a tx with these messages, signed at (accountNumber, sequence). */
  sign(msgs: AminoMsg[], fee: Fee, chainId: string, accountNumber: bigint, sequence: bigint): { tx: unknown; mode: string } {
    const doc = makeSignDoc(msgs as never, fee as never, chainId, "", accountNumber, sequence);
    return this.body(msgs, fee, base64.encode(signDigest(signDocDigest(doc), this.key)));
  }

  /** The same tx with an empty signature: what a wallet simulates (the node counts a placeholder's gas for it). */
  unsigned(msgs: AminoMsg[], fee: Fee): { tx: unknown; mode: string } {
    return this.body(msgs, fee, "");
  }

  private body(msgs: AminoMsg[], fee: Fee, signature: string): { tx: unknown; mode: string } {
    return {
      tx: { msg: msgs, fee, signatures: [{ pub_key: { type: PUBKEY_SECP256K1_TYPE, value: this.pubKey }, signature }], memo: "" },
      mode: "sync",
    };
  }
}
