// An app's project in a temporary directory, as a dApp developer makes one: the repo installed by
// path (`npm install /path/to/repo`, which links the folder; --ignore-scripts: no rebuild of the
// build/ under test, and no network), and the app's own CosmJS, cosmjs-types, @bufbuild/protobuf,
// @types/node and TypeScript as `npm install` would add them: links to the very versions the repo
// holds (so there is one CosmJS, as npm dedupes it, and no registry is needed). Its code imports
// `tiered-rewards-engine/client`, which resolves to build/web/client.js.

import { execFile, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
/** What the app installs itself (CosmJS, the protobuf runtime, Node's types, TypeScript). */
const APP_PACKAGES = ["@cosmjs", "cosmjs-types", "@bufbuild", "@types", "typescript"];

/** Runs a command in `cwd`: its stdout, or an error with both outputs. */
export function sh(cmd: string, args: string[], cwd: string, timeout = 120_000): string {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", timeout, env: { ...process.env, npm_config_update_notifier: "false", FORCE_COLOR: "0" } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/**
 * Runs a command without blocking the event loop (a node in this process must keep answering
 * it): its stdout, or an error with both outputs.
 */
export function shAsync(cmd: string, args: string[], cwd: string, timeout = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd, encoding: "utf8", timeout, env: { ...process.env, FORCE_COLOR: "0" } }, (e, stdout, stderr) => {
      if (e) reject(new Error(`${cmd} ${args.join(" ")} (${e.message}):\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** A new project directory with the package installed by path. */
export async function tempProject(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await writeFile(join(dir, "package.json"), JSON.stringify({ name: "my-dapp", private: true, type: "module" }));
  sh(NPM, ["install", REPO, "--offline", "--ignore-scripts", "--no-audit", "--no-fund"], dir);
  await mkdir(join(dir, "node_modules"), { recursive: true });
  for (const p of APP_PACKAGES) await symlink(join(REPO, "node_modules", p), join(dir, "node_modules", p));
  await writeFile(join(dir, "tsconfig.json"), JSON.stringify({
    compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, types: ["node"], skipLibCheck: true },
    include: ["*.ts"],
  }));
  return dir;
}

/** Type-checks the project's .ts files with its TypeScript. */
export const typecheck = (dir: string): string => sh(process.execPath, [join(dir, "node_modules", "typescript", "bin", "tsc"), "-p", dir], dir);
