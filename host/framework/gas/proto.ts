// Byte lengths of protobuf encodings as gogoproto writes the SDK's records: the gas of a store
// access depends only on how many bytes its key and value have, so sizes are computed, not bytes.

/** UTF-8 bytes of a string (what TextEncoder would write; lone surrogates become U+FFFD, 3 bytes). */
export function bytesOf(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // a pair: 4 bytes for its 2 code units
      i++;
    } else n += 2;
  }
  return n;
}

/** 2^7, 2^14, ... 2^63: a varint of a value below the k-th takes k + 1 bytes. */
const VARINT_LIMITS = Array.from({ length: 9 }, (_, k) => 1n << BigInt(7 * (k + 1)));

/** Bytes of a varint; negative int64 values take 10. */
export function varintLen(n: bigint | number): number {
  if (typeof n === "number" && Number.isSafeInteger(n) && n >= 0) {
    let len = 1;
    for (let v = n; v >= 0x80; v = Math.floor(v / 0x80)) len++;
    return len;
  }
  const v = BigInt(n);
  if (v < 0n) return 10;
  for (let k = 0; k < VARINT_LIMITS.length; k++) if (v < VARINT_LIMITS[k]!) return k + 1;
  return 10;
}

const tagLen = (field: number): number => varintLen(field << 3);

/** A length-delimited field holding `len` bytes (a string, bytes or an embedded message). */
export const lenField = (field: number, len: number): number => tagLen(field) + varintLen(len) + len;

/** A proto3 string (omitted when empty). */
export function str(field: number, s: string | undefined): number {
  if (!s) return 0;
  return lenField(field, bytesOf(s));
}

/** A gogoproto customtype Int/Dec (math.Int, LegacyDec) or an always-written string: never omitted. */
export const text = (field: number, s: string): number => lenField(field, bytesOf(s));

/** A varint field (uint64, int64, uint32, enum, bool): omitted when zero. */
export function uint(field: number, n: bigint | number | boolean): number {
  const v = typeof n === "boolean" ? (n ? 1n : 0n) : BigInt(n);
  return v === 0n ? 0 : tagLen(field) + varintLen(v);
}

/** A non-nullable embedded message: always written, even empty. */
export const msg = (field: number, inner: number): number => lenField(field, inner);

/** google.protobuf.Any{type_url, value}. */
export const any = (typeUrl: string, inner: number): number => str(1, typeUrl) + (inner > 0 ? lenField(2, inner) : 0);

/** Timestamp{seconds, nanos} of unix nanoseconds (a non-nullable stdtime: always written). */
export function timestamp(field: number, ns: bigint): number {
  let seconds = ns / 1_000_000_000n;
  let nanos = ns % 1_000_000_000n;
  if (nanos < 0n) {
    seconds -= 1n;
    nanos += 1_000_000_000n;
  }
  return msg(field, uint(1, seconds) + uint(2, nanos));
}

/** Go's zero time.Time (0001-01-01T00:00:00Z): "not set" in the SDK's and chain-main's records. */
export const ZERO_TIME_NS = -62_135_596_800n * 1_000_000_000n;

/** Duration{seconds, nanos}. */
export const duration = (field: number, seconds: bigint): number => msg(field, uint(1, seconds));

/** Decimal text of an Int, or of a LegacyDec's raw value (value x 10^18, no point): as gogo stores them. */
export const decimal = (n: bigint): string => n.toString();

/** DecCoins (or Coins) of one denom: absent when the amount is zero (they keep no zero coins). */
export function coins(field: number, denom: string, amount: bigint): number {
  return amount === 0n ? 0 : msg(field, str(1, denom) + text(2, decimal(amount)));
}
