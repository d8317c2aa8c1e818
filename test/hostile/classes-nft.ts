// The hostile class of chain-main's x/nft (issue 34: every executed message type has a class): its
// ValidateBasic refusals at CheckTx (ids too short, too long, not lowercase alphanumeric, a blank
// name) and the keeper's in the block (an unknown denom), each with the code the nft recording
// (test/reference-chain/nft) holds for the same case.

import { MsgBurnNFTSchema, MsgEditNFTSchema, MsgIssueDenomSchema, MsgMintNFTSchema, MsgTransferNFTSchema } from "../../host/wire/gen/chainmain/nft/v1/tx_pb.js";
import { ATTACKER, addr } from "./context.js";
import { cases, deferred, msg, type Case, type ProtoMsg } from "./proto.js";

const A = () => addr(ATTACKER);
const one = (note: string, code: string, build: () => ProtoMsg): Case => ({
  note, make: async (_rng, ctx) => deferred(ctx, ATTACKER, [build()], code, ""),
});

const CASES: Case[] = [
  one("issue a denom with a 2-character id", "nft2/9", () => msg(MsgIssueDenomSchema, { id: "ab", name: "n", schema: "", sender: A(), uri: "" })),
  one("issue a denom whose name is spaces", "nft2/12", () => msg(MsgIssueDenomSchema, { id: "hostiledenom", name: "   ", schema: "", sender: A(), uri: "" })),
  one("mint into a denom that does not exist", "nft2/9", () => msg(MsgMintNFTSchema, { id: "token", denomId: "nodenom", name: "", uri: "", data: "", sender: A(), recipient: A() })),
  one("mint a token id with an uppercase letter", "nft2/10", () => msg(MsgMintNFTSchema, { id: "Token", denomId: "nodenom", name: "", uri: "", data: "", sender: A(), recipient: A() })),
  one("edit a token of a denom that does not exist", "nft2/9", () => msg(MsgEditNFTSchema, { id: "token", denomId: "nodenom", name: "x", uri: "", data: "", sender: A() })),
  one("transfer a token of a denom that does not exist", "nft2/9", () => msg(MsgTransferNFTSchema, { id: "token", denomId: "nodenom", sender: A(), recipient: addr(7) })),
  one("transfer a token id of 65 characters", "nft2/10", () => msg(MsgTransferNFTSchema, { id: `t${"x".repeat(64)}`, denomId: "nodenom", sender: A(), recipient: addr(7) })),
  one("burn a token of a denom that does not exist", "nft2/9", () => msg(MsgBurnNFTSchema, { id: "token", denomId: "nodenom", sender: A() })),
];

export const nftClass = cases({
  name: "nft",
  rounds: 2,
  covers: ["MsgIssueDenom", "MsgMintNFT", "MsgEditNFT", "MsgTransferNFT", "MsgBurnNFT"].map((n) => `/chainmain.nft.v1.${n}`),
  cases: CASES,
});
