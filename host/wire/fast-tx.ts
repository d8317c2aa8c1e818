// The CheckTx hot path's protobuf decoding by a generator's static readers (protobuf-ts,
// buf.gen.fast.yaml → host/wire/gen-fast/): a tx's TxBody and AuthInfo, its signer's
// secp256k1 key and a MsgSend, each read without protobuf-es's reflective decoder (issue 35,
// "CheckTx >= 70 % of raw verify": the decode was ~15 µs a tx, 29 % of it GC).
//
// What they give must be exactly what protobuf-es gives (wire/tx.ts decodes with both and
// test/wire/fast-decode.test.ts compares them over real txs and thousands of mutations of
// them): so each reader here answers only where it is sure, and `undefined` sends the bytes
// to protobuf-es, whose answer or refusal is the node's. Unsure is: anything either decoder
// refuses (the refusal's text is protobuf-es's), an unknown field at any depth (protobuf-es
// keeps those in `$unknown`; the node refuses some, ignores others), a tag whose varint runs
// past 32 bits (protobuf-es refuses it, protobuf-ts reads its low bits), a multisig mode info
// (recursive: protobuf-es refuses past 100 levels, protobuf-ts has no bound).

import { BinaryReader, type BinaryReadOptions, type IBinaryReader } from "@protobuf-ts/runtime";
import type { Message } from "@bufbuild/protobuf";
import { AuthInfo, TxBody } from "./gen-fast/cosmos/tx/v1beta1/tx.js";
import { PubKey } from "./gen-fast/cosmos/crypto/secp256k1/keys.js";
import { MsgSend } from "./gen-fast/cosmos/bank/v1beta1/tx.js";
import { useStaticReader } from "./lazy-any.js";

/** Strict UTF-8 (invalid bytes refused, a BOM kept: protobuf-ts's default and protobuf-es's), made once. */
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** Up to this many bytes, an ASCII string is made from its codes (as protobuf-es's reader does) rather than by the TextDecoder. */
const ASCII_MAX = 64;

/** The reader's text decoder: one for every reader (protobuf-ts makes one a reader otherwise), ASCII without a call into it. */
const TEXT = {
  decode(bytes: Uint8Array): string {
    const n = bytes.length;
    if (n > ASCII_MAX) return UTF8.decode(bytes);
    for (let i = 0; i < n; i++) if (bytes[i]! > 0x7f) return UTF8.decode(bytes);
    return String.fromCharCode.apply(null, bytes as unknown as number[]);
  },
};

/** protobuf-ts's reader with protobuf-es's refusal of a tag past 32 bits (`illegal tag: varint overflows uint32`). */
class StrictReader extends BinaryReader {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super(bytes, TEXT);
    this.#bytes = bytes;
  }
  override tag(): [number, number] {
    const start = this.pos;
    const tag = super.tag();
    const read = this.pos - start;
    if (read > 5 || (read === 5 && this.#bytes[this.pos - 1]! > 0x0f)) throw new Error("illegal tag: varint overflows uint32");
    return tag as [number, number];
  }
}

/**
 * An unknown field throws (the bytes go to protobuf-es); strings are read as strict UTF-8
 * (protobuf-ts's default, as protobuf-es's). Complete (what the generated `fromBinary` would
 * merge with its defaults on every call), for the generated `internalBinaryRead`.
 */
const OPTIONS: Readonly<BinaryReadOptions> = {
  readUnknownField: "throw",
  readerFactory: (bytes: Uint8Array): IBinaryReader => new StrictReader(bytes),
};

/** `type` read from `bytes` by its generated reader, with OPTIONS. */
const read = <T extends object>(type: { internalBinaryRead(r: IBinaryReader, length: number, o: BinaryReadOptions): T }, bytes: Uint8Array): T =>
  type.internalBinaryRead(new StrictReader(bytes), bytes.length, OPTIONS);

/** What wire/tx.ts reads of a tx's TxBody and AuthInfo, whichever decoder read them. */
export interface TxEnvelope {
  readonly messages: readonly { readonly typeUrl: string; readonly value: Uint8Array }[];
  readonly memo: string;
  readonly timeoutHeight: bigint;
  readonly extensionOptions: number;
  readonly signerInfos: readonly {
    readonly publicKey: { readonly typeUrl: string; readonly value: Uint8Array } | undefined;
    /** mode_info.single's mode; undefined when mode_info is not `single`. */
    readonly singleMode: number | undefined;
    readonly sequence: bigint;
  }[];
  readonly fee: { readonly amount: readonly { readonly denom: string; readonly amount: string }[]; readonly gasLimit: bigint; readonly payer: string; readonly granter: string } | undefined;
}

/** Whether the static readers are used (tests compare both paths; off: protobuf-es decodes everything, as before them). */
export const fastDecoding = { enabled: true };

/** Counts of the fast readers' answers and of the bytes they left to protobuf-es (tests, the bench). */
export const fastDecodeCounts = { envelopes: 0, envelopeFallbacks: 0, messages: 0, messageFallbacks: 0 };

/** A tx's TxBody and AuthInfo bytes read by the static readers; undefined where protobuf-es must decide. */
export function fastEnvelope(bodyBytes: Uint8Array, authInfoBytes: Uint8Array): TxEnvelope | undefined {
  if (!fastDecoding.enabled) return undefined;
  let body: TxBody;
  let authInfo: AuthInfo;
  try {
    body = read(TxBody, bodyBytes);
    authInfo = read(AuthInfo, authInfoBytes);
  } catch {
    fastDecodeCounts.envelopeFallbacks++;
    return undefined;
  }
  const signerInfos: TxEnvelope["signerInfos"][number][] = [];
  for (const info of authInfo.signerInfos) {
    const sum = info.modeInfo?.sum;
    if (sum?.oneofKind === "multi") {
      fastDecodeCounts.envelopeFallbacks++;
      return undefined;
    }
    signerInfos.push({
      publicKey: info.publicKey,
      singleMode: sum?.oneofKind === "single" ? sum.single.mode : undefined,
      sequence: info.sequence,
    });
  }
  fastDecodeCounts.envelopes++;
  return {
    messages: body.messages,
    memo: body.memo,
    timeoutHeight: body.timeoutHeight,
    extensionOptions: body.extensionOptions.length,
    signerInfos,
    fee: authInfo.fee,
  };
}

/** A secp256k1 PubKey's key bytes; undefined where protobuf-es must decide. */
export function fastPubKey(bytes: Uint8Array): Uint8Array | undefined {
  if (!fastDecoding.enabled) return undefined;
  try {
    return read(PubKey, bytes).key;
  } catch {
    return undefined;
  }
}

const COIN = "cosmos.base.v1beta1.Coin";

/**
 * Messages read by the static readers, as the protobuf-es message fromBinary gives (a plain
 * object: `$typeName` first, then the fields in number order, every field set).
 */
const FAST_MESSAGES: Record<string, (bytes: Uint8Array) => Message> = {
  "cosmos.bank.v1beta1.MsgSend": (bytes) => {
    const m = read(MsgSend, bytes);
    const amount = m.amount.map((c) => ({ $typeName: COIN, denom: c.denom, amount: c.amount }));
    return { $typeName: "cosmos.bank.v1beta1.MsgSend", fromAddress: m.fromAddress, toAddress: m.toAddress, amount } as Message;
  },
};

/** A message of type `typeName` read by a static reader; undefined where there is none or protobuf-es must decide. */
export function fastMessage(typeName: string, bytes: Uint8Array): Message | undefined {
  const reader = fastDecoding.enabled && Object.hasOwn(FAST_MESSAGES, typeName) ? FAST_MESSAGES[typeName] : undefined;
  if (reader === undefined) return undefined;
  try {
    const m = reader(bytes);
    fastDecodeCounts.messages++;
    return m;
  } catch {
    fastDecodeCounts.messageFallbacks++;
    return undefined;
  }
}

// wire/messages.ts's converters take a message from here first (wire/tx.ts imports this module).
useStaticReader(fastMessage);
