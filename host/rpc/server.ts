// CometBFT v0.38's RPC (port 26657) over the node's chain, for the clients that talk to a Cosmos
// chain through it: CosmJS's StargateClient / SigningStargateClient.connectWithSigner and
// Comet38Client, Keplr, explorers. JSON-RPC 2.0 over HTTP POST `/` (a single request or a batch)
// and the URI form `GET /<method>?arg=…`; shapes and JSON conventions as WIRE.md §4 (int64 as
// strings, hashes as uppercase hex, tx bytes base64).
//
// Methods: health, status, abci_info, abci_query, broadcast_tx_sync|async|commit, tx, tx_search,
// block, block_by_hash, block_results, blockchain, header, header_by_hash, commit, validators,
// genesis, genesis_chunked (genesis.ts), num_unconfirmed_txs, unconfirmed_txs, check_tx; WebSocket subscriptions in
// websocket.ts. Blocks: the node makes its own (no consensus), so headers carry the node's block
// hash, app hash and time, a proposer from the validator set and deterministic ed25519 consensus keys
// derived from each operator; there are no commit signatures, and the block id is the node's
// block hash, not CometBFT's merkle of the header.

import { Hono, type Context } from "hono";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { base64, hex } from "@scure/base";
import { ChainStateError } from "../framework/types.js";
import type { Node } from "../app/node-api.js";
import type { TxResult } from "../framework/types.js";
export type { TxResult };
import { TxError } from "../wire/errors.js";
import { awaitInclusion } from "../app/mempool.js";
import { namedParams } from "./params.js";
import { genesisMethods } from "./genesis.js";
import { txBytesHash } from "../wire/tx.js";
import { timestampString } from "../wire/gateway-json.js";
import type { AbciQuery } from "../app/query.js";
import { consensusKey } from "../modules/staking/consensus-key.js";
import { latestBlockCache } from "./blocks.js";
import { txIndexed } from "../app/tx-indexed.js";
import { COMETBFT_VERSION as CONSENSUS_VERSION } from "../cometbft/home.js";
import type { CorsOrigins } from "../config.js";
import { useCors } from "../cors.js";

/** The CometBFT version this RPC answers as (CosmJS picks its Comet38Client by it): the one the node runs under (cometbft/home.ts). */
export const COMETBFT_VERSION = CONSENSUS_VERSION.replace(/^v/, "");

export interface RpcOptions {
  /** ABCI Query (abci-query.ts). */
  query: AbciQuery;
  /** How long broadcast_tx_commit waits for the tx's block (default COMMIT_TIMEOUT_MS, 10 s as CometBFT). */
  commitTimeoutMs?: number;
  /** The RPC's own address once it listens (`tcp://host:port`), for `status`; undefined: it does not. */
  rpcAddress?: () => string | undefined;
  /** A request body larger than this is refused (CometBFT's max_body_bytes, 1 MB). */
  maxBodyBytes?: number;
  /** `--cors-origins`; undefined: no CORS headers (CometBFT's default). */
  corsOrigins?: CorsOrigins;
  /** Methods beyond CometBFT's (dev mode's dev_ methods, dev/rpc.ts) and their positional argument names. */
  extra?: { methods: Record<string, (p: Params) => Promise<unknown>>; argNames: Record<string, readonly string[]> };
  /** Tests only: the genesis chunk size instead of CometBFT's 16 MiB, and the size past which the stored bytes are served (rpc/genesis.ts). */
  genesisChunkSize?: number;
  genesisCometFormBound?: number;
}

export class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data = "") {
    super(message);
  }
}
/**
 * block_by_hash / header_by_hash: a block inside a run of empty blocks (its hash derived, not
 * stored) is found within this many heights of the latest; any other block at any height.
 */
const BY_HASH_DEPTH = 10_000n;

const invalidParams = (data: string) => new RpcError(-32602, "Invalid params", data);
const internal = (data: string) => new RpcError(-32603, "Internal error", data);

type Params = Record<string, unknown>;
type Method = (p: Params, form: "json" | "uri") => Promise<unknown> | unknown;

/** The RPC app: mount it on its own server (`serve` in main.ts). */
export function createRpcApp(node: Node, o: RpcOptions): Hono {
  return createRpc(node, o).app;
}

/** A JSON-RPC reply. */
export type RpcReply = { jsonrpc: "2.0"; id: unknown; result?: unknown; error?: { code: number; message: string; data?: string } };

/** The RPC: its HTTP app, one call for any transport (the WebSocket's too), and event payloads. */
export function createRpc(node: Node, o: RpcOptions): {
  app: Hono;
  call: (id: unknown, method: unknown, params: unknown, form: "json" | "uri") => Promise<RpcReply>;
  /** `call`, but the reply itself (not a promise of it) where the method answers synchronously. */
  callNow: (id: unknown, method: unknown, params: unknown, form: "json" | "uri") => RpcReply | Promise<RpcReply>;
  newBlockValue: (height: bigint) => unknown;
  txValue: (r: TxResult) => unknown;
} {
  const methods: Record<string, Method> = { ...rpcMethods(node, o), ...o.extra?.methods };
  const app = new Hono();
  useCors(app, o.corsOrigins);
  const maxBody = o.maxBodyBytes ?? 1_000_000;

  const failed = (id: unknown, e: unknown): RpcReply => {
    const err = e instanceof RpcError ? e
      : e instanceof ChainStateError ? internal(e.message)
      : internal(e instanceof Error ? e.message : String(e));
    return { jsonrpc: "2.0", id, error: { code: err.code, message: err.message, ...(err.data ? { data: err.data } : {}) } };
  };
  // The reply at once where the method answers synchronously (a broadcast's CheckTx), else its promise.
  const callNow = (id: unknown, method: unknown, params: unknown, form: "json" | "uri"): RpcReply | Promise<RpcReply> => {
    node.produceIfDue?.(); // queries yield to block production (drivers/embedded.ts)
    try {
      if (typeof method !== "string") throw new RpcError(-32600, "Invalid Request", "method must be a string");
      const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
      if (handler === undefined) throw new RpcError(-32601, "Method not found", "");
      const named = namedParams(method, params, o.extra?.argNames[method]);
      if (typeof named === "string") throw invalidParams(named);
      const result = handler(named, form);
      if (result instanceof Promise) return result.then((r): RpcReply => ({ jsonrpc: "2.0", id, result: r }), (e: unknown) => failed(id, e));
      return { jsonrpc: "2.0", id, result };
    } catch (e) {
      return failed(id, e);
    }
  };
  const call = async (id: unknown, method: unknown, params: unknown, form: "json" | "uri"): Promise<RpcReply> => callNow(id, method, params, form);

  app.post("/", async (c) => {
    const text = await c.req.text();
    if (text.length > maxBody) return c.json({ jsonrpc: "2.0", id: -1, error: { code: -32600, message: "Invalid Request", data: `body larger than ${maxBody} bytes` } }, 413);
    if (text.trim() === "") return c.json({ jsonrpc: "2.0", id: -1, error: { code: -32600, message: "Invalid Request", data: "empty body" } }, 400);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (e) {
      return c.json({ jsonrpc: "2.0", id: -1, error: { code: -32700, message: "Parse error", data: (e as Error).message } }, 500);
    }
    const one = async (r: unknown) => {
      if (typeof r !== "object" || r === null || Array.isArray(r)) return { jsonrpc: "2.0", id: -1, error: { code: -32600, message: "Invalid Request", data: "not a JSON-RPC request object" } };
      const { id, method, params } = r as { id?: unknown; method?: unknown; params?: unknown };
      return call(id ?? -1, method, params, "json");
    };
    if (Array.isArray(body)) {
      if (body.length === 0) return c.json({ jsonrpc: "2.0", id: -1, error: { code: -32600, message: "Invalid Request", data: "empty batch" } }, 400);
      const out = [];
      for (const r of body.slice(0, 100)) out.push(await one(r));
      return c.json(out.length === 1 ? out[0] : out);
    }
    return c.json(await one(body));
  });
  app.get("/", (c) => c.text(`Available endpoints:\n${Object.keys(methods).map((m) => `//${new URL(c.req.url).host}/${m}`).join("\n")}\n`));
  app.get("/:method", async (c: Context) => {
    const method = c.req.param("method") ?? "";
    if (!Object.hasOwn(methods, method)) return c.json({ jsonrpc: "2.0", id: -1, error: { code: -32601, message: "Method not found" } }, 404);
    const params: Params = {};
    for (const [k, v] of Object.entries(c.req.query())) params[k] = uriValue(v);
    const r = await call(-1, method, params, "uri");
    return c.json(r, "error" in r ? 500 : 200);
  });
  app.notFound((c) => c.json({ jsonrpc: "2.0", id: -1, error: { code: -32601, message: "Method not found" } }, 404));
  app.onError((e, c) => c.json({ jsonrpc: "2.0", id: -1, error: { code: -32603, message: "Internal error", data: e.message } }, 500));
  const blocks = methods.block as (p: Params, form: "json" | "uri") => { block_id: unknown; block: unknown };
  const results = methods.block_results as (p: Params, form: "json" | "uri") => { txs_results: unknown; finalize_block_events: unknown; app_hash: string };
  return {
    app,
    call,
    callNow,
    newBlockValue: (height) => {
      const { block, block_id } = blocks({ height: `${height}` }, "json");
      const r = results({ height: `${height}` }, "json");
      return {
        block, block_id,
        result_finalize_block: { events: r.finalize_block_events, ...(r.txs_results ? { tx_results: r.txs_results } : {}), app_hash: r.app_hash },
      };
    },
    txValue: (r) => ({
      TxResult: { height: int(r.height), ...(r.index !== 0 ? { index: r.index } : {}), tx: base64.encode(r.tx), result: execTxResult(r) },
    }),
  };
}

/** A URI argument: `"text"` quoted, `0x…` bytes (kept as such), bare numbers and words as text. */
function uriValue(v: string): unknown {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1);
  return v;
}

// ---- parameters ----

/** An int64 parameter: a string in JSON (CometBFT refuses numbers there), bare in the URI form. */
function intParam(p: Params, name: string, form: "json" | "uri"): bigint | undefined {
  const v = p[name];
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "number" && form === "json") throw invalidParams(`${name}: expected a string (int64 in JSON), got a number`);
  const text = String(v);
  if (!/^-?[0-9]{1,19}$/.test(text)) throw invalidParams(`${name}: ${JSON.stringify(v)} is not an integer`);
  return BigInt(text);
}

/** A []byte parameter: base64 in JSON, `0x…` hex in the URI form. */
function bytesParam(p: Params, name: string): Uint8Array {
  const v = p[name];
  if (typeof v !== "string") throw invalidParams(`${name}: expected bytes`);
  try {
    if (/^0x[0-9a-fA-F]*$/.test(v)) return hex.decode(v.slice(2).toLowerCase());
    return base64.decode(v);
  } catch (e) {
    throw invalidParams(`${name}: ${(e as Error).message}`);
  }
}

/** A HexBytes parameter (abci_query data): hex, `0x` optional. */
function hexParam(p: Params, name: string): Uint8Array {
  const v = p[name];
  if (v === undefined || v === null || v === "") return new Uint8Array();
  if (typeof v !== "string" || !/^(0x)?([0-9a-fA-F]{2})*$/.test(v)) throw invalidParams(`${name}: expected hex bytes`);
  return hex.decode(v.replace(/^0x/, "").toLowerCase());
}

function stringParam(p: Params, name: string): string | undefined {
  const v = p[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw invalidParams(`${name}: expected a string`);
  return v;
}

// ---- shapes ----

const int = (n: bigint | number) => `${n}`;
const rfc3339 = (ns: bigint) => timestampString(ns);

/** ExecTxResult in gogo jsonpb (EmitDefaults): every field, int64 as strings, data base64. */
function execTxResult(r: TxResult) {
  const data = r.data;
  return {
    code: r.code,
    data: data.length === 0 ? null : base64.encode(data),
    log: r.rawLog,
    info: "",
    gas_wanted: int(r.gasWanted),
    gas_used: int(r.gasUsed),
    events: r.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index ?? true })) })),
    codespace: r.codespace,
  };
}

function resultTx(r: TxResult) {
  return { hash: r.hash, height: int(r.height), index: r.index, tx_result: execTxResult(r), tx: base64.encode(r.tx) };
}


function rpcMethods(node: Node, o: RpcOptions): Record<string, Method> {
  const chainId = node.chainId;
  /** The bonded validators, by power (the set a block's header commits to); addresses as hex. */
  const validatorSet = () => node.consensusValidators().map((v) => ({ ...v, hex: bytesToHex(v.address).toUpperCase() }));

  const heightParam = (p: Params, form: "json" | "uri"): bigint => {
    const latest = node.latest.height;
    const h = intParam(p, "height", form);
    if (h === undefined || h === 0n) return latest;
    if (h < 0n) throw internal(`height must be greater than 0, but got ${h}`);
    if (h > latest) throw internal(`height ${h} must be less than or equal to the current blockchain height ${latest}`);
    return h;
  };

  const emptyBlockId = { hash: "", parts: { total: 0, hash: "" } };
  const cometBlock = latestBlockCache(node); // the latest block's answer read once (blocks.ts)
  const blockAt = (height: bigint) => {
    const b = cometBlock(height);
    if (!b) throw internal(`could not find block at height ${height}`);
    return b;
  };
  const blockJson = (height: bigint) => {
    const { block_id, block } = blockAt(height);
    return { block_id, block };
  };

  const broadcast = (p: Params) => {
    const tx = bytesParam(p, "tx");
    const hash = txBytesHash(tx);
    try {
      const submitted = node.submit(tx);
      return { check: { code: 0, data: "", log: "", codespace: "", hash }, included: submitted.included };
    } catch (e) {
      if (!(e instanceof TxError)) throw e;
      return { check: { code: e.code, data: "", log: e.log, codespace: e.codespace, hash }, included: undefined };
    }
  };

  const txSearch = async (p: Params, form: "json" | "uri") => {
    const query = stringParam(p, "query") ?? "";
    const page = Number(intParam(p, "page", form) ?? 1n);
    const perPage = Math.min(Math.max(Number(intParam(p, "per_page", form) ?? 30n), 1), 100);
    const order = stringParam(p, "order_by") ?? "asc";
    if (order !== "asc" && order !== "desc" && order !== "") throw internal("expected order_by to be either `asc` or `desc` or empty");
    await txIndexed(node);
    let found;
    try {
      found = node.searchTxs(query, { page: Math.max(page, 1), limit: perPage, desc: order === "desc" });
    } catch (e) {
      throw internal((e as Error).message);
    }
    const pages = Math.max(1, Math.ceil(found.total / perPage));
    if (page < 1 || page > pages) throw internal(`page should be within [1, ${pages}] range, given ${page}`);
    return { txs: found.txs.map(resultTx), total_count: int(found.total) };
  };

  const validatorsJson = (p: Params, form: "json" | "uri") => {
    const height = heightParam(p, form);
    const set = validatorSet();
    const page = Number(intParam(p, "page", form) ?? 1n);
    const perPage = Math.min(Math.max(Number(intParam(p, "per_page", form) ?? 30n), 1), 100);
    const pages = Math.max(1, Math.ceil(set.length / perPage));
    if (page < 1 || page > pages) throw internal(`page should be within [1, ${pages}] range, given ${page}`);
    const shown = set.slice((page - 1) * perPage, page * perPage);
    return {
      block_height: int(height),
      validators: shown.map((x) => ({
        address: x.hex,
        pub_key: { type: "tendermint/PubKeyEd25519", value: base64.encode(x.pub) },
        voting_power: int(x.power),
        proposer_priority: "0",
      })),
      count: int(shown.length),
      total: int(set.length),
    };
  };

  return {
    health: () => ({}),
    status: () => {
      const latest = node.latest.height;
      const b = node.blockTxs(latest); // height 0: the genesis state's row
      const first = latest > 0n ? node.blockTxs(1n) : undefined;
      const me = validatorSet()[0];
      const key = me ? { address: me.hex, pub: me.pub } : consensusKey(chainId, "node");
      return {
        node_info: {
          protocol_version: { p2p: "8", block: "11", app: "0" },
          id: bytesToHex(sha256(utf8ToBytes(`node-id|${chainId}`)).subarray(0, 20)),
          // No P2P here: the one CometBFT port the node listens on is its RPC's.
          listen_addr: o.rpcAddress?.() ?? "",
          network: chainId,
          version: COMETBFT_VERSION,
          channels: "40202122233038606100",
          moniker: "tiered-rewards-engine",
          other: { tx_index: "on", rpc_address: o.rpcAddress?.() ?? "" },
        },
        sync_info: {
          latest_block_hash: b?.hash ?? "",
          latest_app_hash: (b?.appHash ?? "").toUpperCase(),
          latest_block_height: int(latest),
          latest_block_time: rfc3339(node.latest.timeNs),
          earliest_block_hash: first?.hash ?? "",
          earliest_app_hash: (first?.appHash ?? "").toUpperCase(),
          earliest_block_height: latest > 0n ? "1" : "0",
          earliest_block_time: rfc3339(first?.header.timeNs ?? node.genesis.genesisTimeNs),
          catching_up: false,
        },
        validator_info: {
          address: key.address,
          pub_key: { type: "tendermint/PubKeyEd25519", value: base64.encode(key.pub) },
          voting_power: int(me?.power ?? 0n),
        },
      };
    },
    abci_info: () => {
      const latest = node.latest.height;
      const b = latest > 0n ? node.blockTxs(latest) : undefined;
      return {
        response: {
          data: "tiered-rewards-engine", version: "0.53.0", app_version: "0",
          last_block_height: int(latest), last_block_app_hash: b ? base64.encode(hex.decode(b.appHash.toLowerCase())) : "",
        },
      };
    },
    abci_query: async (p, form) => {
      const path = stringParam(p, "path") ?? "";
      const data = hexParam(p, "data");
      const height = intParam(p, "height", form);
      const r = await o.query(path, data, height);
      return {
        response: {
          code: r.code, log: r.log, info: "", index: "0", key: null, value: r.value.length === 0 ? null : base64.encode(r.value),
          proofOps: null, height: int(r.height), codespace: r.codespace,
        },
      };
    },
    broadcast_tx_async: (p) => {
      const { check } = broadcast(p);
      return { code: 0, data: "", log: "", codespace: "", hash: check.hash };
    },
    broadcast_tx_sync: (p) => broadcast(p).check,
    check_tx: (p) => {
      const tx = bytesParam(p, "tx");
      try {
        const r = node.checkTx(tx, "check");
        return { code: 0, data: null, log: "", info: "", gas_wanted: int(r.verified.fee.gas), gas_used: int(r.gasUsed), events: [], codespace: "" };
      } catch (e) {
        if (!(e instanceof TxError)) throw e;
        return { code: e.code, data: null, log: e.log, info: "", gas_wanted: "0", gas_used: "0", events: [], codespace: e.codespace };
      }
    },
    broadcast_tx_commit: async (p) => {
      const { check, included } = broadcast(p);
      const checkTx = { code: check.code, data: null, log: check.log, info: "", gas_wanted: "0", gas_used: "0", events: [], codespace: check.codespace };
      if (included === undefined) return { check_tx: checkTx, tx_result: execEmpty(), hash: check.hash, height: "0" };
      const r = await awaitInclusion(included, o.commitTimeoutMs);
      // CometBFT's answer (rpc/core/mempool.go): the error alone, the tx left in the mempool.
      if (r === undefined) throw internal("timed out waiting for tx to be included in a block");
      return { check_tx: checkTx, tx_result: execTxResult(r), hash: check.hash, height: int(r.height) };
    },
    tx: (p) => {
      const bytes = bytesParam(p, "hash");
      const hash = bytesToHex(bytes).toUpperCase();
      const r = bytes.length === 32 ? node.txResult(hash) : undefined;
      if (!r) throw internal(`tx (${hash}) not found`);
      return resultTx(r);
    },
    tx_search: txSearch,
    block: (p, form) => blockJson(heightParam(p, form)),
    block_by_hash: (p) => {
      const hash = bytesToHex(bytesParam(p, "hash")).toUpperCase();
      const h = node.heightOfBlockHash(hash, node.latest.height - BY_HASH_DEPTH);
      return h === undefined ? { block_id: emptyBlockId, block: null } : blockJson(h);
    },
    header: (p, form) => ({ header: blockAt(heightParam(p, form)).block.header }),
    header_by_hash: (p) => {
      const hash = bytesToHex(bytesParam(p, "hash")).toUpperCase();
      const h = node.heightOfBlockHash(hash, node.latest.height - BY_HASH_DEPTH);
      return h === undefined ? { header: null } : { header: blockAt(h).block.header };
    },
    commit: (p, form) => {
      const height = heightParam(p, form);
      const { block_id, block, signatures } = blockAt(height);
      return {
        signed_header: { header: block.header, commit: { height: int(height), round: 0, block_id, signatures } },
        canonical: height < node.latest.height,
      };
    },
    block_results: (p, form) => {
      const height = heightParam(p, form);
      const b = blockAt(height).raw;
      return {
        height: int(height),
        txs_results: b.txs.length === 0 ? null : b.txs.map(execTxResult),
        finalize_block_events: b.events.length === 0 ? null : b.events,
        validator_updates: null,
        consensus_param_updates: null,
        app_hash: base64.encode(hex.decode(b.appHash.toLowerCase())),
      };
    },
    blockchain: (p, form) => {
      const latest = node.latest.height;
      let max = intParam(p, "maxHeight", form) ?? latest;
      if (max === 0n || max > latest) max = latest;
      let min = intParam(p, "minHeight", form) ?? 1n;
      if (min < 1n) min = 1n;
      if (min > max) throw internal(`min height ${min} can't be greater than max height ${max}`);
      if (max - min >= 20n) min = max - 19n;
      const metas = [];
      for (let h = max; h >= min; h--) {
        const { block_id, block, raw } = blockAt(h);
        metas.push({ block_id, block_size: int(raw.txs.reduce((t, x) => t + x.tx.length, 0)), header: block.header, num_txs: int(raw.txs.length) });
      }
      return { last_height: int(latest), block_metas: metas };
    },
    validators: validatorsJson,
    ...genesisMethods(node, { internal }, (p, form) => {
      const v = intParam(p, "chunk", form);
      if (v !== undefined && v < 0n) throw invalidParams(`chunk: ${v} is not an unsigned integer`);
      return v;
    }, o.genesisChunkSize, o.genesisCometFormBound),
    num_unconfirmed_txs: () => {
      const u = node.unconfirmedTxs();
      return { n_txs: int(u.count), total: int(u.count), total_bytes: int(u.bytes), txs: null };
    },
    unconfirmed_txs: (p, form) => {
      const u = node.unconfirmedTxs();
      const limit = Math.min(Math.max(Number(intParam(p, "limit", form) ?? 30n), 1), 100);
      return { n_txs: int(Math.min(limit, u.count)), total: int(u.count), total_bytes: int(u.bytes), txs: u.txs.slice(0, limit).map((t) => base64.encode(t)) };
    },
  };
}

function execEmpty() {
  return { code: 0, data: null, log: "", info: "", gas_wanted: "0", gas_used: "0", events: [], codespace: "" };
}
