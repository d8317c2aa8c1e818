// chainmain x/inflation's message: MsgUpdateParams, which only governance sends (a passed
// proposal's message): every param replaced, applied by the chain from the next block on.

import { ValidationError } from "../../errors.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { canonicalAddress } from "../../wire/address.js";
import { toAminoJson } from "../../wire/amino/amino-json.js";
import type { Json } from "../../framework/genesis-json.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema, type MsgUpdateParams } from "../../wire/gen/chainmain/inflation/v1/tx_pb.js";
import { inflationParamsFrom } from "./genesis.js";

export interface MsgUpdateInflationParams {
  readonly authority: string;
  /**
   * The params' amino JSON text, as the node keeps it (x/gov's `i` record): as signed when the
   * message came as amino JSON (a stored proposal's), else derived from the protobuf message.
   * Checked by the handler (x/inflation's Params.Validate, REFERENCE §2.1).
   */
  readonly params: string;
}

function address(text: string, prefix: string, what: string): string {
  try {
    return canonicalAddress(text, prefix);
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `${what}: ${(e as Error).message}`);
  }
}

/** The params' amino JSON: `params` of the amino value it came as, else of the protobuf message's amino JSON. */
function paramsJson(m: MsgUpdateParams, amino: Readonly<Record<string, unknown>> | undefined): string {
  const params = amino === undefined ? toAminoJson(MsgUpdateParamsSchema, m).value.params : amino.params;
  return JSON.stringify(params ?? {});
}

export const msgUpdateInflationParams = message({
  schema: MsgUpdateParamsSchema,
  governance: true,
  signer: (m, { prefix }) => address(m.authority, prefix, "invalid signer authority"),
  validate: (m, ctx): MsgUpdateInflationParams => ({
    authority: address(m.authority, ctx.prefix, "invalid authority address"),
    params: paramsJson(m, ctx.amino),
  }),
  // Validate and replace every param (no event of its own); the chain applies them from the next block.
  handle(ctx, msg) {
    const params: Json = JSON.parse(msg.params);
    try {
      inflationParamsFrom(params, { parse: (t) => ctx.parseDec(t) }, "params");
    } catch (e) {
      // A plain error of the module: unregistered, so codespace "undefined", code 1.
      if (e instanceof ValidationError) throw new TxError({ codespace: "undefined", code: 1, description: e.reason }, undefined, "execute");
      throw e;
    }
    ctx.gov.setInflationParams(msg.params);
    return respond(MsgUpdateParamsResponseSchema, {}, [{ type: "message", attributes: [
      { key: "action", value: `/${MsgUpdateParamsSchema.typeName}`, index: true }, { key: "sender", value: ctx.signer, index: true },
      { key: "module", value: "inflation", index: true },
    ] }]);
  },
});
