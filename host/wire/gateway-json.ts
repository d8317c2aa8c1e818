// How the Cosmos gRPC-gateway (v1.16, gogo JSONPb) renders responses and errors (REFERENCE §8):
// gRPC codes and their HTTP statuses, the `{code, message, details}` error body, and the text of
// Int, Dec, uint64, Timestamp, Duration and Coin values. Pure functions of bigints: no JS number
// ever carries an amount, a rate or a time.

/** gRPC status codes. */
export const GrpcCode = {
  OK: 0,
  CANCELED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

export type GrpcCodeValue = (typeof GrpcCode)[keyof typeof GrpcCode];

/** grpc-gateway v1 `HTTPStatusFromCode` (REFERENCE §8.1). */
const HTTP_STATUS: Record<GrpcCodeValue, number> = {
  [GrpcCode.OK]: 200,
  [GrpcCode.CANCELED]: 408,
  [GrpcCode.UNKNOWN]: 500,
  [GrpcCode.INVALID_ARGUMENT]: 400,
  [GrpcCode.DEADLINE_EXCEEDED]: 504,
  [GrpcCode.NOT_FOUND]: 404,
  [GrpcCode.ALREADY_EXISTS]: 409,
  [GrpcCode.PERMISSION_DENIED]: 403,
  [GrpcCode.RESOURCE_EXHAUSTED]: 429,
  [GrpcCode.FAILED_PRECONDITION]: 400,
  [GrpcCode.ABORTED]: 409,
  [GrpcCode.OUT_OF_RANGE]: 400,
  [GrpcCode.UNIMPLEMENTED]: 501,
  [GrpcCode.INTERNAL]: 500,
  [GrpcCode.UNAVAILABLE]: 503,
  [GrpcCode.DATA_LOSS]: 500,
  [GrpcCode.UNAUTHENTICATED]: 401,
};

/** The HTTP status grpc-gateway answers for a gRPC code (unknown codes: 500, as it does). */
export function httpStatusFromCode(code: number): number {
  return HTTP_STATUS[code as GrpcCodeValue] ?? 500;
}

/** HTTP_STATUS inverted where one code fits (400: INVALID_ARGUMENT, 409: ABORTED); 405 as 501. */
const CODE_OF_STATUS: Partial<Record<number, GrpcCodeValue>> = {
  400: GrpcCode.INVALID_ARGUMENT,
  401: GrpcCode.UNAUTHENTICATED,
  403: GrpcCode.PERMISSION_DENIED,
  404: GrpcCode.NOT_FOUND,
  405: GrpcCode.UNIMPLEMENTED,
  408: GrpcCode.CANCELED,
  409: GrpcCode.ABORTED,
  429: GrpcCode.RESOURCE_EXHAUSTED,
  501: GrpcCode.UNIMPLEMENTED,
  503: GrpcCode.UNAVAILABLE,
  504: GrpcCode.DEADLINE_EXCEEDED,
};

/** The gRPC code for an HTTP status the server itself produced (the inverse where one exists; else 5xx INTERNAL, UNKNOWN). */
export function codeFromHttpStatus(status: number): GrpcCodeValue {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? GrpcCode.INTERNAL : GrpcCode.UNKNOWN);
}

/** The gateway's error body: no `error` field, `details` always present. */
export interface ErrorBody {
  code: number;
  message: string;
  details: unknown[];
}

export function errorBody(code: number, message: string): ErrorBody {
  return { code, message, details: [] };
}

/** An error a handler raises on purpose, with the gRPC code the reference would return. */
export class GatewayError extends Error {
  readonly code: GrpcCodeValue;
  constructor(code: GrpcCodeValue, message: string) {
    super(message);
    this.name = "GatewayError";
    this.code = code;
  }
  get status(): number {
    return httpStatusFromCode(this.code);
  }
}

/**
 * A module's registered error (errorsmod) as the SDK's gRPC server returns it to the gateway: its
 * GRPCStatus, Unknown (HTTP 500), with the text `codespace <space> code <n>: <message>`.
 */
export function moduleError(codespace: string, code: number, message: string): GatewayError {
  return new GatewayError(GrpcCode.UNKNOWN, `codespace ${codespace} code ${code}: ${message}`);
}

// ---- values -------------------------------------------------------------------------------

const DEC_DECIMALS = 18;
const E18 = 10n ** 18n;
const NS_PER_S = 1_000_000_000n;

/** Int (and uint64/int64) text: plain decimal digits with an optional minus. */
export function intString(v: bigint): string {
  return v.toString();
}

/** Dec text of a raw value (value x 10^18): always 18 decimals, e.g. `"0.010000000000000000"`. */
export function decString(raw: bigint): string {
  const neg = raw < 0n;
  const abs = neg ? -raw : raw;
  const frac = (abs % E18).toString().padStart(DEC_DECIMALS, "0");
  return `${neg ? "-" : ""}${abs / E18}.${frac}`;
}

/** `{denom, amount}` with the amount as an Int string. */
export function coin(denom: string, amount: bigint): { denom: string; amount: string } {
  return { denom, amount: intString(amount) };
}

/** Floor division and its non-negative remainder (bigint `/` truncates toward zero). */
function floorDivMod(a: bigint, b: bigint): [bigint, bigint] {
  let q = a / b;
  let r = a % b;
  if (r < 0n) {
    q -= 1n;
    r += b;
  }
  return [q, r];
}

/** Fraction digits as protobuf JSON writes them: none, or 3, 6 or 9 digits. */
function nanosFraction(nanos: bigint): string {
  if (nanos === 0n) return "";
  const s = nanos.toString().padStart(9, "0");
  if (s.endsWith("000000")) return `.${s.slice(0, 3)}`;
  if (s.endsWith("000")) return `.${s.slice(0, 6)}`;
  return `.${s}`;
}

/** Seconds since the Unix epoch of 0001-01-01T00:00:00Z and of 10000-01-01T00:00:00Z. */
const MIN_TIMESTAMP_S = -62_135_596_800n;
const MAX_TIMESTAMP_S = 253_402_300_800n;

/**
 * Timestamp text of a time in nanoseconds since the Unix epoch: RFC 3339, UTC, `Z`. Protobuf
 * Timestamps span the years 0001 to 9999; outside them this throws a RangeError.
 */
export function timestampString(ns: bigint): string {
  const [secs, nanos] = floorDivMod(ns, NS_PER_S);
  if (secs < MIN_TIMESTAMP_S || secs >= MAX_TIMESTAMP_S) throw new RangeError(`timestamp out of range: ${ns}ns`);
  const iso = new Date(Number(secs) * 1000).toISOString(); // whole seconds: exact in a double
  return `${iso.slice(0, 19)}${nanosFraction(nanos)}Z`;
}

/** RFC 3339 in whole seconds, as Go's time.RFC3339 formats a time (the fraction dropped): x/staking's events, a tx's timestamp. */
export function timestampSeconds(ns: bigint): string {
  return timestampString(ns - floorDivMod(ns, NS_PER_S)[1]);
}

/** Seconds of 0001-01-01T00:00:00Z, the zero time a Timestamp field holds when unset. */
const ZERO_TIME_S = -62_135_596_800n;

/** A protobuf Timestamp of unix nanoseconds; 0 is the zero time (0001-01-01T00:00:00Z), as Go's time.Time{}. */
export function timestampOf(ns: bigint): { seconds: bigint; nanos: number } {
  if (ns === 0n) return { seconds: ZERO_TIME_S, nanos: 0 };
  const [seconds, nanos] = floorDivMod(ns, NS_PER_S);
  return { seconds, nanos: Number(nanos) };
}

/** Duration text of nanoseconds: `"31557600s"`, `"1.500s"`, `"-0.000000001s"`. */
export function durationString(ns: bigint): string {
  const neg = ns < 0n;
  const abs = neg ? -ns : ns;
  return `${neg ? "-" : ""}${abs / NS_PER_S}${nanosFraction(abs % NS_PER_S)}s`;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/**
 * Nanoseconds since the Unix epoch of an RFC 3339 timestamp (`2026-01-01T00:00:00Z`, up to 9
 * fraction digits, `Z` or a `+hh:mm` offset), years 0001 to 9999. Throws a RangeError saying why.
 */
export function parseTimestamp(text: string): bigint {
  const m = RFC3339.exec(text);
  if (!m) throw new RangeError(`invalid RFC 3339 timestamp ${JSON.stringify(text)} (e.g. "2026-01-01T00:00:00Z")`);
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((s) => Number(s));
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  if (
    year < 1 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw new RangeError(`invalid RFC 3339 timestamp ${JSON.stringify(text)}: no such date or time`);
  }
  let secs = BigInt(date.getTime() / 1000); // whole seconds: exact
  if (m[9] !== undefined) {
    if (Number(m[10]) > 23 || Number(m[11]) > 59) {
      throw new RangeError(`invalid RFC 3339 timestamp ${JSON.stringify(text)}: bad UTC offset`);
    }
    const offset = BigInt(Number(m[10]) * 3600 + Number(m[11]) * 60);
    secs += m[9] === "+" ? -offset : offset;
  }
  if (secs < MIN_TIMESTAMP_S || secs >= MAX_TIMESTAMP_S) {
    throw new RangeError(`timestamp ${JSON.stringify(text)} out of range (years 0001 to 9999)`);
  }
  return secs * NS_PER_S + BigInt((m[7] ?? "").padEnd(9, "0"));
}
