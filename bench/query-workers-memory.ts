// RSS of a restarted node with and without query workers (docs/performance.md "Queries on workers"):
//   node --import tsx bench/query-workers-memory.ts GENESIS.json N[,N...]
// Imports the document into a temporary database once (--query-workers 0), then for each N starts
// the node on that database with --query-workers N and prints the process's RSS (MiB, workers
// included: they are threads of it) sampled once a second for 40 s after it serves (a worker
// restores its replica meanwhile): the peak and the last.

import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { rssMiB } from "./load.js";

const [genesis, sizes = "0,1"] = process.argv.slice(2);
if (genesis === undefined) throw new Error("usage: bench/query-workers-memory.ts GENESIS.json N[,N...]");
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const dir = await mkdtemp(join(tmpdir(), "qw-mem-"));
const db = join(dir, "n.db");

async function start(args: string[]): Promise<{ pid: number; stop(): Promise<void>; startedMs: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "host/main.ts", "--clock", "real", "--block-time", "5s", "--db", db, "--port", "0", "--rpc-port", "off", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    lines.on("line", (l) => { if (/serving http/.test(l)) resolve(); });
    child.once("exit", (c) => reject(new Error(`node exited ${c}`)));
  });
  return {
    pid: child.pid!, startedMs: performance.now() - t0,
    stop: () => new Promise((r) => { child.once("exit", () => r()); child.kill("SIGTERM"); }),
  };
}

const first = await start(["--genesis", genesis, "--query-workers", "0"]);
console.log(`imported in ${(first.startedMs / 1000).toFixed(1)} s`);
await first.stop();
for (const n of sizes.split(",")) {
  const node = await start(["--query-workers", n]);
  const samples: number[] = [];
  for (let i = 0; i < 40; i++) {
    samples.push(rssMiB(node.pid));
    await sleep(1000);
  }
  console.log(`--query-workers ${n}: serving after ${(node.startedMs / 1000).toFixed(1)} s; RSS peak ${Math.max(...samples).toFixed(0)} MiB, after 40 s ${samples.at(-1)!.toFixed(0)} MiB`);
  await node.stop();
}
await rm(dir, { recursive: true, force: true });
