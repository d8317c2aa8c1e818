// x/distribution's governance messages (SDK v0.53 x/distribution/keeper/msg_server.go):
// MsgUpdateParams (the deprecated proposer rewards must be nil or zero, sdk 18; then
// Params.ValidateBasic: the community tax in [0, 1]), and the params it leaves as the chain's: the
// community tax every block's allocation keeps for the community pool (the core's, from the next
// block: app/state.ts applies it), withdraw_addr_enabled (MsgSetWithdrawAddress), the queries and
// the export.

import { create } from "@bufbuild/protobuf";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema } from "../../wire/gen/cosmos/distribution/v1beta1/tx_pb.js";
import { ParamsSchema, type Params } from "../../wire/gen/cosmos/distribution/v1beta1/query_pb.js";
import type { GovernedParams } from "../gov/governed-params.js";
import { updateParamsMessage } from "../gov/update-params.js";
import { rawDec, unitDec } from "../gov/dec-params.js";

/** x/distribution's params as the node runs them (raw Decs). */
export interface DistributionParams {
  communityTax: bigint;
  baseProposerReward: bigint;
  bonusProposerReward: bigint;
  withdrawAddrEnabled: boolean;
}

/** The params now: governance's, else the genesis's community tax (the rest the SDK's defaults, as the genesis requires). */
export function distributionParams(params: GovernedParams | undefined, genesisTax: bigint): DistributionParams {
  const p = params?.get("distribution");
  if (p === undefined) return { communityTax: genesisTax, baseProposerReward: 0n, bonusProposerReward: 0n, withdrawAddrEnabled: true };
  return {
    communityTax: rawDec(p.communityTax) ?? 0n, baseProposerReward: rawDec(p.baseProposerReward) ?? 0n,
    bonusProposerReward: rawDec(p.bonusProposerReward) ?? 0n, withdrawAddrEnabled: p.withdrawAddrEnabled,
  };
}

function check(p: Params): void {
  for (const deprecated of [p.baseProposerReward, p.bonusProposerReward]) {
    const raw = rawDec(deprecated);
    if (raw !== undefined && raw !== 0n) {
      throw new TxError(SdkErrors.InvalidRequest, "cannot update base or bonus proposer reward because these are deprecated fields", "execute");
    }
  }
  unitDec(rawDec(p.communityTax), { nil: "community tax must be not nil", negative: "community tax must be positive", large: "community tax too large" });
}

export const msgUpdateDistributionParams = updateParamsMessage({
  schema: MsgUpdateParamsSchema,
  response: MsgUpdateParamsResponseSchema,
  module: "distribution",
  paramsOf: (m) => m.params ?? create(ParamsSchema),
  check,
});
