// `simulate`'s scenario (host/scenario/scenario.ts): every field's default, --set paths, validation
// errors naming the field, the command line's usage errors, failed scenario txs and --strict, a
// validator set, and a YAML scenario file.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../host/core/core.js";
import { devAddress, operatorOf } from "../../host/app/genesis.js";
import { applySet, defaultScenarioJson, parseScenario, readScenarioDoc } from "../../host/scenario/scenario.js";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COLUMNS, tierColumns, loadScenario, scenarioGenesis } from "../../host/cli/simulate.js";
import { UsageError } from "../../host/cli/common.js";
import { ValidationError } from "../../host/errors.js";
import { wasm } from "../helpers/node.js";
import { cli } from "../helpers/cli.js";
import { UNIT } from "../helpers/simulate.js";

// ---- the scenario ----

const scen = suite("simulate scenario: defaults, --set, validation");

scen("every field has a default; --set writes paths, numbers stay exact text", async () => {
  const core = await loadCore(wasm);
  const s = parseScenario({}, core.dec);
  assert.is(s.months, 60);
  assert.is(s.blockTimeNs, null);
  assert.is(s.fees.paymentsPerMonth, 30);
  assert.equal(s.cohorts, []);
  assert.is(s.phases[0]!.name, "reserve");
  let doc = applySet(defaultScenarioJson(), "months=24");
  doc = applySet(doc, "fees.per_year=1000000.5");
  doc = applySet(doc, 'cohorts=[{"tier":3,"amount":"1000000"}]');
  doc = applySet(doc, "cohorts[0].month=2");
  doc = applySet(doc, "cohorts.0.exit=at_entry");
  doc = applySet(doc, "governance[0]={\"month\":3,\"target_rate\":\"0.02\"}");
  const t = parseScenario(doc, core.dec);
  assert.is(t.months, 24);
  assert.is(t.fees.perYear, 100_000_050_000_000n);
  assert.equal(t.cohorts, [{ month: 2, tier: 3, amount: 1_000_000n * UNIT, validator: 0, exit: "at_entry", onUnlock: "stay" }]);
  assert.equal(t.governance, [{ month: 3, kind: "target_rate", rate: core.dec.parse("0.02") }]);
});

scen("validation errors name the field path", async () => {
  const core = await loadCore(wasm);
  const cases: [unknown, string, RegExp][] = [
    [{ months: 0 }, "months", /between 1 and 1200/],
    [{ mnoths: 3 }, "mnoths", /unknown field/],
    [{ fees: { per_yaer: "1" } }, "fees.per_yaer", /unknown field/],
    [{ fees: { per_year: 5 } }, "fees.per_year", /token amount as a string/],
    [{ fees: { growth: "-0.1" } }, "fees.growth", /non-negative decimal/],
    [{ cohorts: [{ tier: 1, amount: "1" }, { tier: 1, amount: "1.123456789" }] }, "cohorts[1].amount", /not a token amount/],
    [{ cohorts: [{ tier: 1, amount: "0" }] }, "cohorts[0].amount", /must be positive/],
    [{ cohorts: [{ tier: 1, amount: "5", exit: "later" }] }, "cohorts[0].exit", /"never", "at_entry" or a month/],
    [{ cohorts: [{ tier: 1, amount: "5", month: 3, exit: 2 }] }, "cohorts[0].exit", /between 3 and 60/],
    [{ cohorts: [{ tier: 1, amount: "5", on_unlock: "run" }] }, "cohorts[0].on_unlock", /"stay" or "undelegate"/],
    [{ months: 12, governance: [{ month: 13, target_rate: "0.01" }] }, "governance[0].month", /between 0 and 12/],
    [{ governance: [{ month: 1, target_rate: "1.5" }] }, "governance[0].target_rate", /at most 1/],
    [{ governance: [{ month: 1 }] }, "governance[0]", /expected target_rate, or tier and bonus_apy/],
    [{ phases: [{ name: "a", month: 5 }, { name: "b", month: 5 }] }, "phases[1].month", /increasing/],
    [{ block_time: "0s" }, "block_time", /positive/],
    [{ bonded_ratio: [{ month: 0, ratio: "2" }] }, "bonded_ratio[0].ratio", /at most 1/],
  ];
  for (const [doc, path, msg] of cases) {
    try {
      parseScenario(doc as never, core.dec);
      assert.unreachable(`${path} accepted`);
    } catch (e) {
      assert.instance(e, ValidationError, path);
      assert.is((e as ValidationError).path, path);
      assert.match((e as ValidationError).reason, msg, path);
    }
  }
  // Against the genesis: a tier or validator it lacks.
  for (const [doc, path] of [[{ cohorts: [{ tier: 9, amount: "5" }] }, "cohorts[0].tier"], [{ cohorts: [{ tier: 1, amount: "500", validator: 4 }] }, "cohorts[0].validator"], [{ cohorts: [{ tier: 1, amount: "5" }] }, "cohorts[0].amount"]] as const) {
    try {
      await scenarioGenesis(core, parseScenario(doc as never, core.dec));
      assert.unreachable(`${path} accepted`);
    } catch (e) {
      assert.instance(e, ValidationError);
      assert.is((e as ValidationError).path, path);
    }
  }
  // --set errors name the assignment.
  try {
    await loadScenario(core, undefined, ["cohorts[3].tier=1"]);
    assert.unreachable();
  } catch (e) {
    assert.instance(e, UsageError);
    assert.match((e as Error).message, /--set cohorts\[3\]\.tier=1: cohorts\.3: index 3 past the end/);
  }
});

scen("the command line: --help, --csv, a bad --set and a bad file are usage errors on one line", async () => {
  const [help, csv, bad, missing] = await Promise.all([
    cli("simulate", "--help"),
    cli("simulate", "--set", "months=1", "--set", "block_time=1h", "--csv"),
    cli("simulate", "--set", "fees.growth=lots"),
    cli("simulate", "--scenario", "/nonexistent/scenario.json"),
  ]);
  assert.is(help.code, 0);
  assert.match(help.stdout, /Usage: npm run simulate/);
  assert.match(help.stdout, /--set KEY=VALUE/);
  assert.is(csv.code, 0, csv.stderr);
  assert.is(csv.stdout.split("\n").filter((l) => !l.startsWith("# "))[0], [...COLUMNS, ...[1, 2, 3].flatMap((t) => tierColumns(t))].join(","));
  assert.is(csv.stdout.trimEnd().split("\n").filter((l) => !l.startsWith("# ")).length, 3);
  assert.is(bad.code, 2);
  assert.is(bad.stderr, 'error: scenario: --set fees.growth=lots: fees.growth: not a non-negative decimal: "lots"\n');
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /^error: --scenario \/nonexistent\/scenario\.json: cannot read: ENOENT\n$/);
});

scen("failed txs: a warning on stderr and a count in every output; --strict makes them an error (exit 1, the output still printed)", async () => {
  // A 30 M pool the top-ups empty in month 2: the claims of a tier-3 cohort fail from month 1's on.
  const sets = ["--set", "months=3", "--set", "block_time=1h", "--set", "pool.reserve=30000000", "--set", 'cohorts=[{"tier":3,"amount":"1000000000"}]'];
  const [table, csv, json, strict] = await Promise.all([
    cli("simulate", ...sets), cli("simulate", ...sets, "--csv"), cli("simulate", ...sets, "--json"), cli("simulate", ...sets, "--csv", "--strict"),
  ]);
  assert.is(table.code, 0, table.stderr);
  assert.match(table.stdout, /3 scenario txs, 2 FAILED\./);
  assert.match(table.stdout, /\n2 of 3 scenario txs failed: what the scenario meant by them did not happen\.\n  2 x month 1: claim \(first at height 731, month 2\): simulation: .*insufficient bonus pool balance/);
  assert.match(table.stderr, /^warning: 2 of 3 scenario txs failed: .* \(listed under the table\)\nwarning: --strict makes failed scenario txs an error\n$/m);
  assert.is(csv.code, 0);
  const rows = csv.stdout.trimEnd().split("\n").filter((l) => !l.startsWith("# "));
  const col = rows[0]!.split(",").indexOf("failed_txs");
  assert.equal(rows.slice(1).map((r) => r.split(",")[col]), ["0", "0", "1", "1"]);
  assert.match(csv.stderr, /^warning: 2 of 3 scenario txs failed: [^\n]*\n  2 x month 1: claim/m, "CSV readers are told on stderr, with the reasons");
  const j = JSON.parse(json.stdout);
  assert.is(j.failed_txs, 2);
  assert.equal(j.failures.map((f: any) => [f.height, f.month, f.what]), [["731", 2, "month 1: claim"], ["1461", 3, "month 2: claim"]]);
  assert.is(strict.code, 1);
  assert.is(strict.stdout, csv.stdout, "the output is printed all the same");
  assert.match(strict.stderr, /^error: 2 of 3 scenario txs failed: what the scenario meant by them did not happen\. \(--strict\)\n/m); // m: a progress line may come first on a loaded machine
});

scen("validators: a set of N with cycled commissions, the new operators funded from the reserve; errors name the field", async () => {
  const core = await loadCore(wasm);
  const doc = applySet(defaultScenarioJson(), 'validators={"count":10,"commissions":["0.05","0.2"],"self_delegation":"1000000"}');
  const { genesis: g } = await scenarioGenesis(core, parseScenario(doc, core.dec));
  assert.is(g.staking.validators.length, 10);
  assert.equal(g.staking.validators.map((v) => core.dec.format(v.commissionRate)), Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? "0.050000000000000000" : "0.200000000000000000")));
  assert.equal(g.staking.validators.slice(0, 4).map((v) => v.operatorAddress), [1, 2, 3, 4].map((n) => operatorOf(devAddress(n))), "the genesis's four kept");
  assert.equal(g.staking.validators.slice(4).map((v) => v.selfDelegation), Array(6).fill(1_000_000n * UNIT));
  assert.ok(g.staking.maxValidators >= 10);
  const before = parseScenario(defaultScenarioJson(), core.dec);
  const { genesis: g0 } = await scenarioGenesis(core, before);
  const reserveOf = (x: typeof g) => x.balances.find((b) => b.address === devAddress(0))!.amount;
  assert.is(reserveOf(g0) - reserveOf(g), 6n * 1_000_000n * UNIT, "paid by the reserve: the supply is unchanged");
  const fewer = await scenarioGenesis(core, parseScenario(applySet(defaultScenarioJson(), 'validators={"count":2}'), core.dec));
  assert.is(fewer.genesis.staking.validators.length, 2);
  for (const [set, message] of [
    ['validators={"count":0}', "validators.count: must be between 1 and 1000, got 0"],
    ['validators={"count":5,"commissions":["1.5"]}', "validators.commissions[0]: must be at most 1"],
    ['validators={"count":5,"self_delegation":"0"}', "validators.self_delegation: must be positive"],
    ['validators={"count":5,"colour":"red"}', "validators.colour: unknown field"],
  ] as const) {
    assert.throws(() => parseScenario(applySet(defaultScenarioJson(), set), core.dec), (e: unknown) => e instanceof ValidationError && (e as Error).message.startsWith(message), set);
  }
  const tooMany = await scenarioGenesis(core, parseScenario(applySet(defaultScenarioJson(), 'validators={"count":1000,"self_delegation":"1000000000"}'), core.dec))
    .then(() => undefined, (e: unknown) => e);
  assert.ok(tooMany instanceof UsageError && /996 new validators .* need/.test(tooMany.message), String(tooMany));
});

scen("a YAML scenario file is the same document as its JSON; a float in it is refused with its path", async () => {
  const yaml = [
    "# six months, a cohort and a target-rate change",
    "months: 6",
    "block_time: 1h",
    "pool:",
    '  reserve: "100000000"',
    "cohorts:",
    '  - { month: 0, tier: 3, amount: "1000000000", exit: at_entry }',
    "governance:",
    '  - { month: 3, target_rate: "0.02" }',
    "genesis: ../genesis.json",
  ].join("\n");
  const dir = await mkdtemp(join(tmpdir(), "scenario-yaml-"));
  const yamlFile = join(dir, "scenario.yaml");
  const jsonFile = join(dir, "scenario.json");
  await writeFile(yamlFile, yaml);
  const fromJson = {
    months: 6, block_time: "1h", pool: { reserve: "100000000" },
    cohorts: [{ month: 0, tier: 3, amount: "1000000000", exit: "at_entry" }],
    governance: [{ month: 3, target_rate: "0.02" }],
    genesis: "../genesis.json",
  };
  await writeFile(jsonFile, JSON.stringify(fromJson));
  const a = await readScenarioDoc(yamlFile);
  assert.equal(a, await readScenarioDoc(jsonFile));
  assert.is((a as { genesis: string }).genesis, join(dir, "..", "genesis.json"), "relative to the file's folder");
  const floaty = join(dir, "floaty.yml");
  await writeFile(floaty, "months: 6\nfees:\n  per_year: 1200.5\n");
  try {
    await readScenarioDoc(floaty);
    assert.unreachable("a float must be refused");
  } catch (e) {
    assert.instance(e, ValidationError);
    assert.match((e as Error).message, 'fees.per_year: 1200.5 is not an integer: write decimals (amounts, rates) as strings, e.g. "1200.5"');
  }
  const broken = join(dir, "broken.yaml");
  await writeFile(broken, "months: [6\n");
  try {
    await readScenarioDoc(broken);
    assert.unreachable("bad YAML must be refused");
  } catch (e) {
    assert.match((e as Error).message, /not YAML/);
  }
  await rm(dir, { recursive: true, force: true });
});

scen.run();
