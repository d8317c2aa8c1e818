// The CLI as a user runs it: `node --import tsx host/cli.ts ...` in a child process. Only two
// runs use the default 6,311,520 blocks/year (12 months = 6.3 M blocks, a few seconds each, run
// side by side); the others use a small --blocks-per-year and run in parallel batches.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readVectors } from "../golden/vectors.js";
import { cli, type Result } from "../helpers/cli.js";

interface JsonRow {
  month: string;
  height: string;
  inflation: string;
  annual_provisions: string;
  total_supply: string;
}

function rowsOf(r: Result): JsonRow[] {
  assert.is(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as JsonRow[];
}

/** A usage failure: exit 2, nothing on stdout, exactly one `error: ` line on stderr. */
function assertUsageError(r: Result, args: string[], pattern?: RegExp): void {
  const what = `schedule ${args.join(" ")}`;
  assert.is(r.code, 2, `${what}: exit code (stderr: ${r.stderr})`);
  assert.is(r.stdout, "", `${what}: stdout`);
  const lines = r.stderr.split("\n");
  assert.is(lines.length, 2, `${what}: one stderr line, got ${JSON.stringify(r.stderr)}`);
  assert.is(lines[1], "", `${what}: stderr ends with a newline`);
  assert.ok(lines[0].startsWith("error: "), `${what}: ${lines[0]}`);
  if (pattern) assert.match(lines[0], pattern, what);
}

// Golden param set 0: the rate 12 months after the decay epoch (k = 12 x blocksPerMonth).
interface GoldenSet {
  base_rate: string;
  decay_rate: string;
  blocks_per_year: string;
  blocks_per_month: string;
  total_supplies: string[];
  heights: { k: string; inflation: string; provisions: { total_supply: string; annual_provisions: string }[] }[];
}
const golden = readVectors<{ param_sets: GoldenSet[] }>("inflation.json");
assert.ok(golden, "test/golden/inflation.json is missing");
const set0 = golden!.param_sets[0];
const bpm = BigInt(set0.blocks_per_month);
const goldenRow = (months: bigint) => set0.heights.find((h) => BigInt(h.k) === months * bpm);
const month12 = goldenRow(12n);
const flags0 = ["--base-rate", set0.base_rate, "--decay", set0.decay_rate, "--blocks-per-year", set0.blocks_per_year];

// The two default-parameter runs, started together (they are CPU-bound; the rest is startup).
let bigRuns: Promise<[Result, Result]> | undefined;
const big = () =>
  (bigRuns ??= Promise.all([
    cli("schedule", "--months", "12", "--step", "6", "--json", ...flags0),
    cli("schedule", "--months", "12", "--step", "12"),
  ]));

const help = suite("cli help");

help("schedule --help lists every flag with its default, exit 0", async () => {
  const r = await cli("schedule", "--help");
  assert.is(r.code, 0);
  assert.is(r.stderr, "");
  for (const [flag, def] of [
    ["--months", "60"],
    ["--step", "6"],
    ["--supply", "98500000000"],
    ["--base-rate", "0.01"],
    ["--decay", "0.068"],
    ["--blocks-per-year", "6311520"],
    ["--max-supply", "100000000000"],
  ]) {
    assert.match(r.stdout, new RegExp(`${flag} \\S+ .*\\(default: ${def}\\)`), flag);
  }
  assert.match(r.stdout, "--json");
  assert.match(r.stdout, "--help");
});

help("--help and no command print the usage with the commands and their flags, exit 0", async () => {
  const argvs = [["--help"], [], ["-h", "schedule"]];
  const results = await Promise.all(argvs.map((a) => cli(...a)));
  for (const [i, args] of argvs.entries()) {
    const r = results[i];
    assert.is(r.code, 0, args.join(" "));
    assert.is(r.stderr, "", args.join(" "));
    assert.match(r.stdout, "schedule", args.join(" "));
    assert.match(r.stdout, "--months N", args.join(" "));
    assert.match(r.stdout, "(default: 0.068)", args.join(" "));
  }
});

help("an unknown command or a flag before the command is a usage error", async () => {
  const argvs = [["bogus"], ["--months", "12", "schedule"]];
  const results = await Promise.all(argvs.map((a) => cli(...a)));
  argvs.forEach((args, i) => assertUsageError(results[i], args));
});

const schedule = suite("cli schedule");

schedule("--json: month 12 has the golden rate (default parameters, 6.3 M blocks)", async () => {
  assert.ok(month12, "golden param set 0 has no row with k = 12 x blocks_per_month");
  const rows = rowsOf((await big())[0]);
  assert.equal(rows.map((r) => r.month), ["0", "6", "12"]);
  assert.equal(rows.map((r) => r.height), ["1", String(1n + 6n * bpm), String(1n + 12n * bpm)]);
  assert.is(rows[0].inflation, set0.base_rate);
  assert.is(rows[1].inflation, goldenRow(6n)?.inflation ?? rows[1].inflation);
  assert.is(rows[2].inflation, month12!.inflation);
  assert.is(rows[2].inflation, "0.004295274742753897");
  // The epoch block's provisions are on the launch supply: the golden value for that supply.
  const epoch = goldenRow(0n)?.provisions.find((p) => p.total_supply === "9850000000000000000");
  if (epoch) assert.is(rows[0].annual_provisions, epoch.annual_provisions);
  // Every block minted: the supply grows, and stays under the cap.
  const supplies = rows.map((r) => BigInt(r.total_supply));
  assert.ok(supplies[0] > 9_850_000_000_000_000_000n);
  assert.ok(supplies[1] > supplies[0] && supplies[2] > supplies[1]);
  assert.ok(supplies[2] <= 10n ** 19n);
  for (const r of rows) {
    assert.match(r.inflation, /^\d+\.\d{18}$/);
    assert.match(r.annual_provisions, /^\d+\.\d{18}$/);
    assert.match(r.total_supply, /^\d+$/);
  }
});

schedule("table: header and the month-12 percentage (default parameters)", async () => {
  const r = (await big())[1];
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /month\s+height\s+inflation\s+annual provisions \(tokens\/yr\)\s+total supply \(tokens\)/);
  const line12 = r.stdout.split("\n").find((l) => /^\s*12\s/.test(l));
  assert.ok(line12, r.stdout);
  assert.match(line12!, /\b0\.429527%/);
  assert.match(line12!, "6,311,521");
  assert.match(r.stdout, /^\s*0\s+1\s+1\.000000%\s+985,000,000\s/m);
});

schedule("month boundaries do not depend on blocks per month: the golden month-12 rate at 1200 blocks/year", async () => {
  assert.ok(month12);
  const rows = rowsOf(
    await cli("schedule", "--months", "24", "--step", "12", "--json", "--blocks-per-year", "1200",
      "--base-rate", set0.base_rate, "--decay", set0.decay_rate),
  );
  assert.equal(rows.map((r) => [r.month, r.height]), [["0", "1"], ["12", "1201"], ["24", "2401"]]);
  assert.is(rows[1].inflation, month12!.inflation);
  const month24 = goldenRow(24n);
  if (month24) assert.is(rows[2].inflation, month24.inflation);
});

schedule("--supply in tokens is converted exactly; the last month gets a row", async () => {
  const rows = rowsOf(
    await cli("schedule", "--supply", "1.5", "--blocks-per-year", "1200", "--months", "3", "--step", "2", "--json"),
  );
  assert.equal(rows.map((r) => r.month), ["0", "2", "3"]);
  // 1.5 tokens = 150,000,000 units; 1% of it a year; the block mints floor(1,500,000 / 1200).
  assert.is(rows[0].annual_provisions, "1500000.000000000000000000");
  assert.is(rows[0].total_supply, String(150_000_000n + 1_250n));
});

schedule("the cap stops minting exactly at --max-supply; 0 means no cap", async () => {
  const common = ["--supply", "99999999999", "--base-rate", "1", "--decay", "0", "--blocks-per-year", "12",
    "--months", "2", "--step", "1", "--json"];
  const [cappedRun, openRun] = await Promise.all([
    cli("schedule", ...common),
    cli("schedule", ...common, "--max-supply", "0"),
  ]);
  const capped = rowsOf(cappedRun);
  assert.equal(capped.map((r) => r.total_supply), ["10000000000000000000", "10000000000000000000", "10000000000000000000"]);
  const open = rowsOf(openRun);
  assert.ok(BigInt(open[2].total_supply) > 10n ** 19n);
});

const errors = suite("cli errors");

errors("bad flags: exit 2, one `error:` line on stderr, nothing on stdout", async () => {
  const cases: [string[], RegExp][] = [
    [["--bogus"], /--bogus/],
    [["--months", "abc"], /--months/],
    [["--months=-3"], /--months/],
    [["--months", "1201"], /--months 1201: must be at most 1200/],
    [["--step", "0"], /--step/],
    [["--step", "-1"], /--step/],
    [["--blocks-per-year", "11"], /--blocks-per-year 11: must be at least 12/],
    [["--supply", "1.123456789"], /--supply/],
    [["--max-supply", "-1"], /--max-supply/],
    [["--base-rate", "abc"], /--base-rate/],
    [["--base-rate", "1.5"], /--base-rate/],
    [["--decay=-0.1"], /--decay/],
    [["extra"], /extra/],
    [["--months"], /--months/],
  ];
  // A small blocks/year first (a later flag wins), so a case that wrongly passes stays quick.
  const results = await Promise.all(
    cases.map(([args]) => cli("schedule", "--blocks-per-year", "1200", "--months", "1", ...args)),
  );
  cases.forEach(([args, pattern], i) => assertUsageError(results[i], args, pattern));
});

errors("decay > 1 exits 2", async () => {
  const argvs = ["1.5", "1.000000000000000001"].map((d) => ["--decay", d, "--blocks-per-year", "1200"]);
  const results = await Promise.all(argvs.map((a) => cli("schedule", ...a)));
  argvs.forEach((args, i) => assertUsageError(results[i], args, /--decay .*between 0 and 1/));
});

errors("a core error (provisions overflow) is one line, exit 2, no stack", async () => {
  const args = ["--supply", "3402823669209384634633746074317", "--base-rate", "1", "--max-supply", "0",
    "--blocks-per-year", "12", "--months", "1"];
  const r = await cli("schedule", ...args);
  assertUsageError(r, args, /Int overflow/);
  assert.not.match(r.stderr, /\n\s+at /);
});

help.run();
schedule.run();
errors.run();
