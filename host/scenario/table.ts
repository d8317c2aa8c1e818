// A table of exact values written to any output format: CSV, JSON, Arrow IPC and Parquet.
//
//   const t: DataTable = {
//     meta: [["scenario_sha256", "e7e6…"], ["pool_dry_days", "748.791666"]],   // `# key: value` lines / metadata
//     columns: [{ name: "month", kind: "count" }, { name: "pool", kind: "amount" }, { name: "p50_apy", kind: "rate" }],
//     rows: [["0", "98500000000000000", "0.030000000000000000"], ["1", "97000000000000000", null]],
//   };
//   await writeTable("run.parquet", t);          // or tableCsv(t), tableJson(t), await tableArrow(t), await tableParquet(t)
//
// Every cell is a string (or null: no value), never a JS number. A column's kind says its type:
//
//   kind     cell text                     Arrow / Parquet type
//   amount   integer, base units           Decimal128(38, 0); Decimal256(76, 0) if a value has more than 38 digits
//   rate     decimal, <= 18 decimals       Decimal128(38, 18); Decimal256(76, 18) past 38 digits
//   days     decimal, <= 6 decimals        Decimal128(38, 6);  Decimal256(76, 6) past 38 digits
//   count    integer < 2^63                Int64
//   time     RFC 3339 UTC ("…Z")           Timestamp(ns, "UTC")
//   text     anything                      Utf8
//
// A decimal with more than 76 digits cannot be held by any Arrow decimal: that column is written as
// Utf8 holding the exact decimal strings, and its field metadata says `exact_decimal_string: kind`.
// Arrow/Parquet fields also carry `kind` in their metadata; the table's `meta` pairs are the schema's
// metadata (and the Parquet file's key-value metadata).
//
// apache-arrow and parquet-wasm are loaded only when an Arrow or Parquet file is written; writing a
// file: host/scenario/table-file.ts (writeTable).

export type ColumnKind = "amount" | "rate" | "days" | "count" | "time" | "text";

export interface TableColumn {
  name: string;
  kind: ColumnKind;
}

export interface DataTable {
  /** Provenance and summary (`key: value`): CSV `# key: value` lines, JSON `meta`, Arrow/Parquet schema metadata. */
  meta: [string, string][];
  columns: TableColumn[];
  /** One array per row, a cell per column: an exact string, or null for no value. */
  rows: (string | null)[][];
}

/** The formats a table is written in, by file extension. */
export const TABLE_FORMATS = { csv: "csv", json: "json", arrow: "arrow", feather: "arrow", parquet: "parquet" } as const;
export type TableFormat = (typeof TABLE_FORMATS)[keyof typeof TABLE_FORMATS];

/** The format of an output file by its extension, or null when it is not a table format. */
export function tableFormatOf(file: string): TableFormat | null {
  const ext = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase();
  return ext !== undefined && ext in TABLE_FORMATS ? TABLE_FORMATS[ext as keyof typeof TABLE_FORMATS] : null;
}

/** Decimal places of a decimal kind. */
export const SCALES: Partial<Record<ColumnKind, number>> = { amount: 0, rate: 18, days: 6 };

export function csvCell(v: string | null | undefined): string {
  const s = v ?? "";
  // `#` quoted too: pandas' comment="#" (the meta lines) then never cuts a cell.
  return /[",\n#]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** `# key: value` lines, the header, a line per row. */
export function tableCsv(t: DataTable): string {
  return [...t.meta.map(([k, v]) => `# ${k}: ${v}`), t.columns.map((c) => c.name).join(","), ...t.rows.map((r) => r.map(csvCell).join(","))].join("\n") + "\n";
}

/** `{meta, columns: [{name, kind}], rows: [{column: value}]}`, values strings or null. */
export function tableJson(t: DataTable): { meta: Record<string, string>; columns: TableColumn[]; rows: Record<string, string | null>[] } {
  return {
    meta: Object.fromEntries(t.meta),
    columns: t.columns,
    rows: t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c.name, r[i] ?? null]))),
  };
}

/** A decimal string as its unscaled integer at `scale` (throws when it has more decimals than the scale). */
export function unscaled(text: string, scale: number): bigint {
  const m = /^(-?)([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!m) throw new Error(`not a decimal: ${JSON.stringify(text)}`);
  const frac = m[3] ?? "";
  if (frac.length > scale) throw new Error(`${text}: more than ${scale} decimals`);
  const v = BigInt(m[2]! + frac.padEnd(scale, "0"));
  return m[1] === "-" ? -v : v;
}

/** The decimal string of an unscaled integer at `scale`, with exactly `scale` decimals. */
export function scaledString(v: bigint, scale: number): string {
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(scale + 1, "0");
  const body = scale === 0 ? s : `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`;
  return neg ? `-${body}` : body;
}

function checkShape(t: DataTable): void {
  for (const [i, r] of t.rows.entries()) {
    if (r.length !== t.columns.length) throw new Error(`table row ${i}: ${r.length} cells for ${t.columns.length} columns`);
  }
}

/** An Arrow table of `t` (apache-arrow). */
async function arrowTable(t: DataTable) {
  checkShape(t);
  const A = await import("apache-arrow");
  const n = t.rows.length;
  const vectors: Record<string, InstanceType<typeof A.Vector>> = {};
  const fields: InstanceType<typeof A.Field>[] = [];
  for (const [ci, col] of t.columns.entries()) {
    const cells = t.rows.map((r) => r[ci] ?? null);
    const nulls = cells.filter((c) => c === null).length;
    const bitmap = new Uint8Array(Math.ceil(n / 8));
    cells.forEach((c, i) => { if (c !== null) bitmap[i >> 3]! |= 1 << (i & 7); });
    const nullBitmap = nulls > 0 ? bitmap : undefined;
    const meta = new Map([["kind", col.kind]]);
    let vector: InstanceType<typeof A.Vector>;
    const scale = SCALES[col.kind];
    if (scale !== undefined) {
      const vals = cells.map((c) => (c === null ? null : unscaled(c, scale)));
      const digits = Math.max(0, ...vals.map((v) => (v === null ? 0 : (v < 0n ? -v : v).toString().length)));
      if (digits > 76) {
        meta.set("exact_decimal_string", col.kind);
        vector = A.vectorFromArray(cells.map((c, i) => (c === null ? null : scaledString(vals[i]!, scale))), new A.Utf8());
      } else {
        const bits = digits > 38 ? 256 : 128;
        const words = bits / 32;
        const data = new Uint32Array(n * words);
        vals.forEach((v, i) => {
          if (v === null) return;
          let x = BigInt.asUintN(bits, v); // two's complement, little-endian 32-bit words
          for (let w = 0; w < words; w++) {
            data[i * words + w] = Number(x & 0xffff_ffffn);
            x >>= 32n;
          }
        });
        const type = new A.Decimal(scale, bits === 128 ? 38 : 76, bits);
        vector = A.makeVector(A.makeData({ type, length: n, nullCount: nulls, nullBitmap, data }));
      }
    } else if (col.kind === "count") {
      const data = BigInt64Array.from(cells, (c) => (c === null ? 0n : BigInt(c)));
      vector = A.makeVector(A.makeData({ type: new A.Int64(), length: n, nullCount: nulls, nullBitmap, data }));
    } else if (col.kind === "time") {
      const data = BigInt64Array.from(cells, (c) => (c === null ? 0n : timeNs(c)));
      vector = A.makeVector(A.makeData({ type: new A.TimestampNanosecond("UTC"), length: n, nullCount: nulls, nullBitmap, data }));
    } else {
      vector = A.vectorFromArray(cells, new A.Utf8());
    }
    vectors[col.name] = vector;
    fields.push(new A.Field(col.name, vector.type, true, meta));
  }
  const schema = new A.Schema(fields, metaMap(t.meta));
  const batch = new A.RecordBatch(schema, A.makeData({ type: new A.Struct(fields), length: n, nullCount: 0, children: fields.map((f) => vectors[f.name]!.data[0]!) }));
  return { A, table: new A.Table(schema, [batch]) };
}

/** The meta pairs as a map; a key given more than once (`warning`) holds its values joined by newlines. */
export function metaMap(meta: [string, string][]): Map<string, string> {
  const m = new Map<string, string>();
  for (const [k, v] of meta) m.set(k, m.has(k) ? `${m.get(k)}\n${v}` : v);
  return m;
}

/** Nanoseconds since the epoch of an RFC 3339 UTC time ("2028-01-19T19:00:00Z", up to 9 decimals). */
export function timeNs(text: string): bigint {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(text);
  if (!m) throw new Error(`not an RFC 3339 UTC time: ${JSON.stringify(text)}`);
  return BigInt(Date.parse(`${m[1]}Z`)) * 1_000_000n + BigInt((m[2] ?? "").padEnd(9, "0"));
}

/** The Arrow IPC file (the "Feather v2" format: pandas.read_feather, polars.read_ipc, pyarrow.ipc.open_file). */
export async function tableArrow(t: DataTable): Promise<Uint8Array> {
  const { A, table } = await arrowTable(t);
  return A.tableToIPC(table, "file");
}

/** A Parquet file (parquet-wasm, Rust's arrow/parquet crates): the Arrow schema's types, decimals as DECIMAL, `meta` as key-value metadata. */
export async function tableParquet(t: DataTable): Promise<Uint8Array> {
  const { A, table } = await arrowTable(t);
  const pq = await import("parquet-wasm");
  const props = new pq.WriterPropertiesBuilder().setCompression(pq.Compression.SNAPPY).setKeyValueMetadata(metaMap(t.meta)).build();
  return pq.writeParquet(pq.Table.fromIPCStream(A.tableToIPC(table, "stream")), props);
}

/** The bytes or text of `t` in `format`. */
export async function tableBytes(t: DataTable, format: TableFormat): Promise<string | Uint8Array> {
  switch (format) {
    case "csv": return tableCsv(t);
    case "json": return JSON.stringify(tableJson(t), null, 2) + "\n";
    case "arrow": return tableArrow(t);
    case "parquet": return tableParquet(t);
  }
}
