// The dashboard at GET / (host/web/dashboard/, built into build/web/dashboard/ by `npm run build`)
// and the explorer at GET /explorer and every path under it (host/web/explorer/, its explorer.html
// beside the dashboard's; the page routes by the path): the pages revalidated on every load (ETag), its content-hashed assets under /web/ served as
// immutable, each with its content type (core.wasm as application/wasm, which
// WebAssembly.instantiateStreaming requires) and a Content-Security-Policy that allows only this
// origin (no CDN) and the WebAssembly compile.

import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context, Hono } from "hono";
import { GatewayError, GrpcCode } from "../wire/gateway-json.js";

export const DASHBOARD_DIR = fileURLToPath(new URL("../../build/web/dashboard/", import.meta.url));

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

interface Asset {
  body: Uint8Array;
  type: string;
  etag: string;
}

function asset(body: Uint8Array, name: string): Asset {
  return {
    body,
    type: TYPES[extname(name)] ?? "application/octet-stream",
    etag: `"${createHash("sha256").update(body).digest("hex").slice(0, 32)}"`,
  };
}

/** Read the built dashboard (small: a page, a script, a stylesheet, the core) into memory. */
function readDashboard(dir: string, chainSegment: string): { index: Asset; explorer: Asset | null; files: Map<string, Asset> } | null {
  if (!existsSync(join(dir, "index.html"))) return null;
  const files = new Map<string, Asset>();
  for (const name of readdirSync(dir)) {
    if (name === "index.html" || name === "explorer.html") continue;
    files.set(name, asset(readFileSync(join(dir, name)), name));
  }
  // The page reads the chain's route prefix (--chain) from a meta tag. The segment is [a-z0-9]-ish
  // (host/config.ts), escaped anyway.
  const segment = chainSegment.replace(/[^A-Za-z0-9_.-]/g, "");
  const page = (name: string) => {
    const html = readFileSync(join(dir, name), "utf8").replace('<meta name="chain-segment" content="chainmain">', `<meta name="chain-segment" content="${segment}">`);
    return asset(new TextEncoder().encode(html), name);
  };
  return { index: page("index.html"), explorer: existsSync(join(dir, "explorer.html")) ? page("explorer.html") : null, files };
}

function send(c: Context, a: Asset, cacheControl: string): Response {
  const headers: Record<string, string> = {
    "content-type": a.type,
    "cache-control": cacheControl,
    etag: a.etag,
    "x-content-type-options": "nosniff",
  };
  if (a.type.startsWith("text/html")) {
    headers["content-security-policy"] = CSP;
    headers["referrer-policy"] = "no-referrer";
  }
  const tags = c.req.header("if-none-match");
  if (tags && tags.split(",").some((t) => t.trim() === a.etag || t.trim() === "*")) {
    return c.body(null, 304, headers);
  }
  return c.body(a.body as Uint8Array<ArrayBuffer>, 200, headers);
}

/** The page's icon (a coin on a stake), so browsers asking /favicon.ico get one, not an error. */
export const FAVICON = asset(new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="4" y="22" width="24" height="6" rx="2" fill="#2f5d8a"/>' +
    '<circle cx="16" cy="12" r="9" fill="#e0a526" stroke="#8a5d12" stroke-width="2"/></svg>\n',
), "favicon.svg");

/** GET /, GET /explorer[/...] and GET /web/{asset}: the dashboard, the explorer (and the icon). Without a build, a 404 that says to run it. */
export function registerWebRoutes(app: Hono, options: { chainSegment: string; dir?: string }): void {
  const built = readDashboard(options.dir ?? DASHBOARD_DIR, options.chainSegment);
  for (const path of ["/favicon.ico", "/favicon.svg"]) app.get(path, (c) => send(c, FAVICON, "public, max-age=86400"));
  const missing = () => new GatewayError(GrpcCode.NOT_FOUND, "the dashboard is not built: run `npm run build`");
  app.get("/", (c) => {
    if (!built) throw missing();
    return send(c, built.index, "no-cache");
  });
  app.get("/index.html", (c) => c.redirect("/", 301));
  const explorer = (c: Context) => {
    if (!built?.explorer) throw missing();
    return send(c, built.explorer, "no-cache");
  };
  app.get("/explorer", explorer);
  app.get("/explorer/*", explorer);
  app.get("/web/:name", (c) => {
    if (!built) throw missing();
    const a = built.files.get(c.req.param("name"));
    if (!a) throw new GatewayError(GrpcCode.NOT_FOUND, "Not Found");
    // Content-hashed names: a new build is a new URL.
    return send(c, a, "public, max-age=31536000, immutable");
  });
}
