// x/circuit's store accesses as the SDK's gas KV store meters them (cosmossdk.io/x/circuit v0.1.1
// keeper, collections): permissions at 0x01|<address bytes> (a Permissions message), the disable
// list at 0x02|<type url> (no value). A model runs on the state before its message; each check is a
// checkpoint its error stops the charges at.

import type { Sim } from "../../framework/gas/sim.js";
import { bytesOf, lenField, varintLen } from "../../framework/gas/proto.js";
import { addressLength } from "../../wire/address.js";
import { TxError } from "../../wire/errors.js";
import { Level, type Authorize, type Circuit, type Permissions, type TypeUrls } from "./keeper.js";

const S = "circuit";

interface CircuitCtx { readonly circuit: Circuit; readonly authority: string }

const permKey = (address: string) => 1 + addressLength(address);
const disabledKey = (url: string) => 1 + bytesOf(url);
export const permissionsValue = (p: Permissions): number =>
  (p.level === 0 ? 0 : 1 + varintLen(p.level)) + p.limitTypeUrls.reduce((t, u) => t + lenField(2, bytesOf(u)), 0);

function getPermissions(k: Sim, ctx: CircuitCtx, address: string): Permissions | undefined {
  const p = ctx.circuit.permissions(address);
  k.meter.get(S, permKey(address), p === undefined ? 0 : permissionsValue(p), "Permissions.Get");
  return p;
}

export function authorizeGas(k: Sim, m: Authorize, ctx: CircuitCtx): void {
  if (m.granter !== ctx.authority) {
    const p = getPermissions(k, ctx, m.granter);
    k.check("sdk:4", p?.level !== Level.SUPER_ADMIN);
  }
  k.check("undefined:1", m.grantee instanceof TxError);
  k.check("sdk:18", m.permissions === undefined);
  k.meter.set(S, permKey(m.grantee as string), permissionsValue(m.permissions!), "Permissions.Set");
}

function toggleGas(k: Sim, m: TypeUrls, ctx: CircuitCtx, trip: boolean): void {
  const p = getPermissions(k, ctx, m.authority);
  const disabled = new Set(m.urls.filter((u) => !ctx.circuit.isAllowed(u)));
  const level = p?.level ?? Level.NONE;
  for (const url of m.urls) {
    k.meter.has(S, disabledKey(url), "DisableList.Has");
    k.check("undefined:1", disabled.has(url) === trip);
    const allowed = level === Level.SUPER_ADMIN || level === Level.ALL_MSGS || m.authority === ctx.authority || (level === Level.SOME_MSGS && p!.limitTypeUrls.includes(url));
    k.check("sdk:4", !allowed);
    if (trip) {
      k.meter.set(S, disabledKey(url), 0, "DisableList.Set");
      disabled.add(url);
    } else {
      k.meter.del(S, disabledKey(url), "DisableList.Remove");
      disabled.delete(url);
    }
  }
}

export const tripGas = (k: Sim, m: TypeUrls, ctx: CircuitCtx): void => toggleGas(k, m, ctx, true);
export const resetGas = (k: Sim, m: TypeUrls, ctx: CircuitCtx): void => toggleGas(k, m, ctx, false);
