// A protobuf tx message's JSON forms made when first read (docs/performance.md, "Ingest and
// CheckTx"): its amino JSON (what SIGN_MODE_LEGACY_AMINO_JSON signs, x/gov stores of a proposal's
// messages) and its gateway JSON (tx queries). A SIGN_MODE_DIRECT CheckTx of a send reads neither.
// Only for a type whose forms cannot fail (`totalJson`): any other is rendered at decode, as a
// form that can refuse the tx (a Dec's text, an Any, a Duration…) must refuse it there.

import { ScalarType, type DescMessage, type Message } from "@bufbuild/protobuf";
import { optionOf } from "./options.js";
import { scalar as cosmosScalar } from "./gen/cosmos_proto/cosmos_pb.js";

type AminoJson = { type: string; value: Record<string, unknown> };

/** How a type's two forms are made from a decoded message (wire/messages.ts, one per type). */
export interface JsonForms {
  amino(m: Message): AminoJson;
  json(m: Message): Record<string, unknown>;
}

/**
 * A static reader of messages (wire/fast-tx.ts installs protobuf-ts's when the tx decoder loads):
 * a type's message as protobuf-es's fromBinary gives it, or undefined where protobuf-es must
 * decode. Installed rather than imported, so that what imports wire/messages.ts without decoding
 * txs (the client package, host/client/) does not bundle the generated readers.
 */
let staticReader: (typeName: string, bytes: Uint8Array) => Message | undefined = () => undefined;
export const useStaticReader = (read: typeof staticReader): void => void (staticReader = read);
export const staticMessage = (typeName: string, bytes: Uint8Array): Message | undefined => staticReader(typeName, bytes);

/** Lazy forms made since the process started (tests: a SIGN_MODE_DIRECT CheckTx makes none). */
export const lazyFormsMade = { amino: 0, json: 0 };

/** A decoded message (wire/messages.ts DecodedAny) whose forms are made when first read, each once. */
export class LazyDecodedAny {
  #amino: AminoJson | undefined;
  #json: Record<string, unknown> | undefined;
  readonly #forms: JsonForms;
  constructor(readonly message: Message, forms: JsonForms) {
    this.#forms = forms;
  }
  get amino(): AminoJson {
    if (this.#amino === undefined) {
      lazyFormsMade.amino++;
      this.#amino = this.#forms.amino(this.message);
    }
    return this.#amino;
  }
  get json(): Record<string, unknown> {
    if (this.#json === undefined) {
      lazyFormsMade.json++;
      this.#json = this.#forms.json(this.message);
    }
    return this.#json;
  }
}

/**
 * Whether a message type's amino JSON (amino/amino-json.ts toAminoJson) and gateway JSON
 * (protobuf-es toJson, messages.ts decimalsInJson) are total over every message fromBinary gives:
 * made of strings, bools, integers, bytes and cosmos.Int text, at any depth — never a Dec (its text
 * is checked), a float, an enum, a map, a oneof, an Any, a Duration, a Timestamp or another
 * well-known type, whose JSON can be refused. A recursive type is not claimed.
 */
export function totalJson(desc: DescMessage): boolean {
  const known = TOTAL_JSON.get(desc);
  if (known !== undefined) return known;
  TOTAL_JSON.set(desc, false); // while looking: a cycle back here is not total
  let total = !desc.typeName.startsWith("google.protobuf.") && desc.oneofs.length === 0;
  for (const f of desc.fields) {
    if (!total) break;
    if (f.fieldKind === "scalar" || (f.fieldKind === "list" && f.listKind === "scalar")) {
      total = f.scalar !== ScalarType.FLOAT && f.scalar !== ScalarType.DOUBLE && optionOf(f, cosmosScalar) !== "cosmos.Dec";
    } else if (f.fieldKind === "message" || (f.fieldKind === "list" && f.listKind === "message")) {
      total = totalJson(f.message!);
    } else total = false; // enum, map
  }
  TOTAL_JSON.set(desc, total);
  return total;
}

const TOTAL_JSON = new Map<DescMessage, boolean>();
