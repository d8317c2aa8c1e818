// The events of the last core message, in the order they happened: x/bank's coin movements and
// x/distribution's withdrawals and withdraw addresses as the SDK's keepers announce them inside a
// message, and the tier events (REFERENCE.md §10, plus three of ours for decision 8 and deposits):
// the decoder of the core's event records (assembly/abi/message-event.ts, assembly/ledger/out.ts).

import type { Core } from "./core.js";
import type { Tier } from "./tier.js";
import type { Position } from "./position.js";
import type { BlockOutcome } from "./ledger-records.js";
import {
  EV_TYPE, EV_TIER, EV_POSITION, EV_OWNER, EV_VALIDATOR, EV_DST_VALIDATOR, EV_FLAG, EV_AMOUNT, EV_AMOUNT2, EV_TIME,
  EV_PEER, EV_SIZE, EVT_COIN_TRANSFER, EVT_COIN_DELEGATION, EVT_WITHDRAW_REWARDS, EVT_SET_WITHDRAW_ADDRESS, EVT_TIER_CHANGED, EVT_POSITION_CREATED, EVT_DELEGATION_COMMITTED, EVT_BASE_REWARDS_CLAIMED,
  EVT_BONUS_REWARDS_CLAIMED, EVT_POSITION_UNDELEGATED, EVT_POSITION_REDELEGATED, EVT_POSITION_AMOUNT_ADDED,
  EVT_EXIT_TRIGGERED, EVT_EXIT_CLEARED, EVT_TIER_REWARDS_CLAIMED, EVT_POSITION_WITHDRAWN, EVT_EXIT_TIER_WITH_DELEGATION,
  EVT_BONUS_OWED, EVT_OWED_BONUS_PAID, EVT_POOL_FUNDED, TIER_NEW, TIER_UPDATE, TIER_DELETE,
} from "./abi.gen.js";

export type TierChangeAction = "TIER_CHANGE_ACTION_NEW" | "TIER_CHANGE_ACTION_UPDATE" | "TIER_CHANGE_ACTION_DELETE";

export type MessageEvent =
  | { type: "EventTierChanged"; action: TierChangeAction; tierId: number; tier?: Tier }
  | { type: "EventPositionCreated" | "EventDelegationCommitted"; positionId: bigint; tierId: number; owner: number; validator: number; amount: bigint; position?: Position }
  | { type: "EventBaseRewardsClaimed" | "EventBonusRewardsClaimed"; positionId: bigint; owner: number; rewards: bigint }
  | { type: "EventPositionUndelegated"; positionId: bigint; tierId: number; owner: number; validator: number; completionTime: bigint }
  | { type: "EventPositionRedelegated"; positionId: bigint; tierId: number; owner: number; srcValidator: number; dstValidator: number; completionTime: bigint }
  | { type: "EventPositionAmountAdded"; positionId: bigint; tierId: number; owner: number; sharesAdded: bigint; amountAdded: bigint }
  | { type: "EventExitTriggered"; positionId: bigint; tierId: number; owner: number; exitUnlockAt: bigint }
  | { type: "EventExitCleared"; positionId: bigint; tierId: number; owner: number }
  | { type: "EventTierRewardsClaimed"; owner: number; baseRewards: bigint; bonusRewards: bigint }
  | { type: "EventPositionWithdrawn"; positionId: bigint; tierId: number; owner: number; amount: bigint; position?: Position }
  | { type: "EventExitTierWithDelegation"; positionId: bigint; tierId: number; owner: number; validator: number; transferredAmount: bigint; transferredShares: bigint; fullExit: boolean }
  | { type: "EventBonusOwed"; positionId: bigint; owner: number; amount: bigint }
  | { type: "EventOwedBonusPaid"; owner: number; amount: bigint; stillOwed: bigint }
  | { type: "EventRewardsPoolFunded"; from: number; amount: bigint }
  | { type: "EventBaseRewardsTopUp"; topUp: bigint }
  /** x/bank SendCoins: coin_spent, coin_received, transfer, message. */
  | { type: "CoinTransfer"; from: number; to: number; amount: bigint }
  /** x/bank DelegateCoins / UndelegateCoins: coin_spent, coin_received. */
  | { type: "CoinDelegation"; from: number; to: number; amount: bigint }
  /** x/distribution withdraw_rewards (after the payment; zero too). */
  | { type: "WithdrawRewards"; delegator: number; validator: number; amount: bigint }
  /** x/distribution set_withdraw_address. */
  | { type: "SetWithdrawAddress"; delegator: number; address: number };

/** The per-block top-up as its event (none when nothing was topped up). */
export function topUpEvent(outcome: BlockOutcome): MessageEvent[] {
  return outcome.topUp > 0n ? [{ type: "EventBaseRewardsTopUp", topUp: outcome.topUp }] : [];
}

const EVENT_NAMES: Record<number, MessageEvent["type"]> = {
  [EVT_TIER_CHANGED]: "EventTierChanged",
  [EVT_POSITION_CREATED]: "EventPositionCreated",
  [EVT_DELEGATION_COMMITTED]: "EventDelegationCommitted",
  [EVT_BASE_REWARDS_CLAIMED]: "EventBaseRewardsClaimed",
  [EVT_BONUS_REWARDS_CLAIMED]: "EventBonusRewardsClaimed",
  [EVT_POSITION_UNDELEGATED]: "EventPositionUndelegated",
  [EVT_POSITION_REDELEGATED]: "EventPositionRedelegated",
  [EVT_POSITION_AMOUNT_ADDED]: "EventPositionAmountAdded",
  [EVT_EXIT_TRIGGERED]: "EventExitTriggered",
  [EVT_EXIT_CLEARED]: "EventExitCleared",
  [EVT_TIER_REWARDS_CLAIMED]: "EventTierRewardsClaimed",
  [EVT_POSITION_WITHDRAWN]: "EventPositionWithdrawn",
  [EVT_EXIT_TIER_WITH_DELEGATION]: "EventExitTierWithDelegation",
  [EVT_BONUS_OWED]: "EventBonusOwed",
  [EVT_OWED_BONUS_PAID]: "EventOwedBonusPaid",
  [EVT_POOL_FUNDED]: "EventRewardsPoolFunded",
  [EVT_COIN_TRANSFER]: "CoinTransfer",
  [EVT_COIN_DELEGATION]: "CoinDelegation",
  [EVT_WITHDRAW_REWARDS]: "WithdrawRewards",
  [EVT_SET_WITHDRAW_ADDRESS]: "SetWithdrawAddress",
};
const ACTIONS: Record<number, TierChangeAction> = {
  [TIER_NEW]: "TIER_CHANGE_ACTION_NEW",
  [TIER_UPDATE]: "TIER_CHANGE_ACTION_UPDATE",
  [TIER_DELETE]: "TIER_CHANGE_ACTION_DELETE",
};

/** The last core message's events (tiersEventsPtr, tiersEventCount). */
const u32 = (dv: DataView, p: number): number => dv.getUint32(p, true);
const u64 = (dv: DataView, p: number): bigint => dv.getBigUint64(p, true);
const i64 = (dv: DataView, p: number): bigint => dv.getBigInt64(p, true);
function u128(dv: DataView, p: number): bigint {
  const lo = dv.getBigUint64(p, true);
  const hi = dv.getBigUint64(p + 8, true);
  return hi === 0n ? lo : lo | (hi << 64n);
}

export function readMessageEvents(core: Core): MessageEvent[] {
  const n = core.exports.tiersEventCount();
  if (n === 0) return [];
  const base = core.exports.tiersEventsPtr();
  // One view for the whole read (no core call between), and of each record only the fields its
  // type carries: a claim or an add leaves several events (coin movements, withdraw_rewards, the
  // tier's own), and reading every field of each as bigints was most of the message's host time.
  // (Module-level readers taking the view: a closure made per call costs more than the reads.)
  const dv = core.memoryView();
  const out: MessageEvent[] = [];
  for (let i = 0; i < n; i++) {
    const p = base + i * EV_SIZE;
    const type = EVENT_NAMES[u32(dv, p + EV_TYPE)];
    switch (type) {
      case "EventTierChanged":
        out.push({ type, action: ACTIONS[u32(dv, p + EV_FLAG)]!, tierId: u32(dv, p + EV_TIER) });
        break;
      case "EventPositionCreated":
      case "EventDelegationCommitted":
        out.push({ type, positionId: u64(dv, p + EV_POSITION), tierId: u32(dv, p + EV_TIER), owner: u32(dv, p + EV_OWNER), validator: u32(dv, p + EV_VALIDATOR), amount: u128(dv, p + EV_AMOUNT) });
        break;
      case "EventBaseRewardsClaimed":
      case "EventBonusRewardsClaimed":
        out.push({ type, positionId: u64(dv, p + EV_POSITION), owner: u32(dv, p + EV_OWNER), rewards: u128(dv, p + EV_AMOUNT) });
        break;
      case "EventPositionUndelegated":
        out.push({ type, positionId: u64(dv, p + EV_POSITION), tierId: u32(dv, p + EV_TIER), owner: u32(dv, p + EV_OWNER), validator: u32(dv, p + EV_VALIDATOR), completionTime: i64(dv, p + EV_TIME) });
        break;
      case "EventPositionRedelegated":
        out.push({
          type, positionId: u64(dv, p + EV_POSITION), tierId: u32(dv, p + EV_TIER), owner: u32(dv, p + EV_OWNER), srcValidator: u32(dv, p + EV_VALIDATOR),
          dstValidator: u32(dv, p + EV_DST_VALIDATOR), completionTime: i64(dv, p + EV_TIME),
        });
        break;
      case "EventPositionAmountAdded":
        out.push({ type, positionId: u64(dv, p + EV_POSITION), tierId: u32(dv, p + EV_TIER), owner: u32(dv, p + EV_OWNER), sharesAdded: u128(dv, p + EV_AMOUNT2), amountAdded: u128(dv, p + EV_AMOUNT) });
        break;
      case "EventExitTriggered":
        out.push({ type, positionId: u64(dv, p + EV_POSITION), tierId: u32(dv, p + EV_TIER), owner: u32(dv, p + EV_OWNER), exitUnlockAt: i64(dv, p + EV_TIME) });
        break;
      case "EventExitCleared":
        out.push({ type, positionId: u64(dv, p + EV_POSITION), tierId: u32(dv, p + EV_TIER), owner: u32(dv, p + EV_OWNER) });
        break;
      case "EventTierRewardsClaimed":
        out.push({ type, owner: u32(dv, p + EV_OWNER), baseRewards: u128(dv, p + EV_AMOUNT), bonusRewards: u128(dv, p + EV_AMOUNT2) });
        break;
      case "EventPositionWithdrawn":
        out.push({ type, positionId: u64(dv, p + EV_POSITION), tierId: u32(dv, p + EV_TIER), owner: u32(dv, p + EV_OWNER), amount: u128(dv, p + EV_AMOUNT) });
        break;
      case "EventExitTierWithDelegation":
        out.push({
          type, positionId: u64(dv, p + EV_POSITION), tierId: u32(dv, p + EV_TIER), owner: u32(dv, p + EV_OWNER), validator: u32(dv, p + EV_VALIDATOR),
          transferredAmount: u128(dv, p + EV_AMOUNT), transferredShares: u128(dv, p + EV_AMOUNT2), fullExit: u32(dv, p + EV_FLAG) !== 0,
        });
        break;
      case "EventBonusOwed":
        out.push({ type, positionId: u64(dv, p + EV_POSITION), owner: u32(dv, p + EV_OWNER), amount: u128(dv, p + EV_AMOUNT) });
        break;
      case "EventOwedBonusPaid":
        out.push({ type, owner: u32(dv, p + EV_OWNER), amount: u128(dv, p + EV_AMOUNT), stillOwed: u128(dv, p + EV_AMOUNT2) });
        break;
      case "EventRewardsPoolFunded":
        out.push({ type, from: u32(dv, p + EV_OWNER), amount: u128(dv, p + EV_AMOUNT) });
        break;
      case "CoinTransfer":
      case "CoinDelegation":
        out.push({ type, from: u32(dv, p + EV_OWNER), to: u32(dv, p + EV_PEER), amount: u128(dv, p + EV_AMOUNT) });
        break;
      case "WithdrawRewards":
        out.push({ type, delegator: u32(dv, p + EV_OWNER), validator: u32(dv, p + EV_VALIDATOR), amount: u128(dv, p + EV_AMOUNT) });
        break;
      case "SetWithdrawAddress":
        out.push({ type, delegator: u32(dv, p + EV_OWNER), address: u32(dv, p + EV_PEER) });
        break;
      default:
        throw new Error(`unknown message event ${u32(dv, p + EV_TYPE)}`);
    }
  }
  return out;
}
