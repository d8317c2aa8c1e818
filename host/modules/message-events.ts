// The core's events of a message (host/core/message-events.ts) as the SDK's, in the order they
// happened: x/bank's coin movements, x/distribution's withdrawals and withdraw addresses, and
// x/tieredrewards' typed events, each rendered by its module with bech32 addresses and coins in
// the bond denom.

import type { MessageEvent } from "../core/message-events.js";
import { delegateCoinsEvents, sendCoinsEvents } from "./bank/events.js";
import { setWithdrawAddressEvent, withdrawRewardsEvent } from "./distribution/events.js";
import { renderTierEvent } from "./tieredrewards/events.js";
import type { MessageContext } from "../framework/context.js";
import type { TxEvent } from "../framework/events.js";

/** `claimedIds`: a claim's position ids (EventTierRewardsClaimed lists them). */
export function renderMessageEvents(ctx: MessageContext, events: readonly MessageEvent[], claimedIds: readonly bigint[] = []): TxEvent[] {
  const account = (id: number) => ctx.directory.accountAddress(id) ?? "";
  const coins = (amount: bigint) => `${amount}${ctx.denom}`;
  return events.flatMap((e): TxEvent[] => {
    switch (e.type) {
      case "CoinTransfer":
        return sendCoinsEvents(account(e.from), account(e.to), coins(e.amount));
      case "CoinDelegation":
        return delegateCoinsEvents(account(e.from), account(e.to), coins(e.amount));
      case "WithdrawRewards":
        return [withdrawRewardsEvent(coins(e.amount), ctx.directory.validatorAddress(e.validator) ?? "", account(e.delegator))];
      case "SetWithdrawAddress":
        return [setWithdrawAddressEvent(account(e.address))];
      default:
        return [renderTierEvent(ctx, e, claimedIds)];
    }
  });
}
