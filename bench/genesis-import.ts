// One genesis import into a new database (NodeChain.open, as `bench/scale-node.ts import` calls it),
// with the CPU split by thread: the process's (every thread: the hashing worker's too) and the main
// thread's (/proc/self/task/PID/stat, Linux; 10 ms ticks), the genesis block's commit wall time, the
// app hash and the peak RSS. One JSON line on stdout (docs/performance.md, "Placing records as they are read").
//
//   node --expose-gc --import tsx bench/genesis-import.ts GENESIS.json DB

import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { NodeChain } from "../host/drivers/embedded.js";
import { loadCoreFromFile } from "../host/core/node.js";
import { readGenesisStream } from "../host/app/genesis-stream.js";

const [file, db] = process.argv.slice(2);
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
await chain.close();
console.log(JSON.stringify(out));
