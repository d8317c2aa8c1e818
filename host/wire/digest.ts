// sha256 by node:crypto (native, several times faster than a JS one on the hot paths: tx hashes,
// sign-doc digests, a block's results tree); the browser bundles' shim is @noble's. Node's one-shot
// `crypto.hash` (20.12+) skips the Hash object createHash builds (about half the cost of a tx-sized
// digest); an older Node takes createHash.

import * as crypto from "node:crypto";

type OneShot = (algorithm: string, data: Uint8Array, encoding: "buffer" | "hex") => Buffer | string;
const oneShot = (crypto as unknown as { hash?: OneShot }).hash;

/** Whether the one-shot digest is used (tests). */
export const ONE_SHOT_SHA256 = typeof oneShot === "function";

/** sha256 of the bytes, as a Buffer (a view of its own memory). */
export const sha256Buffer: (bytes: Uint8Array) => Buffer = ONE_SHOT_SHA256
  ? (bytes) => oneShot!("sha256", bytes, "buffer") as Buffer
  : (bytes) => crypto.createHash("sha256").update(bytes).digest();

/** sha256 of the bytes (a plain Uint8Array of its own). */
export const sha256 = (bytes: Uint8Array): Uint8Array => Uint8Array.from(sha256Buffer(bytes));

/** Uppercase hex sha256 of the bytes (a tx hash). */
export const sha256Hex: (bytes: Uint8Array) => string = ONE_SHOT_SHA256
  ? (bytes) => (oneShot!("sha256", bytes, "hex") as string).toUpperCase()
  : (bytes) => crypto.createHash("sha256").update(bytes).digest("hex").toUpperCase();
