// The GET fast path: a hot query's answer kept for the latest block (framework/block-answers.ts),
// written straight from Node's request, before the Hono app. Through Hono a GET paid for the
// adapter's Request, the routing, the middleware chain and a Response written back through the
// adapter: more than half of what a kept answer costs the node. Here a GET whose URL has an answer
// kept at the latest block is answered with it: the same bytes and headers as the route gives
// (test/server/get-fast.test.ts holds that for the load bench's paths, before and after a block).
//
// Answers are kept by the route handlers (query-routes.ts, comet.ts's blocks/latest) under the
// request's own URL (its path and query string, as the client sent them): a URL the app routed
// once is routed the same way again, and the answer depends on nothing else of the request but
// what sends it on to the app here. On to the app, unchanged: another method (HEAD too), a Host
// the adapter would rewrite or refuse (the answer must not depend on it), a height-pinned request
// (`x-cosmos-block-height`), every request while --cors-origins is on (the app's CORS headers), a halted
// chain, and every URL with nothing kept at the latest block.

import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { BlockAnswers } from "../framework/block-answers.js";

/** Answers kept per latest block by the request's URL, as the bytes written. */
export type KeptGets = BlockAnswers<Buffer<ArrayBuffer>>;

/** A Host header @hono/node-server takes as it is (its reValidHost): the app's URL is then `http://host` + the request's. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** The request's own URL (path and query string) from a Hono context: the key answers are kept by. */
export function requestKey(env: unknown, url: string): string {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.url !== undefined) return incoming.url;
  return url.slice(url.indexOf("/", url.indexOf("//") + 2)); // app.request(): no Node request
}

/** The answer's headers but Node's own (Date, Connection, Content-Length). */
const JSON_HEAD = ["Content-Type", "application/json"];

/** How many GETs the fast path answered and how many it passed on (tests, the bench). */
export const fastGetCounts = { answered: 0, passed: 0 };

export interface FastGetOptions {
  answers: KeptGets;
  /** The chain's state as the app's middleware reads it: a due block first, nothing once halted. */
  chain: { readonly halted: Error | null; produceIfDue?(): void };
  /** --cors-origins is on: every request goes through the app (its CORS middleware sets headers even without an Origin). */
  cors: boolean;
}

/** `next` with the kept GET answers' fast path in front. */
export function fastGet(next: RequestListener, o: FastGetOptions): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "GET" || o.cors) return next(req, res);
    const h = req.headers;
    const host = h.host;
    if (host === undefined || !PLAIN_HOST.test(host) || h["x-cosmos-block-height"] !== undefined) {
      return next(req, res);
    }
    o.chain.produceIfDue?.();
    const body = o.chain.halted ? undefined : o.answers.peek(req.url!);
    if (body === undefined) {
      fastGetCounts.passed++;
      return next(req, res);
    }
    fastGetCounts.answered++;
    // As @hono/node-server writes the route's answer: its Content-Length as Node's own (after Date and Connection).
    (res as ServerResponse & { _contentLength: number | null })._contentLength = body.length;
    res.writeHead(200, JSON_HEAD);
    res.end(body);
  };
}
