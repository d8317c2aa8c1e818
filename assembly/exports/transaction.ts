// Transactions over the store (not nested): a failed message aborts and leaves no trace. Inside
// one the host opened (storeTxBegin), the message exports join it instead of opening their own, so
// the host can make a whole signed transaction (fee apart) atomic over several messages. index.ts
// re-exports only the three store exports; the helpers are for the message exports.

import { OK } from "../errors";
import * as tables from "../store/table";
import * as emission from "../emission/emission";
import * as tierOut from "../ledger/out";
import * as tierParams from "../tier/params";
import { STATE_TOTAL_SUPPLY } from "../abi/emission-state";
import { U128_HIGH } from "../abi/operands";

let hostTx = false;
let txSupplyLo: u64 = 0, txSupplyHi: u64 = 0;

export function storeTxBegin(): void {
  tables.txBegin();
  hostTx = true;
  // The total supply is the emission state's, outside the tables' undo log: a slash inside the
  // transaction lowers it, so an abort puts it back with the records.
  const st = emission.state + <usize>STATE_TOTAL_SUPPLY;
  txSupplyLo = load<u64>(st);
  txSupplyHi = load<u64>(st, U128_HIGH);
}

export function storeTxCommit(): void {
  tables.txCommit();
  hostTx = false;
}

export function storeTxAbort(): void {
  tables.txAbort();
  const st = emission.state + <usize>STATE_TOTAL_SUPPLY;
  store<u64>(st, txSupplyLo);
  store<u64>(st, txSupplyHi, U128_HIGH);
  tierParams.syncParams();
  hostTx = false;
}

/** A message's own transaction, unless it runs inside the host's; a fresh event list (ledger/out.ts). */
export function txBegin(): void {
  if (!hostTx) tables.txBegin();
  tierOut.beginMessage();
}

/** End a message's own transaction: commit on OK, else abort; returns `e`. */
export function inTransaction(e: i32): i32 {
  if (hostTx) return e; // the host's transaction decides
  if (e == OK) tables.txCommit();
  else {
    tables.txAbort();
    tierParams.syncParams();
  }
  return e;
}

/** A tier message: its transaction and a fresh event list (ledger/out.ts). */
export function tierBegin(): void {
  txBegin();
}

/** End a tier message: a failure leaves no events. */
export function tierMessage(e: i32): i32 {
  if (e != OK) tierOut.resetEvents();
  return inTransaction(e);
}
