// A message as Go's `%v` prints a gogoproto message (proto.CompactTextString): each set field in
// field order as `name:value ` (repeated fields once per item), strings quoted with the bytes
// outside printable ASCII as octal escapes, messages as `name:<... > `, enums by name. x/authz's
// DispatchActions puts it in the error of a message that fails inside MsgExec.

import { ScalarType, isFieldSet, type DescField, type DescMessage, type Message } from "@bufbuild/protobuf";
import { utf8ToBytes } from "@noble/hashes/utils.js";

function quoted(bytes: Uint8Array): string {
  let out = '"';
  for (const c of bytes) {
    if (c === 0x0a) out += "\\n";
    else if (c === 0x0d) out += "\\r";
    else if (c === 0x09) out += "\\t";
    else if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += "\\\\";
    else if (c >= 0x20 && c < 0x7f) out += String.fromCharCode(c);
    else out += `\\${c.toString(8).padStart(3, "0")}`;
  }
  return `${out}"`;
}

function scalar(f: DescField, v: unknown): string {
  const t = f.fieldKind === "scalar" || (f.fieldKind === "list" && f.listKind === "scalar") ? f.scalar : undefined;
  if (t === ScalarType.STRING) return quoted(utf8ToBytes(v as string));
  if (t === ScalarType.BYTES) return quoted(v as Uint8Array);
  return String(v);
}

function value(f: DescField, v: unknown): string {
  const desc = f.fieldKind === "message" || (f.fieldKind === "list" && f.listKind === "message") ? f.message : undefined;
  if (desc !== undefined) return `<${compactText(desc, v as Message)}>`;
  const en = f.fieldKind === "enum" || (f.fieldKind === "list" && f.listKind === "enum") ? f.enum : undefined;
  if (en !== undefined) return en.values.find((x) => x.number === v)?.name ?? String(v);
  return scalar(f, v);
}

/** proto.CompactTextString of a message (with its trailing space). */
export function compactText(desc: DescMessage, msg: Message): string {
  const fields = msg as unknown as Record<string, unknown>;
  let out = "";
  for (const f of [...desc.fields].sort((a, b) => a.number - b.number)) {
    if (f.oneof !== undefined) {
      const o = fields[f.oneof.localName] as { case?: string; value?: unknown };
      if (o.case === f.localName) out += `${f.name}:${value(f, o.value)} `;
      continue;
    }
    if (f.fieldKind === "list") {
      for (const item of fields[f.localName] as unknown[]) out += `${f.name}:${value(f, item)} `;
      continue;
    }
    if (f.fieldKind === "map" || !isFieldSet(msg, f)) continue;
    out += `${f.name}:${value(f, fields[f.localName])} `;
  }
  return out;
}
