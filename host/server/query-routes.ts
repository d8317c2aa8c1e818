// The REST face of the query router (app/query-router.ts): each method's google.api.http route,
// its answer the gateway JSON of the typed response. Rendering only: the handlers decide.

import type { Hono } from "hono";
import type { QueryRouter } from "../app/query-router.js";

export function registerQueryRoutes(app: Hono, router: QueryRouter, chainSegment: string): void {
  for (const route of router.routes(chainSegment)) {
    app.get(route.path, (c) => c.json(route.answer({ path: c.req.param() as Record<string, string>, query: (name) => c.req.queries(name) ?? [] })));
  }
}
