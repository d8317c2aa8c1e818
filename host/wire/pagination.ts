// Cosmos SDK pagination (`query.Paginate`) over an ordered list of u64 ids, as the gateway takes
// it in query parameters (REFERENCE §8): `pagination.key` (base64 of the next id, 8 bytes big
// endian), `.offset`, `.limit` (default 100), `.count_total`, `.reverse`. An omitted limit counts
// the total; a key gives total "0"; `next_key` is null on the last page; key and offset together
// are refused. A page costs O(offset + limit), never a walk over the whole list.

import { base64 } from "@scure/base";
import { GatewayError, GrpcCode, intString } from "./gateway-json.js";
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
  pagination: { next_key: string | null; total: string };
}

const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);

function uintParam(text: string | undefined, name: string, max: number): number | undefined {
  if (text === undefined || text === "") return undefined;
  if (!/^[0-9]+$/.test(text) || Number(text) > max) {
    throw invalid(`type mismatch, parameter: ${name}, error: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`);
  }
  return Number(text);
}

function boolParam(text: string | undefined, name: string): boolean {
  if (text === undefined || text === "" || text === "false" || text === "0") return false;
  if (text === "true" || text === "1") return true;
  throw invalid(`type mismatch, parameter: ${name}, error: strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax`);
}

/** Reads `pagination.*` from the query string (`query(name)` gives one parameter's text). */
export function parsePageRequest(query: (name: string) => string | undefined, maxLimit: number = MAX_PAGE_LIMIT): PageRequest {
  const keyText = query("pagination.key");
  let from: bigint | undefined;
  if (keyText !== undefined && keyText !== "") {
    let bytes: Uint8Array;
    try {
      // The gateway reads URL-safe or standard base64; `+` may arrive as a space.
      bytes = base64.decode(keyText.replace(/ /g, "+").replace(/-/g, "+").replace(/_/g, "/"));
    } catch {
      throw invalid(`type mismatch, parameter: pagination.key, error: illegal base64 data`);
    }
    if (bytes.length !== 8) throw invalid(`invalid pagination.key: expected a key this server returned`);
    from = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0);
  }
  const offset = uintParam(query("pagination.offset"), "pagination.offset", Number.MAX_SAFE_INTEGER) ?? 0;
  const limitParam = uintParam(query("pagination.limit"), "pagination.limit", Number.MAX_SAFE_INTEGER);
  if (limitParam !== undefined && limitParam > maxLimit) {
    throw invalid(`pagination.limit ${limitParam} is above the maximum ${maxLimit} (--max-page-limit)`);
  }
  if (from !== undefined && offset > 0) throw invalid("invalid request, either offset or key is expected, got both");
  const limit = limitParam === undefined || limitParam === 0 ? DEFAULT_PAGE_LIMIT : limitParam;
  // Every parameter is parsed (the gateway refuses a malformed one whatever the others say), then
  // query.Paginate: an omitted (zero) limit also turns counting on.
  const countTotalParam = boolParam(query("pagination.count_total"), "pagination.count_total");
  const countTotal = limitParam === undefined || limitParam === 0 || countTotalParam;
  return { from, offset, limit, countTotal, reverse: boolParam(query("pagination.reverse"), "pagination.reverse") };
}

function keyOf(id: bigint): string {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, id);
  return base64.encode(bytes);
}

/** One page of `source` as `query.Paginate` returns it. */
export function paginate(source: OrderedIds, req: PageRequest): Page {
  if (req.from !== undefined) {
    const ids = source.walk(req.from, req.reverse, req.limit + 1);
    const next = ids.length > req.limit ? ids[req.limit]! : undefined;
    return { ids: ids.slice(0, req.limit), pagination: { next_key: next === undefined ? null : keyOf(next), total: "0" } };
  }
  const ids = source.walk(undefined, req.reverse, req.offset + req.limit + 1);
  const next = ids.length > req.offset + req.limit ? ids[req.offset + req.limit]! : undefined;
  return {
    ids: ids.slice(req.offset, req.offset + req.limit),
    pagination: { next_key: next === undefined ? null : keyOf(next), total: intString(req.countTotal ? source.count() : 0n) },
  };
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
