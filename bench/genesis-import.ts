// One genesis import into a new database (NodeChain.open, as `bench/scale-node.ts import` calls it),
// with the CPU split by thread: the process's (every thread: the hashing worker's too) and the main
// thread's (/proc/self/task/PID/stat, Linux; 10 ms ticks), the genesis block's commit wall time, the
// app hash and the peak RSS. One JSON line on stdout (docs/performance.md, "Placing records as they are read").
//
// `--phases` (`--phases-nogc`: no forced GC, so the peaks are the import's own): the parse run before NodeChain.open (which reuses it) and a line on stderr after each
// phase (the parse, each module's placement, the parse dropped, the genesis commit): CPU s of the
// process, RSS, the live JS heap after a forced GC, external memory, and the peak RSS so far.
//
//   node --expose-gc --import tsx bench/genesis-import.ts GENESIS.json DB [--phases | --phases-nogc]

import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { NodeChain } from "../host/drivers/embedded.js";
import { loadCoreFromFile } from "../host/core/node.js";
import { readGenesisStream } from "../host/app/genesis-stream.js";
import { parseGenesis } from "../host/app/genesis.js";
import { importPhases } from "../host/app/genesis-init.js";
import { setNodeV8Flags } from "../host/cli/node-command.js";

const [file, db, flag] = process.argv.slice(2);
const phases = flag === "--phases" || flag === "--phases-nogc";
const forceGc = flag === "--phases";
setNodeV8Flags(); // as the node's process (`npm start`) and bench/scale-node.ts do
if (file === undefined || db === undefined) throw new Error("usage: bench/genesis-import.ts GENESIS.json DB");
const mainCpuMs = (): number => {
  try {
    const f = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN; // not Linux
  }
};
const cpuMs = (c: NodeJS.CpuUsage) => Math.round((c.user + c.system) / 1000);

await rm(db, { force: true });
const core = await loadCoreFromFile();
const r0 = process.cpuUsage();
const doc = await readGenesisStream(file);
const readCpuMs = cpuMs(process.cpuUsage(r0));
const c0 = process.cpuUsage();
const m0 = mainCpuMs();
const t0 = performance.now();
const mib = (n: number) => Math.round(n / 1048576);
/** RSS by kind (/proc/self/status, Linux): anonymous (heaps, malloc), file-backed (code), shared (SQLite's WAL index). */
const rssParts = (): string => {
  try {
    const st = readFileSync("/proc/self/status", "utf8");
    const kb = (k: string) => Math.round(Number(new RegExp(`${k}:\\s+(\\d+)`).exec(st)?.[1] ?? NaN) / 1024);
    return ` (anon ${kb("RssAnon")}, file ${kb("RssFile")}, shmem ${kb("RssShmem")})`;
  } catch {
    return "";
  }
};
const phase = (name: string) => {
  if (forceGc) (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  console.error(`${name}: cpu ${(cpuMs(process.cpuUsage(c0)) / 1000).toFixed(2)} s, rss ${mib(m.rss)} MiB, heap ${mib(m.heapUsed)} MiB (of ${mib(m.heapTotal)}), external ${mib(m.external)} MiB, peak ${mib(process.resourceUsage().maxRSS * 1024)} MiB${rssParts()}`);
};
if (phases) {
  phase("read");
  parseGenesis(doc, core.dec);
  phase("parse");
  importPhases.at = phase;
}
const chain = NodeChain.open(core, doc, { dbPath: db, clock: "simulated", blockTimeNs: 5_000_000_000n });
const out = {
  readCpuMs,
  importWallMs: Math.round(performance.now() - t0),
  processCpuMs: cpuMs(process.cpuUsage(c0)),
  mainCpuMs: mainCpuMs() - m0,
  genesisCommitWallMs: Math.round(chain.app.lastCommit.ms),
  appHash: chain.latestBlock().appHash,
  peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
};
if (phases) phase("committed");
await chain.close();
console.log(JSON.stringify(out));
