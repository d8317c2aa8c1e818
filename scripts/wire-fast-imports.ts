// `npm run build:wire`'s last step: protobuf-ts (buf.gen.fast.yaml) writes its relative imports
// without an extension; the host's modules are NodeNext ESM, which names the `.js` file. Each
// relative import in host/wire/gen-fast/ gets its `.js` (nothing else in the generated code changes).

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const DIR = fileURLToPath(new URL("../host/wire/gen-fast", import.meta.url));

/** `source` with `.js` after each relative module path of an import or export that has none. */
export function withJsExtensions(source: string): string {
  return source.replace(/^((?:import|export)\b[^;]*? from ")(\.{1,2}\/[^"]+?)(")/gm, (all, head: string, path: string, tail: string) =>
    path.endsWith(".js") ? all : `${head}${path}.js${tail}`);
}

function walk(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith(".ts")) {
      const text = readFileSync(path, "utf8");
      const fixed = withJsExtensions(text);
      if (fixed !== text) writeFileSync(path, fixed);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) walk(DIR);
