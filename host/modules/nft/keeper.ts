// chain-main's x/nft state (chain-main 1ac014c6 x/nft/keeper): denoms by id (and their names, each
// taken once), tokens by denom and id with their owner, and each denom's supply (the count of its
// tokens, as the chain's collection counter keeps it). Journaled like x/authz's grants (a failed tx
// undoes its changes), committed as module records (`nft/d/<denom id>`, `nft/t/<denom id>/<token
// id>`, the token's record naming its denom) hashed with the state and read back on a restart; the name index, the owners' index and the
// supplies are derived from them. Orders are the chain's store orders (its keys' bytes).

import { UndoJournal } from "../../framework/journal.js";
import type { ModuleRecord } from "../../store/records.js";

export interface Denom {
  readonly id: string;
  readonly name: string;
  readonly schema: string;
  readonly creator: string;
  readonly uri: string;
}

export interface BaseNft {
  readonly id: string;
  readonly name: string;
  readonly uri: string;
  readonly data: string;
  readonly owner: string;
}

const DENOM = "nft/d/";
const TOKEN = "nft/t/";

const enc = new TextEncoder();
/** Go's bytes.Compare of the UTF-8 texts (the store's key order). */
export function byteOrder(a: string, b: string): number {
  if (/^[\x00-\x7f]*$/.test(a) && /^[\x00-\x7f]*$/.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(enc.encode(a), enc.encode(b));
}

const tokenKey = (denomId: string, tokenId: string) => `${denomId}/${tokenId}`;

export class Nft {
  private readonly denoms = new Map<string, Denom>();
  private readonly names = new Map<string, string>();
  private readonly tokens = new Map<string, Map<string, BaseNft>>();
  /** Changed record keys, each with its denom and token ids (a token's; a denom's has none). */
  private readonly dirty = new Map<string, readonly [string, string] | undefined>();

  constructor(private readonly undo = new UndoJournal()) {}

  /** Whether a module record key is x/nft's. */
  static owns(key: string): boolean {
    return key.startsWith("nft/");
  }

  denom(id: string): Denom | undefined {
    return this.denoms.get(id);
  }

  /** The denom id a name is taken by. */
  denomIdOfName(name: string): string | undefined {
    return this.names.get(name);
  }

  /** Every denom, in the store's order (by id). */
  allDenoms(): Denom[] {
    return [...this.denoms.values()].sort((a, b) => byteOrder(a.id, b.id));
  }

  nft(denomId: string, tokenId: string): BaseNft | undefined {
    return this.tokens.get(denomId)?.get(tokenId);
  }

  /** A denom's tokens in the store's order (by token id). */
  nfts(denomId: string): BaseNft[] {
    return [...(this.tokens.get(denomId)?.values() ?? [])].sort((a, b) => byteOrder(a.id, b.id));
  }

  /** GetTotalSupply: the denom's token count. */
  supply(denomId: string): bigint {
    return BigInt(this.tokens.get(denomId)?.size ?? 0);
  }

  /** An owner's tokens as the owner index orders them (`<denom id>/<token id>`), of one denom or all. */
  owned(owner: string, denomId = ""): { denomId: string; tokenId: string }[] {
    const out: { denomId: string; tokenId: string; key: string }[] = [];
    for (const [d, m] of this.tokens) {
      if (denomId !== "" && d !== denomId) continue;
      for (const t of m.values()) if (t.owner === owner) out.push({ denomId: d, tokenId: t.id, key: tokenKey(d, t.id) });
    }
    return out.sort((a, b) => byteOrder(a.key, b.key)).map(({ denomId: d, tokenId }) => ({ denomId: d, tokenId }));
  }

  /** SetDenom (the caller checked the id and the name are free). */
  setDenom(d: Denom): void {
    this.putDenom(d.id, d);
    this.undo.push(() => this.putDenom(d.id, undefined));
  }

  /** setNFT (with its owner index and the supply): a token set, or `undefined` to delete it. */
  setNft(denomId: string, tokenId: string, t: BaseNft | undefined): void {
    const old = this.nft(denomId, tokenId);
    this.putNft(denomId, tokenId, t);
    this.undo.push(() => this.putNft(denomId, tokenId, old));
  }

  private putDenom(id: string, d: Denom | undefined): void {
    const old = this.denoms.get(id);
    if (old !== undefined) this.names.delete(old.name);
    if (d === undefined) this.denoms.delete(id);
    else {
      this.denoms.set(id, d);
      this.names.set(d.name, id);
    }
    this.dirty.set(DENOM + id, undefined);
  }

  private putNft(denomId: string, tokenId: string, t: BaseNft | undefined): void {
    let m = this.tokens.get(denomId);
    if (t === undefined) {
      m?.delete(tokenId);
      if (m?.size === 0) this.tokens.delete(denomId);
    } else {
      if (m === undefined) this.tokens.set(denomId, (m = new Map()));
      m.set(tokenId, t);
    }
    this.dirty.set(TOKEN + tokenKey(denomId, tokenId), [denomId, tokenId]);
  }

  takeDirty(): ModuleRecord[] {
    const out: ModuleRecord[] = [];
    for (const [k, ids] of [...this.dirty].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (ids === undefined) {
        const d = this.denoms.get(k.slice(DENOM.length));
        out.push({ key: k, value: d === undefined ? null : JSON.stringify(d) });
      } else {
        const t = this.nft(ids[0], ids[1]);
        out.push({ key: k, value: t === undefined ? null : JSON.stringify({ denom_id: ids[0], ...t }) });
      }
    }
    this.dirty.clear();
    return out;
  }

  /** An exported record into a new chain (written with its first block). */
  importRecord(key: string, value: string): void {
    this.load(key, value);
    const o = JSON.parse(value) as Record<string, string>;
    this.dirty.set(key, key.startsWith(TOKEN) ? [o.denom_id!, o.id!] : undefined);
  }

  /** A stored record back (on start). */
  load(key: string, value: string): void {
    const o = JSON.parse(value) as Record<string, string>;
    if (key.startsWith(DENOM)) {
      const d: Denom = { id: o.id!, name: o.name!, schema: o.schema!, creator: o.creator!, uri: o.uri! };
      this.denoms.set(d.id, d);
      this.names.set(d.name, d.id);
    } else if (key.startsWith(TOKEN)) {
      const denomId = o.denom_id!;
      const t: BaseNft = { id: o.id!, name: o.name!, uri: o.uri!, data: o.data!, owner: o.owner! };
      let m = this.tokens.get(denomId);
      if (m === undefined) this.tokens.set(denomId, (m = new Map()));
      m.set(t.id, t);
    }
  }
}
