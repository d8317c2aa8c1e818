// The node's config file (`--config node.toml`), as operators keep app.toml and config.toml: TOML
// whose keys are the flags' names (`port = 1317`, `clock = "simulated"`, `dev = true`), read into
// the same argument list the command line gives, so one parser checks both and the command line,
// coming after, overrides the file. `--print-config` writes such a file with every flag's value.

import { readFileSync } from "node:fs";
import { parse, TomlError } from "smol-toml";
import type { FlagSpecs } from "./flags.js";

/** Flags that make no sense inside a config file. */
export const NOT_IN_FILE = new Set(["config", "print-config", "help"]);

/** Thrown with a message naming the file and the key; config.ts turns it into a ConfigError. */
export class ConfigFileError extends Error {}

/** The file's settings as command-line arguments (`["--port", "1317", "--dev"]`), checked against `specs`. */
export function configFileArgs(path: string, specs: FlagSpecs): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new ConfigFileError(`--config ${JSON.stringify(path)}: cannot read it: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let doc: Record<string, unknown>;
  try {
    doc = parse(text, { integersAsBigInt: true }) as Record<string, unknown>;
  } catch (e) {
    const where = e instanceof TomlError ? `line ${e.line}, column ${e.column}: ` : "";
    throw new ConfigFileError(`${path}: ${where}not valid TOML: ${(e as Error).message.split("\n")[0]!.replace(/^Invalid TOML document: /, "")}`);
  }
  const known = Object.keys(specs).filter((k) => !NOT_IN_FILE.has(k));
  const args: string[] = [];
  for (const [key, value] of Object.entries(doc)) {
    const spec = specs[key];
    if (spec === undefined || NOT_IN_FILE.has(key)) {
      const hint = known.find((k) => k.replaceAll("-", "_") === key || k.replaceAll("-", "") === key.replaceAll(/[-_]/g, ""));
      throw new ConfigFileError(`${path}: unknown key ${JSON.stringify(key)}${hint ? ` (did you mean ${JSON.stringify(hint)}?)` : ""}; the keys are the flags' names: ${known.join(", ")}`);
    }
    const bad = (want: string) => new ConfigFileError(`${path}: ${key} = ${show(value)}: expected ${want}`);
    if (spec.type === "boolean") {
      if (typeof value !== "boolean") throw bad("true or false");
      if (value) args.push(`--${key}`);
      continue;
    }
    if (typeof value === "string") args.push(`--${key}`, value);
    else if (typeof value === "bigint") args.push(`--${key}`, value.toString());
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) args.push(`--${key}`, value.join(","));
    else if (typeof value === "number") throw bad(`a whole number or a string (write "${value}" to keep every digit)`);
    else throw bad(`a string${spec.value ? ` (${spec.value})` : ""}`);
  }
  return args;
}

function show(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return "a table";
  return JSON.stringify(value);
}

/** A TOML basic string. */
const tomlString = (s: string) => JSON.stringify(s);

/**
 * A config file with every flag: each set value as a line, each unset one commented out, each
 * with its description above it. `values` are the flags as parsed (defaults filled in).
 */
export function configFileText(specs: FlagSpecs, values: Record<string, string | boolean | undefined>, header: string[]): string {
  const lines = header.map((h) => (h === "" ? "#" : `# ${h}`));
  for (const [key, spec] of Object.entries(specs)) {
    if (NOT_IN_FILE.has(key)) continue;
    lines.push("", `# ${spec.description}${spec.shown ?? spec.default ? ` (default: ${spec.shown ?? spec.default})` : ""}`);
    const v = values[key];
    if (spec.type === "boolean") lines.push(`${key} = ${v === true}`);
    else if (typeof v !== "string") lines.push(`# ${key} = ${tomlString(spec.value ?? "")}`);
    else lines.push(`${key} = ${/^[0-9]{1,15}$/.test(v) && spec.value === "N" ? v : tomlString(v)}`);
  }
  return lines.join("\n") + "\n";
}
