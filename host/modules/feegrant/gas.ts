// x/feegrant's store accesses as the SDK meters them (keeper/keeper.go, keeper/msg_server.go of
// cosmossdk.io/x/feegrant v0.1.1). Keys: an allowance's is 0x00 | len | grantee | len | granter;
// a queue entry's 0x01 | the expiration as FormatTimeBytes (29 bytes) | len | grantee | len |
// granter, with an empty value. A Grant's value is its protobuf bytes (Feegrant.grantBytes).

import type { Sim } from "../../framework/gas/sim.js";
import { createAccount, getAccount } from "../bank/gas.js";
import { addrLen } from "../../framework/gas/view.js";
import type { MessageContext } from "../../framework/context.js";
import { TxError } from "../../wire/errors.js";
import { expiresAt, validateAllowance, type Allowance } from "./allowance.js";
import { Feegrant } from "./keeper.js";

const FG = "feegrant";
/** sdk.FormatTimeBytes: "2006-01-02T15:04:05.000000000". */
const TIME_BYTES = 29;

export const allowanceKeyLen = (granter: string, grantee: string): number => 3 + addrLen(granter) + addrLen(grantee);
export const queueKeyLen = (granter: string, grantee: string): number => 1 + TIME_BYTES + 2 + addrLen(granter) + addrLen(grantee);

function getAllowance(k: Sim, ctx: MessageContext, granter: string, grantee: string, what: string): number {
  const g = ctx.feegrant.get(granter, grantee);
  const size = g === undefined ? 0 : Feegrant.grantBytes(g);
  k.meter.get(FG, allowanceKeyLen(granter, grantee), size, what);
  return size;
}

/** MsgGrantAllowance: the server's existence check and ValidateBasic, then GrantAllowance. */
export function grantAllowanceGas(k: Sim, m: { granter: string; grantee: string; allowance: Allowance; selfGrant: boolean }, ctx: MessageContext): void {
  k.check("sdk:7", m.selfGrant);
  const exists = getAllowance(k, ctx, m.granter, m.grantee, "GetAllowance") > 0;
  k.check("sdk:18", exists);
  try {
    validateAllowance(m.allowance);
  } catch (e) {
    if (e instanceof TxError) k.check(`${e.codespace}:${e.code}`, true);
    throw e;
  }
  getAllowance(k, ctx, m.granter, m.grantee, "GrantAllowance: GetAllowance");
  if (getAccount(k, m.grantee, "GrantAllowance: grantee") === undefined) {
    k.check("sdk:4"); // BlockedAddr reads no store
    createAccount(k, m.grantee, "GrantAllowance: grantee");
  }
  const exp = expiresAt(m.allowance);
  k.check("sdk:18", exp !== undefined && exp < k.block.timeNs);
  if (exp !== undefined) k.meter.set(FG, queueKeyLen(m.granter, m.grantee), 0, "addToFeeAllowanceQueue");
  k.meter.set(FG, allowanceKeyLen(m.granter, m.grantee), Feegrant.grantBytes({ granter: m.granter, grantee: m.grantee, allowance: m.allowance }), "GrantAllowance");
}

/** MsgRevokeAllowance: revokeAllowance (its queue delete, with the key's addresses swapped, deletes nothing but costs). */
export function revokeAllowanceGas(k: Sim, m: { granter: string; grantee: string; same: boolean }, ctx: MessageContext): void {
  k.check("sdk:7", m.same);
  const g = ctx.feegrant.get(m.granter, m.grantee);
  getAllowance(k, ctx, m.granter, m.grantee, "revokeAllowance: GetAllowance");
  k.check("sdk:38", g === undefined);
  k.meter.del(FG, allowanceKeyLen(m.granter, m.grantee), "revokeAllowance");
  if (expiresAt(g!.allowance) !== undefined) k.meter.del(FG, queueKeyLen(m.granter, m.grantee), "revokeAllowance: queue");
}

/** MsgPruneAllowances: RemoveExpiredAllowances(75) over the queue up to the block's time. */
export function pruneAllowancesGas(k: Sim, ctx: MessageContext, limit: number): void {
  const due = ctx.feegrant.due(k.block.timeNs, limit);
  const items = due.map((q) => [queueKeyLen(q.granter, q.grantee), 0] as const);
  k.meter.iter(FG, items, due.length === limit ? limit - 1 : due.length, "RemoveExpiredAllowances");
  for (const q of due) {
    k.meter.del(FG, queueKeyLen(q.granter, q.grantee), "RemoveExpiredAllowances: queue");
    k.meter.del(FG, allowanceKeyLen(q.granter, q.grantee), "RemoveExpiredAllowances");
  }
}
