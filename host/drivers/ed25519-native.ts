// Node's native ed25519 (OpenSSL) for the precommits the embedded node signs (framework/header.ts
// precommitSigner): the same signatures as @noble's, the private key object made once per seed.

import { createPrivateKey, sign, type KeyObject } from "node:crypto";
import { precommitSigner } from "../framework/header.js";

/** PKCS#8 of an ed25519 private key: this prefix, then the 32-byte seed (RFC 8410). */
const PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const keys = new Map<string, KeyObject>();
const MAX_KEPT = 10_000;

function keyOf(seed: Uint8Array): KeyObject {
  const id = Buffer.from(seed).toString("hex");
  let k = keys.get(id);
  if (k === undefined) {
    k = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });
    if (keys.size >= MAX_KEPT) keys.clear();
    keys.set(id, k);
  }
  return k;
}

/** Sign the embedded node's precommits with Node's ed25519 from now on. */
export function useNativeEd25519(): void {
  precommitSigner.sign = (message, seed) => new Uint8Array(sign(null, message, keyOf(seed)));
}
