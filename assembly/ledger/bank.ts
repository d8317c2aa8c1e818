// x/bank for the bond denom: balances by dense account id (the host maps bech32 addresses to ids,
// in order of first appearance, so a replay assigns the same ids). Module accounts have fixed ids.
// Transfers check before they write: a failed one changes nothing.

import { OK, ERR_INSUFFICIENT_FUNDS, ERR_OVERFLOW, setErrorArg } from "../errors";
import { setResult, resLo, resHi } from "../dec/dec";
import { Table } from "../store/table";

export const FEE_COLLECTOR: u32 = 0;
export const DISTRIBUTION: u32 = 1;
export const REWARDS_POOL: u32 = 2;
export const BONDED_POOL: u32 = 3;
export const NOT_BONDED_POOL: u32 = 4;
/** Ids below this are module accounts. */
export const FIRST_USER_ACCOUNT: u32 = 16;

// Record: key (account id) | balance u128 at 8.
const BALANCE: i32 = 8;
export const balances = new Table(24);

/** The balance of `account` into the result registers. */
export function balanceOf(account: u32): i32 {
  const slot = balances.find(<u64>account);
  if (slot < 0) return setResult(0, 0);
  const p = balances.ptr(<u32>slot);
  return setResult(load<u64>(p, BALANCE), load<u64>(p, BALANCE + 8));
}

/** Add to a balance. Fails (changing nothing) only if the balance would pass 2^128. */
export function credit(account: u32, lo: u64, hi: u64): i32 {
  if ((lo | hi) == 0) return OK;
  balanceOf(account);
  const nlo = resLo + lo;
  const nhi = resHi + hi + u64(nlo < lo);
  if (nhi < resHi || (nhi == resHi && nlo < resLo)) return ERR_OVERFLOW;
  const p = balances.ptr(balances.upsert(<u64>account));
  store<u64>(p, nlo, BALANCE);
  store<u64>(p, nhi, BALANCE + 8);
  return OK;
}

/** Take from a balance; ERR_INSUFFICIENT_FUNDS (errorArg = account) if it holds less. */
export function debit(account: u32, lo: u64, hi: u64): i32 {
  if ((lo | hi) == 0) return OK;
  balanceOf(account);
  const have_lo = resLo, have_hi = resHi;
  if (have_hi < hi || (have_hi == hi && have_lo < lo)) {
    setErrorArg(<i64>account);
    return ERR_INSUFFICIENT_FUNDS;
  }
  const p = balances.ptr(balances.upsert(<u64>account));
  store<u64>(p, have_lo - lo, BALANCE);
  store<u64>(p, have_hi - hi - u64(have_lo < lo), BALANCE + 8);
  return OK;
}

/** Move `amount` between accounts, atomically. */
export function transfer(from: u32, to: u32, lo: u64, hi: u64): i32 {
  let e = debit(from, lo, hi);
  if (e != OK) return e;
  e = credit(to, lo, hi);
  if (e != OK) credit(from, lo, hi); // put it back: the sum was there a moment ago
  return e;
}
