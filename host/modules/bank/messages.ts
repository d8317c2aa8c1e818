// x/bank's messages: MsgSend, and the checks MsgMultiSend shares (send-enabled denoms, blocked
// recipients, bank's errors). A send to the tieredrewards rewards pool is a plain send, as on the
// chain (x/bank knows nothing of the pool: no tieredrewards event).

import { FIRST_USER_ACCOUNT, ModuleAccount } from "../../core/ledger.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { canonicalAddress } from "../../wire/address.js";
import { coinsError, coinsString, protoCoins, type Coin } from "../../wire/coins.js";
import { event } from "../../framework/events.js";
import { paying, respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { MsgSendResponseSchema, MsgSendSchema } from "../../wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { renderMessageEvents } from "../message-events.js";
import { sendCoins, sendEnabled } from "./gas.js";
import type { MessageContext } from "../../framework/context.js";

export interface MsgSend {
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly amount: Coin[];
}

/** An account address as the SDK's `AccAddressFromBech32` reads it: sdk 7 `<what>: <cause>` otherwise. */
export function accountAddress(text: string, prefix: string, what: string): string {
  try {
    return canonicalAddress(text, prefix);
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `${what}: ${(e as Error).message}`);
  }
}

/** IsSendEnabledCoins: bank 5 `<denom> transfers are currently disabled` for the first denom that is not. */
export function checkSendEnabled(ctx: MessageContext, coins: readonly Coin[]): void {
  const off = coins.find((c) => !ctx.bank.isSendEnabled(c.denom));
  if (off !== undefined) throw new TxError(BankErrors.SendDisabled, `${off.denom} transfers are currently disabled`);
}

/** BlockedAddr: the module accounts but the rewards pool (chain-main's BlockedAddrs) receive nothing (sdk 4). */
export function checkNotBlocked(ctx: MessageContext, address: string): void {
  const id = ctx.directory.accountId(address);
  if (id !== undefined && id < FIRST_USER_ACCOUNT && id !== ModuleAccount.rewardsPool) {
    throw new TxError(SdkErrors.Unauthorized, `${address} is not allowed to receive funds`);
  }
}

/** errorsmod.Wrap(ErrInvalidCoins, coins.String()): `<coins>: invalid coins`, `: invalid coins` for none. */
export const invalidCoins = (coins: readonly Coin[]): TxError =>
  new TxError({ ...SdkErrors.InvalidCoins, description: `${coinsString(coins)}: ${SdkErrors.InvalidCoins.description}` });

/** x/bank's registered errors (types/errors.go). */
export const BankErrors = {
  NoInputs: { codespace: "bank", code: 2, description: "no inputs to send transaction" },
  NoOutputs: { codespace: "bank", code: 3, description: "no outputs to send transaction" },
  InputOutputMismatch: { codespace: "bank", code: 4, description: "sum inputs != sum outputs" },
  SendDisabled: { codespace: "bank", code: 5, description: "send transactions are disabled" },
  MultipleSenders: { codespace: "bank", code: 9, description: "multiple senders not allowed" },
} as const;

/**
 * `MsgSend {from_address, to_address, amount}`, checked as the SDK's bank msg server does before
 * touching state: from address, to address, then `amount` valid and all positive
 * (`<coins>: invalid coins`). Send-enabled denoms, blocked recipients and balances are the
 * handler's business.
 */
export const msgSend = message({
  schema: MsgSendSchema,
  signer: (m, { prefix }) => accountAddress(m.fromAddress, prefix, "invalid signer from_address"),
  validate(m, { prefix }): MsgSend {
    const amount = protoCoins(m.amount, "MsgSend.amount");
    const fromAddress = accountAddress(m.fromAddress, prefix, "invalid from address");
    const toAddress = accountAddress(m.toAddress, prefix, "invalid to address");
    // IsValid() (denoms, order, positive amounts), then IsAllPositive(), which an empty list fails.
    if (coinsError(amount) !== undefined || amount.length === 0) {
      throw invalidCoins(amount);
    }
    return { fromAddress, toAddress, amount };
  },
  handle(ctx, msg) {
    checkSendEnabled(ctx, msg.amount);
    checkNotBlocked(ctx, msg.toAddress);
    // x/bank's SendCoins, coin by coin: no balance of another denom (0 of it) is ever enough
    const other = msg.amount.find((c) => c.denom !== ctx.denom);
    if (other !== undefined) {
      throw new TxError(SdkErrors.InsufficientFunds, `spendable balance 0${other.denom} is smaller than ${other.amount}${other.denom}`);
    }
    const amount = msg.amount.reduce((t, c) => t + c.amount, 0n);
    const to = ctx.directory.ensure(msg.toAddress);
    const from = ctx.directory.ensure(msg.fromAddress);
    paying(ctx, from, amount, () => ctx.ledger.send(from, to, amount));
    return respond(MsgSendResponseSchema, {}, [
      event("message", { action: "/cosmos.bank.v1beta1.MsgSend", sender: msg.fromAddress, module: "bank" }),
      ...renderMessageEvents(ctx, ctx.ledger.events()),
    ]);
  },
  gas(k, m, ctx) {
    k.check("sdk:10", m.amount.length === 0 || m.amount.some((c) => c.amount <= 0n));
    sendEnabled(k, m.amount.map((c) => c.denom), ctx.bank);
    k.check("sdk:4"); // BlockedAddr: no store access
    for (const c of m.amount) sendCoins(k, m.fromAddress, m.toAddress, c.amount, c.denom);
  },
});
