// Signing protobuf transactions as a dApp does with CosmJS, over the client package
// (host/client/, `tiered-rewards-engine/client`): its `Registry` (every message type of the chain,
// from the generated protobuf-es schemas) and `AminoTypes` (derived from the schema's amino names;
// test/client/registry-amino.test.ts holds them to hand-written ones), and
// `SigningStargateClient.offline` over a dev key's DirectSecp256k1Wallet (SIGN_MODE_DIRECT) or
// Secp256k1Wallet (SIGN_MODE_LEGACY_AMINO_JSON).

import { type EncodeObject } from "@cosmjs/proto-signing";
import { SigningStargateClient, type StdFee } from "@cosmjs/stargate";
import { sha256 } from "@cosmjs/crypto";
import { toBase64, toHex } from "@cosmjs/encoding";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { chainAminoTypes, chainRegistry, devAminoWallet, devWallet, generatedType } from "../../host/client/index.js";

export { chainAminoTypes, chainRegistry, generatedType };

export const FEE: StdFee = { amount: [{ denom: "basecro", amount: "5000" }], gas: "2000000" };

export type SignMode = "direct" | "amino";

export interface ProtoSigner {
  readonly address: string;
  /** TxRaw bytes of these messages signed at the given account number and sequence. */
  sign(messages: EncodeObject[], o: { chainId: string; accountNumber: bigint; sequence: bigint; memo?: string; fee?: StdFee; timeoutHeight?: bigint }): Promise<Uint8Array>;
}

/** Dev key n as a CosmJS signing client (offline) in the given sign mode. */
export async function protoSigner(n: number, mode: SignMode): Promise<ProtoSigner> {
  const wallet = mode === "direct" ? await devWallet(n) : await devAminoWallet(n);
  const [account] = await wallet.getAccounts();
  const client = await SigningStargateClient.offline(wallet, { registry: chainRegistry(), aminoTypes: chainAminoTypes() });
  return {
    address: account!.address,
    async sign(messages, o) {
      const raw = await client.sign(account!.address, messages, o.fee ?? FEE, o.memo ?? "", {
        accountNumber: o.accountNumber, sequence: Number(o.sequence), chainId: o.chainId,
      }, o.timeoutHeight);
      return TxRaw.encode(raw).finish();
    },
  };
}

/** Keplr's `sendTx` body for the SDK's REST: `{tx_bytes: base64, mode: "BROADCAST_MODE_SYNC"}`. */
export const keplrBody = (txBytes: Uint8Array, mode = "BROADCAST_MODE_SYNC") => ({ tx_bytes: toBase64(txBytes), mode });

/** The tx hash as a client computes it. */
export const clientTxHash = (txBytes: Uint8Array): string => toHex(sha256(txBytes)).toUpperCase();
