// One declaration per command (host/cli/command.ts): the help text's layout (usage lines aligned,
// what it does, `Flags:` with --help last, notes), --help printed without running, a flag command's
// defaults, an action command's exit codes (no action 2, --help 0) and its extra arguments refused;
// and every command of host/cli.ts ends its flags with the one --help row.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { actionCommand, flagCommand, helpText } from "../../host/cli/command.js";
import { UsageError, type FlagSpecs } from "../../host/flags.js";
import { schedule } from "../../host/cli/schedule.js";
import { replay } from "../../host/cli/replay.js";
import { exportCommand } from "../../host/cli/export.js";
import { projectCommand } from "../../host/cli/project.js";
import { estimateCommand } from "../../host/cli/estimate.js";
import { simulateCommand } from "../../host/cli/simulate.js";
import { govCommand } from "../../host/cli/gov.js";
import { validatorCommand } from "../../host/cli/validator.js";
import { keysCommand } from "../../host/cli/keys.js";
import { testnetCommand } from "../../host/cometbft/testnet-command.js";

/** host/cli.ts's commands (that module runs its main when imported). */
const COMMANDS = {
  schedule, replay, export: exportCommand, project: projectCommand, estimate: estimateCommand, simulate: simulateCommand,
  gov: govCommand, validator: validatorCommand, testnet: testnetCommand, keys: keysCommand,
};

const test = suite("cli commands: one declaration, one help layout, one --help");

const FLAGS = {
  out: { type: "string", value: "FILE", default: "x.json", description: "where to write" },
  json: { type: "boolean", description: "JSON" },
} satisfies FlagSpecs;

/** Run with stdout captured. */
async function captured(run: () => Promise<number>): Promise<{ code: number; out: string }> {
  let out = "";
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((t: string) => ((out += t), true)) as typeof process.stdout.write;
  try {
    return { code: await run(), out };
  } finally {
    process.stdout.write = write;
  }
}

test("the help text: usage (further lines aligned), what it does, Flags: with --help last, then the notes", () => {
  const text = helpText({ usage: ["tool -- a", "tool -- b"], about: ["Does things.", "", "More."], notes: ["Note."] }, FLAGS);
  assert.equal(text.split("\n"), [
    "Usage: tool -- a",
    "       tool -- b",
    "",
    "Does things.",
    "",
    "More.",
    "",
    "Flags:",
    "      --out FILE  where to write (default: x.json)",
    "      --json      JSON",
    "  -h, --help      show this help and exit",
    "",
    "Note.",
  ]);
  assert.not.match(helpText({ usage: "tool", about: ["Does."] }, FLAGS), /\n\n$|Note/, "no notes: the flags end it");
});

test("a flag command: --help prints the help and does not run; the run gets the flags with their defaults", async () => {
  const seen: unknown[] = [];
  const cmd = flagCommand({ summary: "s", usage: "tool", about: ["Does."], flags: FLAGS, run: async (f) => (seen.push(f), 7) });
  const help = await captured(() => cmd.run(["--help"]));
  assert.is(help.code, 0);
  assert.is(help.out, cmd.usage() + "\n");
  assert.equal(seen, []);
  assert.is(await cmd.run(["--json"]), 7);
  assert.equal(seen, [{ out: "x.json", json: true, help: false }]);
  await cmd.run(["--bogus"]).then(
    () => assert.unreachable("an unknown flag accepted"),
    (e: unknown) => assert.ok(e instanceof UsageError, String(e)),
  );
});

test("an action command: no action prints the help (exit 2), --help (exit 0); the arguments after the action, at most maxArgs", async () => {
  const seen: unknown[] = [];
  const cmd = actionCommand({
    summary: "s", usage: "tool <action>", about: ["Does."], flags: FLAGS, maxArgs: 1,
    run: async (action, args, f) => (seen.push([action, args, f.json]), 0),
  });
  const none = await captured(() => cmd.run([]));
  assert.equal([none.code, none.out], [2, cmd.usage() + "\n"]);
  const help = await captured(() => cmd.run(["show", "--help"]));
  assert.equal([help.code, help.out], [0, cmd.usage() + "\n"]);
  assert.equal(seen, []);
  assert.is(await cmd.run(["show", "NAME", "--json"]), 0);
  assert.equal(seen, [["show", ["NAME"], true]]);
  await cmd.run(["show", "NAME", "extra"]).then(
    () => assert.unreachable("extra arguments accepted"),
    (e: unknown) => assert.ok(e instanceof UsageError && e.message === "unexpected arguments: extra"),
  );
});

test("every command's help ends its flags with the one --help row", () => {
  for (const [name, cmd] of Object.entries(COMMANDS)) {
    const lines = cmd.usage().split("\n");
    const rows = lines.filter((l) => /^ {2}(-h, )?--help\b/.test(l));
    assert.is(rows.length, 1, `${name}: one --help row`);
    assert.match(rows[0]!, /^ {2}-h, --help +show this help and exit$/, name);
    const next = lines[lines.indexOf(rows[0]!) + 1];
    assert.ok(next === undefined || next === "", `${name}: --help is the last flag`);
  }
});

test.run();
