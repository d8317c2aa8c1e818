// `simulate --out`: one run written as CSV, JSON, Arrow IPC, Parquet, text and PNG at once; the
// Arrow and Parquet files read back (apache-arrow; parquet-wasm into Arrow) hold exactly the CSV's
// values, with decimal columns of the documented scale. The table abstraction round-trips values
// past Decimal128 (Decimal256) and past Decimal256 (exact strings).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli } from "../helpers/cli.js";
import { tableArrow, tableCsv, tableParquet, type DataTable } from "../../host/scenario/table.js";
import { readArrowTable, readParquetTable } from "../../host/scenario/table-read.js";
import { simulationColumnKind } from "../../host/scenario/simulate-output.js";

/** The CSV's meta lines, header and cells (no cell of these holds a comma or a quote but `phase`, quoted only with `#`). */
function parseCsv(text: string): { meta: [string, string][]; header: string[]; rows: (string | null)[][] } {
  const lines = text.trimEnd().split("\n");
  const meta = lines.filter((l) => l.startsWith("# ")).map((l): [string, string] => [l.slice(2, l.indexOf(": ")), l.slice(l.indexOf(": ") + 2)]);
  const body = lines.filter((l) => !l.startsWith("# "));
  const cells = (l: string) => l.split(",").map((c) => (c === "" ? null : c.replace(/^"(.*)"$/, "$1")));
  return { meta, header: body[0]!.split(","), rows: body.slice(1).map(cells) };
}

test("one run writes csv, json, arrow, parquet, txt and png; Arrow and Parquet hold the CSV's values exactly", async () => {
  const dir = await mkdtemp(join(tmpdir(), "sim-out-"));
  try {
    const scenario = join(dir, "s.json");
    await writeFile(scenario, JSON.stringify({
      months: 3, block_time: "1h", pool: { reserve: "1000" }, fees: { per_year: "1200", payments_per_month: 2 },
      cohorts: [{ month: 0, tier: 3, amount: "1000000" }, { month: 1, tier: 1, amount: "100.5" }],
    }));
    const outs = ["r.csv", "r.json", "r.arrow", "r.parquet", "r.txt", "r.png"].map((f) => join(dir, f));
    const r = await cli("simulate", "--scenario", scenario, ...outs.flatMap((o) => ["--out", o]));
    assert.is(r.code, 0, r.stderr);
    for (const o of outs) assert.ok((await stat(o)).size > 0, o);
    const csv = parseCsv(await readFile(outs[0]!, "utf8"));
    const json = JSON.parse(await readFile(outs[1]!, "utf8"));
    assert.equal(json.rows.map((row: Record<string, string | null>) => csv.header.map((c) => row[c])), csv.rows, "JSON rows = CSV rows");
    assert.is(json.provenance.scenario_sha256, csv.meta.find(([k]) => k === "scenario_sha256")![1]);
    assert.ok((await readFile(outs[4]!, "utf8")).includes("Provenance: scenario sha256"));
    const png = await readFile(outs[5]!);
    assert.equal([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);

    for (const [file, read] of [[outs[2]!, readArrowTable], [outs[3]!, readParquetTable]] as const) {
      const t = await read(new Uint8Array(await readFile(file)));
      assert.equal(t.columns.map((c) => c.name), csv.header, `${file}: columns`);
      assert.equal(t.columns.map((c) => c.kind), csv.header.map(simulationColumnKind), `${file}: kinds`);
      assert.equal(t.rows, csv.rows, `${file}: every value equals the CSV's`);
      const sorted = (m: [string, string][]) => [...m].sort(([a], [b]) => a.localeCompare(b));
      assert.equal(sorted(t.meta), sorted(csv.meta.filter(([k]) => k !== "warning")), `${file}: provenance and runway in the metadata`);
    }
    // The decimal types: amounts Decimal128(38, 0), rates Decimal128(38, 18).
    const A = await import("apache-arrow");
    const table = A.tableFromIPC(new Uint8Array(await readFile(outs[2]!)));
    assert.is(`${table.schema.fields.find((f) => f.name === "total_supply")!.type}`, "Decimal[38e0]");
    assert.is(`${table.schema.fields.find((f) => f.name === "base_apy")!.type}`, "Decimal[38e+18]");
    assert.is(A.DataType.isTimestamp(table.schema.fields.find((f) => f.name === "time")!.type), true);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the table: Decimal256 past 38 digits, exact strings past 76, negatives, nulls; CSV = Arrow = Parquet", async () => {
  const big = `${10n ** 50n + 7n}`;
  const huge = `${10n ** 80n + 1n}`;
  const t: DataTable = {
    meta: [["what", "a test"], ["warning", "one"], ["warning", "two"]],
    columns: [{ name: "a", kind: "amount" }, { name: "b", kind: "amount" }, { name: "h", kind: "amount" }, { name: "r", kind: "rate" },
      { name: "d", kind: "days" }, { name: "n", kind: "count" }, { name: "t", kind: "time" }, { name: "s", kind: "text" }],
    rows: [
      ["1", big, huge, "0.030000000000000000", "748.791666", "17971", "2028-01-19T19:00:00Z", "x, \"y\" #z"],
      [null, `-${big}`, null, "-1.000000000000000001", null, null, null, null],
      ["99999999999999999999999999999999999999", "0", "0", "0.000000000000000000", "0.000057", "0", "2027-01-01T00:00:00.5Z", ""],
    ],
  };
  const csv = tableCsv(t);
  assert.ok(csv.startsWith("# what: a test\n# warning: one\n# warning: two\na,b,h,r,d,n,t,s\n"));
  assert.ok(csv.includes(`"x, ""y"" #z"`));
  for (const back of [await readArrowTable(await tableArrow(t)), await readParquetTable(await tableParquet(t))]) {
    assert.equal(back.rows, t.rows);
    assert.equal(back.columns, t.columns);
    assert.equal(new Map(back.meta), new Map([["what", "a test"], ["warning", "one\ntwo"]]));
  }
  const A = await import("apache-arrow");
  const s = A.tableFromIPC(await tableArrow(t)).schema;
  assert.is(`${s.fields[0]!.type}`, "Decimal[38e0]");
  assert.is(`${s.fields[1]!.type}`, "Decimal[76e0]");
  assert.is(`${s.fields[2]!.type}`, "Utf8");
  assert.is(s.fields[2]!.metadata.get("exact_decimal_string"), "amount");
});

test("docs/notebook.md's units match the column kinds the Arrow/Parquet types follow", async () => {
  const doc = await readFile(new URL("../../docs/notebook.md", import.meta.url), "utf8");
  const section = doc.split(/^## /m).find((s) => s.startsWith("`simulate --csv` / `--json` rows"))!;
  const unitKind: Record<string, string> = { tokens: "amount", rate: "rate", count: "count", time: "time", text: "text", days: "days" };
  for (const l of section.split("\n").filter((x) => x.startsWith("| `"))) {
    const cells = l.split("|").map((c) => c.trim());
    const name = cells[1]!.replace(/`/g, "").replace("<N>", "1");
    assert.is(simulationColumnKind(name), unitKind[cells[2]!], name);
  }
});

test.run();
