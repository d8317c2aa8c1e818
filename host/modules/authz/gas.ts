// x/authz's store accesses as the SDK v0.53 keeper makes them (x/authz/keeper), for the messages'
// gas models: the grant read and written by its key, the grant queue item (read, a 20-gas step per
// URL it walks, written back), the authorizations' 10-gas list steps (authorizations.ts). A model
// walks an overlay of the keeper, so a MsgExec's messages see the grants the earlier ones changed.

import { any, bytesOf, lenField, timestamp } from "../../framework/gas/proto.js";
import type { Sim } from "../../framework/gas/sim.js";
import type { AnyBytes } from "./authorizations.js";
import type { Authz, Grant } from "./keeper.js";
import { hex } from "./keys.js";

const STORE = "authz";

/** The stored Grant{authorization, expiration}. */
export const grantValue = (a: AnyBytes, expirationNs: bigint | undefined): number =>
  lenField(1, any(a.typeUrl, a.value.length)) + (expirationNs === undefined ? 0 : timestamp(2, expirationNs));

/** GrantQueueItem{msg_type_urls}. */
const queueValue = (urls: readonly string[]): number => urls.reduce((n, u) => n + lenField(1, bytesOf(u)), 0);

/** The keeper's grants and queue as a model sees them: the keeper's, with the model's own changes over them. */
export class GrantOverlay {
  private readonly grants = new Map<string, Grant | undefined>();
  private readonly queue = new Map<string, string[] | undefined>();

  constructor(readonly authz: Authz) {}

  grant(g: { granter: string; grantee: string; msgTypeUrl: string }): { key: number; grant: Grant | undefined } {
    const bytes = this.authz.keyOf(g.granter, g.grantee, g.msgTypeUrl);
    const k = hex(bytes);
    const grant = this.grants.has(k) ? this.grants.get(k) : this.authz.get(g.granter, g.grantee, g.msgTypeUrl);
    return { key: bytes.length, grant };
  }

  private setGrant(g: Grant, value: Grant | undefined): void {
    this.grants.set(hex(this.authz.keyOf(g.granter, g.grantee, g.msgTypeUrl)), value);
  }

  private item(expirationNs: bigint, g: Grant): { key: string; len: number; urls: string[] | undefined } {
    const bytes = this.authz.queueKeyOf(expirationNs, g.granter, g.grantee);
    const key = hex(bytes);
    const urls = this.queue.has(key) ? this.queue.get(key) : this.authz.queueItem(expirationNs, g.granter, g.grantee)?.slice();
    return { key, len: bytes.length, urls };
  }

  /** getGrant. */
  read(k: Sim, g: { granter: string; grantee: string; msgTypeUrl: string }, what = "getGrant"): Grant | undefined {
    const { key, grant } = this.grant(g);
    k.meter.get(STORE, key, grant === undefined ? 0 : grantValue(grant.authorization, grant.expirationNs), what);
    return grant;
  }

  /** removeFromGrantQueue. */
  private removeFromQueue(k: Sim, g: Grant, expirationNs: bigint): void {
    const q = this.item(expirationNs, g);
    k.meter.get(STORE, q.len, q.urls === undefined ? 0 : queueValue(q.urls), "removeFromGrantQueue");
    k.check("authz:5", q.urls === undefined);
    const urls = q.urls!;
    for (let i = 0; i < urls.length; i++) {
      k.meter.charge(20n, "grant queue");
      if (urls[i] !== g.msgTypeUrl) continue;
      urls[i] = urls[urls.length - 1]!;
      urls.pop();
      k.meter.set(STORE, q.len, queueValue(urls), "setGrantQueueItem");
      this.queue.set(q.key, urls);
      return;
    }
  }

  /** SaveGrant (its expiration already checked). */
  save(k: Sim, g: Grant): void {
    const old = this.read(k, g);
    const oldExp = old?.expirationNs;
    if (oldExp !== undefined && oldExp !== g.expirationNs) this.removeFromQueue(k, old!, oldExp);
    if (g.expirationNs !== undefined && oldExp !== g.expirationNs) {
      const q = this.item(g.expirationNs, g);
      k.meter.get(STORE, q.len, q.urls === undefined ? 0 : queueValue(q.urls), "getGrantQueueItem");
      const urls = [...(q.urls ?? []), g.msgTypeUrl];
      k.meter.set(STORE, q.len, queueValue(urls), "setGrantQueueItem");
      this.queue.set(q.key, urls);
    }
    k.meter.set(STORE, this.grant(g).key, grantValue(g.authorization, g.expirationNs), "SaveGrant");
    this.setGrant(g, g);
  }

  /** DeleteGrant: authz 2 when there is none. */
  delete(k: Sim, g: { granter: string; grantee: string; msgTypeUrl: string }): void {
    const cur = this.read(k, g);
    k.check("authz:2", cur === undefined);
    if (cur!.expirationNs !== undefined) this.removeFromQueue(k, cur!, cur!.expirationNs);
    k.meter.del(STORE, this.grant(g).key, "DeleteGrant");
    this.setGrant(cur!, undefined);
  }

  /** update: the grant read again, written with the new authorization. */
  update(k: Sim, g: Grant, authorization: AnyBytes): void {
    const cur = this.read(k, g, "update: getGrant");
    k.check("authz:2", cur === undefined);
    const next = { ...cur!, authorization };
    k.meter.set(STORE, this.grant(g).key, grantValue(authorization, cur!.expirationNs), "update");
    this.setGrant(g, next);
  }
}

