// `--out FILE` (repeatable): one run written to every file asked for, each in the format its extension
// names, without running the blocks again: .csv, .json, .arrow/.feather (Arrow IPC), .parquet,
// .txt (the table as printed), .svg/.png (the chart). The outputs of a run are given as an
// OutputSet: each is made only when a file asks for it.

import { UsageError } from "./common.js";
import { tableFormatOf, type DataTable } from "../scenario/table.js";
import { writeOut } from "../scenario/table-file.js";

export interface OutputSet {
  /** The rows as a table (CSV, Arrow, Parquet). */
  table(): DataTable;
  /** The JSON document (.json). */
  json(): unknown;
  /** The text table (.txt). */
  text(): string;
  /** The chart as SVG (.svg, .png). */
  chart(): Promise<string>;
}

const KINDS = "csv, json, arrow, feather, parquet, txt, svg, png";

/** Checked before any block runs: each file's extension names a format, no file twice. */
export function checkOuts(outs: string[]): void {
  const seen = new Set<string>();
  for (const f of outs) {
    if (f.trim() === "") throw new UsageError("--out: empty file name");
    if (tableFormatOf(f) === null && !/\.(txt|svg|png)$/i.test(f)) throw new UsageError(`--out ${f}: the file must end in one of .${KINDS.split(", ").join(", .")}`);
    if (seen.has(f)) throw new UsageError(`--out ${f}: given twice`);
    seen.add(f);
  }
}

/** Write every `--out` file from one run's outputs. */
export async function writeOuts(outs: string[], o: OutputSet): Promise<void> {
  let table: DataTable | undefined;
  let svg: string | undefined;
  for (const file of outs) {
    const format = tableFormatOf(file);
    if (format === "json") await writeOut(file, JSON.stringify(o.json(), null, 2) + "\n");
    else if (format !== null) {
      const { tableBytes } = await import("../scenario/table.js");
      await writeOut(file, await tableBytes((table ??= o.table()), format));
    } else if (/\.txt$/i.test(file)) await writeOut(file, o.text() + "\n");
    else {
      svg ??= await o.chart();
      const { svgToPng } = await import("../scenario/chart-file.js");
      await writeOut(file, /\.png$/i.test(file) ? await svgToPng(svg) : svg);
    }
  }
}
