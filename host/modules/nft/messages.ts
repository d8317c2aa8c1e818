// chain-main's x/nft Msg service (x/nft/keeper/msg_server.go, keeper.go of chain-main 1ac014c6):
// issue a denom (its id and its name each taken once), mint into a denom one created (to any
// recipient), edit a token one owns in a denom one created, transfer a token one owns (anyone's
// denom), burn a token one owns in a denom one created. Each emits its event and a second `message`
// event {module: nft, sender}, so the router's own `message` event has no `module`.

import { event } from "../../framework/events.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import type { MessageContext } from "../../framework/context.js";
import { TxError } from "../../wire/errors.js";
import {
  MsgBurnNFTResponseSchema, MsgBurnNFTSchema, MsgEditNFTResponseSchema, MsgEditNFTSchema, MsgIssueDenomResponseSchema,
  MsgIssueDenomSchema, MsgMintNFTResponseSchema, MsgMintNFTSchema, MsgTransferNFTResponseSchema, MsgTransferNFTSchema,
} from "../../wire/gen/chainmain/nft/v1/tx_pb.js";
import { burnNftGas, editNftGas, edited, issueDenomGas, mintNftGas, transferNftGas } from "./gas.js";
import type { BaseNft, Denom, Nft } from "./keeper.js";
import { mintUnverified, requireDenom, setDenom } from "./rules.js";
import {
  NftErrors, nftAddress, validateBurnNft, validateEditNft, validateIssueDenom, validateMintNft, validateTransferNft,
} from "./validate.js";

const routed = (typeUrl: string, sender: string) => event("message", { action: typeUrl, sender });
const moduleMessage = (sender: string) => event("message", { module: "nft", sender });

/** IsDenomCreator. */
function requireCreator(nft: Nft, id: string, address: string): Denom {
  const d = nft.denom(id);
  if (d === undefined) throw new TxError(NftErrors.InvalidDenom, `not found denomID: ${id}`);
  if (d.creator !== address) throw new TxError(NftErrors.Unauthorized, `${address} is not the creator of ${id}`);
  return d;
}

/** IsOwner. */
function requireOwner(nft: Nft, denomId: string, tokenId: string, owner: string): BaseNft {
  const t = nft.nft(denomId, tokenId);
  if (t === undefined) throw new TxError(NftErrors.UnknownCollection, `not found NFT: ${denomId}`);
  if (t.owner !== owner) throw new TxError(NftErrors.Unauthorized, `${owner} is not the owner of ${denomId}/${tokenId}`);
  return t;
}

const signer = (m: { sender: string }, { prefix }: { prefix: string }) => nftAddress(m.sender, prefix, "invalid sender address");
const nftOf = (ctx: MessageContext) => ctx.nft;

export const msgIssueDenomDef = message({
  schema: MsgIssueDenomSchema,
  signer,
  validateBasic: true,
  validate: (m, { prefix }) => validateIssueDenom(m, prefix),
  handle(ctx, m) {
    setDenom(nftOf(ctx), { id: m.id, name: m.name, schema: m.schema, creator: m.sender, uri: m.uri });
    return respond(MsgIssueDenomResponseSchema, {}, [
      routed("/chainmain.nft.v1.MsgIssueDenom", ctx.signer),
      event("issue_denom", { denom_id: m.id, denom_name: m.name, creator: m.senderText }),
      moduleMessage(m.senderText),
    ]);
  },
  gas: issueDenomGas,
});

export const msgMintNftDef = message({
  schema: MsgMintNFTSchema,
  signer,
  validateBasic: true,
  validate: (m, { prefix }) => validateMintNft(m, prefix),
  handle(ctx, m) {
    const nft = nftOf(ctx);
    requireCreator(nft, m.denomId, m.sender);
    mintUnverified(nft, m.denomId, { id: m.id, name: m.name, uri: m.uri, data: m.data, owner: m.recipient });
    return respond(MsgMintNFTResponseSchema, {}, [
      routed("/chainmain.nft.v1.MsgMintNFT", ctx.signer),
      event("mint_nft", { token_id: m.id, denom_id: m.denomId, token_uri: m.uri, recipient: m.recipientText }),
      moduleMessage(m.senderText),
    ]);
  },
  gas: mintNftGas,
});

export const msgEditNftDef = message({
  schema: MsgEditNFTSchema,
  signer,
  validateBasic: true,
  validate: (m, { prefix }) => validateEditNft(m, prefix),
  handle(ctx, m) {
    const nft = nftOf(ctx);
    requireDenom(nft, m.denomId);
    const t = requireOwner(nft, m.denomId, m.id, m.sender);
    requireCreator(nft, m.denomId, m.sender);
    nft.setNft(m.denomId, m.id, edited(t, m));
    return respond(MsgEditNFTResponseSchema, {}, [
      routed("/chainmain.nft.v1.MsgEditNFT", ctx.signer),
      event("edit_nft", { token_id: m.id, denom_id: m.denomId, token_uri: m.uri, owner: m.senderText }),
      moduleMessage(m.senderText),
    ]);
  },
  gas: editNftGas,
});

export const msgTransferNftDef = message({
  schema: MsgTransferNFTSchema,
  signer,
  validateBasic: true,
  validate: (m, { prefix }) => validateTransferNft(m, prefix),
  handle(ctx, m) {
    const nft = nftOf(ctx);
    requireDenom(nft, m.denomId);
    const t = requireOwner(nft, m.denomId, m.id, m.sender);
    nft.setNft(m.denomId, m.id, { ...t, owner: m.recipient });
    return respond(MsgTransferNFTResponseSchema, {}, [
      routed("/chainmain.nft.v1.MsgTransferNFT", ctx.signer),
      event("transfer_nft", { token_id: m.id, denom_id: m.denomId, sender: m.senderText, recipient: m.recipientText }),
      moduleMessage(m.senderText),
    ]);
  },
  gas: transferNftGas,
});

export const msgBurnNftDef = message({
  schema: MsgBurnNFTSchema,
  signer,
  validateBasic: true,
  validate: (m, { prefix }) => validateBurnNft(m, prefix),
  handle(ctx, m) {
    const nft = nftOf(ctx);
    requireDenom(nft, m.denomId);
    requireOwner(nft, m.denomId, m.id, m.sender);
    requireCreator(nft, m.denomId, m.sender);
    nft.setNft(m.denomId, m.id, undefined);
    return respond(MsgBurnNFTResponseSchema, {}, [
      routed("/chainmain.nft.v1.MsgBurnNFT", ctx.signer),
      event("burn_nft", { denom_id: m.denomId, token_id: m.id, owner: m.senderText }),
      moduleMessage(m.senderText),
    ]);
  },
  gas: burnNftGas,
});

/** In the chain's registration order (codec.go RegisterInterfaces). */
export const nftMessages = [msgIssueDenomDef, msgTransferNftDef, msgEditNftDef, msgMintNftDef, msgBurnNftDef];
