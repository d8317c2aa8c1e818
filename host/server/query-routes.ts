// The REST face of the query router (framework/query-router.ts): each method's google.api.http route,
// its answer the gateway JSON of the typed response. Rendering only: the handlers decide.

import type { Hono } from "hono";
import type { QueryRouter } from "../framework/query-router.js";
import { GatewayError, GrpcCode } from "../wire/gateway-json.js";

const JSON_TYPE = { "Content-Type": "application/json" };

/**
 * The answer of route number `route` of the router's routes by a query worker (query-pool.ts: a
 * promise) or by the node (`answer`, also the worker's fallback).
 */
export type QueryOffload = (
  route: number, routePath: string, path: Record<string, string>, query: Record<string, string[]>, answer: () => string,
) => string | Promise<string>;

export function registerQueryRoutes(app: Hono, router: QueryRouter, chainSegment: string, offload?: QueryOffload): void {
  const routes = router.routes(chainSegment);
  routes.forEach((route, i) => {
    // c.json's response (its Content-Type), the text written by the answer's compiled writer (a hot
    // method's kept per block under the request's URL: framework/block-answers.ts).
    app.get(route.path, (c): Response | Promise<Response> => {
      const text = () => route.textAtLatest(c.req.url, { path: c.req.param() as Record<string, string>, query: (name) => c.req.queries(name) ?? [] });
      // A height-pinned request (x-cosmos-block-height) is the node's own.
      const off = offload === undefined || c.req.header("x-cosmos-block-height") !== undefined
        ? undefined
        : offload(i, route.path, c.req.param() as Record<string, string>, c.req.queries(), text);
      if (off === undefined) return c.body(text(), undefined, JSON_TYPE);
      return typeof off === "string" ? c.body(off, undefined, JSON_TYPE) : off.then((t) => c.body(t, undefined, JSON_TYPE));
    });
  });
  // A known path asked with another method: grpc-gateway v1 answers Unimplemented (HTTP 501).
  for (const path of new Set(routes.map((r) => r.path))) {
    app.all(path, () => {
      throw new GatewayError(GrpcCode.UNIMPLEMENTED, "Method Not Allowed");
    });
  }
}
