// x/slashing MsgUpdateParams (SDK v0.53 msg_server.go UpdateParams, governance only):
// Params.Validate (the window and the jail duration positive, the three Decs in [0, 1], each
// nil-checked; the Decs travel as bytes, the 18-decimal integer's text), then SetParams. The
// keeper reads them from the next block's BeginBlock on (the signing window, the downtime rule),
// the queries and the export with it (keeper.ts `params`).

import { create } from "@bufbuild/protobuf";
import { MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema } from "../../wire/gen/cosmos/slashing/v1beta1/tx_pb.js";
import { ParamsSchema, type Params } from "../../wire/gen/cosmos/slashing/v1beta1/query_pb.js";
import { plainError, updateParamsMessage } from "../gov/update-params.js";
import { rawDec, unitDec } from "../gov/dec-params.js";
import { durationNs } from "../staking/update-params.js";
import type { SlashingParams } from "./params.js";

/** Go's time.Duration String() of whole or fractional seconds (the texts' `%s`). */
function goDuration(ns: bigint): string {
  if (ns === 0n) return "0s";
  const neg = ns < 0n;
  let v = neg ? -ns : ns;
  const h = v / 3_600_000_000_000n;
  v -= h * 3_600_000_000_000n;
  const m = v / 60_000_000_000n;
  v -= m * 60_000_000_000n;
  const whole = v / 1_000_000_000n;
  const frac = (v % 1_000_000_000n).toString().padStart(9, "0").replace(/0+$/, "");
  const s = `${whole}${frac === "" ? "" : `.${frac}`}s`;
  return `${neg ? "-" : ""}${h > 0n ? `${h}h` : ""}${h > 0n || m > 0n ? `${m}m` : ""}${s}`;
}

/** Params.Validate; the params as the keeper runs them. */
export function slashingParamsOf(p: Params): SlashingParams {
  if (p.signedBlocksWindow <= 0n) throw plainError(`signed blocks window must be positive: ${p.signedBlocksWindow}`);
  const fraction = (raw: Uint8Array, head: string, large = "too large") =>
    unitDec(rawDec(raw), { nil: `${head} cannot be nil: <nil>`, negative: `${head} cannot be negative`, large: `${head} ${large}` });
  const minSigned = fraction(p.minSignedPerWindow, "min signed per window");
  const jail = durationNs(p.downtimeJailDuration);
  if (jail <= 0n) throw plainError(`downtime jail duration must be positive: ${goDuration(jail)}`);
  const doubleSign = fraction(p.slashFractionDoubleSign, "double sign slash fraction");
  const downtime = fraction(p.slashFractionDowntime, "downtime slash fraction");
  return { signedBlocksWindow: p.signedBlocksWindow, minSignedPerWindow: minSigned, downtimeJailDurationNs: jail, slashFractionDoubleSign: doubleSign, slashFractionDowntime: downtime };
}

export const msgUpdateSlashingParams = updateParamsMessage({
  schema: MsgUpdateParamsSchema,
  response: MsgUpdateParamsResponseSchema,
  module: "slashing",
  paramsOf: (m) => m.params ?? create(ParamsSchema),
  check: (p) => void slashingParamsOf(p),
});
