// `simulate`: the command. A scenario (host/scenario/scenario.ts) run block by block on the chain itself
// (host/scenario/sim-run.ts), printed as a table, CSV or JSON (host/scenario/simulate-output.ts), drawn as a
// chart (host/scenario/chart.ts); or a sweep of scenarios on worker threads (host/scenario/sweep.ts). Failed
// scenario txs are reported in every output and on stderr; --strict makes them an error.

import { parseArgs } from "node:util";
import { basename } from "node:path";
import { loadCoreFromFile } from "../core/node.js";
import { ValidationError } from "../errors.js";
import { UsageError, command, groupThousands, oneLine, type FlagSpecs } from "./common.js";
import { Progress } from "../scenario/progress.js";
import { fullScenarioDoc, loadScenario, scenarioGenesis } from "../scenario/sim-genesis.js";
import { simulate } from "../scenario/sim-run.js";
import { failureLines, renderSimulation, simulationCsv, simulationJson, simulationTable, warningLines, feeLumpingLines } from "../scenario/simulate-output.js";
import { checkOuts, writeOuts } from "./outputs.js";
import { scenarioProblemsError } from "../scenario/scenario-errors.js";
import { runSweepCommand } from "./sweep-command.js";
import { runMonteCarloCommand } from "./montecarlo-command.js";
import { checkChartFile, writeChart } from "../scenario/chart-file.js";
import type { Simulation } from "../scenario/sim-types.js";
import { canonicalScenarioText, genesisText } from "../scenario/provenance.js";
import { thisRelease } from "../store/release.js";

export { COLUMNS, renderSimulation, simulationCsv, simulationJson, summarize, tierColumns } from "../scenario/simulate-output.js";
export { YEAR_NS, loadScenario, scenarioGenesis } from "../scenario/sim-genesis.js";
export { simulate } from "../scenario/sim-run.js";
export type { SimRow, Simulation, TxFailure } from "../scenario/sim-types.js";

/** Exit code of a run whose scenario txs failed under --strict (the output is still written). */
export const EXIT_STRICT = 1;

const FLAGS = {
  scenario: { type: "string", value: "FILE", description: "the scenario, a JSON or YAML (.yaml/.yml) file (every field defaulted; see --print-scenario; decimals as strings)" },
  set: { type: "string", value: "KEY=VALUE", description: "override a scenario field, repeatable: months=24, fees.per_year=1000000, cohorts[0].amount=5" },
  sweep: {
    type: "string", value: "KEY=FROM:TO:STEP|KEY=V1,V2",
    description: "run every combination of the sweeps on worker threads (one core each) and print one summary row per run; repeatable; " +
      "prints the expected duration before it starts",
  },
  every: { type: "string", value: "month|year", default: "month", description: "table rows per month or per year (flows summed)" },
  json: { type: "boolean", description: "print the simulation as JSON with exact values (docs/notebook.md: the schema)" },
  csv: { type: "boolean", description: "print one CSV row per month with exact values (docs/notebook.md: the schema)" },
  chart: {
    type: "string", value: "FILE.svg|FILE.png",
    description: "also draw supply, the rewards pool and the APYs (paid solid, nominal dashed) over time: SVG, or PNG rasterised by resvg; " +
      "with --sweep: small multiples over one swept key, heat maps (runway, mean base APY) over two",
  },
  out: {
    type: "string", value: "FILE",
    description: "write the run to FILE too, in the format its extension names, repeatable: one run, every format " +
      "(.csv, .json, .arrow/.feather: Arrow IPC, .parquet: decimal columns, .txt: the table, .svg/.png: the chart; docs/notebook.md); " +
      "with --runs, --compare, --sensitivity: FILE.<csv|json|arrow|parquet> writes each table as FILE-<table>.<ext>, a DIR every table in every format",
  },
  strict: { type: "boolean", description: "exit 1 if any scenario tx failed (the output is still printed); without it a failure is a warning on stderr" },
  "print-scenario": {
    type: "boolean",
    description: "print the scenario (defaults, file and --set applied) as JSON, keys sorted, and exit: its sha256 is the outputs' scenario_sha256",
  },
  runs: { type: "string", value: "N", description: "Monte Carlo: N runs, each the scenario with its distributions ({\"dist\": ...}) sampled; P10/P50/P90 bands (docs/notebook.md)" },
  seed: { type: "string", value: "S", description: "with --runs: the sampling seed (default 1); run i's inputs come from (S, i) alone" },
  compare: { type: "boolean", description: "compare the scenario files that follow (simulate --compare a.json b.json ...): a Δ table from the first, --chart overlays their series" },
  sensitivity: { type: "boolean", description: "one input at a time: each distribution of --scenario to its low and high end, the others at base; a tornado with --chart" },
  metric: { type: "string", value: "NAME", description: "with --sensitivity: runway_days (default), supply_at_horizon, pool_at_horizon or tierN_paid_apy" },
  threads: { type: "string", value: "N", description: "with --runs, --compare, --sensitivity: worker threads (default: the cores)" },
  "print-genesis": {
    type: "boolean",
    description: "print the genesis document the run starts from (the scenario's overrides written in) and exit: its sha256 is the outputs' genesis_sha256",
  },
} satisfies FlagSpecs;

export interface SimFlags {
  scenario: string | undefined;
  set: string[];
  sweep: string[];
  every: string;
  json: boolean;
  csv: boolean;
  chart: string | undefined;
  out: string[];
  strict: boolean;
  printScenario: boolean;
  printGenesis: boolean;
  help: boolean;
  runs?: string;
  seed?: string;
  compare?: boolean;
  files?: string[];
  sensitivity?: boolean;
  metric?: string;
  threads?: string;
}

function parseSimFlags(argv: string[]): SimFlags {
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: {
        scenario: { type: "string" }, set: { type: "string", multiple: true }, sweep: { type: "string", multiple: true }, every: { type: "string", default: "month" },
        json: { type: "boolean" }, csv: { type: "boolean" }, chart: { type: "string" }, out: { type: "string", multiple: true }, strict: { type: "boolean" }, "print-scenario": { type: "boolean" },
        "print-genesis": { type: "boolean" }, help: { type: "boolean", short: "h" },
        runs: { type: "string" }, seed: { type: "string" }, compare: { type: "boolean" }, sensitivity: { type: "boolean" }, metric: { type: "string" },
        threads: { type: "string" },
      },
      strict: true,
      allowPositionals: true, // the files of --compare
    }));
  } catch (e) {
    throw new UsageError(oneLine((e as Error).message));
  }
  return {
    scenario: values.scenario as string | undefined,
    set: (values.set as string[] | undefined) ?? [],
    sweep: (values.sweep as string[] | undefined) ?? [],
    every: values.every as string,
    json: values.json === true,
    csv: values.csv === true,
    chart: values.chart as string | undefined,
    out: (values.out as string[] | undefined) ?? [],
    strict: values.strict === true,
    printScenario: values["print-scenario"] === true,
    printGenesis: values["print-genesis"] === true,
    help: values.help === true,
    runs: values.runs as string | undefined, seed: values.seed as string | undefined, compare: values.compare === true, files: positionals,
    sensitivity: values.sensitivity === true, metric: values.metric as string | undefined, threads: values.threads as string | undefined,
  };
}

/** A simulation with progress and ETA on stderr. */
export async function simulateWithProgress(file: string | undefined, sets: string[], label = "simulating"): Promise<{ sim: Simulation; core: Awaited<ReturnType<typeof loadCoreFromFile>> }> {
  const core = await loadCoreFromFile();
  const { scenario } = await loadScenario(core, file, sets);
  let setup: Awaited<ReturnType<typeof scenarioGenesis>> & { codeVersion: string };
  try {
    setup = { ...(await scenarioGenesis(core, scenario)), codeVersion: thisRelease() };
  } catch (e) {
    if (e instanceof ValidationError) throw scenarioProblemsError(file, sets, e);
    throw e;
  }
  const progress = new Progress(process.stderr);
  const started = Date.now();
  try {
    const sim = await simulate(core, scenario, setup, (h, of) => {
      const ms = Date.now() - started;
      const eta = h > 0n ? Number(((of - h) * BigInt(ms)) / h) / 1000 : 0;
      progress.update(`${label}: block ${groupThousands(h)}/${groupThousands(of)} (${of > 0n ? (h * 100n) / of : 100n}%), ETA ${Math.ceil(eta)} s …`);
    });
    return { sim, core };
  } finally {
    progress.done();
  }
}

/** A scenario file's projection kept for `estimate --scenario` (host/scenario/projection-cache.ts); a failure to keep it only warns. */
async function keepProjection(core: Awaited<ReturnType<typeof loadCoreFromFile>>, file: string, sim: Simulation): Promise<void> {
  const { projectionKey, writeProjection } = await import("../scenario/projection-cache.js");
  const { doc, scenario } = await loadScenario(core, file, []);
  const setup = await scenarioGenesis(core, scenario);
  await writeProjection(await projectionKey(doc, setup.doc, setup.blockTimeNs), sim)
    .catch((e: Error) => process.stderr.write(`warning: the projection could not be kept for estimate --scenario (${e.message})\n`));
}

/** Failed scenario txs on stderr: a warning, or under --strict the error the run ends with. */
export function reportFailures(sim: Simulation, strict: boolean, shown: boolean): number {
  const lines = failureLines(sim);
  if (lines.length === 0) return 0;
  const detail = shown ? " (listed under the table)" : `\n${lines.slice(1).join("\n")}`;
  if (strict) {
    process.stderr.write(`error: ${oneLine(lines[0]!)} (--strict)${detail}\n`);
    return EXIT_STRICT;
  }
  process.stderr.write(`warning: ${oneLine(lines[0]!)}${detail}\nwarning: --strict makes failed scenario txs an error\n`);
  return 0;
}

async function run(f: SimFlags): Promise<number> {
  if (f.json && f.csv) throw new UsageError("give --json or --csv, not both");
  if (f.chart !== undefined) checkChartFile(f.chart);
  if (f.runs === undefined && !f.compare && !f.sensitivity) checkOuts(f.out); // theirs: a DIR or FILE.<table format> (montecarlo-command.ts)
  if (f.every !== "month" && f.every !== "year") throw new UsageError(`--every ${JSON.stringify(f.every)}: must be month or year`);
  if (f.printScenario) {
    const core = await loadCoreFromFile();
    const { doc } = await loadScenario(core, f.scenario, f.set);
    process.stdout.write(canonicalScenarioText(fullScenarioDoc(doc)));
    return 0;
  }
  if (f.printGenesis) {
    const core = await loadCoreFromFile();
    const { scenario } = await loadScenario(core, f.scenario, f.set);
    try {
      process.stdout.write(genesisText((await scenarioGenesis(core, scenario)).doc));
    } catch (e) {
      if (e instanceof ValidationError) throw scenarioProblemsError(f.scenario, f.set, e);
      throw e;
    }
    return 0;
  }
  if (f.runs !== undefined || f.compare || f.sensitivity) {
    if (f.sweep.length > 0) throw new UsageError("--sweep and --runs/--compare/--sensitivity: give one");
    return runMonteCarloCommand({ ...f, files: f.files ?? [], compare: f.compare === true, sensitivity: f.sensitivity === true });
  }
  if ((f.files ?? []).length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(f.files![0])}`);
  await refuseDistributions(f.scenario, f.set);
  if (f.sweep.length > 0) return runSweepCommand(f);
  const { sim, core } = await simulateWithProgress(f.scenario, f.set);
  if (f.scenario !== undefined && f.set.length === 0) await keepProjection(core, f.scenario, sim);
  const chart = async () => {
    const { simulationChart } = await import("../scenario/chart.js"); // ECharts only when a chart is asked for
    return simulationChart(sim, `Simulation over ${sim.months} months${f.scenario ? `: ${basename(f.scenario)}` : ""}`);
  };
  if (f.chart !== undefined) await writeChart(f.chart, await chart());
  await writeOuts(f.out, {
    table: () => simulationTable(core, sim), json: () => simulationJson(core, sim), text: () => renderSimulation(sim, f.every === "year" ? 12 : 1), chart,
  });
  if (f.json) process.stdout.write(JSON.stringify(simulationJson(core, sim), null, 2) + "\n");
  else if (f.csv) process.stdout.write(simulationCsv(core, sim));
  else process.stdout.write(renderSimulation(sim, f.every === "year" ? 12 : 1) + "\n");
  // The table says it already; CSV and JSON readers get it on stderr too.
  const warnings = [...warningLines(sim), ...feeLumpingLines(sim)];
  if (f.json || f.csv) for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
  else if (warnings.length > 0) process.stderr.write(`warning: ${warnings.length} scenario setting(s) done in part (listed under the table)\n`);
  return reportFailures(sim, f.strict, !f.json && !f.csv);
}

/** A scenario with distributions ({"dist": ...}) runs under --runs or --sensitivity only: said so, naming them. */
async function refuseDistributions(file: string | undefined, sets: string[]): Promise<void> {
  if (file === undefined) return;
  const { applySet, readScenarioDoc } = await import("../scenario/scenario.js");
  const { findDistributions } = await import("../scenario/montecarlo-dist.js");
  let paths: string[];
  try {
    paths = findDistributions(sets.reduce(applySet, await readScenarioDoc(file))).map((d) => d.path);
  } catch {
    return; // the run's own validation names the problem
  }
  if (paths.length > 0) {
    throw new UsageError(`scenario ${file}: ${paths.join(", ")} ${paths.length === 1 ? "is a distribution" : "are distributions"}: run it with --runs N (Monte Carlo) or --sensitivity, or --set a value`);
  }
}

export const simulateCommand = command({
  summary: "run a scenario (tier cohorts, fees, pool phases, governance) block by block on the chain",
  usage: "npm run simulate -- [--scenario FILE] [--set KEY=VALUE ...] [--json | --csv] [--out FILE ...] [--strict] [flags]",
  about: [
    "Run a scenario block by block on the chain itself (the node's code: mint, top-up from the pool,",
    "distribution; the scenario's actions as signed txs, each simulated first and signed with 1.4x the gas",
    "it used, as CosmJS's fee \"auto\", then through CheckTx and DeliverTx): tier cohorts locking, exiting",
    "and unbonding, monthly claims, fee revenue with growth, the pool's reserve and phases with",
    "protocol-revenue deposits, a bonded ratio over time, governance changes of the target rate or a",
    "tier's APY. Reports per month supply, circulating, inflation, minted, fees, top-up and bonus paid,",
    "owed bonus, pool balance and inflows, bonded, the base APY received, each tier's paid and nominal",
    "APY, failed txs, and the block and date the rewards pool runs dry. Progress with ETA on stderr.",
    "A scenario tx that fails (its simulation, CheckTx or DeliverTx) is counted in every output and",
    "named on stderr; --strict makes it an error.",
  ],
  notes: [
    "Scenario fields (months are the chain's: floor(blocks_per_year / 12) blocks; an event at month m",
    "happens in block m x blocks_per_month + 1; the run starts at the genesis time; tokens and rates are decimal strings):",
    "  genesis (file|null), genesis_override (object laid over the genesis|null), months (60),",
    "  block_time (\"5s\"|null: the genesis's), target_rate (\"0.03\"|null), pool.reserve (tokens|null),",
    "  pool.inflows [{month, amount}], phases [{name, month, revenue_per_month}],",
    "  fees {per_year, growth, payments_per_month (30)}, bonded_ratio [{month, ratio}],",
    "  cohorts [{month, tier, amount, validator (0), exit (\"never\"|\"at_entry\"|month), on_unlock (\"stay\"|\"undelegate\")}],",
    "  claims {every_months (1; 0: never)}, bonus_funding (\"pool\"|\"revenue_first\": a claim month's revenue paid in the claim's tx, before it;",
    "  docs/economics.md), governance [{month, target_rate} | {month, tier, bonus_apy}],",
    "  validators ({count, commissions [\"0.05\", ...] cycled by index, self_delegation (tokens)}|null: the genesis's).",
    "The actor is dev key 0 (the default genesis's reserve and governance authority).",
  ],
  flags: FLAGS,
  parse: parseSimFlags,
  run,
});
