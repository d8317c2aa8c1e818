// x/upgrade's and x/circuit's messages for the recorder: cosmjs-types' protobuf types, and amino
// converters for the circuit messages (cosmossdk.io/x/circuit v0.1.1's protos give them no amino.name,
// so x/tx's amino JSON names each by its type URL; fields by their proto names, zero values omitted,
// the level enum as a number).

import type { GeneratedType } from "@cosmjs/proto-signing";
import type { AminoConverters } from "@cosmjs/stargate";
import * as upgrade from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import * as circuit from "cosmjs-types/cosmos/circuit/v1/tx";
import { rfc3339 } from "./amino-more.js";

export const CIRCUIT = "/cosmos.circuit.v1.";

export const upgradeCircuitTypes: [string, GeneratedType][] = [
  ["/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", upgrade.MsgSoftwareUpgrade],
  ["/cosmos.upgrade.v1beta1.MsgCancelUpgrade", upgrade.MsgCancelUpgrade],
  [`${CIRCUIT}MsgAuthorizeCircuitBreaker`, circuit.MsgAuthorizeCircuitBreaker],
  [`${CIRCUIT}MsgTripCircuitBreaker`, circuit.MsgTripCircuitBreaker],
  [`${CIRCUIT}MsgResetCircuitBreaker`, circuit.MsgResetCircuitBreaker],
];

const omit = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== "" && v !== 0 && v !== false && v !== undefined && !(Array.isArray(v) && v.length === 0)));

/** A converter whose fromAmino hands back the message given to toAmino (the tx carries the message built). */
function stash(aminoType: string, toAmino: (m: any) => Record<string, unknown>) {
  const originals = new WeakMap<object, unknown>();
  return {
    aminoType,
    toAmino: (m: any) => { const v = toAmino(m); originals.set(v, m); return v; },
    fromAmino: (v: any) => {
      const m = originals.get(v);
      if (m === undefined) throw new Error(`${aminoType}: fromAmino of a value this converter did not make`);
      return m;
    },
  };
}

/**
 * x/upgrade's messages in amino JSON (amino.name cosmos-sdk/MsgSoftwareUpgrade, cosmos-sdk/MsgCancelUpgrade):
 * the plan kept even if empty (dont_omitempty), its time (dont_omitempty, Go's zero time here) as RFC 3339, the
 * height as a string, info omitted when empty.
 */
export function upgradeAminoConverters(): AminoConverters {
  return {
    "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade": stash("cosmos-sdk/MsgSoftwareUpgrade", (m: upgrade.MsgSoftwareUpgrade) => ({
      authority: m.authority,
      plan: omit({ name: m.plan.name, time: rfc3339(m.plan.time), height: m.plan.height === 0n ? undefined : m.plan.height.toString(), info: m.plan.info }),
    })),
    "/cosmos.upgrade.v1beta1.MsgCancelUpgrade": stash("cosmos-sdk/MsgCancelUpgrade", (m: upgrade.MsgCancelUpgrade) => omit({ authority: m.authority })),
  };
}

export function circuitAminoConverters(): AminoConverters {
  const urls = (name: string) => ({
    aminoType: `${CIRCUIT}${name}`,
    toAmino: (m: circuit.MsgTripCircuitBreaker) => omit({ authority: m.authority, msg_type_urls: m.msgTypeUrls }),
    fromAmino: (v: any) => ({ authority: v.authority ?? "", msgTypeUrls: v.msg_type_urls ?? [] }),
  });
  return {
    ...upgradeAminoConverters(),
    [`${CIRCUIT}MsgAuthorizeCircuitBreaker`]: {
      aminoType: `${CIRCUIT}MsgAuthorizeCircuitBreaker`,
      toAmino: (m: circuit.MsgAuthorizeCircuitBreaker) => omit({
        granter: m.granter, grantee: m.grantee,
        permissions: m.permissions === undefined ? undefined : omit({ level: m.permissions.level, limit_type_urls: m.permissions.limitTypeUrls }),
      }),
      fromAmino: (v: any) => ({
        granter: v.granter ?? "", grantee: v.grantee ?? "",
        permissions: v.permissions === undefined ? undefined : { level: v.permissions.level ?? 0, limitTypeUrls: v.permissions.limit_type_urls ?? [] },
      }),
    },
    [`${CIRCUIT}MsgTripCircuitBreaker`]: urls("MsgTripCircuitBreaker"),
    [`${CIRCUIT}MsgResetCircuitBreaker`]: urls("MsgResetCircuitBreaker"),
  };
}
