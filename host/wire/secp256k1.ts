// secp256k1 ECDSA verification for tx signatures, through libsecp256k1 (the `secp256k1` package's
// native binding, prebuilt for linux-x64, darwin-arm64 and win32-x64), with @noble/curves as the
// fallback where the binding cannot load (then one notice on stderr). Both implement the SDK's
// rule: a 64-byte compact (r, s) over sha256(sign bytes), low S only (libsecp256k1's verify
// refuses a high S, as the SDK's secp256k1 PubKey.VerifySignature does), any malformed input is
// not a valid signature. Keys and addresses stay on @noble/@scure (keys.ts).

import { createRequire } from "node:module";
import { secp256k1 as noble } from "@noble/curves/secp256k1.js";

type Verify = (signature64: Uint8Array, hash32: Uint8Array, pubKey33: Uint8Array) => boolean;

const nobleVerify: Verify = (signature, hash, pubKey) => {
  try {
    return noble.verify(signature, hash, pubKey, { prehash: false, lowS: true, format: "compact" });
  } catch {
    return false;
  }
};

interface NativeSecp256k1 {
  ecdsaVerify(sig: Uint8Array, msg32: Uint8Array, pubkey: Uint8Array): boolean;
}

function loadNative(): Verify | undefined {
  if (process.env.STAKING_ENGINE_SECP256K1 === "noble") return undefined;
  try {
    // The binding itself, not the package's main (which falls back to elliptic, a slower JS).
    const native = createRequire(import.meta.url)("secp256k1/bindings.js") as NativeSecp256k1;
    return (signature, hash, pubKey) => {
      try {
        return native.ecdsaVerify(signature, hash, pubKey);
      } catch {
        return false; // unparsable key or signature (r or s out of range)
      }
    };
  } catch (e) {
    process.stderr.write(`notice: libsecp256k1 binding unavailable (${(e as Error).message.split("\n")[0]}); verifying signatures with @noble/curves\n`);
    return undefined;
  }
}

const native = loadNative();

/** Which implementation verifies: "libsecp256k1" (native) or "noble". */
export const secp256k1Backend: "libsecp256k1" | "noble" = native ? "libsecp256k1" : "noble";

/** Verifies a compact low-S signature of a 32-byte hash by a 33-byte compressed key. */
export const verifyHashSecp256k1: Verify = native ?? nobleVerify;

/** The @noble/curves verifier, for differential tests and benchmarks. */
export const verifyHashNoble: Verify = nobleVerify;
