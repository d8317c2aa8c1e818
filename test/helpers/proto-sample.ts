// A message of the schema with every field set (non-default values, nested messages filled in
// turn), and its bytes compared with cosmjs-types' encoding of the same content: a field number,
// type or name that differs shows as different bytes.

import { create, getOption, hasOption, toBinary, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { scalar as cosmosScalar } from "../../host/wire/gen/cosmos_proto/cosmos_pb.js";

/** A cosmjs-types message codec. */
export interface CosmjsType {
  fromPartial(o: unknown): unknown;
  encode(m: unknown): { finish(): Uint8Array };
}

/** A deterministic non-default value for every field, nested messages filled in turn (to depth 3). */
export function sample(desc: DescMessage, seed: number, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const seenOneofs = new Set<string>();
  for (const field of desc.fields) {
    if (field.oneof !== undefined) {
      if (seenOneofs.has(field.oneof.name)) continue; // one member of a oneof
      seenOneofs.add(field.oneof.name);
      out[field.oneof.localName] = { case: field.localName, value: valueOf(field, seed + field.number, depth) };
      continue;
    }
    const v = field.fieldKind === "list"
      ? [valueOf(field, seed + field.number, depth), valueOf(field, seed + field.number + 100, depth)]
      : valueOf(field, seed + field.number, depth);
    if (v !== undefined) out[field.localName] = v;
  }
  return out;
}

function valueOf(field: DescField, n: number, depth: number): unknown {
  const message = field.fieldKind === "message" || (field.fieldKind === "list" && field.listKind === "message") ? field.message : undefined;
  if (message !== undefined) {
    switch (message.typeName) {
      case "google.protobuf.Any": return { typeUrl: `/x.y.Z${n}`, value: new Uint8Array([8, n % 128]) };
      case "google.protobuf.Timestamp": return { seconds: BigInt(1_700_000_000 + n), nanos: n };
      case "google.protobuf.Duration": return { seconds: BigInt(60 + n), nanos: n };
      default: return depth >= 3 ? {} : sample(message, n * 7, depth + 1);
    }
  }
  const enumDesc = field.fieldKind === "enum" || (field.fieldKind === "list" && field.listKind === "enum") ? field.enum : undefined;
  if (enumDesc !== undefined) return enumDesc.values[enumDesc.values.length - 1].number;
  const scalar = field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar") ? field.scalar : undefined;
  // An Int or a Dec (its raw 18-decimal integer): digits, as text or as bytes.
  const custom = hasOption(field, cosmosScalar) ? getOption(field, cosmosScalar) : "";
  if (custom === "cosmos.Int" || custom === "cosmos.Dec") return scalar === 12 ? new TextEncoder().encode(`${1000 + n}`) : `${1000 + n}`;
  // gov's vote weights and thresholds: decimal text.
  if (scalar === 9 && /weight|threshold|percentage|quorum|ratio/.test(field.name)) return `0.${n % 10}`;
  switch (scalar) {
    case 9: return `${field.name}-${n}`; // string
    case 12: return new Uint8Array([n % 256, 1, 2]); // bytes
    case 8: return true; // bool
    case 3: case 4: case 6: case 16: case 18: return BigInt(1000 + n); // 64-bit
    default: return 10 + n; // 32-bit integers
  }
}

/** The same content as cosmjs-types takes it: a oneof's member as its own field. */
export function toCosmjs(desc: DescMessage, v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const oneof = desc.oneofs.find((o) => o.localName === k);
    if (oneof !== undefined) {
      const { case: c, value } = x as { case: string; value: unknown };
      const f = oneof.fields.find((g) => g.localName === c)!;
      out[c] = f.message ? toCosmjs(f.message, value as Record<string, unknown>) : value;
      continue;
    }
    const field = desc.fields.find((f) => f.localName === k)!;
    const nested = field.message !== undefined && !field.message.typeName.startsWith("google.protobuf.") ? field.message : undefined;
    if (nested === undefined) out[k] = x;
    else out[k] = Array.isArray(x) ? x.map((y) => toCosmjs(nested, y as Record<string, unknown>)) : toCosmjs(nested, x as Record<string, unknown>);
  }
  return out;
}

/** undefined when our encoding of a sample equals cosmjs-types'; else the two in hex. */
export function compareWithCosmjs(desc: DescMessage, theirs: CosmjsType): string | undefined {
  const content = sample(desc, desc.fields.length);
  const ours = toBinary(desc, create(desc, content as never));
  const cosmjs = theirs.encode(theirs.fromPartial(toCosmjs(desc, content))).finish();
  if (Buffer.compare(Buffer.from(ours), Buffer.from(cosmjs)) === 0) return undefined;
  return `${desc.typeName}: ours ${Buffer.from(ours).toString("hex")} cosmjs ${Buffer.from(cosmjs).toString("hex")}`;
}
