// chain-main's x/nft messages (proto/chainmain/nft/v1/tx.proto at chain-main 1ac014c6: field numbers,
// all strings), encoded with cosmjs-types' BinaryWriter so the recorder needs nothing from host/, and
// their amino converters. The chain's protos give these messages no amino.name option, so x/tx's
// amino JSON names each by its type URL ("/chainmain.nft.v1.MsgMintNFT"), fields by their proto names,
// "" omitted.

import type { GeneratedType } from "@cosmjs/proto-signing";
import type { AminoConverters } from "@cosmjs/stargate";
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";

export const NFT = "/chainmain.nft.v1.";

/** Each message's fields, in field-number order (field n+1 is fields[n]). */
const FIELDS: Record<string, string[]> = {
  MsgIssueDenom: ["id", "name", "schema", "sender", "uri"],
  MsgMintNFT: ["id", "denomId", "name", "uri", "data", "sender", "recipient"],
  MsgEditNFT: ["id", "denomId", "name", "uri", "data", "sender"],
  MsgTransferNFT: ["id", "denomId", "sender", "recipient"],
  MsgBurnNFT: ["id", "denomId", "sender"],
};

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function generated(fields: string[]): GeneratedType {
  return {
    encode: (m: Record<string, string>, w = BinaryWriter.create()) => {
      fields.forEach((f, i) => { if (m[f]) w.uint32(((i + 1) << 3) | 2).string(m[f]!); });
      return w;
    },
    decode: (_: BinaryReader | Uint8Array) => { throw new Error("decode not supported"); },
    fromPartial: (o: Record<string, string>) => Object.fromEntries(fields.map((f) => [f, o[f] ?? ""])),
  } as unknown as GeneratedType;
}

export const nftTypes: [string, GeneratedType][] = Object.entries(FIELDS).map(([name, fields]) => [`${NFT}${name}`, generated(fields)]);

export function nftAminoConverters(): AminoConverters {
  return Object.fromEntries(Object.entries(FIELDS).map(([name, fields]) => [`${NFT}${name}`, {
    aminoType: `${NFT}${name}`,
    toAmino: (m: Record<string, string>) => Object.fromEntries(fields.filter((f) => m[f]).map((f) => [snake(f), m[f]])),
    fromAmino: (v: Record<string, string>) => Object.fromEntries(fields.map((f) => [f, v[snake(f)] ?? ""])),
  }]));
}
