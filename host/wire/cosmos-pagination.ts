// The Cosmos SDK's `query.Paginate` for the Cosmos routes (cosmos.ts, comet.ts) over ascending
// keys: `pagination.key` is the next record's key, 8 bytes big-endian in base64; an omitted limit
// counts the total. (The tier routes page an OrderedIds: pagination.ts.)

import type { Context } from "hono";
import { DEFAULT_LIMITS } from "../limits.js";
import type { Page } from "../core/ledger.js";
import { GatewayError, GrpcCode, intString } from "./gateway-json.js";

/** The SDK's query.DefaultLimit. */
const DEFAULT_LIMIT = 100;

const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);

export interface PageQuery {
  key?: bigint;
  offset: bigint;
  limit: bigint;
  countTotal: boolean;
  reverse: boolean;
}

interface Pagination {
  next_key: string | null;
  total: string;
}

/** `pagination.*` query parameters, with the gateway's messages for values that do not parse. */
export function pageQuery(c: Context, maxLimit: number = DEFAULT_LIMITS.maxPageLimit): PageQuery {
  const uint = (name: string): bigint => {
    const text = c.req.query(`pagination.${name}`);
    if (text === undefined || text === "") return 0n;
    if (!/^[0-9]+$/.test(text) || BigInt(text) >= 1n << 64n) {
      throw invalid(`type mismatch, parameter: pagination.${name}, error: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`);
    }
    return BigInt(text);
  };
  const bool = (name: string): boolean => {
    const text = c.req.query(`pagination.${name}`);
    if (text === undefined || text === "") return false;
    if (["1", "t", "T", "true", "TRUE", "True"].includes(text)) return true;
    if (["0", "f", "F", "false", "FALSE", "False"].includes(text)) return false;
    throw invalid(`type mismatch, parameter: pagination.${name}, error: strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax`);
  };
  const keyText = c.req.query("pagination.key");
  let key: bigint | undefined;
  if (keyText !== undefined && keyText !== "") {
    const bytes = /^[A-Za-z0-9+/_-]*={0,2}$/.test(keyText) ? Buffer.from(keyText, "base64") : undefined;
    if (bytes === undefined || bytes.length !== 8) throw invalid(`invalid pagination key ${JSON.stringify(keyText)}`);
    key = bytes.readBigUInt64BE(0);
  }
  const q = { key, offset: uint("offset"), limit: uint("limit"), countTotal: bool("count_total"), reverse: bool("reverse") };
  if (q.key !== undefined && q.offset > 0n) throw invalid("paginate: invalid request, either offset or key is expected, got both");
  if (q.limit > BigInt(maxLimit)) throw invalid(`pagination.limit ${q.limit} is above the maximum ${maxLimit} (--max-page-limit)`);
  return q;
}

function keyText(key: bigint | undefined): string | null {
  if (key === undefined) return null;
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(key);
  return b.toString("base64");
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
    pagination: {
      next_key: keyText(after === undefined ? undefined : keyOf(after)),
      total: intString(q.key === undefined && countTotal ? BigInt(all.length) : 0n),
    },
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
  return {
    items: items.slice(offset),
    pagination: { next_key: keyText(next), total: intString(q.key === undefined && countTotal ? BigInt(total) : 0n) },
  };
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
