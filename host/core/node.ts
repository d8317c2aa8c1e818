// Load the core from the build directory (Node only; browsers pass fetched bytes to loadCore).

import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { loadCore, type Core } from "./core.js";
import { exportGlobals } from "./image.js";

/** Path of the release build of the core. */
export const CORE_WASM = fileURLToPath(new URL("../../build/core.wasm", import.meta.url));

/** The core, its globals exported (image.ts: what dev mode's snapshots copy; the core computes the same). */
export async function loadCoreFromFile(path = CORE_WASM): Promise<Core> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw new Error(`cannot read the core at ${path}: run \`npm run build\` first (${(e as Error).message})`);
  }
  return loadCore(exportGlobals(bytes));
}
