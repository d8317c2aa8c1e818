// Who is who: bech32 account addresses ↔ the core's dense account ids, validator operators ↔
// validator ids, and x/auth's account numbers and sequences. Module accounts have fixed ids 0-7;
// other accounts get ids from 16 in order of first appearance (genesis balances, then burned
// addresses, then transactions), so a replay assigns the same ids. Core ids stay inside the node:
// what queries and sign docs use is the account's x/auth number (the genesis's, then the next one
// free at first appearance, as the SDK's NextAccountNumber); an account stored without one (a
// database written before numbers were kept) is numbered by its id.

import { canonicalAddress } from "../../wire/address.js";
import { FIRST_USER_ACCOUNT, ModuleAccount } from "../../core/ledger.js";
import { moduleAddress } from "../../wire/keys.js";
import type { AccountRecord } from "../../store/records.js";

import type { Directory } from "../../framework/view.js";

export type { Directory };

/** What `Directory.rollbackTo` returns to: the next id, and how many accounts had been numbered. */
export interface AccountsMark {
  readonly id: number;
  readonly numbered: number;
}

/** Module account names by core id (SDK names, REFERENCE §1). */
export const MODULE_ACCOUNTS: ReadonlyArray<[string, number]> = [
  ["fee_collector", ModuleAccount.feeCollector],
  ["distribution", ModuleAccount.distribution],
  ["rewards_pool", ModuleAccount.rewardsPool],
  ["bonded_tokens_pool", ModuleAccount.bondedPool],
  ["not_bonded_tokens_pool", ModuleAccount.notBondedPool],
  ["gov", ModuleAccount.gov],
  ["mint", 6],
  ["tieredrewards", 7],
];

/** Their x/auth permissions (the rewards pool has none: REFERENCE §1). */
export const MODULE_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  fee_collector: [],
  distribution: [],
  rewards_pool: [],
  bonded_tokens_pool: ["burner", "staking"],
  not_bonded_tokens_pool: ["burner", "staking"],
  gov: ["burner"],
  mint: ["minter"],
  tieredrewards: ["staking"],
};

export type { AccountRecord };

/** Where the accounts a database holds are read (NodeStore): as the last written block left them. */
export interface AccountSource {
  account(by: { id: number } | { address: string }): AccountRecord | undefined;
  /** Every stored account's id, ascending. */
  accountIds(): Iterable<number>;
  /** Every stored account, by id. */
  eachAccount(): Iterable<AccountRecord>;
  /** The highest id and account number stored (undefined: none). */
  accountTops(): { id: number | undefined; number: bigint | undefined };
}

/** Accounts only read (queries, CheckTx) kept for the next reads, at most this many (then forgotten at once). */
export const RECENT_ACCOUNTS = 1024;

/** Past this many, a block's write leaves only the module accounts and the changed ones in JS (the rest is read again when touched). */
export const RESIDENT_ACCOUNTS = 4096;

export class NodeDirectory implements Directory {
  /** The accounts held in JS: every one until the database holds them (`settle`); then those touched since. */
  private readonly byAddress = new Map<string, AccountRecord>();
  private readonly byId = new Map<number, AccountRecord>();
  /** The database, once it holds the accounts: what is not held here is read from it. */
  private source: AccountSource | undefined;
  /** Accounts read from the database but not held (never changed here while in it: one that changes moves to the held ones). */
  private readonly recent = new Map<string, AccountRecord>();
  private readonly recentById = new Map<number, AccountRecord>();
  /** Addresses the database was asked for and does not hold, until its next write (a block's new accounts are asked for more than once). */
  private readonly absent = new Set<string>();
  /** How many accounts a write may leave held (RESIDENT_ACCOUNTS; tests lower it). */
  residentLimit = RESIDENT_ACCOUNTS;
  private readonly validatorsByOperator = new Map<string, number>();
  private readonly operatorsById = new Map<number, string>();
  private nextId = FIRST_USER_ACCOUNT;
  /** The SDK's global account number: what the next new account gets. */
  private nextNumber = 0n;
  /** Accounts created or changed since the last `takeDirty`: what the next block persists. */
  private dirty = new Set<AccountRecord>();
  /** Known accounts numbered by `numberAccount` since the last `takeDirty` (a block's), in order: what `rollbackTo` undoes. */
  private numbering: AccountRecord[] = [];

  constructor(
    readonly accountPrefix: string,
    readonly validatorPrefix: string,
  ) {
    this.reset();
  }

  /** Back to the module accounts alone (dev mode's revert reloads it: the query routes keep this object). */
  reset(): void {
    for (const m of [this.byAddress, this.byId, this.validatorsByOperator, this.operatorsById]) m.clear();
    this.dirty = new Set();
    this.numbering = [];
    this.nextId = FIRST_USER_ACCOUNT;
    this.nextNumber = 0n;
    this.source = undefined;
    this.forgetRecent();
    for (const [name, id] of MODULE_ACCOUNTS) this.put({ id, address: moduleAddress(name, this.accountPrefix), sequence: 0n });
  }

  /**
   * The database now holds every account so far (a block written, a restart or a dev revert about
   * to read it): from now on what is not held is read from `source`, and past RESIDENT_ACCOUNTS
   * only the module accounts and those changed since (none after a write) stay held.
   */
  settle(source: AccountSource): void {
    if (this.source !== source) {
      this.source = source;
      this.forgetRecent();
      const top = source.accountTops();
      if (top.id !== undefined && top.id >= this.nextId) this.nextId = top.id + 1;
      if (top.number !== undefined && top.number >= this.nextNumber) this.nextNumber = top.number + 1n;
      for (const [, id] of MODULE_ACCOUNTS) {
        const stored = source.account({ id });
        if (stored !== undefined && !this.dirty.has(this.byId.get(id)!)) this.put(stored);
      }
    }
    this.absent.clear();
    if (this.byId.size <= this.residentLimit) return;
    const kept = [...this.byId.values()].filter((a) => a.id < FIRST_USER_ACCOUNT || this.dirty.has(a));
    this.byAddress.clear();
    this.byId.clear();
    for (const a of kept) this.put(a);
  }

  /** An account by address: held, or read from the database (and held from then on when `hold`: it may change). */
  private find(address: string, hold: boolean): AccountRecord | undefined {
    const a = this.byAddress.get(address);
    if (a !== undefined || this.source === undefined) return a;
    if (this.absent.has(address)) return undefined;
    const stored = this.recent.get(address) ?? this.source.account({ address });
    if (stored === undefined) {
      if (this.absent.size >= RECENT_ACCOUNTS) this.absent.clear();
      this.absent.add(address);
      return undefined;
    }
    if (hold) {
      this.recent.delete(address);
      this.recentById.delete(stored.id);
      this.put(stored);
    } else this.remember(stored);
    return stored;
  }

  private findId(id: number): AccountRecord | undefined {
    const a = this.byId.get(id) ?? this.recentById.get(id);
    if (a !== undefined || this.source === undefined) return a;
    const stored = this.source.account({ id });
    if (stored !== undefined) this.remember(stored);
    return stored;
  }

  private remember(a: AccountRecord): void {
    if (this.recent.size >= RECENT_ACCOUNTS) this.forgetRecent();
    this.recent.set(a.address, a);
    this.recentById.set(a.id, a);
  }

  private forgetRecent(): void {
    this.absent.clear();
    this.recent.clear();
    this.recentById.clear();
  }

  private put(a: AccountRecord): AccountRecord {
    this.byAddress.set(a.address, a);
    this.byId.set(a.id, a);
    if (a.id >= this.nextId) this.nextId = a.id + 1;
    if (a.number !== undefined && a.number >= this.nextNumber) this.nextNumber = a.number + 1n;
    return a;
  }

  /** The id of a canonical address, assigning the next id and account number on first appearance. */
  ensure(address: string): number {
    const known = this.find(address, true);
    if (known) return known.id;
    const a = this.put({ id: this.nextId, address, sequence: 0n, number: this.nextNumber });
    this.dirty.add(a);
    return a.id;
  }

  /**
   * Genesis: an address's id (the next one; a module account keeps its fixed id) and, when given,
   * its x/auth number (unique: the genesis's parser sees to it), sequence and key. An address
   * without a number has no x/auth account (a burn address). Persisted with the first block.
   */
  genesisAccount(address: string, o: { number?: bigint; sequence?: bigint; pubKey?: Uint8Array } = {}): number {
    const a = this.find(address, true) ?? this.put({ id: this.nextId, address, sequence: 0n });
    if (o.number !== undefined) a.number = o.number;
    if (o.sequence !== undefined) a.sequence = o.sequence;
    if (o.pubKey !== undefined) a.pubKey = o.pubKey;
    this.put(a);
    this.dirty.add(a);
    return a.id;
  }

  /** The number the next new account gets (the SDK's global account number). */
  nextAccountNumber(): bigint {
    return this.nextNumber;
  }

  /** Whether an address has an account number yet (module accounts get theirs at genesis). */
  numbered(address: string): boolean {
    return this.find(address, false)?.number !== undefined;
  }

  /** A mark before a transaction's messages: the accounts created after it can be forgotten. */
  checkpoint(): number {
    return this.nextId;
  }

  /**
   * The x/auth account of an address known here without one (a withdraw address paid for the
   * first time): numbered next, the change undone by `rollbackTo` a mark taken before it.
   */
  numberAccount(address: string): number {
    const a = this.find(address, true);
    if (a === undefined) return this.ensure(address);
    if (a.number === undefined) {
      this.numbering.push(a);
      a.number = this.nextNumber;
      this.nextNumber += 1n;
      this.dirty.add(a);
    }
    return a.id;
  }

  /** A mark before a transaction's messages: the accounts created and numbered after it can be undone. */
  mark(): AccountsMark {
    return { id: this.nextId, numbered: this.numbering.length };
  }

  /** A failed transaction: the accounts it numbered lose their numbers again, the ones it created are forgotten. */
  rollbackTo(mark: AccountsMark): void {
    while (this.numbering.length > mark.numbered) {
      const a = this.numbering.pop()!;
      if (a.number !== undefined && a.number < this.nextNumber) this.nextNumber = a.number;
      a.number = undefined;
    }
    this.rollback(mark.id);
  }

  /** A failed transaction: forget the accounts its messages created since `mark` (ids are dense). */
  rollback(mark: number): void {
    for (let id = mark; id < this.nextId; id++) {
      const a = this.byId.get(id);
      if (a === undefined) continue;
      this.byId.delete(id);
      this.byAddress.delete(a.address);
      this.dirty.delete(a);
      // numbers are handed out with ids, in order: the first forgotten one is the next again
      if (a.number !== undefined && a.number < this.nextNumber) this.nextNumber = a.number;
    }
    this.nextId = mark;
  }

  /** A persisted account, at restart; `persist` for one that must still be written (an import). */
  load(a: AccountRecord, persist = false): void {
    this.put(a);
    if (persist) this.dirty.add(a);
  }

  addValidator(id: number, operator: string): void {
    this.validatorsByOperator.set(operator, id);
    this.operatorsById.set(id, operator);
  }

  /** A validator created by a tx that then failed. */
  removeValidator(id: number): void {
    const operator = this.operatorsById.get(id);
    if (operator !== undefined) this.validatorsByOperator.delete(operator);
    this.operatorsById.delete(id);
  }

  record(address: string): AccountRecord | undefined {
    return this.find(address, true);
  }

  /** After a delivered transaction: the signer's sequence moves on and its key is known (an impersonated signer's: empty, kept). */
  bumpSequence(address: string, pubKey: Uint8Array): void {
    const a = this.find(address, true)!;
    a.sequence += 1n;
    if (pubKey.length > 0) a.pubKey = pubKey;
    this.dirty.add(a);
  }

  /**
   * A simulation's undo: what `bumpSequence` would change on `address` (its sequence, key and
   * whether the next block persists it), restored by the returned function.
   */
  saveAccount(address: string): () => void {
    const a = this.find(address, true);
    if (a === undefined) return () => {};
    const { sequence, pubKey } = a;
    const dirty = this.dirty.has(a);
    return () => {
      a.sequence = sequence;
      if (pubKey === undefined) delete a.pubKey;
      else a.pubKey = pubKey;
      if (!dirty) this.dirty.delete(a);
    };
  }

  /** The accounts to persist with the block being committed; forgets them. */
  takeDirty(): AccountRecord[] {
    this.numbering = [];
    const out = [...this.dirty];
    this.dirty = new Set();
    return out;
  }

  /** How many accounts are held in JS now. */
  get held(): number {
    return this.byId.size;
  }

  /** The accounts changed since the last `takeDirty` (what a dev snapshot keeps besides its database). */
  unwritten(): AccountRecord[] {
    return [...this.dirty].map((a) => ({ ...a }));
  }

  /** Every account, by id (the held ones as they are now, the others as the database has them). */
  accounts(): AccountRecord[] {
    if (this.source === undefined) return [...this.byId.values()].sort((a, b) => a.id - b.id);
    const out: AccountRecord[] = [];
    for (const a of this.source.eachAccount()) out.push(this.byId.get(a.id) ?? a);
    return withHeld(out, [...this.byId.values()], (a) => a.id);
  }

  // ---- Directory (the query routes' view) ----

  accountId(address: string): number | undefined {
    return (this.find(address, false) ?? this.find(canonical(address, this.accountPrefix), false))?.id;
  }

  accountAddress(id: number): string | undefined {
    return this.findId(id)?.address;
  }

  validatorId(operator: string): number | undefined {
    return this.validatorsByOperator.get(operator) ?? this.validatorsByOperator.get(canonical(operator, this.validatorPrefix));
  }

  validatorAddress(id: number): string | undefined {
    return this.operatorsById.get(id);
  }

  accountIds(): number[] {
    if (this.source === undefined) return [...this.byId.keys()].sort((a, b) => a - b);
    return withHeld([...this.source.accountIds()], [...this.byId.keys()], (id) => id);
  }

  validatorIds(): number[] {
    return [...this.operatorsById.keys()].sort((a, b) => a - b);
  }

  account(address: string): { accountNumber: bigint; sequence: bigint; pubKey?: Uint8Array } | undefined {
    const a = this.find(address, false) ?? this.find(canonical(address, this.accountPrefix), false);
    // no number: a module account of a chain made before numbers were kept (its id), or no account
    if (!a || (a.number === undefined && a.id >= FIRST_USER_ACCOUNT)) return undefined;
    return { accountNumber: a.number ?? BigInt(a.id), sequence: a.sequence, pubKey: a.pubKey };
  }
}

/** `stored` (ascending by id) with the held ones it lacks (new since the last write, or module accounts never written), ascending. */
function withHeld<T>(stored: T[], held: T[], id: (t: T) => number): T[] {
  const has = (x: number): boolean => {
    let lo = 0;
    let hi = stored.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const m = id(stored[mid]!);
      if (m === x) return true;
      if (m < x) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  };
  const extra = held.filter((t) => !has(id(t)));
  return extra.length === 0 ? stored : [...stored, ...extra].sort((a, b) => id(a) - id(b));
}

/**
 * The canonical (lower-case) form of a bech32 address, or the text itself if it is not one. The
 * maps' keys are canonical, so a text found as it is needs no decoding.
 */
function canonical(text: string, prefix: string): string {
  try {
    return canonicalAddress(text, prefix);
  } catch {
    return text;
  }
}
