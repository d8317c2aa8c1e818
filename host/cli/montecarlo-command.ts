// `simulate --runs N --seed S`, `simulate --compare a.json b.json ...` and `simulate --sensitivity`:
// the scenario documents made (sampled, compared, moved one input at a time), validated up front
// (a bad sample is a usage error naming its run and inputs before any thread starts), run on worker
// threads (host/scenario/montecarlo-run.ts), and their tables (host/scenario/decimal-table.ts) printed
// as text, CSV or JSON, written to --out DIR in every registered format, and drawn with --chart.

import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { basename, dirname, join } from "node:path";
import type { Json } from "../app/genesis.js";
import { loadCoreFromFile } from "../core/node.js";
import { ValidationError } from "../errors.js";
import { UNITS_PER_TOKEN, UsageError, decPercent, groupThousands, oneLine } from "./common.js";
import { Progress } from "../scenario/progress.js";
import { applySet, defaultScenarioJson, parseScenario, readScenarioDoc } from "../scenario/scenario.js";
import { runDocs, type RunResult } from "../scenario/montecarlo-run.js";
import { bandsTable, baseDoc, monteCarloMeta, planRuns, runsTable, runwayTable } from "../scenario/montecarlo.js";
import { findDistributions } from "../scenario/montecarlo-dist.js";
import { deltaTable } from "../scenario/compare.js";
import { metricOf, planSensitivity, tornadoTable } from "../scenario/tornado.js";
import { tableCsv, tableFormats, tableJson, tableText, tableWriter, type DecimalTable } from "../scenario/decimal-table.js";
import { writeChart } from "../scenario/chart-file.js";
import { chartProvenance } from "../scenario/chart.js";

export interface MonteCarloFlags {
  scenario: string | undefined;
  set: string[];
  runs?: string;
  seed?: string;
  compare: boolean;
  files: string[];
  sensitivity: boolean;
  metric?: string;
  threads?: string;
  /** Each: FILE.<csv|json|arrow|feather|parquet> (every table as FILE-<table>.<ext>) or a DIR (every table in every format). */
  out: string[];
  chart: string | undefined;
  json: boolean;
  csv: boolean;
  strict: boolean;
}

const MAX_RUNS = 100_000;

async function docOf(file: string | undefined, sets: string[]): Promise<Json> {
  let doc: Json;
  try {
    doc = file === undefined ? defaultScenarioJson() : await readScenarioDoc(file);
    for (const s of sets) doc = applySet(doc, s);
    findDistributions(doc);
  } catch (e) {
    if (e instanceof ValidationError) throw new UsageError(`scenario${file ? ` ${file}` : ""}: ${e.message}`);
    throw e;
  }
  return doc;
}

function count(flag: string, text: string, min: number, max: number): number {
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`${flag} ${JSON.stringify(text)}: an integer from ${min} to ${max}`);
  return Number(text);
}

/** What the runs share, as the sweep's provenance and the charts' footers show it. */
function shared(results: RunResult[]): [string, string][] {
  const one = (k: "code_version" | "chain_id" | "block_time" | "genesis_sha256") => {
    const v = new Set(results.map((r) => r.summary.provenance[k]));
    return v.size === 1 ? [...v][0]! : "varies: see the table";
  };
  return [["code_version", one("code_version")], ["chain_id", one("chain_id")], ["block_time", one("block_time")], ["genesis_sha256", one("genesis_sha256")]];
}

function footer(meta: [string, string][], scenario: string): string {
  const m = new Map(meta);
  return chartProvenance({ scenario_sha256: scenario, block_time: m.get("block_time")!, chain_id: m.get("chain_id")!, genesis_sha256: m.get("genesis_sha256")!, code_version: m.get("code_version")! });
}

async function runAll(docs: Json[], labels: string[], f: MonteCarloFlags, what: string): Promise<RunResult[]> {
  const core = await loadCoreFromFile();
  docs.forEach((d, i) => {
    try {
      parseScenario(d, core.dec);
    } catch (e) {
      if (e instanceof ValidationError) throw new UsageError(`${labels[i]}: scenario: ${e.message}`);
      throw e;
    }
  });
  const threads = f.threads === undefined ? availableParallelism() : count("--threads", f.threads, 1, 256);
  process.stderr.write(`${what}: ${docs.length} runs on ${Math.min(threads, docs.length)} thread(s)\n`);
  const progress = new Progress(process.stderr);
  const started = Date.now();
  try {
    return await runDocs(docs, labels, threads, (done, of) => {
      progress.update(`${what}: ${done}/${of} runs, ETA ${Math.ceil(((Date.now() - started) * (of - done)) / done / 1000)} s …`);
    });
  } finally {
    progress.done();
  }
}

async function emit(tables: DecimalTable[], f: MonteCarloFlags, main: DecimalTable): Promise<void> {
  for (const out of f.out) {
    const ext = /\.(csv|json|arrow|feather|parquet)$/i.exec(out)?.[1]?.toLowerCase();
    if (ext !== undefined) {
      const format = ext === "feather" ? "arrow" : ext;
      const stem = out.slice(0, -ext.length - 1);
      await mkdir(dirname(out), { recursive: true });
      for (const t of tables) await writeFile(`${stem}-${t.name}.${ext}`, await tableWriter(format)!(t));
      process.stderr.write(`wrote ${tables.map((t) => `${stem}-${t.name}.${ext}`).join(", ")}\n`);
    } else {
      await mkdir(out, { recursive: true });
      for (const format of tableFormats()) {
        for (const t of tables) await writeFile(join(out, `${t.name}.${format}`), await tableWriter(format)!(t));
      }
      process.stderr.write(`wrote ${tables.map((t) => t.name).join(", ")} as ${tableFormats().join(", ")} to ${out}\n`);
    }
  }
  if (f.json) process.stdout.write(JSON.stringify(Object.fromEntries(tables.map((t) => [t.name, tableJson(t)])), null, 2) + "\n");
  else if (f.csv) process.stdout.write(tableCsv(main));
  else {
    const meta = main.meta.map(([k, v]) => `${k}: ${v}`);
    process.stdout.write(tables.map((t) => `${t.name}${TEXT_NOTE[t.name] ?? ""}:\n${tableText(shown(t), human)}`).join("\n\n") + `\n\n${meta.join("\n")}\n`);
  }
}

const TEXT_NOTE: Record<string, string> = {
  bands: " (every 12th month; whole tokens, APYs and ratios in %, truncated; --csv/--json/--out: every month, exact)",
  runs: " (whole tokens, APYs in %; --csv/--json/--out: exact, with each run's app hash)",
  delta: " (whole tokens, APYs in %, truncated; --csv/--json: exact)",
  tornado: " (--csv/--json: exact)",
};

/** The terminal's cut of a table: the bands every 12th month (and the last), the runs without their hashes. */
function shown(t: DecimalTable): DecimalTable {
  if (t.name === "bands") return { ...t, rows: t.rows.filter((r, i) => Number(r[0]) % 12 === 0 || i === t.rows.length - 1) };
  if (t.name === "runs" || t.name === "delta") {
    const keep = t.columns.map((c, i) => [c, i] as const).filter(([c]) => !/sha256|app_hash/.test(c.name));
    return { ...t, columns: keep.map(([c]) => c), rows: t.rows.map((r) => keep.map(([, i]) => r[i]!)) };
  }
  return t;
}

/** A cell for the terminal: base units as whole tokens, 18-decimal rates as %, the rest as it is. */
function human(c: { name: string; type: DecimalTable["columns"][number]["type"] }, v: string | null): string {
  if (v === null) return "-";
  if (c.type.kind === "int" && /supply|pool_p|pool_at|rewards_pool/.test(c.name)) return groupThousands(BigInt(v) / UNITS_PER_TOKEN);
  if (c.type.kind === "dec" && c.type.scale === 18 && !/^(low|base|high)$/.test(c.name)) {
    const neg = v.startsWith("-");
    return `${neg ? "-" : ""}${decPercent(BigInt(v.replace(/^-/, "").replace(".", "")), 2)}%`;
  }
  return v;
}

function failures(results: RunResult[], labels: string[], strict: boolean): number {
  const failed = results.map((r, i) => [r, i] as const).filter(([r]) => r.summary.failed_txs > 0);
  if (failed.length === 0) return 0;
  const [r, i] = failed[0]!;
  const what = `${failed.length} of ${results.length} runs had failed scenario txs (first: ${labels[i]}, at height ${r.summary.first_failure_height}: ${oneLine(r.summary.first_failure ?? "")})`;
  process.stderr.write(strict ? `error: ${what} (--strict)\n` : `warning: ${what}\nwarning: --strict makes failed scenario txs an error\n`);
  return strict ? 1 : 0;
}

export async function runMonteCarloCommand(f: MonteCarloFlags): Promise<number> {
  const modes = [f.runs !== undefined, f.compare, f.sensitivity].filter(Boolean).length;
  if (modes > 1) throw new UsageError("give one of --runs, --compare and --sensitivity");
  if (f.json && f.csv) throw new UsageError("give --json or --csv, not both");
  if (f.files.length > 0 && !f.compare) throw new UsageError(`unexpected argument ${JSON.stringify(f.files[0])} (scenario files to compare follow --compare)`);
  if (f.compare) return compare(f);
  if (f.sensitivity) return sensitivity(f);
  const runs = count("--runs", f.runs!, 1, MAX_RUNS);
  if (f.seed !== undefined && !/^[0-9]{1,20}$/.test(f.seed)) throw new UsageError(`--seed ${JSON.stringify(f.seed)}: a non-negative integer`);
  const seed = BigInt(f.seed ?? "1");
  const doc = await docOf(f.scenario, f.set);
  let plan;
  try {
    plan = planRuns(doc, runs, seed);
  } catch (e) {
    if (e instanceof ValidationError) throw new UsageError(`scenario: ${e.message}`);
    throw e;
  }
  if (plan.dists.length === 0) process.stderr.write("warning: the scenario has no distributions ({\"dist\": ...}): every run is the same\n");
  const labels = plan.sampled.map((s, i) => `run ${i} (${[...s].map(([k, v]) => `${k}=${v}`).join(" ") || "no sampled inputs"})`);
  const results = await runAll(plan.docs, labels, f, "monte carlo");
  const meta = monteCarloMeta(plan, results, seed);
  const runway = runwayTable(results, meta);
  const bands = bandsTable(results, meta);
  const table = runsTable(plan, results, meta);
  if (f.chart !== undefined) {
    const { bandsChart } = await import("../scenario/montecarlo-chart.js");
    await writeChart(f.chart, bandsChart(bands, runway, `${runs} runs${f.scenario ? ` of ${basename(f.scenario)}` : ""} (seed ${seed})`, footer(meta, plan.scenarioSha256)));
  }
  await emit([runway, bands, table], f, bands);
  return failures(results, labels, f.strict);
}

async function compare(f: MonteCarloFlags): Promise<number> {
  if (f.files.length < 2) throw new UsageError("--compare: give two or more scenario files (the first is the base of the Δs)");
  const docs: Json[] = [];
  for (const file of f.files) {
    const doc = await docOf(file, f.set);
    if (findDistributions(doc).length > 0) process.stderr.write(`note: ${file}: its distributions at their base values\n`);
    docs.push(baseDoc(doc));
  }
  const labels = f.files.map((x) => basename(x));
  const results = await runAll(docs, labels, f, "compare");
  const meta: [string, string][] = [...shared(results), ...f.set.map((s): [string, string] => ["set", s])];
  const delta = deltaTable(labels, results, meta);
  if (f.chart !== undefined) {
    const { compareChart } = await import("../scenario/montecarlo-chart.js");
    await writeChart(f.chart, compareChart(labels, results, `Compared: ${labels.join(" vs ")}`, footer(meta, results.map((r) => r.summary.provenance.scenario_sha256.slice(0, 12)).join(" / "))));
  }
  await emit([delta], f, delta);
  return failures(results, labels, f.strict);
}

async function sensitivity(f: MonteCarloFlags): Promise<number> {
  const doc = await docOf(f.scenario, f.set);
  let plan;
  try {
    plan = planSensitivity(doc);
  } catch (e) {
    if (e instanceof ValidationError) throw new UsageError(`scenario: ${e.message}`);
    throw e;
  }
  const metric = f.metric ?? "runway_days";
  const results = await runAll(plan.docs, plan.labels, f, "sensitivity");
  metricOf(results[0]!, metric); // an unknown metric is a usage error naming the known ones
  const meta: [string, string][] = [...shared(results), ["scenario_sha256", `${results[0]!.summary.provenance.scenario_sha256} (the base run)`]];
  const tornado = tornadoTable(plan, results, metric, meta);
  if (f.chart !== undefined) {
    const { tornadoChart } = await import("../scenario/montecarlo-chart.js");
    await writeChart(f.chart, tornadoChart(tornado, metric, `Sensitivity of ${metric.replace(/_/g, " ")}${f.scenario ? `: ${basename(f.scenario)}` : ""}`, footer(meta, results[0]!.summary.provenance.scenario_sha256)));
  }
  await emit([tornado], f, tornado);
  return failures(results, plan.labels, f.strict);
}
