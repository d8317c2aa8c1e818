// Arrow IPC and Parquet files read back into a DataTable of exact strings (host/scenario/table.ts):
// decimals from their two's-complement words, Int64 as bigints, timestamps as RFC 3339. Used by the
// tests to check that a written file holds exactly the CSV's values; also a reader for any
// Arrow/Parquet table of these kinds.

import type { ColumnKind, DataTable } from "./table.js";
import { scaledString } from "./table.js";

/** The ns timestamp as RFC 3339 UTC, the fraction only when it is not zero (as the CSV writes it). */
export function rfc3339(ns: bigint): string {
  const s = ns / 1_000_000_000n;
  const frac = ns % 1_000_000_000n;
  const base = new Date(Number(s) * 1000).toISOString().slice(0, 19);
  return frac === 0n ? `${base}Z` : `${base}.${frac.toString().padStart(9, "0").replace(/0+$/, "")}Z`;
}

/** An Arrow IPC file or stream's table as exact strings. */
export async function readArrowTable(bytes: Uint8Array): Promise<DataTable> {
  const A = await import("apache-arrow");
  const table = A.tableFromIPC(bytes);
  const columns = table.schema.fields.map((f) => ({ name: f.name, kind: (f.metadata.get("kind") ?? "text") as ColumnKind }));
  const rows: (string | null)[][] = Array.from({ length: table.numRows }, () => []);
  for (const [ci, field] of table.schema.fields.entries()) {
    const vec = table.getChildAt(ci)!;
    let row = 0;
    for (const data of vec.data) {
      for (let i = 0; i < data.length; i++, row++) {
        const valid = data.nullCount === 0 || data.getValid(i);
        rows[row]![ci] = valid ? cell(A, field.type, data, i) : null;
      }
    }
  }
  return { meta: [...table.schema.metadata.entries()], columns, rows };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function cell(A: typeof import("apache-arrow"), type: any, data: any, i: number): string {
  if (A.DataType.isDecimal(type)) {
    const words = type.bitWidth / 32;
    const vals = data.values as Uint32Array;
    let x = 0n;
    for (let w = words - 1; w >= 0; w--) x = (x << 32n) | BigInt(vals[(data.offset + i) * words + w]!);
    return scaledString(BigInt.asIntN(type.bitWidth, x), type.scale);
  }
  if (A.DataType.isInt(type)) return `${data.values[data.offset + i]}`;
  if (A.DataType.isTimestamp(type)) {
    const v = BigInt(data.values[data.offset + i]);
    const perNs = [1_000_000_000n, 1_000_000n, 1000n, 1n][type.unit as number]!; // SECOND, MILLISECOND, MICROSECOND, NANOSECOND
    return rfc3339(v * perNs);
  }
  return `${data.values === undefined ? "" : new A.Vector([data]).get(i)}`;
}

/** A Parquet file's table as exact strings (parquet-wasm reads it into Arrow). */
export async function readParquetTable(bytes: Uint8Array): Promise<DataTable> {
  const pq = await import("parquet-wasm");
  return readArrowTable(pq.readParquet(bytes).intoIPCStream());
}
