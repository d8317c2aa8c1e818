// Account addresses as the Cosmos SDK checks them (`AccAddressFromBech32`), decoded by
// @scure/base's bech32: the expected prefix, a non-empty payload of at most 255 bytes, and the
// SDK's messages around the codec's own reasons.

import { bech32 } from "@scure/base";

/** The SDK decodes bech32 with this length limit. */
const MAX_LENGTH = 1023;
const MAX_ADDRESS_BYTES = 255;

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The bytes of an account address with the given prefix, or an Error with the SDK's message:
 * `empty address string is not allowed`, `decoding bech32 failed: <cause>`, `invalid Bech32
 * prefix; expected cro, got <hrp>`, `addresses cannot be empty: unknown address`, ...
 */
export function accountAddressBytes(text: string, prefix: string): Uint8Array {
  return known(text, prefix).bytes.slice();
}

/** The canonical (lower-case) text of an address with the given prefix; throws as accountAddressBytes. */
export function canonicalAddress(text: string, prefix: string): string {
  const k = known(text, prefix);
  // Valid lower-case bech32 text is its own encoding (a genesis's 100,000s of addresses: no re-encode)
  return (k.canonical ??= text === text.toLowerCase() ? text : encodeAddress(prefix, k.bytes));
}

/** The byte length of an address (with its own prefix); throws as accountAddressBytes. */
export function addressLength(text: string): number {
  const hit = decoded.get(text);
  return (hit ?? known(text, text.slice(0, text.lastIndexOf("1")))).bytes.length;
}

interface Decoded {
  prefix: string;
  bytes: Uint8Array;
  canonical?: string;
}

/**
 * Decoding (the checksum's polynomial) is most of a CheckTx's address work, and the same few
 * addresses come again and again: the valid ones are kept (text → prefix, bytes, canonical text),
 * at most DECODED_BOUND, cleared when full. What is handed out is a copy.
 */
const decoded = new Map<string, Decoded>();
const DECODED_BOUND = 4096;

function known(text: string, prefix: string): Decoded {
  const hit = decoded.get(text);
  if (hit !== undefined && hit.prefix === prefix) return hit;
  const entry = { prefix, bytes: decodeAddress(text, prefix) };
  if (decoded.size >= DECODED_BOUND) decoded.clear();
  decoded.set(text, entry);
  return entry;
}

function decodeAddress(text: string, prefix: string): Uint8Array {
  if (text.trim().length === 0) throw new Error("empty address string is not allowed");
  const malformed = goBech32Error(text);
  if (malformed !== undefined) throw new Error(`decoding bech32 failed: ${malformed}`);
  let hrp: string;
  let bytes: Uint8Array;
  try {
    const decoded = bech32.decode(text as `${string}1${string}`, MAX_LENGTH);
    hrp = decoded.prefix;
    bytes = bech32.fromWords(decoded.words);
  } catch (e) {
    throw new Error(`decoding bech32 failed: ${lowerFirst((e as Error).message)}`);
  }
  if (hrp !== prefix) throw new Error(`invalid Bech32 prefix; expected ${prefix}, got ${hrp}`);
  if (bytes.length === 0) throw new Error("addresses cannot be empty: unknown address");
  if (bytes.length > MAX_ADDRESS_BYTES) {
    throw new Error(`address max length is ${MAX_ADDRESS_BYTES}, got ${bytes.length}: unknown address`);
  }
  return bytes;
}

/**
 * What Go's bech32 decoder (cosmos/btcutil) says first of text it cannot split into a prefix, a
 * separator and a checksum, in its order: length, characters, case, the separator's place, the
 * data's characters.
 */
const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

function goBech32Error(text: string): string | undefined {
  if (text.length < 8) return `invalid bech32 string length ${text.length}`;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 33 || c > 126) return `invalid character in string: '${ch}'`;
  }
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return "string not all lowercase or all uppercase";
  const one = text.lastIndexOf("1");
  if (one < 1 || one + 7 > text.length) return `invalid separator index ${one}`;
  // toBytes: each data character in the charset, or its byte value named
  for (const ch of text.slice(one + 1).toLowerCase()) if (!CHARSET.includes(ch)) return `invalid character not part of charset: ${ch.codePointAt(0)}`;
  return undefined;
}

/** The bech32 text of an address's bytes. */
export function encodeAddress(prefix: string, bytes: Uint8Array): string {
  return bech32.encode(prefix, bech32.toWords(bytes), MAX_LENGTH);
}
