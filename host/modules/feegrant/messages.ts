// x/feegrant's messages (keeper/msg_server.go of cosmossdk.io/x/feegrant v0.1.1): grant an
// allowance (a grantee without an account gets one), revoke it, prune the expired ones (anyone).

import { event } from "../../framework/events.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import {
  MsgGrantAllowanceResponseSchema, MsgGrantAllowanceSchema, MsgPruneAllowancesResponseSchema, MsgPruneAllowancesSchema,
  MsgRevokeAllowanceResponseSchema, MsgRevokeAllowanceSchema,
} from "../../wire/gen/cosmos/feegrant/v1beta1/tx_pb.js";
import { accountAddress } from "../staking/validate.js";
import { allowanceOf, expiresAt, validateAllowance, type Allowance } from "./allowance.js";
import { grantAllowanceGas, pruneAllowancesGas, revokeAllowanceGas } from "./gas.js";

/** RemoveExpiredAllowances' limit in MsgPruneAllowances (the EndBlocker's is 200). */
export const PRUNE_LIMIT = 75;
export const END_BLOCK_LIMIT = 200;

export interface MsgGrantAllowance {
  readonly granter: string;
  readonly grantee: string;
  readonly allowance: Allowance;
  /** strings.EqualFold(grantee, granter): the server's first check. */
  readonly selfGrant: boolean;
}

export const msgGrantAllowanceDef = message({
  schema: MsgGrantAllowanceSchema,
  signer: (m, { prefix }) => accountAddress(m.granter, prefix, "invalid signer granter"),
  validate: (m, { prefix }): MsgGrantAllowance => ({
    selfGrant: m.granter.toLowerCase() === m.grantee.toLowerCase(),
    granter: accountAddress(m.granter, prefix, "invalid granter address"),
    grantee: accountAddress(m.grantee, prefix, "invalid grantee address"),
    allowance: allowanceOf(m.allowance),
  }),
  handle(ctx, msg) {
    if (msg.selfGrant) throw new TxError(SdkErrors.InvalidAddress, "cannot self-grant fee authorization");
    const exists = () => {
      if (ctx.feegrant.get(msg.granter, msg.grantee) !== undefined) throw new TxError(SdkErrors.InvalidRequest, "fee allowance already exists");
    };
    exists();
    validateAllowance(msg.allowance);
    exists();
    // A grantee without an account gets one (v0.1.1's GrantAllowance).
    if (!ctx.directory.numbered(msg.grantee)) ctx.directory.genesisAccount(msg.grantee, { number: ctx.directory.nextAccountNumber() });
    const exp = expiresAt(msg.allowance);
    if (exp !== undefined && exp < ctx.timeNs) throw new TxError(SdkErrors.InvalidRequest, "expiration is before current block time");
    ctx.feegrant.grant(msg.granter, msg.grantee, msg.allowance);
    return respond(MsgGrantAllowanceResponseSchema, {}, [
      event("message", { action: "/cosmos.feegrant.v1beta1.MsgGrantAllowance", sender: ctx.signer, module: "feegrant" }),
      event("set_feegrant", { granter: msg.granter, grantee: msg.grantee }),
    ]);
  },
  gas: grantAllowanceGas,
});

export interface MsgRevokeAllowance {
  readonly granter: string;
  readonly grantee: string;
  /** msg.Grantee == msg.Granter, as sent. */
  readonly same: boolean;
}

export const msgRevokeAllowanceDef = message({
  schema: MsgRevokeAllowanceSchema,
  signer: (m, { prefix }) => accountAddress(m.granter, prefix, "invalid signer granter"),
  validate: (m, { prefix }): MsgRevokeAllowance => ({
    same: m.granter === m.grantee,
    granter: accountAddress(m.granter, prefix, "invalid granter address"),
    grantee: accountAddress(m.grantee, prefix, "invalid grantee address"),
  }),
  handle(ctx, msg) {
    if (msg.same) throw new TxError(SdkErrors.InvalidAddress, "addresses must be different");
    ctx.feegrant.revoke(msg.granter, msg.grantee);
    return respond(MsgRevokeAllowanceResponseSchema, {}, [
      event("message", { action: "/cosmos.feegrant.v1beta1.MsgRevokeAllowance", sender: ctx.signer, module: "feegrant" }),
      event("revoke_feegrant", { granter: msg.granter, grantee: msg.grantee }),
    ]);
  },
  gas: revokeAllowanceGas,
});

export const msgPruneAllowancesDef = message({
  schema: MsgPruneAllowancesSchema,
  signer: (m, { prefix }) => accountAddress(m.pruner, prefix, "invalid signer pruner"),
  validate: (m, { prefix }): { pruner: string } => ({ pruner: accountAddress(m.pruner, prefix, "invalid pruner address") }),
  handle(ctx, msg) {
    ctx.feegrant.removeExpired(ctx.timeNs, PRUNE_LIMIT);
    return respond(MsgPruneAllowancesResponseSchema, {}, [
      event("message", { action: "/cosmos.feegrant.v1beta1.MsgPruneAllowances", sender: ctx.signer, module: "feegrant" }),
      event("prune_feegrant", { pruner: msg.pruner }),
    ]);
  },
  gas: (k, _m, ctx) => pruneAllowancesGas(k, ctx, PRUNE_LIMIT),
});

export const feegrantMessages = [msgGrantAllowanceDef, msgRevokeAllowanceDef, msgPruneAllowancesDef];
