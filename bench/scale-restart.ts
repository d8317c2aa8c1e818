// A restart of a scale database alone (`npm run bench -- scale`'s `restart` step, bench/scale-node.ts
// `run` up to the restart): NodeChain.open on DB, its wall and CPU time, RSS and the core's memory.
// One JSON line on stdout. For profiles: node --cpu-prof --import tsx bench/scale-restart.ts DB
//
//   node --expose-gc --import tsx bench/scale-restart.ts bench/results/scale/node-100000.db

import { NodeChain } from "../host/drivers/embedded.js";
import { useNativeEd25519 } from "../host/drivers/ed25519-native.js";
import { loadCoreFromFile } from "../host/core/node.js";
import { loadAverage } from "./stats.js";

const dbPath = process.argv[2]!;
useNativeEd25519();
const core = await loadCoreFromFile();
const load = loadAverage();
const t = performance.now();
const cpu = process.cpuUsage();
const chain = NodeChain.open(core, {}, { dbPath, clock: "simulated", blockTimeNs: 5_000_000_000n });
const wallMs = performance.now() - t;
const c = process.cpuUsage(cpu);
(globalThis as { gc?: () => void }).gc?.();
const m = process.memoryUsage();
const out = {
  db: dbPath, restartMs: Math.round(wallMs), cpuMs: Math.round((c.user + c.system) / 1000), userMs: Math.round(c.user / 1000),
  rssMiB: Math.round(m.rss / 2 ** 20), heapMiB: Math.round(m.heapUsed / 2 ** 20), coreMiB: Math.round(chain.app.coreMemory().used / 2 ** 20),
  peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024), appHash: chain.latestBlock().appHash, height: `${chain.latest.height}`, load,
};
await chain.close();
process.stdout.write(JSON.stringify(out) + "\n");
process.exit(0);
