// chain-main's x/nft store accesses as the SDK's gas KV store meters them (x/nft/keeper of chain-main
// 1ac014c6; the SDK v0.53 KVGasConfig): keys 0x01/<denom>/<token> (a token: BaseNFT bytes), 0x02/<owner
// bech32>/<denom>/<token> (the owner index: a StringValue of the token id), 0x03/<denom> (the supply:
// a UInt64Value, absent at 0), 0x04/<denom> (Denom bytes), 0x05/<name> (the denom id). A model runs on
// the state before its message; each keeper check is a checkpoint its error stops the charges at.

import type { Sim } from "../../framework/gas/sim.js";
import type { MessageContext } from "../../framework/context.js";
import { bytesOf, str, varintLen } from "../../framework/gas/proto.js";
import type { BaseNft, Denom, Nft } from "./keeper.js";
import type { BurnNft, EditNft, IssueDenom, MintNft, TransferNft } from "./validate.js";
import { DO_NOT_MODIFY } from "./validate.js";

const S = "nft";

const denomKey = (id: string) => 2 + bytesOf(id);
const nameKey = (name: string) => 2 + bytesOf(name);
const nftKey = (denomId: string, tokenId: string) => 3 + bytesOf(denomId) + bytesOf(tokenId);
const ownerKey = (owner: string, denomId: string, tokenId: string) => 4 + bytesOf(owner) + bytesOf(denomId) + bytesOf(tokenId);
const supplyKey = (denomId: string) => 2 + bytesOf(denomId);

export const denomValue = (d: Denom): number => str(1, d.id) + str(2, d.name) + str(3, d.schema) + str(4, d.creator) + str(5, d.uri);
export const nftValue = (t: BaseNft): number => str(1, t.id) + str(2, t.name) + str(3, t.uri) + str(4, t.data) + str(5, t.owner);
const tokenIdValue = (id: string) => str(1, id);
const supplyValue = (n: bigint) => (n === 0n ? 0 : 1 + varintLen(n));

interface NftCtx { readonly nft: Nft }

/** GetDenom (IsDenomCreator's read). */
function getDenom(k: Sim, nft: Nft, id: string): Denom | undefined {
  const d = nft.denom(id);
  k.meter.get(S, denomKey(id), d === undefined ? 0 : denomValue(d), "GetDenom");
  return d;
}

/** IsDenomCreator: nft2 9 without the denom, nft2 8 for another creator. */
function isDenomCreator(k: Sim, nft: Nft, id: string, address: string): void {
  const d = getDenom(k, nft, id);
  k.check("nft2:9", d === undefined);
  k.check("nft2:8", d!.creator !== address);
}

/** HasDenomID: nft2 9 without it. */
function hasDenom(k: Sim, nft: Nft, id: string): void {
  k.meter.has(S, denomKey(id), "HasDenomID");
  k.check("nft2:9", nft.denom(id) === undefined);
}

/** IsOwner: GetNFT (nft2 3 without it), nft2 8 for another owner. */
function isOwner(k: Sim, nft: Nft, denomId: string, tokenId: string, owner: string): BaseNft {
  const t = nft.nft(denomId, tokenId);
  k.meter.get(S, nftKey(denomId, tokenId), t === undefined ? 0 : nftValue(t), "GetNFT");
  k.check("nft2:3", t === undefined);
  k.check("nft2:8", t!.owner !== owner);
  return t!;
}

export function issueDenomGas(k: Sim, m: IssueDenom, ctx: NftCtx): void {
  k.meter.has(S, denomKey(m.id), "HasDenomID");
  k.check("nft2:9", ctx.nft.denom(m.id) !== undefined);
  k.meter.has(S, nameKey(m.name), "HasDenomNm");
  k.check("nft2:9", ctx.nft.denomIdOfName(m.name) !== undefined);
  k.meter.set(S, denomKey(m.id), denomValue({ id: m.id, name: m.name, schema: m.schema, creator: m.sender, uri: m.uri }), "SetDenom");
  k.meter.set(S, nameKey(m.name), bytesOf(m.id), "SetDenom: name");
}

export function mintNftGas(k: Sim, m: MintNft, ctx: NftCtx): void {
  const nft = ctx.nft;
  isDenomCreator(k, nft, m.denomId, m.sender);
  hasDenom(k, nft, m.denomId);
  k.meter.has(S, nftKey(m.denomId, m.id), "HasNFT");
  k.check("nft2:5", nft.nft(m.denomId, m.id) !== undefined);
  k.meter.set(S, nftKey(m.denomId, m.id), nftValue({ id: m.id, name: m.name, uri: m.uri, data: m.data, owner: m.recipient }), "setNFT");
  k.meter.set(S, ownerKey(m.recipient, m.denomId, m.id), tokenIdValue(m.id), "setOwner");
  const supply = nft.supply(m.denomId);
  k.meter.get(S, supplyKey(m.denomId), supplyValue(supply), "GetTotalSupply");
  k.meter.set(S, supplyKey(m.denomId), supplyValue(supply + 1n), "increaseSupply");
}

/** The token as an edit leaves it ("[do-not-modify]" keeps a field). */
export function edited(t: BaseNft, m: { name: string; uri: string; data: string }): BaseNft {
  return {
    ...t,
    ...(m.name !== DO_NOT_MODIFY ? { name: m.name } : {}),
    ...(m.uri !== DO_NOT_MODIFY ? { uri: m.uri } : {}),
    ...(m.data !== DO_NOT_MODIFY ? { data: m.data } : {}),
  };
}

export function editNftGas(k: Sim, m: EditNft, ctx: MessageContext): void {
  const nft = ctx.nft;
  hasDenom(k, nft, m.denomId);
  const t = isOwner(k, nft, m.denomId, m.id, m.sender);
  isDenomCreator(k, nft, m.denomId, m.sender);
  k.meter.set(S, nftKey(m.denomId, m.id), nftValue(edited(t, m)), "setNFT");
}

export function transferNftGas(k: Sim, m: TransferNft, ctx: MessageContext): void {
  const nft = ctx.nft;
  hasDenom(k, nft, m.denomId);
  const t = isOwner(k, nft, m.denomId, m.id, m.sender);
  k.meter.set(S, nftKey(m.denomId, m.id), nftValue({ ...t, owner: m.recipient }), "setNFT");
  k.meter.del(S, ownerKey(m.sender, m.denomId, m.id), "deleteOwner");
  k.meter.set(S, ownerKey(m.recipient, m.denomId, m.id), tokenIdValue(m.id), "setOwner");
}

export function burnNftGas(k: Sim, m: BurnNft, ctx: MessageContext): void {
  const nft = ctx.nft;
  hasDenom(k, nft, m.denomId);
  isOwner(k, nft, m.denomId, m.id, m.sender);
  isDenomCreator(k, nft, m.denomId, m.sender);
  k.meter.del(S, nftKey(m.denomId, m.id), "deleteNFT");
  k.meter.del(S, ownerKey(m.sender, m.denomId, m.id), "deleteOwner");
  const supply = nft.supply(m.denomId);
  k.meter.get(S, supplyKey(m.denomId), supplyValue(supply), "GetTotalSupply");
  if (supply - 1n === 0n) k.meter.del(S, supplyKey(m.denomId), "decreaseSupply");
  else k.meter.set(S, supplyKey(m.denomId), supplyValue(supply - 1n), "decreaseSupply");
}
