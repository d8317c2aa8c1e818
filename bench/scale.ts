// `npm run bench -- scale`: a mainnet-sized state, measured. For 10k, 100k and 1M accounts (or
// BENCH_SCALE_SIZES=10000,100000), a genesis document written directly (bench/scale-genesis.ts:
// 100 validators, a delegation per account, a tier position per 10 accounts) into
// bench/results/scale/ (kept: remade only when missing), then each size in a process of its own
// (bench/scale-node.ts): genesis import, restart, RSS and the core's memory, bytes per record by
// table, an empty block and a block of 1,000 txs, p50/p99 of explorers' queries, SQLite's size.
// The goals for 1M accounts are marked PASS or MISS.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { scaleCounts, writeScaleGenesis } from "./scale-genesis.js";
import { loadAverage, progressOf } from "./stats.js";

const DIR = fileURLToPath(new URL("./results/scale/", import.meta.url));
const WORKER = fileURLToPath(new URL("./scale-node.ts", import.meta.url));
const progress = progressOf("scale");
const MiB = 2 ** 20;
const GOALS = { importMs: 60_000, importPeakRss: 1.5e9, startMs: 10_000, restartRss: 1e9, block1000Ms: 500, queryP99Ms: 50, rss: 4 * 2 ** 30, exportMs: 60_000, forkMs: 60_000 };

const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);

export async function scaleMain(): Promise<number> {
  const sizes = (process.env.BENCH_SCALE_SIZES ?? "10000,100000,1000000").split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error(`error: BENCH_SCALE_SIZES=${process.env.BENCH_SCALE_SIZES}: account counts, e.g. 10000,100000`);
    return 2;
  }
  mkdirSync(DIR, { recursive: true });
  const results: any[] = [];
  for (const n of sizes) {
    const file = join(DIR, `genesis-${n}.json`);
    let genMs: number | undefined;
    if (!existsSync(file)) {
      progress(`${n} accounts: writing the genesis document (load ${loadAverage()})`);
      const t = performance.now();
      await writeScaleGenesis(file, n, progress);
      genMs = performance.now() - t;
    }
    const docBytes = statSync(file).size;
    progress(`${n} accounts: ${f0(docBytes / MiB)} MiB document; import, restart, blocks, queries (load ${loadAverage()})`);
    const worker = (mode: string) => {
      const r = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", WORKER, mode, file, join(DIR, `node-${n}.db`), `${n}`], {
        encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 26,
      });
      try {
        return JSON.parse(r.stdout.trim().split("\n").pop() ?? "");
      } catch {
        return { error: `the ${mode} worker ended (${r.status ?? r.signal}) without a result` };
      }
    };
    const imported = worker("import");
    const res = imported.importError || imported.error ? imported : { ...imported, ...worker("run") };
    if (!res.error && !res.importError) {
      progress(`${n} accounts: the streamed export, and --fork of it (load ${loadAverage()})`);
      const { restartMs: _, afterRestart: __, tables: ___, ...exported } = worker("export");
      res.export = exported.error ? { error: exported.error } : { ...exported, ...worker("fork") };
    }
    results.push({ ...res, accounts: n, docBytes, genMs, counts: scaleCounts(n), load: loadAverage() });
  }
  for (const r of results) report(r);
  writeFileSync(join(DIR, `${new Date().toISOString().replace(/[:.]/g, "-")}.json`), JSON.stringify(results, null, 2));
  return 0;
}

function report(r: any): void {
  const c = r.counts;
  console.log(`\n${r.accounts.toLocaleString("en")} accounts: ${c.accounts.toLocaleString("en")} accounts in all, ${c.delegations.toLocaleString("en")} delegations, ` +
    `${c.positions.toLocaleString("en")} tier positions, ${c.validators} validators (load ${r.load}${r.v8Flags?.length ? `; the node's V8 flags: ${r.v8Flags.join(" ")}` : ""})`);
  console.log(`  genesis document ${f0(r.docBytes / MiB)} MiB (${f0(r.docBytes / c.accounts)} B per account)${r.genMs ? `, written in ${f1(r.genMs / 1000)} s` : ""}`);
  if (r.importError || r.error) {
    console.log(`  NOT MEASURED: ${r.importError ?? r.error}`);
    return;
  }
  const cpu = r.readCpuMs === undefined ? "" : ` (CPU ${f1((r.readCpuMs + r.importCpuMs) / 1000)} s, of which reading ${f1(r.readCpuMs / 1000)} s)`;
  console.log(`  import ${f1((r.readMs + r.importMs) / 1000)} s${cpu}: reading the file ${f1(r.readMs / 1000)} s, placing ${f1(r.importMs / 1000)} s; restart ${f1(r.restartMs / 1000)} s${r.restartCpuMs === undefined ? "" : ` (CPU ${f1(r.restartCpuMs / 1000)} s)`}`);
  console.log(`  RSS after import ${f0(r.afterImport.rss / MiB)} MiB; restarted (a fresh process) ${f0(r.afterRestart.rss / MiB)} MiB (JS heap ${f0(r.afterRestart.heapUsed / MiB)} MiB), ` +
    `after the queries ${f0(r.afterQueries.rss / MiB)} MiB; peak RSS of the import ${r.importPeakRss ? f0(r.importPeakRss / MiB) : "?"} MiB, of the restart and the rest ${r.runPeakRss ? f0(r.runPeakRss / MiB) : "?"} MiB; core memory ${f1(r.afterRestart.core / MiB)} MiB (+${f1(r.afterRestart.growth / MiB)} MiB for its tables' next growth)`);
  const per = r.tables.filter((t: any) => t.records >= 100).map((t: any) => `${t.name} ${t.records.toLocaleString("en")} x ${f0(t.slotBytes + t.indexBytes / t.records)} B`);
  console.log(`  core bytes per record (slot + index): ${per.join(", ")}`);
  console.log(`  SQLite ${f0(r.dbBytes / MiB)} MiB = ${f0(r.dbBytes / r.records)} B per core record (${r.records.toLocaleString("en")} records, accounts and the genesis document included)`);
  console.log(`  empty block ${f0(r.emptyBlockMs)} ms; block of 1,000 sends ${f0(r.block1000Ms)} ms (main thread CPU ${f0(r.block1000MainCpuMs ?? 0)} ms; ${r.block1000Failed} failed; their CheckTx ${f0(r.checkTxMs)} ms)`);
  for (const [name, q] of Object.entries(r.queries as Record<string, { p50: number; p99: number; failed: number }>)) {
    console.log(`  ${name}: p50 ${f1(q.p50)} ms, p99 ${f1(q.p99)} ms${q.failed ? ` (FAILED: ${q.failed} answers not 200)` : ""}`);
    if (q.failed) process.exitCode = 1; // a figure of refused queries is no figure
  }
  const e = r.export;
  if (e === undefined || e.error) console.log(`  export NOT MEASURED: ${e?.error ?? "no result"}`);
  else {
    console.log(`  export (streamed, npm run export's text) ${f1(e.exportMs / 1000)} s (CPU ${f1(e.exportCpuMs / 1000)} s), ${f0(e.exportBytes / MiB)} MiB, ` +
      `peak RSS ${f0(e.exportPeakRss / MiB)} MiB (${f0(e.beforeExport.rss / MiB)} MiB before); ` +
      (e.forkMs === undefined ? `--fork of it NOT MEASURED: ${e.error ?? "no result"}` : `--fork of it starts in ${f1(e.forkMs / 1000)} s (CPU ${f1(e.forkCpuMs / 1000)} s, main thread ${f1(e.forkMainCpuMs / 1000)} s), peak RSS ${f0(e.forkPeakRss / MiB)} MiB, RSS ${f0(e.afterFork.rss / MiB)} MiB`));
  }
  if (r.accounts >= 1_000_000) {
    const p99 = Math.max(...Object.values(r.queries as Record<string, { p99: number }>).map((q) => q.p99));
    const mark = (ok: boolean) => (ok ? "PASS" : "MISS");
    console.log(`  goals: import ${mark(r.readMs + r.importMs <= GOALS.importMs)} (≤ 60 s), import peak RSS ${mark(r.importPeakRss !== undefined && r.importPeakRss <= GOALS.importPeakRss)} (≤ 1.5 GB), restart ${mark(r.restartMs <= GOALS.startMs)} (≤ 10 s), restart RSS ${mark(r.afterRestart.rss <= GOALS.restartRss)} (≤ 1 GB), 1,000-tx block ${mark(r.block1000Ms <= GOALS.block1000Ms)} (≤ 0.5 s), ` +
      `queries p99 ${mark(p99 <= GOALS.queryP99Ms)}, RSS ${mark(Math.max(r.afterRestart.rss, r.afterQueries.rss) <= GOALS.rss)}, ` +
      `export ${mark(e?.exportMs !== undefined && e.exportMs <= GOALS.exportMs)}, --fork ${mark(e?.forkMs !== undefined && e.forkMs <= GOALS.forkMs)}`);
  }
}
