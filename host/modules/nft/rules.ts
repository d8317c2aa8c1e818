// The keeper's writes with their checks (x/nft/keeper of chain-main 1ac014c6): SetDenom (an id and a
// name each taken once) and MintNFTUnverified (into an existing denom, a token id once), which the
// messages and InitGenesis share.

import { TxError } from "../../wire/errors.js";
import type { BaseNft, Denom, Nft } from "./keeper.js";
import { NftErrors } from "./validate.js";

/** HasDenomID: nft2 9 `denom ID <id> not exists`. */
export function requireDenom(nft: Nft, id: string): void {
  if (nft.denom(id) === undefined) throw new TxError(NftErrors.InvalidDenom, `denom ID ${id} not exists`);
}

/** MintNFTUnverified. */
export function mintUnverified(nft: Nft, denomId: string, t: BaseNft): void {
  requireDenom(nft, denomId);
  if (nft.nft(denomId, t.id) !== undefined) throw new TxError(NftErrors.NftAlreadyExists, `NFT ${t.id} already exists in collection ${denomId}`);
  nft.setNft(denomId, t.id, t);
}

/** SetDenom: nft2 9 for an id or a name already taken. */
export function setDenom(nft: Nft, d: Denom): void {
  if (nft.denom(d.id) !== undefined) throw new TxError(NftErrors.InvalidDenom, `denomID ${d.id} has already exists`);
  if (nft.denomIdOfName(d.name) !== undefined) throw new TxError(NftErrors.InvalidDenom, `denomName ${d.name} has already exists`);
  nft.setDenom(d);
}
