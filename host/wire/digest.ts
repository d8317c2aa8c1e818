// sha256 by node:crypto (native, several times faster than a JS one on the hot paths: tx hashes,
// sign-doc digests, a block's results tree); the browser bundles' shim is @noble's.

import { createHash } from "node:crypto";

/** sha256 of the bytes (a plain Uint8Array of its own). */
export const sha256 = (bytes: Uint8Array): Uint8Array => Uint8Array.from(createHash("sha256").update(bytes).digest());

/** Uppercase hex sha256 of the bytes (a tx hash). */
export const sha256Hex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex").toUpperCase();
