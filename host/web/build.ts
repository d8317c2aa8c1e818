// The web build, run by `npm run build` after the core (build/core.wasm) is compiled:
//   build/web/engine.js   the core for web pages: an ES module, no Node built-ins (host/web/engine.ts)
//   build/web/node.js     the same for Node, plus loading the core.wasm beside it (host/web/node.ts)
//   build/web/core.wasm   a copy of build/core.wasm, next to both
//   build/web/sim-worker.js  the scenario engine in a Web Worker (host/web/sim-worker.ts, minified)
//   build/web/client.js   the chain's CosmJS client (host/client/): one ES module for Node and
//                         browser bundles, @cosmjs/* and @bufbuild/protobuf left to the app (peers)
//   build/web/*.d.ts      typings (tsc, tsconfig.web.json, into build/web/types/)
//   build/web/dashboard/  the node's page at GET / (host/web/dashboard/): index.html and
//                         content-hashed assets (app-HASH.js, style-HASH.css, core-HASH.wasm);
//                         beside them the explorer at GET /explorer (host/web/explorer/):
//                         explorer.html, explorer-HASH.js, explorer-HASH.css

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile, type Plugin } from "esbuild";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const OUT = join(ROOT, "build", "web");
const DASHBOARD_SRC = join(ROOT, "host", "web", "dashboard");
const EXPLORER_SRC = join(ROOT, "host", "web", "explorer");
export const DASHBOARD_OUT = join(OUT, "dashboard");
/** Browsers with BigInt, WebAssembly BigInt integration, top-level await. */
const BROWSER_TARGET = ["es2022", "chrome100", "firefox100", "safari15"];

function hash(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 12);
}

/** Fail the build if a browser bundle pulled in anything of Node. */
function assertNoNode(metafile: Metafile, what: string): void {
  const bad = Object.keys(metafile.inputs).filter((p) => p.startsWith("node:") || p.endsWith("host/web/node.ts") || p.endsWith("host/core/node.ts"));
  if (bad.length) throw new Error(`${what}: Node-only modules in a browser bundle: ${bad.join(", ")}`);
}

const SHIMS = join(ROOT, "host", "web", "shims");

/**
 * The scenario worker runs the node's own chain modules, some of which import Node built-ins a
 * simulation never calls (the database, files, the native secp256k1 binding, CLI argument
 * parsing, worker threads, the CLI's core loader): those resolve to a stub that fails if used; node:crypto's sha256 and
 * timers' setImmediate to small browser versions; `process` and `Buffer` are injected.
 */
const nodeShims: Plugin = {
  name: "node-shims",
  setup(b) {
    b.onResolve({ filter: /^node:crypto$/ }, () => ({ path: join(SHIMS, "node-crypto.ts") }));
    b.onResolve({ filter: /^node:timers\/promises$/ }, () => ({ path: join(SHIMS, "node-timers.ts") }));
    b.onResolve({ filter: /^(node:.*|fs|path|util|os|better-sqlite3|bindings|file-uri-to-path)$/ }, () => ({ path: join(SHIMS, "absent.ts") }));
    // The CLI's loader of build/core.wasm from disk: the worker is handed the module instead.
    b.onResolve({ filter: /\/core\/node\.js$/ }, () => ({ path: join(SHIMS, "absent.ts") }));
  },
};

/** What the client package leaves to the app that imports it (package.json peerDependencies). */
export const CLIENT_PEERS = ["@cosmjs/*", "@bufbuild/protobuf", "@bufbuild/protobuf/*"];

async function bundle(entry: string, outfile: string, platform: "browser" | "node", shims = false, external: string[] = []): Promise<Uint8Array> {
  const r = await build({
    external,
    ...(shims ? { plugins: [nodeShims], inject: [join(SHIMS, "process.ts")] } : {}),
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform,
    target: platform === "browser" ? BROWSER_TARGET : "node20",
    outfile,
    write: false,
    metafile: true,
    legalComments: "none",
    minify: shims,
    logLevel: "warning",
  });
  if (platform === "browser") assertNoNode(r.metafile, entry);
  return r.outputFiles[0].contents;
}

async function main(): Promise<void> {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(DASHBOARD_OUT, { recursive: true });
  const wasm = await readFile(join(ROOT, "build", "core.wasm"));

  // The package's entry points.
  await writeFile(join(OUT, "engine.js"), await bundle("host/web/engine.ts", "engine.js", "browser"));
  await writeFile(join(OUT, "node.js"), await bundle("host/web/node.ts", "node.js", "node"));
  await writeFile(join(OUT, "core.wasm"), wasm);
  const tsc = spawnSync(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.web.json"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (tsc.status !== 0) throw new Error("tsc -p tsconfig.web.json failed");
  await writeFile(join(OUT, "engine.d.ts"), 'export * from "./types/web/engine.js";\n');
  await writeFile(join(OUT, "node.d.ts"), 'export * from "./types/web/node.js";\n');
  // The client: a browser-safe module (checked: no Node built-in), which Node runs as is.
  await writeFile(join(OUT, "client.js"), await bundle("host/client/index.ts", "client.js", "browser", false, CLIENT_PEERS));
  await writeFile(join(OUT, "client.d.ts"), 'export * from "./types/client/index.js";\n');

  // The scenario engine in a Web Worker (the package's and the dashboard's).
  const worker = await bundle("host/web/sim-worker.ts", "sim-worker.js", "browser", true);
  await writeFile(join(OUT, "sim-worker.js"), worker);

  // The dashboard: hashed names, so the node can serve them as immutable.
  const app = await bundle("host/web/dashboard/app.ts", "app.js", "browser");
  const css = await readFile(join(DASHBOARD_SRC, "style.css"));
  const names = { app: `app-${hash(app)}.js`, css: `style-${hash(css)}.css`, wasm: `core-${hash(wasm)}.wasm`, worker: `sim-worker-${hash(worker)}.js` };
  await writeFile(join(DASHBOARD_OUT, names.app), app);
  await writeFile(join(DASHBOARD_OUT, names.worker), worker);
  await writeFile(join(DASHBOARD_OUT, names.css), css);
  await writeFile(join(DASHBOARD_OUT, names.wasm), wasm);
  const html = (await readFile(join(DASHBOARD_SRC, "index.html"), "utf8"))
    .replaceAll("%APP%", `/web/${names.app}`)
    .replaceAll("%CSS%", `/web/${names.css}`)
    .replaceAll("%WASM%", `/web/${names.wasm}`)
    .replaceAll("%WORKER%", `/web/${names.worker}`);
  if (/%[A-Z]+%/.test(html)) throw new Error("index.html: a placeholder was left");

  // The explorer: its own page and assets, served from the same /web/ folder.
  const explorer = await bundle("host/web/explorer/app.ts", "explorer.js", "browser");
  const explorerCss = await readFile(join(EXPLORER_SRC, "style.css"));
  const explorerNames = { app: `explorer-${hash(explorer)}.js`, css: `explorer-${hash(explorerCss)}.css` };
  await writeFile(join(DASHBOARD_OUT, explorerNames.app), explorer);
  await writeFile(join(DASHBOARD_OUT, explorerNames.css), explorerCss);
  const explorerHtml = (await readFile(join(EXPLORER_SRC, "index.html"), "utf8"))
    .replaceAll("%APP%", `/web/${explorerNames.app}`)
    .replaceAll("%CSS%", `/web/${explorerNames.css}`);
  if (/%[A-Z]+%/.test(explorerHtml)) throw new Error("explorer index.html: a placeholder was left");
  await writeFile(join(DASHBOARD_OUT, "explorer.html"), explorerHtml);
  // Written last: its presence means the whole web build is there (host/build-if-stale.ts).
  await writeFile(join(DASHBOARD_OUT, "index.html"), html);
}

main().catch((e: Error) => {
  process.stderr.write(`web build failed: ${e.message}\n`);
  process.exit(1);
});
