// The release of this build, as a database records it (meta `written_by`) and a refusal names it:
// the package's name and version, and the git commit when the build runs from a clone.

import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/** `tiered-rewards-engine 0.1.0 (d62aef7)`; the commit is left out where git cannot tell it. */
export function thisRelease(): string {
  if (cached !== undefined) return cached;
  const pkg = createRequire(import.meta.url)("../../package.json") as { name: string; version: string };
  let commit = "";
  try {
    commit = execFileSync("git", ["rev-parse", "--short=7", "HEAD"], {
      cwd: fileURLToPath(new URL("../..", import.meta.url)), encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 2000,
    }).trim();
  } catch {
    // not a clone, or no git: the version alone
  }
  cached = `${pkg.name} ${pkg.version}${/^[0-9a-f]{7,}$/.test(commit) ? ` (${commit})` : ""}`;
  return cached;
}
