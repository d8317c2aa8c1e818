// The broadcast's fast path: `POST /cosmos/tx/v1beta1/txs {tx_bytes, mode: SYNC|ASYNC}` answered
// straight from Node's request, before the Hono app. Through Hono a broadcast paid for a WHATWG
// Request (headers list, AbortSignal, a web ReadableStream over the body), the middleware chain and
// a Response written back through the adapter: several times what CheckTx itself costs. Here the
// body is read as one Buffer, parsed once, the tx's bytes decoded once and submitted; the answer is
// the same bytes and headers the route in app.ts gives (test/server/tx-fast.test.ts holds that).
//
// Anything else goes on to the app unchanged: another path or method, a body without
// Content-Length or over the limit, every request while --cors-origins is on (the app's CORS
// middleware sets its headers even on a request without an Origin), a
// body that is not exactly {tx_bytes: base64, mode: "BROADCAST_MODE_SYNC"|"BROADCAST_MODE_ASYNC"}
// (the app renders its errors), a halted chain, and any failure that is not the tx's own refusal.
// A body already read goes on as the request's `rawBody` (read by @hono/node-server).

import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { base64 } from "@scure/base";
import { TxError } from "../wire/errors.js";
import { txBytesHash } from "../wire/tx.js";
import { jsonDepthExceeds } from "./app.js";
import { txResponse } from "./tx-queries.js";

export const FAST_TX_PATH = "/cosmos/tx/v1beta1/txs";

/** Largest body the fast path reads itself (larger ones, a multi-message tx, go through the app). */
const FAST_MAX_BODY = 256 * 1024;

/**
 * Txs that arrived together (within one turn of the event loop), checked in arrival order, with
 * their signatures verified ahead on the workers (app/ante/sig-pool.ts). One queue for the REST and
 * RPC paths. At each turn's check phase the batch that arrived in it is handed to the workers
 * (`start`), then the previous turn's batch runs its CheckTx calls: the workers verify a batch while
 * the main thread checks the one before and reads the next requests, so by its CheckTx a tx's
 * signature is mostly judged already (CheckTx never waits for it). A batch the workers did not take
 * (under sig-pool's MIN_BATCH: a lone broadcast; no workers) runs in its own turn, after the batch
 * before it: no added wait. A batch handed over waits one turn of the event loop (setImmediate, no timer).
 */
export class IngestQueue {
  private queued: { tx: Uint8Array; run: () => void }[] = [];
  /** Handed to the workers in the last turn: its CheckTx calls run in the next one. */
  private handed: { items: { tx: Uint8Array; run: () => void }[]; started: { forget(): void } } | undefined;
  private scheduled = false;
  private busy = false;

  /** `start`: the workers begin verifying the batch (CheckTx never waits for them): its `forget` once the batch's CheckTx calls ran; undefined when they did not take it. */
  constructor(private readonly start: (txs: Uint8Array[]) => { forget(): void } | undefined) {}

  /** Runs `run` (the tx's CheckTx and answer; it must not throw) in arrival order. */
  add(tx: Uint8Array, run: () => void): void {
    this.queued.push({ tx, run });
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.busy || (this.queued.length === 0 && this.handed === undefined)) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const before = this.handed;
    const batch = this.queued;
    this.handed = undefined;
    this.queued = [];
    this.busy = true;
    try {
      let started: { forget(): void } | undefined;
      try {
        started = batch.length === 0 ? undefined : this.start(batch.map((b) => b.tx));
      } catch {
        started = undefined; // checked inline
      }
      if (before) this.runAll(before.items, before.started);
      if (started) this.handed = { items: batch, started };
      else this.runAll(batch, undefined);
    } finally {
      this.busy = false;
      this.schedule();
    }
  }

  private runAll(items: { run: () => void }[], started: { forget(): void } | undefined): void {
    try {
      for (const b of items) b.run();
    } finally {
      started?.forget();
    }
  }
}

export interface FastTxOptions {
  submit(tx: Uint8Array): { hash: string };
  /** Where the txs wait for their signatures' batch; without it each is checked at once. */
  ingest?: IngestQueue;
  /** The chain's state as the app's middleware reads it: a due block first, nothing once halted. */
  chain: { readonly halted: Error | null; produceIfDue?(): void };
  maxBodyBytes: number;
  maxJsonDepth: number;
  /** --cors-origins is on: every request goes through the app (its CORS headers, set with or without an Origin). */
  cors: boolean;
}

/** How many broadcasts the fast path answered and how many it passed on (tests, the bench). */
export const fastTxCounts = { answered: 0, passed: 0 };

/** `next` with the broadcast's fast path in front. */
export function fastTxBroadcast(next: RequestListener, o: FastTxOptions): RequestListener {
  return fastPost(next, FAST_TX_PATH, o, (body) => fastAnswer(body, o));
}

/** `answer` took the request: it calls `done` later, once (fastPost). */
const LATER = Symbol("later");

/**
 * `next` with a fast path for POST `path`: a body of a declared length within the limits is read
 * whole and given to `answer`; its JSON (or a promise of it, or LATER and then `done` with it) is
 * the 200 answer; undefined, a throw or a rejection pass the request (its body as `rawBody`) on to
 * `next`.
 */
function fastPost(
  next: RequestListener, path: string, o: { maxBodyBytes: number; cors: boolean },
  answer: (body: Buffer, done: (text: string | undefined | Error) => void) => string | undefined | Promise<string | undefined> | typeof LATER,
): RequestListener {
  const limit = Math.min(o.maxBodyBytes, FAST_MAX_BODY);
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST" || req.url !== path || o.cors) return next(req, res);
    const declared = req.headers["content-length"];
    const length = declared === undefined ? NaN : Number(declared);
    if (!(length > 0 && length <= limit) || req.headers["transfer-encoding"] !== undefined) return next(req, res);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.once("end", () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const pass = () => {
        fastTxCounts.passed++;
        (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
        next(req, res);
      };
      const send = (text: string | undefined) => {
        if (text === undefined) return pass();
        fastTxCounts.answered++;
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
        res.end(text);
      };
      let got: string | undefined | Promise<string | undefined> | typeof LATER;
      try {
        got = answer(body, (text) => (text instanceof Error ? pass() : send(text)));
      } catch {
        return pass();
      }
      if (got === LATER) return;
      if (typeof got === "object") got.then(send, pass);
      else send(got);
    });
  };
}

/** The RPC's methods the RPC fast path answers (a single JSON-RPC request object, POST /). */
const RPC_FAST_METHODS = new Set(["broadcast_tx_sync", "broadcast_tx_async", "broadcast_tx_commit", "check_tx"]);

/**
 * The RPC server's fast path: POST / of one JSON-RPC request object calling a broadcast method
 * (RPC_FAST_METHODS) is answered by the RPC's own `callNow` (rpc/server.ts, what its Hono route calls)
 * without the Hono app; anything else (a batch, another method, CORS, a body the route refuses)
 * goes on to it.
 */
export function fastRpcBroadcast(
  next: RequestListener,
  o: {
    /** The RPC's call (rpc/server.ts `callNow`): the reply itself where the method answers synchronously, else its promise; a batch's answers are written as each CheckTx ends. */
    callNow: (id: unknown, method: unknown, params: unknown, form: "json") => unknown;
    maxBodyBytes: number; cors: boolean; ingest?: IngestQueue;
  },
): RequestListener {
  return fastPost(next, "/", o, (body, done) => {
    if (body[0] !== 0x7b) return undefined;
    const r = JSON.parse(body.toString("utf8")) as unknown;
    if (typeof r !== "object" || r === null || Array.isArray(r)) return undefined;
    const { id, method, params } = r as { id?: unknown; method?: unknown; params?: unknown };
    if (typeof method !== "string" || !RPC_FAST_METHODS.has(method)) return undefined;
    const callNow = o.callNow;
    const answer = async () => JSON.stringify(await callNow(id ?? -1, method, params, "json"));
    const tx = (params as { tx?: unknown } | null | undefined)?.tx;
    const ingest = o.ingest;
    if (ingest === undefined || typeof tx !== "string" || method === "check_tx") return answer();
    let bytes: Uint8Array;
    try {
      bytes = base64.decode(tx);
    } catch {
      return answer(); // the method's own refusal
    }
    // The call's CheckTx runs synchronously in `run` (rpc/server.ts broadcast), in arrival order.
    // Its answer written at once, inside the batch: the client reads it (on another core) while the
    // batch's next CheckTx runs, instead of every answer of the batch leaving after the last one.
    ingest.add(bytes, () => {
      try {
        const reply = callNow(id ?? -1, method, params, "json");
        if (reply instanceof Promise) reply.then((r) => done(JSON.stringify(r)), (e: Error) => done(e));
        else done(JSON.stringify(reply));
      } catch (e) {
        done(e as Error);
      }
    });
    return LATER;
  });
}

const MODES = new Set(["BROADCAST_MODE_SYNC", "BROADCAST_MODE_ASYNC"]);

/** The route's JSON answer, or undefined when the app must answer (see the file's comment). */
function fastAnswer(body: Buffer, o: FastTxOptions): string | undefined | Promise<string | undefined> {
  // The first byte '{': no BOM, no leading space the app's decoder would treat otherwise.
  if (body[0] !== 0x7b) return undefined;
  const text = body.toString("utf8");
  if (jsonDepthExceeds(text, o.maxJsonDepth)) return undefined;
  const json = JSON.parse(text) as unknown;
  if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
  let keys = 0;
  for (const k in json) {
    if (k !== "tx_bytes" && k !== "mode") return undefined;
    keys++;
  }
  const { tx_bytes: raw, mode } = json as { tx_bytes?: unknown; mode?: unknown };
  if (keys !== 2 || typeof raw !== "string" || raw === "" || typeof mode !== "string" || !MODES.has(mode)) return undefined;
  const tx = base64.decode(raw);
  if (o.ingest === undefined) return submitted(tx, o);
  const ingest = o.ingest;
  return new Promise((resolve, reject) => ingest.add(tx, () => {
    try {
      resolve(submitted(tx, o));
    } catch (e) {
      reject(e as Error);
    }
  }));
}

/** CheckTx of `tx` into the mempool and the route's answer; undefined on a halted chain. */
function submitted(tx: Uint8Array, o: FastTxOptions): string | undefined {
  if (o.chain.halted) return undefined;
  o.chain.produceIfDue?.();
  if (o.chain.halted) return undefined;
  let r: { hash: string; code: number; codespace: string; rawLog: string };
  try {
    r = { hash: o.submit(tx).hash, code: 0, codespace: "", rawLog: "" };
  } catch (e) {
    if (!(e instanceof TxError)) throw e;
    r = { hash: txBytesHash(tx), code: e.code, codespace: e.codespace, rawLog: e.log };
  }
  return JSON.stringify({ tx_response: txResponse({ ...r, height: 0n }) });
}
