// x/auth MsgUpdateParams (SDK v0.53 x/auth/keeper/msg_server.go, governance only): the authority
// (its own text, `expected gov account as only signer for proposal message; invalid authority`),
// Params.Validate (each of the five positive), then Params.Set. The ante reads max_memo_characters
// and tx_sig_limit from them at the next CheckTx (app/ante.ts). The gas schedule's three
// (tx_size_cost_per_byte, sig_verify_cost_ed25519, sig_verify_cost_secp256k1) are the node's gas
// model: other values fail the proposal at execution with the reason, as the genesis refuses them.

import { create } from "@bufbuild/protobuf";
import { MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema } from "../../wire/gen/cosmos/auth/v1beta1/tx_pb.js";
import { ParamsSchema, type Params } from "../../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import type { GovernedParams } from "../gov/governed-params.js";
import { plainError, updateParamsMessage } from "../gov/update-params.js";
import { AUTH_PARAMS } from "./genesis.js";

function check(p: Params): void {
  if (p.txSigLimit === 0n) throw plainError(`invalid tx signature limit: ${p.txSigLimit}`);
  if (p.sigVerifyCostEd25519 === 0n) throw plainError(`invalid ED25519 signature verification cost: ${p.sigVerifyCostEd25519}`);
  if (p.sigVerifyCostSecp256k1 === 0n) throw plainError(`invalid SECK256k1 signature verification cost: ${p.sigVerifyCostSecp256k1}`);
  if (p.maxMemoCharacters === 0n) throw plainError(`invalid max memo characters: ${p.maxMemoCharacters}`);
  if (p.txSizeCostPerByte === 0n) throw plainError(`invalid tx size cost per byte: ${p.txSizeCostPerByte}`);
  const gas = { tx_size_cost_per_byte: p.txSizeCostPerByte, sig_verify_cost_ed25519: p.sigVerifyCostEd25519, sig_verify_cost_secp256k1: p.sigVerifyCostSecp256k1 };
  for (const [k, got] of Object.entries(gas)) {
    const want = AUTH_PARAMS[k as keyof typeof gas];
    if (`${got}` !== want) throw plainError(`this node's gas follows the SDK's default ${k} ${want} (got ${got})`);
  }
}

/** The ante's two limits from x/auth's params as governance set them; undefined: not set (the node's limits stand). */
export function authLimits(params: GovernedParams): { maxMemoCharacters: number; txSigLimit: number } | undefined {
  const p = params.get("auth");
  if (p === undefined) return undefined;
  const cap = (n: bigint) => (n > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(n));
  return { maxMemoCharacters: cap(p.maxMemoCharacters), txSigLimit: cap(p.txSigLimit) };
}

export const msgUpdateAuthParams = updateParamsMessage({
  schema: MsgUpdateParamsSchema,
  response: MsgUpdateParamsResponseSchema,
  module: "auth",
  paramsOf: (m) => m.params ?? create(ParamsSchema),
  check,
});
