// The ratchet over the four recorded workloads (helpers/reference-replay.ts): per workload, the
// checked-in list `test/reference-chain/<workload>/expected-matches.json` names the txs the node
// matches fully (helpers/reference-compare.ts's `differences`: stage, code, codespace, raw log, gas
// within 1 %, events with attributes, msg responses), each with whether its gas is exact. A listed tx
// that stops matching (or whose exact gas drifts) fails test/reference/reference-replay.test.ts; a tx that
// matches and is not listed is printed with UPDATE_COMMAND, which rewrites the lists.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { differences, gasExact, notExecuted, signerName } from "./reference-compare.js";
import { workloadDir, type ReplayRow, type Workload } from "./reference-replay.js";

export const UPDATE_COMMAND = "npm run reference-table -- --workload all --update";
export const UPDATE_ENV = "REFERENCE_RATCHET=update";

export type Status = "matched" | "differs" | "not executed";

export interface Expected {
  label: string;
  /** "exact": gas to the unit when listed, held so; "1 %": within the comparison's tolerance. */
  gas: "exact" | "1 %";
}

export const expectedPath = (w: Workload): string => join(workloadDir(w), "expected-matches.json");

/** The list checked in for `w` (empty when there is none yet). */
export function readExpected(w: Workload): Expected[] {
  const p = expectedPath(w);
  return existsSync(p) ? (JSON.parse(readFileSync(p, "utf8")).matches as Expected[]) : [];
}

/** A row's status and its first difference (the report's headline). */
export function statusOf(row: ReplayRow): { status: Status; first: string; diffs: string[] } {
  const diffs = differences(row);
  if (diffs.length === 0) return { status: "matched", first: "", diffs };
  return { status: notExecuted(row) ? "not executed" : "differs", first: diffs[0]!.replace(/\n\s*/g, " / "), diffs };
}

/** The list the replay's rows give: every matching tx, in row order. */
export const expectedOf = (rows: ReplayRow[]): Expected[] =>
  rows.filter((r) => statusOf(r).status === "matched").map((r) => ({ label: r.label, gas: gasExact(r) ? "exact" as const : "1 %" as const }));

export function writeExpected(w: Workload, rows: ReplayRow[]): void {
  const doc = {
    about: `The txs of this recording the node matches fully (test/reference/reference-replay.test.ts fails if one stops; gas "exact" is held to the unit). Rewritten by \`${UPDATE_COMMAND}\` or \`${UPDATE_ENV} node --import tsx test/run.ts test "^reference-replay\\.test\\.ts$"\`.`,
    matches: expectedOf(rows),
  };
  const matches = doc.matches.map((m) => `    ${JSON.stringify(m)}`).join(",\n");
  writeFileSync(expectedPath(w), `{\n  "about": ${JSON.stringify(doc.about)},\n  "matches": [\n${matches}\n  ]\n}\n`);
}

/** What the ratchet finds: listed txs that regressed (fail), and matches not listed (printed). */
export function ratchet(w: Workload, rows: ReplayRow[], expected = readExpected(w)) {
  const byLabel = new Map(rows.map((r) => [r.label, r]));
  const listed = new Set(expected.map((e) => e.label));
  const regressions: string[] = [];
  for (const e of expected) {
    const r = byLabel.get(e.label);
    if (r === undefined) {
      regressions.push(`${w}: "${e.label}" is listed but is no row of the recording`);
      continue;
    }
    const s = statusOf(r);
    if (s.status !== "matched") regressions.push(`${w} #${r.n} ${r.label} (${signerName(r.signer)}, ${r.mode}) no longer matches:\n${s.diffs.map((d) => `    ${d}`).join("\n")}`);
    else if (e.gas === "exact" && !gasExact(r)) regressions.push(`${w} #${r.n} ${r.label}: gas was exact, now chain ${r.chain.gasUsed}, node ${r.node.gasUsed}`);
  }
  const unlisted = rows.filter((r) => !listed.has(r.label) && statusOf(r).status === "matched");
  const newlyExact = rows.filter((r) => expected.some((e) => e.label === r.label && e.gas === "1 %") && statusOf(r).status === "matched" && gasExact(r) && r.chain.stage === "deliver");
  return { regressions, unlisted, newlyExact };
}

/** matched / differs / not executed, and the rows signed again or needing it. */
export function counts(rows: ReplayRow[]) {
  const by = (s: Status) => rows.filter((r) => statusOf(r).status === s).length;
  return {
    total: rows.length, matched: by("matched"), differs: by("differs"), notExecuted: by("not executed"),
    exact: rows.filter((r) => r.chain.stage === "deliver" && r.node.stage === "deliver" && r.chain.gasUsed === r.node.gasUsed).length,
    needsResigning: rows.filter((r) => r.needsResigning !== undefined).length,
  };
}

const cell = (s: string) => s.replace(/\|/g, "\\|");

/** A workload's report (markdown): per tx its status and first difference, then the counts. */
export function workloadReport(w: Workload, rows: ReplayRow[]): string {
  const listed = new Set(readExpected(w).map((e) => e.label));
  const c = counts(rows);
  const lines = [
    `### ${w}`,
    "",
    "| # | tx | signer | status | first difference / note |",
    "|---|---|---|---|---|",
    ...rows.map((r) => {
      const s = statusOf(r);
      const notes = [
        s.first,
        r.resigned === "" ? "" : `re-signed: ${r.resigned}`,
        r.needsResigning === undefined ? "" : `**needs re-signing**: ${r.needsResigning}`,
        s.status === "matched" && !listed.has(r.label) ? "**not in expected-matches.json**" : "",
        s.status === "matched" && r.chain.stage === "deliver" && !gasExact(r) ? `gas within 1 %: chain ${r.chain.gasUsed}, node ${r.node.gasUsed}` : "",
      ].filter((x) => x !== "");
      return `| ${r.n} | ${cell(r.label)} | ${signerName(r.signer)}${r.mode === "amino" ? " (amino)" : ""} | ${s.status} | ${cell(notes.join("; "))} |`;
    }),
    "",
    `${w}: ${c.matched} matched, ${c.differs} differ, ${c.notExecuted} not executed, of ${c.total} txs; gas to the unit in ${c.exact}` +
      `${c.needsResigning > 0 ? `; ${c.needsResigning} need re-signing` : ""}.`,
  ];
  return lines.join("\n");
}
