// The hostile classes of x/upgrade and x/circuit (every executed message type has a class): each
// message from an account that holds no right to it, failing in its block with the code the
// upgrade-circuit recording (test/reference-chain/upgrade-circuit) holds for the same case: upgrade 6
// (not the authority), sdk 4 (no super admin, no permission to trip or reset), code 1 (a type not
// disabled reset).

import { MsgCancelUpgradeSchema, MsgSoftwareUpgradeSchema } from "../../host/wire/gen/cosmos/upgrade/v1beta1/tx_pb.js";
import { MsgAuthorizeCircuitBreakerSchema, MsgResetCircuitBreakerSchema, MsgTripCircuitBreakerSchema } from "../../host/wire/gen/cosmos/circuit/v1/tx_pb.js";
import { ATTACKER, addr } from "./context.js";
import { cases, deferred, msg, type Case, type ProtoMsg } from "./proto.js";

const A = () => addr(ATTACKER);
const one = (note: string, code: string, build: () => ProtoMsg): Case => ({
  note, make: async (_rng, ctx) => deferred(ctx, ATTACKER, [build()], code, ""),
});
const SEND = "/cosmos.bank.v1beta1.MsgSend";

const UPGRADE_CASES: Case[] = [
  one("schedule an upgrade as its own authority", "upgrade/6", () => msg(MsgSoftwareUpgradeSchema, { authority: A(), plan: { name: "hostile", height: 1_000_000n, info: "" } })),
  one("schedule a plan with no name as its own authority", "upgrade/6", () => msg(MsgSoftwareUpgradeSchema, { authority: A(), plan: { name: "", height: 0n, info: "" } })),
  one("cancel the upgrade plan as its own authority", "upgrade/6", () => msg(MsgCancelUpgradeSchema, { authority: A() })),
];

const CIRCUIT_CASES: Case[] = [
  one("authorize itself as super admin", "sdk/4", () => msg(MsgAuthorizeCircuitBreakerSchema, { granter: A(), grantee: A(), permissions: { level: 3, limitTypeUrls: [] } })),
  one("authorize another with no permissions given", "sdk/4", () => msg(MsgAuthorizeCircuitBreakerSchema, { granter: A(), grantee: addr(7) })),
  one("trip MsgSend without permissions", "sdk/4", () => msg(MsgTripCircuitBreakerSchema, { authority: A(), msgTypeUrls: [SEND] })),
  one("reset MsgSend, which is not disabled", "undefined/1", () => msg(MsgResetCircuitBreakerSchema, { authority: A(), msgTypeUrls: [SEND] })),
];

export const upgradeClass = cases({
  name: "upgrade",
  rounds: 2,
  covers: ["MsgSoftwareUpgrade", "MsgCancelUpgrade"].map((n) => `/cosmos.upgrade.v1beta1.${n}`),
  cases: UPGRADE_CASES,
});

export const circuitClass = cases({
  name: "circuit",
  rounds: 2,
  covers: ["MsgAuthorizeCircuitBreaker", "MsgTripCircuitBreaker", "MsgResetCircuitBreaker"].map((n) => `/cosmos.circuit.v1.${n}`),
  cases: CIRCUIT_CASES,
});
