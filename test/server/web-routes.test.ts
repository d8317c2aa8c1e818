// GET /, GET /explorer[/...] and /web/{asset} (host/server/web.ts) on a directory made here: content types, caching
// headers, ETag revalidation, the chain segment written into the page, a clear 404 when the
// dashboard was never built, and the page's icon at /favicon.ico.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { registerWebRoutes } from "../../host/server/web.js";
import { errorBody } from "../../host/wire/gateway-json.js";

/** Errors rendered as the node's app does. */
function app(dir: string, chainSegment = "chainmain"): Hono {
  const a = new Hono();
  registerWebRoutes(a, { chainSegment, dir });
  a.onError((e, c) => c.json(errorBody((e as { code?: number }).code ?? 13, e.message), 404));
  return a;
}

test("the page, its assets, their types and caching; the chain segment in the page", async () => {
  const dir = await mkdtemp(join(tmpdir(), "web-routes-"));
  try {
    await writeFile(join(dir, "index.html"), '<!doctype html><meta name="chain-segment" content="chainmain"><title>t</title>');
    await writeFile(join(dir, "core-abc.wasm"), new Uint8Array([0, 97, 115, 109]));
    await writeFile(join(dir, "app-abc.js"), "export {};");
    const a = app(dir, "mychain");
    const page = await a.request("/");
    assert.is(page.status, 200);
    assert.is(page.headers.get("content-type"), "text/html; charset=utf-8");
    assert.is(page.headers.get("cache-control"), "no-cache");
    assert.match(page.headers.get("content-security-policy")!, /script-src 'self' 'wasm-unsafe-eval'/);
    assert.match(await page.text(), /<meta name="chain-segment" content="mychain">/);
    const etag = page.headers.get("etag")!;
    assert.is((await a.request("/", { headers: { "if-none-match": etag } })).status, 304);
    assert.is((await a.request("/", { headers: { "if-none-match": '"other"' } })).status, 200);

    const wasm = await a.request("/web/core-abc.wasm");
    assert.is(wasm.headers.get("content-type"), "application/wasm");
    assert.is(wasm.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.is(wasm.headers.get("x-content-type-options"), "nosniff");
    assert.equal(new Uint8Array(await wasm.arrayBuffer()), new Uint8Array([0, 97, 115, 109]));
    assert.is((await a.request("/web/app-abc.js")).headers.get("content-type"), "text/javascript; charset=utf-8");
    for (const path of ["/web/nothing.js", "/web/..%2Findex.html", "/web/index.html"]) {
      assert.is((await a.request(path)).status, 404, path);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the explorer: one page for /explorer and every path under it, with the chain segment and the policy; not /explorerx", async () => {
  const dir = await mkdtemp(join(tmpdir(), "web-routes-"));
  try {
    await writeFile(join(dir, "index.html"), "<!doctype html><title>dashboard</title>");
    await writeFile(join(dir, "explorer.html"), '<!doctype html><meta name="chain-segment" content="chainmain"><title>explorer</title>');
    await writeFile(join(dir, "explorer-abc.js"), "export {};");
    const a = app(dir, "mychain");
    const first = await a.request("/explorer");
    assert.is(first.status, 200);
    const body = await first.text();
    assert.match(body, /<title>explorer<\/title>/);
    assert.match(body, /content="mychain"/);
    assert.match(first.headers.get("content-security-policy")!, /default-src 'self'/);
    for (const path of ["/explorer/", "/explorer/blocks/5", "/explorer/txs?page=2", "/explorer/validators/crocncl1abc"]) {
      const r = await a.request(path);
      assert.is(r.status, 200, path);
      assert.is(await r.text(), body, path);
    }
    assert.is((await a.request("/explorerx")).status, 404);
    assert.is((await a.request("/web/explorer.html")).status, 404, "the page is not an asset");
    assert.is((await a.request("/web/explorer-abc.js")).status, 200);
    // A build without the explorer: its paths say to build.
    await rm(join(dir, "explorer.html"));
    assert.is((await app(dir).request("/explorer/blocks/5")).status, 404);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("without a build, GET / says to run npm run build", async () => {
  const dir = await mkdtemp(join(tmpdir(), "web-routes-"));
  try {
    const res = await app(join(dir, "none")).request("/");
    assert.is(res.status, 404);
    assert.equal(await res.json(), { code: 5, message: "the dashboard is not built: run `npm run build`", details: [] });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("GET /favicon.ico and /favicon.svg: the page's icon (SVG), built or not, as the page links it", async () => {
  const dir = await mkdtemp(join(tmpdir(), "web-routes-"));
  try {
    const a = app(dir);
    for (const path of ["/favicon.ico", "/favicon.svg"]) {
      const res = await a.request(path);
      assert.is(res.status, 200, path);
      assert.is(res.headers.get("content-type"), "image/svg+xml");
      assert.match(res.headers.get("cache-control")!, "max-age=");
      assert.match(await res.text(), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^]*<\/svg>\n$/);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  assert.match(await readFile(new URL("../../host/web/dashboard/index.html", import.meta.url), "utf8"), '<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
});

test.run();
