// connect(): a SigningStargateClient for this chain in one call — the chain's registry and amino
// converters, a signer (a dev key's number, a private key, or any OfflineSigner such as Keplr's),
// and the gas price `fee: "auto"` pays: the node's own minimum (the node service's Config over
// `abci_query`, which chain-maind answers too), or Crypto.org's low step 0.025basecro where the
// node sets none (a zero price would make a zero-amount fee coin, which the SDK refuses); its
// simulate counts the fee's transfer (simulate.ts), so "auto" covers small txs such as a vote.

import { fromBinary } from "@bufbuild/protobuf";
import { Secp256k1Wallet } from "@cosmjs/amino";
import { DirectSecp256k1Wallet, type OfflineSigner } from "@cosmjs/proto-signing";
import { GasPrice, QueryClient, SigningStargateClient, type SigningStargateClientOptions } from "@cosmjs/stargate";
import { connectComet, type CometClient } from "@cosmjs/tendermint-rpc";
import { ConfigResponseSchema } from "../wire/gen/cosmos/base/node/v1beta1/query_pb.js";
import { chainAminoTypes } from "./amino.js";
import { chainRegistry } from "./registry.js";
import { simulateWithFee } from "./simulate.js";
import { ACCOUNT_PREFIX, devAminoWallet, devWallet } from "./wallets.js";

/** The gas price used where the node has no minimum: Crypto.org's "low" step (as GET /dev/keplr-chain-info). */
export const DEFAULT_GAS_PRICE = "0.025basecro";
/** The chain's fee denom. */
export const FEE_DENOM = "basecro";

/** Who signs: a dev key's number, a 32-byte secp256k1 private key (bytes or hex), or a wallet. */
export type SignerSource = number | Uint8Array | string | OfflineSigner;

export interface ConnectOptions extends Omit<SigningStargateClientOptions, "gasPrice"> {
  /** For a dev key or private key: SIGN_MODE_DIRECT (default) or SIGN_MODE_LEGACY_AMINO_JSON. */
  readonly signMode?: "direct" | "amino";
  /** Overrides the node's minimum (a GasPrice, text such as "0.03basecro", or CosmJS's dynamic gas price config). */
  readonly gasPrice?: SigningStargateClientOptions["gasPrice"] | string;
}

/** A connected SigningStargateClient, with the address it signs for (the signer's first account). */
export type ChainClient = SigningStargateClient & { readonly address: string; readonly offlineSigner: OfflineSigner };

/** The signer a SignerSource stands for. */
export async function signerOf(key: SignerSource, mode: "direct" | "amino" = "direct"): Promise<OfflineSigner> {
  if (typeof key === "number") return mode === "direct" ? devWallet(key) : devAminoWallet(key);
  if (typeof key === "string" || key instanceof Uint8Array) {
    const bytes = typeof key === "string" ? hexBytes(key) : key;
    return mode === "direct" ? DirectSecp256k1Wallet.fromKey(bytes, ACCOUNT_PREFIX) : Secp256k1Wallet.fromKey(bytes, ACCOUNT_PREFIX);
  }
  return key;
}

function hexBytes(hex: string): Uint8Array {
  const h = hex.startsWith("0x") ? hex.slice(2) : hex;
  if (!/^[0-9a-fA-F]{64}$/.test(h)) throw new Error("a private key: expected 32 bytes as 64 hex digits");
  return Uint8Array.from(h.match(/../g)!, (b) => parseInt(b, 16));
}

/**
 * The node's minimum gas price in `denom` (the node service's Config over abci_query), or
 * undefined where it sets none or does not answer (an older node).
 */
export async function nodeMinimumGasPrice(comet: CometClient, denom = FEE_DENOM): Promise<GasPrice | undefined> {
  try {
    const { value } = await new QueryClient(comet).queryAbci("/cosmos.base.node.v1beta1.Service/Config", new Uint8Array());
    const prices = fromBinary(ConfigResponseSchema, value).minimumGasPrice.split(",").filter(Boolean).map((p) => GasPrice.fromString(p));
    return prices.find((p) => p.denom === denom) ?? prices[0];
  } catch {
    return undefined;
  }
}

/**
 * A SigningStargateClient on the node at `rpcUrl` (CometBFT RPC, e.g. http://127.0.0.1:26657)
 * signing with `key`, ready for `fee: "auto"`, tier and inflation messages, and amino signing.
 */
export async function connect(rpcUrl: string, key: SignerSource, options: ConnectOptions = {}): Promise<ChainClient> {
  const { signMode, gasPrice, ...rest } = options;
  const signer = await signerOf(key, signMode);
  const [account] = await signer.getAccounts();
  if (account === undefined) throw new Error("the signer has no account");
  const comet = await connectComet(rpcUrl);
  const price = typeof gasPrice === "string" ? GasPrice.fromString(gasPrice)
    : gasPrice ?? (await nodeMinimumGasPrice(comet)) ?? GasPrice.fromString(DEFAULT_GAS_PRICE);
  const client = SigningStargateClient.createWithSigner(comet, signer, {
    registry: chainRegistry(),
    aminoTypes: chainAminoTypes(),
    broadcastPollIntervalMs: 200, // a local chain makes blocks quickly (at once in dev mode)
    ...rest,
    gasPrice: price,
  });
  // "auto" simulates with a fee (simulate.ts), so its estimate counts the fee's transfer as the tx will.
  if (price instanceof GasPrice) client.simulate = simulateWithFee(client, comet, price);
  return Object.assign(client, { address: account.address, offlineSigner: signer });
}
