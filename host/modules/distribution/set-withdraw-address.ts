// x/distribution MsgSetWithdrawAddress: where a delegator's rewards (and an operator's commission)
// are paid. The SDK's SetWithdrawAddr refuses a blocked address (sdk 4 `… is not allowed to receive
// external funds`) before reading the params, then records the address and emits
// `set_withdraw_address`; the core keeps it (assembly/ledger/withdraw.ts).

import { distributionParams } from "./update-params.js";
import { FIRST_USER_ACCOUNT, ModuleAccount } from "../../core/ledger.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { event } from "../../framework/events.js";
import { renderMessageEvents } from "../message-events.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import type { MessageContext } from "../../framework/context.js";
import { MsgSetWithdrawAddressResponseSchema, MsgSetWithdrawAddressSchema } from "../../wire/gen/cosmos/distribution/v1beta1/tx_pb.js";
import { setWithdrawAddress } from "./gas.js";
import { accountAddress } from "../staking/validate.js";

export interface MsgSetWithdrawAddress {
  readonly delegator: string;
  readonly withdraw: string;
}

/** BlockedAddr: the module accounts but the rewards pool (chain-main's BlockedAddrs). */
export function blocked(ctx: MessageContext, address: string): boolean {
  const id = ctx.directory.accountId(address);
  return id !== undefined && id < FIRST_USER_ACCOUNT && id !== ModuleAccount.rewardsPool;
}

/** x/distribution ErrSetWithdrawAddrDisabled. */
const SET_WITHDRAW_ADDR_DISABLED = { codespace: "distribution", code: 8, description: "set withdraw address disabled" };

export const msgSetWithdrawAddressDef = message({
  schema: MsgSetWithdrawAddressSchema,
  signer: (m, { prefix }) => accountAddress(m.delegatorAddress, prefix, "invalid signer delegator_address"),
  validate: (m, { prefix }): MsgSetWithdrawAddress => ({
    delegator: accountAddress(m.delegatorAddress, prefix, "invalid delegator address"),
    withdraw: accountAddress(m.withdrawAddress, prefix, "invalid withdraw address"),
  }),
  handle(ctx, msg) {
    if (blocked(ctx, msg.withdraw)) {
      throw new TxError(SdkErrors.Unauthorized, `${msg.withdraw} is not allowed to receive external funds`);
    }
    // withdraw_addr_enabled (the params governance set; the genesis's default true)
    if (!distributionParams(ctx.params, 0n).withdrawAddrEnabled) throw new TxError(SET_WITHDRAW_ADDR_DISABLED, undefined, "execute");
    // The SDK keeps the address alone: no x/auth account until a payment reaches it (numberPaid).
    const to = ctx.directory.accountId(msg.withdraw) ?? ctx.directory.genesisAccount(msg.withdraw);
    ctx.ledger.setWithdrawAddress(ctx.directory.ensure(msg.delegator), to);
    return respond(MsgSetWithdrawAddressResponseSchema, {}, [
      event("message", {
        action: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", sender: msg.delegator, module: "distribution",
      }),
      ...renderMessageEvents(ctx, ctx.ledger.events()),
    ]);
  },
  gas: (k, m) => {
    k.check("sdk:4"); // BlockedAddr reads no store
    setWithdrawAddress(k, m.delegator, m.withdraw);
  },
});

/** A payment to a withdraw address with no x/auth account yet: SendCoins creates it (the next number). */
export function numberPaid(ctx: MessageContext, recipient: number, paid: bigint): void {
  const address = ctx.directory.accountAddress(recipient);
  if (paid > 0n && address !== undefined && !ctx.directory.numbered(address)) {
    ctx.directory.numberAccount(address);
  }
}
