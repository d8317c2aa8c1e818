// x/tieredrewards' queries (tier/queries.ts): tiers (abi/tier.ts), positions (abi/position.ts),
// voting power, estimates, a validator's events (abi/validator-event.ts) and the invariants.

import { OK } from "../errors";
import { scratchBegin, scratchEnd } from "../store/tx";
import * as ledgerBlock from "../ledger/block";
import * as tierClaim from "../tier/claim";
import * as tierQueries from "../tier/queries";
import * as tierOut from "../ledger/out";
import * as tierState from "../tier/state";
import { LP_TARGET_RATE } from "../abi/ledger-params";
import { U128_HIGH } from "../abi/operands";
import { LIST_ALL, LIST_OF_OWNER } from "../abi/position";
import {
  VD_OUT_SEQ, VD_OUT_POSITIONS, VEV_HEIGHT, VEV_TIME, VEV_TYPE, VEV_TOKENS_PER_SHARE, VEV_REFS,
} from "../abi/validator-event";
import { put, store128 } from "./operands";
import { tiersResult } from "./tier-messages";

/** The target base rewards rate in force (Dec) to `dst`. */
export function tiersTargetRate(dst: usize): i32 {
  const rate = ledgerBlock.ledgerParams + <usize>LP_TARGET_RATE;
  store128(dst, load<u64>(rate), load<u64>(rate, U128_HIGH));
  return OK;
}
/** A tier's record (abi/tier.ts), or 0. */
export function tiersTierPtr(id: u32): usize {
  const s = tierState.tiers.find(<u64>id);
  return s < 0 ? 0 : tierState.tiers.ptr(<u32>s);
}
/** The tier ids, ascending, as u32s at `out`; returns the count. */
export function tiersTierIds(out: usize): i32 {
  let n = 0;
  const t = tierState.tiers;
  for (let s: u32 = 0; s < t.slotCount; s++) {
    if (!t.isLive(s)) continue;
    const id = <u32>load<u64>(t.ptr(s));
    let j = n;
    while (j > 0 && load<u32>(out + (<usize>(j - 1) << 2)) > id) {
      store<u32>(out + (<usize>j << 2), load<u32>(out + (<usize>(j - 1) << 2)));
      j--;
    }
    store<u32>(out + (<usize>j << 2), id);
    n++;
  }
  return n;
}
/** The position view (abi/position.ts) at `out`. */
export function tiersPosition(id: u64, out: usize): i32 {
  return tierQueries.position(id, out);
}
/** Up to `limit` ids of a list (abi/position.ts LIST_*) after `after - 1` (0: from the start) to `out`. */
export function tiersList(kind: i32, key: u64, after: u64, limit: i32, out: usize): i32 {
  return tierQueries.list(kind, key, after, limit, out);
}
/** The next page's `after` of the last tiersList (0: none). */
export function tiersListNextKey(): u64 {
  return tierQueries.nextKey;
}
/** The positions of a list (LIST_*). */
export function tiersListCount(kind: i32, key: u64): u64 {
  return tierQueries.listCount(kind, key);
}
/** The id the next position gets. */
export function tiersNextPositionId(): u64 {
  const s = tierState.globals.find(0);
  return s < 0 ? 0 : load<u64>(tierState.globals.ptr(<u32>s) + <usize>tierState.G_NEXT_ID);
}
/** Bonus owed to `owner` (integer) to `dst`. */
export function tiersOwed(dst: usize, owner: u32): i32 {
  return put(dst, tierQueries.owed(owner));
}
/** Voting power (Dec) of an owner's positions to `dst`. */
export function tiersVotingPower(dst: usize, owner: u32): i32 {
  return put(dst, tierQueries.votingPower(LIST_OF_OWNER, owner));
}
/** Voting power (Dec) of all positions to `dst`. */
export function tiersTotalVotingPower(dst: usize): i32 {
  return put(dst, tierQueries.votingPower(LIST_ALL, 0));
}
/** Shares (Dec) of the positions on a bonded validator, deducted from its own vote in a tally, to `dst`. */
export function tiersDeductedShares(dst: usize, validator: u32): i32 {
  return put(dst, tierQueries.deductedShares(validator));
}
/** Base and bonus a claim of position `id` would pay now (two integers at `dst`), on a throw-away transaction. */
export function tiersEstimate(dst: usize, id: u64): i32 {
  const scratch = scratchBegin();
  const e = tierClaim.estimate(id);
  scratchEnd(scratch);
  tierOut.resetEvents();
  if (e == OK) tiersResult(dst);
  return e;
}
/** Per validator: current event sequence and delegated positions (abi/validator-event.ts VD_OUT_*) at `out`. */
export function tiersValidatorData(validator: u32, out: usize): void {
  store<u64>(out, tierState.currentSeq(validator), VD_OUT_SEQ);
  store<u64>(out, tierState.delegatedCount(validator), VD_OUT_POSITIONS);
}
/**
 * A validator's live event `seq` (abi/validator-event.ts VEV_*) at `out`: 1 if found, 0 if not
 * (replayed by every position).
 */
export function tiersValidatorEvent(validator: u32, seq: u64, out: usize): i32 {
  const s = tierState.validatorEvents.find(tierState.eventKey(validator, seq));
  if (s < 0) return 0;
  const p = tierState.validatorEvents.ptr(<u32>s);
  store<u64>(out, load<u64>(p + <usize>tierState.VE_HEIGHT), VEV_HEIGHT);
  store<i64>(out, load<i64>(p + <usize>tierState.VE_TIME), VEV_TIME);
  store<u32>(out, load<u32>(p + <usize>tierState.VE_TYPE), VEV_TYPE);
  const tps = p + <usize>tierState.VE_TPS;
  store128(out + VEV_TOKENS_PER_SHARE, load<u64>(tps), load<u64>(tps, U128_HIGH));
  store<u64>(out, load<u64>(p + <usize>tierState.VE_REFS), VEV_REFS);
  return 1;
}
/** Live validator events (all validators). */
export function tiersEventRecords(): u32 {
  return tierState.validatorEvents.size;
}
/** The positions' invariants: 0 if all hold, else a bit set (tier/queries.ts). O(state). */
export function tiersCheckInvariants(): i32 {
  return tierQueries.check();
}
