// The validators' ed25519 consensus keys. The node makes its own blocks (no consensus runs), so
// each validator's key is derived from the chain id and its operator address: the same on every
// start and in every view (the RPC's validator set and headers, REST's validators, signing infos).

import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** Private key (the block signer's, header.ts), public key and CometBFT address (upper-case hex of sha256(pub)[:20]). */
export function consensusKey(chainId: string, operator: string): { seed: Uint8Array; pub: Uint8Array; address: string } {
  const seed = sha256(utf8ToBytes(`consensus-key|${chainId}|${operator}`));
  const pub = ed25519.getPublicKey(seed);
  return { seed, pub, address: bytesToHex(sha256(pub).subarray(0, 20)).toUpperCase() };
}
