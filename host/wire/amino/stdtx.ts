// Decoding a POSTed transaction: the legacy REST / CosmJS amino shape
//
//   { "tx": { "msg": [{type, value}], "fee": {amount, gas}, "signatures": [{pub_key, signature}],
//             "memo": "" },
//     "mode": "sync" | "async" | "block" }
//
// or the bare StdTx (what CosmJS `makeStdTx` returns), or `tx` as the typed amino value
// `{"type": "cosmos-sdk/StdTx", "value": {...}}`. Decoding is strict and only structural: JSON
// types, integer strings, base64, the key type; which messages exist and what they may contain is
// the registry's, and the ante checks are verify.ts's. Failures are sdk code 2 (tx parse error)
// unless the SDK reports them otherwise (a bad key: code 8; no messages: code 18).
//
// The transaction hash. The reference hashes the protobuf TxRaw bytes; there is no protobuf here,
// so the hash is sha256 of the canonical amino JSON of the StdTx as received (keys sorted, HTML
// characters escaped, whitespace and the broadcast wrapper dropped, keys and signatures re-encoded
// as canonical base64), in uppercase hex like the reference's. The same signed tx sent twice, in
// any formatting, has one hash; two txs differing in anything that is signed have two.

import { sha256Hex } from "../digest.js";
import { base64 } from "@scure/base";
import { parseCoins, parseUint64String, type Coin } from "../coins.js";
import { SdkErrors, TxError, decodeError } from "../errors.js";
import type { JsonObject } from "./fields.js";
import { PUBKEY_SECP256K1_TYPE, PUBKEY_SIZE } from "../keys.js";
import { canonicalJsonBytes, type AminoMsg, type StdFee } from "./sign-doc.js";
import { decodeTxBytes, type DecodedProtoTx, type ProtoTxInfo } from "../tx.js";
import { typeUrlOfAmino } from "../messages.js";
import type { Message } from "@bufbuild/protobuf";

export type BroadcastMode = "sync" | "async" | "block";
const BROADCAST_MODES: readonly string[] = ["sync", "async", "block"];
const DEFAULT_MODE: BroadcastMode = "sync";

/** The amino type name of a whole transaction. */
export const STDTX_TYPE = "cosmos-sdk/StdTx";

/** Deeper JSON than this is not a transaction (and would only cost stack). */
const MAX_DEPTH = 64;

export interface AminoPubKey {
  readonly type: string;
  readonly value: string;
}

export interface StdSignature {
  readonly pub_key: AminoPubKey;
  readonly signature: string;
}

export interface StdTx {
  readonly msg: readonly AminoMsg[];
  readonly fee: StdFee;
  readonly signatures: readonly StdSignature[];
  readonly memo: string;
}

export interface DecodedSignature {
  /** 33-byte compressed secp256k1 key. */
  readonly pubKey: Uint8Array;
  /** As sent; verification decides whether it is a valid 64-byte low-S signature. */
  readonly signature: Uint8Array;
}

export interface DecodedMsg {
  /** Its amino name and JSON value: what a LEGACY_AMINO_JSON signature covers. */
  readonly type: string;
  readonly value: JsonObject;
  /** Its type URL (a legacy StdTx's: from the amino name; the name itself for a type the schema lacks). */
  readonly typeUrl: string;
  /** A protobuf tx's message as decoded; a legacy StdTx's is converted when a definition asks (wire/messages.ts protoOfAmino). */
  readonly message?: Message;
}

export interface DecodedTx {
  /** The StdTx as received, normalized (see the hash above): what was signed, minus signatures. */
  readonly tx: StdTx;
  readonly msgs: readonly DecodedMsg[];
  readonly fee: { readonly amount: Coin[]; readonly gas: bigint };
  readonly memo: string;
  readonly signatures: readonly DecodedSignature[];
  /** Uppercase hex sha256 of the canonical StdTx, or of the TxRaw bytes for a protobuf tx. */
  readonly hash: string;
  /** A protobuf tx's sign mode, bytes and declared sequence (host/wire/tx.ts); absent for an amino StdTx. */
  readonly proto?: ProtoTxInfo;
  /**
   * The tx's bytes, what its hash covers and what is stored with the block: the TxRaw, or the
   * legacy StdTx's canonical JSON (whose first byte, "{", no TxRaw has).
   */
  readonly bytes: Uint8Array;
  /** Their length: the tx's size for limits and gas. */
  readonly size: number;
}

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

const kind = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/** Plain JSON only, not too deep, and no `__proto__` key (it would not survive a re-serialization). */
function checkJson(value: unknown, path: string, depth: number): void {
  if (depth > MAX_DEPTH) throw decodeError(`${path}: JSON nested deeper than ${MAX_DEPTH} levels`);
  switch (typeof value) {
    case "string":
    case "boolean":
      return;
    case "number":
      if (!Number.isFinite(value)) throw decodeError(`${path}: not a JSON number`);
      return;
    case "object":
      if (value === null) return;
      if (Array.isArray(value)) {
        value.forEach((item, i) => checkJson(item, `${path}[${i}]`, depth + 1));
        return;
      }
      {
        const proto = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) throw decodeError(`${path}: not a JSON object`);
      }
      for (const key of Object.keys(value)) {
        if (key === "__proto__") throw decodeError(`${path}: forbidden key "__proto__"`);
        const field = (value as Obj)[key];
        // A JS object built in-process may hold `undefined`: absent, as JSON.stringify treats it.
        if (field !== undefined) checkJson(field, `${path}.${key}`, depth + 1);
      }
      return;
    default:
      throw decodeError(`${path}: not a JSON value (${typeof value})`);
  }
}

function onlyKeys(obj: Obj, path: string, known: readonly string[]): void {
  for (const key of Object.keys(obj)) {
    if (!known.includes(key) && obj[key] !== undefined) throw decodeError(`${path}: unknown field "${key}"`);
  }
}

function decodeBase64(raw: unknown, path: string): Uint8Array {
  if (typeof raw !== "string") throw decodeError(`${path}: expected a base64 string, got ${kind(raw)}`);
  try {
    return base64.decode(raw);
  } catch (e) {
    throw decodeError(`${path}: invalid base64: ${(e as Error).message}`);
  }
}

function parseJsonText(body: string | Uint8Array): unknown {
  try {
    return JSON.parse(typeof body === "string" ? body : new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch (e) {
    throw decodeError(`invalid JSON: ${(e as Error).message}`);
  }
}

/** Splits the POST body into the StdTx object and the broadcast mode. */
function unwrap(body: unknown): { tx: unknown; mode: BroadcastMode } {
  if (!isObject(body)) throw decodeError(`expected a JSON object, got ${kind(body)}`);
  let tx: unknown = body;
  let mode = DEFAULT_MODE;
  if ("tx" in body) {
    onlyKeys(body, "body", ["tx", "mode"]);
    tx = body.tx;
    mode = broadcastMode(body.mode);
  }
  // The typed amino form: {"type": "cosmos-sdk/StdTx", "value": {...}}.
  if (isObject(tx) && "type" in tx && "value" in tx && !("msg" in tx)) {
    if (tx.type !== STDTX_TYPE) throw decodeError(`tx: unknown transaction type ${JSON.stringify(tx.type)}`);
    onlyKeys(tx, "tx", ["type", "value"]);
    tx = tx.value;
  }
  return { tx, mode };
}

/** The legacy REST broadcast mode; `sync` when absent. */
function broadcastMode(raw: unknown): BroadcastMode {
  let mode = DEFAULT_MODE;
  if (raw !== undefined) {
    if (typeof raw !== "string" || !BROADCAST_MODES.includes(raw)) {
      throw new TxError(
        SdkErrors.InvalidRequest,
        `unsupported return type ${typeof raw === "string" ? raw : JSON.stringify(raw)}; supported types: sync, async, block`,
      );
    }
    mode = raw as BroadcastMode;
  }
  return mode;
}

function decodeMsgs(raw: unknown): DecodedMsg[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw decodeError(`tx.msg: expected an array, got ${kind(raw)}`);
  return raw.map((m, i) => {
    const at = `tx.msg[${i}]`;
    if (!isObject(m)) throw decodeError(`${at}: expected {type, value}, got ${kind(m)}`);
    onlyKeys(m, at, ["type", "value"]);
    if (typeof m.type !== "string" || m.type.length === 0) throw decodeError(`${at}.type: expected a type name`);
    // Amino writes a message with every field empty as `{}`; it is never absent or a scalar.
    if (!isObject(m.value)) throw decodeError(`${at}.value: expected an object, got ${kind(m.value)}`);
    return { type: m.type, value: m.value, typeUrl: typeUrlOfAmino(m.type) ?? m.type };
  });
}

function decodeFee(raw: unknown): { amount: Coin[]; gas: bigint } {
  if (!isObject(raw)) throw decodeError(`tx.fee: expected {amount, gas}, got ${kind(raw)}`);
  // No `payer` / `granter`: fee grants and third-party payers are not supported.
  onlyKeys(raw, "tx.fee", ["amount", "gas"]);
  const amount = parseCoins(raw.amount, "tx.fee.amount");
  const gas = raw.gas === undefined ? 0n : parseUint64String(raw.gas, "tx.fee.gas");
  return { amount, gas };
}

function decodeSignatures(raw: unknown): { decoded: DecodedSignature[]; normalized: StdSignature[] } {
  if (raw === undefined || raw === null) return { decoded: [], normalized: [] };
  if (!Array.isArray(raw)) throw decodeError(`tx.signatures: expected an array, got ${kind(raw)}`);
  const decoded: DecodedSignature[] = [];
  const normalized: StdSignature[] = [];
  raw.forEach((s, i) => {
    const at = `tx.signatures[${i}]`;
    if (!isObject(s)) throw decodeError(`${at}: expected {pub_key, signature}, got ${kind(s)}`);
    onlyKeys(s, at, ["pub_key", "signature"]);
    const pk = s.pub_key;
    // The SDK accepts a missing key only if the account already has one on chain; accounts here
    // keep no key, so every signature must carry its key.
    if (pk === undefined || pk === null) throw new TxError(SdkErrors.InvalidPubKey, "pubkey on account is not set");
    if (!isObject(pk)) throw decodeError(`${at}.pub_key: expected {type, value}, got ${kind(pk)}`);
    onlyKeys(pk, `${at}.pub_key`, ["type", "value"]);
    if (pk.type !== PUBKEY_SECP256K1_TYPE) {
      throw new TxError(SdkErrors.InvalidPubKey, `unrecognized public key type: ${String(pk.type)}`);
    }
    const pubKey = decodeBase64(pk.value, `${at}.pub_key.value`);
    if (pubKey.length !== PUBKEY_SIZE) throw new TxError(SdkErrors.InvalidPubKey, "invalid pubkey size");
    const signature = decodeBase64(s.signature, `${at}.signature`);
    decoded.push({ pubKey, signature });
    normalized.push({
      pub_key: { type: PUBKEY_SECP256K1_TYPE, value: base64.encode(pubKey) },
      signature: base64.encode(signature),
    });
  });
  return { decoded, normalized };
}

/** Uppercase hex sha256 of the canonical amino JSON of a StdTx. */
export function stdTxHash(tx: StdTx): string {
  return sha256Hex(canonicalJsonBytes(tx));
}

/**
 * A tx's bytes (wire/tx.ts isLegacyTx: a TxRaw, or a legacy StdTx's canonical JSON) decoded. Throws
 * TxError. Messages are checked for shape only; verification looks them up in the registry.
 */
export function decodeTx(bytes: Uint8Array, options: { simulate?: boolean } = {}): DecodedTx {
  if (bytes[0] !== 0x7b) return decodeProtoTx(bytes, options.simulate === true);
  const json = parseJsonText(bytes);
  checkJson(json, "tx", 0);
  return decodeStdTx(json);
}

/**
 * A POSTed body as the tx it carries and its broadcast mode: the SDK tx service's `{tx_bytes,
 * mode}`, or the legacy REST `{tx, mode}` / a bare StdTx (decoded, normalized: its bytes are its
 * canonical JSON). Throws TxError for what does not decode.
 */
export function broadcastRequest(body: unknown): { tx: Uint8Array; mode: BroadcastMode } {
  const json = typeof body === "string" || body instanceof Uint8Array ? parseJsonText(body) : body;
  checkJson(json, "body", 0);
  if (isObject(json) && "tx_bytes" in json) {
    onlyKeys(json, "body", ["tx_bytes", "mode"]);
    const mode = protoBroadcastMode(json.mode);
    return { tx: decodeBase64(json.tx_bytes, "tx_bytes"), mode };
  }
  const { tx, mode } = unwrap(json);
  return { tx: decodeStdTx(tx).bytes, mode };
}

/**
 * A POSTed body's tx decoded exactly as `decodeTx(broadcastRequest(body).tx)` decodes it, without
 * making a legacy StdTx's canonical form twice: its canonical bytes are parsed back (what decodeTx
 * does), and their canonical form is themselves (sorting, printing and escaping again change
 * nothing), so their hash is reused. Throws TxError as those two do.
 */
export function decodeBroadcastTx(body: unknown): DecodedTx {
  const json = typeof body === "string" || body instanceof Uint8Array ? parseJsonText(body) : body;
  checkJson(json, "body", 0);
  if (isObject(json) && "tx_bytes" in json) {
    onlyKeys(json, "body", ["tx_bytes", "mode"]);
    protoBroadcastMode(json.mode);
    return decodeTx(decodeBase64(json.tx_bytes, "tx_bytes"));
  }
  const first = decodeStdTx(unwrap(json).tx);
  const again = parseJsonText(first.bytes);
  checkJson(again, "tx", 0);
  return decodeStdTx(again, first);
}

/** A legacy StdTx object, normalized: its canonical JSON is its bytes (`canonical`: already known, of a tx parsed from them). */
function decodeStdTx(tx: unknown, canonical?: { bytes: Uint8Array; hash: string }): DecodedTx {
  if (!isObject(tx)) throw decodeError(`tx: expected a StdTx object, got ${kind(tx)}`);
  onlyKeys(tx, "tx", ["msg", "fee", "signatures", "memo"]);

  const msgs = decodeMsgs(tx.msg);
  const fee = decodeFee(tx.fee);
  const memo = tx.memo ?? "";
  if (typeof memo !== "string") throw decodeError(`tx.memo: expected a string, got ${kind(memo)}`);
  const { decoded: signatures, normalized } = decodeSignatures(tx.signatures);
  // baseapp's validateBasicTxMsgs, the first check after decoding.
  if (msgs.length === 0) throw new TxError(SdkErrors.InvalidRequest, "must contain at least one message");

  const stdTx: StdTx = { msg: msgs.map(({ type, value }) => ({ type, value })), fee: tx.fee as unknown as StdFee, signatures: normalized, memo };
  const bytes = canonical?.bytes ?? canonicalJsonBytes(stdTx);
  return { tx: stdTx, msgs, fee, memo, signatures, hash: canonical?.hash ?? sha256Hex(bytes), size: bytes.length, bytes };
}

/** A StdTx's canonical bytes (what a stored legacy body becomes: wire/tx.ts txBytesOfBody). */
export const stdTxBytes = (tx: unknown): Uint8Array => decodeStdTx(tx).bytes;

/** The SDK's BroadcastMode names (and numbers) the tx service takes. */
const PROTO_MODES: Record<string, BroadcastMode> = {
  BROADCAST_MODE_SYNC: "sync",
  BROADCAST_MODE_ASYNC: "async",
  "2": "sync",
  "3": "async",
};

/**
 * The SDK v0.53 tx service's mode: SYNC or ASYNC. BLOCK (removed in v0.47) and UNSPECIFIED are
 * refused as the SDK refuses them (`unsupported return type unspecified; supported types: sync, async`).
 */
export function protoBroadcastMode(raw: unknown): BroadcastMode {
  const key = typeof raw === "string" || typeof raw === "number" ? String(raw) : "";
  const mode = Object.hasOwn(PROTO_MODES, key) ? PROTO_MODES[key] : undefined;
  if (mode === undefined) throw new TxError(SdkErrors.InvalidRequest, "unsupported return type unspecified; supported types: sync, async");
  return mode;
}

/** A protobuf TxRaw decoded (wire/tx.ts) into the one DecodedTx. */
function decodeProtoTx(txBytes: Uint8Array, simulate: boolean): DecodedTx {
  const p = decodeTxBytes(txBytes, simulate);
  return new ProtoDecodedTx(p, txBytes);
}

/**
 * A protobuf tx decoded: its StdTx view (a LEGACY_AMINO_JSON sign doc's messages and fee, holding
 * the messages' amino JSON) made when first read; a SIGN_MODE_DIRECT CheckTx never reads it.
 */
class ProtoDecodedTx implements DecodedTx {
  readonly msgs: DecodedProtoTx["msgs"];
  readonly fee: DecodedProtoTx["fee"];
  readonly memo: string;
  readonly signatures: DecodedProtoTx["signatures"];
  readonly hash: string;
  readonly proto: ProtoTxInfo;
  readonly size: number;
  #p: DecodedProtoTx;
  #tx: StdTx | undefined;
  constructor(p: DecodedProtoTx, readonly bytes: Uint8Array) {
    this.msgs = p.msgs;
    this.fee = p.fee;
    this.memo = p.memo;
    this.signatures = p.signatures;
    this.hash = p.hash;
    this.proto = p.proto;
    this.size = bytes.length;
    this.#p = p;
  }
  get tx(): StdTx {
    const p = this.#p;
    return (this.#tx ??= { msg: p.msgs.map(({ type, value }) => ({ type, value })), fee: p.stdFee, signatures: p.aminoSignatures, memo: p.memo });
  }
}
