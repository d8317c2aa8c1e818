// x/tieredrewards' governance messages (REFERENCE.md §4.1): add, update and delete a tier. An APY
// change first settles the tier's positions at the old APY (claim.ts), so no bonus is replayed at
// a rate that did not hold. They run in a store transaction like the user messages (positions.ts).

import {
  OK, setErrorArg, ERR_TR_TIER_EXISTS, ERR_TR_TIER_HAS_POSITIONS, ERR_TR_TIER_NOT_FOUND, ERR_TR_ZERO_TIER_ID,
  ERR_TR_INVALID_TIER, ERR_TR_EXIT_OUT_OF_RANGE, MAX_EXIT_SECONDS,
} from "../errors";
import { POW18 } from "../math/limbs";
import { ld, ldh, put } from "../ledger/fields";
import { tiers, positions } from "./state";
import { P_TIER_NEXT } from "../abi/position";
import { T_EXIT, T_APY, T_MIN_LOCK, T_CLOSE_ONLY, T_COUNT, T_HEAD } from "../abi/tier";
import { emit } from "../ledger/out";
import { EV_TIER, EV_FLAG, EVT_TIER_CHANGED, TIER_NEW, TIER_UPDATE, TIER_DELETE } from "../abi/message-event";
import { claim, resetClaimTotals } from "./claim";

function validTier(id: u32, exitSeconds: u64, apyLo: u64, apyHi: u64): i32 {
  // Beyond int64 ns the reference's decoder refuses the message before Validate runs: first.
  if (exitSeconds > MAX_EXIT_SECONDS) {
    setErrorArg(<i64>exitSeconds);
    return ERR_TR_EXIT_OUT_OF_RANGE;
  }
  if (id == 0) return ERR_TR_ZERO_TIER_ID;
  if (exitSeconds == 0) {
    setErrorArg(1);
    return ERR_TR_INVALID_TIER;
  }
  if (apyHi != 0 || apyLo > POW18) {
    setErrorArg(2);
    return ERR_TR_INVALID_TIER;
  }
  return OK;
}

function writeTier(id: u32, exitSeconds: u64, apyLo: u64, apyHi: u64, minLo: u64, minHi: u64, closeOnly: bool, action: u32): void {
  const t = tiers.ptr(tiers.upsert(<u64>id));
  store<u64>(t + <usize>T_EXIT, exitSeconds);
  put(t, T_APY, apyLo, apyHi);
  put(t, T_MIN_LOCK, minLo, minHi);
  store<u8>(t + <usize>T_CLOSE_ONLY, closeOnly ? 1 : 0);
  const ev = emit(EVT_TIER_CHANGED);
  store<u32>(ev + <usize>EV_TIER, id);
  store<u32>(ev + <usize>EV_FLAG, action);
}

/** MsgAddTier. Exit durations are whole seconds, at most MAX_EXIT_SECONDS (min lock is an integer, non-negative by type). */
export function addTier(id: u32, exitSeconds: u64, apyLo: u64, apyHi: u64, minLo: u64, minHi: u64, closeOnly: bool): i32 {
  if (tiers.find(<u64>id) >= 0) return ERR_TR_TIER_EXISTS;
  const e = validTier(id, exitSeconds, apyLo, apyHi);
  if (e != OK) return e;
  writeTier(id, exitSeconds, apyLo, apyHi, minLo, minHi, closeOnly, TIER_NEW);
  return OK;
}

/** MsgUpdateTier: an APY change first claims the tier's delegated positions at the old APY, ascending id. */
export function updateTier(id: u32, exitSeconds: u64, apyLo: u64, apyHi: u64, minLo: u64, minHi: u64, closeOnly: bool): i32 {
  const ts = tiers.find(<u64>id);
  if (ts < 0) return ERR_TR_TIER_NOT_FOUND;
  const t = tiers.ptr(<u32>ts);
  let e: i32;
  if (ld(t, T_APY) != apyLo || ldh(t, T_APY) != apyHi) {
    resetClaimTotals();
    let next = load<u64>(t + <usize>T_HEAD);
    while (next != 0) {
      const ps = <u32>positions.find(next - 1);
      next = load<u64>(positions.ptr(ps) + <usize>P_TIER_NEXT);
      e = claim(ps, true);
      if (e != OK) return e;
    }
  }
  e = validTier(id, exitSeconds, apyLo, apyHi);
  if (e != OK) return e;
  writeTier(id, exitSeconds, apyLo, apyHi, minLo, minHi, closeOnly, TIER_UPDATE);
  return OK;
}

/** MsgDeleteTier: refused while any position (undelegated included) remains. */
export function deleteTier(id: u32): i32 {
  const ts = tiers.find(<u64>id);
  if (ts < 0) return ERR_TR_TIER_NOT_FOUND;
  if (load<u64>(tiers.ptr(<u32>ts) + <usize>T_COUNT) != 0) return ERR_TR_TIER_HAS_POSITIONS;
  const ev = emit(EVT_TIER_CHANGED);
  store<u32>(ev + <usize>EV_TIER, id);
  store<u32>(ev + <usize>EV_FLAG, TIER_DELETE);
  tiers.remove(<u64>id);
  return OK;
}
