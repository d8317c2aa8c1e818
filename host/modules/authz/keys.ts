// x/authz's store keys (SDK v0.53 x/authz/keeper/keys.go), as bytes: a grant at
// 0x01 | len | granter | len | grantee | msg type URL, the grant queue at
// 0x02 | expiration (sdk.FormatTimeBytes, 29 bytes) | len | granter | len | grantee. The node keeps
// them as hex (which sorts as the bytes do) so its records and queries walk the SDK's order.

import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { accountAddressBytes } from "../../wire/address.js";

const lengthPrefixed = (b: Uint8Array): Uint8Array => Uint8Array.of(b.length, ...b);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The bytes of an account address (canonical bech32 of the chain's prefix). */
export const addressBytes = (address: string, prefix: string): Uint8Array => accountAddressBytes(address, prefix);

/** grantStoreKey(grantee, granter, msgType): 0x01 | len | granter | len | grantee | msgType. */
export function grantKey(granter: Uint8Array, grantee: Uint8Array, msgTypeUrl: string): Uint8Array {
  return concat(Uint8Array.of(0x01), lengthPrefixed(granter), lengthPrefixed(grantee), utf8ToBytes(msgTypeUrl));
}

/** The grants of a granter (to every grantee): the prefix 0x01 | len | granter. */
export const granterPrefix = (granter: Uint8Array): Uint8Array => concat(Uint8Array.of(0x01), lengthPrefixed(granter));

/** sdk.FormatTimeBytes: UTC `2006-01-02T15:04:05.000000000` (29 bytes, sorts as the times do). */
export function formatTimeBytes(ns: bigint): string {
  const ms = ns / 1_000_000n - (ns % 1_000_000n < 0n ? 1n : 0n);
  const frac = ((ns % 1_000_000_000n) + 1_000_000_000n) % 1_000_000_000n;
  const iso = new Date(Number(ms)).toISOString(); // 2006-01-02T15:04:05.000Z
  return `${iso.slice(0, 19)}.${`${frac}`.padStart(9, "0")}`;
}

/** GrantQueueKey(expiration, granter, grantee). */
export function queueKey(expirationNs: bigint, granter: Uint8Array, grantee: Uint8Array): Uint8Array {
  return concat(Uint8Array.of(0x02), utf8ToBytes(formatTimeBytes(expirationNs)), lengthPrefixed(granter), lengthPrefixed(grantee));
}

export const hex = bytesToHex;

/**
 * A store key as Go's `string(key)` in an error text, as the chain's RPC renders it (Go's
 * encoding/json): valid UTF-8 kept, every byte of an invalid sequence one U+FFFD.
 */
export function goBytesText(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const [len, min] = b < 0x80 ? [1, 0] : b >= 0xc2 && b <= 0xdf ? [2, 0x80] : b >= 0xe0 && b <= 0xef ? [3, 0x800] : b >= 0xf0 && b <= 0xf4 ? [4, 0x10000] : [0, 0];
    if (len === 0 || i + len > bytes.length) {
      out += "\ufffd";
      i++;
      continue;
    }
    let cp = len === 1 ? b : b & (0xff >> (len + 1));
    let ok = true;
    for (let j = 1; j < len; j++) {
      const c = bytes[i + j]!;
      if ((c & 0xc0) !== 0x80) ok = false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (!ok || cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      out += "\ufffd";
      i++;
      continue;
    }
    out += String.fromCodePoint(cp);
    i += len;
  }
  return out;
}
