// node:crypto's createHash for the browser bundles that need it (sha256 only: tx hashes and
// signature digests), on @noble/hashes.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

export function createHash(algorithm: string) {
  if (algorithm !== "sha256") throw new Error(`createHash(${algorithm}): only sha256 in a browser`);
  const h = sha256.create();
  const api = {
    update(data: Uint8Array | string) {
      h.update(typeof data === "string" ? new TextEncoder().encode(data) : data);
      return api;
    },
    digest(encoding?: "hex") {
      const out = h.digest();
      return encoding === "hex" ? bytesToHex(out) : out;
    },
  };
  return api;
}

/** node:crypto's one-shot hash (sha256 only): hex, or the digest's bytes. */
export function hash(algorithm: string, data: Uint8Array, encoding: "hex" | "buffer" = "hex"): string | Uint8Array {
  if (algorithm !== "sha256") throw new Error(`hash(${algorithm}): only sha256 in a browser`);
  const out = sha256(data);
  return encoding === "hex" ? bytesToHex(out) : out;
}
