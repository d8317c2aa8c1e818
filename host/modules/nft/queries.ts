// chain-main's x/nft queries (x/nft/keeper/grpc_query.go of chain-main 1ac014c6): a denom by id or
// by name, the denoms, a collection (its denom and a page of its tokens), a token, an owner's tokens
// (of one denom or all, grouped by denom in the owner index's order) and supplies (a denom's, or an
// owner's in a denom). Pages are the SDK's query.Paginate over the module's store keys (next_key the
// key after the query's prefix). The keeper's errors are registered ones (gRPC Unknown, HTTP 500); a
// bad owner address and a paging error are InvalidArgument (400).

import { accountAddressBytes } from "../../wire/address.js";
import { GatewayError, GrpcCode, moduleError } from "../../wire/gateway-json.js";
import { DEFAULT_LIMITS } from "../../limits.js";
import type { PageRequest } from "../../wire/gen/cosmos/base/query/v1beta1/pagination_pb.js";
import type { Query } from "../../wire/gen/chainmain/nft/v1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { Directory } from "../../framework/view.js";
import { byteOrder, type Denom, type Nft } from "./keeper.js";
import { NftErrors } from "./validate.js";

/** What x/nft's queries read of the application. */
export interface NftView {
  readonly directory: Directory;
  readonly nft: Nft;
}

const enc = new TextEncoder();
const dec = new TextDecoder();

/** query.Paginate over rows in the store's key order (keys: the bytes after the prefix, as text). */
export function paginate<T>(rows: readonly { key: string; item: T }[], p: PageRequest | undefined, maxLimit: number) {
  let limit = p?.limit ?? 0n;
  let countTotal = p?.countTotal ?? false;
  const offset = p?.offset ?? 0n;
  const key = p?.key !== undefined && p.key.length > 0 ? dec.decode(p.key) : undefined;
  if (limit === 0n) {
    limit = 100n;
    countTotal = true;
  }
  if (offset > 0n && key !== undefined) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "paginate: invalid request, either offset or key is expected, got both");
  if (limit > BigInt(maxLimit)) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `pagination.limit ${limit} is above the maximum ${maxLimit} (--max-page-limit)`);
  const ordered = p?.reverse ? [...rows].reverse() : rows;
  const items: T[] = [];
  let nextKey: string | undefined;
  if (key !== undefined) {
    const from = ordered.findIndex((r) => (p?.reverse ? byteOrder(r.key, key) <= 0 : byteOrder(r.key, key) >= 0));
    for (const r of from < 0 ? [] : ordered.slice(from)) {
      if (BigInt(items.length) === limit) {
        nextKey = r.key;
        break;
      }
      items.push(r.item);
    }
    return { items, pagination: { nextKey: nextKey === undefined ? new Uint8Array() : enc.encode(nextKey), total: 0n } };
  }
  const end = offset + limit;
  let count = 0n;
  for (const r of ordered) {
    count++;
    if (count <= offset) continue;
    if (count <= end) items.push(r.item);
    else if (count === end + 1n) {
      nextKey = r.key;
      if (!countTotal) break;
    }
  }
  return { items, pagination: { nextKey: nextKey === undefined ? new Uint8Array() : enc.encode(nextKey), total: countTotal ? count : 0n } };
}

const denomJson = (d: Denom) => ({ id: d.id, name: d.name, schema: d.schema, creator: d.creator, uri: d.uri });

export function nftQueries(app: NftView, options: { maxPageLimit?: number } = {}): ServiceHandlers<typeof Query> {
  const max = options.maxPageLimit ?? DEFAULT_LIMITS.maxPageLimit;
  /** sdk.AccAddressFromBech32 in a query: InvalidArgument `invalid owner address <text>`. */
  const owner = (text: string): string => {
    try {
      accountAddressBytes(text, app.directory.accountPrefix);
      return text;
    } catch {
      throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `invalid owner address ${text}`);
    }
  };
  const getDenom = (id: string): Denom => {
    const d = app.nft.denom(id);
    if (d === undefined) throw moduleError("nft2", NftErrors.InvalidDenom.code, `${NftErrors.InvalidDenom.description}: not found denomID: ${id}`);
    return d;
  };
  return {
    supply: (r) => {
      if (r.owner === "" && r.denomId !== "") return { amount: app.nft.supply(r.denomId) };
      const o = owner(r.owner);
      return { amount: BigInt(app.nft.owned(o, r.denomId).length) };
    },
    owner: (r) => {
      const o = owner(r.owner);
      const rows = app.nft.owned(o, r.denomId).map((t) => ({ key: r.denomId === "" ? `${t.denomId}/${t.tokenId}` : t.tokenId, item: t }));
      const { items, pagination } = paginate(rows, r.pagination, max);
      const idCollections: { denomId: string; tokenIds: string[] }[] = [];
      for (const t of items) {
        const c = idCollections.find((x) => x.denomId === t.denomId);
        if (c === undefined) idCollections.push({ denomId: t.denomId, tokenIds: [t.tokenId] });
        else c.tokenIds.push(t.tokenId);
      }
      return { owner: { address: o, idCollections }, pagination };
    },
    collection: (r) => {
      const d = app.nft.denom(r.denomId);
      if (d === undefined) throw moduleError("nft2", NftErrors.InvalidDenom.code, `${NftErrors.InvalidDenom.description}: denomID ${r.denomId} not existed `);
      const rows = app.nft.nfts(r.denomId).map((t) => ({ key: t.id, item: t }));
      const { items, pagination } = paginate(rows, r.pagination, max);
      return { collection: { denom: denomJson(d), nfts: items.map((t) => ({ ...t })) }, pagination };
    },
    denom: (r) => ({ denom: denomJson(getDenom(r.denomId)) }),
    denomByName: (r) => ({ denom: denomJson(getDenom(app.nft.denomIdOfName(r.denomName) ?? "")) }),
    denoms: (r) => {
      const rows = app.nft.allDenoms().map((d) => ({ key: d.id, item: denomJson(d) }));
      const { items, pagination } = paginate(rows, r.pagination, max);
      return { denoms: items, pagination };
    },
    nFT: (r) => {
      const t = app.nft.nft(r.denomId, r.tokenId);
      if (t === undefined) throw moduleError("nft2", NftErrors.UnknownNft.code, `${NftErrors.UnknownNft.description}: invalid NFT ${r.tokenId} from collection ${r.denomId}`);
      return { nft: { ...t } };
    },
  };
}
