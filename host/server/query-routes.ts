// The REST face of the query router (framework/query-router.ts): each method's google.api.http route,
// its answer the gateway JSON of the typed response. Rendering only: the handlers decide.

import type { Hono } from "hono";
import type { QueryRouter } from "../framework/query-router.js";
import { GatewayError, GrpcCode } from "../wire/gateway-json.js";
import { requestKey, type KeptGets } from "./get-fast.js";

const JSON_TYPE = { "Content-Type": "application/json" };

/**
 * The answer of route number `route` of the router's routes by a query worker (query-pool.ts: a
 * promise) or by the node (`answer`, also the worker's fallback).
 */
export type QueryOffload = (
  route: number, routePath: string, path: Record<string, string>, query: Record<string, string[]>, answer: () => string,
) => string | Promise<string>;

/**
 * The router's GET routes. A hot method's answer (`route.perBlock`) is kept in `kept` for the latest
 * block under the request's URL, and answered from there (by get-fast.ts before the app, or here);
 * a query worker's answer too (it is the answer at the block it was asked at: kept if that is still the latest).
 */
export function registerQueryRoutes(app: Hono, router: QueryRouter, chainSegment: string, offload?: QueryOffload, kept?: KeptGets): void {
  const routes = router.routes(chainSegment);
  routes.forEach((route, i) => {
    const keep = route.perBlock ? kept : undefined;
    // c.json's response (its Content-Type), the text written by the answer's compiled writer.
    app.get(route.path, (c): Response | Promise<Response> => {
      const text = () => route.text({ path: c.req.param() as Record<string, string>, query: (name) => c.req.queries(name) ?? [] });
      // A height-pinned request (x-cosmos-block-height) is the node's own, made afresh.
      if (c.req.header("x-cosmos-block-height") !== undefined) return c.body(text(), undefined, JSON_TYPE);
      const key = keep === undefined ? "" : requestKey(c.env, c.req.url);
      const hit = keep?.peek(key);
      if (hit !== undefined) return c.body(hit, undefined, JSON_TYPE);
      const block = keep?.at() ?? "";
      const done = (t: string): Response => {
        keep?.keep(key, Buffer.from(t), block);
        return c.body(t, undefined, JSON_TYPE);
      };
      const off = offload?.(i, route.path, c.req.param() as Record<string, string>, c.req.queries(), text);
      if (off === undefined) return done(text());
      return typeof off === "string" ? done(off) : off.then(done);
    });
  });
  // A known path asked with another method: grpc-gateway v1 answers Unimplemented (HTTP 501).
  for (const path of new Set(routes.map((r) => r.path))) {
    app.all(path, () => {
      throw new GatewayError(GrpcCode.UNIMPLEMENTED, "Method Not Allowed");
    });
  }
}
