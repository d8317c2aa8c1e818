// The range of a duration as the reference holds it. A tier's exit_duration (and x/staking's
// unbonding_time) is a gogoproto `stdduration`: a Go time.Duration, int64 nanoseconds. Anything
// that does not fit is refused, never wrapped, with the reference's own error text:
//
// - JSON (genesis, read by gogoproto's jsonpb): time.ParseDuration fails, and jsonpb says
//   `bad Duration: time: invalid duration "<text>"`.
// - Binary (a tx's message, decoded by gogoproto's StdDurationUnmarshal): types.DurationFromProto
//   fails with `duration: <%#v of the Duration>: seconds out of range` when |seconds| passes the
//   protobuf Duration's own range (315,576,000,000 s, 10,000 years), else `... is out of range
//   for time.Duration`; the SDK's tx decoder prefixes `unable to convert messagev2 to messagev1: `
//   and, unregistered, the error reaches CheckTx as codespace `undefined`, code 1.
//
// This project reads whole seconds only (`"31536000s"`), so the largest duration it takes is
// MAX_DURATION_SECONDS = 9,223,372,036 s (292 years): 9,223,372,037 s x 10^9 passes 2^63 - 1 ns.

export const NS_PER_S = 1_000_000_000n;
/** Go's time.Duration bounds, in nanoseconds. */
export const MAX_DURATION_NS = (1n << 63n) - 1n;
export const MIN_DURATION_NS = -(1n << 63n);
/** The longest whole-second duration that fits int64 nanoseconds (the core's MAX_EXIT_SECONDS). */
export const MAX_DURATION_SECONDS = MAX_DURATION_NS / NS_PER_S;
/** google.protobuf.Duration's own range: ±10,000 years of 365.25 days, in seconds. */
export const PROTO_DURATION_MAX_SECONDS = 315_576_000_000n;
/** The first and last instants of the core's time (int64 ns since the Unix epoch). */
export const FIRST_TIME_TEXT = "1677-09-21T00:12:43.145224192Z";
export const LAST_TIME_TEXT = "2262-04-11T23:47:16.854775807Z";

/** True if `ns` fits a Go time.Duration. */
export function fitsDuration(ns: bigint): boolean {
  return ns >= MIN_DURATION_NS && ns <= MAX_DURATION_NS;
}

/**
 * gogoproto's DurationFromProto error for a Duration of whole `seconds`, or undefined if it fits a
 * time.Duration. The Duration prints through its generated GoString (`%#v`), newlines included.
 */
export function protoDurationError(seconds: bigint): string | undefined {
  if (fitsDuration(seconds * NS_PER_S)) return undefined;
  const shown = `&durationpb.Duration{Seconds: ${seconds},\nNanos: 0,\n}`;
  if (seconds > PROTO_DURATION_MAX_SECONDS || seconds < -PROTO_DURATION_MAX_SECONDS) {
    return `duration: ${shown}: seconds out of range`;
  }
  return `duration: ${shown} is out of range for time.Duration`;
}

/** The SDK tx decoder's log for a message whose Duration does not fit (see the header). */
export function txDurationError(seconds: bigint): string | undefined {
  const e = protoDurationError(seconds);
  return e === undefined ? undefined : `unable to convert messagev2 to messagev1: ${e}`;
}

/** jsonpb's error for a JSON Duration text that time.ParseDuration refuses as out of range. */
export function jsonDurationError(text: string): string {
  return `bad Duration: time: invalid duration ${JSON.stringify(text)}`;
}
