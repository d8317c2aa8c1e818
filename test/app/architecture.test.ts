// The host's layers, held by its imports (docs/architecture.md): no import cycle in host/ (type
// imports included) nor in the core (assembly/); the application, the framework, the modules, the
// store, the wire and the core never import the renderers (server/, rpc/), the drivers, the
// development chain (dev/), the scenario engine (scenario/) or the command line; the wire and the
// core import no module; the framework (what modules are built from) imports no module and no
// application; and no two folders of host/ import each other (no pair is exempt). A change that
// breaks one names the edge. And no source file (host/, assembly/, bench/, model/, scripts/,
// test/) is over 500 lines: a file that grows past it is split by concern.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "gen" ? [] : sources(path);
    return path.endsWith(".ts") && !path.endsWith(".gen.ts") ? [path] : [];
  });
}

const SPEC = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

/**
 * Each source file under `folder` → the files under it that it imports by a relative path: the
 * host's as `./x.js` (its .ts), the core's (AssemblyScript) as `./x` (x.ts, or x/index.ts).
 */
function importGraph(folder: string): Map<string, string[]> {
  const files = sources(join(ROOT, folder)).map((f) => relative(ROOT, f));
  const known = new Set(files);
  const resolve = (target: string) =>
    target.endsWith(".js") ? `${target.slice(0, -3)}.ts` : [target, `${target}.ts`, join(target, "index.ts")].find((t) => known.has(t)) ?? target;
  return new Map(files.map((f) => [f, [...readFileSync(join(ROOT, f), "utf8").matchAll(SPEC)]
    .map((m) => resolve(normalize(join(dirname(f), m[1]!))))
    .filter((t) => known.has(t))]));
}

const imports = importGraph("host");

/** host/<layer>/…: the first folder under host/ ("." for host/'s own files). */
const layer = (f: string) => (f.split("/").length > 2 ? f.split("/")[1]! : ".");

/** The import cycles of a graph (its strongly connected components of more than one file: Tarjan's). */
function cyclesOf(imports: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of imports.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        on.delete(w);
        component.push(w);
        if (w === v) break;
      }
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const f of imports.keys()) if (!index.has(f)) visit(f);
  return cycles;
}

test("no import cycle in host/ (type imports included)", () => {
  const cycles = cyclesOf(imports);
  assert.equal(cycles, [], `import cycles: ${cycles.map((c) => c.join(" → ")).join("; ")}`);
});

test("no import cycle in the core (assembly/)", () => {
  const graph = importGraph("assembly");
  assert.ok(graph.get("assembly/index.ts")!.length > 0, "the core's imports are read");
  const cycles = cyclesOf(graph);
  assert.equal(cycles, [], `import cycles: ${cycles.map((c) => c.join(" → ")).join("; ")}`);
});

test("the application, framework, modules, store, wire and core import no renderer, driver or command line", () => {
  const inner = new Set(["app", "framework", "modules", "store", "wire", "core"]);
  const outer = new Set(["server", "rpc", "drivers", "dev", "scenario", "cli", "cometbft", "web"]);
  const bad = [...imports].flatMap(([f, ts]) => (inner.has(layer(f)) ? ts.filter((t) => outer.has(layer(t))).map((t) => `${f} → ${t}`) : []));
  assert.equal(bad, []);
});

test("the framework imports no module and no application: what modules are built from names none of them", () => {
  const bad = [...imports].flatMap(([f, ts]) => (layer(f) === "framework" ? ts.filter((t) => layer(t) === "modules" || layer(t) === "app").map((t) => `${f} → ${t}`) : []));
  assert.ok([...imports.keys()].some((f) => layer(f) === "framework"), "the framework's files are read");
  assert.equal(bad, []);
});

test("the wire and the core import no module and no application", () => {
  const bad = [...imports].flatMap(([f, ts]) =>
    (layer(f) === "core" || layer(f) === "wire" ? ts.filter((t) => ["modules", "app", "framework", "store"].includes(layer(t))).map((t) => `${f} → ${t}`) : []));
  assert.equal(bad, []);
});

test("the client package (host/client/) imports only the wire: what it ships is the schema's, in any browser", () => {
  const bad = [...imports].flatMap(([f, ts]) => (layer(f) === "client" ? ts.filter((t) => layer(t) !== "client" && layer(t) !== "wire").map((t) => `${f} → ${t}`) : []));
  assert.ok([...imports.keys()].some((f) => layer(f) === "client"), "host/client/ is read");
  assert.equal(bad, []);
});


test("no two folders import each other", () => {
  const edges = new Map<string, string>();
  for (const [f, ts] of imports) {
    for (const t of ts) {
      const [a, b] = [layer(f), layer(t)];
      if (a !== b && a !== "." && b !== "." && !edges.has(`${a} → ${b}`)) edges.set(`${a} → ${b}`, `${f} → ${t}`);
    }
  }
  const mutual = [...edges.keys()].flatMap((k) => {
    const [a, b] = k.split(" → ") as [string, string];
    return a < b && edges.has(`${b} → ${a}`) ? [`${a} ⇄ ${b}`] : [];
  }).sort();
  const named = (pair: string) => {
    const [a, b] = pair.split(" ⇄ ") as [string, string];
    return `${pair} (${edges.get(`${a} → ${b}`)}; ${edges.get(`${b} → ${a}`)})`;
  };
  assert.equal(mutual.map(named), [], "folders that import each other");
});

/** The folders whose sources are held to MAX_LINES, and what a source is. */
const SIZED = ["host", "assembly", "bench", "model", "scripts", "test"];
const SOURCE = /\.(ts|js|mjs|py)$/;
const MAX_LINES = 500;

/** git's files under `folders` (tracked, and new ones not ignored: generated files are ignored). */
function gitFiles(folders: string[]): string[] {
  const args = ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...folders];
  return [...new Set(execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean))];
}

/** Lines as `wc -l` counts them, a last line without its newline included. */
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/**
 * An amino type name (`cosmos-sdk/MsgSend`, `chainmain/MsgLockTier`) written out in code: the
 * message is its protobuf type everywhere, and its amino name comes from the schema's
 * `amino.name` option (wire/amino/amino-json.ts aminoTypeName). Names may be written only at the
 * amino edge (host/wire/) and in the modules' declarations (host/modules/); comments are prose.
 */
const AMINO_NAME = /["'`](?:cosmos-sdk|chainmain|chainmain-dev)\/[A-Za-z0-9/]*Msg[A-Za-z0-9]*["'`]/;

test("no amino type name outside the amino edge (host/wire/) and the modules' declarations (host/modules/)", () => {
  const bad: string[] = [];
  for (const f of sources(join(ROOT, "host")).map((x) => relative(ROOT, x))) {
    if (f.startsWith("host/wire/") || f.startsWith("host/modules/")) continue;
    readFileSync(join(ROOT, f), "utf8").split("\n").forEach((line, i) => {
      const code = line.trim();
      if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) return;
      if (AMINO_NAME.test(code)) bad.push(`${f}:${i + 1}: ${code}`);
    });
  }
  assert.equal(bad, []);
});

test("no source file over 500 lines", () => {
  const sources = gitFiles(SIZED.filter((d) => existsSync(join(ROOT, d))))
    .filter((f) => SOURCE.test(f) && existsSync(join(ROOT, f))); // a deleted file is still in git's index until staged
  assert.ok(sources.some((f) => f.startsWith("assembly/")) && sources.some((f) => f.startsWith("test/")), "git lists the sources");
  const over = sources
    .map((f) => ({ f, lines: lineCount(readFileSync(join(ROOT, f), "utf8")) }))
    .filter(({ lines }) => lines > MAX_LINES)
    .sort((a, b) => b.lines - a.lines || a.f.localeCompare(b.f))
    .map(({ f, lines }) => `${f} (${lines})`);
  assert.equal(over, [], `over ${MAX_LINES} lines: ${over.join(", ")}`);
});

test.run();
