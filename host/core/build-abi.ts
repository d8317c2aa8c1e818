// `npm run build`, after asc: host/core/abi.gen.ts, the host's copy of the core's boundary, from
//   build/core.d.ts     the exports' signatures as asc declares them  -> interface CoreExports
//   assembly/abi/*.ts   each boundary record's offsets and sizes      -> the same constants
//   assembly/errors.ts  the result codes (OK, ERR_*, TIER_CODES)       -> CoreCode, TIER_CODES
// The output is generated, never committed (.gitignore), so it cannot drift from the core.
// An abi file holds only `export const NAME: type = expression;` lines, comments and imports.

import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const ABI_GEN = join("host", "core", "abi.gen.ts");
const ABI_DIR = join("assembly", "abi");
const ERRORS = join("assembly", "errors.ts");
const DTS = join("build", "core.d.ts");

/** A source file as the generator reads it: its path (for messages) and text. */
export interface Source {
  path: string;
  text: string;
}

const INTEGER_TYPES = new Set(["i8", "u8", "i16", "u16", "i32", "u32", "usize", "isize", "i64", "u64"]);
const CONST = /^export const ([A-Z][A-Z0-9_]*): (\w+) = ([^;]+);(?:\s*\/\/\s*(.*))?$/;

interface Constant {
  name: string;
  type: string;
  expression: string;
  comment: string | undefined;
  where: string;
}

/** The value of every constant: integer expressions over literals and constants defined anywhere. */
function evaluate(constants: Map<string, Constant>): Map<string, bigint> {
  const values = new Map<string, bigint>();
  const visiting = new Set<string>();
  const valueOf = (name: string, from: string): bigint => {
    const known = values.get(name);
    if (known !== undefined) return known;
    const c = constants.get(name);
    if (c === undefined) throw new Error(`${from}: ${name} is not a constant of the ABI`);
    if (visiting.has(name)) throw new Error(`${c.where}: ${name} is defined by itself`);
    visiting.add(name);
    const js = c.expression.replace(/\b(0x[0-9a-fA-F_]+|[0-9][0-9_]*)\b|\b([A-Za-z_]\w*)\b/g, (_m, num: string, id: string) =>
      num !== undefined ? `${num.replaceAll("_", "")}n` : `(${valueOf(id, c.where)}n)`,
    );
    if (!/^[\s0-9xa-fA-Fn()+\-*/%<>|&~^]*$/.test(js)) throw new Error(`${c.where}: ${name}: not an integer expression: ${c.expression}`);
    const v = Function(`"use strict"; return (${js});`)() as bigint;
    visiting.delete(name);
    values.set(name, v);
    return v;
  };
  for (const name of constants.keys()) valueOf(name, "");
  return values;
}

function literal(c: Constant, v: bigint): string {
  const wide = c.type === "i64" || c.type === "u64";
  if (!wide && (v > 0xffff_ffffn || v < -0x8000_0000n)) throw new Error(`${c.where}: ${c.name} = ${v} does not fit ${c.type}`);
  return wide ? `${v}n` : `${v}`;
}

/** The constants of assembly/abi/*.ts, in file order, with each file's comments. */
function abiSection(files: readonly Source[], constants: Map<string, Constant>): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  for (const f of files) {
    const out: string[] = [];
    f.text.split("\n").forEach((line, i) => {
      const where = `${f.path}:${i + 1}`;
      const t = line.trim();
      if (t === "" || t.startsWith("import ")) {
        if (t === "" && out.length > 0 && out[out.length - 1] !== "") out.push("");
        return;
      }
      if (t.startsWith("//")) {
        out.push(t);
        return;
      }
      const m = CONST.exec(t);
      if (m === null) throw new Error(`${where}: an abi file holds only constants, comments and imports: ${t}`);
      const [, name, type, expression, comment] = m;
      if (!INTEGER_TYPES.has(type!)) throw new Error(`${where}: ${name}: not an integer type: ${type}`);
      if (constants.has(name!)) throw new Error(`${where}: ${name} is defined twice (also ${constants.get(name!)!.where})`);
      constants.set(name!, { name: name!, type: type!, expression: expression!.trim(), comment, where });
      out.push(`\u0000${name}`);
    });
    while (out[out.length - 1] === "") out.pop();
    sections.set(f.path, out);
  }
  return sections;
}

/** The result codes of assembly/errors.ts: `OK`, each `ERR_X` as `X`, with their doc comments. */
function codes(errors: Source): { entries: string[]; tierCodes: bigint } {
  const constants = new Map<string, Constant>();
  const docs = new Map<string, string[]>();
  let doc: string[] = [];
  errors.text.split("\n").forEach((line, i) => {
    const t = line.trim();
    if (t.startsWith("/**") || t.startsWith("*")) {
      if (t.startsWith("/**")) doc = [];
      doc.push(t);
      return;
    }
    const m = CONST.exec(t);
    if (m !== null && (m[1] === "OK" || m[1]!.startsWith("ERR_") || m[1] === "TIER_CODES")) {
      constants.set(m[1]!, { name: m[1]!, type: m[2]!, expression: m[3]!.trim(), comment: m[4], where: `${errors.path}:${i + 1}` });
      docs.set(m[1]!, doc);
    }
    doc = [];
  });
  const values = evaluate(constants);
  const entries: string[] = [];
  const seen = new Map<bigint, string>();
  for (const [name, c] of constants) {
    if (name === "TIER_CODES") continue;
    const v = values.get(name)!;
    const short = name === "OK" ? "OK" : name.slice("ERR_".length);
    if (seen.has(v)) throw new Error(`${c.where}: ${name} = ${v}, the code of ${seen.get(v)} too`);
    seen.set(v, name);
    for (const d of docs.get(name) ?? []) entries.push(`  ${d.startsWith("*") ? " " : ""}${d}`);
    entries.push(`  ${short}: ${literal(c, v)},`);
  }
  const tierCodes = values.get("TIER_CODES");
  if (tierCodes === undefined) throw new Error(`${errors.path}: no TIER_CODES`);
  return { entries, tierCodes };
}

/** The exports' signatures from asc's declarations: `export function name(params): type;` each. */
function exportsInterface(dts: Source): string[] {
  const body = /declare namespace __AdaptedExports \{([\s\S]*?)\n\}/.exec(dts.text);
  if (body === null) throw new Error(`${dts.path}: no __AdaptedExports namespace (asc's bindings "raw"?)`);
  const out: string[] = [];
  const decl = /\/\*\*([\s\S]*?)\*\/\s*export (function|const) (\w+)(.*);/g;
  for (let m = decl.exec(body[1]!); m !== null; m = decl.exec(body[1]!)) {
    const [, doc, kind, name, rest] = m;
    const lines = doc!.split("\n").map((l) => l.replace(/^\s*\*\s?/, "").trim()).filter((l) => l !== "");
    if (kind === "const") {
      out.push(`  /** ${lines.join(" ")} */`, `  readonly ${name}${rest};`);
      continue;
    }
    const source = lines[0]!.replace(/\/[^/]+$/, ".ts");
    const params = lines.filter((l) => l.startsWith("@param")).map((l) => l.replace(/^@param (\w+) `(\w+)`.*$/, "$1: $2"));
    const ret = lines.find((l) => l.startsWith("@returns"))?.replace(/^@returns `(\w+)`.*$/, "$1") ?? "void";
    out.push(`  /** ${source}: (${params.join(", ")}) => ${ret} */`, `  ${name}${rest};`);
  }
  if (out.length === 0) throw new Error(`${dts.path}: no exports`);
  return out;
}

/** The text of host/core/abi.gen.ts. */
export function generateAbi(dts: Source, abiFiles: readonly Source[], errors: Source): string {
  const constants = new Map<string, Constant>();
  const sections = abiSection(abiFiles, constants);
  const values = evaluate(constants);
  const { entries, tierCodes } = codes(errors);
  const out = [
    "// Generated by host/core/build-abi.ts from build/core.d.ts, assembly/abi/*.ts and assembly/errors.ts",
    "// (`npm run build`). Do not edit: change the core and build.",
    "",
    "/** The core's exports as asc declares them (build/core.d.ts); their AssemblyScript types in the comments. */",
    "export interface CoreExports {",
    ...exportsInterface(dts),
    "}",
    "",
    "/** Result codes of every core operation (assembly/errors.ts): OK, and each ERR_X as X. */",
    "export const CoreCode = {",
    ...entries,
    "} as const;",
    "",
    "/** x/tieredrewards' codes are TIER_CODES + the reference's code (assembly/errors.ts). */",
    `export const TIER_CODES = ${tierCodes};`,
  ];
  for (const [path, lines] of sections) {
    out.push("", `// ---- ${path.replaceAll("\\", "/")} ----`);
    for (const l of lines) {
      if (!l.startsWith("\u0000")) {
        out.push(l);
        continue;
      }
      const c = constants.get(l.slice(1))!;
      out.push(`export const ${c.name} = ${literal(c, values.get(c.name)!)};${c.comment ? ` // ${c.comment}` : ""}`);
    }
  }
  return out.join("\n") + "\n";
}

/** The generator's inputs under `root`. */
export async function abiSources(root = ROOT): Promise<{ dts: Source; abiFiles: Source[]; errors: Source }> {
  const read = async (path: string): Promise<Source> => ({ path, text: await readFile(join(root, path), "utf8") });
  const names = (await readdir(join(root, ABI_DIR))).filter((n) => n.endsWith(".ts")).sort();
  return {
    dts: await read(DTS),
    abiFiles: await Promise.all(names.map((n) => read(join(ABI_DIR, n)))),
    errors: await read(ERRORS),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { dts, abiFiles, errors } = await abiSources();
  await writeFile(join(ROOT, ABI_GEN), generateAbi(dts, abiFiles, errors));
}
