// The node's main-thread CPU per query with and without query workers (docs/performance.md,
// "Queries on workers"): a real-clock node in its own process (no block during the run: 1 h
// blocks), BENCH_QUERY_WORKERS=N as its --query-workers, each path loaded for SECONDS by
// autocannon (CONNECTIONS connections); prints req/s and the main thread's and the other
// threads' CPU µs per request (Linux /proc; threadCpuS in load.ts).
//   BENCH_QUERY_WORKERS=1 node --import tsx bench/query-workers-cpu.ts

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { devAddress } from "../host/app/genesis.js";
import { startChild, threadCpuS } from "./load.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const PATHS = [
  "/cosmos/staking/v1beta1/validators",
  `/cosmos/bank/v1beta1/balances/${devAddress(5)}`,
  "/chainmain/tieredrewards/v1/tiers",
  `/cosmos/auth/v1beta1/accounts/${devAddress(5)}`,
];
const dir = await mkdtemp(join(tmpdir(), "qw-cpu-"));
const { child, url } = await startChild(join(dir, "n.db"), "1h", () => {});
try {
  await sleep(5000); // the workers' replicas open
  for (const path of PATHS) {
    await autocannon({ url: url + path, connections: CONNECTIONS, duration: 1 }); // warm
    const before = threadCpuS(child.pid!);
    const r = await autocannon({ url: url + path, connections: CONNECTIONS, duration: SECONDS });
    const after = threadCpuS(child.pid!);
    let other = 0;
    for (const [name, t] of after) if (name !== "main") other += t - (before.get(name) ?? 0);
    const main = after.get("main")! - before.get("main")!;
    const n = r.requests.total;
    console.log(`${path}: ${Math.round(n / SECONDS)} req/s (non-2xx ${r.non2xx}); main ${((main * 1e6) / n).toFixed(0)} µs/req, other threads ${((other * 1e6) / n).toFixed(0)} µs/req`);
  }
} finally {
  child.kill("SIGTERM");
  await rm(dir, { recursive: true, force: true });
}
