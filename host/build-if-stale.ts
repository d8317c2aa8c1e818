// `npm start`, `npm run bench` and `npm run replay` build the core only when it is missing or older
// than what it is built from (assembly/, asconfig.json, package-lock.json: the compiler's version),
// or when the host's generated ABI (host/core/abi.gen.ts) is missing or older than assembly/abi/,
// assembly/errors.ts or its generator, so `npm start -- --help` answers at once on a built tree;
// likewise the web build (build/web/: the dashboard at GET /, the web engine, the scenario worker)
// against host/ and the core. `npm run build` always builds both.

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUTPUT = join(ROOT, "build", "core.wasm");
const INPUTS = ["assembly", "asconfig.json", "package-lock.json", "proto", "buf.gen.yaml", "buf.gen.fast.yaml"];
/** The generated protobuf codecs (`npm run build:wire`: protobuf-es's, and protobuf-ts's static readers), built with the core. */
const WIRE_GEN = [join("host", "wire", "gen"), join("host", "wire", "gen-fast")];
/** The host's copy of the core's boundary (`npm run build:abi`) and what it is generated from. */
const ABI_GEN = join("host", "core", "abi.gen.ts");
const ABI_INPUTS = [join("assembly", "abi"), join("assembly", "errors.ts"), join("host", "core", "build-abi.ts")];

/** The newest modification time under `path` (a file, or a directory walked whole). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((t, name) => Math.max(t, newest(join(path, name))), s.mtimeMs);
}

/** Whether build/core.wasm or the generated ABI is missing or older than one of its inputs. */
export function coreIsStale(root = ROOT): boolean {
  const output = join(root, "build", "core.wasm");
  if (!existsSync(output) || WIRE_GEN.some((dir) => !existsSync(join(root, dir)))) return true;
  const built = statSync(output).mtimeMs;
  if (INPUTS.some((p) => newest(join(root, p)) > built)) return true;
  const abi = join(root, ABI_GEN);
  if (!existsSync(abi)) return true;
  const generated = statSync(abi).mtimeMs;
  return ABI_INPUTS.some((p) => newest(join(root, p)) > generated);
}

/** The web build's sources: the scenario worker bundles the node's own chain, so all of host/ (the web build is a few seconds). */
const WEB_INPUTS = ["host", "tsconfig.web.json", "build/core.wasm"];

/** Whether the web build is missing or older than one of its inputs (its index.html is written last). */
export function webIsStale(root = ROOT): boolean {
  const output = join(root, "build", "web", "dashboard", "index.html");
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return WEB_INPUTS.some((p) => newest(join(root, p)) > built);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (coreIsStale() || webIsStale()) {
    process.stderr.write(`building ${OUTPUT} and build/web (npm run build)\n`);
    const r = spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
    process.exitCode = r.status ?? 1;
  }
}
