// x/bank for the bond denom: balances by dense account id (the host maps bech32 addresses to ids,
// in order of first appearance, so a replay assigns the same ids). Module accounts have fixed ids.
// Transfers check before they write: a failed one changes nothing. Inside a message, each movement
// the SDK's bank keeper announces is recorded (out.ts) as it announces it: `send` as SendCoins
// (coin_spent, coin_received, transfer, message), `delegateCoins` as DelegateCoins and
// UndelegateCoins (coin_spent, coin_received); `transfer` announces nothing (the fee, whose events
// the ante handler writes, and the blocks' own movements).

import { OK, ERR_INSUFFICIENT_FUNDS, ERR_OVERFLOW, setErrorArg } from "../errors";
import { setResult, resLo, resHi } from "../dec/dec";
import { Table } from "../store/table";
import { emit, isRecording } from "./out";
import { EV_OWNER, EV_PEER, EV_AMOUNT, EVT_COIN_TRANSFER, EVT_COIN_DELEGATION } from "../abi/message-event";
import { T_BALANCES } from "../store/table-ids";
import { isVesting, lockedCoins, trackDelegation, trackUndelegation } from "./vesting";

export const FEE_COLLECTOR: u32 = 0;
export const DISTRIBUTION: u32 = 1;
export const REWARDS_POOL: u32 = 2;
export const BONDED_POOL: u32 = 3;
export const NOT_BONDED_POOL: u32 = 4;
/** Ids below this are module accounts. */
export const FIRST_USER_ACCOUNT: u32 = 16;

// Record: key (account id) | balance u128 at 8.
const BALANCE: i32 = 8;
export const balances = new Table(24, T_BALANCES);

// The module accounts' slots as last found: every block reads and writes them several times, and a
// checked guess (Table.findHint) spares the index probe. Slots change only by removal and reuse.
const moduleSlots = new StaticArray<i32>(<i32>FIRST_USER_ACCOUNT);

// @ts-ignore: decorator
@inline
function findBalance(account: u32): i32 {
  if (account >= FIRST_USER_ACCOUNT) return balances.find(<u64>account);
  const slot = balances.findHint(<u64>account, unchecked(moduleSlots[account]) - 1);
  unchecked(moduleSlots[account] = slot + 1); // 0: unknown (a fresh array is zeros)
  return slot;
}

/** The balance of `account` into the result registers. */
export function balanceOf(account: u32): i32 {
  const slot = findBalance(account);
  if (slot < 0) return setResult(0, 0);
  const p = balances.ptr(<u32>slot);
  return setResult(load<u64>(p, BALANCE), load<u64>(p, BALANCE + 8));
}

/** Add to a balance. Fails (changing nothing) only if the balance would pass 2^128. */
export function credit(account: u32, lo: u64, hi: u64): i32 {
  if ((lo | hi) == 0) return OK;
  // one lookup: the slot found is the one written (upsert only for a new account)
  const found = findBalance(account);
  let oLo: u64 = 0, oHi: u64 = 0;
  if (found >= 0) {
    const p = balances.ptr(<u32>found);
    oLo = load<u64>(p, BALANCE);
    oHi = load<u64>(p, BALANCE + 8);
  }
  const nlo = oLo + lo;
  const nhi = oHi + hi + u64(nlo < lo);
  if (nhi < oHi || (nhi == oHi && nlo < oLo)) return ERR_OVERFLOW;
  let slot: u32;
  if (found >= 0) {
    slot = <u32>found;
    balances.touch(slot);
  } else {
    slot = balances.upsert(<u64>account);
  }
  const p = balances.ptr(slot);
  store<u64>(p, nlo, BALANCE);
  store<u64>(p, nhi, BALANCE + 8);
  return OK;
}

/** Take from a balance; ERR_INSUFFICIENT_FUNDS (errorArg = account) if it holds less. */
export function debit(account: u32, lo: u64, hi: u64): i32 {
  if ((lo | hi) == 0) return OK;
  const found = findBalance(account);
  let have_lo: u64 = 0, have_hi: u64 = 0;
  if (found >= 0) {
    const p = balances.ptr(<u32>found);
    have_lo = load<u64>(p, BALANCE);
    have_hi = load<u64>(p, BALANCE + 8);
  }
  if (have_hi < hi || (have_hi == hi && have_lo < lo)) {
    setErrorArg(<i64>account);
    return ERR_INSUFFICIENT_FUNDS;
  }
  // a positive amount covered: the record exists
  balances.touch(<u32>found);
  const p = balances.ptr(<u32>found);
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

function record(type: u32, from: u32, to: u32, lo: u64, hi: u64): void {
  if (!isRecording() || (lo | hi) == 0) return;
  const ev = emit(type);
  store<u32>(ev + <usize>EV_OWNER, from);
  store<u32>(ev + <usize>EV_PEER, to);
  store<u64>(ev + <usize>EV_AMOUNT, lo);
  store<u64>(ev + <usize>EV_AMOUNT, hi, 8);
}

/**
 * The spendable balance of `account` into the result registers: its balance less the locked
 * coins of a vesting account at the block's time (SpendableCoins; never below zero).
 */
export function spendableOf(account: u32): i32 {
  balanceOf(account);
  if (account < FIRST_USER_ACCOUNT || !isVesting(account)) return OK;
  const bLo = resLo, bHi = resHi;
  const e = lockedCoins(account);
  if (e != OK) return e;
  if (bHi < resHi || (bHi == resHi && bLo < resLo)) return setResult(0, 0);
  return setResult(bLo - resLo, bHi - resHi - u64(bLo < resLo));
}

/** subUnlockedCoins' check for a vesting account: ERR_INSUFFICIENT_FUNDS (errorArg = account) past its spendable balance. */
function checkUnlocked(account: u32, lo: u64, hi: u64): i32 {
  if (account < FIRST_USER_ACCOUNT || (lo | hi) == 0 || !isVesting(account)) return OK;
  const e = spendableOf(account);
  if (e != OK) return e;
  if (resHi < hi || (resHi == hi && resLo < lo)) {
    setErrorArg(<i64>account);
    return ERR_INSUFFICIENT_FUNDS;
  }
  return OK;
}

/** x/bank SendCoins (account or module to account or module): a transfer, announced; a vesting account spends only its unlocked coins. */
export function send(from: u32, to: u32, lo: u64, hi: u64): i32 {
  let e = checkUnlocked(from, lo, hi);
  if (e != OK) return e;
  e = transfer(from, to, lo, hi);
  if (e == OK) record(EVT_COIN_TRANSFER, from, to, lo, hi);
  return e;
}

/**
 * x/bank DelegateCoins (account to a staking pool) or UndelegateCoins (back): a transfer,
 * announced. The whole balance may be delegated; a vesting account tracks it (TrackDelegation,
 * TrackUndelegation).
 */
export function delegateCoins(from: u32, to: u32, lo: u64, hi: u64): i32 {
  let e = transfer(from, to, lo, hi);
  if (e == OK && from >= FIRST_USER_ACCOUNT) e = trackDelegation(from, lo, hi);
  if (e == OK && to >= FIRST_USER_ACCOUNT) e = trackUndelegation(to, lo, hi);
  if (e == OK) record(EVT_COIN_DELEGATION, from, to, lo, hi);
  return e;
}

/** UndelegateCoins without its event (a matured unbonding's payout): a transfer, tracked for a vesting account. */
export function undelegateQuiet(from: u32, to: u32, lo: u64, hi: u64): i32 {
  const e = transfer(from, to, lo, hi);
  return e == OK && to >= FIRST_USER_ACCOUNT ? trackUndelegation(to, lo, hi) : e;
}

// Record-level access for BeginBlock, which moves the same four module balances every block: look
// each up once (`moduleSlot`), then move amounts between the records with the checks and journal
// writes of credit / debit (no record is inserted meanwhile, so the slots stay valid).

/** The slot of a module account's balance record, or -1 if it has none yet. */
export function moduleSlot(account: u32): i32 {
  return findBalance(account);
}

/** The balance (u128) of the record at `slot`. */
// @ts-ignore: decorator
@inline
export function balancePtr(slot: u32): usize {
  return balances.ptr(slot) + <usize>BALANCE;
}

/** credit() on a record: fails, changing nothing, past 2^128. */
export function addBalance(slot: u32, lo: u64, hi: u64): i32 {
  const p = balancePtr(slot);
  const oLo = load<u64>(p), oHi = load<u64>(p, 8);
  const nlo = oLo + lo;
  const nhi = oHi + hi + u64(nlo < lo);
  if (nhi < oHi || (nhi == oHi && nlo < oLo)) return ERR_OVERFLOW;
  balances.touchQuick(slot);
  store<u64>(p, nlo);
  store<u64>(p, nhi, 8);
  return OK;
}

/** transfer() between records: checked first, a failure changes nothing; a zero amount touches nothing. */
export function moveBalance(from: u32, to: u32, lo: u64, hi: u64): i32 {
  if ((lo | hi) == 0) return OK;
  const p = balancePtr(from);
  const hLo = load<u64>(p), hHi = load<u64>(p, 8);
  if (hHi < hi || (hHi == hi && hLo < lo)) {
    setErrorArg(<i64>load<u64>(balances.ptr(from)));
    return ERR_INSUFFICIENT_FUNDS;
  }
  const q = balancePtr(to);
  const oLo = load<u64>(q), oHi = load<u64>(q, 8);
  const nlo = oLo + lo;
  const nhi = oHi + hi + u64(nlo < lo);
  if (nhi < oHi || (nhi == oHi && nlo < oLo)) return ERR_OVERFLOW;
  balances.touchQuick(from);
  store<u64>(p, hLo - lo);
  store<u64>(p, hHi - hi - u64(hLo < lo), 8);
  balances.touchQuick(to);
  store<u64>(q, nlo);
  store<u64>(q, nhi, 8);
  return OK;
}
