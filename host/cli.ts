// The project's command line: `node --import tsx host/cli.ts <command> [flags]`.
//
// Commands live in COMMANDS (name -> summary, usage, run); add one there to add a command.
// Exit codes: 0 success (and help), 2 a bad invocation or a core error caused by the flags'
// values (one `error: <message>` line on stderr, never a stack trace), 1 anything else (also
// one line; set CLI_DEBUG=1 for the stack).

import { parseArgs } from "node:util";
import { CoreError } from "./core/errors.js";
import { type Command, EXIT_USAGE, UsageError, oneLine } from "./cli/common.js";
import { schedule } from "./cli/schedule.js";
import { replay } from "./cli/replay.js";
import { exportCommand } from "./cli/export.js";
import { projectCommand } from "./cli/project.js";
import { estimateCommand } from "./cli/estimate.js";
import { simulateCommand } from "./cli/simulate.js";
import { govCommand } from "./cli/gov.js";
import { validatorCommand } from "./cli/validator.js";
import { testnetCommand } from "./cometbft/testnet-command.js";
import { keysCommand } from "./cli/keys.js";

export const COMMANDS: Record<string, Command> = {
  schedule,
  simulate: simulateCommand,
  project: projectCommand,
  estimate: estimateCommand,
  replay,
  export: exportCommand,
  gov: govCommand,
  validator: validatorCommand,
  testnet: testnetCommand,
  keys: keysCommand,
};

const PROG = "host/cli.ts";

function usage(): string {
  const names = Object.keys(COMMANDS);
  const width = Math.max(...names.map((n) => n.length));
  return [
    `Usage: ${PROG} <command> [flags]`,
    "",
    "Commands:",
    ...names.map((n) => `  ${n.padEnd(width)}  ${COMMANDS[n].summary}`),
    "",
    `Run \`${PROG} <command> --help\` for one command's help.`,
    ...names.flatMap((n) => ["", `--- ${n} ---`, COMMANDS[n].usage()]),
  ].join("\n");
}

/**
 * Split `argv` into the command and its arguments with parseArgs' tokens: before the command
 * only --help/-h is accepted; everything after the command name belongs to the command.
 */
function splitCommand(argv: string[]): { help: boolean; name?: string; rest: string[] } {
  const { tokens } = parseArgs({
    args: argv,
    options: { help: { type: "boolean", short: "h" } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  let help = false;
  for (const t of tokens) {
    if (t.kind === "positional") return { help, name: t.value, rest: argv.slice(t.index + 1) };
    if (t.kind === "option-terminator") continue;
    if (t.name === "help") help = true;
    else throw new UsageError(`unknown option '${t.rawName}' before the command (flags go after it)`);
  }
  return { help, rest: [] };
}

export async function main(argv: string[]): Promise<number> {
  try {
    const { help, name, rest } = splitCommand(argv);
    if (name === undefined) {
      process.stdout.write(usage() + "\n");
      return 0;
    }
    const cmd = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!cmd) throw new UsageError(`unknown command '${name}' (commands: ${Object.keys(COMMANDS).join(", ")})`);
    return await cmd.run(help ? ["--help", ...rest] : rest);
  } catch (e) {
    const usageError = e instanceof UsageError || e instanceof CoreError;
    const msg = e instanceof Error ? e.message : String(e);
    // A usage error with a list (a scenario's problems): its head, then one problem a line.
    const details = (e as { details?: unknown }).details;
    if (Array.isArray(details)) process.stderr.write(`error: ${(e as { head: string }).head}\n${details.map((d) => `  ${oneLine(String(d))}\n`).join("")}`);
    else process.stderr.write(`error: ${oneLine(msg)}\n`);
    if (!usageError && process.env.CLI_DEBUG && e instanceof Error && e.stack) {
      process.stderr.write(e.stack + "\n");
    }
    return usageError ? EXIT_USAGE : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
