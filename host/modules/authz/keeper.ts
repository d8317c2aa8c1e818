// x/authz's state (SDK v0.53 x/authz/keeper): grants by (granter, grantee, msg type URL) and the
// grant queue (the msg type URLs of a granter's grants to a grantee expiring at one time), kept in
// the SDK's key order. Journaled like x/gov's records (a failed tx undoes its changes), committed
// as module records (`authz/g/<key hex>`, `authz/q/<key hex>`) hashed with the state, read back on
// a restart. BeginBlock removes the grants whose expiration is before the block's time.

import { base64 } from "@scure/base";
import { UndoJournal, setJournaled } from "../../framework/journal.js";
import type { ModuleRecord } from "../../store/records.js";
import type { AnyBytes } from "./authorizations.js";
import { addressBytes, grantKey, hex, queueKey } from "./keys.js";

export interface Grant {
  readonly granter: string;
  readonly grantee: string;
  readonly msgTypeUrl: string;
  readonly authorization: AnyBytes;
  /** Unix ns; absent: the grant never expires. */
  readonly expirationNs?: bigint;
}

interface QueueItem {
  readonly expirationNs: bigint;
  readonly granter: string;
  readonly grantee: string;
  readonly urls: readonly string[];
}

const GRANT = "authz/g/";
const QUEUE = "authz/q/";

export class Authz {
  private readonly grants = new Map<string, Grant>();
  private readonly queue = new Map<string, QueueItem>();
  private readonly dirty = new Set<string>();
  /** The queue's earliest expiration (undefined: an empty queue), null until computed again after a change. */
  private earliest: bigint | undefined | null = null;

  constructor(private readonly prefix: string, private readonly undo = new UndoJournal()) {}

  /** Whether a module record key is x/authz's. */
  static owns(key: string): boolean {
    return key.startsWith("authz/");
  }

  /** The grant's store key (hex) and its bytes. */
  keyOf(granter: string, grantee: string, msgTypeUrl: string): Uint8Array {
    return grantKey(addressBytes(granter, this.prefix), addressBytes(grantee, this.prefix), msgTypeUrl);
  }

  queueKeyOf(expirationNs: bigint, granter: string, grantee: string): Uint8Array {
    return queueKey(expirationNs, addressBytes(granter, this.prefix), addressBytes(grantee, this.prefix));
  }

  get(granter: string, grantee: string, msgTypeUrl: string): Grant | undefined {
    return this.grants.get(hex(this.keyOf(granter, grantee, msgTypeUrl)));
  }

  /** The queue item of an expiration, granter and grantee (msg type URLs in the stored order). */
  queueItem(expirationNs: bigint, granter: string, grantee: string): readonly string[] | undefined {
    return this.queue.get(hex(this.queueKeyOf(expirationNs, granter, grantee)))?.urls;
  }

  /** Every grant in the store's order, with its key (hex of the bytes after the 0x01 prefix). */
  all(): { key: string; grant: Grant }[] {
    return [...this.grants].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, grant]) => ({ key: key.slice(2), grant }));
  }

  get size(): number {
    return this.grants.size;
  }

  private setGrant(key: string, g: Grant | undefined): void {
    setJournaled(this.grants, key, g, this.undo, () => this.dirty.add(GRANT + key));
  }

  private setQueue(key: string, q: QueueItem | undefined): void {
    setJournaled(this.queue, key, q, this.undo, () => {
      this.earliest = null;
      this.dirty.add(QUEUE + key);
    });
  }

  /** SaveGrant: the grant (replacing one of the same type), moved in the queue if its expiration changed. */
  save(g: Grant): void {
    const key = hex(this.keyOf(g.granter, g.grantee, g.msgTypeUrl));
    const oldExp = this.grants.get(key)?.expirationNs;
    if (oldExp !== undefined && oldExp !== g.expirationNs) this.removeFromQueue(g, oldExp);
    if (g.expirationNs !== undefined && oldExp !== g.expirationNs) {
      const qk = hex(this.queueKeyOf(g.expirationNs, g.granter, g.grantee));
      const item = this.queue.get(qk);
      this.setQueue(qk, { expirationNs: g.expirationNs, granter: g.granter, grantee: g.grantee, urls: [...(item?.urls ?? []), g.msgTypeUrl] });
    }
    this.setGrant(key, g);
  }

  /** update: the grant's authorization replaced (the same key, the same expiration). */
  update(g: Grant, authorization: AnyBytes): void {
    this.setGrant(hex(this.keyOf(g.granter, g.grantee, g.msgTypeUrl)), { ...g, authorization });
  }

  /** DeleteGrant (the caller checked it exists): out of the queue, then out of the store. */
  delete(g: Grant): void {
    if (g.expirationNs !== undefined) this.removeFromQueue(g, g.expirationNs);
    this.setGrant(hex(this.keyOf(g.granter, g.grantee, g.msgTypeUrl)), undefined);
  }

  /** removeFromGrantQueue: the URL swapped with the last and dropped (the item is kept, even empty). */
  private removeFromQueue(g: Grant, expirationNs: bigint): void {
    const qk = hex(this.queueKeyOf(expirationNs, g.granter, g.grantee));
    const item = this.queue.get(qk);
    if (item === undefined) return;
    const urls = [...item.urls];
    const at = urls.indexOf(g.msgTypeUrl);
    if (at < 0) return;
    urls[at] = urls[urls.length - 1]!;
    urls.pop();
    this.setQueue(qk, { ...item, urls });
  }

  /** DequeueAndDeleteExpiredGrants: every queue item expiring before `timeNs`, and its grants. */
  pruneExpired(timeNs: bigint): void {
    const first = this.nextExpiration();
    if (first === undefined || first >= timeNs) return; // most blocks: nothing expires
    for (const [qk, item] of [...this.queue]) {
      if (item.expirationNs >= timeNs) continue;
      this.setQueue(qk, undefined);
      for (const url of item.urls) {
        const key = hex(this.keyOf(item.granter, item.grantee, url));
        if (this.grants.has(key)) this.setGrant(key, undefined);
      }
    }
  }

  /** The earliest expiration in the queue (BeginBlock has nothing to do before it). */
  nextExpiration(): bigint | undefined {
    if (this.earliest !== null) return this.earliest;
    let min: bigint | undefined;
    for (const q of this.queue.values()) if (min === undefined || q.expirationNs < min) min = q.expirationNs;
    return (this.earliest = min);
  }

  takeDirty(): ModuleRecord[] {
    const out: ModuleRecord[] = [];
    for (const k of [...this.dirty].sort()) {
      if (k.startsWith(GRANT)) {
        const g = this.grants.get(k.slice(GRANT.length));
        out.push({ key: k, value: g === undefined ? null : grantText(g) });
      } else {
        const q = this.queue.get(k.slice(QUEUE.length));
        out.push({ key: k, value: q === undefined ? null : JSON.stringify({ expiration: `${q.expirationNs}`, granter: q.granter, grantee: q.grantee, urls: q.urls }) });
      }
    }
    this.dirty.clear();
    return out;
  }

  /** An exported record into a new chain (written with its first block). */
  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty.add(key);
  }

  /** A stored record back (on start). */
  load(key: string, value: string): void {
    const o = JSON.parse(value) as Record<string, unknown>;
    if (key.startsWith(GRANT)) {
      const a = o.authorization as { type_url: string; value: string };
      this.grants.set(key.slice(GRANT.length), {
        granter: o.granter as string, grantee: o.grantee as string, msgTypeUrl: o.msg_type_url as string,
        authorization: { typeUrl: a.type_url, value: base64.decode(a.value) },
        ...(o.expiration == null ? {} : { expirationNs: BigInt(o.expiration as string) }),
      });
    } else if (key.startsWith(QUEUE)) {
      this.earliest = null;
      this.queue.set(key.slice(QUEUE.length), {
        expirationNs: BigInt(o.expiration as string), granter: o.granter as string, grantee: o.grantee as string, urls: o.urls as string[],
      });
    }
  }
}

function grantText(g: Grant): string {
  return JSON.stringify({
    granter: g.granter, grantee: g.grantee, msg_type_url: g.msgTypeUrl,
    authorization: { type_url: g.authorization.typeUrl, value: base64.encode(g.authorization.value) },
    expiration: g.expirationNs === undefined ? null : `${g.expirationNs}`,
  });
}
