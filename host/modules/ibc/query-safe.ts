// ICA host's MsgModuleQuerySafe (ibc-go v10 27-interchain-accounts/host/keeper/msg_server.go): each
// request's path must be one of the queries the SDK marks `module_query_safe` (cosmos.query.v1), then
// it runs through the query router; the first failing query fails the message with the router's
// error (`rpc error: code = <code> desc = <message>`, codespace undefined, code 1). The responses and
// the block's height are the msg response. The queries' own store reads are not metered here.

import { message } from "../../framework/message.js";
import { respond } from "../../framework/handlers.js";
import { event } from "../../framework/events.js";
import type { MessageContext } from "../../framework/context.js";
import type { Sim } from "../../framework/gas/sim.js";
import { TxError } from "../../wire/errors.js";
import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import * as icaHost from "../../wire/gen/ibc/applications/interchain_accounts/host/v1/tx_pb.js";
import { IbcErrors, ibcSigner, plain, signerField } from "./rules.js";

const q = (service: string, methods: string[]) => methods.map((m) => `/${service}/${m}`);

/** The SDK v0.53 query methods with `(cosmos.query.v1.module_query_safe) = true` (newModuleQuerySafeAllowList). */
export const MODULE_QUERY_SAFE = new Set([
  ...q("cosmos.auth.v1beta1.Query", ["Accounts", "Account", "AccountAddressByID", "Params", "ModuleAccounts", "ModuleAccountByName", "AccountInfo"]),
  ...q("cosmos.bank.v1beta1.Query", ["Balance", "AllBalances", "SpendableBalances", "SpendableBalanceByDenom", "TotalSupply", "SupplyOf", "Params",
    "DenomMetadata", "DenomMetadataByQueryString", "DenomsMetadata", "DenomOwners", "DenomOwnersByQuery", "SendEnabled"]),
  ...q("cosmos.circuit.v1.Query", ["Account", "Accounts", "DisabledList"]),
  ...q("cosmos.staking.v1beta1.Query", ["Validators", "Validator", "ValidatorDelegations", "ValidatorUnbondingDelegations", "Delegation", "UnbondingDelegation",
    "DelegatorDelegations", "DelegatorUnbondingDelegations", "Redelegations", "DelegatorValidators", "DelegatorValidator", "HistoricalInfo", "Pool", "Params"]),
]);

const GRPC_NAME = Object.fromEntries(Object.entries(GrpcCode).map(([k, v]) => [v, k.toLowerCase().replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())]));

/** Runs the requests: their responses, or the TxError the first failing one gives. */
function run(m: icaHost.MsgModuleQuerySafe, ctx: MessageContext): Uint8Array[] {
  return m.requests.map((r) => {
    if (!MODULE_QUERY_SAFE.has(r.path)) throw new TxError(IbcErrors.InvalidRequest, `not module query safe: ${r.path}`);
    try {
      return ctx.ibc.query(r.path, r.data);
    } catch (e) {
      if (e instanceof GatewayError) throw plain(`rpc error: code = ${GRPC_NAME[e.code] ?? "Unknown"} desc = ${e.message}`);
      throw e;
    }
  });
}

export const msgModuleQuerySafeDef = message({
  schema: icaHost.MsgModuleQuerySafeSchema,
  signer: signerField((m: icaHost.MsgModuleQuerySafe) => m.signer),
  validateBasic: true,
  validate: (m, ctx) => {
    ibcSigner(m.signer, ctx.prefix);
    if (m.requests.length === 0) throw new TxError(IbcErrors.InvalidRequest, "no queries provided");
    return m;
  },
  handle: (ctx, m) => respond(icaHost.MsgModuleQuerySafeResponseSchema, { responses: run(m, ctx), height: ctx.height }, [
    event("message", { action: "/ibc.applications.interchain_accounts.host.v1.MsgModuleQuerySafe", sender: ctx.signer }),
  ]),
  gas: (k: Sim, m, ctx: MessageContext) => {
    try {
      run(m, ctx);
    } catch (e) {
      if (e instanceof TxError) k.check(`${e.codespace}:${e.code}`, true);
      throw e;
    }
  },
});
