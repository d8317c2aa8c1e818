// The IBC state a lone chain keeps (ibc-go v10 as chain-main 1ac014c6 wires it): the raw key/value
// pairs ibc-go's keepers write in their stores (`ibc`: client states and consensus states with their
// metadata, client creators, connections and a client's connection paths, channel ends and their
// sequence counters, the next client/connection/channel sequences; `icacontroller`: the ports and
// the middleware flags of interchain accounts), under the keys ibc-go uses, so a gas model reads
// and writes the lengths chain-maind's stores meter. Journaled with the tx (a failed tx undoes it),
// committed as module records `ibc/<store>/<key>` (the value's bytes in base64), hashed with the
// state and read back on a restart.

import { UndoJournal, setJournaled } from "../../framework/journal.js";
import type { ModuleRecord } from "../../store/records.js";

const PREFIX = "ibc/";

/** Go's bytes.Compare of two keys (the store's order). */
const order = (a: string, b: string) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

export class IbcStore {
  private readonly kv = new Map<string, Uint8Array>();
  private readonly dirty = new Set<string>();

  constructor(private readonly undo = new UndoJournal()) {}

  /** The query router as ICA host's MsgModuleQuerySafe asks it (gRPC path, request bytes → response bytes), attached by app/queries.ts. */
  queries: ((path: string, data: Uint8Array) => Uint8Array) | undefined;

  useQueries(q: ((path: string, data: Uint8Array) => Uint8Array) | undefined): void {
    this.queries = q;
  }

  query(path: string, data: Uint8Array): Uint8Array {
    if (this.queries === undefined) throw new Error("no query router is attached to this application");
    return this.queries(path, data);
  }

  static owns(key: string): boolean {
    return key.startsWith(PREFIX);
  }

  get(store: string, key: string): Uint8Array | undefined {
    return this.kv.get(`${store}/${key}`);
  }

  set(store: string, key: string, value: Uint8Array | undefined): void {
    const k = `${store}/${key}`;
    setJournaled(this.kv, k, value, this.undo, () => this.dirty.add(k));
  }

  /** A store's pairs under a key prefix, in the store's order. */
  entries(store: string, prefix = ""): [string, Uint8Array][] {
    const head = `${store}/${prefix}`;
    return [...this.kv].filter(([k]) => k.startsWith(head)).map(([k, v]) => [k.slice(store.length + 1), v] as [string, Uint8Array]).sort(([a], [b]) => order(a, b));
  }

  takeDirty(): ModuleRecord[] {
    const out = [...this.dirty].sort(order).map((k) => {
      const v = this.kv.get(k);
      return { key: `${PREFIX}${k}`, value: v === undefined ? null : Buffer.from(v).toString("base64") };
    });
    this.dirty.clear();
    return out;
  }

  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty.add(key.slice(PREFIX.length));
  }

  load(key: string, value: string): void {
    this.kv.set(key.slice(PREFIX.length), new Uint8Array(Buffer.from(value, "base64")));
  }
}
