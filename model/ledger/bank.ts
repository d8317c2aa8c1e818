// x/bank for one denom: balances, supply, sends, mint and burn. Module accounts are ordinary
// balances keyed by module name.

import { Errors, LedgerError, LedgerPanic, formatCoin } from "./errors.js";
import type { LedgerState } from "./state.js";

function subBalance(s: LedgerState, from: string, amount: bigint, wrapFormat: (have: string, want: string) => string) {
  const have = s.balance(from);
  if (have < amount) {
    const denom = s.params.bondDenom;
    throw new LedgerError(Errors.InsufficientFunds, wrapFormat(formatCoin(have, denom), formatCoin(amount, denom)));
  }
  s.balances.set(from, have - amount);
}

function addBalance(s: LedgerState, to: string, amount: bigint) {
  s.balances.set(to, s.balance(to) + amount);
}

function checkAmount(amount: bigint) {
  if (amount < 0n) throw new LedgerPanic(`negative coin amount: ${amount}`);
}

/** SendCoins (and its module variants): subUnlockedCoins then addCoins. Zero moves nothing. */
export function send(s: LedgerState, from: string, to: string, amount: bigint): void {
  checkAmount(amount);
  if (amount === 0n) return;
  subBalance(s, from, amount, (have, want) => `spendable balance ${have} is smaller than ${want}`);
  addBalance(s, to, amount);
}

/** DelegateCoinsFromAccountToModule (no vesting accounts in the model). */
export function delegateCoins(s: LedgerState, from: string, module: string, amount: bigint): void {
  checkAmount(amount);
  subBalance(s, from, amount, (have, want) => `failed to delegate; ${have} is smaller than ${want}`);
  addBalance(s, module, amount);
}

/** UndelegateCoinsFromModuleToAccount. */
export function undelegateCoins(s: LedgerState, module: string, to: string, amount: bigint): void {
  checkAmount(amount);
  subBalance(s, module, amount, (have, want) => `spendable balance ${have} is smaller than ${want}`);
  addBalance(s, to, amount);
}

/** MintCoins into a module account (x/mint) or, at genesis, into any account. */
export function mint(s: LedgerState, to: string, amount: bigint): void {
  checkAmount(amount);
  if (amount === 0n) return;
  addBalance(s, to, amount);
  s.supply.set(s.supply.get() + amount);
}

/** BurnCoins from a module account (x/staking burnBondedTokens / burnNotBondedTokens skip zero). */
export function burn(s: LedgerState, module: string, amount: bigint): void {
  checkAmount(amount);
  if (amount === 0n) return;
  subBalance(s, module, amount, (have, want) => `spendable balance ${have} is smaller than ${want}`);
  s.supply.set(s.supply.get() - amount);
}
