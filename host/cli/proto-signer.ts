// The command line's transactions as a wallet sends them today: a protobuf TxRaw in
// SIGN_MODE_DIRECT (cosmjs-types' codecs), signed with a dev key of the default genesis
// (secp256k1 by @noble/curves, low S, compact) and POSTed as Keplr's body to
// /cosmos/tx/v1beta1/txs: the route every node answers, the single process and one under
// CometBFT alike (there the legacy amino /txs has no bytes to hand to CometBFT).

import "../wire/cosmjs-int64.js"; // cosmjs-types' int64 writer fixed before any of its messages is encoded
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { base64 } from "@scure/base";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, SignDoc, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { DevKey } from "../scenario/dev-key.js";
import { anyOfAmino } from "../wire/messages.js";
import type { AminoMsg, Fee } from "../scenario/sim-signer.js";

export interface ProtoMsg {
  typeUrl: string;
  value: Uint8Array;
}

/** An amino message of the node's schema (chainmain's, x/gov's) as its protobuf Any. */
export const protoOfAmino = (m: AminoMsg): ProtoMsg => anyOfAmino(m.type, m.value);

export class DevKeyProtoSigner extends DevKey {
  /** Keplr's `sendTx` body of a SIGN_MODE_DIRECT tx with these messages, signed at (accountNumber, sequence). */
  sign(msgs: ProtoMsg[], fee: Fee, chainId: string, accountNumber: bigint, sequence: bigint): { tx_bytes: string; mode: string } {
    const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages: msgs })).finish();
    const authInfoBytes = AuthInfo.encode(AuthInfo.fromPartial({
      signerInfos: [{
        publicKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: this.publicKey }).finish() },
        modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } },
        sequence,
      }],
      fee: { amount: fee.amount, gasLimit: BigInt(fee.gas) },
    })).finish();
    const signBytes = SignDoc.encode({ bodyBytes, authInfoBytes, chainId, accountNumber }).finish();
    const signature = secp256k1.sign(sha256(signBytes), this.key, { prehash: false, lowS: true, format: "compact" });
    const raw = TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [signature] }).finish();
    return { tx_bytes: base64.encode(raw), mode: "BROADCAST_MODE_SYNC" };
  }
}
