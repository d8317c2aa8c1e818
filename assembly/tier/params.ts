// x/tieredrewards params (REFERENCE.md §3.1) as one record (key 0), so that a governance change
// is journaled, persisted, hashed and undone by an aborted transaction like any other state. The
// ledger's parameters (ledger/block.ts LP_TARGET_RATE) are the per-block loop's copy of it: set
// again after every change, abort and restore. No record: the host's configured value stands.

import { Table } from "../store/table";
import { OK, ERR_INVALID_PARAMS, setErrorArg } from "../errors";
import { POW18 } from "../math/limbs";
import { ledgerParams, configure } from "../ledger/block";
import { LP_TARGET_RATE } from "../abi/ledger-params";
import { globals, G_NEXT_ID, G_COUNT } from "./state";
import { T_TIER_PARAMS } from "../store/table-ids";

export const TP_TARGET_RATE: i32 = 8; // Dec in [0, 1]
export const tierParams = new Table(24, T_TIER_PARAMS);

/** MsgUpdateParams: the target base rewards rate (Dec), in [0, 1] (errorArg 5 as ledger configure). */
export function setTargetRate(lo: u64, hi: u64): i32 {
  if (hi != 0 || lo > POW18) {
    setErrorArg(5);
    return ERR_INVALID_PARAMS;
  }
  const p = tierParams.ptr(tierParams.upsert(0));
  store<u64>(p + <usize>TP_TARGET_RATE, lo);
  store<u64>(p + <usize>TP_TARGET_RATE, hi, 8);
  return syncParams();
}

// The rate the host configured (ledgerConfigure: the genesis's), in force while there is no record.
let configuredLo: u64 = 0;
let configuredHi: u64 = 0;

/** After the host configured the ledger: its rate is what stands without a record. */
export function noteConfigured(): void {
  configuredLo = load<u64>(ledgerParams + <usize>LP_TARGET_RATE);
  configuredHi = load<u64>(ledgerParams + <usize>LP_TARGET_RATE, 8);
}

/**
 * The ledger's copy of the params record, after a change, an abort or a restore; without a
 * record (none set yet, or the one an aborted transaction created undone) the configured rate.
 */
export function syncParams(): i32 {
  const s = tierParams.find(0);
  let lo = configuredLo, hi = configuredHi;
  if (s >= 0) {
    const p = tierParams.ptr(<u32>s);
    lo = load<u64>(p + <usize>TP_TARGET_RATE);
    hi = load<u64>(p + <usize>TP_TARGET_RATE, 8);
  }
  store<u64>(ledgerParams + <usize>LP_TARGET_RATE, lo);
  store<u64>(ledgerParams + <usize>LP_TARGET_RATE, hi, 8);
  return configure();
}

/** Genesis `next_position_id`: only before any position exists, and never backwards. */
export function setNextPositionId(id: u64): i32 {
  const s = globals.find(0);
  if (s >= 0) {
    const g = globals.ptr(<u32>s);
    if (load<u64>(g + <usize>G_COUNT) != 0 || id < load<u64>(g + <usize>G_NEXT_ID)) {
      setErrorArg(9);
      return ERR_INVALID_PARAMS;
    }
  }
  store<u64>(globals.ptr(globals.upsert(0)) + <usize>G_NEXT_ID, id);
  return OK;
}
