// Unix nanoseconds as the schema's google.protobuf.Timestamp and Duration (seconds and a
// non-negative nanos, as protobuf requires), for the typed query answers.

import type { Duration, Timestamp } from "@bufbuild/protobuf/wkt";

const NS_PER_S = 1_000_000_000n;

/** A Timestamp of unix nanoseconds (0 is 1970-01-01T00:00:00Z). */
export function timestamp(ns: bigint): Timestamp {
  const s = ns / NS_PER_S;
  const n = ns % NS_PER_S;
  return { $typeName: "google.protobuf.Timestamp", seconds: n < 0n ? s - 1n : s, nanos: Number(n < 0n ? n + NS_PER_S : n) };
}

/** A Duration of nanoseconds (seconds and nanos share the sign). */
export function duration(ns: bigint): Duration {
  return { $typeName: "google.protobuf.Duration", seconds: ns / NS_PER_S, nanos: Number(ns % NS_PER_S) };
}
