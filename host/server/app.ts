// The REST API (Hono): the reference chain's query paths for what the emission chain holds, with
// JSON as the Cosmos gRPC-gateway renders it, and every failure rendered by one error handler as
// `{code, message, details}` with the gateway's HTTP status. With the simulated clock only, also
// POST /dev/advance to make blocks.

import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { CoreCode, CoreError } from "../core/errors.js";
import { ValidationError } from "../errors.js";
import { ChainStateError, type BlockHeader } from "../framework/types.js";
import { SimulationError, type SimulationResult } from "../framework/types.js";
import type { Advanced, Node } from "../app/node-api.js";
import { parseGoDuration, type ClockMode, type CorsOrigins } from "../config.js";
import { useCors } from "../cors.js";
import type { Genesis } from "../app/genesis.js";
import { TxError } from "../wire/errors.js";
import { decodeBroadcastTx, protoBroadcastMode } from "../wire/amino/stdtx.js";
import { keepDecoded } from "../app/decoded-txs.js";
import { txBytesHash } from "../wire/tx.js";
import { msgDataJson } from "../wire/responses.js";
import { base64 } from "@scure/base";
import { DEFAULT_LIMITS } from "../limits.js";
import { awaitInclusion } from "../app/mempool.js";
import { registerOwedBonusRoute } from "../modules/tieredrewards/queries.js";
import { emissionQueryRouter } from "../app/queries.js";
import type { TierQueries } from "../modules/tieredrewards/queries.js";
import type { QueryRouter } from "../framework/query-router.js";
import { registerQueryRoutes, type QueryOffload } from "./query-routes.js";
import { registerWebRoutes } from "./web.js";
import type { KeptGets } from "./get-fast.js";
import { jsonChunks, readableOf } from "../framework/json-stream.js";
import { registerTxQueryRoutes, txResponse } from "./tx-queries.js";
import {
  GatewayError,
  GrpcCode,
  codeFromHttpStatus,
  errorBody,
  httpStatusFromCode,
  intString,
  timestampString,
  type GrpcCodeValue,
} from "../wire/gateway-json.js";

/** What the routes of this file read: the emission-only chain or the node's ledger chain. */
export interface ServedChain {
  readonly genesis: Genesis;
  readonly clock: ClockMode;
  readonly latest: BlockHeader;
  inflation(): bigint;
  annualProvisions(): bigint;
  supplyOf(denom: string): bigint;
  blocksIn(durationNs: bigint): bigint;
  advance(blocks: bigint): Promise<Advanced>;
  /** Why the chain stopped making blocks part-way through one, or null. */
  readonly halted: Error | null;
  /** x/inflation's params now (governance may have replaced the genesis's). */
  inflationParams?(): Genesis["inflation"]["params"];
  /** Real clock: make the block that is due by now before serving (queries yield to blocks). */
  produceIfDue?(): void;
}

export interface AppOptions {
  /** First path segment of the chain's own routes (default chainmain). */
  chainSegment: string;
  /** Where unexpected errors (bugs) are reported with their stack; never into a response body. */
  logError?: (error: unknown) => void;
  /** Largest request body in bytes (default 1 MiB): 413 beyond, before the rest is read. */
  maxBodyBytes?: number;
  /** `--cors-origins` (cors.ts); undefined: no CORS headers. */
  corsOrigins?: CorsOrigins;
  /** The node serves the CometBFT service's block routes itself (comet.ts): no header-only blocks/latest here. */
  cometRoutes?: boolean;
  /** The typed queries (app/queries.ts); the emission chain's when absent. */
  router?: QueryRouter;
  /** Dev mode is on (its /dev routes are registered elsewhere): an unknown /dev path is just unknown. */
  dev?: boolean;
  /** `--query-workers`: the router's routes answered on worker threads where one is at the node's height (query-pool.ts). */
  queryOffload?: QueryOffload;
  /** The hot queries' answers kept per latest block by URL (get-fast.ts answers them before the app). */
  keptGets?: KeptGets;
}

/** Most blocks one POST /dev/advance makes (about 7 s of core time; ~1.6 years of 5 s blocks). */
export const MAX_ADVANCE_BLOCKS = 10_000_000n;

export function createApp(chain: ServedChain, options: AppOptions): Hono {
  const logError = options.logError ?? ((e: unknown) => console.error(e));
  const app = new Hono();
  useCors(app, options.corsOrigins);
  // Bodies: a declared Content-Length over the limit is refused at once; a chunked body is
  // counted as it streams and refused at the first byte past the limit. The connection is closed
  // after the answer, so the rest of the body is never read.
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_LIMITS.maxBodyBytes;
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) => {
      c.header("Connection", "close");
      return c.json(
        errorBody(GrpcCode.RESOURCE_EXHAUSTED, `request body too large: more than ${maxBodyBytes} bytes (--max-body-bytes)`),
        413,
      );
    },
  });
  // A GET or HEAD request has no body to limit (its Request's body is null): the limit is not asked
  // for one, which would build the whole fetch Request (headers, abort signal) for every query.
  app.use("*", (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next)));
  // Queries yield to block production: a block due by now is made before the request is served.
  app.use("*", async (_c, next) => {
    chain.produceIfDue?.();
    await next();
  });
  // A block that failed part-way left the core past the last committed block: serve nothing from it.
  app.use("*", async (_c, next) => {
    const halted = chain.halted;
    if (halted) {
      throw new GatewayError(
        GrpcCode.UNAVAILABLE,
        `chain halted at height ${chain.latest.height}: ${halted.message}; ` +
          "nothing past the last committed block is served: restart the node to resume from it",
      );
    }
    await next();
  });
  const paths: string[] = [];
  const get = (path: string, handler: (c: Context) => Response | Promise<Response>): void => {
    app.get(path, handler);
    paths.push(path);
  };

  // The queries: the node's router (every module's), or the emission chain's (x/mint, x/inflation, the supply).
  registerQueryRoutes(app, options.router ?? emissionQueryRouter(chain), options.chainSegment, options.queryOffload, options.keptGets);

  // ---- CometBFT service ----
  if (!options.cometRoutes) {
    get("/cosmos/base/tendermint/v1beta1/blocks/latest", (c) => c.json({ block: { header: headerJson(chain.latest) } }));
  }

  // ---- simulated clock ----
  if (chain.clock === "simulated") {
    app.post("/dev/advance", async (c) => {
      const blocks = blocksToAdvance(chain, c.req.query("blocks"), c.req.query("duration"));
      const done = await chain.advance(blocks);
      return c.json({ blocks: intString(done.blocks), block: { header: headerJson(done.header) } });
    });
    paths.push("/dev/advance");
  }

  // A known path asked with another method: grpc-gateway v1 answers Unimplemented (HTTP 501).
  for (const path of paths) {
    app.all(path, () => {
      throw new GatewayError(GrpcCode.UNIMPLEMENTED, "Method Not Allowed");
    });
  }

  // An unknown path: grpc-gateway v1 (the SDK's API server) answers Unimplemented, HTTP 501. A
  // development route (/dev/...) on a node without dev mode says how to get it.
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const devPath = path === "/dev" || path.startsWith("/dev/");
    const message = !devPath || (options.dev === true && path !== "/dev/advance")
      ? "Not Implemented"
      : path === "/dev/advance" && options.dev === true
        ? "Not Implemented: /dev/advance makes blocks on the simulated clock only; start the node with --clock simulated (on the real clock a block comes every --block-time)"
        : `Not Implemented: ${path} is a development route; start the node with --dev (or --clock simulated) to have it`;
    return c.json(errorBody(GrpcCode.UNIMPLEMENTED, message), 501);
  });

  app.onError((err, c) => {
    // Whatever the request met, once the chain halted the answer is that it did (503).
    const { code, message } = chain.halted && err instanceof ChainStateError
      ? { code: GrpcCode.UNAVAILABLE, message: `${err.message}: restart the node to resume` }
      : toGatewayError(err, logError);
    return c.json(errorBody(code, message), httpStatusFromCode(code) as ContentfulStatusCode);
  });

  return app;
}

function headerJson(h: BlockHeader): { chain_id: string; height: string; time: string } {
  return { chain_id: h.chainId, height: intString(h.height), time: timestampString(h.timeNs) };
}

/** Blocks asked for by `?blocks=N` or `?duration=D` (whole blocks of the block time in D). */
function blocksToAdvance(chain: ServedChain, blocksText?: string, durationText?: string): bigint {
  const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);
  if (blocksText !== undefined && durationText !== undefined) {
    throw invalid("give either blocks or duration, not both");
  }
  let blocks: bigint;
  if (blocksText !== undefined) {
    if (!/^[0-9]+$/.test(blocksText)) {
      throw invalid(`invalid blocks ${JSON.stringify(blocksText)}: not a non-negative integer`);
    }
    blocks = BigInt(blocksText);
  } else if (durationText !== undefined) {
    try {
      blocks = chain.blocksIn(parseGoDuration(durationText));
    } catch (e) {
      throw invalid(`invalid duration ${JSON.stringify(durationText)}: ${(e as Error).message}`);
    }
  } else {
    throw invalid("missing blocks or duration: POST /dev/advance?blocks=N or /dev/advance?duration=1h");
  }
  if (blocks > MAX_ADVANCE_BLOCKS) {
    throw invalid(`at most ${MAX_ADVANCE_BLOCKS} blocks per call (asked for ${blocks}); advance in several calls`);
  }
  return blocks;
}

/**
 * The node's transaction routes: `POST /txs` and `POST /cosmos/tx/v1beta1/txs` take the legacy
 * REST body `{"tx": StdTx (amino JSON), "mode": "sync"|"async"|"block"}`; `sync`/`async` answer
 * once the tx is checked and queued, `block` once it is in a committed block or, at most
 * COMMIT_TIMEOUT_MS later, with 504 and the tx's hash. A rejected tx is
 * HTTP 200 with its code, as the gateway answers BroadcastTx. Simulate; the tx service's queries
 * (tx-queries.ts); `GET /dev/export` (dev mode): the last committed state as a genesis; the owed
 * bonus and the dashboard. The query services' routes are the query router's (createApp).
 */
export function registerNodeRoutes(
  app: Hono, node: Node, chainSegment: string,
  options: {
    /** The owed-bonus route's tier queries (modules/tieredrewards/module.ts nodeTierQueries over the application). */
    tiers: TierQueries;
    dev: boolean; maxJsonDepth?: number; maxPageLimit?: number;
    /** How long mode block waits for the tx's block (default COMMIT_TIMEOUT_MS, as the RPC's broadcast_tx_commit). */
    commitTimeoutMs?: number;
    /** Under CometBFT (--abci): txs go to its mempool (broadcast_tx_sync), not the node's. */
    broadcastTo?: (txBytes: Uint8Array) => Promise<{ hash: string; code: number; codespace: string; log: string }>;
  },
): void {
  const maxJsonDepth = options.maxJsonDepth ?? DEFAULT_LIMITS.maxJsonDepth;
  registerOwedBonusRoute(app, node, options.tiers, chainSegment);
  registerWebRoutes(app, { chainSegment });
  const broadcast = async (c: Context) => {
    const text = await c.req.text();
    const depth = jsonDepthExceeds(text, maxJsonDepth);
    if (depth) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `invalid JSON body: nested deeper than ${maxJsonDepth} levels`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (e) {
      throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `invalid JSON body: ${(e as Error).message}`);
    }
    // The SDK tx service's BroadcastTxRequest: what its gateway cannot unmarshal is HTTP 400.
    const txBytes = protoRequestBytes(body);
    if (options.broadcastTo) {
      // As the SDK's API server beside CometBFT: the tx bytes to CometBFT's mempool.
      if (txBytes === undefined) {
        throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "this node runs under CometBFT: send protobuf txs, POST /cosmos/tx/v1beta1/txs {tx_bytes, mode} (a legacy amino StdTx has no bytes to broadcast)");
      }
      const r = await options.broadcastTo(txBytes);
      return c.json({ tx_response: txResponse({ hash: r.hash, height: 0n, code: r.code, codespace: r.codespace, rawLog: r.log }) });
    }
    let submitted: ReturnType<Node["submit"]>;
    let tx: Uint8Array | undefined = txBytes;
    try {
      // Decoded once: CheckTx takes this decoded form by its bytes (app/decoded-txs.ts), a legacy
      // StdTx's canonical form made once (decodeBroadcastTx).
      const decoded = decodeBroadcastTx(body);
      tx = decoded.bytes;
      keepDecoded(tx, decoded);
      submitted = node.submit(tx);
    } catch (e) {
      if (!(e instanceof TxError)) throw e;
      // The hash is known once the body gives the tx's bytes.
      return c.json({ tx_response: txResponse({ hash: tx === undefined ? "" : txBytesHash(tx), height: 0n, code: e.code, codespace: e.codespace, rawLog: e.log }) });
    }
    const mode = (body as { mode?: unknown }).mode;
    if (txBytes === undefined && mode === "block") {
      // Rejected with a ChainStateError if the chain halts before the tx's block commits.
      const r = await awaitInclusion(submitted.included, options.commitTimeoutMs);
      if (r !== undefined) return c.json({ tx_response: txResponse(r) });
      // The SDK's gateway passed CometBFT's commit timeout on as an untyped error (500, code 2); the
      // gateway's own answer to a deadline, DeadlineExceeded (504, code 4), says what happened, and
      // the details carry the tx's TxResponse (height 0) so a client can look the hash up later.
      const pending = txResponse({ hash: submitted.hash, height: 0n, code: 0, codespace: "", rawLog: "" });
      return c.json({
        code: GrpcCode.DEADLINE_EXCEEDED,
        message: `timed out waiting for tx to be included in a block: tx ${submitted.hash} was accepted into the mempool but is not yet in a block; ` +
          `it may still be: GET /cosmos/tx/v1beta1/txs/${submitted.hash}`,
        details: [{ "@type": "/cosmos.base.abci.v1beta1.TxResponse", ...pending }],
      }, httpStatusFromCode(GrpcCode.DEADLINE_EXCEEDED) as ContentfulStatusCode);
    }
    return c.json({ tx_response: txResponse({ hash: submitted.hash, height: 0n, code: 0, codespace: "", rawLog: "" }) });
  };
  // The last committed state as a genesis document (host/app/export.ts): a development power
  // (--dev, or the simulated clock), never served by a production node.
  // Written a piece at a time (json-stream.ts) from one snapshot of the database, as the client reads it.
  if (options.dev) {
    app.get("/dev/export", (c) => {
      const s = node.exportGenesisStream();
      if (s === undefined) return c.json(null);
      return c.body(readableOf(jsonChunks(s.doc), s.close), 200, { "content-type": "application/json" });
    });
  }
  app.post("/txs", broadcast);
  app.post("/cosmos/tx/v1beta1/txs", broadcast);
  app.post("/cosmos/tx/v1beta1/simulate", async (c) => {
    const body = await jsonBody(c, maxJsonDepth);
    const txBytes = simulateRequestBytes(body);
    let r: SimulationResult;
    try {
      r = node.simulate(txBytes);
    } catch (e) {
      // The tx service's answer for any failure: gRPC Unknown (HTTP 500) with the error and gas.
      if (e instanceof SimulationError) throw new GatewayError(GrpcCode.UNKNOWN, e.message);
      if (e instanceof TxError) throw new GatewayError(GrpcCode.UNKNOWN, `${e.log} with gas used: '0'`);
      throw e;
    }
    const { data, msg_responses } = msgDataJson(r.data);
    return c.json({
      gas_info: { gas_wanted: SIMULATE_GAS_WANTED, gas_used: intString(r.gasUsed) },
      result: { data, log: "", events: r.events, msg_responses },
    });
  });
  registerTxQueryRoutes(app, node);
}

/** Simulate runs on an infinite gas meter: its limit, MaxUint64, is the answer's gas_wanted. */
const SIMULATE_GAS_WANTED = ((1n << 64n) - 1n).toString();

/** A request body as JSON, refused (400) when too deep or not JSON. */
async function jsonBody(c: Context, maxJsonDepth: number): Promise<unknown> {
  const text = await c.req.text();
  if (jsonDepthExceeds(text, maxJsonDepth)) {
    throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `invalid JSON body: nested deeper than ${maxJsonDepth} levels`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `invalid JSON body: ${(e as Error).message}`);
  }
}

/**
 * SimulateRequest `{tx_bytes}`: its bytes. The deprecated `tx` (a JSON Tx the server would
 * re-marshal) is refused: its JSON is not the bytes a wallet signs, send tx_bytes.
 */
function simulateRequestBytes(body: unknown): Uint8Array {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "invalid JSON body: expected a SimulateRequest object");
  }
  for (const key of Object.keys(body)) {
    if (key !== "tx_bytes" && key !== "tx") throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `unknown field "${key}" in cosmos.tx.v1beta1.SimulateRequest`);
  }
  const { tx_bytes: raw, tx } = body as { tx_bytes?: unknown; tx?: unknown };
  if (tx !== undefined && tx !== null) {
    throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "the deprecated tx field is not supported: send the signed TxRaw as tx_bytes");
  }
  if (raw === undefined || raw === null || raw === "") throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "empty txBytes is not allowed");
  try {
    if (typeof raw !== "string") throw new Error(`expected a base64 string, got ${JSON.stringify(raw)}`);
    return base64.decode(raw);
  } catch (e) {
    throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `tx_bytes: ${(e as Error).message}`);
  }
}

const BROADCAST_MODE_NAMES = ["BROADCAST_MODE_UNSPECIFIED", "BROADCAST_MODE_BLOCK", "BROADCAST_MODE_SYNC", "BROADCAST_MODE_ASYNC"];

/**
 * A protobuf broadcast `{tx_bytes, mode}`: its TxRaw bytes, or undefined for the legacy `{tx, mode}`
 * body. As the gateway: a tx_bytes that is not base64 or an unknown mode name is HTTP 400; BLOCK
 * (removed in SDK v0.47) and UNSPECIFIED are the tx service's error (gRPC Unknown, HTTP 500).
 */
function protoRequestBytes(body: unknown): Uint8Array | undefined {
  if (typeof body !== "object" || body === null || !("tx_bytes" in body)) return undefined;
  const { tx_bytes: raw, mode } = body as { tx_bytes: unknown; mode?: unknown };
  let bytes: Uint8Array;
  try {
    if (typeof raw !== "string") throw new Error(`expected a base64 string, got ${JSON.stringify(raw)}`);
    bytes = base64.decode(raw);
  } catch (e) {
    throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `tx_bytes: ${(e as Error).message}`);
  }
  if (mode !== undefined && !(typeof mode === "string" && BROADCAST_MODE_NAMES.includes(mode)) && !(typeof mode === "number" && Number.isInteger(mode) && mode >= 0 && mode <= 3)) {
    throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `mode: invalid value ${JSON.stringify(mode)} for enum cosmos.tx.v1beta1.BroadcastMode`);
  }
  try {
    protoBroadcastMode(mode);
  } catch (e) {
    throw new GatewayError(GrpcCode.UNKNOWN, (e as Error).message.replace(/: invalid request$/, ""));
  }
  return bytes;
}

/**
 * Whether JSON text nests arrays and objects deeper than `max`: one pass over the text counting
 * brackets outside strings, so a hostile body is refused before a parser (and a walk over its
 * result) meets it. Not a validator: JSON.parse still judges the text.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) {
      depth--;
    }
  }
  return false;
}

const PARSE_CODES = new Set<number>([
  CoreCode.PARSE_EMPTY,
  CoreCode.PARSE_INVALID_STRING,
  CoreCode.PARSE_INVALID_LENGTH,
  CoreCode.PARSE_PRECISION,
  CoreCode.PARSE_SYNTAX,
  CoreCode.PARSE_OUT_OF_RANGE,
]);

/** The one mapping of every error to the gateway's code and message. */
/** Node's error for a request stream whose client disconnected: `aborted` / ECONNRESET. */
function clientAborted(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  return err.message === "aborted" || code === "ECONNRESET" || code === "ECONNABORTED";
}

export function toGatewayError(
  err: unknown,
  logError: (error: unknown) => void = () => {},
): { code: GrpcCodeValue; message: string } {
  if (err instanceof GatewayError) return { code: err.code, message: err.message };
  if (err instanceof ValidationError) return { code: GrpcCode.INVALID_ARGUMENT, message: err.message };
  if (err instanceof ChainStateError) return { code: GrpcCode.FAILED_PRECONDITION, message: err.message };
  // The client went away while its body was being read: its doing, not a bug (nobody reads the answer).
  if (clientAborted(err)) return { code: GrpcCode.CANCELED, message: "the client closed the request" };
  if (err instanceof CoreError) {
    // Bad input text is the caller's; any other core failure surfaces as a module error does
    // through gRPC: Unknown (HTTP 500), with the reference's message.
    return { code: PARSE_CODES.has(err.code) ? GrpcCode.INVALID_ARGUMENT : GrpcCode.UNKNOWN, message: err.message };
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    return { code: codeFromHttpStatus(status), message: err.message || `HTTP ${status}` };
  }
  logError(err);
  return { code: GrpcCode.INTERNAL, message: "internal error" };
}
