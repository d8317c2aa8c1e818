// x/circuit's state (cosmossdk.io/x/circuit v0.1.1 keeper): each account's permissions (a level and,
// for LEVEL_SOME_MSGS, the type URLs it may trip or reset) and the disabled type URLs. Journaled (a
// failed tx undoes its changes), committed as module records (`circuit/p/<address>`,
// `circuit/d/<type url>`) hashed with the state and read back on a restart. Orders are the store's:
// permissions by address bytes, the disable list by type URL bytes.

import { UndoJournal, setJournaled } from "../../framework/journal.js";
import type { ModuleRecord } from "../../store/records.js";
import { accountAddressBytes } from "../../wire/address.js";
import { TxError } from "../../wire/errors.js";

export const Level = { NONE: 0, SOME_MSGS: 1, ALL_MSGS: 2, SUPER_ADMIN: 3 } as const;

export interface Permissions {
  readonly level: number;
  readonly limitTypeUrls: readonly string[];
}

export interface Authorize {
  readonly granter: string;
  /** The grantee's canonical address, or the codec's refusal (met after the granter's check). */
  readonly grantee: string | TxError;
  readonly granteeText: string;
  readonly permissions: Permissions | undefined;
}

export interface TypeUrls {
  readonly authority: string;
  readonly urls: readonly string[];
}

const PERM = "circuit/p/";
const DISABLED = "circuit/d/";

const bytesOrder = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b);

export class Circuit {
  private readonly perms = new Map<string, Permissions>();
  private readonly disabled = new Map<string, true>();
  private readonly dirty = new Set<string>();

  constructor(private readonly prefix: string, private readonly undo = new UndoJournal()) {}

  static owns(key: string): boolean {
    return key.startsWith("circuit/");
  }

  permissions(address: string): Permissions | undefined {
    return this.perms.get(address);
  }

  /** Every account's permissions, by address bytes. */
  accounts(): { address: string; permissions: Permissions }[] {
    return [...this.perms].map(([address, permissions]) => ({ address, permissions, key: accountAddressBytes(address, this.prefix) }))
      .sort((a, b) => bytesOrder(a.key, b.key)).map(({ address, permissions }) => ({ address, permissions }));
  }

  /** IsAllowed. */
  isAllowed(typeUrl: string): boolean {
    return !this.disabled.has(typeUrl);
  }

  /** The disable list, by type URL bytes. */
  disabledList(): string[] {
    return [...this.disabled.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  }

  setPermissions(address: string, p: Permissions): void {
    setJournaled(this.perms, address, p, this.undo, () => this.dirty.add(PERM + address));
  }

  setDisabled(typeUrl: string, disabled: boolean): void {
    setJournaled(this.disabled, typeUrl, disabled ? true : undefined, this.undo, () => this.dirty.add(DISABLED + typeUrl));
  }

  takeDirty(): ModuleRecord[] {
    const out: ModuleRecord[] = [];
    for (const k of [...this.dirty].sort()) {
      if (k.startsWith(PERM)) {
        const p = this.perms.get(k.slice(PERM.length));
        out.push({ key: k, value: p === undefined ? null : JSON.stringify({ level: p.level, limit_type_urls: p.limitTypeUrls }) });
      } else {
        out.push({ key: k, value: this.disabled.has(k.slice(DISABLED.length)) ? "true" : null });
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
    if (key.startsWith(PERM)) {
      const o = JSON.parse(value) as { level: number; limit_type_urls: string[] };
      this.perms.set(key.slice(PERM.length), { level: o.level, limitTypeUrls: o.limit_type_urls });
    } else if (key.startsWith(DISABLED)) this.disabled.set(key.slice(DISABLED.length), true);
  }
}

/** The message router's circuit breaker (baseapp's MsgServiceRouter): a disabled type is not executed (code 1, unregistered). */
export function assertAllowed(c: Circuit, typeUrl: string): void {
  if (!c.isAllowed(typeUrl)) throw TxError.rendered("undefined", 1, `circuit breaker disables execution of this message: ${typeUrl}`);
}
