// x/tieredrewards' messages (tier/positions.ts, tier/governance.ts, issue #4): positions, tiers, the
// rewards pool. Each runs in a store transaction, like the ledger's; its events (abi/message-event.ts)
// are read with tiersEventsPtr / tiersEventCount after it succeeds, its amounts with tiersResult
// (abi/tier-result.ts; tier/results.ts).

import * as tierPositions from "../tier/positions";
import * as tierGovernance from "../tier/governance";
import * as tierResults from "../tier/results";
import * as tierOut from "../ledger/out";
import * as tierParams from "../tier/params";
import { AMOUNT_A, AMOUNT_B } from "../abi/tier-result";
import { lo, hi, store128 } from "./operands";
import { tierBegin, tierMessage } from "./transaction";

/** MsgLockTier: `amount` (integer at the pointer) of `owner` into a new position with its own `delegator` account. */
export function tiersLock(owner: u32, tier: u32, amount: usize, validator: u32, delegator: u32, trigger: i32): i32 {
  tierBegin();
  return tierMessage(tierPositions.lock(owner, tier, lo(amount), hi(amount), validator, delegator, trigger != 0));
}
/** MsgCommitDelegationToTier: `amount` of the signer's delegation on `validator` into a new position. */
export function tiersCommit(owner: u32, validator: u32, amount: usize, tier: u32, delegator: u32, trigger: i32): i32 {
  tierBegin();
  return tierMessage(tierPositions.commit(owner, validator, lo(amount), hi(amount), tier, delegator, trigger != 0));
}
/** MsgAddToTierPosition. */
export function tiersAdd(owner: u32, id: u64, amount: usize): i32 {
  tierBegin();
  return tierMessage(tierPositions.addToPosition(owner, id, lo(amount), hi(amount)));
}
/** MsgTriggerExitFromTier; the unlock time from tiersLastTime. */
export function tiersTriggerExit(owner: u32, id: u64): i32 {
  tierBegin();
  return tierMessage(tierPositions.triggerExit(owner, id));
}
/** MsgClearPosition. */
export function tiersClear(owner: u32, id: u64): i32 {
  tierBegin();
  return tierMessage(tierPositions.clearPosition(owner, id));
}
/** MsgTierRedelegate; the completion time from tiersLastTime. */
export function tiersRedelegate(owner: u32, id: u64, dst: u32): i32 {
  tierBegin();
  return tierMessage(tierPositions.redelegatePosition(owner, id, dst));
}
/** MsgTierUndelegate; the completion time from tiersLastTime. */
export function tiersUndelegate(owner: u32, id: u64): i32 {
  tierBegin();
  return tierMessage(tierPositions.undelegatePosition(owner, id));
}
/** MsgWithdrawFromTier; the amount from tiersResult (first integer). */
export function tiersWithdraw(owner: u32, id: u64): i32 {
  tierBegin();
  return tierMessage(tierPositions.withdrawPosition(owner, id));
}
/** MsgExitTierWithDelegation; transferred amount, shares and full_exit from tiersResult. */
export function tiersExitWithDelegation(owner: u32, id: u64, amount: usize): i32 {
  tierBegin();
  return tierMessage(tierPositions.exitWithDelegation(owner, id, lo(amount), hi(amount)));
}
/** MsgClaimTierRewards for `count` u64 ids at `ids`; base and bonus totals from tiersResult. */
export function tiersClaim(owner: u32, ids: usize, count: i32): i32 {
  tierBegin();
  return tierMessage(tierPositions.claimRewards(owner, ids, count));
}
/** A deposit of `amount` from `from` into the rewards pool. */
export function tiersFundRewardsPool(from: u32, amount: usize): i32 {
  tierBegin();
  return tierMessage(tierPositions.fundRewardsPool(from, lo(amount), hi(amount)));
}
/** MsgAddTier (governance): exit duration in seconds, bonus APY (Dec) and minimum lock (integer) at pointers. */
export function tiersAddTier(id: u32, exitSeconds: u64, apy: usize, minLock: usize, closeOnly: i32): i32 {
  tierBegin();
  return tierMessage(tierGovernance.addTier(id, exitSeconds, lo(apy), hi(apy), lo(minLock), hi(minLock), closeOnly != 0));
}
/** MsgUpdateTier (governance). */
export function tiersUpdateTier(id: u32, exitSeconds: u64, apy: usize, minLock: usize, closeOnly: i32): i32 {
  tierBegin();
  return tierMessage(tierGovernance.updateTier(id, exitSeconds, lo(apy), hi(apy), lo(minLock), hi(minLock), closeOnly != 0));
}
/** MsgDeleteTier (governance). */
export function tiersDeleteTier(id: u32): i32 {
  tierBegin();
  return tierMessage(tierGovernance.deleteTier(id));
}
/** MsgUpdateParams (governance): the target base rewards rate (Dec at the pointer), in [0, 1]. */
export function tiersSetTargetRate(rate: usize): i32 {
  tierBegin();
  return tierMessage(tierParams.setTargetRate(lo(rate), hi(rate)));
}
/** Genesis `next_position_id` (before any position). */
export function tiersSetNextPositionId(id: u64): i32 {
  tierBegin();
  return tierMessage(tierParams.setNextPositionId(id));
}
/** The last message's events (abi/message-event.ts), tiersEventCount() of them. */
export function tiersEventsPtr(): usize {
  return tierOut.eventsPtr();
}
export function tiersEventCount(): i32 {
  return tierOut.eventCount;
}
/** The id of the position the last MsgLockTier / MsgCommitDelegationToTier created. */
export function tiersLastPositionId(): u64 {
  return tierResults.lastPositionId;
}
/** The time (unix ns) the last message set: an exit's unlock, an unbonding's or redelegation's completion. */
export function tiersLastTime(): i64 {
  return tierResults.lastTime;
}
/** The last message's amounts (abi/tier-result.ts) at `dst`, and a flag (full exit) as the result. */
export function tiersResult(dst: usize): i32 {
  store128(dst + AMOUNT_A, tierResults.outALo, tierResults.outAHi);
  store128(dst + AMOUNT_B, tierResults.outBLo, tierResults.outBHi);
  return tierResults.outFlag ? 1 : 0;
}
/** The two amounts quoted by the last error of codes 8, 9 and 12 (abi/tier-result.ts) at `dst`. */
export function tiersErrorAmounts(dst: usize): void {
  store128(dst + AMOUNT_A, tierResults.errALo, tierResults.errAHi);
  store128(dst + AMOUNT_B, tierResults.errBLo, tierResults.errBHi);
}
