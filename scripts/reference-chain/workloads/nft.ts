// Workload "nft": chain-main's own x/nft. Denoms issued (a name with spaces, a schema, a uri), NFTs
// minted, edited ("[do-not-modify]" fields kept), transferred and burned (a collection's supply back to
// 0), each message valid and invalid (ValidateBasic's refusals at CheckTx; the keeper's in the block:
// duplicate id or name, unknown denom or token, not the creator, not the owner), each message also
// signed in LEGACY_AMINO_JSON (x/tx names them by type URL). Queries of every Query route after the
// txs, and at the end (pagination, owners, supplies, the not-found answers).

import type { Signer } from "../lib/recorder.js";
import { NFT } from "../lib/nft.js";
import { msg, type Ctx } from "./common.js";

export const NAME = "nft";

const amino = { mode: "amino-json" as const };

export async function run({ r, dev }: Ctx): Promise<void> {
  const [, , , , , d5, d6, d7] = dev as Signer[];
  const a5 = d5!.address, a6 = d6!.address, a7 = d7!.address;
  const issue = (id: string, name: string, o: { schema?: string; uri?: string; sender?: string } = {}) =>
    msg(`${NFT}MsgIssueDenom`, { id, name, schema: o.schema ?? "", sender: o.sender ?? a5, uri: o.uri ?? "" });
  const mint = (denomId: string, id: string, recipient: string, o: { name?: string; uri?: string; data?: string; sender?: string } = {}) =>
    msg(`${NFT}MsgMintNFT`, { id, denomId, name: o.name ?? "", uri: o.uri ?? "", data: o.data ?? "", sender: o.sender ?? a5, recipient });
  const edit = (denomId: string, id: string, sender: string, o: { name?: string; uri?: string; data?: string }) =>
    msg(`${NFT}MsgEditNFT`, { id, denomId, name: o.name ?? "[do-not-modify]", uri: o.uri ?? "[do-not-modify]", data: o.data ?? "[do-not-modify]", sender });
  const transfer = (denomId: string, id: string, sender: string, recipient: string) => msg(`${NFT}MsgTransferNFT`, { id, denomId, sender, recipient });
  const burn = (denomId: string, id: string, sender: string) => msg(`${NFT}MsgBurnNFT`, { id, denomId, sender });
  const denom = (id: string) => `/chainmain/nft/denoms/${id}`;
  const nft = (d: string, t: string) => `/chainmain/nft/nfts/${d}/${t}`;
  const owner = (a: string, d = "") => `/chainmain/nft/nfts?owner=${a}${d ? `&denom_id=${d}` : ""}`;
  const collection = (d: string) => `/chainmain/nft/collections/${d}`;
  const supply = (d: string, a = "") => `/chainmain/nft/collections/${d}/supply${a ? `?owner=${a}` : ""}`;

  // ---- MsgIssueDenom ----
  const schema = '{"title":"Crypto.org collectible","type":"object","properties":{"name":{"type":"string"}}}';
  await r.tx("nft issue denom denomone (a name with spaces, schema, uri)", d5!, [issue("denomone", "Denom One", { schema, uri: "https://example.com/denomone.json" })], {
    queries: [denom("denomone"), "/chainmain/nft/denoms", "/chainmain/nft/denoms/name/Denom%20One", collection("denomone"), supply("denomone")],
  });
  await r.tx("nft issue denom denomtwo, amino", d6!, [issue("denomtwo", "Denom Two", { sender: a6 })], { ...amino, queries: [denom("denomtwo"), "/chainmain/nft/denoms"] });
  await r.tx("INVALID nft issue denom: the id exists", d5!, [issue("denomone", "Another name")]);
  await r.tx("INVALID nft issue denom: the name exists", d7!, [issue("denomthree", "Denom One", { sender: a7 })]);
  await r.tx("INVALID nft issue denom: id too short (2 characters)", d5!, [issue("ab", "Short")]);
  await r.tx("INVALID nft issue denom: id not lowercase alphanumeric", d5!, [issue("Denomupper", "Upper")]);
  await r.tx("INVALID nft issue denom: id starting with a digit", d5!, [issue("1denom", "Digit")]);
  await r.tx("INVALID nft issue denom: a name of spaces", d5!, [issue("denomspace", "   ")]);

  // ---- MsgMintNFT ----
  await r.tx("nft mint tokenone in denomone to its creator", d5!, [mint("denomone", "tokenone", a5, { name: "Token One", uri: "https://example.com/1.json", data: '{"name":"one"}' })], {
    queries: [nft("denomone", "tokenone"), collection("denomone"), supply("denomone"), owner(a5)],
  });
  await r.tx("nft mint tokentwo in denomone to dev6, amino", d5!, [mint("denomone", "tokentwo", a6, { name: "Token Two", uri: "ipfs://two" })], {
    ...amino, queries: [nft("denomone", "tokentwo"), supply("denomone"), supply("denomone", a6), owner(a6)],
  });
  await r.tx("INVALID nft mint: the token exists", d5!, [mint("denomone", "tokenone", a5)]);
  await r.tx("INVALID nft mint: not the denom's creator", d6!, [mint("denomone", "tokensix", a6, { sender: a6 })]);
  await r.tx("INVALID nft mint: unknown denom", d5!, [mint("denomnone", "tokenone", a5)]);
  await r.tx("INVALID nft mint: token id with an uppercase letter", d5!, [mint("denomone", "Tokenbad", a5)]);
  await r.tx("INVALID nft mint: uri of 257 characters", d5!, [mint("denomone", "tokenlong", a5, { uri: `https://${"x".repeat(249)}` })]);
  await r.tx("INVALID nft mint: recipient not an address", d5!, [mint("denomone", "tokenbad", "cro1notanaddress")]);

  // ---- MsgEditNFT ----
  await r.tx("nft edit tokenone: name and data, uri kept", d5!, [edit("denomone", "tokenone", a5, { name: "Token One (edited)", data: '{"name":"one","v":2}' })], {
    queries: [nft("denomone", "tokenone")],
  });
  await r.tx("nft edit tokenone: uri only, amino", d5!, [edit("denomone", "tokenone", a5, { uri: "https://example.com/1-v2.json" })], { ...amino, queries: [nft("denomone", "tokenone")] });
  await r.tx("INVALID nft edit: not the owner (the creator editing dev6's token)", d5!, [edit("denomone", "tokentwo", a5, { name: "taken" })]);
  await r.tx("INVALID nft edit: the owner is not the denom's creator", d6!, [edit("denomone", "tokentwo", a6, { name: "mine" })]);
  await r.tx("INVALID nft edit: unknown token", d5!, [edit("denomone", "tokennone", a5, { name: "none" })]);
  await r.tx("INVALID nft edit: unknown denom", d5!, [edit("denomnone", "tokenone", a5, { name: "none" })]);
  await r.tx("INVALID nft edit: uri of 257 characters", d5!, [edit("denomone", "tokenone", a5, { uri: `https://${"y".repeat(249)}` })]);

  // ---- MsgTransferNFT ----
  await r.tx("nft transfer tokenone dev5 → dev7", d5!, [transfer("denomone", "tokenone", a5, a7)], {
    queries: [nft("denomone", "tokenone"), owner(a5), owner(a7), supply("denomone", a7)],
  });
  await r.tx("INVALID nft transfer: not the owner", d5!, [transfer("denomone", "tokenone", a5, a6)]);
  await r.tx("nft transfer tokenone dev7 → dev6 (not the creator), amino", d7!, [transfer("denomone", "tokenone", a7, a6)], {
    ...amino, queries: [nft("denomone", "tokenone"), owner(a6), owner(a6, "denomone")],
  });
  await r.tx("INVALID nft transfer: unknown denom", d6!, [transfer("denomnone", "tokenone", a6, a5)]);
  await r.tx("INVALID nft transfer: unknown token", d6!, [transfer("denomone", "tokennone", a6, a5)]);
  await r.tx("INVALID nft transfer: recipient not an address", d6!, [transfer("denomone", "tokenone", a6, "cro1notanaddress")]);
  await r.tx("INVALID nft transfer: token id too long (65 characters)", d6!, [transfer("denomone", `t${"0".repeat(64)}`, a6, a5)]);

  // ---- MsgBurnNFT ----
  await r.tx("INVALID nft burn: the owner is not the denom's creator", d6!, [burn("denomone", "tokentwo", a6)]);
  await r.tx("nft mint tokenthree and tokenfour in denomtwo to its creator (two messages)", d6!, [
    mint("denomtwo", "tokenthree", a6, { sender: a6, name: "Three" }), mint("denomtwo", "tokenfour", a6, { sender: a6, uri: "ipfs://four" }),
  ], { queries: [collection("denomtwo"), supply("denomtwo")] });
  await r.tx("nft burn tokenthree", d6!, [burn("denomtwo", "tokenthree", a6)], { queries: [nft("denomtwo", "tokenthree"), supply("denomtwo"), owner(a6, "denomtwo")] });
  await r.tx("nft burn tokenfour, amino (the collection's supply back to 0)", d6!, [burn("denomtwo", "tokenfour", a6)], {
    ...amino, queries: [collection("denomtwo"), supply("denomtwo"), owner(a6, "denomtwo"), denom("denomtwo")],
  });
  await r.tx("INVALID nft burn: unknown token", d6!, [burn("denomtwo", "tokenfour", a6)]);
  await r.tx("INVALID nft burn: unknown denom", d6!, [burn("denomnone", "tokenfour", a6)]);
  await r.tx("INVALID nft burn: not the owner", d7!, [burn("denomone", "tokenone", a7)]);
  await r.tx("INVALID nft burn: denom id too long (65 characters)", d6!, [burn(`d${"0".repeat(64)}`, "tokenfour", a6)]);
  await r.tx("nft mint tokenfive in denomone to dev7", d5!, [mint("denomone", "tokenfive", a7)], {
    queries: [owner(a7), supply("denomone")],
  });

  // ---- the Query service, after ----
  const paths = [
    "/chainmain/nft/denoms", "/chainmain/nft/denoms?pagination.limit=1", "/chainmain/nft/denoms?pagination.limit=1&pagination.count_total=true",
    "/chainmain/nft/denoms?pagination.offset=1", "/chainmain/nft/denoms?pagination.reverse=true",
    denom("denomone"), denom("denomnone"), "/chainmain/nft/denoms/name/Denom%20Two", "/chainmain/nft/denoms/name/nobody",
    collection("denomone"), `${collection("denomone")}?pagination.limit=1`, `${collection("denomone")}?pagination.limit=2&pagination.count_total=true`,
    collection("denomtwo"), collection("denomnone"),
    supply("denomone"), supply("denomone", a6), supply("denomtwo"), supply("denomnone"), supply("denomone", "cro1bad"),
    "/chainmain/nft/collections/denomone/supply?owner=" + a7,
    owner(a5), owner(a6), owner(a7), owner(a6, "denomone"), owner(a6, "denomtwo"), `${owner(a6)}&pagination.limit=1`, owner("cro1bad"), "/chainmain/nft/nfts",
    nft("denomone", "tokenone"), nft("denomone", "tokentwo"), nft("denomone", "tokennone"), nft("denomnone", "tokenone"),
  ];
  r.extra.queries = [];
  for (const p of paths) (r.extra.queries as unknown[]).push(await r.query(p));
}
