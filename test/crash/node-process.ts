// The crash suite's node (test/crash/driver.ts): `node --import tsx host/main.ts` on a real clock in
// a child process, on the driver's database, optionally told by the store's test hook
// (STAKING_ENGINE_CRASH_IN_COMMIT=N) to kill itself inside its N-th block commit; its URL once it
// serves, how it ended, and a SIGKILL.

import { spawn, type ChildProcess } from "node:child_process";
import { ROOT } from "../helpers/cli.js";

/** A started node: its URL once serving, and how it ended. */
export interface NodeRun {
  child: ChildProcess;
  ready: Promise<{ url: string; chainId: string; height: bigint }>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
  alive(): boolean;
}

export function spawnNode(dbPath: string, blockTime: string, crashInCommit: number): NodeRun {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.PORT;
  delete env.DB_PATH;
  if (crashInCommit > 0) env.STAKING_ENGINE_CRASH_IN_COMMIT = `${crashInCommit}`;
  else delete env.STAKING_ENGINE_CRASH_IN_COMMIT;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "host/main.ts", "--port", "0", "--clock", "real", "--block-time", blockTime, "--db", dbPath],
    { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  let done = false;
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr = (stderr + d).slice(-8000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on("close", (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  const ready = new Promise<{ url: string; chainId: string; height: bigint }>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (d: string) => {
      stdout = (stdout + d).slice(-8000);
      const m = /^(\S+): serving (http:\/\/\S+) at height (\d+) /m.exec(stdout);
      if (m) resolve({ chainId: m[1]!, url: m[2]!, height: BigInt(m[3]!) });
    });
    void exited.then(({ code, signal }) => reject(new Error(`node exited before serving (code ${code}, signal ${signal}): ${stderr.trim()}`)));
  });
  ready.catch(() => {}); // awaited (or raced) by the caller
  return { child, ready, exited, stderr: () => stderr, alive: () => !done };
}

export async function killNode(run: NodeRun): Promise<void> {
  if (run.alive()) run.child.kill("SIGKILL");
  await run.exited;
}
