// The Cosmos SDK's `query.Paginate` for the SDK modules' queries (bank, staking, distribution,
// gov, slashing, the CometBFT service) over ascending keys: the request's PageRequest (as the
// gateway parsed it from `pagination.*`, or as abci_query carried it), `key` the next record's
// key, 8 bytes big-endian (a node rule: a key this node returned); an omitted limit counts the
// total. The answer's PageResponse as the schema's init shape. (The tier queries page an
// OrderedIds: pagination.ts.)

import { base64 } from "@scure/base";
import { DEFAULT_LIMITS } from "../limits.js";
import type { PageRequest } from "./gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { GatewayError, GrpcCode } from "./gateway-json.js";

/** The SDK's query.DefaultLimit. */
const DEFAULT_LIMIT = 100;

const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);

/** One page of a query in ascending key order (as the core's ledger answers). */
export interface Page<T> {
  items: T[];
  /** The start key of the next page; undefined on the last one. */
  nextKey?: bigint;
  /** The owner's records in all. */
  total: number;
}

export interface PageQuery {
  key?: bigint;
  offset: bigint;
  limit: bigint;
  countTotal: boolean;
  reverse: boolean;
}

/** A PageResponse: `next_key` empty on the last page (null in JSON). */
export interface Pagination {
  nextKey: Uint8Array;
  total: bigint;
}

/** A request's pagination under the node's rules (8-byte keys, `--max-page-limit`), with x/bank's texts. */
export function pageQuery(p: PageRequest | undefined, maxLimit: number = DEFAULT_LIMITS.maxPageLimit): PageQuery {
  let key: bigint | undefined;
  if (p !== undefined && p.key.length > 0) {
    if (p.key.length !== 8) throw invalid(`invalid pagination key ${JSON.stringify(base64.encode(p.key))}`);
    key = new DataView(p.key.buffer, p.key.byteOffset, 8).getBigUint64(0);
  }
  const q = { key, offset: p?.offset ?? 0n, limit: p?.limit ?? 0n, countTotal: p?.countTotal ?? false, reverse: p?.reverse ?? false };
  if (q.key !== undefined && q.offset > 0n) throw invalid("paginate: invalid request, either offset or key is expected, got both");
  if (q.limit > BigInt(maxLimit)) throw invalid(`pagination.limit ${q.limit} is above the maximum ${maxLimit} (--max-page-limit)`);
  return q;
}

function keyBytes(key: bigint | undefined): Uint8Array {
  if (key === undefined) return new Uint8Array();
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, key);
  return b;
}

/** Limit 0 means the default, and then the total is counted (the SDK's rule). */
function effective(q: PageQuery): { limit: number; countTotal: boolean; offset: number } {
  const cap = BigInt(Number.MAX_SAFE_INTEGER);
  return {
    limit: q.limit === 0n ? DEFAULT_LIMIT : Number(q.limit < cap ? q.limit : cap),
    countTotal: q.limit === 0n || q.countTotal,
    offset: Number(q.offset < cap ? q.offset : cap),
  };
}

/** A page of a list already in ascending key order (O(the list)). */
export function paginateArray<T>(all: readonly T[], keyOf: (t: T) => bigint, q: PageQuery): { items: T[]; pagination: Pagination } {
  const { limit, countTotal, offset } = effective(q);
  const ordered = q.reverse ? [...all].reverse() : all;
  let from = offset;
  if (q.key !== undefined) {
    const k = q.key;
    from = ordered.findIndex((t) => (q.reverse ? keyOf(t) <= k : keyOf(t) >= k));
    if (from < 0) from = ordered.length;
  }
  const items = ordered.slice(from, from + limit);
  const after = ordered[from + limit];
  return {
    items,
    pagination: { nextKey: keyBytes(after === undefined ? undefined : keyOf(after)), total: q.key === undefined && countTotal ? BigInt(all.length) : 0n },
  };
}

/** A page of a core query (ascending): O(offset + limit) forward; reverse reads the whole list. */
export function paginateCore<T>(
  q: PageQuery, fetch: (start: bigint, limit: number) => Page<T>, keyOf: (t: T) => bigint, maxPage: number,
): { items: T[]; pagination: Pagination } {
  if (q.reverse) return paginateArray(allPages(fetch, maxPage), keyOf, q);
  const { limit, countTotal, offset } = effective(q);
  const items: T[] = [];
  let next: bigint | undefined = q.key ?? 0n;
  let total = 0;
  const want = offset + limit;
  while (next !== undefined && items.length < want) {
    const p = fetch(next, Math.min(want - items.length, maxPage));
    items.push(...p.items);
    next = p.nextKey;
    total = p.total;
  }
  return { items: items.slice(offset), pagination: { nextKey: keyBytes(next), total: q.key === undefined && countTotal ? BigInt(total) : 0n } };
}

/** Every record of a paged core query. */
export function allPages<T>(fetch: (start: bigint, limit: number) => Page<T>, maxPage: number): T[] {
  const all: T[] = [];
  let next: bigint | undefined = 0n;
  while (next !== undefined) {
    const p = fetch(next, maxPage);
    all.push(...p.items);
    next = p.nextKey;
  }
  return all;
}
