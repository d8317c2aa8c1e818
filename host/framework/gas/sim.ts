// The state a message's gas model walks: the node's pre-state (NodeView), read once per record and
// then kept with the changes the model has made, so a record read after a write has the size the
// write gave it. It also marks where each of the keepers' checks is: a message that fails is
// charged up to the check that failed it (the handler's error says which).

import type { GasMeter } from "./meter.js";
import type { NodeView, PositionView } from "./view.js";
import { Key, type AccountFields, type EntryFields, type ValidatorFields } from "./records.js";

/** A check that fails the message: codespace and code (as the handler's TxError has them). */
export type CheckCode = `${string}:${number}`;

/** The model cannot go on past this check (the state it needs is not there): the message fails here. */
export class ModelStop extends Error {
  constructor(readonly code: CheckCode) {
    super(`model stops at ${code}`);
  }
}

export interface Checkpoint {
  code: CheckCode;
  /** Gas consumed when the check ran (what a failure there is charged). */
  gas: bigint;
  /** Whether the model itself sees the check failing. */
  fails: boolean;
}

export interface BlockInfo {
  height: bigint;
  timeNs: bigint;
}

export class Sim {
  readonly checkpoints: Checkpoint[] = [];
  private readonly memo = new Map<string, unknown>();

  constructor(readonly view: NodeView, readonly meter: GasMeter, readonly block: BlockInfo) {}

  get denom(): string {
    return this.view.denom;
  }

  /** Records a check; `fails` (known) true stops the model there. */
  check(code: CheckCode, fails = false): void {
    this.checkpoints.push({ code, gas: this.meter.consumed, fails });
    if (fails) throw new ModelStop(code);
  }

  private load<T>(key: string, read: () => T): T {
    const known = this.memo.get(key);
    if (known !== undefined || this.memo.has(key)) return known as T;
    const value = read();
    this.memo.set(key, value);
    return value;
  }

  private put(key: string, value: unknown): void {
    this.memo.set(key, value);
  }

  // Accounts and bond-denom balances, read by every tx's ante: kept by address (no key text made).
  private readonly accounts = new Map<string, AccountFields | undefined>();
  private readonly balances = new Map<string, bigint>();

  /** Account sizes as measured, by address, with the fields object measured (modules/bank/gas.ts accountSize). */
  readonly accountSizes = new Map<string, { a: AccountFields; size: number }>();

  account(address: string): AccountFields | undefined {
    const known = this.accounts.get(address);
    if (known !== undefined || this.accounts.has(address)) return known;
    const a = this.view.account(address);
    this.accounts.set(address, a);
    return a;
  }
  setAccount(a: AccountFields): void {
    this.accounts.set(a.address, a);
  }

  balance(address: string, denom = this.denom): bigint {
    if (denom !== this.denom) return this.load(`bal/${address}/${denom}`, () => this.view.balance(address, denom));
    let b = this.balances.get(address);
    if (b === undefined) this.balances.set(address, (b = this.view.balance(address, denom)));
    return b;
  }
  setBalance(address: string, amount: bigint, denom = this.denom): void {
    if (denom !== this.denom) this.put(`bal/${address}/${denom}`, amount);
    else this.balances.set(address, amount);
  }

  validator(operator: string): ValidatorFields | undefined {
    return this.load(`val/${operator}`, () => this.view.validator(operator));
  }
  setValidator(v: ValidatorFields): void {
    this.put(`val/${v.operator}`, v);
  }

  delegation(delegator: string, operator: string): bigint | undefined {
    return this.load(`del/${delegator}/${operator}`, () => this.view.delegationShares(delegator, operator));
  }
  setDelegation(delegator: string, operator: string, shares: bigint | undefined): void {
    this.put(`del/${delegator}/${operator}`, shares);
  }

  unbonding(delegator: string, operator: string): EntryFields[] {
    return this.load(`ubd/${delegator}/${operator}`, () => this.view.unbondingEntries(delegator, operator));
  }
  setUnbonding(delegator: string, operator: string, entries: EntryFields[]): void {
    this.put(`ubd/${delegator}/${operator}`, entries);
  }
  redelegation(delegator: string, src: string, dst: string): EntryFields[] {
    return this.load(`red/${delegator}/${src}/${dst}`, () => this.view.redelegationEntries(delegator, src, dst));
  }
  setRedelegation(delegator: string, src: string, dst: string, entries: EntryFields[]): void {
    this.put(`red/${delegator}/${src}/${dst}`, entries);
  }

  lastUnbondingId(): bigint {
    return this.load("ubdid", () => this.view.lastUnbondingId());
  }
  setLastUnbondingId(id: bigint): void {
    this.put("ubdid", id);
  }

  currentRewards(operator: string): { rewards: bigint; period: bigint } {
    return this.load(`cur/${operator}`, () => this.view.currentRewards(operator));
  }
  setCurrentRewards(operator: string, c: { rewards: bigint; period: bigint }): void {
    this.put(`cur/${operator}`, c);
  }
  historical(operator: string, period: bigint): { ratio: bigint; references: number } | undefined {
    return this.load(`hist/${operator}/${period}`, () => this.view.historical(operator, period));
  }
  setHistorical(operator: string, period: bigint, h: { ratio: bigint; references: number } | undefined): void {
    this.put(`hist/${operator}/${period}`, h);
  }
  outstanding(operator: string): bigint {
    return this.load(`out/${operator}`, () => this.view.outstanding(operator));
  }
  setOutstanding(operator: string, amount: bigint): void {
    this.put(`out/${operator}`, amount);
  }
  commission(operator: string): bigint {
    return this.load(`comm/${operator}`, () => this.view.commission(operator));
  }
  setCommission(operator: string, amount: bigint): void {
    this.put(`comm/${operator}`, amount);
  }
  startingInfo(delegator: string, operator: string): { previousPeriod: bigint; stake: bigint; height: bigint } | undefined {
    return this.load(`start/${delegator}/${operator}`, () => this.view.startingInfo(delegator, operator));
  }
  setStartingInfo(delegator: string, operator: string, s: { previousPeriod: bigint; stake: bigint; height: bigint } | undefined): void {
    this.put(`start/${delegator}/${operator}`, s);
  }
  withdrawAddress(delegator: string): string | undefined {
    return this.load(`wd/${delegator}`, () => this.view.withdrawAddress(delegator));
  }
  setWithdrawAddress(delegator: string, to: string | undefined): void {
    this.put(`wd/${delegator}`, to);
  }
  communityPool(): bigint {
    return this.load("pool", () => this.view.communityPool());
  }
  setCommunityPool(amount: bigint): void {
    this.put("pool", amount);
  }

  position(id: bigint): PositionView | undefined {
    return this.load(`pos/${id}`, () => this.view.position(id));
  }
  setPosition(p: PositionView | undefined, id: bigint): void {
    this.put(`pos/${id}`, p);
  }
  nextPositionId(): bigint {
    return this.load("posid", () => this.view.nextPositionId());
  }
  setNextPositionId(id: bigint): void {
    this.put("posid", id);
  }
  positionCountByTier(id: number): bigint {
    return this.load(`tiercount/${id}`, () => this.view.positionCountByTier(id));
  }
  setPositionCountByTier(id: number, n: bigint): void {
    this.put(`tiercount/${id}`, n);
  }
  positionCountByValidator(operator: string): bigint {
    return this.load(`valcount/${operator}`, () => this.view.positionCountByValidator(operator));
  }
  setPositionCountByValidator(operator: string, n: bigint): void {
    this.put(`valcount/${operator}`, n);
  }
}

/** The message router's circuit-breaker check before each message. */
export const routeMessage = (k: Sim, typeUrl: string): void => k.meter.has("circuit", Key.circuit(typeUrl), "circuit breaker");
