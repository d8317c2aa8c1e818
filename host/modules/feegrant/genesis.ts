// x/feegrant's genesis section, `{allowances: [Grant]}` in the SDK's JSON (each allowance an Any
// with `@type`): read on InitChain (each granted again: its queue entry made), written on export
// from the store, in its key order, as the gateway renders a Grant.

import { create, createRegistry, fromJson, toBinary, type JsonValue } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { ValidationError } from "../../errors.js";
import { canonicalAddress } from "../../wire/address.js";
import { gatewayJson } from "../../wire/gateway-render.js";
import { GrantSchema } from "../../wire/gen/cosmos/feegrant/v1beta1/query_pb.js";
import { AllowedMsgAllowanceSchema, BasicAllowanceSchema, PeriodicAllowanceSchema } from "../../wire/gen/cosmos/feegrant/v1beta1/feegrant_pb.js";
import type { Json } from "../../framework/genesis-json.js";
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
      const o = item as { granter?: Json; grantee?: Json; allowance?: Json };
      const allowance = allowanceOf(anyOfJson(o.allowance));
      validateAllowance(allowance);
      return { granter: canonicalAddress(String(o.granter), prefix), grantee: canonicalAddress(String(o.grantee), prefix), allowance };
    } catch (e) {
      throw new ValidationError((e as Error).message, at);
    }
  });
}

/** An allowance's JSON (`{"@type": …, …}`) as the Any the SDK would decode (its type URL as written, an inner one too). */
function anyOfJson(v: Json | undefined): Any {
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new Error("allowance: expected an object with @type");
  const { "@type": type, ...rest } = v as { [k: string]: Json };
  const url = String(type);
  const schema = registry.getMessage(url.slice(1));
  if (!url.startsWith("/") || schema === undefined) throw new Error(`no concrete type registered for type URL ${url} against interface *feegrant.FeeAllowanceI`);
  if (schema.typeName === AllowedMsgAllowanceSchema.typeName) {
    const inner = anyOfJson(rest.allowance);
    const messages = (rest.allowed_messages ?? rest.allowedMessages ?? []) as string[];
    return create(AnySchema, { typeUrl: url, value: toBinary(AllowedMsgAllowanceSchema, create(AllowedMsgAllowanceSchema, { allowance: inner, allowedMessages: messages })) });
  }
  return create(AnySchema, { typeUrl: url, value: toBinary(schema, fromJson(schema, rest as JsonValue)) });
}

/** The section as `chain-maind export` writes it. */
export function feegrantJson(grants: readonly Grant[]): Json {
  return {
    allowances: grants.map((g) => gatewayJson(GrantSchema, create(GrantSchema, { granter: g.granter, grantee: g.grantee, allowance: allowanceAny(g.allowance) }), registry) as Json),
  };
}
