// Cosmos SDK pagination (`query.Paginate`) over an ordered list of u64 ids, from a query's
// PageRequest (REFERENCE §8): `key` (the next id, 8 bytes big endian), `offset`, `limit`
// (default 100), `count_total`, `reverse`. An omitted limit counts the total; a key gives total 0;
// `next_key` is empty (null in JSON) on the last page; key and offset together are refused. A
// page costs O(offset + limit), never a walk over the whole list.

import { GatewayError, GrpcCode } from "./gateway-json.js";
import type { PageRequest as ProtoPageRequest } from "./gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { DEFAULT_LIMITS } from "../limits.js";

export const DEFAULT_PAGE_LIMIT = 100;
/**
 * The SDK caps nothing (PaginationMaxLimit is MaxUint64); a long page costs the server in one go,
 * so the node refuses a limit above this (400; `--max-page-limit`, default 1,000): page on with
 * next_key.
 */
export const MAX_PAGE_LIMIT = DEFAULT_LIMITS.maxPageLimit;

export interface PageRequest {
  /** First id of the page (from a previous `next_key`), or undefined to start at the first. */
  from: bigint | undefined;
  offset: number;
  limit: number;
  countTotal: boolean;
  reverse: boolean;
}

/** An ordered collection of ids: ascending by default, walkable both ways from any id. */
export interface OrderedIds {
  /** Up to `n` ids in order, starting at `from` inclusive (undefined: at the first in that order). */
  walk(from: bigint | undefined, reverse: boolean, n: number): bigint[];
  /** How many ids there are in all. */
  count(): bigint;
}

export interface Page {
  ids: bigint[];
  pagination: { nextKey: Uint8Array; total: bigint };
}

const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);

/**
 * A query's `pagination` (the schema's PageRequest, as the gateway parsed it from
 * `pagination.*` or as abci_query carried it) under the node's rules: a key is one this node
 * returned (8 bytes), key and offset are not both given, the limit is at most `maxLimit`.
 */
export function pageRequestOf(p: ProtoPageRequest | undefined, maxLimit: number = MAX_PAGE_LIMIT): PageRequest {
  let from: bigint | undefined;
  if (p !== undefined && p.key.length > 0) {
    if (p.key.length !== 8) throw invalid("invalid pagination.key: expected a key this server returned");
    from = new DataView(p.key.buffer, p.key.byteOffset, 8).getBigUint64(0);
  }
  const offset = p?.offset ?? 0n;
  const limitParam = p?.limit ?? 0n;
  if (limitParam > BigInt(maxLimit)) throw invalid(`pagination.limit ${limitParam} is above the maximum ${maxLimit} (--max-page-limit)`);
  if (offset > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid(`pagination.offset ${offset} is too large`);
  if (from !== undefined && offset > 0n) throw invalid("invalid request, either offset or key is expected, got both");
  const limit = limitParam === 0n ? DEFAULT_PAGE_LIMIT : Number(limitParam);
  // query.Paginate: an omitted (zero) limit also turns counting on.
  return { from, offset: Number(offset), limit, countTotal: limitParam === 0n || (p?.countTotal ?? false), reverse: p?.reverse ?? false };
}

/** One page of `source` as `query.Paginate` returns it: the ids, and the PageResponse. */
export function paginate(source: OrderedIds, req: PageRequest): Page {
  if (req.from !== undefined) {
    const ids = source.walk(req.from, req.reverse, req.limit + 1);
    const next = ids.length > req.limit ? ids[req.limit]! : undefined;
    return { ids: ids.slice(0, req.limit), pagination: { nextKey: keyOf(next), total: 0n } };
  }
  const ids = source.walk(undefined, req.reverse, req.offset + req.limit + 1);
  const next = ids.length > req.offset + req.limit ? ids[req.offset + req.limit]! : undefined;
  return { ids: ids.slice(req.offset, req.offset + req.limit), pagination: { nextKey: keyOf(next), total: req.countTotal ? source.count() : 0n } };
}

/** A page's next key: the next id, 8 bytes big-endian (none: empty, rendered null). */
function keyOf(id: bigint | undefined): Uint8Array {
  if (id === undefined) return new Uint8Array();
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, id);
  return bytes;
}

/** An in-memory ascending list as an OrderedIds (small lists: redelegation mappings, tests). */
export function orderedArray(sorted: readonly bigint[]): OrderedIds {
  return {
    walk(from, reverse, n) {
      const list = reverse ? [...sorted].reverse() : sorted;
      const start = from === undefined ? 0 : list.findIndex((id) => (reverse ? id <= from : id >= from));
      return start < 0 ? [] : list.slice(start, start + n);
    },
    count: () => BigInt(sorted.length),
  };
}
