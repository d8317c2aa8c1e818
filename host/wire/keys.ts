// Keys as the Cosmos SDK's secp256k1 account keys work: a 33-byte compressed public key, the
// account address RIPEMD160(SHA256(pubkey)) in bech32, and ECDSA signatures over sha256 of the
// sign bytes, 64 bytes r||s, with s in the lower half of the curve order. The SDK refuses high-S
// signatures (crypto/keys/secp256k1: `if s.IsOverHalfOrder() return false`) so that nobody can
// turn a valid signature into a second valid one (n - s) for the same transaction.
// Crypto and encodings come from @noble/* and @scure/base; sha256 from node:crypto (wire/digest.ts; @noble's in a browser).

import { sha256 } from "./digest.js";
import { verifyHashSecp256k1 } from "./secp256k1.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { utf8 } from "@scure/base";
import { encodeAddress } from "./address.js";

/** Bech32 prefix of account addresses (REFERENCE §1), the default everywhere here. */
export const DEFAULT_ACCOUNT_PREFIX = "cro";

/** The amino JSON type name of a secp256k1 public key. */
export const PUBKEY_SECP256K1_TYPE = "tendermint/PubKeySecp256k1";

/** Compressed public key size (SDK `secp256k1.PubKeySize`). */
export const PUBKEY_SIZE = 33;

/** r||s. */
export const SIGNATURE_SIZE = 64;

/** Address bytes of a secp256k1 public key: RIPEMD160(SHA256(pubkey)), 20 bytes. */
export function pubKeyAddressBytes(pubKey: Uint8Array): Uint8Array {
  return ripemd160(sha256(pubKey));
}

/** Bech32 account address of a secp256k1 public key. */
export function pubKeyAddress(pubKey: Uint8Array, prefix: string = DEFAULT_ACCOUNT_PREFIX): string {
  return encodeAddress(prefix, pubKeyAddressBytes(pubKey));
}

/** A module account's address bytes: sha256(name)[:20] (SDK `authtypes.NewModuleAddress`). */
export function moduleAddressBytes(name: string): Uint8Array {
  let bytes = MODULE_ADDRESSES.get(name);
  if (bytes === undefined) {
    if (MODULE_ADDRESSES.size >= 64) MODULE_ADDRESSES.clear(); // a genesis may name any module
    MODULE_ADDRESSES.set(name, (bytes = sha256(utf8.decode(name)).slice(0, 20)));
  }
  return bytes.slice();
}

/** Module addresses by name (a handful; asked for by every send to or from a module). */
const MODULE_ADDRESSES = new Map<string, Uint8Array>();

/** A module account's bech32 address, e.g. `gov` -> `cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z`. */
export function moduleAddress(name: string, prefix: string = DEFAULT_ACCOUNT_PREFIX): string {
  return encodeAddress(prefix, moduleAddressBytes(name));
}

/**
 * True if `signature` (64 bytes r||s, low S) is `pubKey`'s signature of sha256(`signBytes`).
 * Anything malformed (wrong sizes, a point not on the curve, r or s out of range, high S) is
 * simply not a valid signature, as in the SDK's `PubKey.VerifySignature`.
 */
export function verifySecp256k1(pubKey: Uint8Array, signBytes: Uint8Array, signature: Uint8Array): boolean {
  if (pubKey.length !== PUBKEY_SIZE || signature.length !== SIGNATURE_SIZE) return false;
  const hash = sha256(signBytes);
  // A tx's signature is checked at CheckTx, again at every recheck after a block and again when a
  // block executes it (SDK v0.53's ante handler does each): the same (key, hash, signature), the same
  // answer. A signature found valid is remembered with the hash and key it was valid for.
  const key = String.fromCharCode(...signature);
  const seen = VERIFIED.get(key);
  if (seen !== undefined && sameBytes(seen, 0, hash) && sameBytes(seen, hash.length, pubKey)) {
    verifiedMemo.hits++;
    return true;
  }
  if (!verifyHashSecp256k1(signature, hash, pubKey)) return false;
  remember(key, hash, pubKey);
  return true;
}

function remember(key: string, hash: Uint8Array, pubKey: Uint8Array): void {
  if (VERIFIED.size >= VERIFIED_MAX) VERIFIED.delete(VERIFIED.keys().next().value!); // the oldest
  const entry = new Uint8Array(hash.length + PUBKEY_SIZE);
  entry.set(hash);
  entry.set(pubKey, hash.length);
  VERIFIED.set(key, entry);
}

/** Valid signatures (latin1 of the 64 bytes) → the sha256 of their sign bytes and the key, concatenated. */
const VERIFIED = new Map<string, Uint8Array>();
/** How many valid signatures are remembered: a mempool's worth and a block's (a few MiB). */
const VERIFIED_MAX = 16_384;
/** Forgets every remembered signature: a bench's round that runs the same txs again verifies them as a node that never saw them. */
export function forgetVerifiedSignatures(): void {
  VERIFIED.clear();
}
/** Verifications answered from memory (tests; benches). */
export const verifiedMemo = { hits: 0 };

function sameBytes(entry: Uint8Array, at: number, b: Uint8Array): boolean {
  if (entry.length - at < b.length) return false;
  for (let i = 0; i < b.length; i++) if (entry[at + i] !== b[i]) return false;
  return true;
}
