// chain-main's x/nft stateless checks (x/nft/types/msgs.go ValidateBasic, validation.go), in its
// order, with its texts: denom and token ids of 3 to 64 bytes, lowercase alphanumeric, starting with a
// letter; a denom name not blank; a token uri of at most 256 bytes; addresses of the chain. Codespace
// "nft2" (the module registers its errors under its alias, beside the SDK's own x/nft).

import type { MessageShape } from "@bufbuild/protobuf";
import { canonicalAddress } from "../../wire/address.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import type {
  MsgBurnNFTSchema, MsgEditNFTSchema, MsgIssueDenomSchema, MsgMintNFTSchema, MsgTransferNFTSchema,
} from "../../wire/gen/chainmain/nft/v1/tx_pb.js";

export const NftErrors = {
  InvalidCollection: { codespace: "nft2", code: 2, description: "invalid nft collection" },
  UnknownCollection: { codespace: "nft2", code: 3, description: "unknown nft collection" },
  InvalidNft: { codespace: "nft2", code: 4, description: "invalid nft" },
  NftAlreadyExists: { codespace: "nft2", code: 5, description: "nft already exists" },
  UnknownNft: { codespace: "nft2", code: 6, description: "unknown nft" },
  EmptyTokenData: { codespace: "nft2", code: 7, description: "nft data can't be empty" },
  Unauthorized: { codespace: "nft2", code: 8, description: "unauthorized address" },
  InvalidDenom: { codespace: "nft2", code: 9, description: "invalid denom" },
  InvalidTokenId: { codespace: "nft2", code: 10, description: "invalid nft id" },
  InvalidTokenUri: { codespace: "nft2", code: 11, description: "invalid nft uri" },
  InvalidDenomName: { codespace: "nft2", code: 12, description: "invalid denom name" },
} as const;

/** "[do-not-modify]": an edit's field left as it is. */
export const DO_NOT_MODIFY = "[do-not-modify]";
const MIN_ID = 3;
const MAX_ID = 64;
const MAX_URI = 256;

const byteLength = (s: string): number => new TextEncoder().encode(s).length;
const idChars = (s: string): boolean => /^[a-z]/.test(s) && /^[a-z0-9]+$/.test(s);

/** ValidateDenomID. */
export function validateDenomId(id: string): void {
  const n = byteLength(id);
  if (n < MIN_ID || n > MAX_ID) throw new TxError(NftErrors.InvalidDenom, `the length of denom(${id}) only accepts value [${MIN_ID}, ${MAX_ID}]`);
  if (!idChars(id)) throw new TxError(NftErrors.InvalidDenom, `the denom(${id}) only accepts lowercase alphanumeric characters, and begin with an english letter`);
}

/** ValidateTokenID. */
export function validateTokenId(id: string): void {
  const n = byteLength(id);
  if (n < MIN_ID || n > MAX_ID) throw new TxError(NftErrors.InvalidTokenId, `the length of nft id(${id}) only accepts value [${MIN_ID}, ${MAX_ID}]`);
  if (!idChars(id)) throw new TxError(NftErrors.InvalidTokenId, `nft id(${id}) only accepts lowercase alphanumeric characters, and begin with an english letter`);
}

/** ValidateTokenURI. */
export function validateTokenUri(uri: string): void {
  if (byteLength(uri) > MAX_URI) throw new TxError(NftErrors.InvalidTokenUri, `the length of nft uri(${uri}) only accepts value [0, ${MAX_URI}]`);
}

/** Go's strings.TrimSpace (unicode.IsSpace). */
const SPACE = "[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const trimSpace = (s: string): string => s.replace(new RegExp(`^${SPACE}+|${SPACE}+$`, "g"), "");

/** ValidateDenomName. */
export function validateDenomName(name: string): void {
  const t = trimSpace(name);
  if (t.length === 0) throw new TxError(NftErrors.InvalidDenomName, `denom name(${t}) can not be space`);
}

/** sdk.AccAddressFromBech32 in ValidateBasic: sdk 7 `<what> (<cause>)`. */
export function nftAddress(text: string, prefix: string, what: string): string {
  try {
    return canonicalAddress(text, prefix);
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `${what} (${(e as Error).message})`);
  }
}

/** The messages as the handlers take them: the fields as sent (the events carry them so), the addresses canonical. */
export interface IssueDenom { id: string; name: string; schema: string; uri: string; sender: string; senderText: string }
export interface MintNft { id: string; denomId: string; name: string; uri: string; data: string; sender: string; senderText: string; recipient: string; recipientText: string }
export interface EditNft { id: string; denomId: string; name: string; uri: string; data: string; sender: string; senderText: string }
export interface TransferNft { id: string; denomId: string; sender: string; senderText: string; recipient: string; recipientText: string }
export interface BurnNft { id: string; denomId: string; sender: string; senderText: string }

export function validateIssueDenom(m: MessageShape<typeof MsgIssueDenomSchema>, prefix: string): IssueDenom {
  validateDenomId(m.id);
  const sender = nftAddress(m.sender, prefix, "invalid sender address");
  validateDenomName(m.name);
  return { id: m.id, name: m.name, schema: m.schema, uri: m.uri, sender, senderText: m.sender };
}

export function validateMintNft(m: MessageShape<typeof MsgMintNFTSchema>, prefix: string): MintNft {
  const sender = nftAddress(m.sender, prefix, "invalid sender address");
  const recipient = nftAddress(m.recipient, prefix, "invalid receipt address");
  validateDenomId(m.denomId);
  validateTokenUri(m.uri);
  validateTokenId(m.id);
  return { id: m.id, denomId: m.denomId, name: m.name, uri: m.uri, data: m.data, sender, senderText: m.sender, recipient, recipientText: m.recipient };
}

export function validateEditNft(m: MessageShape<typeof MsgEditNFTSchema>, prefix: string): EditNft {
  const sender = nftAddress(m.sender, prefix, "invalid sender address");
  validateDenomId(m.denomId);
  validateTokenUri(m.uri);
  validateTokenId(m.id);
  return { id: m.id, denomId: m.denomId, name: m.name, uri: m.uri, data: m.data, sender, senderText: m.sender };
}

export function validateTransferNft(m: MessageShape<typeof MsgTransferNFTSchema>, prefix: string): TransferNft {
  validateDenomId(m.denomId);
  const sender = nftAddress(m.sender, prefix, "invalid sender address");
  const recipient = nftAddress(m.recipient, prefix, "invalid recipient address");
  validateTokenId(m.id);
  return { id: m.id, denomId: m.denomId, sender, senderText: m.sender, recipient, recipientText: m.recipient };
}

export function validateBurnNft(m: MessageShape<typeof MsgBurnNFTSchema>, prefix: string): BurnNft {
  const sender = nftAddress(m.sender, prefix, "invalid sender address");
  validateDenomId(m.denomId);
  validateTokenId(m.id);
  return { id: m.id, denomId: m.denomId, sender, senderText: m.sender };
}
