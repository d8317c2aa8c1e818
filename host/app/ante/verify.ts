// Verifying a signed transaction (a protobuf TxRaw or a legacy amino-JSON StdTx, decoded into one
// form): the checks of the SDK v0.53's CheckTx, in its order. The messages' own rules are not
// among them: no SDK message the node executes keeps a ValidateBasic in v0.53, so their checks (the
// registry's rules past decoding, a governance message's authority) are the message servers',
// run in the block (deliver.ts validated): such a tx enters a block, pays its fee and fails there.
// A definition marked `validateBasic` (chain-main's x/nft) is refused here instead.
//
//  1. decode (stdtx.ts); no messages -> sdk 18.
//  2. every message type registered (else it cannot be decoded: sdk 2) and its value decodable
//     (the registry's rule: its parse errors, sdk 2, are the decoder's; what else it finds is kept
//     for the block); its signer (GetSigners: a signer field that is no address is sdk 7).
//  3. tx ValidateBasic: gas <= 2^63-1 (18), no negative fee (13), at least one signature (15), one
//     signature per distinct signer (4 `wrong number of signers`; a protobuf tx's fee.payer that no
//     message names is one more signer, as GetSigners). A legacy amino StdTx takes one signer.
//  3b. at most `txSigLimit` (default 7) signatures (14), as the ante's ValidateSigCountDecorator.
//  3c. a protobuf tx's timeout height: the block it would enter is not past it (30).
//  4. memo at most `maxMemoCharacters` (default 256) UTF-8 bytes, as Go's len() counts (12).
//  5. fee: gas > 0 (41); the fee payer (the signer) exists (9 `fee payer address: <a> does not
//     exist`); a non-zero fee is a valid coin list (13). Taking the fee from the balance is the
//     caller's step (sdk 5 on a short balance), right after this function succeeds.
//  6. the signature's key is the signer's (8 `pubKey does not match signer address <a> with
//     signer index: 0`).
//  7. a protobuf tx (host/wire/tx.ts) declares its sequence: a mismatch is sdk 32; its signature
//     verifies over SIGN_MODE_DIRECT's SignDoc {body_bytes, auth_info_bytes, chain_id,
//     account_number} or LEGACY_AMINO_JSON's doc derived from its messages (with timeout_height
//     when set), else sdk 4. An amino StdTx:
//     the signature verifies over the sign doc built from this chain id, the account's number and
//     its current sequence (4 `signature verification failed; please verify account number (N),
//     sequence (M) and chain-id (C)`). A wrong chain id or account number can only show up here.
//     An amino StdTx carries no sequence, so a replayed or early tx also fails here; to report
//     those as the SDK's sequence mismatch (32 `account sequence mismatch, expected N, got M`),
//     as the reference does for CosmJS's protobuf broadcasts, a failing signature is re-tried
//     with the `sequenceProbe` sequences on either side of the account's (default 2: the replay
//     of the last txs, a client a step or two ahead). Each probe is one more verification, paid
//     only by failing txs: at most 2 x sequenceProbe of them; 0 turns probing off.
//
// Accounts: an address that has never received funds has no account on chain and cannot sign
// (`getAccount` returns undefined). The caller owns the sequences: to accept several txs of one
// account before a block, `getAccount` must answer with the mempool's view (its CheckTx state).

import { base64, utf8 } from "@scure/base";
import { base64Text } from "../../wire/base64-text.js";
import { canonicalAddress as canonicalText, encodeAddress } from "../../wire/address.js";
import { coinsAnyNegative, coinsString, coinsValid, coinsZero, type Coin } from "../../wire/coins.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import type { JsonObject } from "../../wire/amino/fields.js";
import { DEFAULT_ACCOUNT_PREFIX, pubKeyAddressBytes } from "../../wire/keys.js";
import { directVerdict, verifySignature as verifySecp256k1 } from "./sig-pool.js";
import { messageOfAmino, type MessageRegistry, type RegistryEntry } from "../registry.js";
import { schemaKnows } from "../../wire/messages.js";
import { makeSignDoc, serializeSignDoc, type StdSignDoc } from "../../wire/amino/sign-doc.js";
import { signDocBytes } from "../../wire/tx-encode.js";
import type { ProtoTxInfo } from "../../wire/tx.js";
import { decodeBroadcastTx, type DecodedTx, type StdTx } from "../../wire/amino/stdtx.js";

/** What the chain knows of an account. */
export interface AccountInfo {
  readonly accountNumber: bigint;
  readonly sequence: bigint;
  /** The key the chain knows for it, if any. */
  readonly pubKey?: Uint8Array;
}

export interface VerifyContext {
  readonly chainId: string;
  readonly registry: MessageRegistry;
  /** The account at a canonical bech32 address, or undefined if it does not exist. */
  getAccount(address: string): AccountInfo | undefined;
  /** Account bech32 prefix; default `cro`. */
  readonly prefix?: string;
  /** x/auth `max_memo_characters`; default 256. */
  readonly maxMemoCharacters?: number;
  /** x/auth `tx_sig_limit`; default 7. */
  readonly txSigLimit?: number;
  /** The height of the block the tx would enter (for a protobuf tx's timeout height); unchecked when absent. */
  readonly height?: bigint;
  /** The SDK's simulate mode: signatures are not verified (they may be empty), gas may be 0. */
  readonly simulate?: boolean;
  /** How many sequences on each side of the account's to try on a failed signature; default 2, 0 = none. */
  readonly sequenceProbe?: number;
  /**
   * x/feegrant's UseGrantedFees where DeductFeeDecorator runs it (before any signature check): throws
   * its refusal. CheckTx's (app/ante.ts); a block's txs are judged at their block's time (deliver.ts).
   */
  readonly useFeeGrant?: (granter: string, payer: string, fee: readonly Coin[], typeUrls: readonly string[]) => void;
  /** x/circuit's IsAllowed (chain-main's CircuitBreakerDecorator): a disabled message type is refused. */
  readonly msgAllowed?: (typeUrl: string) => boolean;
  /** Dev mode's impersonated addresses: their key and signature are not checked (their sequence is). */
  readonly impersonated?: (address: string) => boolean;
  /** Dev mode's auto-impersonation: a signer whose key or signature does not verify is admitted as impersonated. */
  readonly autoImpersonate?: boolean;
}

export interface VerifiedMsg {
  /** Its amino name and value, as received (and, in LEGACY_AMINO_JSON, signed). */
  readonly type: string;
  readonly value: JsonObject;
  /** Its type URL and registry entry (its module's definition). */
  readonly typeUrl: string;
  readonly entry: RegistryEntry;
  /** What the registry's rule returned, or the error its server will fail the message with (in the block). */
  readonly parsed?: unknown;
  readonly invalid?: TxError;
  /** Canonical bech32 address of the signer field. */
  readonly signer: string;
  readonly governance: boolean;
}

/** One signer of a tx: its key, account number and the sequence it signed with. */
export interface TxSigner {
  readonly address: string;
  readonly pubKey: Uint8Array;
  readonly accountNumber: bigint;
  readonly sequence: bigint;
  /** Its signature (base64, as the `tx.signature` event shows it). */
  readonly signature: string;
  /** Impersonated (dev mode): admitted without a signature check; `pubKey` is the chain's (empty: none yet). */
  readonly unsigned?: boolean;
}

export interface VerifiedTx {
  /** The first signer (the first message's); `signers` has them all, `feePayer` pays. */
  readonly signer: string;
  /** Every required signer, in GetSigners' order (the messages' signers, then a fee payer that is none of them). */
  readonly signers: readonly TxSigner[];
  /** Whose balance pays the fee: `fee.granter` if set, else `fee.payer` if set, else the first signer. */
  readonly feePayer: string;
  /** A fee granter that is not the fee payer: x/feegrant's allowance of `payer` must accept the fee (the ante's UseGrantedFees). */
  readonly feeGrant?: { readonly granter: string; readonly payer: string };
  readonly pubKey: Uint8Array;
  readonly accountNumber: bigint;
  /** The sequence the tx was signed with (the account's); the caller increments it. */
  readonly sequence: bigint;
  readonly msgs: readonly VerifiedMsg[];
  readonly fee: { readonly amount: readonly Coin[]; readonly gas: bigint };
  readonly memo: string;
  /** Uppercase hex; see stdtx.ts for what is hashed. */
  readonly txHash: string;
  /** The normalized StdTx (for an amino tx, what the hash covers). */
  readonly tx: StdTx;
  /** Length of its canonical bytes. */
  readonly size: number;
  /** How many signatures it carries. */
  readonly signatureCount: number;
  /** The amino sign doc a legacy StdTx was verified against (absent for a protobuf tx). */
  readonly signDoc?: StdSignDoc;
  /** A protobuf tx's bytes and sign mode; absent for an amino StdTx. */
  readonly proto?: ProtoTxInfo;
  /** The tx's bytes (a TxRaw, or a legacy StdTx's canonical JSON): stored with the block, decoded again by replay. */
  readonly bytes: Uint8Array;
}

/** SDK `MaxGasWanted`. */
export const MAX_GAS_WANTED = (1n << 63n) - 1n;
export const DEFAULT_MAX_MEMO_CHARACTERS = 256;
/** SDK x/auth DefaultTxSigLimit. */
export const DEFAULT_TX_SIG_LIMIT = 7;
export const DEFAULT_SEQUENCE_PROBE = 2;

/** Decodes and verifies a POSTed body (`{tx_bytes, mode}` or a legacy `{tx, mode}`, parsed or as text). Throws TxError. */
export function verifyTx(body: unknown, ctx: VerifyContext): VerifiedTx {
  return verifyDecodedTx(decodeBroadcastTx(body), ctx);
}

/** Verifies an already decoded transaction. Throws TxError. */
export function verifyDecodedTx(tx: DecodedTx, ctx: VerifyContext): VerifiedTx {
  const prefix = ctx.prefix ?? DEFAULT_ACCOUNT_PREFIX;
  // 1b. Every string is text a protobuf string field can hold (well-formed UTF-16, so valid
  //     UTF-8): a lone surrogate is a parse error, as the protobuf decoder's.
  assertWellFormed(tx.memo, "memo");
  // A protobuf tx's messages are what protobuf-es decoded: every string of them, and of their
  // amino JSON, is a TextDecoder's output (well-formed by construction) or ASCII the conversion
  // wrote (base64, decimals), so only a legacy StdTx's JSON text can hold a lone surrogate. (Its
  // amino JSON is then not made here: wire/messages.ts makes it when read.)
  if (tx.proto === undefined) for (const m of tx.msgs) assertWellFormed(m.value, "msgs");

  // 2. Messages: known and valid; collect their signers (distinct, in order, as GetSigners does).
  const msgs: VerifiedMsg[] = [];
  const signers: string[] = [];
  for (const m of tx.msgs) {
    const entry = ctx.registry.entry(m.typeUrl);
    if (entry === undefined) {
      // A type the chain resolves (its schema decodes it) that no module here executes yet: baseapp's
      // answer for a message without a handler, naming what is missing.
      if (schemaKnows(m.typeUrl)) {
        throw new TxError(SdkErrors.UnknownRequest, `no message handler found for ${m.typeUrl}: this node does not execute it yet (README, "Messages")`);
      }
      throw new TxError(SdkErrors.TxDecode, tx.proto ? `unable to resolve type URL ${m.typeUrl}` : `unable to resolve type ${JSON.stringify(m.type)}`);
    }
    // A legacy StdTx's message keeps its amino value as signed (what x/gov stores of a proposal's messages).
    const vctx = { prefix, messages: ctx.registry, ...(m.message === undefined ? { amino: m.value } : {}) };
    const message = m.message ?? messageOfAmino(m.type, m.value);
    const signer = entry.def.signer(message, vctx);
    let rule: { parsed: unknown } | { invalid: TxError };
    try {
      rule = { parsed: entry.def.validate(message, vctx) };
    } catch (e) {
      if (!(e instanceof TxError) || e.is(SdkErrors.TxDecode) || e.stage === "decode" || entry.def.validateBasic === true) throw e;
      rule = { invalid: e };
    }
    const governance = entry.def.governance === true;
    msgs.push(new VerifiedMessage(m, entry, rule, signer, governance));
    for (const s of entry.def.signers?.(message, vctx) ?? [signer]) if (!signers.includes(s)) signers.push(s);
  }

  // 2b. The circuit breaker, the ante's first check after SetUpContext: errors.New, code 1 "undefined".
  if (ctx.msgAllowed !== undefined && msgs.some((m) => !ctx.msgAllowed!(m.typeUrl))) throw TxError.rendered("undefined", 1, "tx type not allowed");

  // A fee payer named in a protobuf tx signs too (GetSigners appends it when no message names it).
  let feePayer = signers[0];
  if (tx.proto !== undefined && tx.proto.feePayer !== "") {
    const payer = canonicalAddress(tx.proto.feePayer, prefix, "fee payer");
    if (!signers.includes(payer)) signers.push(payer);
    feePayer = payer;
  }

  // 3. Tx ValidateBasic.
  const { fee } = tx;
  if (fee.gas > MAX_GAS_WANTED) {
    throw new TxError(SdkErrors.InvalidRequest, `invalid gas supplied; ${fee.gas} > ${MAX_GAS_WANTED}`);
  }
  if (coinsAnyNegative(fee.amount)) {
    throw new TxError(SdkErrors.InsufficientFee, `invalid fee provided: ${coinsString(fee.amount)}`);
  }
  if (tx.signatures.length === 0) throw new TxError(SdkErrors.NoSignatures);
  if (tx.signatures.length !== signers.length) {
    throw new TxError(
      SdkErrors.Unauthorized,
      `wrong number of signers; expected ${signers.length}, got ${tx.signatures.length}`,
    );
  }
  // The ante handler's ValidateSigCountDecorator.
  const sigLimit = ctx.txSigLimit ?? DEFAULT_TX_SIG_LIMIT;
  if (tx.signatures.length > sigLimit) {
    throw new TxError(SdkErrors.TooManySignatures, `signatures: ${tx.signatures.length}, limit: ${sigLimit}`);
  }
  if (signers.length > 1 && tx.proto === undefined) {
    throw new TxError(SdkErrors.NotSupported, `legacy amino StdTx with ${signers.length} signers; send several signers as a protobuf TxRaw`);
  }
  const signer = signers[0]!;

  // 3c. A protobuf tx's timeout height (TxTimeoutHeightDecorator).
  const timeout = tx.proto?.timeoutHeight ?? 0n;
  if (timeout > 0n && ctx.height !== undefined && ctx.height > timeout) {
    throw new TxError(SdkErrors.TxTimeoutHeight, `block height: ${ctx.height}, timeout height: ${timeout}`);
  }

  // 4. Memo, in bytes as Go's len() counts.
  const maxMemo = ctx.maxMemoCharacters ?? DEFAULT_MAX_MEMO_CHARACTERS;
  // UTF-8 takes 1-3 bytes a UTF-16 unit (4 a pair): a memo of at most maxMemo / 3 units fits, unencoded.
  const memoLength = tx.memo.length * 3 <= maxMemo ? 0 : utf8.decode(tx.memo).length;
  if (memoLength > maxMemo) {
    throw new TxError(
      SdkErrors.MemoTooLarge,
      `maximum number of characters is ${maxMemo} but received ${memoLength} characters`,
    );
  }

  // 5. Fee payer: a fee granter's allowance first (x/feegrant, `useFeeGrant`), then the account the fee comes from.
  if (fee.gas === 0n && !ctx.simulate) throw new TxError(SdkErrors.InvalidGasLimit, "must provide positive gas");
  const granter = tx.proto !== undefined && tx.proto.feeGranter !== "" ? canonicalAddress(tx.proto.feeGranter, prefix, "fee granter") : undefined;
  if (granter !== undefined && granter !== feePayer) ctx.useFeeGrant?.(granter, feePayer!, fee.amount, msgs.map((m) => m.typeUrl));
  const deductFrom = granter ?? feePayer!;
  const payerAccount = ctx.getAccount(deductFrom);
  if (payerAccount === undefined) {
    throw new TxError(SdkErrors.UnknownAddress, `fee payer address: ${deductFrom} does not exist`);
  }
  if (!coinsZero(fee.amount) && !coinsValid(fee.amount)) {
    throw new TxError(SdkErrors.InsufficientFee, `invalid fee amount: ${coinsString(fee.amount)}`);
  }

  // 6.-7. Each signer: its key, its account, its sequence and its signature, in signer order.
  const verified: TxSigner[] = signers.map((address, i) => {
    const { pubKey, signature } = tx.signatures[i]!;
    const unsigned = ctx.impersonated?.(address) === true || (ctx.autoImpersonate === true && !validlySigned(tx, i, address, prefix, ctx));
    if (!unsigned && !keyMatches(pubKey, prefix, address)) {
      throw new TxError(SdkErrors.InvalidPubKey, `pubKey does not match signer address ${address} with signer index: ${i}`);
    }
    // Nothing between reads the state differently: the fee payer's account, read above, is its.
    const account = address === deductFrom ? payerAccount : ctx.getAccount(address);
    if (account === undefined) throw new TxError(SdkErrors.UnknownAddress, `account ${address} does not exist`);
    const declared = tx.proto?.signerInfos[i]?.sequence ?? account.sequence;
    if (unsigned) {
      if (tx.proto !== undefined && declared !== account.sequence) {
        throw new TxError(SdkErrors.WrongSequence, `account sequence mismatch, expected ${account.sequence}, got ${declared}`);
      }
      return {
        address, pubKey: account.pubKey ?? new Uint8Array(), accountNumber: account.accountNumber, sequence: account.sequence,
        signature: base64.encode(signature), unsigned: true,
      };
    }
    if (ctx.simulate) {
      if (tx.proto !== undefined && declared !== account.sequence) {
        throw new TxError(SdkErrors.WrongSequence, `account sequence mismatch, expected ${account.sequence}, got ${declared}`);
      }
    } else if (tx.proto !== undefined) {
      verifyProtoSignature(tx, tx.proto, i, pubKey, signature, account, ctx.chainId);
    } else {
      verifyAminoSignature(tx, pubKey, signature, account, ctx);
    }
    return { address, pubKey, accountNumber: account.accountNumber, sequence: account.sequence, signature: base64Text(signature) };
  });
  const first = verified[0]!;
  const signDoc = tx.proto === undefined ? makeSignDoc(tx.tx.msg, tx.tx.fee, ctx.chainId, tx.memo, first.accountNumber, first.sequence) : undefined;

  return new Verified({
    signer,
    signers: verified,
    feePayer: granter ?? feePayer!,
    ...(granter !== undefined && granter !== feePayer ? { feeGrant: { granter, payer: feePayer! } } : {}),
    pubKey: first.pubKey,
    accountNumber: first.accountNumber,
    sequence: first.sequence,
    msgs,
    fee,
    memo: tx.memo,
    txHash: tx.hash,
    size: tx.size,
    signatureCount: tx.signatures.length,
    ...(signDoc ? { signDoc } : {}),
    ...(tx.proto ? { proto: tx.proto } : {}),
    bytes: tx.bytes,
  }, tx);
}

/** A verified message: its amino value read from the decoded one when read (a protobuf tx's is made then: wire/tx.ts). */
class VerifiedMessage implements VerifiedMsg {
  readonly type: string;
  readonly typeUrl: string;
  readonly parsed?: unknown;
  readonly invalid?: TxError;
  readonly #m: DecodedTx["msgs"][number];
  constructor(m: DecodedTx["msgs"][number], readonly entry: RegistryEntry, rule: { parsed: unknown } | { invalid: TxError }, readonly signer: string, readonly governance: boolean) {
    this.type = m.type;
    this.typeUrl = m.typeUrl;
    if ("parsed" in rule) this.parsed = rule.parsed;
    else this.invalid = rule.invalid;
    this.#m = m;
  }
  get value(): JsonObject {
    return this.#m.value;
  }
}

/** A verified tx: its StdTx view read from the decoded tx when read (a protobuf tx's is made then: wire/amino/stdtx.ts). */
class Verified {
  readonly #decoded: DecodedTx;
  constructor(fields: Omit<VerifiedTx, "tx">, decoded: DecodedTx) {
    Object.assign(this, fields);
    this.#decoded = decoded;
  }
  get tx(): StdTx {
    return this.#decoded.tx;
  }
}
interface Verified extends Omit<VerifiedTx, "tx"> {}

const signatureFailed = (account: AccountInfo, chainId: string): TxError =>
  new TxError(
    SdkErrors.Unauthorized,
    `signature verification failed; please verify account number (${account.accountNumber}), ` +
      `sequence (${account.sequence}) and chain-id (${chainId})`,
  );

/**
 * A protobuf tx declares its sequence: a mismatch is reported as such (sdk 32), then the
 * signature is checked over SIGN_MODE_DIRECT's SignDoc {body_bytes, auth_info_bytes, chain_id,
 * account_number} or SIGN_MODE_LEGACY_AMINO_JSON's amino doc derived from the messages.
 */
function verifyProtoSignature(
  tx: DecodedTx, proto: ProtoTxInfo, index: number, pubKey: Uint8Array, signature: Uint8Array, account: AccountInfo, chainId: string,
): void {
  const info = proto.signerInfos[index] ?? { mode: proto.signMode, sequence: proto.sequence };
  if (info.sequence !== account.sequence) {
    throw new TxError(SdkErrors.WrongSequence, `account sequence mismatch, expected ${account.sequence}, got ${info.sequence}`);
  }
  let valid: boolean;
  if (info.mode === "direct") {
    // A signature worker's verdict on this very sign doc (sig-pool.ts), else the sign bytes made and verified here.
    valid = directVerdict(pubKey, signature, proto.bodyBytes, proto.authInfoBytes, chainId, account.accountNumber) ?? verifySecp256k1(pubKey, signDocBytes({
      bodyBytes: proto.bodyBytes, authInfoBytes: proto.authInfoBytes, chainId, accountNumber: account.accountNumber,
    }), signature);
  } else {
    const doc: Record<string, unknown> = { ...makeSignDoc(tx.tx.msg, tx.tx.fee, chainId, tx.memo, account.accountNumber, info.sequence) };
    if (proto.timeoutHeight !== 0n) doc.timeout_height = proto.timeoutHeight.toString();
    valid = verifySecp256k1(pubKey, serializeSignDoc(doc as unknown as StdSignDoc), signature);
  }
  if (!valid) {
    // SIGN_MODE_DIRECT: the SDK names the verifier's error, not the sequence (sigverify.go: only all-amino signers get that form)
    if (info.mode === "direct") {
      throw new TxError(SdkErrors.Unauthorized, `signature verification failed; please verify account number (${account.accountNumber}) and chain-id (${chainId}): (unable to verify single signer signature)`);
    }
    throw signatureFailed(account, chainId);
  }
}

/** An amino StdTx carries no sequence: the signature is tried at the account's, then probed (see above). */
function verifyAminoSignature(
  tx: DecodedTx, pubKey: Uint8Array, signature: Uint8Array, account: AccountInfo, ctx: VerifyContext,
): void {
  const docAt = (sequence: bigint): StdSignDoc =>
    makeSignDoc(tx.tx.msg, tx.tx.fee, ctx.chainId, tx.memo, account.accountNumber, sequence);
  const signDoc = docAt(account.sequence);
  if (!verifySecp256k1(pubKey, serializeSignDoc(signDoc), signature)) {
    const signedWith = probeSequence(account.sequence, ctx.sequenceProbe ?? DEFAULT_SEQUENCE_PROBE, (s) =>
      verifySecp256k1(pubKey, serializeSignDoc(docAt(s)), signature),
    );
    if (signedWith !== undefined) {
      throw new TxError(
        SdkErrors.WrongSequence,
        `account sequence mismatch, expected ${account.sequence}, got ${signedWith}`,
      );
    }
    throw signatureFailed(account, ctx.chainId);
  }
}

/** bech32 addresses of keys that signed for them (the same keys sign again and again). */
const ADDRESS_OF_KEY = new Map<string, string>();
/** Keys kept: a few thousand signers; a miss costs one hash (~10 µs). */
export const MAX_KEY_ADDRESSES = 4_096;

/** How many key addresses are kept (at most MAX_KEY_ADDRESSES). */
export const keyAddressesKept = (): number => ADDRESS_OF_KEY.size;

/** Whether `pubKey` is `address`'s key; kept only when it is, so the keys of junk txs never fill the cache. */
/** Auto-impersonation: whether signer `i` would pass the checks of a signed tx (else it is admitted unsigned). */
function validlySigned(tx: DecodedTx, i: number, address: string, prefix: string, ctx: VerifyContext): boolean {
  const { pubKey, signature } = tx.signatures[i]!;
  const account = ctx.getAccount(address);
  if (account === undefined || !keyMatches(pubKey, prefix, address)) return false;
  if (ctx.simulate) return true;
  try {
    if (tx.proto !== undefined) verifyProtoSignature(tx, tx.proto, i, pubKey, signature, account, ctx.chainId);
    else verifyAminoSignature(tx, pubKey, signature, account, ctx);
    return true;
  } catch {
    return false;
  }
}

function keyMatches(pubKey: Uint8Array, prefix: string, address: string): boolean {
  const k = `${prefix}:${Buffer.from(pubKey.buffer, pubKey.byteOffset, pubKey.byteLength).toString("hex")}`; // a view: no copy
  if (ADDRESS_OF_KEY.get(k) === address) return true;
  if (encodeAddress(prefix, pubKeyAddressBytes(pubKey)) !== address) return false;
  if (ADDRESS_OF_KEY.size >= MAX_KEY_ADDRESSES) ADDRESS_OF_KEY.clear();
  ADDRESS_OF_KEY.set(k, address);
  return true;
}

/** A bech32 account address in canonical form (sdk 7 if it is not one). */
function canonicalAddress(text: string, prefix: string, what: string): string {
  try {
    return canonicalText(text, prefix);
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `invalid ${what} address: ${(e as Error).message}`);
  }
}

/** The nearest sequence within `window` of `current` (earlier first) for which `verifies` holds. */
function probeSequence(current: bigint, window: number, verifies: (sequence: bigint) => boolean): bigint | undefined {
  const limit = BigInt(Math.max(0, Math.floor(window)));
  for (let d = 1n; d <= limit; d++) {
    if (current - d >= 0n && verifies(current - d)) return current - d;
    if (verifies(current + d)) return current + d;
  }
  return undefined;
}

/** With the u flag, a surrogate pair is one code point: what matches \p{Cs} is a lone surrogate. */
const LONE_SURROGATE = /\p{Cs}/u;

/** sdk 2 for a string holding a lone UTF-16 surrogate, anywhere in `value`. */
function assertWellFormed(value: unknown, path: string): void {
  if (typeof value === "string") {
    if (LONE_SURROGATE.test(value)) throw new TxError(SdkErrors.TxDecode, `${path}: invalid UTF-8 (a lone surrogate)`);
  } else if (Array.isArray(value)) {
    for (const v of value) assertWellFormed(v, path);
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      assertWellFormed(k, path);
      assertWellFormed(v, `${path}.${k}`);
    }
  }
}
