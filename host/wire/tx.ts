// Protobuf transactions: `TxRaw` bytes (as `POST /cosmos/tx/v1beta1/txs {tx_bytes, mode}` carries
// them, base64) decoded into the same DecodedTx the amino StdTx becomes (host/wire/amino/stdtx.ts), so
// verification and execution are one path. What differs is kept in `proto`: the exact body and
// auth-info bytes (SIGN_MODE_DIRECT signs them), the sign mode, the sequence the signer declared
// and the timeout height (SIGN_MODE_LEGACY_AMINO_JSON signs the amino doc derived from them).
//
// Checks here are structural (sdk 2 tx parse error unless the SDK says otherwise):
// - TxRaw follows ADR-027: re-encoding it gives the same bytes (fields in order, minimal
//   lengths, no unknown fields);
// - TxBody and AuthInfo: no unknown fields (a TxBody's non-critical ones, numbers with bit 1<<10,
//   excepted); no extension options (sdk 31 unknown extension options); messages by type URL
//   (messages.ts); an unknown type URL cannot be decoded;
// - AuthInfo: one signer info per signature, a secp256k1 key (sdk 8), mode single DIRECT or
//   LEGACY_AMINO_JSON; no fee payer or granter (not supported: sdk 37);
// - the tx hash is sha256 of the TxRaw bytes, uppercase hex, as CometBFT and CosmJS compute it.

import { fromBinary } from "@bufbuild/protobuf";
import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import { sha256Hex } from "./digest.js";
import { base64 } from "@scure/base";
import { base64Text } from "./base64-text.js";
import { PubKeySchema } from "./gen/cosmos/crypto/secp256k1/keys_pb.js";
import { SignMode, SignModeSchema } from "./gen/cosmos/tx/signing/v1beta1/signing_pb.js";
import { AuthInfoSchema, TxBodySchema, TxRawSchema, type ModeInfo_Single, type TxRaw } from "./gen/cosmos/tx/v1beta1/tx_pb.js";
import { parseIntString } from "./coins.js";
import { SdkErrors, TxError, decodeError, type ErrorKind } from "./errors.js";
import { PUBKEY_SECP256K1_TYPE, PUBKEY_SIZE } from "./keys.js";
import type { AminoCoin, StdFee } from "./amino/sign-doc.js";
import { aminoTypeOfUrl, decodeAny, typeUrlOfAmino, type DecodedAny } from "./messages.js";
import type { Message } from "@bufbuild/protobuf";
import { timestampString } from "./gateway-json.js";
import { fastEnvelope, fastPubKey, type TxEnvelope } from "./fast-tx.js";

export const PUBKEY_SECP256K1_URL = "/cosmos.crypto.secp256k1.PubKey";

/** SDK ErrUnknownExtensionOptions. */
const UnknownExtensionOptions: ErrorKind = { codespace: "sdk", code: 31, description: "unknown extension options" };

/** The sign modes the node verifies. */
export type ProtoSignMode = "direct" | "amino-json";

export interface ProtoTxInfo {
  /** The TxRaw bytes as received. */
  readonly txBytes: Uint8Array;
  readonly bodyBytes: Uint8Array;
  readonly authInfoBytes: Uint8Array;
  readonly signMode: ProtoSignMode;
  /** The sequence the signer declared in its signer info. */
  readonly sequence: bigint;
  /** Every signer info: its sign mode and declared sequence (index i = the tx's i-th signer). */
  readonly signerInfos: readonly { readonly mode: ProtoSignMode; readonly sequence: bigint }[];
  /** `auth_info.fee.payer` ("" = the first signer) and `fee.granter` ("" = none). */
  readonly feePayer: string;
  readonly feeGranter: string;
  readonly timeoutHeight: bigint;
}

export interface DecodedProtoTx {
  /** Each message: its amino JSON (what LEGACY_AMINO_JSON signs) and its protobuf-es message. */
  readonly msgs: { type: string; value: Record<string, unknown>; typeUrl: string; message: Message }[];
  readonly fee: { amount: { denom: string; amount: bigint }[]; gas: bigint };
  /** The fee as the amino sign doc writes it. */
  readonly stdFee: StdFee;
  readonly memo: string;
  readonly signatures: { pubKey: Uint8Array; signature: Uint8Array }[];
  /** Normalized amino signatures (for the internal StdTx view). */
  readonly aminoSignatures: readonly { pub_key: { type: string; value: string }; signature: string }[];
  readonly hash: string;
  readonly proto: ProtoTxInfo;
}

/** Uppercase hex sha256 of TxRaw bytes: the tx hash everywhere. */
export const txBytesHash = (txBytes: Uint8Array): string => sha256Hex(txBytes);

function decodeWith<T>(what: string, decode: () => T): T {
  try {
    return decode();
  } catch (e) {
    throw decodeError(`${what}: ${(e as Error).message}`);
  }
}

/** TxBody's fields (SDK v0.50); v0.53's unordered (4) and timeout_timestamp (5) are not taken. */
const BODY_FIELDS = new Set([1, 2, 3, 1023, 2047]);
const AUTH_INFO_FIELDS = new Set([1, 2, 3]);
// rejectUnknownAuthInfoFields reads the decoder's unknown fields: the schema must know exactly these.
if (AuthInfoSchema.fields.length !== AUTH_INFO_FIELDS.size || !AuthInfoSchema.fields.every((f) => AUTH_INFO_FIELDS.has(f.number))) {
  throw new Error("AuthInfo's generated schema has other fields than AUTH_INFO_FIELDS: update wire/tx.ts");
}

/**
 * ADR-027's unknown-field rule at the top level of TxBody and AuthInfo: a field the node does not
 * know is refused (it could change the tx's meaning while the signature still verifies), except a
 * TxBody field whose number has bit 1<<10 set (non-critical).
 */
function rejectUnknownFields(bytes: Uint8Array, known: ReadonlySet<number>, what: string, nonCriticalOk: boolean): void {
  const reader = new BinaryReader(bytes);
  let unknown: number | undefined;
  // One try over the walk (a closure a tag and a skip before): the same message either way.
  try {
    while (reader.pos < reader.len) {
      const [field, wireType] = reader.tag();
      if (!known.has(field) && !(nonCriticalOk && (field & 1024) !== 0)) {
        unknown = field;
        break;
      }
      reader.skip(wireType, field);
    }
  } catch (e) {
    throw decodeError(`${what}: ${(e as Error).message}`);
  }
  if (unknown !== undefined) throw unknownFieldError(what, unknown);
}

const unknownFieldError = (what: string, field: number) =>
  decodeError(`${what}: unknown field ${field}${field === 4 || field === 5 ? " (unordered and timeout_timestamp txs are not supported)" : ""}`);

/**
 * AuthInfo's unknown fields from its decoding (protobuf-es keeps them in `$unknown`, in the order
 * read): the schema's fields are exactly AUTH_INFO_FIELDS, so the first unknown one is what a
 * second walk over the bytes (rejectUnknownFields) would refuse.
 */
function rejectUnknownAuthInfoFields(authInfo: { $unknown?: readonly { no: number }[] }): void {
  const first = authInfo.$unknown?.[0];
  if (first !== undefined) throw unknownFieldError("auth_info_bytes", first.no);
}

function signModeOf(mode: SignMode, i: number): ProtoSignMode {
  if (mode === SignMode.DIRECT) return "direct";
  if (mode === SignMode.LEGACY_AMINO_JSON) return "amino-json";
  throw new TxError(SdkErrors.NotSupported, `signer ${i}: sign mode ${mode} is not supported; use SIGN_MODE_DIRECT or SIGN_MODE_LEGACY_AMINO_JSON`);
}

const BODY_BYTES = TxRawSchema.field.bodyBytes!.number;
const AUTH_INFO_BYTES = TxRawSchema.field.authInfoBytes!.number;
const SIGNATURES = TxRawSchema.field.signatures!.number;

/** The length of an unsigned varint. */
const varintSize = (n: number): number => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

/**
 * TxRaw bytes → its three fields, read field by field (the CheckTx path: a reflective decode and
 * re-encode of the message costs more than the rest of the tx's protobuf together). ADR-027: the
 * bytes are what encoding the fields gives, or the tx is refused: each field once and in number
 * order (signatures repeated), length-delimited, an empty bytes field absent, minimal lengths
 * (the size the fields encode to is the size received), no unknown field.
 */
function decodeTxRaw(txBytes: Uint8Array): Pick<TxRaw, "bodyBytes" | "authInfoBytes" | "signatures"> {
  const reader = new BinaryReader(txBytes);
  let bodyBytes: Uint8Array = new Uint8Array(0);
  let authInfoBytes: Uint8Array = new Uint8Array(0);
  const signatures: Uint8Array[] = [];
  let canonical = true;
  let last = 0;
  let size = 0;
  decodeWith("tx_bytes", () => {
    while (reader.pos < reader.len) {
      const [field, wireType] = reader.tag();
      const known = wireType === WireType.LengthDelimited && (field === BODY_BYTES || field === AUTH_INFO_BYTES || field === SIGNATURES);
      if (!known) {
        canonical = false;
        reader.skip(wireType, field);
        continue;
      }
      if (field < last || (field === last && field !== SIGNATURES)) canonical = false;
      last = field;
      const bytes = reader.bytes();
      if (field === BODY_BYTES) bodyBytes = bytes;
      else if (field === AUTH_INFO_BYTES) authInfoBytes = bytes;
      else signatures.push(bytes);
      if (field === SIGNATURES || bytes.length > 0) size += varintSize(field << 3) + varintSize(bytes.length) + bytes.length;
    }
  });
  if (!canonical || size !== txBytes.length) {
    throw decodeError("tx_bytes: TxRaw is not in canonical encoding (ADR-027) or has unknown fields");
  }
  return { bodyBytes, authInfoBytes, signatures };
}

/** A signer info's mode_info.single, if that is its kind. */
const singleOf = (sum: { case: string | undefined; value?: unknown } | undefined): ModeInfo_Single | undefined =>
  sum?.case === "single" ? (sum.value as ModeInfo_Single) : undefined;

/** A protobuf tx's message: its amino value made when first read (wire/messages.ts totalJson). */
class ProtoTxMsg {
  readonly message: Message;
  readonly #decoded: DecodedAny;
  constructor(readonly type: string, readonly typeUrl: string, decoded: DecodedAny) {
    this.message = decoded.message;
    this.#decoded = decoded;
  }
  get value(): Record<string, unknown> {
    return this.#decoded.amino.value;
  }
}

/**
 * TxBody and AuthInfo by protobuf-es, with ADR-027's unknown-field checks: what the node decides
 * for every tx the static readers (wire/fast-tx.ts) are unsure of.
 */
function reflectiveEnvelope(bodyBytes: Uint8Array, authInfoBytes: Uint8Array): TxEnvelope {
  const body = decodeWith("body_bytes", () => fromBinary(TxBodySchema, bodyBytes));
  const authInfo = decodeWith("auth_info_bytes", () => fromBinary(AuthInfoSchema, authInfoBytes));
  rejectUnknownFields(bodyBytes, BODY_FIELDS, "body_bytes", true);
  rejectUnknownAuthInfoFields(authInfo);
  return {
    messages: body.messages,
    memo: body.memo,
    timeoutHeight: body.timeoutHeight,
    extensionOptions: body.extensionOptions.length,
    signerInfos: authInfo.signerInfos.map((info) => ({ publicKey: info.publicKey, singleMode: singleOf(info.modeInfo?.sum)?.mode, sequence: info.sequence })),
    fee: authInfo.fee,
  };
}

/**
 * TxBody and AuthInfo by the static readers, or by protobuf-es where they are unsure. The fast
 * readers refuse any unknown field, but the body's walk still runs: it finds what protobuf-es's
 * schema knows and the node does not take (unordered, timeout_timestamp), and it reads the top
 * level by the declared lengths, where a decoder reads on past a nested field that overruns its
 * message (the differential test found such a body: the walk refuses it, the decoders do not).
 */
function envelopeOf(bodyBytes: Uint8Array, authInfoBytes: Uint8Array): TxEnvelope {
  const fast = fastEnvelope(bodyBytes, authInfoBytes);
  if (fast === undefined) return reflectiveEnvelope(bodyBytes, authInfoBytes);
  rejectUnknownFields(bodyBytes, BODY_FIELDS, "body_bytes", true);
  return fast;
}

/** TxRaw bytes → the parts of a DecodedTx. Throws TxError. */
export function decodeTxBytes(txBytes: Uint8Array, simulate = false): DecodedProtoTx {
  const raw = decodeTxRaw(txBytes);
  const body = envelopeOf(raw.bodyBytes, raw.authInfoBytes);
  if (body.extensionOptions > 0) throw new TxError(UnknownExtensionOptions);

  const msgs = body.messages.map((any, i) => {
    const d = decodeAny(any.typeUrl, any.value, `body.messages[${i}]`);
    // Its amino JSON when first read (a LEGACY_AMINO_JSON sign doc, x/gov's stored messages): a
    // type whose JSON cannot fail has it made lazily (messages.ts totalJson); its name is known.
    return new ProtoTxMsg(aminoTypeOfUrl(any.typeUrl) ?? d.amino.type, any.typeUrl, d);
  });
  // baseapp's validateBasicTxMsgs, the first check after decoding.
  if (msgs.length === 0) throw new TxError(SdkErrors.InvalidRequest, "must contain at least one message");

  const feeMsg = body.fee;
  const feeCoins: AminoCoin[] = (feeMsg?.amount ?? []).map((c) => ({ amount: c.amount || "0", denom: c.denom }));
  const amount = feeCoins.map((c, i) => ({ denom: c.denom, amount: parseIntString(c.amount, `auth_info.fee.amount[${i}].amount`) }));
  const gas = feeMsg?.gasLimit ?? 0n;

  if (body.signerInfos.length !== raw.signatures.length) {
    throw new TxError(
      SdkErrors.Unauthorized,
      `wrong number of signatures; expected ${body.signerInfos.length}, got ${raw.signatures.length}`,
    );
  }
  let signMode: ProtoSignMode | undefined;
  let sequence = 0n;
  const signerInfos: { mode: ProtoSignMode; sequence: bigint }[] = [];
  const signatures = body.signerInfos.map((info, i) => {
    const key = info.publicKey;
    if (key === undefined) throw new TxError(SdkErrors.InvalidPubKey, "pubkey on account is not set");
    if (key.typeUrl !== PUBKEY_SECP256K1_URL) throw new TxError(SdkErrors.InvalidPubKey, `unrecognized public key type: ${key.typeUrl}`);
    const pubKey = fastPubKey(key.value) ?? decodeWith(`auth_info.signer_infos[${i}].public_key`, () => fromBinary(PubKeySchema, key.value)).key;
    if (pubKey.length !== PUBKEY_SIZE) throw new TxError(SdkErrors.InvalidPubKey, "invalid pubkey size");
    const single = info.singleMode;
    if (single === undefined) {
      throw new TxError(SdkErrors.NotSupported, `signer ${i}: only single-key signatures (mode_info.single) are supported`);
    }
    // Simulation verifies no signature: CosmJS sends SIGN_MODE_UNSPECIFIED there.
    const mode = simulate && single === SignMode.UNSPECIFIED ? "direct" : signModeOf(single as SignMode, i);
    if (i === 0) {
      signMode = mode;
      sequence = info.sequence;
    }
    signerInfos.push({ mode, sequence: info.sequence });
    return { pubKey, signature: raw.signatures[i]! };
  });

  const proto: ProtoTxInfo = {
    txBytes,
    bodyBytes: raw.bodyBytes,
    authInfoBytes: raw.authInfoBytes,
    signMode: signMode ?? "direct",
    sequence,
    signerInfos,
    feePayer: feeMsg?.payer ?? "",
    feeGranter: feeMsg?.granter ?? "",
    timeoutHeight: body.timeoutHeight,
  };
  return new ProtoTxParts(msgs, { amount, gas }, feeCoins, body.memo, signatures, txBytesHash(txBytes), proto);
}

/** A protobuf tx's amino signatures made since the process started (tests: a SIGN_MODE_DIRECT decode makes none). */
export const aminoSignaturesMade = { count: 0 };

/**
 * A decoded protobuf tx's parts; its amino forms (the fee and signatures a LEGACY_AMINO_JSON
 * StdTx view shows) made when first read: a SIGN_MODE_DIRECT CheckTx never reads them.
 */
class ProtoTxParts implements DecodedProtoTx {
  #stdFee: StdFee | undefined;
  #aminoSignatures: DecodedProtoTx["aminoSignatures"] | undefined;
  constructor(
    readonly msgs: DecodedProtoTx["msgs"], readonly fee: DecodedProtoTx["fee"], private readonly feeCoins: AminoCoin[],
    readonly memo: string, readonly signatures: DecodedProtoTx["signatures"], readonly hash: string, readonly proto: ProtoTxInfo,
  ) {}
  get stdFee(): StdFee {
    const payer = this.proto.feePayer, granter = this.proto.feeGranter;
    // StdFee's payer and granter are omitempty in amino JSON: present only when set.
    return (this.#stdFee ??= {
      amount: this.feeCoins, gas: this.fee.gas.toString(), ...(payer ? { payer } : {}), ...(granter ? { granter } : {}),
    } as StdFee);
  }
  get aminoSignatures(): DecodedProtoTx["aminoSignatures"] {
    if (this.#aminoSignatures === undefined) aminoSignaturesMade.count++;
    return (this.#aminoSignatures ??= this.signatures.map((s) => ({
      pub_key: { type: PUBKEY_SECP256K1_TYPE, value: base64Text(s.pubKey) },
      signature: base64Text(s.signature),
    })));
  }
}

/** The schema's names of the sign modes (SIGN_MODE_DIRECT, …). */
const SIGN_MODE_NAMES: Record<number, string> = Object.fromEntries(SignModeSchema.values.map((v) => [v.number, v.name]));

const modeInfoJson = (single: ModeInfo_Single | undefined) =>
  single === undefined ? null : { single: { mode: SIGN_MODE_NAMES[single.mode] ?? String(single.mode) } };

/**
 * A stored protobuf tx as the gateway renders `cosmos.tx.v1beta1.Tx` in JSON: proto field names,
 * defaults emitted, 64-bit integers as strings, Any as `{"@type": url, ...fields}`, bytes base64.
 * The bytes were decoded when the tx was accepted, so they decode again.
 */
export function txJson(txBytes: Uint8Array): Record<string, unknown> {
  const raw = fromBinary(TxRawSchema, txBytes);
  const body = fromBinary(TxBodySchema, raw.bodyBytes);
  const authInfo = fromBinary(AuthInfoSchema, raw.authInfoBytes);
  const anyJson = (typeUrl: string, value: Uint8Array, path: string) => ({ "@type": typeUrl, ...decodeAny(typeUrl, value, path).json });
  return {
    body: {
      messages: body.messages.map((m, i) => anyJson(m.typeUrl, m.value, `body.messages[${i}]`)),
      memo: body.memo,
      timeout_height: body.timeoutHeight.toString(),
      unordered: body.unordered,
      timeout_timestamp: body.timeoutTimestamp === undefined ? null : timestampString(body.timeoutTimestamp.seconds * 1_000_000_000n + BigInt(body.timeoutTimestamp.nanos)),
      extension_options: [],
      non_critical_extension_options: body.nonCriticalExtensionOptions.map((a) => ({ "@type": a.typeUrl })),
    },
    auth_info: {
      signer_infos: authInfo.signerInfos.map((s) => ({
        public_key: s.publicKey
          ? { "@type": s.publicKey.typeUrl, key: base64.encode(fromBinary(PubKeySchema, s.publicKey.value).key) }
          : null,
        mode_info: modeInfoJson(singleOf(s.modeInfo?.sum)),
        sequence: s.sequence.toString(),
      })),
      fee: {
        amount: (authInfo.fee?.amount ?? []).map((c) => ({ denom: c.denom, amount: c.amount })),
        gas_limit: (authInfo.fee?.gasLimit ?? 0n).toString(),
        payer: authInfo.fee?.payer ?? "",
        granter: authInfo.fee?.granter ?? "",
      },
      tip: null,
    },
    signatures: raw.signatures.map((s) => base64.encode(s)),
  };
}

/** Whether a tx's bytes are a legacy amino StdTx (its canonical JSON) rather than a protobuf TxRaw. */
export const isLegacyTx = (tx: Uint8Array): boolean => tx[0] === 0x7b; // "{": a TxRaw starts with field 1 (0x0a)

/** The type URLs of a tx's messages (a TxRaw, or a legacy StdTx's canonical JSON); undefined if one is unknown. */
export function storedTypeUrls(tx: Uint8Array): string[] | undefined {
  if (!isLegacyTx(tx)) return fromBinary(TxBodySchema, fromBinary(TxRawSchema, tx).bodyBytes).messages.map((m) => m.typeUrl);
  const std = JSON.parse(new TextDecoder().decode(tx)) as { msg?: { type: string }[] };
  const urls = (std.msg ?? []).map((m) => typeUrlOfAmino(m.type));
  return urls.every((u) => u !== undefined) ? (urls as string[]) : undefined;
}

/**
 * A tx's bytes from a row stored before txs were kept as bytes: its POSTed body, `{tx_bytes, mode}`
 * (the TxRaw) or a legacy `{tx, mode}` (the StdTx's canonical JSON, what its hash covers).
 */
export function txBytesOfBody(body: string, canonical: (stdTx: unknown) => Uint8Array): Uint8Array {
  const stored = JSON.parse(body) as { tx_bytes?: string; tx?: unknown };
  return stored.tx_bytes !== undefined ? base64.decode(stored.tx_bytes) : canonical(stored.tx);
}
