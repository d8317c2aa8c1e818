// docs/notebook.md's "Ranges, comparisons and sensitivity", reproduced: each command shown (a ```sh
// block `npm run simulate -- ...`) is run as written and prints every line of the answer shown under
// it (the ```text block after it; spacing aside), and its output holds together: the runway's
// P10 <= P50 <= P90 and every band's, ten runs each with its sampled inputs; the Δ row the
// difference of the two scenarios' rows; the tornado's five inputs sorted by swing = |high - low|,
// its chart drawn.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli } from "../helpers/cli.js";
import { decSub } from "../../host/scenario/compare.js";

interface Example {
  args: string[];
  answer: string[];
}

const squash = (l: string) => l.trim().replace(/\s+/g, " ");

async function examples(): Promise<Example[]> {
  const doc = await readFile(new URL("../../docs/notebook.md", import.meta.url), "utf8");
  const section = doc.split(/^## /m).find((s) => s.startsWith("Ranges, comparisons and sensitivity"))!;
  assert.ok(section, "the section");
  const out: Example[] = [];
  // Each command with the first answer block after it.
  for (const m of section.matchAll(/```sh\nnpm run simulate -- ([^\n]*)\n```/g)) {
    const answer = /```text\n([\s\S]*?)```/.exec(section.slice(m.index! + m[0].length))!;
    out.push({ args: m[1]!.split(/\s+/), answer: answer[1]!.split("\n").map(squash).filter((l) => l !== "") });
  }
  return out;
}

/** A text table's rows (after its dashes line) until a blank line, split on runs of spaces. */
function tableRows(stdout: string, name: string): string[][] {
  const lines = stdout.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`${name}`)) + 3;
  const rows: string[][] = [];
  for (let i = start; i < lines.length && lines[i]!.trim() !== ""; i++) rows.push(lines[i]!.trim().split(/\s{2,}/));
  return rows;
}

function header(stdout: string, name: string): string[] {
  const lines = stdout.split("\n");
  return lines[lines.findIndex((l) => l.startsWith(`${name}`)) + 1]!.trim().split(/\s{2,}/);
}

const num = (s: string) => Number(s.replace(/[,%]/g, ""));
const test = suite("docs/notebook.md: ranges, comparisons and sensitivity, reproduced");
let dir = "";
test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), "notebook-mc-"));
});
test.after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("the three commands print the answers shown, and their outputs hold together", async () => {
  const list = await examples();
  assert.is(list.length, 3, "--runs, --compare, --sensitivity");
  const outputs: string[] = [];
  for (const e of list) {
    const args = e.args.map((a, i) => (e.args[i - 1] === "--chart" ? join(dir, a) : a));
    const r = await cli("simulate", ...args);
    assert.is(r.code, 0, r.stderr);
    const got = r.stdout.split("\n").map(squash);
    for (const line of e.answer) assert.ok(got.includes(line), `simulate ${e.args.join(" ")} prints:\n${line}\n---\n${r.stdout.slice(0, 3000)}`);
    outputs.push(r.stdout);
  }
  const [runs, compare, tornado] = outputs as [string, string, string];

  // --runs: the runway percentiles in order, the bands' P10 <= P50 <= P90, ten runs with their inputs.
  const runway = tableRows(runs, "runway:");
  assert.equal(runway.map((r) => r[0]), ["p10", "p50", "p90"]);
  const days = runway.map((r) => num(r[5]!));
  assert.ok(days[0]! <= days[1]! && days[1]! <= days[2]!, `${days}`);
  const bh = header(runs, "bands");
  for (const row of tableRows(runs, "bands")) {
    bh.forEach((name, c) => {
      if (!name.endsWith("_p10") || row[c] === "-") return;
      assert.ok(num(row[c]!) <= num(row[c + 1]!) && num(row[c + 1]!) <= num(row[c + 2]!), `${name} at month ${row[0]}`);
    });
  }
  const rh = header(runs, "runs");
  const rr = tableRows(runs, "runs");
  assert.is(rr.length, 10);
  for (const input of ["pool.reserve", "phases[1].revenue_per_month", "fees.per_year", "fees.growth", "cohorts[0].amount"]) assert.ok(rh.includes(input), input);
  assert.is(new Set(rr.map((r) => r[rh.indexOf("pool.reserve")])).size, 10, "each run its own sample");

  // --compare: the Δs are the rows' differences.
  const ch = header(compare, "delta");
  const [a, b] = tableRows(compare, "delta") as [string[], string[]];
  assert.is(b[ch.indexOf("delta_pool_dry_days")], decSub(b[ch.indexOf("pool_dry_days")]!, a[ch.indexOf("pool_dry_days")]!));
  assert.ok(b[ch.indexOf("delta_mean_tier3_paid_apy")]!.startsWith("-"), "tier 3 is paid less after the cut");

  // --sensitivity: five inputs, sorted by swing, each swing |high - low|; the chart drawn.
  const th = header(tornado, "tornado");
  const tr = tableRows(tornado, "tornado");
  assert.is(tr.length, 5);
  const swings = tr.map((r) => num(r[th.indexOf("swing")]!));
  assert.equal(swings, [...swings].sort((x, y) => y - x));
  for (const r of tr) assert.is(r[th.indexOf("swing")], decSub(r[th.indexOf("runway_days_at_high")]!, r[th.indexOf("runway_days_at_low")]!)!.replace(/^-/, ""));
  assert.ok((await stat(join(dir, "tornado.png"))).size > 10_000);
});

test.run();
