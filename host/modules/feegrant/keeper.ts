// x/feegrant's store (keeper/keeper.go of cosmossdk.io/x/feegrant v0.1.1): the allowances by
// (grantee, granter), in the store's key order (the grantee's address bytes, then the granter's),
// and the expiration queue (expiration, grantee, granter) that the EndBlocker and
// MsgPruneAllowances walk. As the SDK, revoking an allowance leaves its queue entry (v0.1.1
// deletes the key with grantee and granter swapped), so an entry can outlive its allowance and,
// at its time, remove a later allowance of the same pair. Changes are journaled (a failed tx undoes
// them) and committed as module records (`fg/a/…`, `fg/q/…`), hashed with the state.

import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { base64 } from "@scure/base";
import { bytesToHex } from "@noble/hashes/utils.js";
import { UndoJournal, setJournaled } from "../../framework/journal.js";
import type { ModuleRecord } from "../../store/records.js";
import { accountAddressBytes } from "../../wire/address.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { allowanceAny, allowanceOf, expiresAt, type Allowance } from "./allowance.js";

export interface Grant {
  readonly granter: string;
  readonly grantee: string;
  readonly allowance: Allowance;
}

interface QueueEntry {
  readonly expNs: bigint;
  readonly grantee: string;
  readonly granter: string;
}

const ALLOWANCE = "fg/a/";
const QUEUE = "fg/q/";
/** Unix ns shifted to be non-negative, fixed width: the queue's record keys sort by time. */
const TIME_OFFSET = 1n << 80n;
const timeKey = (ns: bigint) => (ns + TIME_OFFSET).toString().padStart(26, "0");

export const notFound = () => new TxError(SdkErrors.NotFound, "fee-grant not found");

export class Feegrant {
  private readonly grants = new Map<string, Grant>();
  private readonly queue = new Map<string, QueueEntry>();
  private readonly dirty = new Set<string>();

  constructor(private readonly prefix: string, private readonly undo = new UndoJournal()) {}

  static owns(key: string): boolean {
    return key.startsWith("fg/");
  }

  private hex(address: string): string {
    return bytesToHex(accountAddressBytes(address, this.prefix));
  }

  /** The store key's order: grantee bytes (length-prefixed), then granter bytes. */
  private pairKey(granter: string, grantee: string): string {
    const e = this.hex(grantee);
    const r = this.hex(granter);
    return `${(e.length / 2).toString(16).padStart(2, "0")}${e}${(r.length / 2).toString(16).padStart(2, "0")}${r}`;
  }

  private queueKey(q: QueueEntry): string {
    return `${timeKey(q.expNs)}/${this.pairKey(q.granter, q.grantee)}`;
  }

  private setGrant(key: string, g: Grant | undefined): void {
    setJournaled(this.grants, key, g, this.undo, () => this.dirty.add(ALLOWANCE + key));
  }

  private setQueue(key: string, q: QueueEntry | undefined): void {
    setJournaled(this.queue, key, q, this.undo, () => this.dirty.add(QUEUE + key));
  }

  get(granter: string, grantee: string): Grant | undefined {
    return this.grants.get(this.pairKey(granter, grantee));
  }

  /** GrantAllowance's writes: the queue entry (if it expires), then the allowance. */
  grant(granter: string, grantee: string, allowance: Allowance): void {
    const exp = expiresAt(allowance);
    if (exp !== undefined) {
      const q = { expNs: exp, grantee, granter };
      this.setQueue(this.queueKey(q), q);
    }
    this.setGrant(this.pairKey(granter, grantee), { granter, grantee, allowance });
  }

  /** UpdateAllowance. */
  update(granter: string, grantee: string, allowance: Allowance): void {
    this.setGrant(this.pairKey(granter, grantee), { granter, grantee, allowance });
  }

  /** revokeAllowance: sdk 38 if absent; its queue entry stays (see above). */
  revoke(granter: string, grantee: string): Grant {
    const key = this.pairKey(granter, grantee);
    const g = this.grants.get(key);
    if (g === undefined) throw notFound();
    this.setGrant(key, undefined);
    return g;
  }

  /**
   * The queue's entries due at `nowNs`, in key order, at most `limit`: the SDK's range ends at
   * InclusiveEndBytes(0x01 | time(now)), before any key of that very time, so due means before now.
   */
  due(nowNs: bigint, limit: number): QueueEntry[] {
    const out: QueueEntry[] = [];
    for (const k of [...this.queue.keys()].sort()) {
      const q = this.queue.get(k)!;
      if (q.expNs >= nowNs) break;
      out.push(q);
      if (out.length === limit) break;
    }
    return out;
  }

  /** RemoveExpiredAllowances(limit): each due entry and the allowance of its pair deleted. */
  removeExpired(nowNs: bigint, limit: number): QueueEntry[] {
    const due = this.due(nowNs, limit);
    for (const q of due) {
      this.setQueue(this.queueKey(q), undefined);
      const key = this.pairKey(q.granter, q.grantee);
      if (this.grants.has(key)) this.setGrant(key, undefined);
    }
    return due;
  }

  /** Every allowance in the store's key order. */
  all(): Grant[] {
    return [...this.grants.keys()].sort().map((k) => this.grants.get(k)!);
  }

  byGrantee(grantee: string): Grant[] {
    const h = this.hex(grantee);
    return this.all().filter((g) => this.hex(g.grantee) === h);
  }

  byGranter(granter: string): Grant[] {
    const h = this.hex(granter);
    return this.all().filter((g) => this.hex(g.granter) === h);
  }

  /** The protobuf size of a stored Grant {granter, grantee, allowance} (what the store's gas meters). */
  static grantBytes(g: Grant): number {
    const any = toBinary(AnySchema, allowanceAny(g.allowance)).length;
    const field = (n: number) => 1 + varintLen(n) + n;
    return field(g.granter.length) + field(g.grantee.length) + field(any);
  }

  takeDirty(): ModuleRecord[] {
    const out: ModuleRecord[] = [];
    for (const k of [...this.dirty].sort()) {
      if (k.startsWith(ALLOWANCE)) {
        const g = this.grants.get(k.slice(ALLOWANCE.length));
        out.push({ key: k, value: g === undefined ? null : JSON.stringify({ granter: g.granter, grantee: g.grantee, allowance: base64.encode(toBinary(AnySchema, allowanceAny(g.allowance))) }) });
      } else {
        const q = this.queue.get(k.slice(QUEUE.length));
        out.push({ key: k, value: q === undefined ? null : JSON.stringify({ exp: `${q.expNs}`, grantee: q.grantee, granter: q.granter }) });
      }
    }
    this.dirty.clear();
    return out;
  }

  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty.add(key);
  }

  load(key: string, value: string): void {
    if (key.startsWith(ALLOWANCE)) {
      const o = JSON.parse(value) as { granter: string; grantee: string; allowance: string };
      const allowance = allowanceOf(fromBinary(AnySchema, base64.decode(o.allowance)));
      this.grants.set(key.slice(ALLOWANCE.length), { granter: o.granter, grantee: o.grantee, allowance });
    } else if (key.startsWith(QUEUE)) {
      const o = JSON.parse(value) as { exp: string; grantee: string; granter: string };
      this.queue.set(key.slice(QUEUE.length), { expNs: BigInt(o.exp), grantee: o.grantee, granter: o.granter });
    }
  }

  /** InitGenesis: each allowance granted again (its queue entry made), written with the first block. */
  importGrant(g: Grant): void {
    const exp = expiresAt(g.allowance);
    if (exp !== undefined) {
      const q = { expNs: exp, grantee: g.grantee, granter: g.granter };
      this.queue.set(this.queueKey(q), q);
      this.dirty.add(QUEUE + this.queueKey(q));
    }
    const key = this.pairKey(g.granter, g.grantee);
    this.grants.set(key, g);
    this.dirty.add(ALLOWANCE + key);
  }
}

function varintLen(n: number): number {
  let len = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 0x80);
    len++;
  }
  return len;
}
