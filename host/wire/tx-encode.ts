// Protobuf txs as a wallet writes them (the node's own signers: the dev faucet, gentxs, the
// command line) and SIGN_MODE_DIRECT's sign bytes, from the schema's generated types
// (gen/cosmos/tx/v1beta1/tx_pb.ts). The SignDoc is written field by field: the ante encodes one
// per DIRECT signature it verifies, and a reflective encode of it costs twice what cosmjs-types'
// did; test/wire/proto-int64.test.ts holds it to the reflective encoding.

import { create, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { PubKeySchema } from "./gen/cosmos/crypto/secp256k1/keys_pb.js";
import { SignMode } from "./gen/cosmos/tx/signing/v1beta1/signing_pb.js";
import { AuthInfoSchema, SignDocSchema, TxBodySchema, TxRawSchema } from "./gen/cosmos/tx/v1beta1/tx_pb.js";

/** A message packed in an Any (`/<type name>`, its bytes). */
export function anyOf<D extends DescMessage>(schema: D, init: MessageInitShape<D>): { typeUrl: string; value: Uint8Array } {
  return { typeUrl: `/${schema.typeName}`, value: toBinary(schema, create(schema, init)) };
}

/** The Any of a secp256k1 account key. */
export const secp256k1PubKeyAny = (key: Uint8Array) => create(AnySchema, anyOf(PubKeySchema, { key }));

/** A TxBody's bytes. */
export const txBodyBytes = (init: MessageInitShape<typeof TxBodySchema>): Uint8Array => toBinary(TxBodySchema, create(TxBodySchema, init));

/** An AuthInfo's bytes. */
export const authInfoBytes = (init: MessageInitShape<typeof AuthInfoSchema>): Uint8Array => toBinary(AuthInfoSchema, create(AuthInfoSchema, init));

/** The AuthInfo of one secp256k1 signer in SIGN_MODE_DIRECT. */
export function directAuthInfoBytes(o: {
  pubKey: Uint8Array; sequence: bigint; fee: { amount: { denom: string; amount: string }[]; gasLimit: bigint };
}): Uint8Array {
  return authInfoBytes({
    signerInfos: [{
      publicKey: secp256k1PubKeyAny(o.pubKey),
      modeInfo: { sum: { case: "single", value: { mode: SignMode.DIRECT } } },
      sequence: o.sequence,
    }],
    fee: o.fee,
  });
}

/** A TxRaw's bytes. */
export const txRawBytes = (o: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; signatures: Uint8Array[] }): Uint8Array =>
  toBinary(TxRawSchema, create(TxRawSchema, o));

const utf8 = new TextEncoder();
const LEN = 2;
const VARINT = 0;
const BODY_BYTES = SignDocSchema.field.bodyBytes!.number;
const AUTH_INFO_BYTES = SignDocSchema.field.authInfoBytes!.number;
const CHAIN_ID = SignDocSchema.field.chainId!.number;
const ACCOUNT_NUMBER = SignDocSchema.field.accountNumber!.number;

/** Unsigned varint bytes of a value below 2^64, written at `at` (returns the end). */
function varint(out: Uint8Array, at: number, v: bigint): number {
  while (v >= 0x80n) {
    out[at++] = Number(v & 0x7fn) | 0x80;
    v >>= 7n;
  }
  out[at++] = Number(v);
  return at;
}

/** Unsigned varint bytes of a length or tag (below 2^32), written at `at` (returns the end). */
function varint32(out: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    out[at++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[at++] = v;
  return at;
}

/**
 * SIGN_MODE_DIRECT's sign bytes: SignDoc {body_bytes, auth_info_bytes, chain_id, account_number}
 * in proto3's encoding (a field at its default is absent).
 */
/** The last chain id's UTF-8 bytes (a node signs and verifies for one chain). */
let chainIdCache: { text: string; bytes: Uint8Array } = { text: "", bytes: new Uint8Array() };

export function signDocBytes(d: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; chainId: string; accountNumber: bigint }): Uint8Array {
  if (chainIdCache.text !== d.chainId) chainIdCache = { text: d.chainId, bytes: utf8.encode(d.chainId) };
  const chainId = chainIdCache.bytes;
  const out = new Uint8Array(d.bodyBytes.length + d.authInfoBytes.length + chainId.length + 3 * 6 + 11);
  let at = 0;
  const field = (number: number, bytes: Uint8Array) => {
    if (bytes.length === 0) return;
    at = varint32(out, at, (number << 3) | LEN);
    at = varint32(out, at, bytes.length);
    out.set(bytes, at);
    at += bytes.length;
  };
  field(BODY_BYTES, d.bodyBytes);
  field(AUTH_INFO_BYTES, d.authInfoBytes);
  field(CHAIN_ID, chainId);
  if (d.accountNumber !== 0n) {
    at = varint32(out, at, (ACCOUNT_NUMBER << 3) | VARINT);
    const n = BigInt.asUintN(64, d.accountNumber);
    at = n <= 0xffffffffn ? varint32(out, at, Number(n)) : varint(out, at, n);
  }
  return out.subarray(0, at);
}
