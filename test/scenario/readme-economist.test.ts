// The economist's guide (docs/economist.md), reproduced: every example shown with its output
// (a code block starting `$ npm run ...`) is run as written and prints exactly that output; the
// claims its prose makes about them (the runway, what is paid and owed, what the bonded ratio
// does, what estimate --scenario pays) are checked on those outputs. Charts go to a temporary
// folder; projections to a cache of this test's own (the simulate example keeps the projection
// the estimate example then reads).

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli } from "../helpers/cli.js";

interface Example {
  command: string;
  args: string[];
  output: string;
}

/** `npm run X -- args` as the shell splits it (single quotes only, as the guide writes them). */
function split(line: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|(\S+)/g;
  for (const m of line.matchAll(re)) out.push(m[1] ?? m[2]!);
  return out;
}

async function examples(): Promise<Example[]> {
  const section = await readFile(new URL("../../docs/economist.md", import.meta.url), "utf8");
  const out: Example[] = [];
  for (const m of section.matchAll(/```\n\$ npm run (\S+) -- ([^\n]*)\n([\s\S]*?)```/g)) {
    out.push({ command: m[1]!, args: split(m[2]!), output: m[3]!.trimEnd() });
  }
  return out;
}

const test = suite("docs/economist.md, reproduced");
let dir = "";
const env = process.env.STAKING_ENGINE_CACHE_DIR;
const outputs = new Map<string, string>();

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), "readme-"));
  process.env.STAKING_ENGINE_CACHE_DIR = join(dir, "cache");
});

test.after(async () => {
  if (env === undefined) delete process.env.STAKING_ENGINE_CACHE_DIR;
  else process.env.STAKING_ENGINE_CACHE_DIR = env;
  await rm(dir, { recursive: true, force: true });
});

test("every example prints the output shown", async () => {
  const list = await examples();
  assert.ok(list.length >= 5, `examples found: ${list.map((e) => `${e.command} ${e.args.join(" ")}`).join("; ")}`);
  for (const e of list) {
    const args = e.args.map((a, i) => (e.args[i - 1] === "--chart" ? join(dir, a) : a));
    const r = await cli(e.command, ...args);
    const label = `npm run ${e.command} -- ${e.args.join(" ")}`;
    assert.ok(r.code === 0, `${label}: exit ${r.code}: ${r.stderr}`);
    // A kept projection's key hashes the simulation's code too: any change of the code changes it.
    // The provenance names the code's commit: any commit changes it.
    const keyless = (text: string) =>
      text.replace(/kept projection [0-9a-f]{12}…/g, "kept projection <key>…").replace(/(tiered-rewards-engine [0-9.]+) \([0-9a-f]{7,}\)/g, "$1 (<commit>)");
    assert.fixture(keyless(r.stdout.trimEnd()), keyless(e.output), label);
    outputs.set(`${e.command} ${e.args.join(" ")}`, r.stdout);
  }
});

const find = (prefix: string) => {
  const key = [...outputs.keys()].find((k) => k.startsWith(prefix));
  assert.ok(key, `an example starting ${prefix}`);
  return outputs.get(key)!;
};

test("the runway example: dry in month 25, claims failing from month 26, tier 3 paid 0.36 % of 7.36 % at month 36, 39,945,242 owed", () => {
  const out = find("simulate --scenario examples/scenario-runway.json --every year");
  assert.match(out, /The rewards pool runs dry at height [\d,]+ \(month 25, [^,]+, \d+\.\d{6} days after the genesis\)\./);
  assert.match(out, /^Warning: fees paid in lumps .* days of top-ups/m, "the fee lumps' effect said");
  assert.match(out, /^Provenance: scenario sha256 [0-9a-f]{64}, 5s blocks, genesis chainmain-local sha256 [0-9a-f]{64}, tiered-rewards-engine /m);
  assert.match(out, /35 x month 25: claim \(first at height [\d,]+, month 26\): simulation: .*insufficient bonus pool balance/);
  const row36 = out.split("\n").find((l) => /^\s+36\s/.test(l))!;
  assert.match(row36, /0\.36% \/ 7\.36%\s+11$/);
  assert.match(row36, /\s39,945,242\s/);
});

test("the sweep example: 9 to 14 months sooner at 80 % than at 40 %, every tier paid less", () => {
  const out = find("simulate --scenario examples/scenario-runway.json --set block_time=1h");
  const rows = out.split("\n").filter((l) => l.startsWith("bonded_ratio"));
  assert.is(rows.length, 6);
  const month = (l: string) => {
    const [y, m, d] = /(\d{4})-(\d\d)-(\d\d)T/.exec(l)!.slice(1).map(Number) as [number, number, number];
    return y * 12 + m + d / 31;
  };
  const paid = (l: string) => [...l.matchAll(/([\d.]+)% \/ [\d.]+%/g)].map((m) => Number(m[1]));
  for (const amount of ["1000000000", "4000000000"]) {
    const at = (ratio: string) => rows.find((l) => l.startsWith(`bonded_ratio[0].ratio=${ratio} cohorts[0].amount=${amount}`))!;
    const sooner = month(at("0.4")) - month(at("0.8"));
    assert.ok(sooner >= 9 && sooner <= 14, `${amount}: ${sooner.toFixed(1)} months sooner`);
    const [p4, p6, p8] = [paid(at("0.4")), paid(at("0.6")), paid(at("0.8"))];
    p4.forEach((v, k) => assert.ok(v > p6[k]! && p6[k]! > p8[k]!, `${amount}: tier ${k + 1} paid less as the ratio rises`));
  }
});

test("estimate --scenario: half the 280,000 promised paid, 23 of 47 claims failing; with --exit-now owed at the unlock, with its dates", async () => {
  const out = find("estimate --amount 1000000 --tier 3 --years 4 --scenario");
  assert.match(out, /bonus +140,000\.01109075 tokens .*of 280,000 promised/);
  assert.match(out, /claims +47 in the period, 23 the pool could not cover/);
  assert.match(out, /kept projection/, "the simulate example kept the projection this estimate read");
  const exit = await cli("estimate", "--amount", "1000000", "--tier", "3", "--years", "4", "--scenario", "examples/scenario-runway.json", "--exit-now", "--json");
  assert.is(exit.code, 0, exit.stderr);
  const j = JSON.parse(exit.stdout);
  assert.is(j.bonus_rewards, "14000001109075");
  assert.ok(BigInt(j.bonus_owed) > 139_000n * 10n ** 8n, "the rest (139,808 tokens) owed at the unlock");
  assert.is(j.exit_unlock_at, "2029-12-31T00:00:00Z");
  assert.is(j.unbonded_at, "2030-01-28T00:00:00Z");
});

test.run();
