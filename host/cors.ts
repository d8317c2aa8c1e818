// CORS for the REST and RPC servers (`--cors-origins`): off by default, as the SDK's API server
// (`enabled-unsafe-cors = false`) and CometBFT's RPC (`cors_allowed_origins = []`) ship. With it, a
// web dApp served from another origin (http://localhost:5173) may call the node from the browser.
// Hono's own middleware answers the preflight (OPTIONS, 204) and sets the headers on every answer,
// errors included.

import type { Hono } from "hono";
import { cors } from "hono/cors";

import type { CorsOrigins } from "./config.js";

/** Installs CORS on an app: call before its routes and other middleware. */
export function useCors(app: Hono, origins: CorsOrigins | undefined): void {
  if (origins === undefined) return;
  app.use("*", cors({
    origin: origins === "*" ? "*" : [...origins],
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["Content-Type", "Authorization", "Accept"],
    maxAge: 600,
  }));
}
