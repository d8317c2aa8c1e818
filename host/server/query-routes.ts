// The REST face of the query router (framework/query-router.ts): each method's google.api.http route,
// its answer the gateway JSON of the typed response. Rendering only: the handlers decide.

import type { Hono } from "hono";
import type { QueryRouter } from "../framework/query-router.js";
import { GatewayError, GrpcCode } from "../wire/gateway-json.js";

const JSON_TYPE = { "Content-Type": "application/json" };

export function registerQueryRoutes(app: Hono, router: QueryRouter, chainSegment: string): void {
  const routes = router.routes(chainSegment);
  for (const route of routes) {
    // c.json's response (its Content-Type), the text written by the answer's compiled writer (a hot
    // method's kept per block under the request's URL: framework/block-answers.ts).
    app.get(route.path, (c) => c.body(
      route.textAtLatest(c.req.url, { path: c.req.param() as Record<string, string>, query: (name) => c.req.queries(name) ?? [] }), undefined, JSON_TYPE,
    ));
  }
  // A known path asked with another method: grpc-gateway v1 answers Unimplemented (HTTP 501).
  for (const path of new Set(routes.map((r) => r.path))) {
    app.all(path, () => {
      throw new GatewayError(GrpcCode.UNIMPLEMENTED, "Method Not Allowed");
    });
  }
}
