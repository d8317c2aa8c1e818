// The development keys, shared by the node's default genesis (app/default-genesis.ts) and the
// client package (host/client/): private key N = sha256("staking-engine dev key N"). Public
// knowledge, so for local chains only: key 0 holds the reserve, keys 1-4 operate the validators,
// 5-8 are users. @noble's sha256, so the client's browser bundle needs no Node built-in.

import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";

/** How many dev keys the default genesis funds (keys 0..DEV_KEY_COUNT-1: accounts 0-8). */
export const DEV_KEY_COUNT = 9;

/** Dev key N's 32-byte secp256k1 private key. */
export function devPrivateKey(n: number): Uint8Array {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`dev key ${n}: expected a non-negative integer`);
  return sha256(utf8ToBytes(`staking-engine dev key ${n}`));
}
