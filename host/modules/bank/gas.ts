// x/auth's and x/bank's store accesses (SDK v0.53 x/auth/keeper, x/bank/keeper): accounts (an
// IndexedMap with a unique account-number index), balances (an IndexedMap with a denom index;
// a zero balance is deleted), module accounts, and the sends the other keepers make.

import { encodeAddress } from "../../wire/address.js";
import { AUTH_PARAMS, BANK_PARAMS, Key, U64_VALUE, accountValue, balanceValue, moduleAccountValue, type AccountFields } from "../../framework/gas/records.js";
import type { Sim } from "../../framework/gas/sim.js";
import { addrLen } from "../../framework/gas/view.js";

/** Module account names the keepers address (x/auth permissions as the chain sets them). */
export type ModuleName = "fee_collector" | "distribution" | "rewards_pool" | "bonded_tokens_pool" | "not_bonded_tokens_pool" | "gov";
const MODULES: readonly ModuleName[] = ["fee_collector", "distribution", "rewards_pool", "bonded_tokens_pool", "not_bonded_tokens_pool", "gov"];

export const moduleAddress = (k: Sim, name: ModuleName): string => k.view.moduleAccount(name).address;

function moduleOf(k: Sim, address: string): ModuleName | undefined {
  const m = k.view.moduleName(address);
  return m !== undefined && (MODULES as readonly string[]).includes(m) ? (m as ModuleName) : undefined;
}

/**
 * The stored value of an account: a BaseAccount, or a ModuleAccount with its name and permissions.
 * A tx's ante reads its signer's account five to seven times (each decorator's GetAccount, the old
 * value of each SetAccount): the size is kept in the Sim by address with the fields object it was
 * measured on (the models never change one in place: a changed account is a new object), so each
 * is measured once.
 */
export function accountSize(k: Sim, address: string, a: AccountFields | undefined): number {
  if (a === undefined) return 0;
  const kept = k.accountSizes.get(address);
  if (kept !== undefined && kept.a === a) return kept.size;
  const m = moduleOf(k, address);
  let size: number;
  if (m === undefined) size = accountValue(a);
  else {
    const info = k.view.moduleAccount(m);
    size = moduleAccountValue(address, info.number, m, info.permissions);
  }
  k.accountSizes.set(address, { a, size });
  accountSizeCounts.measured++;
  return size;
}

/** Tests: how many account sizes were measured (not taken from the kept ones). */
export const accountSizeCounts = { measured: 0 };

/** AccountKeeper.GetAccount. */
export function getAccount(k: Sim, address: string, what = "GetAccount"): AccountFields | undefined {
  const a = k.account(address);
  k.meter.get("acc", Key.account(addrLen(address)), accountSize(k, address, a), what);
  return a;
}

/** AccountKeeper.GetParams. */
export const authParams = (k: Sim, what = "auth params"): void => k.meter.get("acc", Key.authParams, AUTH_PARAMS, what);

/** AccountKeeper.SetAccount: the old value (for its index), the account-number index, the account. */
export function setAccount(k: Sim, a: AccountFields, what = "SetAccount"): void {
  const len = addrLen(a.address);
  const old = k.account(a.address);
  k.meter.get("acc", Key.account(len), accountSize(k, a.address, old), `${what}: old value`);
  if (old !== undefined) k.meter.del("acc", Key.accountNumberIndex, `${what}: number index`);
  k.meter.has("acc", Key.accountNumberIndex, `${what}: number index unique`);
  k.meter.set("acc", Key.accountNumberIndex, len, `${what}: number index`);
  k.setAccount(a);
  k.meter.set("acc", Key.account(len), accountSize(k, a.address, a), what);
}

/** NewAccountWithAddress + SetAccount: the next account number (read and written), the account. */
export function createAccount(k: Sim, address: string, what = "new account"): void {
  k.meter.get("acc", Key.nextAccountNumber, U64_VALUE, `${what}: NextAccountNumber`);
  k.meter.set("acc", Key.nextAccountNumber, U64_VALUE, `${what}: NextAccountNumber`);
  setAccount(k, { address, number: k.view.nextAccountNumber(), sequence: 0n }, what);
}

/** GetBalance. */
export function getBalance(k: Sim, address: string, denom = k.denom, what = "GetBalance"): bigint {
  const b = k.balance(address, denom);
  k.meter.get("bank", Key.balance(addrLen(address), denom), b === 0n ? 0 : balanceValue(b), what);
  return b;
}

/** setBalance: a zero balance removes it and its denom index; another sets both. */
export function setBalance(k: Sim, address: string, amount: bigint, denom: string, what: string): void {
  const len = addrLen(address);
  k.setBalance(address, amount, denom);
  if (amount === 0n) {
    k.meter.del("bank", Key.denomIndex(len, denom), `${what}: denom index`);
    k.meter.del("bank", Key.balance(len, denom), what);
  } else {
    k.meter.set("bank", Key.denomIndex(len, denom), 0, `${what}: denom index`);
    k.meter.set("bank", Key.balance(len, denom), balanceValue(amount), what);
  }
}

/** subUnlockedCoins: LockedCoins reads the account (vesting), then each balance; short is sdk 5. */
function subUnlocked(k: Sim, address: string, amount: bigint, denom: string): void {
  getAccount(k, address, "LockedCoins");
  const b = getBalance(k, address, denom, "subUnlockedCoins");
  k.check("sdk:5", b < amount);
  setBalance(k, address, b - amount, denom, "subUnlockedCoins");
}

export function addCoins(k: Sim, address: string, amount: bigint, denom: string): void {
  const b = getBalance(k, address, denom, "addCoins");
  setBalance(k, address, b + amount, denom, "addCoins");
}

/** SendCoins: from, to, and the recipient's account created if it does not exist. */
export function sendCoins(k: Sim, from: string, to: string, amount: bigint, denom = k.denom): void {
  subUnlocked(k, from, amount, denom);
  addCoins(k, to, amount, denom);
  k.meter.has("acc", Key.account(addrLen(to)), "HasAccount");
  if (k.account(to) === undefined) createAccount(k, to);
}

/** GetModuleAccount: the module's account record. */
const getModuleAccount = (k: Sim, name: ModuleName): string => {
  const address = moduleAddress(k, name);
  getAccount(k, address, `GetModuleAccount ${name}`);
  return address;
};

export const sendFromModuleToAccount = (k: Sim, module: ModuleName, to: string, amount: bigint): void =>
  sendCoins(k, moduleAddress(k, module), to, amount);

export const sendFromAccountToModule = (k: Sim, from: string, module: ModuleName, amount: bigint): void =>
  sendCoins(k, from, getModuleAccount(k, module), amount);

export function sendFromModuleToModule(k: Sim, from: ModuleName, to: ModuleName, amount: bigint): void {
  const toAddress = getModuleAccount(k, to);
  sendCoins(k, moduleAddress(k, from), toAddress, amount);
}

/** DelegateCoinsFromAccountToModule: the pool's account twice, the delegator's balance, vesting tracking, the pool's balance. */
export function delegateCoins(k: Sim, delegator: string, pool: ModuleName, amount: bigint): void {
  const poolAddress = getModuleAccount(k, pool);
  getAccount(k, poolAddress, "DelegateCoins: module account");
  const b = getBalance(k, delegator, k.denom, "DelegateCoins");
  k.check("sdk:5", b < amount);
  setBalance(k, delegator, b - amount, k.denom, "DelegateCoins");
  const a = getAccount(k, delegator, "trackDelegation");
  if (a?.track !== undefined) setAccount(k, { ...a, ...a.track(amount) }, "trackDelegation"); // a vesting account's SetAccount
  addCoins(k, poolAddress, amount, k.denom);
}

/** GetAllBalances (and SpendableCoins' first half): the account's balances iterated to the end. */
export function allBalances(k: Sim, address: string): bigint {
  const b = k.balance(address);
  const len = addrLen(address);
  const items: [number, number][] = b === 0n ? [] : [[Key.balance(len, k.denom), balanceValue(b)]];
  k.meter.iter("bank", items, items.length, "GetAllBalances");
  return b;
}

/** SpendableCoins: all balances, then the account (locked coins). */
export function spendableCoins(k: Sim, address: string): bigint {
  const b = allBalances(k, address);
  getAccount(k, address, "LockedCoins");
  return b;
}

/**
 * IsSendEnabledCoins: the params (2 bytes, none when default_send_enabled is false), then each
 * denom's flag: Has, and Get (a 1-byte bool) when the denom has one (`flags`: the keeper's, by
 * denom; none: no denom has one). A disabled denom stops it (bank 5).
 */
export function sendEnabled(
  k: Sim, denoms: readonly string[], flags?: { readonly defaultEnabled: boolean; entry(denom: string): boolean | undefined },
): void {
  if (denoms.length === 0) return;
  k.meter.get("bank", Key.bankParams, flags === undefined || flags.defaultEnabled ? BANK_PARAMS : 0, "bank params");
  for (const d of denoms) {
    k.meter.has("bank", Key.sendEnabled(d), "SendEnabled");
    const own = flags?.entry(d);
    if (own !== undefined) k.meter.get("bank", Key.sendEnabled(d), 1, "SendEnabled");
    k.check("bank:5", !(own ?? flags?.defaultEnabled ?? true));
  }
}

/** A 32-byte module-derived address standing for an account a message creates (its bytes do not matter, its length does). */
export function derivedAddress(prefix: string, n: bigint): string {
  const bytes = new Uint8Array(32);
  new DataView(bytes.buffer).setBigUint64(24, n);
  bytes[0] = 0xff;
  return encodeAddress(prefix, bytes);
}
