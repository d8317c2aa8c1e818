// x/distribution's events inside a message: a delegation's rewards withdrawn (after their payment,
// zero included: the SDK writes 0 of the bond denom), a withdraw address set.

import { event, type TxEvent } from "../../framework/events.js";

export function withdrawRewardsEvent(amount: string, validator: string, delegator: string): TxEvent {
  return event("withdraw_rewards", { amount, validator, delegator });
}

export function setWithdrawAddressEvent(address: string): TxEvent {
  return event("set_withdraw_address", { withdraw_address: address });
}
