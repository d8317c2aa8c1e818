// x/slashing's message: MsgUnjail (the rules of jail time and tombstones live in the core and keeper.ts).

import { event } from "../../framework/events.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { MsgUnjailResponseSchema, MsgUnjailSchema } from "../../wire/gen/cosmos/slashing/v1beta1/tx_pb.js";
import { operatorSigner, validatorAddress } from "../staking/validate.js";
import { validatorId } from "../staking/keeper-helpers.js";
import { msgUnjail } from "./gas.js";

export interface MsgUnjail {
  readonly validator: string;
}

/** x/slashing MsgUnjail: signed by the operator's account; its checks' reads metered as the keeper makes them (modules/slashing/gas.ts). */
export const msgUnjailDef = message({
  schema: MsgUnjailSchema,
  signer: (m, ctx) => operatorSigner(m.validatorAddr, ctx),
  validate: (m, { prefix }): MsgUnjail => ({ validator: validatorAddress(m.validatorAddr, prefix) }),
  handle(ctx, msg) {
    ctx.ledger.unjail(validatorId(ctx, msg.validator));
    return respond(MsgUnjailResponseSchema, {}, [
      event("message", { action: "/cosmos.slashing.v1beta1.MsgUnjail", sender: ctx.signer, module: "slashing" }),
    ]);
  },
  gas: (k, m) => msgUnjail(k, m.validator, k.view.operatorAccount(m.validator)),
});
