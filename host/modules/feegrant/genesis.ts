// x/feegrant's genesis section, `{allowances: [Grant]}` in the SDK's JSON (each allowance an Any
// with `@type`): read on InitChain (each granted again: its queue entry made), written on export
// from the store, in its key order, as the gateway renders a Grant.

import { create, createRegistry, fromJson, type JsonValue } from "@bufbuild/protobuf";
import { ValidationError } from "../../errors.js";
import { canonicalAddress } from "../../wire/address.js";
import { gatewayJson } from "../../wire/gateway-render.js";
import { GrantSchema } from "../../wire/gen/cosmos/feegrant/v1beta1/query_pb.js";
import { AllowedMsgAllowanceSchema, BasicAllowanceSchema, PeriodicAllowanceSchema } from "../../wire/gen/cosmos/feegrant/v1beta1/feegrant_pb.js";
import type { Json } from "../../app/genesis-json.js";
import { allowanceAny, allowanceOf, validateAllowance } from "./allowance.js";
import type { Grant } from "./keeper.js";

const registry = createRegistry(BasicAllowanceSchema, PeriodicAllowanceSchema, AllowedMsgAllowanceSchema);

/** `app_state.feegrant` (absent: none). Throws ValidationError naming the path. */
export function parseFeegrant(v: Json | undefined, prefix: string): Grant[] {
  const path = "app_state.feegrant";
  if (v === undefined || v === null) return [];
  if (typeof v !== "object" || Array.isArray(v)) throw new ValidationError("expected an object", path);
  const list = (v as { allowances?: Json }).allowances ?? [];
  if (!Array.isArray(list)) throw new ValidationError("expected an array", `${path}.allowances`);
  return list.map((item, i) => {
    const at = `${path}.allowances[${i}]`;
    try {
      const g = fromJson(GrantSchema, item as JsonValue, { registry });
      const allowance = allowanceOf(g.allowance);
      validateAllowance(allowance);
      return { granter: canonicalAddress(g.granter, prefix), grantee: canonicalAddress(g.grantee, prefix), allowance };
    } catch (e) {
      throw new ValidationError((e as Error).message, at);
    }
  });
}

/** The section as `chain-maind export` writes it. */
export function feegrantJson(grants: readonly Grant[]): Json {
  return {
    allowances: grants.map((g) => gatewayJson(GrantSchema, create(GrantSchema, { granter: g.granter, grantee: g.grantee, allowance: allowanceAny(g.allowance) })) as Json),
  };
}
