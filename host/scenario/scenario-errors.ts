// A scenario's problems, every one of them, each with its place in the file (line:column):
// validation collects them (Problems) instead of stopping at the first, and the command line names
// each as `FILE:LINE:COLUMN: path: reason`. Positions come from a parser that keeps them: jsonc-parser
// (strict JSON: no comments, no trailing commas) for .json, the `yaml` package's source ranges for
// .yaml/.yml. A problem in a field given by `--set` names the --set instead.

import { readFileSync } from "node:fs";
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import { LineCounter, parseDocument } from "yaml";
import { ValidationError } from "../errors.js";
import { UsageError } from "../flags.js";

/** Several problems of one document; `message` lists them all, one a line. */
export class ScenarioErrors extends ValidationError {
  readonly problems: ValidationError[];
  constructor(problems: ValidationError[]) {
    super(problems.length === 1 ? problems[0]!.reason : `${problems.length} problems:\n${problems.map((p) => `  ${p.message}`).join("\n")}`, problems.length === 1 ? problems[0]!.path : "");
    this.problems = problems;
  }
}

/** Collects ValidationErrors: each check runs, a failing one gives its fallback, and `done` throws them all. */
export class Problems {
  readonly list: ValidationError[] = [];
  /** The value of `check()`, or `fallback` when it throws a ValidationError (kept). */
  take<T>(check: () => T, fallback: T): T {
    try {
      return check();
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      if (e instanceof ScenarioErrors) this.list.push(...e.problems);
      else this.list.push(e);
      return fallback;
    }
  }
  /** Throws every problem collected (a ScenarioErrors), if any. */
  done(): void {
    if (this.list.length > 0) throw new ScenarioErrors(this.list);
  }
}

/** `cohorts[1].amount` -> ["cohorts", 1, "amount"]. */
export function pathSegments(path: string): (string | number)[] {
  if (path === "") return [];
  return path.replace(/\[(\d+)\]/g, ".$1").split(".").filter((p) => p !== "").map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

export interface Position {
  line: number;
  column: number;
}

/** Line and column (1-based) of a character offset. */
export function positionOf(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** JSON syntax errors, every one, with positions (strict JSON: no comments or trailing commas). */
export function jsonSyntaxErrors(text: string): { position: Position; reason: string }[] {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return errors.map((e) => ({ position: positionOf(text, e.offset), reason: syntaxReason(printParseErrorCode(e.error)) }));
}

function syntaxReason(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/**
 * Where `path` is in the document text: the field's key (`"amount": ...`), an array element's
 * value, or the nearest enclosing field that is there (a field left out is reported at its object).
 */
export function locate(text: string, yaml: boolean, path: string): Position | null {
  const segs = pathSegments(path);
  if (yaml) {
    const lc = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lc, keepSourceTokens: true });
    for (let n = segs.length; n >= 0; n--) {
      const node = doc.getIn(segs.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      // A map's key comes before its value: point at the key when the last segment is a field name.
      const parentMap = n > 0 ? (doc.getIn(segs.slice(0, n - 1), true) as { items?: { key: { value?: unknown; range?: [number, number, number] } }[] } | undefined) : undefined;
      const key = parentMap?.items?.find((p) => p.key?.value === segs[n - 1]);
      const range = key?.key.range ?? node?.range;
      if (range) {
        const p = lc.linePos(range[0]);
        return { line: p.line, column: p.col };
      }
    }
    return null;
  }
  const root = parseTree(text, [], { disallowComments: true });
  if (!root) return null;
  for (let n = segs.length; n >= 0; n--) {
    const node: Node | undefined = n === 0 ? root : findNodeAtLocation(root, segs.slice(0, n));
    if (node) {
      const at = node.parent?.type === "property" ? node.parent.offset : node.offset;
      return positionOf(text, at);
    }
  }
  return null;
}

/** The key of a `--set key=value`, as path segments. */
function setKey(set: string): string {
  const eq = set.indexOf("=");
  return eq < 0 ? set : set.slice(0, eq);
}

/**
 * Every problem as a line: `FILE:LINE:COLUMN: path: reason` (no position when the field is not in
 * the file: a default), or `--set KEY=VALUE: path: reason` for a field a --set gave.
 */
export function problemLines(file: string | undefined, sets: string[], e: ValidationError): string[] {
  const problems = e instanceof ScenarioErrors ? e.problems : [e];
  let text: string | null = null;
  if (file !== undefined) {
    try {
      text = readFileSync(file, "utf8");
    } catch {
      text = null;
    }
  }
  const yaml = file !== undefined && /\.ya?ml$/i.test(file);
  const located = problems.map((p) => {
    const segs = pathSegments(p.path).join(".");
    const set = [...sets].reverse().find((s) => {
      const k = pathSegments(setKey(s)).join(".");
      return segs === k || segs.startsWith(`${k}.`);
    });
    if (set !== undefined) return { at: -1, line: `--set ${set}: ${p.message}` };
    if (file === undefined) return { at: 0, line: p.message };
    const pos = text === null || p.path === "" ? null : locate(text, yaml, p.path);
    return { at: pos ? pos.line * 1e6 + pos.column : 0, line: `${file}${pos ? `:${pos.line}:${pos.column}` : ""}: ${p.message}` };
  });
  // --set ones first, then in the file's order (a stable sort keeps the rest as found).
  return located.sort((a, b) => a.at - b.at).map((x) => x.line);
}

/**
 * The usage error of a scenario's problems. Its message is one line with all of them (`; `); the
 * command line prints `head` and then each problem on a line of its own (`details`).
 */
export class ScenarioUsageError extends UsageError {
  constructor(readonly head: string, readonly details: string[]) {
    super(details.length === 1 ? `${head} ${details[0]}` : `${head} ${details.join("; ")}`);
  }
}

/** The error a command gives for a scenario's problems: all of them, one a line. */
export function scenarioProblemsError(file: string | undefined, sets: string[], e: ValidationError, prefix = ""): UsageError {
  const lines = problemLines(file, sets, e);
  if (lines.length === 1) return new UsageError(`${prefix}scenario${file !== undefined && lines[0]!.startsWith(file) ? " " : ": "}${lines[0]}`);
  return new ScenarioUsageError(`${prefix}scenario: ${lines.length} problems:`, lines);
}
