// chain-main's x/nft genesis section, `{collections: [{denom, nfts}]}` (x/nft/genesis.go, types/
// genesis.go of chain-main 1ac014c6): validated as the chain validates it (note: each collection's
// denom NAME is held to the denom id rules, as ValidateGenesis does; each token's owner an address,
// its id and uri valid), placed on InitChain (SetDenom, then each token minted unverified: a taken id
// or name, a token twice, are the chain's errors), and exported from the stored records (the denoms
// in id order, each with its tokens in id order, `nfts: []` for none).

import { ValidationError } from "../../errors.js";
import { canonicalAddress } from "../../wire/address.js";
import type { Json } from "../../framework/genesis-json.js";
import type { ModuleRecord } from "../../store/records.js";
import { TxError } from "../../wire/errors.js";
import { Nft, type BaseNft, type Denom } from "./keeper.js";
import { mintUnverified, setDenom } from "./rules.js";
import { validateDenomId, validateTokenId, validateTokenUri } from "./validate.js";

export interface NftCollection {
  readonly denom: Denom;
  readonly nfts: readonly BaseNft[];
}

const PATH = "app_state.nft";

function str(v: Json | undefined, at: string): string {
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") throw new ValidationError("expected a string", at);
  return v;
}

function obj(v: Json | undefined, at: string): { [k: string]: Json } {
  if (v === undefined || v === null) return {};
  if (typeof v !== "object" || Array.isArray(v)) throw new ValidationError("expected an object", at);
  return v as { [k: string]: Json };
}

function list(v: Json | undefined, at: string): Json[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ValidationError("expected an array", at);
  return v;
}

/** `app_state.nft` (absent: no collections), validated as the chain's ValidateGenesis. Throws ValidationError naming the path. */
export function parseNft(v: Json | undefined, prefix: string): NftCollection[] {
  return list(obj(v, PATH).collections, `${PATH}.collections`).map((c, i) => {
    const at = `${PATH}.collections[${i}]`;
    const o = obj(c, at);
    const d = obj(o.denom, `${at}.denom`);
    const denom: Denom = {
      id: str(d.id, `${at}.denom.id`), name: str(d.name, `${at}.denom.name`), schema: str(d.schema, `${at}.denom.schema`),
      creator: str(d.creator, `${at}.denom.creator`), uri: str(d.uri, `${at}.denom.uri`),
    };
    const check = (run: () => void, where: string) => {
      try {
        run();
      } catch (e) {
        throw new ValidationError(e instanceof TxError ? e.log : (e as Error).message, where);
      }
    };
    check(() => validateDenomId(denom.name), `${at}.denom.name`);
    const nfts = list(o.nfts, `${at}.nfts`).map((n, j): BaseNft => {
      const where = `${at}.nfts[${j}]`;
      const t = obj(n, where);
      const nft = { id: str(t.id, `${where}.id`), name: str(t.name, `${where}.name`), uri: str(t.uri, `${where}.uri`), data: str(t.data, `${where}.data`), owner: str(t.owner, `${where}.owner`) };
      let owner = "";
      check(() => {
        try {
          owner = canonicalAddress(nft.owner, prefix);
        } catch (e) {
          throw new Error(`couldn't convert "${nft.owner}" to account address: ${(e as Error).message}`);
        }
      }, `${where}.owner`);
      check(() => validateTokenId(nft.id), `${where}.id`);
      check(() => validateTokenUri(nft.uri), `${where}.uri`);
      return { ...nft, owner };
    });
    return { denom, nfts };
  });
}

/** InitGenesis: each denom set, its tokens minted unverified (the chain's errors, with the collection's path). */
export function initNft(nft: Nft, collections: readonly NftCollection[]): void {
  collections.forEach((c, i) => {
    try {
      setDenom(nft, c.denom);
      for (const t of c.nfts) mintUnverified(nft, c.denom.id, t);
    } catch (e) {
      throw new ValidationError(e instanceof TxError ? e.log : (e as Error).message, `${PATH}.collections[${i}]`);
    }
  });
}

/** The section as ExportGenesis writes it, from a keeper. */
export function nftJson(nft: Nft): Json {
  return {
    collections: nft.allDenoms().map((d) => ({
      denom: { id: d.id, name: d.name, schema: d.schema, creator: d.creator, uri: d.uri },
      nfts: nft.nfts(d.id).map((t) => ({ id: t.id, name: t.name, uri: t.uri, data: t.data, owner: t.owner })),
    })),
  };
}

/** The section from the module records stored at the last committed block. */
export function storedNftJson(records: readonly ModuleRecord[]): Json {
  const nft = new Nft();
  for (const r of records) if (Nft.owns(r.key) && r.value !== null) nft.load(r.key, r.value);
  return nftJson(nft);
}
