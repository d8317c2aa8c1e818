// Which messages a transaction may carry: the modules' message definitions (host/framework/module.ts),
// by type URL. A type no module registers is refused at CheckTx (sdk 6 when the schema decodes
// it, sdk 2 when it does not). The legacy amino StdTx and a stored proposal's messages name a
// message by its amino name: the registry maps that name to the same definition, and the
// message's amino JSON is read into its protobuf type at that edge (wire/messages.ts protoOfAmino).

import { aminoTypeName } from "../wire/amino/amino-json.js";
import type { JsonObject } from "../wire/amino/fields.js";
import { protoOfAmino } from "../wire/messages.js";
import { TxError, decodeError } from "../wire/errors.js";
import type { AppModule, MessageDef, RegistryEntry, ValidateContext } from "../framework/module.js";

export type { RegistryEntry, ValidateContext } from "../framework/module.js";

export class MessageRegistry {
  private readonly byUrl = new Map<string, RegistryEntry>();
  private readonly byAmino = new Map<string, RegistryEntry>();

  /** Every message of `modules`, in their order. */
  constructor(modules: readonly AppModule<any>[] = []) {
    for (const m of modules) for (const def of m.messages ?? []) this.add(def);
  }

  /** Registers a message definition. Registering a type twice is a bug. */
  add(def: MessageDef<any, any>): this {
    const e: RegistryEntry = { typeUrl: `/${def.schema.typeName}`, aminoType: aminoTypeName(def.schema), def };
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
export function messageOfAmino(type: string, value: JsonObject) {
  try {
    return protoOfAmino(type, value).message;
  } catch (e) {
    if (e instanceof TxError) throw e; // already the decoder's (sdk 2 `<type>: <cause>`, or the reference's own)
    throw decodeError(`${type}: ${(e as Error).message}`);
  }
}

/** The stateless checks of a message given as amino JSON (a stored proposal's), on its protobuf form. */
export function validateAmino(entry: RegistryEntry, value: JsonObject, ctx: ValidateContext): unknown {
  return entry.def.validate(messageOfAmino(entry.aminoType, value), ctx);
}

/** GetSigners of a message given as amino JSON, on its protobuf form. */
export function signerOfAmino(entry: RegistryEntry, value: JsonObject, ctx: ValidateContext): string {
  return entry.def.signer(messageOfAmino(entry.aminoType, value), ctx);
}
