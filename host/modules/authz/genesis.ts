// x/authz's genesis (`app_state.authz`) as SDK v0.53 writes it: `{authorization: [{granter,
// grantee, authorization: Any JSON, expiration: RFC 3339 | null}]}`. InitGenesis saves each grant
// not expired at the genesis time (SaveGrant: the queue with it); export walks the grants in the
// store's order (IterateGrants). Each entry is checked as the keeper would take it.

import { create, createRegistry, fromJson, type JsonValue } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { ValidationError } from "../../errors.js";
import { array, fail, isObject, object, string, timestamp, type Json } from "../../framework/genesis-json.js";
import { canonicalAddress } from "../../wire/address.js";
import { gatewayJson } from "../../wire/gateway-render.js";
import { timestampOf } from "../../wire/gateway-json.js";
import { file_cosmos_authz_v1beta1_authz } from "../../wire/gen/cosmos/authz/v1beta1/authz_pb.js";
import { file_cosmos_bank_v1beta1_authz } from "../../wire/gen/cosmos/bank/v1beta1/authz_pb.js";
import { file_cosmos_staking_v1beta1_authz } from "../../wire/gen/cosmos/staking/v1beta1/authz_pb.js";
import { GrantAuthorizationSchema } from "../../wire/gen/cosmos/authz/v1beta1/query_pb.js";
import { decodeAuthorization, encodeAuthorization, msgTypeUrl, validateAuthorization } from "./authorizations.js";
import type { Grant } from "./keeper.js";

/** The authorizations' types, for their Any JSON. */
export const AUTHORIZATION_TYPES = createRegistry(file_cosmos_authz_v1beta1_authz, file_cosmos_bank_v1beta1_authz, file_cosmos_staking_v1beta1_authz);

/** `app_state.authz.authorization`: the grants, each checked (addresses, its authorization's type and ValidateBasic). */
export function parseAuthz(v: Json | undefined, prefix: string): Grant[] {
  const path = "app_state.authz";
  if (v === undefined || v === null) return [];
  const o = object(v, path, ["authorization"]);
  if (o.authorization === undefined || o.authorization === null) return [];
  return array(o.authorization, `${path}.authorization`).map((item, i) => {
    const at = `${path}.authorization[${i}]`;
    const e = object(item, at, ["granter", "grantee", "authorization", "expiration"]);
    const address = (key: "granter" | "grantee") => {
      try {
        return canonicalAddress(string(e[key], `${at}.${key}`), prefix);
      } catch (err) {
        return fail(`invalid ${key} address: ${(err as Error).message}`, `${at}.${key}`);
      }
    };
    const granter = address("granter");
    const grantee = address("grantee");
    if (!isObject(e.authorization)) fail("expected an authorization (an Any with its @type)", `${at}.authorization`);
    let any;
    try {
      any = fromJson(AnySchema, e.authorization as JsonValue, { registry: AUTHORIZATION_TYPES });
      const authorization = decodeAuthorization({ typeUrl: `/${any.typeUrl.slice(any.typeUrl.lastIndexOf("/") + 1)}`, value: any.value });
      validateAuthorization(authorization);
      const expiration = e.expiration === undefined || e.expiration === null ? undefined : timestamp(e.expiration, `${at}.expiration`);
      return {
        granter, grantee, msgTypeUrl: msgTypeUrl(authorization), authorization: encodeAuthorization(authorization),
        ...(expiration === undefined ? {} : { expirationNs: expiration }),
      };
    } catch (err) {
      if (err instanceof ValidationError) throw err;
      return fail((err as Error).message, `${at}.authorization`);
    }
  });
}

/** The section as chain-maind exports it: every grant in the store's order. */
export function authzJson(grants: readonly Grant[]): Json {
  return {
    authorization: grants.map((g) => gatewayJson(GrantAuthorizationSchema, create(GrantAuthorizationSchema, {
      granter: g.granter, grantee: g.grantee,
      authorization: create(AnySchema, { typeUrl: g.authorization.typeUrl, value: g.authorization.value }),
      ...(g.expirationNs === undefined ? {} : { expiration: timestampOf(g.expirationNs) }),
    }), AUTHORIZATION_TYPES) as Json),
  };
}


