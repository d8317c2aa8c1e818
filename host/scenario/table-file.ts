// A DataTable (host/scenario/table.ts) written to a file in the format its extension names.

import { writeFile } from "node:fs/promises";
import { UsageError } from "../flags.js";
import { tableBytes, tableFormatOf, type DataTable } from "./table.js";

/** Write `t` to `file` in the format its extension names (.csv, .json, .arrow/.feather, .parquet). */
export async function writeTable(file: string, t: DataTable): Promise<void> {
  const format = tableFormatOf(file);
  if (format === null) throw new UsageError(`${file}: a table is written as .csv, .json, .arrow, .feather or .parquet`);
  await writeOut(file, await tableBytes(t, format));
}

export async function writeOut(file: string, bytes: string | Uint8Array): Promise<void> {
  try {
    await writeFile(file, bytes);
  } catch (e) {
    throw new UsageError(`--out ${file}: cannot write: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
