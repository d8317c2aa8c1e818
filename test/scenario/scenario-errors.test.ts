// A scenario's problems: every one reported (not the first), each with FILE:LINE:COLUMN in the
// scenario file (JSON and YAML) or the --set that gave it, amounts in display units with base units
// in brackets; JSON syntax errors all listed with positions.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli } from "../helpers/cli.js";
import { locate } from "../../host/scenario/scenario-errors.js";
import { displayAmount } from "../../host/scenario/numbers.js";

let dir = "";
test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), "scenario-errors-"));
});
test.after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** stderr's problem lines (after the `error:` head). */
function problems(stderr: string): string[] {
  return stderr.split("\n").filter((l) => l.startsWith("  ")).map((l) => l.trim());
}

test("every problem of a JSON scenario, each at its line:column, in the file's order", async () => {
  const file = join(dir, "bad.json");
  await writeFile(file, [
    "{",
    '  "months": 12,',
    '  "pool": { "reserve": "2000000000", "extra": 1 },',
    '  "phases": [ { "name": "reserve", "month": 0 }, { "name": "late", "month": 24 } ],',
    '  "fees": { "per_year": 20000000 },',
    '  "cohorts": [',
    '    { "month": 0, "tier": 2, "amount": "-5", "on_unlock": "sell" }',
    "  ]",
    "}",
  ].join("\n"));
  const r = await cli("simulate", "--scenario", file);
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /^error: scenario: 6 problems:\n/);
  assert.equal(problems(r.stderr), [
    `${file}:3:38: pool.extra: unknown field (known: reserve, inflows)`,
    `${file}:4:68: phases[1].month: must be between 0 and 12, got 24`,
    `${file}:4:68: phases[1].month: phases must start at increasing months`,
    `${file}:5:13: fees.per_year: expected a token amount as a string (e.g. "1000000" or "1.5"), got a number (20000000)`,
    `${file}:7:30: cohorts[0].amount: not a token amount: "-5" (digits, up to 8 decimals, not negative)`,
    `${file}:7:46: cohorts[0].on_unlock: expected "stay" or "undelegate", got a string ("sell")`,
  ]);
});

test("problems against the genesis, all of them, amounts in CRO with base units in brackets; a --set's problem names the --set", async () => {
  const file = join(dir, "genesis.json");
  await writeFile(file, JSON.stringify({ months: 12, cohorts: [{ month: 0, tier: 1, amount: "50" }, { month: 0, tier: 9, amount: "500" }] }, null, 2));
  const r = await cli("simulate", "--scenario", file, "--set", "cohorts[0].validator=7");
  assert.is(r.code, 2, r.stderr);
  assert.equal(problems(r.stderr), [
    "--set cohorts[0].validator=7: cohorts[0].validator: no validator 7 (the genesis has 4, from 0)",
    `${file}:7:7: cohorts[0].amount: 50 CRO (5,000,000,000 basecro) is below tier 1's minimum lock of 100 CRO (10,000,000,000 basecro)`,
    `${file}:11:7: cohorts[1].tier: no such tier (the genesis has: 1, 2, 3)`,
  ]);
});

test("JSON syntax errors: every one with its line:column", async () => {
  const file = join(dir, "syntax.json");
  await writeFile(file, '{\n "months": 3,,\n "fees": {"per_year": "1" \n}');
  const r = await cli("simulate", "--scenario", file);
  assert.is(r.code, 2);
  assert.match(r.stderr, /^error: --scenario .*syntax\.json: not JSON:\n/);
  const lines = problems(r.stderr);
  assert.ok(lines.length >= 2, r.stderr);
  assert.ok(lines.some((l) => l.startsWith(`${file}:2:14: `)), r.stderr);
  assert.ok(lines.some((l) => l.startsWith(`${file}:4:2: `)), r.stderr);
});

test("YAML: positions from the yaml package's ranges; every float refused", async () => {
  const file = join(dir, "s.yaml");
  await writeFile(file, "months: 3\nfees:\n  per_year: 1.5\n  growth: 0.25\n");
  const r = await cli("simulate", "--scenario", file);
  assert.is(r.code, 2);
  assert.equal(problems(r.stderr), [
    `${file}:3:3: fees.per_year: 1.5 is not an integer: write decimals (amounts, rates) as strings, e.g. "1.5"`,
    `${file}:4:3: fees.growth: 0.25 is not an integer: write decimals (amounts, rates) as strings, e.g. "0.25"`,
  ]);
  assert.equal(locate("a:\n  b:\n    - x: 1\n    - y: 2\n", true, "a.b[1].y"), { line: 4, column: 7 });
  assert.equal(locate('{"a": {"b": [1, {"y": 2}]}}', false, "a.b[1].z"), { line: 1, column: 17 }, "a field left out: its object");
});

test("display units", () => {
  assert.is(displayAmount(150_000_000n), "1.5 CRO (150,000,000 basecro)");
  assert.is(displayAmount(1n), "0.00000001 CRO (1 basecro)");
  assert.is(displayAmount(-(10n ** 17n)), "-1,000,000,000 CRO (-100,000,000,000,000,000 basecro)");
});

test.run();
