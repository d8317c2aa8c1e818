// The amino-JSON sign doc (`StdSignDoc`) and its canonical bytes, exactly as CosmJS
// `serializeSignDoc` produces them: objects with keys sorted, `JSON.stringify` without spaces, then
// `&`, `<`, `>` written as `\u0026`, `\u003c`, `\u003e` (Go's encoding/json HTML escaping, which the
// SDK's `MustSortJSON` output carries). A wallet signs sha256 of these bytes, so one differing byte
// is a failed signature: the algorithm below mirrors @cosmjs/amino's signdoc.js step for step,
// including its JavaScript quirks (keys sorted by UTF-16 code units; integer-like keys, which never
// occur in amino JSON, enumerated in numeric order by the engine).

import { sha256 } from "../digest.js";
import { utf8 } from "@scure/base";

/** A coin on the wire: the amount as an integer string, never a JSON number. */
export interface AminoCoin {
  readonly denom: string;
  readonly amount: string;
}

/** `StdFee` as wallets sign it. */
export interface StdFee {
  readonly amount: readonly AminoCoin[];
  readonly gas: string;
}

/** A message in amino JSON: `{type: "cosmos-sdk/MsgSend", value: {...}}`. */
export interface AminoMsg {
  readonly type: string;
  readonly value: unknown;
}

/** What a key signs. `account_number` and `sequence` are decimal strings. */
export interface StdSignDoc {
  readonly chain_id: string;
  readonly account_number: string;
  readonly sequence: string;
  readonly fee: StdFee;
  readonly msgs: readonly AminoMsg[];
  readonly memo: string;
}

/** The sign doc for these contents, as CosmJS `makeSignDoc` builds it (no timeout height). */
export function makeSignDoc(
  msgs: readonly AminoMsg[],
  fee: StdFee,
  chainId: string,
  memo: string,
  accountNumber: bigint,
  sequence: bigint,
): StdSignDoc {
  return {
    chain_id: chainId,
    account_number: accountNumber.toString(),
    sequence: sequence.toString(),
    fee,
    msgs,
    memo: memo || "",
  };
}

/** A copy of a JSON value with every object's keys inserted in sorted order (CosmJS `sortedObject`). */
function sortedObject(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(sortedObject);
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    result[key] = sortedObject((value as Record<string, unknown>)[key]);
  }
  return result;
}

/** JSON text with objects sorted by key (CosmJS `sortedJsonStringify`). */
export function sortedJsonStringify(value: unknown): string {
  return JSON.stringify(sortedObject(value));
}

/**
 * `&` -> `\u0026`, `<` -> `\u003c`, `>` -> `\u003e`. These characters can only occur inside string
 * values of a JSON text, so replacing them everywhere escapes exactly those values.
 */
export function escapeCharacters(json: string): string {
  return json.replace(/&/g, "\\u0026").replace(/</g, "\\u003c").replace(/>/g, "\\u003e");
}

/** Canonical amino-JSON bytes of any JSON value: sorted keys, HTML-escaped, UTF-8. */
export function canonicalJsonBytes(value: unknown): Uint8Array {
  return utf8.decode(escapeCharacters(sortedJsonStringify(value)));
}

/** The bytes a wallet signs for this doc (CosmJS `serializeSignDoc`). */
export function serializeSignDoc(doc: StdSignDoc): Uint8Array {
  return canonicalJsonBytes(doc);
}

/** sha256 of the sign doc bytes: the message digest the secp256k1 signature is over. */
export function signDocDigest(doc: StdSignDoc): Uint8Array {
  return sha256(serializeSignDoc(doc));
}
