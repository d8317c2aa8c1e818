// What a x/tieredrewards message leaves for the host besides its events (exports/tier-messages.ts
// reads them after it succeeds): the position it created or acted on, a time, two amounts and a
// flag; after a failure, the amounts its error message quotes. Only this file writes them.

import { ERR_TR_INVALID_REQUEST, setErrorArg } from "../errors";

// Results of the last message, for the host.
export let lastPositionId: u64 = 0;
export let lastTime: i64 = 0; // exit_unlock_at or completion time
export let outALo: u64 = 0, outAHi: u64 = 0; // claimed base; transferred amount; withdrawn amount
export let outBLo: u64 = 0, outBHi: u64 = 0; // claimed bonus; transferred shares
export let outFlag: bool = false; // full exit
// The two amounts of the last error message that quotes them (12: bonus and pool; 8: amount and value; 9: remaining and minimum).
export let errALo: u64 = 0, errAHi: u64 = 0, errBLo: u64 = 0, errBHi: u64 = 0;

export function setPositionId(id: u64): void {
  lastPositionId = id;
}

export function setTime(t: i64): void {
  lastTime = t;
}

export function setAmountA(lo: u64, hi: u64): void {
  outALo = lo;
  outAHi = hi;
}

export function setAmountB(lo: u64, hi: u64): void {
  outBLo = lo;
  outBHi = hi;
}

export function setFullExit(full: bool): void {
  outFlag = full;
}

/** `code`, with the two amounts its message quotes. */
export function errAmounts(code: i32, aLo: u64, aHi: u64, bLo: u64, bHi: u64): i32 {
  errALo = aLo;
  errAHi = aHi;
  errBLo = bLo;
  errBHi = bHi;
  return code;
}

/** ERR_TR_INVALID_REQUEST for rule `rule` (errorArg). */
export function invalidRequest(rule: i64): i32 {
  setErrorArg(rule);
  return ERR_TR_INVALID_REQUEST;
}
