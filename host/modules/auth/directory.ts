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

export class NodeDirectory implements Directory {
  private readonly byAddress = new Map<string, AccountRecord>();
  private readonly byId = new Map<number, AccountRecord>();
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
    for (const [name, id] of MODULE_ACCOUNTS) this.put({ id, address: moduleAddress(name, this.accountPrefix), sequence: 0n });
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
    const known = this.byAddress.get(address);
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
    const a = this.byAddress.get(address) ?? this.put({ id: this.nextId, address, sequence: 0n });
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
    return this.byAddress.get(address)?.number !== undefined;
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
    const a = this.byAddress.get(address);
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
    return this.byAddress.get(address);
  }

  /** After a delivered transaction: the signer's sequence moves on and its key is known (an impersonated signer's: empty, kept). */
  bumpSequence(address: string, pubKey: Uint8Array): void {
    const a = this.byAddress.get(address)!;
    a.sequence += 1n;
    if (pubKey.length > 0) a.pubKey = pubKey;
    this.dirty.add(a);
  }

  /**
   * A simulation's undo: what `bumpSequence` would change on `address` (its sequence, key and
   * whether the next block persists it), restored by the returned function.
   */
  saveAccount(address: string): () => void {
    const a = this.byAddress.get(address);
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

  /** Every account, by id. */
  accounts(): AccountRecord[] {
    return [...this.byId.values()].sort((a, b) => a.id - b.id);
  }

  // ---- Directory (the query routes' view) ----

  accountId(address: string): number | undefined {
    return (this.byAddress.get(address) ?? this.byAddress.get(canonical(address, this.accountPrefix)))?.id;
  }

  accountAddress(id: number): string | undefined {
    return this.byId.get(id)?.address;
  }

  validatorId(operator: string): number | undefined {
    return this.validatorsByOperator.get(operator) ?? this.validatorsByOperator.get(canonical(operator, this.validatorPrefix));
  }

  validatorAddress(id: number): string | undefined {
    return this.operatorsById.get(id);
  }

  accountIds(): number[] {
    return [...this.byId.keys()].sort((a, b) => a - b);
  }

  validatorIds(): number[] {
    return [...this.operatorsById.keys()].sort((a, b) => a - b);
  }

  account(address: string): { accountNumber: bigint; sequence: bigint; pubKey?: Uint8Array } | undefined {
    const a = this.byAddress.get(address) ?? this.byAddress.get(canonical(address, this.accountPrefix));
    // no number: a module account of a chain made before numbers were kept (its id), or no account
    if (!a || (a.number === undefined && a.id >= FIRST_USER_ACCOUNT)) return undefined;
    return { accountNumber: a.number ?? BigInt(a.id), sequence: a.sequence, pubKey: a.pubKey };
  }
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
