// x/auth/vesting for the bond denom: an account's lock (continuous, delayed, periodic or
// permanent), the coins still vesting at the block's time, the locked coins a send may not spend,
// and the delegations of vesting coins (TrackDelegation / TrackUndelegation). A vesting account is
// a record here, keyed by its account id; a periodic account's periods are records of their own.
// Times are unix seconds: the SDK reads the block time as blockTime.Unix().

import { Table } from "../store/table";
import { T_VESTING_ACCOUNTS, T_VESTING_PERIODS } from "../store/table-ids";
import {
  VA_KIND, VA_PERIODS, VA_START, VA_END, VA_ORIGINAL, VA_DELEGATED_FREE, VA_DELEGATED_VESTING, VA_SIZE,
  VP_LENGTH, VP_AMOUNT, VP_SIZE, VESTING_CONTINUOUS, VESTING_DELAYED, VESTING_PERIODIC, VESTING_PERMANENT,
} from "../abi/vesting";
import { OK, ERR_INVALID_PARAMS } from "../errors";
import { setResult, resLo, resHi, fromInt, quoRounded, mulRounded, ROUND_HALF_EVEN } from "../dec/dec";
import { cellLo, BLOCK_TIME } from "./globals";

// Record: key (account id) | the lock (abi/vesting.ts) at 8.
const REC: usize = 8;
export const vestingAccounts = new Table(8 + VA_SIZE, T_VESTING_ACCOUNTS);
// Record: key (account << 20 | index) | the period (abi/vesting.ts) at 8.
export const vestingPeriods = new Table(8 + VP_SIZE, T_VESTING_PERIODS);
/** Periods one account may hold (the key's 20 bits). */
export const MAX_PERIODS: u32 = 1 << 20;

export const periodKey = (account: u32, index: u32): u64 => (<u64>account << 20) | <u64>index;

// @ts-ignore: decorator
@inline
function ld(p: usize, off: i32): u64 {
  return load<u64>(p + <usize>off);
}
// @ts-ignore: decorator
@inline
function ldh(p: usize, off: i32): u64 {
  return load<u64>(p + <usize>off, 8);
}
// @ts-ignore: decorator
@inline
function st(p: usize, off: i32, lo: u64, hi: u64): void {
  store<u64>(p + <usize>off, lo);
  store<u64>(p + <usize>off, hi, 8);
}
// @ts-ignore: decorator
@inline
function lt(alo: u64, ahi: u64, blo: u64, bhi: u64): bool {
  return ahi < bhi || (ahi == bhi && alo < blo);
}

/** The slot of `account`'s lock, or -1 (an uncounted lookup: the keepers read it with the account). */
export function vestingSlot(account: u32): i32 {
  return vestingAccounts.peek(<u64>account);
}

export function isVesting(account: u32): bool {
  return vestingSlot(account) >= 0;
}

/** A new vesting account's lock (its periods follow, by addPeriod); nothing delegated yet. */
export function createVesting(account: u32, kind: u32, start: i64, end: i64, oLo: u64, oHi: u64): i32 {
  if (kind < VESTING_CONTINUOUS || kind > VESTING_PERMANENT || isVesting(account)) return ERR_INVALID_PARAMS;
  const slot = vestingAccounts.upsert(<u64>account);
  const p = vestingAccounts.ptr(slot) + REC;
  store<u32>(p + <usize>VA_KIND, kind);
  store<u32>(p + <usize>VA_PERIODS, 0);
  store<i64>(p + <usize>VA_START, start);
  store<i64>(p + <usize>VA_END, end);
  st(p, VA_ORIGINAL, oLo, oHi);
  st(p, VA_DELEGATED_FREE, 0, 0);
  st(p, VA_DELEGATED_VESTING, 0, 0);
  return OK;
}

/** Genesis: what an exported account had delegated, vesting and free. */
export function setDelegated(account: u32, fLo: u64, fHi: u64, vLo: u64, vHi: u64): i32 {
  const s = vestingSlot(account);
  if (s < 0) return ERR_INVALID_PARAMS;
  vestingAccounts.touch(<u32>s);
  const p = vestingAccounts.ptr(<u32>s) + REC;
  st(p, VA_DELEGATED_FREE, fLo, fHi);
  st(p, VA_DELEGATED_VESTING, vLo, vHi);
  return OK;
}

/** The next period of a periodic account. */
export function addPeriod(account: u32, length: i64, aLo: u64, aHi: u64): i32 {
  const s = vestingSlot(account);
  if (s < 0) return ERR_INVALID_PARAMS;
  let p = vestingAccounts.ptr(<u32>s) + REC;
  const n = load<u32>(p + <usize>VA_PERIODS);
  if (load<u32>(p + <usize>VA_KIND) != VESTING_PERIODIC || n + 1 >= MAX_PERIODS) return ERR_INVALID_PARAMS;
  const ps = vestingPeriods.upsert(periodKey(account, n));
  const q = vestingPeriods.ptr(ps) + REC;
  store<i64>(q + <usize>VP_LENGTH, length);
  st(q, VP_AMOUNT, aLo, aHi);
  vestingAccounts.touch(<u32>s);
  p = vestingAccounts.ptr(<u32>s) + REC;
  store<u32>(p + <usize>VA_PERIODS, n + 1);
  return OK;
}

/** The lock's fields (abi/vesting.ts) of `account`, or 0; valid until the next insert. */
export function vestingPtr(account: u32): usize {
  const s = vestingSlot(account);
  return s < 0 ? 0 : vestingAccounts.ptr(<u32>s) + REC;
}

/** Period `index` of `account` (abi/vesting.ts), or 0. */
export function periodPtr(account: u32, index: u32): usize {
  const s = vestingPeriods.peek(periodKey(account, index));
  return s < 0 ? 0 : vestingPeriods.ptr(<u32>s) + REC;
}

/** The block's time as blockTime.Unix(): seconds, rounded down. */
export function blockSeconds(): i64 {
  const ns = <i64>cellLo(BLOCK_TIME);
  let s = ns / 1_000_000_000;
  if (ns % 1_000_000_000 < 0) s -= 1;
  return s;
}

/** GetVestedCoins at `now` (seconds) into the result registers. */
function vested(account: u32, p: usize, now: i64): i32 {
  const kind = load<u32>(p + <usize>VA_KIND);
  const start = load<i64>(p + <usize>VA_START);
  const end = load<i64>(p + <usize>VA_END);
  const oLo = ld(p, VA_ORIGINAL), oHi = ldh(p, VA_ORIGINAL);
  if (kind == VESTING_PERMANENT) return setResult(0, 0);
  if (kind == VESTING_DELAYED) return now >= end ? setResult(oLo, oHi) : setResult(0, 0);
  if (now <= start) return setResult(0, 0);
  if (now >= end) return setResult(oLo, oHi);
  if (kind == VESTING_CONTINUOUS) {
    // s = Dec(x) Quo Dec(y) (half-even); Dec(original) Mul s, RoundInt: original x s_raw / 10^18, half-even
    let e = fromInt(<u64>(now - start), 0);
    if (e != OK) return e;
    const xLo = resLo, xHi = resHi;
    e = fromInt(<u64>(end - start), 0);
    if (e != OK) return e;
    e = quoRounded(xLo, xHi, resLo, resHi, ROUND_HALF_EVEN);
    if (e != OK) return e;
    return mulRounded(oLo, oHi, resLo, resHi, ROUND_HALF_EVEN);
  }
  // periodic: each whole period from the start, in order
  const n = load<u32>(p + <usize>VA_PERIODS);
  let at = start;
  let vLo: u64 = 0, vHi: u64 = 0;
  for (let i: u32 = 0; i < n; i++) {
    const q = periodPtr(account, i);
    if (q == 0) break;
    const length = load<i64>(q + <usize>VP_LENGTH);
    if (now - at < length) break;
    const aLo = ld(q, VP_AMOUNT), aHi = ldh(q, VP_AMOUNT);
    const lo = vLo + aLo;
    vHi = vHi + aHi + u64(lo < vLo);
    vLo = lo;
    at += length;
  }
  return setResult(vLo, vHi);
}

/** GetVestingCoins at the block's time: original_vesting less the vested coins (the result registers). */
export function vestingCoins(account: u32): i32 {
  const p = vestingPtr(account);
  if (p == 0) return setResult(0, 0);
  const e = vested(account, p, blockSeconds());
  if (e != OK) return e;
  const oLo = ld(p, VA_ORIGINAL), oHi = ldh(p, VA_ORIGINAL);
  if (lt(oLo, oHi, resLo, resHi)) return setResult(0, 0);
  return setResult(oLo - resLo, oHi - resHi - u64(oLo < resLo));
}

/** LockedCoins at the block's time: the vesting coins not delegated (vesting less min(vesting, delegated_vesting)). */
export function lockedCoins(account: u32): i32 {
  const e = vestingCoins(account);
  if (e != OK) return e;
  const p = vestingPtr(account);
  if (p == 0) return OK;
  const vLo = resLo, vHi = resHi;
  const dLo = ld(p, VA_DELEGATED_VESTING), dHi = ldh(p, VA_DELEGATED_VESTING);
  if (lt(vLo, vHi, dLo, dHi)) return setResult(0, 0);
  return setResult(vLo - dLo, vHi - dHi - u64(vLo < dLo));
}

/**
 * TrackDelegation of `amount` from a vesting account (its balance covered it): the part still vesting and not yet delegated is delegated vesting (X = min(max(V - DV, 0), D)), the rest
 * delegated free (Y = D - X).
 */
export function trackDelegation(account: u32, aLo: u64, aHi: u64): i32 {
  const s = vestingSlot(account);
  if (s < 0 || (aLo | aHi) == 0) return OK;
  const e = vestingCoins(account);
  if (e != OK) return e;
  let vLo = resLo, vHi = resHi;
  vestingAccounts.touch(<u32>s);
  const p = vestingAccounts.ptr(<u32>s) + REC;
  const dvLo = ld(p, VA_DELEGATED_VESTING), dvHi = ldh(p, VA_DELEGATED_VESTING);
  // max(V - DV, 0)
  if (lt(vLo, vHi, dvLo, dvHi)) {
    vLo = 0;
    vHi = 0;
  } else {
    const lo = vLo - dvLo;
    vHi = vHi - dvHi - u64(vLo < dvLo);
    vLo = lo;
  }
  // X = min(that, D), Y = D - X
  let xLo = vLo, xHi = vHi;
  if (lt(aLo, aHi, xLo, xHi)) {
    xLo = aLo;
    xHi = aHi;
  }
  const yLo = aLo - xLo, yHi = aHi - xHi - u64(aLo < xLo);
  addAt(p, VA_DELEGATED_VESTING, xLo, xHi);
  addAt(p, VA_DELEGATED_FREE, yLo, yHi);
  return OK;
}

/** TrackUndelegation of `amount` back to a vesting account: free first (X = min(DF, D)), then vesting (Y = min(DV, D - X)). */
export function trackUndelegation(account: u32, aLo: u64, aHi: u64): i32 {
  const s = vestingSlot(account);
  if (s < 0 || (aLo | aHi) == 0) return OK;
  vestingAccounts.touch(<u32>s);
  const p = vestingAccounts.ptr(<u32>s) + REC;
  let xLo = ld(p, VA_DELEGATED_FREE), xHi = ldh(p, VA_DELEGATED_FREE);
  if (lt(aLo, aHi, xLo, xHi)) {
    xLo = aLo;
    xHi = aHi;
  }
  const rLo = aLo - xLo, rHi = aHi - xHi - u64(aLo < xLo);
  let yLo = ld(p, VA_DELEGATED_VESTING), yHi = ldh(p, VA_DELEGATED_VESTING);
  if (lt(rLo, rHi, yLo, yHi)) {
    yLo = rLo;
    yHi = rHi;
  }
  subAt(p, VA_DELEGATED_FREE, xLo, xHi);
  subAt(p, VA_DELEGATED_VESTING, yLo, yHi);
  return OK;
}

function addAt(p: usize, off: i32, lo: u64, hi: u64): void {
  const oLo = ld(p, off), oHi = ldh(p, off);
  const n = oLo + lo;
  st(p, off, n, oHi + hi + u64(n < oLo));
}

function subAt(p: usize, off: i32, lo: u64, hi: u64): void {
  const oLo = ld(p, off), oHi = ldh(p, off);
  st(p, off, oLo - lo, oHi - hi - u64(oLo < lo));
}
