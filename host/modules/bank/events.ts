// x/bank's events of a coin movement inside a message, as its keeper announces it: SendCoins
// (coin_spent, coin_received, transfer, message{sender}); DelegateCoins and UndelegateCoins
// (coin_spent, coin_received).

import { event, type TxEvent } from "../../framework/events.js";

export function sendCoinsEvents(sender: string, recipient: string, amount: string): TxEvent[] {
  return [
    event("coin_spent", { spender: sender, amount }),
    event("coin_received", { receiver: recipient, amount }),
    event("transfer", { recipient, sender, amount }),
    event("message", { sender }),
  ];
}

export function delegateCoinsEvents(sender: string, recipient: string, amount: string): TxEvent[] {
  return [event("coin_spent", { spender: sender, amount }), event("coin_received", { receiver: recipient, amount })];
}
