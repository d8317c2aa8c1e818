// x/tieredrewards' events (REFERENCE §10): the core's tier events as the schema's typed events,
// rendered as the reference does (type `chainmain.tieredrewards.v1.EventX`, one attribute per
// field, keys sorted, each value the field's proto-JSON).

import type { Position } from "../../core/tiers.js";
import type { MessageEvent } from "../../core/message-events.js";
import { timestampOf } from "../../wire/gateway-json.js";
import * as ev from "../../wire/gen/chainmain/tieredrewards/v1/event_pb.js";
import { positionRecord, tierDef, tierMessage } from "./queries.js";
import type { MessageContext } from "../../framework/context.js";
import { typedEvent, type TxEvent } from "../../framework/events.js";

const ACTION_NUMBERS = { TIER_CHANGE_ACTION_NEW: 1, TIER_CHANGE_ACTION_UPDATE: 2, TIER_CHANGE_ACTION_DELETE: 3 } as const;

/** The core's events that are x/tieredrewards'. */
export type TierEvent = Exclude<MessageEvent, { type: "CoinTransfer" | "CoinDelegation" | "WithdrawRewards" | "SetWithdrawAddress" }>;

/** A tier event of the core as the schema's typed event (event.proto), addresses bech32, coins in the bond denom. */
export function renderTierEvent(ctx: MessageContext, e: TierEvent, claimedIds: readonly bigint[] = []): TxEvent {
  const dir = ctx.directory;
  const account = (id: number) => dir.accountAddress(id) ?? "";
  const validator = (id: number) => dir.validatorAddress(id) ?? "";
  const coin = (amount: bigint) => ({ denom: ctx.denom, amount: `${amount}` });
  const coins = (amount: bigint) => (amount === 0n ? [] : [coin(amount)]);
  const position = (p: Position | undefined) => (p === undefined ? undefined : positionRecord(p, account));
  {
    switch (e.type) {
      case "EventTierChanged":
        return typedEvent(ev.EventTierChangedSchema, { action: ACTION_NUMBERS[e.action], tier: e.tier === undefined ? undefined : tierMessage(tierDef(e.tier)) });
      case "EventPositionCreated":
        return typedEvent(ev.EventPositionCreatedSchema, { position: position(e.position) });
      case "EventDelegationCommitted":
        return typedEvent(ev.EventDelegationCommittedSchema, { position: position(e.position) });
      case "EventBaseRewardsClaimed":
        return typedEvent(ev.EventBaseRewardsClaimedSchema, { positionId: e.positionId, owner: account(e.owner), rewards: coins(e.rewards) });
      case "EventBonusRewardsClaimed":
        return typedEvent(ev.EventBonusRewardsClaimedSchema, { positionId: e.positionId, owner: account(e.owner), rewards: coins(e.rewards) });
      case "EventPositionUndelegated":
        return typedEvent(ev.EventPositionUndelegatedSchema, {
          positionId: e.positionId, tierId: e.tierId, owner: account(e.owner), validator: validator(e.validator), completionTime: timestampOf(e.completionTime),
        });
      case "EventPositionRedelegated":
        return typedEvent(ev.EventPositionRedelegatedSchema, {
          positionId: e.positionId, tierId: e.tierId, owner: account(e.owner), srcValidator: validator(e.srcValidator),
          dstValidator: validator(e.dstValidator), completionTime: timestampOf(e.completionTime),
        });
      case "EventPositionAmountAdded":
        return typedEvent(ev.EventPositionAmountAddedSchema, {
          positionId: e.positionId, tierId: e.tierId, owner: account(e.owner), sharesAdded: `${e.sharesAdded}`, amountAdded: `${e.amountAdded}`,
        });
      case "EventExitTriggered":
        return typedEvent(ev.EventExitTriggeredSchema, { positionId: e.positionId, tierId: e.tierId, owner: account(e.owner), exitUnlockAt: timestampOf(e.exitUnlockAt) });
      case "EventExitCleared":
        return typedEvent(ev.EventExitClearedSchema, { positionId: e.positionId, tierId: e.tierId, owner: account(e.owner) });
      case "EventTierRewardsClaimed":
        return typedEvent(ev.EventTierRewardsClaimedSchema, {
          owner: account(e.owner), positionIds: [...claimedIds], baseRewards: coins(e.baseRewards), bonusRewards: coins(e.bonusRewards),
        });
      case "EventPositionWithdrawn":
        return typedEvent(ev.EventPositionWithdrawnSchema, { position: position(e.position), amount: coins(e.amount) });
      case "EventExitTierWithDelegation":
        return typedEvent(ev.EventExitTierWithDelegationSchema, {
          positionId: e.positionId, tierId: e.tierId, owner: account(e.owner), validator: validator(e.validator),
          transferredAmount: `${e.transferredAmount}`, transferredShares: `${e.transferredShares}`, fullExit: e.fullExit,
        });
      case "EventBonusOwed":
        return typedEvent(ev.EventBonusOwedSchema, { positionId: e.positionId, owner: account(e.owner), amount: coins(e.amount) });
      case "EventOwedBonusPaid":
        return typedEvent(ev.EventOwedBonusPaidSchema, { owner: account(e.owner), amount: coins(e.amount), stillOwed: coins(e.stillOwed) });
      case "EventRewardsPoolFunded":
        return typedEvent(ev.EventRewardsPoolFundedSchema, { from: account(e.from), amount: coins(e.amount) });
      case "EventBaseRewardsTopUp":
        return typedEvent(ev.EventBaseRewardsTopUpSchema, { topUp: coin(e.topUp) });
    }
  }
}
