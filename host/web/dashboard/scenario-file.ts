// The dashboard's scenario files and projection: load a scenario file (`npm run simulate --
// --scenario`'s JSON: cohorts, phases, governance...) and run it in the page's worker as the CLI
// runs it (from the default genesis, as the file says), save the scenario shown or the projection's
// rows (`simulate --csv`'s table), and price the calculator's position on the projection: the APY
// its pool pays, not the promise (host/scenario/scenario-bonus.ts, `estimate --scenario`'s).
//
// The projection's exact values are on #sim-result for scripts and tests: data-rows (the CSV's
// rows: JSON of {column: value}) and data-runway ({height, month, time, days} or null).

import type { Engine, Simulation } from "../engine.js";
import type { DataTable } from "../../scenario/table.js";
import { tableCsv } from "../../scenario/table.js";
import { paidEstimate } from "../../scenario/scenario-bonus.js";
import { formatPercent, formatTime, groupThousands } from "../engine.js";

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;
const set = (id: string, text: string) => {
  $(id).textContent = text;
};

/** A scenario file loaded in the page; null: the form's scenario runs. */
export interface LoadedScenario {
  name: string;
  doc: Record<string, unknown>;
}

let loaded: LoadedScenario | null = null;
let shown: Record<string, unknown> | null = null;
let table: DataTable | null = null;
let projection: { sim: Simulation; claimsEveryMonths: number } | null = null;

export function loadedScenario(): LoadedScenario | null {
  return loaded;
}

/** A file offered for download. */
function download(name: string, text: string, type: string): void {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** A scenario file's text as a scenario document; the worker validates its fields (every problem at once). */
export function parseScenarioFile(name: string, text: string): LoadedScenario {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new Error(`${name}: not JSON: ${(e as Error).message} (the page reads JSON; \`npm run simulate\` reads YAML too)`);
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) throw new Error(`${name}: a scenario is a JSON object`);
  const o = doc as Record<string, unknown>;
  if (typeof o.genesis === "string" && o.genesis !== "") {
    throw new Error(`${name}: its genesis is a file (${o.genesis}), which the page cannot read: run it with npm run simulate, or lay the changes in genesis_override`);
  }
  return { name, doc: o };
}

/** The load and save controls; `run` runs the scenario now in force (the file's, or the form's). */
export function setupScenarioFiles(run: () => void): void {
  const input = $<HTMLInputElement>("sim-file");
  const source = $("sim-source");
  const useForm = $<HTMLButtonElement>("sim-use-form");
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    try {
      loaded = parseScenarioFile(file.name, await file.text());
      source.textContent = `The scenario file ${file.name}.`;
      useForm.disabled = false;
      $("sim-error").textContent = "";
      run();
    } catch (e) {
      $("sim-error").textContent = (e as Error).message;
    } finally {
      input.value = "";
    }
  });
  useForm.addEventListener("click", () => {
    loaded = null;
    useForm.disabled = true;
    source.textContent = "The form's scenario (the chain's state now).";
    run();
  });
  $("sim-save").addEventListener("click", () => {
    if (shown) download(loaded?.name ?? "scenario.json", JSON.stringify(shown, null, 2) + "\n", "application/json");
  });
  $("sim-csv").addEventListener("click", () => {
    if (table) download((loaded?.name ?? "scenario.json").replace(/\.json$/i, "") + ".csv", tableCsv(table), "text/csv");
  });
}

/** The scenario about to run (what Save scenario saves). */
export function scenarioShown(doc: Record<string, unknown>): void {
  shown = doc;
}

/** A finished projection: its rows and runway on #sim-result, Save CSV, and the calculator's paid APY. */
export function projectionDone(sim: Simulation, rows: DataTable | undefined, doc: Record<string, unknown>): void {
  table = rows ?? null;
  const claims = (doc.claims as { every_months?: unknown } | undefined)?.every_months;
  projection = { sim, claimsEveryMonths: claims === undefined ? 1 : Number(claims) };
  const result = $("sim-result");
  result.dataset.source = loaded?.name ?? "form";
  result.dataset.rows = table ? JSON.stringify(table.rows.map((r) => Object.fromEntries(table!.columns.map((c, i) => [c.name, r[i] ?? null])))) : "";
  const dry = sim.poolDry;
  result.dataset.runway = JSON.stringify(dry ? { height: `${dry.height}`, month: dry.month, time: formatTime(dry.timeNs), days: dry.days } : null);
  set("s-runway", dry ? `block ${groupThousands(dry.height)}, ${formatTime(dry.timeNs)}, ${dry.days} days after the start` : "the pool lasts the horizon");
  $<HTMLButtonElement>("sim-csv").disabled = table === null;
}

/**
 * The calculator's paid APY: the position priced on the projection (base at the base APY it paid
 * month by month, the bonus its pool pays on its claims); "–" with the reason when it cannot be.
 */
export function showPaidApy(engine: Engine, inputs: Parameters<Engine["estimate"]>[0] | null): void {
  const out = $("r-paid-apy");
  if (!inputs) {
    out.textContent = "–";
    out.dataset.value = "";
    return;
  }
  if (!projection) {
    out.textContent = "after the projection";
    out.dataset.value = "";
    return;
  }
  try {
    const r = paidEstimate(engine.core, inputs, projection.sim, projection.claimsEveryMonths);
    const short = r.bonus < r.promisedBonus;
    out.textContent = `${formatPercent(r.effectiveApy, 4)} %${short ? ` (the pool pays ${formatPercent((r.bonus * 10n ** 18n) / (r.promisedBonus === 0n ? 1n : r.promisedBonus), 1)} % of the bonus promised)` : ""}`;
    out.dataset.value = `${r.effectiveApy}`;
  } catch (e) {
    out.textContent = `– (${(e as Error).message}: lengthen the projection or move the start)`;
    out.dataset.value = "";
  }
}
