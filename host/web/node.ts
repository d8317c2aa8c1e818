// The package's Node entry (build/web/node.js): the web engine, plus loading the core.wasm that
// ships next to it from disk (Node's fetch() takes no file: URLs).

import { readFile } from "node:fs/promises";
import { loadEngine, type Engine, type EmissionParams } from "./engine.js";

export * from "./engine.js";

/** Load the core.wasm shipped beside this module (or the file at `path`). */
export async function loadEngineFromFile(path?: string | URL, emission: Partial<EmissionParams> = {}): Promise<Engine> {
  const bytes = await readFile(path ?? new URL("./core.wasm", import.meta.url));
  return loadEngine(bytes, emission);
}
