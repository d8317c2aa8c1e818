// A CLI command declared once: its summary, its help in parts, its flags and its run. The help's
// layout (`Usage:`, what it does, `Flags:` with every flag's default and --help last, then any
// notes), the --help flag itself and the parse before the run are this file's, the same for every
// command.

import { parseArgs } from "node:util";
import { EXIT_USAGE, UsageError, formatFlags, oneLine, parseFlags, type FlagSpec, type FlagSpecs, type FlagValues } from "../flags.js";

/** One CLI command: `host/cli.ts <name> [flags]`. */
export interface Command {
  /** One line for the command list. */
  summary: string;
  /** Full help text of the command (every flag with its default). */
  usage(): string;
  /** Run with the arguments after the command name; resolves to the exit code. */
  run(argv: string[]): Promise<number>;
}

/** The `--help` flag every command takes. */
const HELP_FLAG = { type: "boolean", short: "h", description: "show this help and exit" } as const satisfies FlagSpec;

/** A command's help in parts (helpText lays them out). */
export interface Help {
  /** The usage line(s), after `Usage: `; further lines are aligned under the first. */
  usage: string | readonly string[];
  /** What the command does: the lines between the usage and the flags. */
  about: readonly string[];
  /** Lines after the flags. */
  notes?: readonly string[];
}

/** The help text: usage, what it does, `Flags:` with every flag's default (--help last), then any notes. */
export function helpText(help: Help, flags: FlagSpecs): string {
  const [first, ...more] = typeof help.usage === "string" ? [help.usage] : help.usage;
  return [
    `Usage: ${first}`,
    ...more.map((line) => `       ${line}`),
    "",
    ...help.about,
    "",
    "Flags:",
    formatFlags({ ...flags, help: HELP_FLAG }),
    ...(help.notes === undefined ? [] : ["", ...help.notes]),
  ].join("\n");
}

/** A command as declared: one line for the list, its help, its flags (--help added). */
export interface CommandSpec<S extends FlagSpecs> extends Help {
  summary: string;
  flags: S;
}

/** A command whose own `parse` reads its arguments: `--help` prints its help (exit 0), else `run` gets them. */
export function command<S extends FlagSpecs, F extends { help?: boolean }>(
  spec: CommandSpec<S> & { parse(argv: string[]): F; run(f: F): Promise<number> },
): Command {
  const usage = () => helpText(spec, spec.flags);
  return {
    summary: spec.summary,
    usage,
    async run(argv) {
      const f = spec.parse(argv);
      if (f.help) {
        process.stdout.write(usage() + "\n");
        return 0;
      }
      return spec.run(f);
    },
  };
}

/** A command of flags alone (no positionals; parseFlags fills in the defaults). */
export function flagCommand<S extends FlagSpecs>(spec: CommandSpec<S> & { run(f: FlagValues<S>): Promise<number> }): Command {
  const flags = { ...spec.flags, help: HELP_FLAG };
  return command({ ...spec, parse: (argv) => parseFlags(argv, flags) as FlagValues<S> & { help: boolean } });
}

/** Flag values as parseArgs gives them with positionals allowed: a string flag's text, a boolean's true. */
export type ParsedFlags<S extends FlagSpecs> = { [K in keyof S]?: S[K]["type"] extends "boolean" ? boolean : string };

/**
 * A command of an action, up to `maxArgs` arguments after it, and flags (`keys show NAME`): no
 * action prints the help and exits 2, `--help` prints it and exits 0; more arguments are a usage error.
 */
export function actionCommand<S extends FlagSpecs>(
  spec: CommandSpec<S> & { maxArgs: number; run(action: string, args: (string | undefined)[], f: ParsedFlags<S>): Promise<number> },
): Command {
  const flags = { ...spec.flags, help: HELP_FLAG };
  const usage = () => helpText(spec, spec.flags);
  return {
    summary: spec.summary,
    usage,
    async run(argv) {
      const parsed = parseCommandLine(argv, flags);
      const f = parsed.values as ParsedFlags<typeof flags>;
      const [action, ...args] = parsed.positionals;
      if (f.help || action === undefined) {
        process.stdout.write(usage() + "\n");
        return action === undefined && !f.help ? EXIT_USAGE : 0;
      }
      const extra = args.slice(spec.maxArgs);
      if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
      return spec.run(action, args, f);
    },
  };
}

/** A command's flags and its positional arguments (an action, ids); a bad flag is a usage error. */
export function parseCommandLine<F extends FlagSpecs>(argv: string[], flags: F): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    return parseArgs({ args: argv, options: flags as never, strict: true, allowPositionals: true }) as never;
  } catch (e) {
    throw new UsageError(oneLine((e as Error).message));
  }
}
