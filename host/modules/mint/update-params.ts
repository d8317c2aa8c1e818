// x/mint MsgUpdateParams (SDK v0.53 msg_server.go UpdateParams, governance only): Params.Validate
// (the denom, each Dec nil-checked and in range, goal_bonded positive, blocks_per_year positive
// and an int64, max inflation at least min), then Params.Set. The emission engine runs with them
// from the next block (app/state.ts): the pinned rate (inflation_min) and blocks_per_year. This
// node pins the x/mint rate (min = max, the reference's v7 setting; genesis.ts): params that move
// it, or name another denom than the ledger's, fail the proposal at execution with the reason.

import { create } from "@bufbuild/protobuf";
import { decString } from "../../wire/gateway-json.js";
import { denomError } from "../../wire/coins.js";
import { MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema } from "../../wire/gen/cosmos/mint/v1beta1/tx_pb.js";
import { ParamsSchema, type Params } from "../../wire/gen/cosmos/mint/v1beta1/query_pb.js";
import type { MessageContext } from "../../framework/context.js";
import type { GovernedParams } from "../gov/governed-params.js";
import { plainError, updateParamsMessage } from "../gov/update-params.js";
import { rawDec, unitDec } from "../gov/dec-params.js";
import type { MintParams } from "./genesis.js";

const INT64_MAX = (1n << 63n) - 1n;

/** Params.Validate; the params as the node runs them. */
export function mintParamsOf(p: Params): MintParams {
  if (p.mintDenom.trim() === "") throw plainError("mint denom cannot be blank");
  const bad = denomError(p.mintDenom);
  if (bad !== undefined) throw plainError(bad);
  const dec = (text: string, head: string) =>
    unitDec(rawDec(text), { nil: `${head} cannot be nil: <nil>`, negative: `${head} cannot be negative`, large: `${head} too large` });
  const inflationRateChange = dec(p.inflationRateChange, "inflation rate change");
  const inflationMax = dec(p.inflationMax, "max inflation");
  const inflationMin = dec(p.inflationMin, "min inflation");
  const goal = rawDec(p.goalBonded);
  if (goal === undefined) throw plainError("goal bonded cannot be nil: <nil>");
  if (goal <= 0n) throw plainError(`goal bonded must be positive: ${decString(goal)}`);
  if (goal > 10n ** 18n) throw plainError(`goal bonded too large: ${decString(goal)}`);
  if (p.blocksPerYear === 0n) throw plainError(`blocks per year must be positive: ${p.blocksPerYear}`);
  if (p.blocksPerYear > INT64_MAX) throw plainError(`blocks per year too large: ${p.blocksPerYear}, maximum value is: ${INT64_MAX}`);
  if (inflationMax < inflationMin) {
    throw plainError(`max inflation (${decString(inflationMax)}) must be greater than or equal to min inflation (${decString(inflationMin)})`);
  }
  return { mintDenom: p.mintDenom, inflationRateChange, inflationMax, inflationMin, goalBonded: goal, blocksPerYear: p.blocksPerYear };
}

/** x/mint's params now: governance's, else the genesis's. */
export function mintParams(params: GovernedParams | undefined, genesis: MintParams): MintParams {
  const p = params?.get("mint");
  return p === undefined ? genesis : mintParamsOf(p);
}

function check(p: Params, ctx: MessageContext): void {
  const m = mintParamsOf(p);
  if (m.mintDenom !== ctx.denom) throw plainError(`this node's ledger holds one denom: the mint denom stays ${ctx.denom} (got ${m.mintDenom})`);
  if (m.inflationMin !== m.inflationMax) {
    throw plainError(`inflation_min must equal inflation_max: this node pins the x/mint rate (got min ${decString(m.inflationMin)}, max ${decString(m.inflationMax)})`);
  }
}

export const msgUpdateMintParams = updateParamsMessage({
  schema: MsgUpdateParamsSchema,
  response: MsgUpdateParamsResponseSchema,
  module: "mint",
  paramsOf: (m) => m.params ?? create(ParamsSchema),
  check,
});
