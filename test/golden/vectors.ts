// Where the golden vectors live: GOLDEN_DIR (a directory of files of the same schema) or
// test/golden. Vectors are data produced by the reference; tests never edit them.

import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const GOLDEN_DIR = process.env.GOLDEN_DIR
  ? resolve(process.env.GOLDEN_DIR)
  : fileURLToPath(new URL(".", import.meta.url));

/** The parsed file, or undefined when this directory has no such file. */
export function readVectors<T>(name: string): T | undefined {
  const path = resolve(GOLDEN_DIR, name);
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, "utf8")) as T;
}
