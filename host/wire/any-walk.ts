// Walking a decoded message's Anys (host/wire/messages.ts): every Any set in it, at any depth, and
// whether a message type can hold one at all (a MsgSend's cannot: its decoding skips the walk).

import type { DescMessage, Message } from "@bufbuild/protobuf";

export const ANY = "google.protobuf.Any";

/** Calls `visit` on every Any set in `msg` (a message of `desc`), depth first, in field order. */
export function eachAny(desc: DescMessage, msg: Message, path: string, visit: (a: { typeUrl: string; value: Uint8Array }, path: string) => void): void {
  const fields = msg as unknown as Record<string, unknown>;
  for (const f of desc.fields) {
    if (f.fieldKind !== "message" && !(f.fieldKind === "list" && f.listKind === "message")) continue;
    if (!mayHoldAny(f.message!)) continue; // no Any below it (a Coin list): nothing to visit
    const one = (v: unknown, at: string) => {
      if (v === undefined) return;
      if (f.message!.typeName === ANY) visit(v as { typeUrl: string; value: Uint8Array }, at);
      else eachAny(f.message!, v as Message, at, visit);
    };
    const v = fields[f.localName];
    if (f.fieldKind === "list") (v as unknown[]).forEach((item, i) => one(item, `${f.name}[${i}]`));
    else one(v, f.name);
  }
}

/**
 * Whether a message of `desc` can hold an Any at any depth (is one, or has a message field, single
 * or repeated, that may): a MsgSend's (a Coin list) cannot, so its decoding skips the walk. Known
 * by descriptor; a type met again while its fields are being looked at (a recursive type) counts
 * as one that may.
 */
export function mayHoldAny(desc: DescMessage): boolean {
  const known = MAY_HOLD_ANY.get(desc);
  if (known !== undefined) return known;
  if (desc.typeName === ANY) return true;
  MAY_HOLD_ANY.set(desc, true); // while looking: a cycle back here may
  let may = false;
  for (const f of desc.fields) {
    if ((f.fieldKind === "message" || (f.fieldKind === "list" && f.listKind === "message")) && mayHoldAny(f.message!)) {
      may = true;
      break;
    }
  }
  MAY_HOLD_ANY.set(desc, may);
  return may;
}

const MAY_HOLD_ANY = new Map<DescMessage, boolean>();
