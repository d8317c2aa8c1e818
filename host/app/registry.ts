// Which messages a transaction may carry: the modules' message definitions (host/app/module.ts),
// by type URL. A type not registered cannot be decoded and rejects the whole tx (sdk 2). The
// legacy amino StdTx and a stored proposal's messages name a message by its amino name: the
// registry maps that name to the same definition.
//
// Modules not yet carried to protobuf messages register an amino rule (`LegacyMessageSpec`): the
// message's amino JSON `value` checked by the rule, its handler keyed the same way. Each module
// moves to `MessageDef` on its own; nothing outside host/app reads which kind an entry is.

import { aminoTypeName } from "../wire/amino/amino-json.js";
import type { JsonObject } from "../wire/amino/fields.js";
import { protoOfAmino, schemaOfAmino } from "../wire/messages.js";
import { SdkErrors, TxError, decodeError } from "../wire/errors.js";
import { canonicalAddress } from "../wire/address.js";
import type { AppModule, LegacyHandler, MessageDef, MessageSpec, Registrar, RegistryEntry, ValidateContext } from "./module.js";

export type { MessageSpec, RegistryEntry, ValidateContext } from "./module.js";

export class MessageRegistry implements Registrar {
  private readonly byUrl = new Map<string, RegistryEntry>();
  private readonly byAmino = new Map<string, RegistryEntry>();

  /** Every message of `modules`, in their order. */
  constructor(modules: readonly AppModule[] = []) {
    for (const m of modules) {
      for (const def of m.messages ?? []) this.add(def);
      m.legacyMessages?.(this);
    }
  }

  /** Registers a protobuf message definition. Registering a type twice is a bug. */
  add(def: MessageDef<any, any>): this {
    const typeUrl = `/${def.schema.typeName}`;
    return this.put({ kind: "proto", typeUrl, aminoType: aminoTypeName(def.schema), def });
  }

  /** Registers a legacy amino rule under its amino name (its type URL from the schema). */
  register<T>(aminoType: string, spec: MessageSpec<T>): this {
    if (aminoType.length === 0) throw new Error("message type must not be empty");
    if (spec.signerField.length === 0) throw new Error(`message type ${aminoType}: signerField must not be empty`);
    const schema = schemaOfAmino(aminoType);
    return this.put({ kind: "amino", typeUrl: schema ? `/${schema.typeName}` : aminoType, aminoType, spec: spec as MessageSpec });
  }

  /** The legacy handler of an amino-registered type. */
  handle(aminoType: string, handler: LegacyHandler): this {
    const e = this.byAmino.get(aminoType);
    if (e === undefined || e.kind !== "amino") throw new Error(`handler for ${aminoType}: no amino rule registered`);
    if (e.handler !== undefined) throw new Error(`handler for ${aminoType} already registered`);
    this.byAmino.set(aminoType, { ...e, handler });
    this.byUrl.set(e.typeUrl, this.byAmino.get(aminoType)!);
    return this;
  }

  private put(e: RegistryEntry): this {
    if (this.byUrl.has(e.typeUrl) || this.byAmino.has(e.aminoType)) throw new Error(`message type ${e.typeUrl} is already registered`);
    this.byUrl.set(e.typeUrl, e);
    this.byAmino.set(e.aminoType, e);
    return this;
  }

  /** The entry of a type URL (`/cosmos.bank.v1beta1.MsgSend`). */
  entry(typeUrl: string): RegistryEntry | undefined {
    return this.byUrl.get(typeUrl);
  }

  /** The entry of an amino name (`cosmos-sdk/MsgSend`): the legacy StdTx's and stored proposals' messages. */
  entryOfAmino(aminoType: string): RegistryEntry | undefined {
    return this.byAmino.get(aminoType);
  }

  has(typeUrl: string): boolean {
    return this.byUrl.has(typeUrl);
  }

  /** Registered type URLs, in registration order. */
  typeUrls(): string[] {
    return [...this.byUrl.keys()];
  }
}

/** The protobuf form of a message given as amino JSON: what the schema cannot read is sdk 2 (as at a legacy StdTx's arrival). */
function messageOfAmino(type: string, value: JsonObject) {
  try {
    return protoOfAmino(type, value).message;
  } catch (e) {
    if (e instanceof TxError) throw e; // already the decoder's (sdk 2 `<type>: <cause>`, or the reference's own)
    throw decodeError(`${type}: ${(e as Error).message}`);
  }
}

/** The stateless checks of a message given as amino JSON (a stored proposal's): the rule, or the definition on its protobuf form. */
export function validateAmino(entry: RegistryEntry, value: JsonObject, ctx: ValidateContext): unknown {
  if (entry.kind === "amino") return entry.spec.validate(value, ctx);
  return entry.def.validate(messageOfAmino(entry.aminoType, value), ctx);
}

/** GetSigners of a message given as amino JSON: the rule's signer field, or the definition's on its protobuf form. */
export function signerOfAmino(entry: RegistryEntry, value: JsonObject, ctx: ValidateContext): string {
  if (entry.kind === "proto") return entry.def.signer(messageOfAmino(entry.aminoType, value), ctx);
  const spec = entry.spec;
  if (spec.signerOf) return spec.signerOf(value, ctx);
  const text = value[spec.signerField] ?? "";
  try {
    if (typeof text !== "string") throw new Error(`expected a bech32 string, got ${JSON.stringify(text)}`);
    return canonicalAddress(text, ctx.prefix);
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `invalid signer address: ${(e as Error).message}`);
  }
}
