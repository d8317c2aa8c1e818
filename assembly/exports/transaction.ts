// Transactions over the store: a failed message aborts and leaves no trace. Inside one the host
// opened (storeTxBegin), the message exports join it instead of opening their own, so the host can
// make a whole signed transaction (fee apart) atomic over several messages; inside that, savepoints
// (storeSavepoint) undo a nested step's changes alone (the SDK's cached context in a tx: x/group's
// proposal execution). index.ts re-exports only the store exports; the helpers are for the message
// exports.

import { OK } from "../errors";
import * as tables from "../store/tx";
import * as emission from "../emission/emission";
import * as tierOut from "../ledger/out";
import * as tierParams from "../tier/params";
import { STATE_TOTAL_SUPPLY } from "../abi/emission-state";
import { U128_HIGH } from "../abi/operands";

let hostTx = false;
let txSupplyLo: u64 = 0, txSupplyHi: u64 = 0;
/** The total supply at each open savepoint (level i at 2(i-1), 2(i-1)+1). */
const spSupply = new StaticArray<u64>(64);

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

/**
 * Open a savepoint inside the host's transaction: its level (1 the outermost), for
 * storeRollbackTo / storeReleaseSavepoint; 0 outside a transaction or past 32 levels.
 */
export function storeSavepoint(): i32 {
  if (!hostTx) return 0;
  const sp = tables.txSavepoint();
  if (sp > 0) {
    const st = emission.state + <usize>STATE_TOTAL_SUPPLY;
    unchecked(spSupply[(sp - 1) << 1] = load<u64>(st));
    unchecked(spSupply[((sp - 1) << 1) + 1] = load<u64>(st, U128_HIGH));
  }
  return sp;
}

/**
 * Undo every change since savepoint `sp` (records, journal, total supply, the tier params' copy;
 * the current event list emptied) and close it and the levels inside it; 0 OK, 1 if `sp` is not open.
 */
export function storeRollbackTo(sp: i32): i32 {
  if (!hostTx || !tables.txRollbackTo(sp)) return 1;
  const st = emission.state + <usize>STATE_TOTAL_SUPPLY;
  store<u64>(st, unchecked(spSupply[(sp - 1) << 1]));
  store<u64>(st, unchecked(spSupply[((sp - 1) << 1) + 1]), U128_HIGH);
  tierParams.syncParams();
  tierOut.resetEvents();
  return 0;
}

/** Close savepoint `sp` and the levels inside it, their changes kept by the enclosing level; 0 OK, 1 if `sp` is not open. */
export function storeReleaseSavepoint(sp: i32): i32 {
  if (!hostTx || !tables.txRelease(sp)) return 1;
  return 0;
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
