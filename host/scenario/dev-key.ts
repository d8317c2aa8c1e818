// A dev key of the default genesis (host/app/genesis.ts devPrivateKey: a local chain's, its private
// key public): what both of the command line's signers hold (sim-signer.ts: amino StdTx bodies;
// proto-signer.ts: protobuf SIGN_MODE_DIRECT).

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { devAddress, devPrivateKey } from "../app/genesis.js";

export class DevKey {
  readonly address: string;
  protected readonly key: Uint8Array;
  /** The compressed secp256k1 public key (33 bytes). */
  protected readonly publicKey: Uint8Array;

  constructor(readonly n: number) {
    this.key = devPrivateKey(n);
    this.address = devAddress(n);
    this.publicKey = secp256k1.getPublicKey(this.key, true);
  }
}
