// The package as a web developer gets it: `npm pack` (only build/web: the engine, its typings,
// core.wasm), installed offline into an empty project, docs/embedding.md's
// example type-checked against the package's typings, bundled with esbuild for the browser, and
// run in Chromium: its numbers must equal the Node core's. The package's Node entry too.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawnSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { loadCoreFromFile } from "../../host/core/node.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { estimate } from "../../host/cli/estimate.js";
import { defaultScenarioJson, parseScenario } from "../../host/scenario/scenario.js";
import { scenarioGenesis, simulate } from "../../host/cli/simulate.js";
import { mergeJson } from "../../host/app/genesis.js";
import { STEP_TIMEOUT_MS, launchChromium } from "./chromium.js";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

/** The guide's example: the first ts block of docs/embedding.md. */
async function readmeExample(): Promise<string> {
  const section = await readFile(join(REPO, "docs", "embedding.md"), "utf8");
  const code = /```ts[^\n]*\n([\s\S]*?)```/.exec(section!)?.[1];
  assert.ok(code, "the section has a ts example");
  return code!;
}

function npm(args: string[], cwd: string): string {
  const r = spawnSync(NPM, args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } });
  if (r.status !== 0) throw new Error(`npm ${args.join(" ")} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

async function serve(dir: string): Promise<{ server: Server; origin: string; types: Map<string, string> }> {
  const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
  const types = new Map<string, string>();
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const file = path === "/" ? "index.html" : path.slice(1);
    if (file.includes("/") || file.includes("..")) return void res.writeHead(404).end();
    try {
      const body = await readFile(join(dir, file));
      const type = TYPES[extname(file)] ?? "application/octet-stream";
      types.set(path, type);
      res.writeHead(200, { "content-type": type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, types };
}

test("npm pack -> install into an empty project -> the README's example bundled and run in Chromium = the Node core", async () => {
  const dir = await mkdtemp(join(tmpdir(), "web-package-"));
  let served: Awaited<ReturnType<typeof serve>> | undefined;
  const browser = await launchChromium();
  try {
    // Pack what `npm run build` made (no rebuild: --ignore-scripts skips `prepare`).
    const [packed] = JSON.parse(npm(["pack", "--ignore-scripts", "--json", "--pack-destination", dir], REPO)) as { filename: string; files: { path: string }[] }[];
    const files = packed.files.map((f) => f.path).sort();
    for (const f of ["build/web/engine.js", "build/web/engine.d.ts", "build/web/node.js", "build/web/core.wasm", "package.json"]) {
      assert.ok(files.includes(f), `${f} in the tarball: ${files.join(", ")}`);
    }
    assert.not.ok(files.some((f) => f.startsWith("host/") || f.startsWith("assembly/") || f.includes("dashboard")), files.join(", "));

    // An empty web project; the tarball installs without the network (it has no dependencies).
    const app = join(dir, "app");
    await mkdir(join(app, "src"), { recursive: true });
    await writeFile(join(app, "package.json"), JSON.stringify({ name: "web-app", private: true, type: "module" }));
    npm(["install", join(dir, packed.filename), "--offline", "--no-audit", "--no-fund"], app);
    const installed = join(app, "node_modules", "tiered-rewards-engine");
    assert.equal((await readdir(installed)).sort(), ["README.md", "build", "package.json"]);
    await rm(join(app, "node_modules", ".package-lock.json"), { force: true });
    assert.equal(await readdir(join(app, "node_modules")), ["tiered-rewards-engine"], "no dependency came with it");

    // The README's example, and what the test reads back from the page.
    const example = await readmeExample();
    await writeFile(join(app, "src", "main.ts"), `${example}
(globalThis as any).__result = { rate: rate.toString(), total: r.total.toString(), base: r.base.toString(), bonus: r.bonus.toString(), text: document.body.textContent };
`);
    await writeFile(join(app, "src", "wasm.d.ts"), 'declare module "*.wasm" { const url: string; export default url; }\n');
    await writeFile(join(app, "tsconfig.json"), JSON.stringify({
      compilerOptions: { target: "ES2022", module: "ESNext", moduleResolution: "Bundler", lib: ["ES2022", "DOM"], strict: true, noEmit: true, types: [] },
      include: ["src"],
    }));
    // The example type-checks against the installed package's typings.
    execFileSync(process.execPath, [join(REPO, "node_modules", "typescript", "bin", "tsc"), "-p", app], { cwd: app, stdio: "pipe" });

    const out = await build({
      absWorkingDir: app,
      entryPoints: ["src/main.ts"],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      loader: { ".wasm": "file" },
      outdir: join(app, "dist"),
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(out.metafile.inputs);
    assert.ok(inputs.some((p) => p.includes("node_modules/tiered-rewards-engine/build/web/engine.js")), inputs.join(", "));
    assert.not.ok(inputs.some((p) => p.startsWith("node:")), inputs.join(", "));
    const emitted = await readdir(join(app, "dist"));
    const js = emitted.find((f) => f.endsWith(".js"))!;
    assert.ok(emitted.some((f) => f.endsWith(".wasm")), emitted.join(", "));
    await writeFile(join(app, "dist", "index.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title></head><body><script type="module" src="/${js}"></script></body></html>`);

    served = await serve(join(app, "dist"));
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const log: string[] = [];
    page.on("pageerror", (e) => log.push(e.message));
    await page.goto(`${served.origin}/`);
    await page.waitForFunction(() => "__result" in globalThis).catch((e: Error) => {
      throw new Error(`${e.message}\n${log.join("\n")}`);
    });
    const got = (await page.evaluate(() => (globalThis as any).__result)) as Record<string, string>;

    // The Node core, through the host's own modules: the CLI's estimate, the emission wrapper.
    const core = await loadCoreFromFile();
    const emission = new Emission(core);
    emission.configure(DEFAULT_EMISSION_PARAMS);
    const want = estimate(core, {
      amount: 100_000n * 10n ** 8n,
      tier: { id: 3, exitDurationNs: 1460n * 86_400n * 10n ** 9n, bonusApy: (7n * 10n ** 18n) / 100n },
      seconds: 5n * 31_557_600n,
      commission: 10n ** 17n,
      targetRate: (3n * 10n ** 18n) / 100n,
      exitNow: true,
      startNs: BigInt(Date.UTC(2027, 0, 1)) * 1_000_000n,
    });
    assert.equal(
      { rate: got.rate, total: got.total, base: got.base, bonus: got.bonus },
      { rate: `${emission.rateAt(6_311_520n)}`, total: `${want.total}`, base: `${want.base}`, bonus: `${want.bonus}` },
    );
    assert.ok(want.bonus > 0n);
    assert.match(got.text, /^[\d,.]+ tokens; inflation 0\.\d{4} %$/);

    // The package's Node entry (the "node" export condition) gives the same, from the shipped core.wasm.
    const nodeEntry = (await import(pathToFileURL(join(installed, "build", "web", "node.js")).href)) as typeof import("../../host/web/node.js");
    const engine = await nodeEntry.loadEngineFromFile();
    assert.is(`${engine.rateAt(6_311_520n)}`, got.rate);
    // The scenario worker from the package, served beside a page that calls simulateInWorker as
    // the README shows: the CLI's engine in Chromium, the same end state as in Node.
    await writeFile(join(app, "src", "sim.ts"), `import { simulateInWorker } from "tiered-rewards-engine";
const { simulation, svg } = await simulateInWorker("/sim-worker.js", "/core.wasm", { months: 1, block_time: "1h", target_rate: "0.04" }, { chart: true });
(globalThis as any).__sim = { hash: simulation.appHash, rows: simulation.rows.length, svg: (svg ?? "").slice(0, 4) };
`);
    await build({ absWorkingDir: app, entryPoints: ["src/sim.ts"], bundle: true, format: "esm", platform: "browser", target: "es2022", outfile: join(app, "dist", "sim.js"), logLevel: "silent" });
    await copyFile(join(installed, "build", "web", "sim-worker.js"), join(app, "dist", "sim-worker.js"));
    await copyFile(join(installed, "build", "web", "core.wasm"), join(app, "dist", "core.wasm"));
    await writeFile(join(app, "dist", "sim.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>sim</title></head><body><script type="module" src="/sim.js"></script></body></html>`);
    const simPage = await browser.newPage();
    simPage.setDefaultTimeout(120_000);
    simPage.on("pageerror", (e) => log.push(e.message));
    await simPage.goto(`${served.origin}/sim.html`);
    await simPage.waitForFunction(() => "__sim" in globalThis).catch((e: Error) => {
      throw new Error(`${e.message}\n${log.join("\n")}`);
    });
    const sim = (await simPage.evaluate(() => (globalThis as any).__sim)) as { hash: string; rows: number; svg: string };
    const scenario = parseScenario(mergeJson(defaultScenarioJson(), { months: 1, block_time: "1h", target_rate: "0.04" }), core.dec);
    const nodeSim = await simulate(core, scenario, await scenarioGenesis(core, scenario));
    assert.equal(sim, { hash: nodeSim.appHash, rows: nodeSim.rows.length, svg: "<svg" });

    const pkg = JSON.parse(await readFile(join(installed, "package.json"), "utf8")) as { exports: Record<string, any> };
    assert.is(pkg.exports["."].node.default, "./build/web/node.js");
    assert.is(pkg.exports["."].default, "./build/web/engine.js");
  } finally {
    await browser.close().catch(() => undefined);
    if (served) {
      served.server.closeAllConnections();
      await new Promise<void>((resolve) => served!.server.close(() => resolve()));
    }
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
