// Restart from the durable copy: the host reloads every record (store/table.ts `restore`), then
// this rebuilds what is derived from them in memory and sets the emission engine's position.

import { OK } from "../errors";
import { add, resLo, resHi } from "../dec/dec";
import * as emission from "../emission/emission";
import { balances } from "./bank";
import { entries, queue, U_COMPLETION } from "./unbonding";
import { redelegationEntries, redelegationQueue, R_COMPLETION } from "./redelegations";
import { restoreRanking } from "./valset";

/**
 * Rebuild the maturity queues and the validator ranking from the reloaded tables; set the
 * emission state at `height` with the total supply (the sum of all balances) and the burned
 * balances (integer at `burned`).
 */
export function rebuild(height: u64, burned: usize): i32 {
  for (let s: u32 = 0; s < entries.slotCount; s++) {
    if (entries.isLive(s)) queue.push(load<i64>(entries.ptr(s) + <usize>U_COMPLETION), load<u64>(entries.ptr(s)));
  }
  for (let s: u32 = 0; s < redelegationEntries.slotCount; s++) {
    if (!redelegationEntries.isLive(s)) continue;
    const p = redelegationEntries.ptr(s);
    redelegationQueue.push(load<i64>(p + <usize>R_COMPLETION), load<u64>(p));
  }
  restoreRanking();
  let lo: u64 = 0, hi: u64 = 0;
  for (let s: u32 = 0; s < balances.slotCount; s++) {
    if (!balances.isLive(s)) continue;
    const p = balances.ptr(s);
    const e = add(lo, hi, load<u64>(p, 8), load<u64>(p, 16));
    if (e != OK) return e;
    lo = resLo;
    hi = resHi;
  }
  const supply = heap.alloc(16);
  store<u64>(supply, lo);
  store<u64>(supply, hi, 8);
  const e = emission.setState(height, supply, burned);
  heap.free(supply);
  return e;
}
