// x/slashing's message: MsgUnjail (the rules of jail time and tombstones live in the core and keeper.ts).

import { event } from "../../app/events.js";
import { respond, type MessageHandlers } from "../../app/handlers.js";
import { MsgUnjailResponseSchema } from "../../wire/gen/cosmos/slashing/v1beta1/tx_pb.js";
import { MSG_UNJAIL, type MsgUnjail } from "../staking/validate.js";
import { validatorId } from "../staking/keeper-helpers.js";

export function registerSlashingHandlers(h: MessageHandlers): MessageHandlers {
  return h
    .register(MSG_UNJAIL, (ctx, m) => {
      const msg = m as MsgUnjail;
      ctx.ledger.unjail(validatorId(ctx, msg.validator));
      return respond(MsgUnjailResponseSchema, {}, [
        event("message", { action: "/cosmos.slashing.v1beta1.MsgUnjail", sender: ctx.signer, module: "slashing" }),
      ]);
    });
}
