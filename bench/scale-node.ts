// One size of `npm run bench -- scale`, in a process of its own (its RSS is the node's): import the
// document into a new database (NodeChain.open, as `npm start -- --genesis FILE` does), restart
// from the database, then measure the core's memory by table, an empty block and a block of 1,000
// signed sends, the queries explorers make (p50/p99 over the REST routes, in-process) and the
// database's size. Prints one JSON line on stdout; progress on stderr. `export` restarts and writes
// the streamed export (`npm run export`'s text) to DB.export.json: its time, peak RSS and bytes;
// `fork` starts a node (host/main.ts run, as `npm start -- --fork FILE`) on that export.
//
//   node --import tsx bench/scale-node.ts import GENESIS.json DB ACCOUNTS   (a new database from the document)
//   node --import tsx bench/scale-node.ts run GENESIS.json DB ACCOUNTS      (a restart of it, in a fresh process, then the rest)
//   node --import tsx bench/scale-node.ts export GENESIS.json DB ACCOUNTS   (a restart, then the export to DB.export.json)
//   node --import tsx bench/scale-node.ts fork GENESIS.json DB ACCOUNTS     (a node forked from DB.export.json)

import { createWriteStream, readFileSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { once } from "node:events";
import { jsonChunks } from "../host/framework/json-stream.js";
import { run } from "../host/main.js";
import { setNodeV8Flags, v8FlagsApplied } from "../host/cli/node-command.js";
import { NodeChain } from "../host/drivers/embedded.js";
import { useNativeEd25519 } from "../host/drivers/ed25519-native.js";
import { loadCoreFromFile } from "../host/core/node.js";
import { devAddress, operatorOf, type Json } from "../host/app/genesis.js";
import { readGenesisStream } from "../host/app/genesis-stream.js";
import { createApp, registerNodeRoutes } from "../host/server/app.js";
import { devSigner, sendMsg } from "../test/helpers/dev-signer.js";
import { accountAddress, POSITION_EVERY, SCALE_VALIDATORS } from "./scale-genesis.js";
import { percentile, progressOf } from "./stats.js";
import { createQueryRouter } from "../host/app/queries.js";
import { nodeTierQueries } from "../host/modules/tieredrewards/module.js";

const [mode, file, dbPath, accountsText] = process.argv.slice(2);
// The V8 flags the node's process sets on itself (`npm start`: host/main.ts), so that the figures are
// the node's: V8's heap growth after a full GC (--heap-growing-percent) sets how much garbage the
// import's peak holds (the default grew a 1M import's heap by hundreds of MiB more).
setNodeV8Flags();
const accounts = Number(accountsText);
const progress = progressOf(`scale ${accounts}`);
const BLOCK_TIME = 5_000_000_000n;
const QUERIES = 200;
const TXS = 1_000;
const SIGNERS = [5, 6, 7, 8];

const mem = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
};
const dbBytes = () => [dbPath!, `${dbPath}-wal`].reduce((t, f) => t + (() => { try { return statSync(f).size; } catch { return 0; } })(), 0);
const out: Record<string, unknown> = { accounts, v8Flags: v8FlagsApplied() };

/** The document into a new database; the import's time and memory. */
async function importDoc(): Promise<void> {
  await rm(dbPath!, { force: true });
  const core = await loadCoreFromFile();
  let t = performance.now();
  let cpu = process.cpuUsage();
  const cpuMs = () => { const c = process.cpuUsage(cpu); cpu = process.cpuUsage(); return (c.user + c.system) / 1000; };
  let doc: Json;
  try {
    doc = await readGenesisStream(file!); // as `npm start -- --genesis FILE` reads it: streamed, its long arrays spooled
  } catch (e) {
    out.importError = (e as Error).message;
    return;
  }
  out.readMs = performance.now() - t;
  out.readCpuMs = cpuMs(); // the machine is shared: CPU time beside wall time
  progress(`read in ${(out.readMs as number).toFixed(0)} ms; importing`);
  t = performance.now();
  const chain = NodeChain.open(core, doc, { dbPath: dbPath!, clock: "simulated", blockTimeNs: BLOCK_TIME });
  out.importMs = performance.now() - t;
  out.importCpuMs = cpuMs();
  doc = {};
  out.afterImport = { ...mem(), core: chain.app.coreMemory().used };
  await chain.close();
  out.importPeakRss = process.resourceUsage().maxRSS * 1024; // the most the import process held, at any point
}

/** The streamed export of the restarted chain to DB.export.json (`npm run export`'s text): time, peak RSS, bytes. */
async function exportDoc(chain: NodeChain): Promise<void> {
  const file = `${dbPath}.export.json`;
  out.beforeExport = mem();
  let peak = process.memoryUsage().rss;
  const t = performance.now();
  const cpu = process.cpuUsage();
  const s = chain.exportGenesisStream()!;
  const w = createWriteStream(file);
  let n = 0;
  try {
    for (const chunk of jsonChunks(s.doc, { indent: 2 })) {
      if (!w.write(chunk)) await once(w, "drain");
      if (++n % 64 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    }
    w.end("\n");
    await once(w, "finish");
  } finally {
    s.close();
  }
  out.exportMs = performance.now() - t;
  out.exportCpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
  out.exportPeakRss = Math.max(peak, process.memoryUsage().rss);
  out.exportBytes = statSync(file).size;
}

/** The main thread's CPU time so far (ms; /proc/self/task/PID/stat's utime + stime; NaN where there is no /proc). */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // fields 14, 15 in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

/** A node forked from the export (`npm start -- --fork FILE`, a database of its own): its start's time and RSS. */
async function forkDoc(): Promise<void> {
  const forkDb = `${dbPath}.fork.db`;
  for (const f of [forkDb, `${forkDb}-wal`, `${forkDb}-shm`]) await rm(f, { force: true });
  const t = performance.now();
  const cpu = process.cpuUsage();
  const mainCpu = mainThreadCpuMs();
  const started = await run(["--fork", `${dbPath}.export.json`, "--db", forkDb, "--port", "0", "--rpc-port", "off"], {}, { out: () => {}, err: (l) => progress(l) }, { core: await loadCoreFromFile() });
  if (typeof started === "number") throw new Error(`the forked node exited ${started}`);
  out.forkMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  out.forkCpuMs = (used.user + used.system) / 1000; // the machine is shared: CPU time beside wall time (every thread's)
  out.forkMainCpuMs = mainThreadCpuMs() - mainCpu; // the main thread's: the fork's text is written on a worker beside it
  out.forkPeakRss = process.resourceUsage().maxRSS * 1024;
  out.afterFork = mem();
  await started.close();
  for (const f of [forkDb, `${forkDb}-wal`, `${forkDb}-shm`]) await rm(f, { force: true });
}

async function main(): Promise<void> {
  useNativeEd25519(); // as host/main.ts's node signs its precommits
  let t = performance.now();
  const cpu = process.cpuUsage();
  if (mode === "import") {
    await importDoc();
    return;
  }
  if (mode === "fork") {
    await forkDoc();
    return;
  }
  const chain = NodeChain.open(await loadCoreFromFile(), {}, { dbPath: dbPath!, clock: "simulated", blockTimeNs: BLOCK_TIME });
  out.restartMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  out.restartCpuMs = (used.user + used.system) / 1000; // every thread's (the hashing worker's too)
  const m = chain.app.coreMemory();
  out.afterRestart = { ...mem(), core: m.used, growth: m.growth };
  out.tables = chain.app.coreTables().filter((r) => r.records > 0);
  if (mode === "export") {
    await exportDoc(chain);
    await chain.close();
    return;
  }

  progress("an empty block");
  const empty: number[] = [];
  for (let i = 0; i < 5; i++) {
    t = performance.now();
    await chain.advance(1n);
    empty.push(performance.now() - t);
  }
  out.emptyBlockMs = percentile(empty, 50);

  progress(`signing ${TXS} sends`);
  const signers = await Promise.all(SIGNERS.map((n) => devSigner(n)));
  const bodies: Uint8Array[] = [];
  for (let i = 0; i < TXS; i++) {
    const s = signers[i % signers.length]!;
    const acct = chain.directory.account(s.address)!;
    const body = await s.sign([sendMsg(s.address, devAddress(50_000 + i), 1_000n)], {
      chainId: chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence + BigInt(Math.floor(i / signers.length)),
    });
    bodies.push(new TextEncoder().encode(JSON.stringify(body.tx)));
  }
  t = performance.now();
  const included = bodies.map((b) => chain.submit(b).included);
  out.checkTxMs = performance.now() - t;
  t = performance.now();
  const mainCpu0 = mainThreadCpuMs();
  await chain.advance(1n);
  out.block1000Ms = performance.now() - t;
  out.block1000MainCpuMs = mainThreadCpuMs() - mainCpu0; // the main thread's alone (the tx index's worker runs beside it)
  const results = await Promise.all(included);
  out.block1000Failed = results.filter((r) => r.code !== 0).length;

  progress("queries");
  const app = createApp(chain, {
    chainSegment: "chainmain", logError: (e) => console.error(e), maxBodyBytes: 1 << 20, router: createQueryRouter(chain.app, { maxPageLimit: 1000 }),
  });
  registerNodeRoutes(app, chain, "chainmain", { tiers: nodeTierQueries(chain.app), dev: false, maxJsonDepth: 64, maxPageLimit: 1000 });
  let seed = 12345;
  const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const operator = (v: number) => chain.directory.validatorAddress(v) ?? operatorOf(devAddress(1));
  const kinds: Record<string, () => string> = {
    "a delegator's delegations": () => `/cosmos/staking/v1beta1/delegations/${accountAddress(rand(accounts))}`,
    "a delegator's rewards": () => `/cosmos/distribution/v1beta1/delegators/${accountAddress(rand(accounts))}/rewards`,
    "a validator's delegations (page of 100)": () => `/cosmos/staking/v1beta1/validators/${operator(rand(SCALE_VALIDATORS))}/delegations?pagination.limit=100`,
    "positions by owner": () => `/chainmain/tieredrewards/v1/positions/${accountAddress(rand(Math.ceil(accounts / POSITION_EVERY)) * POSITION_EVERY)}`,
    "positions by tier (page of 100)": () => `/chainmain/tieredrewards/v1/positions_by_tier/${1 + rand(3)}?pagination.limit=100`,
  };
  const queries: Record<string, { p50: number; p99: number; failed: number }> = {};
  for (const [name, path] of Object.entries(kinds)) {
    const ms: number[] = [];
    let failed = 0;
    for (let i = 0; i < QUERIES; i++) {
      const p = path();
      const q0 = performance.now();
      const r = await app.request(p);
      await r.text();
      ms.push(performance.now() - q0);
      if (r.status !== 200) failed++;
    }
    queries[name] = { p50: percentile(ms, 50), p99: percentile(ms, 99), failed };
  }
  out.queries = queries;
  out.afterQueries = mem();
  out.runPeakRss = process.resourceUsage().maxRSS * 1024;
  await chain.close();
  out.dbBytes = dbBytes();
  out.records = (out.tables as { records: number }[]).reduce((n, r) => n + r.records, 0);
}

await main().catch((e: Error) => {
  out.error = e.message;
});
process.stdout.write(JSON.stringify(out) + "\n");
process.exit(0);
