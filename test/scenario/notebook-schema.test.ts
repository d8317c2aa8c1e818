// docs/notebook.md is the schema of `simulate --csv` / `--json` and of a sweep's CSV: every column
// the commands print is documented there with a unit, in order, and nothing else is.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFile } from "node:fs/promises";
import { COLUMNS, sweepColumns, tierColumns } from "../../host/scenario/simulate-output.js";
import type { RunSummary } from "../../host/scenario/sweep.js";
import { PROVENANCE_FIELDS } from "../../host/scenario/provenance.js";

const UNITS = new Set(["tokens", "rate", "count", "time", "text", "days"]);

/** The first column of each row of the table in the section whose heading starts with `heading`, and its unit. */
async function table(heading: string): Promise<{ column: string; unit: string }[]> {
  const doc = await readFile(new URL("../../docs/notebook.md", import.meta.url), "utf8");
  const section = doc.split(/^## /m).find((s) => s.startsWith(heading));
  assert.ok(section !== undefined, `a section "${heading}"`);
  return section.split("\n").filter((l) => l.startsWith("| `")).map((l) => {
    const cells = l.split("|").map((c) => c.trim());
    return { column: cells[1]!.replace(/`/g, ""), unit: cells[2]! };
  });
}

test("every simulate CSV/JSON column is documented in order with a unit", async () => {
  const rows = await table("`simulate --csv` / `--json` rows");
  const documented = rows.map((r) => r.column);
  const tierDoc = tierColumns(0).map((c) => c.replace("tier0_", "tier<N>_"));
  assert.equal(documented, [...COLUMNS, ...tierDoc]);
  for (const r of rows) assert.ok(UNITS.has(r.unit), `${r.column}: unit ${r.unit}`);
});

test("every sweep CSV column is documented in order with a unit", async () => {
  const rows = await table("`simulate --sweep ... --csv`");
  const one = { mean_tier_paid_apys: { tier0: null }, mean_tier_nominal_apys: { tier0: null } } as unknown as RunSummary;
  const expected = sweepColumns([one]).map((c) => c.replace("tier0", "tier<N>"));
  assert.equal(rows.map((r) => r.column), expected);
  for (const r of rows) assert.ok(UNITS.has(r.unit), `${r.column}: unit ${r.unit}`);
});

test("every provenance field is documented, in the order the outputs print them", async () => {
  const doc = await readFile(new URL("../../docs/notebook.md", import.meta.url), "utf8");
  const section = doc.split(/^## /m).find((s) => s.startsWith("Provenance and runway"));
  assert.ok(section !== undefined);
  const fields = section.split("\n").filter((l) => l.startsWith("| `")).map((l) => l.split("|")[1]!.trim().replace(/`/g, ""));
  assert.equal(fields, [...PROVENANCE_FIELDS]);
});

test.run();
