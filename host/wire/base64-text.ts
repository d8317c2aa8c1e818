// Standard padded base64 text of bytes: Node's Buffer where there is one (native, ~8x faster than
// @scure/base's JS encoder for a 64-byte signature: three per tx at CheckTx), else @scure's. Same text.

import { base64 } from "@scure/base";

/** Whether Buffer's encoder is used (tests). */
export const NATIVE_BASE64 = typeof Buffer === "function" && typeof Buffer.from === "function";

export const base64Text: (bytes: Uint8Array) => string = NATIVE_BASE64
  ? (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")
  : (bytes) => base64.encode(bytes);
