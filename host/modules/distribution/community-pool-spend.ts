// x/distribution MsgCommunityPoolSpend (SDK v0.53 msg_server.go CommunityPoolSpend, governance
// only): the amount valid (validateAmount), the recipient no blocked address (a module account,
// sdk 4), then DistributeFromFeePool: the community pool (the core's Dec cell) must hold it
// (distribution 9, `community pool does not have sufficient coins to distribute`: a passed
// proposal then FAILS with that reason), and x/distribution's account pays the recipient (x/bank's
// coin_spent, coin_received, transfer). No event of its own.

import { protoCoins, type Coin } from "../../wire/coins.js";
import { TxError, SdkErrors } from "../../wire/errors.js";
import { renderMessageEvents } from "../message-events.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { MsgCommunityPoolSpendResponseSchema, MsgCommunityPoolSpendSchema } from "../../wire/gen/cosmos/distribution/v1beta1/tx_pb.js";
import { authorityAddress } from "../gov/update-params.js";
import { validateAmount } from "./fund-community-pool.js";
import { blocked } from "./set-withdraw-address.js";

export interface MsgCommunityPoolSpend {
  readonly authority: string;
  readonly recipient: string;
  readonly amount: Coin[];
}

/** x/distribution's ErrBadDistribution. */
const BAD_DISTRIBUTION = { codespace: "distribution", code: 9, description: "community pool does not have sufficient coins to distribute" };
const E18 = 10n ** 18n;

export const msgCommunityPoolSpend = message({
  schema: MsgCommunityPoolSpendSchema,
  governance: true,
  signer: (m, { prefix }) => authorityAddress(m.authority, prefix),
  validate: (m, { prefix }): MsgCommunityPoolSpend => ({
    authority: authorityAddress(m.authority, prefix),
    recipient: authorityAddress(m.recipient, prefix, "invalid recipient address"),
    amount: protoCoins(m.amount, "MsgCommunityPoolSpend.amount"),
  }),
  handle(ctx, msg) {
    validateAmount(msg.amount);
    if (blocked(ctx, msg.recipient)) {
      throw new TxError(SdkErrors.Unauthorized, `${msg.recipient} is not allowed to receive external funds`, "execute");
    }
    // SafeSub of DecCoins: the pool holds the bond denom alone; any other denom is short.
    const pool = ctx.ledger.communityPool();
    const amount = msg.amount.reduce((t, c) => t + c.amount, 0n);
    if (msg.amount.some((c) => c.denom !== ctx.denom) || pool < amount * E18) throw new TxError(BAD_DISTRIBUTION, undefined, "execute");
    ctx.ledger.communityPoolSpend(ctx.directory.ensure(msg.recipient), amount);
    return respond(MsgCommunityPoolSpendResponseSchema, {}, renderMessageEvents(ctx, ctx.ledger.events()));
  },
});
