// The CLI as a user runs it: `node --import tsx host/cli.ts ...` in a child process, from the
// repository root.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const CLI = fileURLToPath(new URL("../../host/cli.ts", import.meta.url));

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run host/cli.ts with these arguments; its exit code and everything it printed. */
export function cli(...args: string[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
