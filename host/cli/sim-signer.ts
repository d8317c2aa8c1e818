// Signed transactions for `simulate`: the scenario's actors are the default genesis's dev keys
// (host/app/genesis.ts devPrivateKey), their txs amino StdTx bodies signed as a wallet signs them
// (the sign doc of host/wire/amino/sign-doc.ts, secp256k1 by @noble/curves, low S, compact), so that the
// in-memory chain takes them through CheckTx and DeliverTx exactly as the node takes a user's.

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { base64 } from "@scure/base";
import { devAddress, devPrivateKey } from "../app/genesis.js";
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

export class DevKeySigner {
  readonly address: string;
  private readonly key: Uint8Array;
  private readonly pubKey: string;

  constructor(readonly n: number) {
    this.key = devPrivateKey(n);
    this.address = devAddress(n);
    this.pubKey = base64.encode(secp256k1.getPublicKey(this.key, true));
  }

  /** The POST /txs body of a tx with these messages, signed at (accountNumber, sequence). */
  sign(msgs: AminoMsg[], fee: Fee, chainId: string, accountNumber: bigint, sequence: bigint): { tx: unknown; mode: string } {
    const doc = makeSignDoc(msgs as never, fee as never, chainId, "", accountNumber, sequence);
    const sig = secp256k1.sign(signDocDigest(doc), this.key, { prehash: false, lowS: true, format: "compact" });
    return {
      tx: {
        msg: msgs,
        fee,
        signatures: [{ pub_key: { type: PUBKEY_SECP256K1_TYPE, value: this.pubKey }, signature: base64.encode(sig) }],
        memo: "",
      },
      mode: "sync",
    };
  }
}
