// The tx service's queries over REST, as the SDK's gateway answers them: GetTx (a committed tx and
// its TxResponse), GetTxsEvent (a search in CometBFT's event query language) and GetBlockWithTxs (a
// block's txs, its id and the block). A Service of the SDK's, not a query module: hand-written here.

import type { Hono } from "hono";
import type { Node } from "../app/node-api.js";
import { txIndexed } from "../app/tx-indexed.js";
import type { TxResult } from "../framework/types.js";
import { isLegacyTx, txJson } from "../wire/tx.js";
import { dataHex } from "../wire/responses.js";
import { GatewayError, GrpcCode, intString, timestampSeconds } from "../wire/gateway-json.js";
import { cometBlock } from "../rpc/blocks.js";
import { gatewayBlock, gatewayBlockId } from "./blocks.js";


export function registerTxQueryRoutes(app: Hono, node: Node): void {
  app.get("/cosmos/tx/v1beta1/txs/:hash", (c) => {
    const hash = c.req.param("hash");
    if (!/^[0-9A-Fa-f]{64}$/.test(hash)) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `invalid tx hash: ${hash}`);
    const r = node.txResult(hash);
    if (!r) throw new GatewayError(GrpcCode.NOT_FOUND, `tx not found: ${hash.toUpperCase()}`);
    return c.json(committedTxJson(r));
  });
  // GetTxsEvent (v0.50+): `query` in CometBFT's event query language, `page` from 1, `limit`
  // (default 100, at most CometBFT's 100), `order_by`; `events` (deprecated) is ignored.
  app.get("/cosmos/tx/v1beta1/txs", async (c) => {
    const query = c.req.query("query") ?? "";
    if (query === "") throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "query cannot be empty");
    const page = positiveParam(c.req.query("page"), "page") ?? 1;
    const limit = Math.min(positiveParam(c.req.query("limit"), "limit") ?? 100, 100);
    const order = c.req.query("order_by") ?? "ORDER_BY_UNSPECIFIED";
    if (!["ORDER_BY_UNSPECIFIED", "ORDER_BY_ASC", "ORDER_BY_DESC", "0", "1", "2"].includes(order)) {
      throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `order_by: invalid value ${JSON.stringify(order)} for enum cosmos.tx.v1beta1.OrderBy`);
    }
    await txIndexed(node);
    const found = node.searchTxs(query, { page, limit, desc: order === "ORDER_BY_DESC" || order === "2" });
    const pages = Math.max(1, Math.ceil(found.total / limit));
    if (page > pages) {
      throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `page should be within [1, ${pages}] range, given ${page}`);
    }
    const rendered = found.txs.map(committedTxJson);
    return c.json({
      txs: rendered.map((t) => t.tx), tx_responses: rendered.map((t) => t.tx_response), pagination: null, total: `${found.total}`,
    });
  });
  // GetBlockWithTxs: a block's txs (`pagination`: offset/limit over them), its id and the block.
  app.get("/cosmos/tx/v1beta1/txs/block/:height", (c) => {
    const text = c.req.param("height");
    if (!/^[0-9]{1,19}$/.test(text)) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `invalid height: ${JSON.stringify(text)}`);
    const height = BigInt(text);
    const latest = node.latest.height;
    if (height < 1n || height > latest) {
      throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `requested height ${height} but latest height is ${latest}`);
    }
    const block = cometBlock(node, height);
    if (!block) throw new GatewayError(GrpcCode.NOT_FOUND, `block ${height} not found`);
    const b = block.raw;
    const offset = Number(c.req.query("pagination.offset") ?? "0");
    const limit = Number(c.req.query("pagination.limit") ?? "100");
    if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(limit) || limit < 0) {
      throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "pagination.offset and pagination.limit must be non-negative integers");
    }
    const page = b.txs.slice(offset, offset + (limit === 0 ? 100 : limit));
    return c.json({
      txs: page.map((r) => committedTxJson(r).tx),
      block_id: gatewayBlockId(block.block_id),
      block: gatewayBlock(block),
      pagination: { next_key: null, total: `${b.txs.length}` },
    });
  });
}

/** A committed tx as GetTx renders it: `tx` (proto JSON, or the legacy amino StdTx) and `tx_response`. */
function committedTxJson(r: TxResult): { tx: unknown; tx_response: Record<string, unknown> } {
  if (isLegacyTx(r.tx)) return { tx: JSON.parse(new TextDecoder().decode(r.tx)), tx_response: txResponse(r) };
  const tx = txJson(r.tx);
  return { tx, tx_response: { ...txResponse(r), tx: { "@type": "/cosmos.tx.v1beta1.Tx", ...tx } } };
}

/** A positive integer query parameter, or undefined when absent ("0" means the default, as the SDK). */
function positiveParam(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text === "" || text === "0") return undefined;
  if (!/^[0-9]{1,9}$/.test(text)) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `${name}: ${JSON.stringify(text)} is not a positive integer`);
  return Number(text);
}

/** A tx result as the gateway renders `TxResponse` (the tx itself as the amino JSON received). */
export function txResponse(r: Pick<TxResult, "hash" | "height" | "code" | "codespace" | "rawLog"> & Partial<TxResult>) {
  return {
    height: intString(r.height),
    txhash: r.hash,
    codespace: r.codespace,
    code: r.code,
    data: r.code === 0 && r.data !== undefined ? dataHex(r.data) : "",
    raw_log: r.rawLog,
    logs: [],
    info: "",
    gas_wanted: intString(r.gasWanted ?? 0n),
    gas_used: intString(r.gasUsed ?? 0n),
    tx: null,
    // The block's time as the SDK formats it here: RFC 3339 in whole seconds.
    timestamp: r.timeNs === undefined || r.height === 0n ? "" : timestampSeconds(r.timeNs),
    events: r.events ?? [],
  };
}

