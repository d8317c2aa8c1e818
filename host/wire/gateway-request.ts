// A query's request from an HTTP GET, as the SDK's gRPC-gateway (grpc-gateway v1) builds it: the
// route's `{field}`s from the path, every other field from the query string by its proto name
// (a message's fields as `field.sub`, a repeated field by repeating the parameter), parsed by
// the field's type with the gateway's error texts (`type mismatch, parameter: limit, error:
// strconv.ParseUint: parsing "x": invalid syntax`, HTTP 400). Parameters the schema does not
// name are ignored, as the gateway ignores them.

import { ScalarType, create, type DescField, type DescMessage, type Message } from "@bufbuild/protobuf";
import { base64, base64urlnopad } from "@scure/base";
import { GatewayError, GrpcCode } from "./gateway-json.js";
import { PageRequestSchema, type PageRequest } from "./gen/cosmos/base/query/v1beta1/pagination_pb.js";

/** A request's parameters: the path's by name, and the query string's values of a name. */
export interface HttpParams {
  path: Record<string, string>;
  query(name: string): string[];
}

const mismatch = (name: string, why: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, `type mismatch, parameter: ${name}, error: ${why}`);

/** The request message of schema `desc` from the parameters; throws a GatewayError (400) for a malformed one. */
export function requestFromHttp<T extends Message>(desc: DescMessage, params: HttpParams): T {
  const msg = create(desc) as unknown as Record<string, unknown>;
  fill(desc, msg, "", params, true);
  return msg as unknown as T;
}

/** `pagination.*` alone, for a route with no request message of ours (the CometBFT service's); undefined if none is given. */
export function pageRequestFromHttp(params: HttpParams): PageRequest | undefined {
  if (!hasAny(PageRequestSchema, "pagination.", params)) return undefined;
  const msg = create(PageRequestSchema) as unknown as Record<string, unknown>;
  fill(PageRequestSchema, msg, "pagination.", params, false);
  return msg as unknown as PageRequest;
}

function fill(desc: DescMessage, msg: Record<string, unknown>, prefix: string, params: HttpParams, top: boolean): void {
  for (const field of desc.fields) {
    const name = `${prefix}${field.name}`;
    if (field.fieldKind === "message") {
      if (!hasAny(field.message, `${name}.`, params)) continue;
      const sub = create(field.message) as unknown as Record<string, unknown>;
      fill(field.message, sub, `${name}.`, params, false);
      msg[field.localName] = sub;
      continue;
    }
    const fromPath = top ? params.path[field.name] : undefined;
    const texts = fromPath !== undefined ? [fromPath] : params.query(name);
    if (texts.length === 0) continue;
    if (field.fieldKind === "list") {
      msg[field.localName] = texts.map((t) => (field.listKind === "enum" ? enumValue(field, name, t) : field.listKind === "scalar" ? scalarValue(field.scalar, name, t) : undefined));
    } else if (field.fieldKind === "scalar") {
      msg[field.localName] = scalarValue(field.scalar, name, texts[texts.length - 1]!);
    } else if (field.fieldKind === "enum") {
      msg[field.localName] = enumValue(field, name, texts[texts.length - 1]!);
    }
  }
}

/** Whether any parameter sets a field of a message under `prefix` (else it stays unset). */
function hasAny(desc: DescMessage, prefix: string, params: HttpParams): boolean {
  return desc.fields.some((f) => (f.fieldKind === "message" ? hasAny(f.message, `${prefix}${f.name}.`, params) : params.query(`${prefix}${f.name}`).length > 0));
}

const UINT64_MAX = (1n << 64n) - 1n;
const INT64_MAX = (1n << 63n) - 1n;

function scalarValue(type: ScalarType, name: string, text: string): unknown {
  switch (type) {
    case ScalarType.STRING:
      return text;
    case ScalarType.BOOL:
      if (text === "true" || text === "1" || text === "t" || text === "T" || text === "TRUE" || text === "True") return true;
      if (text === "false" || text === "0" || text === "f" || text === "F" || text === "FALSE" || text === "False" || text === "") return false;
      throw mismatch(name, `strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax`);
    case ScalarType.UINT64: case ScalarType.FIXED64:
      return unsigned(name, text, UINT64_MAX);
    case ScalarType.UINT32: case ScalarType.FIXED32:
      return Number(unsigned(name, text, 0xffff_ffffn));
    case ScalarType.INT64: case ScalarType.SINT64: case ScalarType.SFIXED64:
      return signed(name, text, INT64_MAX);
    case ScalarType.INT32: case ScalarType.SINT32: case ScalarType.SFIXED32:
      return Number(signed(name, text, 0x7fff_ffffn));
    case ScalarType.BYTES:
      return bytes(name, text);
    default:
      return text;
  }
}

function unsigned(name: string, text: string, max: bigint): bigint {
  if (!/^[0-9]+$/.test(text)) throw mismatch(name, `strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`);
  const v = BigInt(text);
  if (v > max) throw mismatch(name, `strconv.ParseUint: parsing ${JSON.stringify(text)}: value out of range`);
  return v;
}

function signed(name: string, text: string, max: bigint): bigint {
  if (!/^[+-]?[0-9]+$/.test(text)) throw mismatch(name, `strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`);
  const v = BigInt(text);
  if (v > max || v < -max - 1n) throw mismatch(name, `strconv.ParseInt: parsing ${JSON.stringify(text)}: value out of range`);
  return v;
}

/** Standard or URL-safe base64, padded or not; `+` may arrive as a space. */
function bytes(name: string, text: string): Uint8Array {
  const t = text.replace(/ /g, "+");
  try {
    return /[-_]/.test(t) ? base64urlnopad.decode(t.replace(/=+$/, "")) : base64.decode(t.length % 4 === 0 ? t : t + "=".repeat(4 - (t.length % 4)));
  } catch {
    throw mismatch(name, "illegal base64 data");
  }
}

function enumValue(field: DescField, name: string, text: string): number {
  const values = field.enum!.values;
  const byName = values.find((v) => v.name === text);
  if (byName !== undefined) return byName.number;
  if (/^-?[0-9]+$/.test(text)) return Number(text);
  throw mismatch(name, `${JSON.stringify(text)} is not valid`);
}
