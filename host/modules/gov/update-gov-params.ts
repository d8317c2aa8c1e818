// x/gov v1 MsgUpdateParams (SDK v0.53 msg_server.go UpdateParams, governance only): the params'
// ValidateBasic, as the node's genesis reads x/gov's params (genesis.ts parseGov: the deposits in
// the bond denom, the Decs and periods in range, the expedited ones stricter), then Params.Set.
// The keeper reads them at once (keeper.ts `params`): the next deposit, vote, tally.

import { create } from "@bufbuild/protobuf";
import { MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema } from "../../wire/gen/cosmos/gov/v1/tx_pb.js";
import { ParamsSchema, type Params } from "../../wire/gen/cosmos/gov/v1/gov_pb.js";
import type { DecParser } from "../../framework/genesis-json.js";
import { ACCOUNT_PREFIX } from "../genutil/genesis-sdk.js";
import type { GovernedParams } from "./governed-params.js";
import { paramsJson, updateParamsMessage, validated } from "./update-params.js";
import { parseGov } from "./genesis.js";
import type { GovParams } from "./params.js";

/** The params as the keeper runs them (throws the module's plain error when invalid). */
export function govParamsOf(p: Params, dec: DecParser, denom: string): GovParams {
  return validated(() => parseGov({ params: paramsJson("gov", p) }, dec, denom, ACCOUNT_PREFIX).params);
}

/** A reader of x/gov's params now: governance's (parsed once per change), else the genesis's. */
export function govParamsSource(params: GovernedParams, genesis: GovParams, dec: DecParser, denom: string): () => GovParams {
  let seen: Params | undefined;
  let parsed = genesis;
  return () => {
    const p = params.get("gov");
    if (p === undefined) return genesis;
    if (p !== seen) [seen, parsed] = [p, govParamsOf(p, dec, denom)];
    return parsed;
  };
}

export const msgUpdateGovParams = updateParamsMessage({
  schema: MsgUpdateParamsSchema,
  response: MsgUpdateParamsResponseSchema,
  module: "gov",
  paramsOf: (m) => m.params ?? create(ParamsSchema),
  check: (p, ctx) => void govParamsOf(p, { parse: (t) => ctx.parseDec(t) }, ctx.denom),
});
