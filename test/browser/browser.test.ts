// The same build/core.wasm in Node and in a real browser (Debian's Chromium, driven by
// playwright-core): the page bundle (host/core/core.ts + emission.ts + test/browser/page.ts, built
// by esbuild for the browser, so no Node-only API can slip in) fetch()es the module from a
// loopback server, loads it with the host's loader, and runs test/browser/workload.ts; Node runs
// the same workload on the same bytes, and the two result objects must be identical.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium, type BrowserContext } from "playwright-core";
import { loadCore } from "../../host/core/core.js";
import { CORE_WASM, loadCoreFromFile } from "../../host/core/node.js";
import { runWorkload, WORKLOAD_BLOCKS, type WorkloadRun } from "./workload.js";
import { CHROMIUM, CHROMIUM_ARGS, STEP_TIMEOUT_MS } from "./chromium.js";

/** Whole browser round trip: bundle, launch, load, run. */
const TIMEOUT_MS = 90_000;

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const PAGE_ENTRY = fileURLToPath(new URL("./page.ts", import.meta.url));

const INDEX_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>core.wasm in the browser</title></head>
<body><script type="module" src="/bundle.js"></script></body></html>
`;

/** Bundle page.ts (and through it the host's core.ts and emission.ts) for the browser, in memory. */
async function bundlePage(): Promise<{ js: Uint8Array; inputs: string[] }> {
  const out = await build({
    absWorkingDir: REPO,
    entryPoints: [PAGE_ENTRY],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    outfile: "bundle.js",
    metafile: true,
    logLevel: "silent",
  });
  const [file] = out.outputFiles;
  return { js: file.contents, inputs: Object.keys(out.metafile.inputs) };
}

interface Served {
  server: Server;
  origin: string;
  /** Paths requested, in order. */
  requests: string[];
}

/** Serve the page, the bundle and the core on 127.0.0.1 at an ephemeral port. */
async function serve(js: Uint8Array, wasm: Uint8Array): Promise<Served> {
  const routes: Record<string, [string, string | Uint8Array]> = {
    "/": ["text/html; charset=utf-8", INDEX_HTML],
    "/index.html": ["text/html; charset=utf-8", INDEX_HTML],
    "/bundle.js": ["text/javascript; charset=utf-8", js],
    "/core.wasm": ["application/wasm", wasm],
  };
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    requests.push(path);
    const route = routes[path];
    if (req.method !== "GET" || !route) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const [type, body] = route;
    res.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, requests };
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

const test = suite("core.wasm in Node and in a browser");

test("the same core.wasm gives identical results in Node and in Chromium", async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} not found: this test needs Debian's chromium. Install it with ` +
        "`apt-get install -y chromium` (as root; .ci/run does this in CI).",
    );
  }

  const wasm = new Uint8Array(await readFile(CORE_WASM));
  const nodeCore = await loadCoreFromFile();
  const node = runWorkload(nodeCore);

  const { js, inputs } = await bundlePage();
  assert.ok(inputs.includes("host/core/core.ts"), `bundle inputs: ${inputs.join(", ")}`);
  assert.ok(inputs.includes("host/core/emission.ts"), `bundle inputs: ${inputs.join(", ")}`);
  assert.not.ok(
    inputs.some((p) => p.startsWith("node:") || p.endsWith("host/core/node.ts")),
    `Node-only module in the browser bundle: ${inputs.join(", ")}`,
  );

  let served: Served | undefined;
  let userDataDir: string | undefined;
  let launching: Promise<BrowserContext> | undefined;
  const pageLog: string[] = [];
  try {
    served = await serve(js, wasm);
    const { origin } = served;

    // The loader on fetched bytes in Node as well.
    const fetched = new Uint8Array(await (await fetch(`${origin}/core.wasm`)).arrayBuffer());
    assert.equal(runWorkload(await loadCore(fetched)), node, "Node, fetched bytes vs file bytes");

    userDataDir = await mkdtemp(join(tmpdir(), "core-browser-"));
    const dir = userDataDir;
    const browserRun = await withTimeout(
      (async (): Promise<WorkloadRun> => {
        launching = chromium.launchPersistentContext(dir, {
          executablePath: CHROMIUM,
          args: CHROMIUM_ARGS,
          timeout: STEP_TIMEOUT_MS,
        });
        const context = await launching;
        const page = context.pages()[0] ?? (await context.newPage());
        page.setDefaultTimeout(STEP_TIMEOUT_MS);
        page.on("console", (m) => pageLog.push(`console.${m.type()}: ${m.text()}`));
        page.on("pageerror", (e) => pageLog.push(`pageerror: ${e.message}`));
        await page.goto(`${origin}/`);
        await page.waitForFunction(() => "__workload" in globalThis);
        return page.evaluate(
          () => (globalThis as unknown as { __workload: Promise<WorkloadRun> }).__workload,
        );
      })(),
      TIMEOUT_MS,
      "browser run",
    ).catch((e: Error) => {
      throw new Error(`${e.message}${pageLog.length ? `\npage log:\n${pageLog.join("\n")}` : ""}`);
    });

    assert.match(browserRun.runtime, /Chrome\//, "ran in Chromium");
    assert.equal(browserRun.wasmBytes, wasm.byteLength, "the browser loaded the whole core.wasm");
    assert.ok(served.requests.includes("/core.wasm"), `requests: ${served.requests.join(", ")}`);
    assert.equal(browserRun.result, node, "browser vs Node");
  } finally {
    // A launch still under way when the timeout fired is waited for, then closed.
    const context = await (launching as Promise<BrowserContext> | undefined)?.catch(() => undefined);
    await context?.close().catch(() => undefined);
    if (served) await closeServer(served.server);
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  }

  // Absolute values, from the reference (test/golden/dec.json, inflation.json), so a core that is
  // wrong the same way in both runtimes still fails.
  assert.equal(node["approxRoot.perBlock"], "0.999999866106815002");
  assert.equal(node["approxRoot.perBlock.iterations"], "5");
  assert.equal(node["approxRoot.perBlock2"], "0.999999839218130970");
  assert.equal(node["approxRoot.sqrt2"], "1.414213562373095049");
  assert.equal(node["approxRoot.monthly"], "0.799298643748639815");
  assert.equal(node["power.f12"], "0.999998393282963230");
  assert.equal(node["mul.sq"], "15241578780673678.515622620750190521");
  assert.equal(node["mul.rate"], "2.499999665000000000");
  assert.equal(node["quo.tiny"], "0.000000000000000002");
  assert.equal(node["parse.2"], "1.500000000000000000");
  assert.equal(node["parse.7"], "error: failed to set decimal string with base 10: 1e5000000000000000000");
  assert.equal(node["quo.byZero"], "error: division by zero");
  assert.equal(node["emission.perBlockFactor"], "0.999999866106815002");
  assert.equal(node["emission.last.height"], WORKLOAD_BLOCKS.toString());
});

test.run();
