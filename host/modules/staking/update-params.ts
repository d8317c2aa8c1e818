// x/staking MsgUpdateParams (SDK v0.53 msg_server.go UpdateParams, governance only): Params.Validate
// (unbonding time and the counts positive, the bond denom a valid denom, the minimum commission
// rate a Dec in [0, 1]), then SetParams. The chain runs with them from the next block: max_entries
// per (delegator, validator) unbonding and per redelegation triple, max_validators and the
// unbonding time in the core (app/state.ts applyGovernedParams). Two the node cannot run are
// refused at execution, failing the proposal with the reason: another bond denom (the ledger
// holds one denom) and a non-zero minimum commission rate (not enforced by this node).

import { create } from "@bufbuild/protobuf";
import { decString } from "../../wire/gateway-json.js";
import { denomError } from "../../wire/coins.js";
import { MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema } from "../../wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { ParamsSchema, type Params } from "../../wire/gen/cosmos/staking/v1beta1/staking_pb.js";
import type { MessageContext } from "../../framework/context.js";
import type { Duration } from "@bufbuild/protobuf/wkt";
import { plainError, updateParamsMessage } from "../gov/update-params.js";
import { rawDec, unitDec } from "../gov/dec-params.js";

/** A protobuf Duration in nanoseconds (none: 0). */
export const durationNs = (d: Duration | undefined): bigint => (d === undefined ? 0n : d.seconds * 1_000_000_000n + BigInt(d.nanos));

/** Go's time.Duration %d: nanoseconds. */
function check(p: Params, ctx: MessageContext): void {
  const unbonding = durationNs(p.unbondingTime);
  if (unbonding <= 0n) throw plainError(`unbonding time must be positive: ${unbonding}`);
  if (p.maxValidators === 0) throw plainError(`max validators must be positive: ${p.maxValidators}`);
  if (p.maxEntries === 0) throw plainError(`max entries must be positive: ${p.maxEntries}`);
  if (p.bondDenom.trim() === "") throw plainError("bond denom cannot be blank");
  const bad = denomError(p.bondDenom);
  if (bad !== undefined) throw plainError(bad);
  const rate = unitDec(rawDec(p.minCommissionRate), {
    nil: "minimum commission rate cannot be nil: <nil>", negative: "minimum commission rate cannot be negative",
    large: "minimum commission rate cannot be greater than 100%",
  });
  // What this node runs with: its ledger's one denom, and no minimum commission rate.
  if (p.bondDenom !== ctx.denom) throw plainError(`this node's ledger holds one denom: the bond denom stays ${ctx.denom} (got ${p.bondDenom})`);
  if (rate !== 0n) throw plainError(`this node enforces no minimum commission rate: it stays 0 (got ${decString(rate)})`);
}

export const msgUpdateStakingParams = updateParamsMessage({
  schema: MsgUpdateParamsSchema,
  response: MsgUpdateParamsResponseSchema,
  module: "staking",
  paramsOf: (m) => m.params ?? create(ParamsSchema),
  check,
});
