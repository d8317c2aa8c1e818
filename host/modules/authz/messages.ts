// x/authz's MsgGrant and MsgRevoke (SDK v0.53 x/authz/keeper/msg_server.go): the stateless checks
// in the server's order, the keeper's grant (the grantee's account created when it has none, the
// granted type known to the router, the expiration after the block's time), the typed events
// EventGrant / EventRevoke, and the gas of the keeper's accesses (gas.ts).

import { SdkErrors, TxError } from "../../wire/errors.js";
import { event, type TxEvent } from "../../framework/events.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { schemaKnows } from "../../wire/messages.js";
import { createAccount, getAccount } from "../bank/gas.js";
import {
  MsgGrantResponseSchema, MsgGrantSchema, MsgRevokeResponseSchema, MsgRevokeSchema,
} from "../../wire/gen/cosmos/authz/v1beta1/tx_pb.js";
import { accountAddress } from "../bank/messages.js";
import {
  AuthzErrors, decodeAuthorization, encodeAuthorization, msgTypeUrl, validateAuthorization, type AnyBytes, type Authorization,
} from "./authorizations.js";
import { GrantOverlay } from "./gas.js";
import { goBytesText } from "./keys.js";

/** The SDK's typed authz events: keys sorted, values JSON-quoted. */
export function authzEvent(type: "EventGrant" | "EventRevoke", g: { granter: string; grantee: string; msgTypeUrl: string }): TxEvent {
  return { type: `cosmos.authz.v1beta1.${type}`, attributes: [
    { key: "grantee", value: JSON.stringify(g.grantee), index: true },
    { key: "granter", value: JSON.stringify(g.granter), index: true },
    { key: "msg_type_url", value: JSON.stringify(g.msgTypeUrl), index: true },
  ] };
}

/** baseapp's `message` event of an authz message. */
const actionEvent = (typeName: string, sender: string): TxEvent => event("message", { action: `/${typeName}`, sender, module: "authz" });

/** Go's time.Format(time.RFC3339) in UTC: whole seconds. */
export const rfc3339 = (ns: bigint): string => `${new Date(Number(ns / 1_000_000n - (ns % 1_000_000n < 0n ? 1n : 0n))).toISOString().slice(0, 19)}Z`;

/** strings.EqualFold on the two addresses' texts: a grant to oneself (authz 7). */
function notSelf(granter: string, grantee: string): void {
  if (granter.toLowerCase() === grantee.toLowerCase()) throw new TxError(AuthzErrors.GranteeIsGranter);
}

export interface MsgGrant {
  readonly granter: string;
  readonly grantee: string;
  readonly authorization: Authorization;
  /** The Any the keeper stores (the authorization marshalled again). */
  readonly any: AnyBytes;
  readonly msgTypeUrl: string;
  readonly expirationNs?: bigint;
}

export const msgGrant = message({
  schema: MsgGrantSchema,
  signer: (m, { prefix }) => accountAddress(m.granter, prefix, "invalid granter address"),
  validate(m, { prefix }): MsgGrant {
    notSelf(m.granter, m.grantee);
    const grantee = accountAddress(m.grantee, prefix, "invalid grantee address");
    const granter = accountAddress(m.granter, prefix, "invalid granter address");
    const any = m.grant?.authorization;
    if (any === undefined) throw new TxError(SdkErrors.InvalidType, "authorization is nil");
    const authorization = decodeAuthorization(any);
    validateAuthorization(authorization);
    const e = m.grant?.expiration;
    return {
      granter, grantee, authorization, any: encodeAuthorization(authorization), msgTypeUrl: msgTypeUrl(authorization),
      ...(e === undefined ? {} : { expirationNs: e.seconds * 1_000_000_000n + BigInt(e.nanos) }),
    };
  },
  handle(ctx, m) {
    ctx.directory.ensure(m.grantee);
    if (!schemaKnows(m.msgTypeUrl)) throw new TxError(SdkErrors.InvalidType, `${m.msgTypeUrl} doesn't exist.`);
    if (m.expirationNs !== undefined && m.expirationNs <= ctx.timeNs) {
      throw new TxError(AuthzErrors.InvalidExpirationTime, `expiration must be after the current block time (${rfc3339(ctx.timeNs)}), got ${rfc3339(m.expirationNs)}`);
    }
    const grant = { granter: m.granter, grantee: m.grantee, msgTypeUrl: m.msgTypeUrl, authorization: m.any, ...(m.expirationNs === undefined ? {} : { expirationNs: m.expirationNs }) };
    ctx.authz.save(grant);
    return respond(MsgGrantResponseSchema, {}, [actionEvent(MsgGrantSchema.typeName, m.granter), authzEvent("EventGrant", grant)]);
  },
  gas(k, m, ctx) {
    const account = getAccount(k, m.grantee, "GetAccount grantee");
    if (account === undefined) createAccount(k, m.grantee, "grantee account");
    k.check("sdk:29", !schemaKnows(m.msgTypeUrl));
    k.check("authz:3", m.expirationNs !== undefined && m.expirationNs <= k.block.timeNs);
    new GrantOverlay(ctx.authz).save(k, {
      granter: m.granter, grantee: m.grantee, msgTypeUrl: m.msgTypeUrl, authorization: m.any,
      ...(m.expirationNs === undefined ? {} : { expirationNs: m.expirationNs }),
    });
  },
});

export interface MsgRevoke {
  readonly granter: string;
  readonly grantee: string;
  readonly msgTypeUrl: string;
}

export const msgRevoke = message({
  schema: MsgRevokeSchema,
  signer: (m, { prefix }) => accountAddress(m.granter, prefix, "invalid granter address"),
  validate(m, { prefix }): MsgRevoke {
    notSelf(m.granter, m.grantee);
    const grantee = accountAddress(m.grantee, prefix, "invalid grantee address");
    const granter = accountAddress(m.granter, prefix, "invalid granter address");
    if (m.msgTypeUrl === "") throw new TxError(SdkErrors.InvalidRequest, "missing msg method name");
    return { granter, grantee, msgTypeUrl: m.msgTypeUrl };
  },
  handle(ctx, m) {
    const grant = ctx.authz.get(m.granter, m.grantee, m.msgTypeUrl);
    if (grant === undefined) {
      const key = ctx.authz.keyOf(m.granter, m.grantee, m.msgTypeUrl);
      throw new TxError(AuthzErrors.NoAuthorizationFound, `failed to delete grant with key ${goBytesText(key)}`);
    }
    ctx.authz.delete(grant);
    return respond(MsgRevokeResponseSchema, {}, [actionEvent(MsgRevokeSchema.typeName, m.granter), authzEvent("EventRevoke", m)]);
  },
  gas(k, m, ctx) {
    new GrantOverlay(ctx.authz).delete(k, m);
  },
});

export { actionEvent };
