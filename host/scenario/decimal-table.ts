// The tables of `simulate --runs`, `--compare` and `--sensitivity` (bands per month, runs, Δ, tornado)
// as one shape: named columns with their kind, rows of decimal strings (null: empty), and `key: value`
// metadata (provenance, runway). Every output format is a writer of this shape: CSV and JSON here;
// another format (Arrow/Parquet with decimal columns) registers its writer with `registerTableWriter`
// and every table of these commands is written by it too.

import { tableArrow, tableCsv as dataTableCsv, tableParquet, type ColumnKind as DataColumnKind, type DataTable } from "./table.js";

/**
 * A column's kind: `int` (an integer: base units, heights, counts), `dec` (a decimal with `scale`
 * digits after the point: 18 for rates, 6 for days), `time` (RFC 3339 UTC), `text`.
 */
export type ColumnKind = { kind: "int" } | { kind: "dec"; scale: number } | { kind: "time" } | { kind: "text" };

export interface TableColumn {
  name: string;
  type: ColumnKind;
}

export interface DecimalTable {
  /** The table's name: a file's stem when several are written (`bands`, `runs`, `delta`, `tornado`). */
  name: string;
  columns: TableColumn[];
  rows: (string | null)[][];
  /** `key: value` lines: the CSV's `# ` header, the JSON's `meta`, a Parquet file's key-value metadata. */
  meta: [string, string][];
}

export const INT: ColumnKind = { kind: "int" };
export const TEXT: ColumnKind = { kind: "text" };
export const TIME: ColumnKind = { kind: "time" };
export const dec = (scale: number): ColumnKind => ({ kind: "dec", scale });
export const RATE = dec(18);
export const DAYS = dec(6);

/** A writer of a table to a format's bytes (or text). */
export type TableWriter = (t: DecimalTable) => Uint8Array | string | Promise<Uint8Array | string>;

const writers = new Map<string, TableWriter>();

/** Make a format (a file extension: "parquet", "arrow") writable for these tables. */
export function registerTableWriter(format: string, w: TableWriter): void {
  writers.set(format, w);
}

export function tableWriter(format: string): TableWriter | undefined {
  return writers.get(format);
}

export function tableFormats(): string[] {
  return [...writers.keys()];
}

/** `# key: value` lines, the header, one line per row; empty cell for null (table.ts's CSV, the one `simulate --out` writes). */
export function tableCsv(t: DecimalTable): string {
  return dataTableCsv(asDataTable(t));
}

/** `{meta, columns: [{name, type}], rows: [{column: value}]}`. */
export function tableJson(t: DecimalTable): object {
  return {
    meta: Object.fromEntries(t.meta),
    columns: t.columns.map((c) => ({ name: c.name, ...c.type })),
    rows: t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c.name, r[i] ?? null]))),
  };
}

registerTableWriter("csv", tableCsv);
registerTableWriter("json", (t) => JSON.stringify(tableJson(t), null, 2) + "\n");

/** A table as aligned text (the terminal's): columns right-aligned but the first. */
export function tableText(t: DecimalTable, cells?: (col: TableColumn, v: string | null) => string): string {
  const show = cells ?? ((_c: TableColumn, v: string | null) => v ?? "-");
  const body = t.rows.map((r) => r.map((v, i) => show(t.columns[i]!, v)));
  const header = t.columns.map((c) => c.name);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

/** Arrow IPC and Parquet (host/scenario/table.ts: decimal columns, the same writers as `simulate --out`'s). */
function asDataTable(t: DecimalTable): DataTable {
  const kind = (c: ColumnKind): DataColumnKind => {
    if (c.kind === "int") return "amount"; // Decimal128(38, 0): base units pass int64
    if (c.kind === "dec") {
      if (c.scale === 18) return "rate";
      if (c.scale === 6) return "days";
      throw new Error(`no Arrow column kind for a decimal of scale ${c.scale}`);
    }
    return c.kind;
  };
  return { meta: t.meta, columns: t.columns.map((c) => ({ name: c.name, kind: kind(c.type) })), rows: t.rows };
}
registerTableWriter("arrow", (t) => tableArrow(asDataTable(t)));
registerTableWriter("parquet", (t) => tableParquet(asDataTable(t)));
