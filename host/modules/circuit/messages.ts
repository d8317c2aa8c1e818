// x/circuit's Msg service (cosmossdk.io/x/circuit v0.1.1 keeper/msg_server.go): the authority
// (x/gov's module account) or a super admin authorizes an account at a level; an account trips
// (disables) or resets (enables) message types as its level allows: super admin, all msgs and the
// authority any type, some msgs the types of its list, none nothing. A type already disabled (trip)
// or not disabled (reset) fails before the level is looked at. Each emits its event.

import { event } from "../../framework/events.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import type { MessageContext } from "../../framework/context.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { canonicalAddress } from "../../wire/address.js";
import { accountAddress } from "../bank/messages.js";
import {
  MsgAuthorizeCircuitBreakerResponseSchema, MsgAuthorizeCircuitBreakerSchema, MsgResetCircuitBreakerResponseSchema,
  MsgResetCircuitBreakerSchema, MsgTripCircuitBreakerResponseSchema, MsgTripCircuitBreakerSchema,
} from "../../wire/gen/cosmos/circuit/v1/tx_pb.js";
import { Level, type Authorize, type Permissions, type TypeUrls } from "./keeper.js";
import { authorizeGas, resetGas, tripGas } from "./gas.js";

/** An error the SDK returns unregistered (errors.New / fmt.Errorf): code 1, codespace "undefined". */
export const plainError = (log: string) => TxError.rendered("undefined", 1, log);

const LEVEL_NAMES = ["LEVEL_NONE_UNSPECIFIED", "LEVEL_SOME_MSGS", "LEVEL_ALL_MSGS", "LEVEL_SUPER_ADMIN"];

/** gogoproto's String() of Permissions (the compact text format): `level:LEVEL_SOME_MSGS limit_type_urls:"…" `. */
export function permissionsText(p: Permissions): string {
  let s = "";
  if (p.level !== 0) s += `level:${LEVEL_NAMES[p.level] ?? p.level} `;
  for (const u of p.limitTypeUrls) s += `limit_type_urls:${JSON.stringify(u)} `;
  return s;
}

/** The address codec's StringToBytes (its errors unregistered). */
function codecAddress(text: string, prefix: string): string {
  if (text.trim().length === 0) throw plainError("empty address string is not allowed");
  try {
    return canonicalAddress(text, prefix);
  } catch (e) {
    throw plainError((e as Error).message);
  }
}

function catching(f: () => string): string | TxError {
  try {
    return f();
  } catch (e) {
    if (e instanceof TxError) return e;
    throw e;
  }
}

/** Whether `address`'s level lets it trip or reset `url` (the authority's always does). */
function mayToggle(ctx: MessageContext, address: string, url: string, what: "trip" | "reset"): void {
  const p = ctx.circuit.permissions(address);
  const level = p?.level ?? Level.NONE;
  if (level === Level.SUPER_ADMIN || level === Level.ALL_MSGS || address === ctx.authority) return;
  if (level === Level.SOME_MSGS) {
    if (!p!.limitTypeUrls.includes(url)) throw new TxError(SdkErrors.Unauthorized, `account does not have permission to ${what} circuit breaker for message ${url}`);
    return;
  }
  throw new TxError(SdkErrors.Unauthorized, `account does not have permission to ${what} circuit breaker`);
}

const routed = (typeUrl: string, sender: string) => event("message", { action: typeUrl, sender, module: "circuit" });

export const msgAuthorizeCircuitBreakerDef = message({
  schema: MsgAuthorizeCircuitBreakerSchema,
  signer: (m, { prefix }) => accountAddress(m.granter, prefix, "invalid granter address"),
  validate: (m, { prefix }): Authorize => ({
    granter: canonicalAddress(m.granter, prefix), granteeText: m.grantee, grantee: catching(() => codecAddress(m.grantee, prefix)),
    permissions: m.permissions === undefined ? undefined : { level: m.permissions.level, limitTypeUrls: [...m.permissions.limitTypeUrls] },
  }),
  handle(ctx, m) {
    if (m.granter !== ctx.authority && ctx.circuit.permissions(m.granter)?.level !== Level.SUPER_ADMIN) {
      throw new TxError(SdkErrors.Unauthorized, "only super admins can authorize users");
    }
    const grantee = m.grantee;
    if (grantee instanceof TxError) throw grantee;
    if (m.permissions === undefined) throw new TxError(SdkErrors.InvalidRequest, "permissions cannot be nil");
    ctx.circuit.setPermissions(grantee, m.permissions);
    return respond(MsgAuthorizeCircuitBreakerResponseSchema, { success: true }, [
      routed(`/${MsgAuthorizeCircuitBreakerSchema.typeName}`, ctx.signer),
      event("authorize_circuit_breaker", { granter: m.granter, grantee: m.granteeText, permission: permissionsText(m.permissions) }),
    ]);
  },
  gas: authorizeGas,
});

const typeUrls = (m: { authority: string; msgTypeUrls: string[] }, prefix: string): TypeUrls => ({ authority: canonicalAddress(m.authority, prefix), urls: [...m.msgTypeUrls] });

export const msgTripCircuitBreakerDef = message({
  schema: MsgTripCircuitBreakerSchema,
  signer: (m, { prefix }) => accountAddress(m.authority, prefix, "invalid authority address"),
  validate: (m, { prefix }) => typeUrls(m, prefix),
  handle(ctx, m) {
    for (const url of m.urls) {
      if (!ctx.circuit.isAllowed(url)) throw plainError(`message ${url} is already disabled`);
      mayToggle(ctx, m.authority, url, "trip");
      ctx.circuit.setDisabled(url, true);
    }
    return respond(MsgTripCircuitBreakerResponseSchema, { success: true }, [
      routed(`/${MsgTripCircuitBreakerSchema.typeName}`, ctx.signer),
      event("trip_circuit_breaker", { authority: m.authority, msg_url: m.urls.join(",") }),
    ]);
  },
  gas: tripGas,
});

export const msgResetCircuitBreakerDef = message({
  schema: MsgResetCircuitBreakerSchema,
  signer: (m, { prefix }) => accountAddress(m.authority, prefix, "invalid authority address"),
  validate: (m, { prefix }) => typeUrls(m, prefix),
  handle(ctx, m) {
    for (const url of m.urls) {
      if (ctx.circuit.isAllowed(url)) throw plainError(`message ${url} is not disabled`);
      mayToggle(ctx, m.authority, url, "reset");
      ctx.circuit.setDisabled(url, false);
    }
    return respond(MsgResetCircuitBreakerResponseSchema, { success: true }, [
      routed(`/${MsgResetCircuitBreakerSchema.typeName}`, ctx.signer),
      event("reset_circuit_breaker", { authority: m.authority, msg_url: m.urls.join(",") }),
    ]);
  },
  gas: resetGas,
});

export const circuitMessages = [msgAuthorizeCircuitBreakerDef, msgTripCircuitBreakerDef, msgResetCircuitBreakerDef];
