// The core's exported functions as its source declares them: assembly/index.ts names the export
// files (`export * from "./exports/x"` for all of a file's, `export { a, b } from "./exports/y"` for
// some), and each file's `export function NAME` lines are the functions. A function added to an
// export file is an export with no count or list to update (test/core/abi.test.ts holds the wasm to it).

const FROM = /^export\s+(\*|\{([^}]*)\})\s+from\s+"([^"]+)";/gm;
const FUNCTION = /^export function (\w+)\s*[(<]/gm;

/** The function names `index` exports; `read(module)` gives the text of a module it names ("./exports/x"). */
export function declaredCoreExports(index: string, read: (module: string) => string): string[] {
  const names: string[] = [];
  for (const [, what, list, module] of index.matchAll(FROM)) {
    const defined = [...read(module!).matchAll(FUNCTION)].map((m) => m[1]!);
    if (what === "*") {
      names.push(...defined);
      continue;
    }
    for (const name of list!.split(",").map((s) => s.trim()).filter((s) => s !== "")) {
      if (!defined.includes(name)) throw new Error(`${module} has no exported function ${name}`);
      names.push(name);
    }
  }
  return names.sort();
}
