// Command-line flags, shared by the node (host/config.ts) and the CLI (host/cli/*): strict
// node:util parseArgs, help text with every flag's default, and the error contract of a bad
// invocation (one `error: <message>` line on stderr, exit code 2).

import { parseArgs, type ParseArgsConfig } from "node:util";

/** Exit code of a bad invocation (and of core errors caused by the flags' values). */
export const EXIT_USAGE = 2;

/** A bad invocation: reported as one `error: <message>` line, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** One flag of a command: parseArgs' option plus the text `--help` shows. */
export interface FlagSpec {
  type: "string" | "boolean";
  short?: string;
  /** Placeholder for the value in the help text, e.g. "N". */
  value?: string;
  /** The default, as the user would type it (string flags); applied when the flag is absent. */
  default?: string;
  /** What --help shows as the default when it is not a plain value (e.g. "1317, or PORT"). */
  shown?: string;
  description: string;
}

export type FlagSpecs = Record<string, FlagSpec>;

/** Values of a parse: booleans are true/false; a string flag is its value, else its default. */
export type FlagValues<S extends FlagSpecs> = {
  [K in keyof S]: S[K]["type"] extends "boolean"
    ? boolean
    : S[K] extends { default: string }
      ? string
      : string | undefined;
};

/**
 * Parse `argv` strictly with node:util parseArgs: unknown flags, missing values, values given to
 * boolean flags and positionals are UsageErrors. Returns every flag, defaults filled in.
 */
export function parseFlags<S extends FlagSpecs>(argv: string[], specs: S): FlagValues<S> {
  const options: NonNullable<ParseArgsConfig["options"]> = {};
  for (const [name, s] of Object.entries(specs)) {
    options[name] = {
      type: s.type,
      ...(s.short !== undefined ? { short: s.short } : {}),
      ...(s.default !== undefined ? { default: s.default } : {}),
    };
  }
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (e) {
    throw new UsageError(oneLine((e as Error).message));
  }
  const out: Record<string, string | boolean | undefined> = {};
  for (const [name, s] of Object.entries(specs)) {
    const v = values[name];
    out[name] = s.type === "boolean" ? v === true : v === undefined ? undefined : String(v);
  }
  return out as FlagValues<S>;
}

/** The flag list of a help text: `  --name VALUE   description (default: x)`. */
export function formatFlags(specs: FlagSpecs): string {
  const rows = Object.entries(specs).map(([name, s]) => {
    const left = `${s.short ? `-${s.short}, ` : "    "}--${name}${s.value ? ` ${s.value}` : ""}`;
    const shown = s.shown ?? s.default;
    const def = shown !== undefined ? ` (default: ${shown})` : "";
    return [left, s.description + def] as const;
  });
  const width = Math.max(...rows.map(([l]) => l.length));
  return rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`).join("\n");
}

/** Collapse a message to one line (the error contract is a single stderr line). */
export function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, " ").trim();
}

