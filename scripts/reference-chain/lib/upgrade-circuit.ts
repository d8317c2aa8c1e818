// x/upgrade's and x/circuit's messages for the recorder: cosmjs-types' protobuf types, and amino
// converters for the circuit messages (cosmossdk.io/x/circuit v0.1.1's protos give them no amino.name,
// so x/tx's amino JSON names each by its type URL; fields by their proto names, zero values omitted,
// the level enum as a number).

import type { GeneratedType } from "@cosmjs/proto-signing";
import type { AminoConverters } from "@cosmjs/stargate";
import * as upgrade from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import * as circuit from "cosmjs-types/cosmos/circuit/v1/tx";

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

export function circuitAminoConverters(): AminoConverters {
  const urls = (name: string) => ({
    aminoType: `${CIRCUIT}${name}`,
    toAmino: (m: circuit.MsgTripCircuitBreaker) => omit({ authority: m.authority, msg_type_urls: m.msgTypeUrls }),
    fromAmino: (v: any) => ({ authority: v.authority ?? "", msgTypeUrls: v.msg_type_urls ?? [] }),
  });
  return {
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
