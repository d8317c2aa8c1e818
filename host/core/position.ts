// A tier position as the host knows it: the one decoder of the core's position view
// (assembly/abi/position.ts: the stored record's fields, then the live delegation).

import type { Core } from "./core.js";
import type { Layout } from "./record-layout.js";
import {
  P_ID, P_OWNER, P_TIER, P_DELEGATOR, P_VALIDATOR, P_LAST_ACCRUAL, P_LAST_SEQ, P_BONDED, P_TRIGGERED, P_UNLOCK,
  P_HEIGHT, P_TIME, PV_DELEGATED, PV_UNBONDING, PV_AMOUNT, PV_SHARES,
} from "./abi.gen.js";

export type PositionStatus = "active" | "exiting" | "elapsed" | "unbonding" | "withdrawable";

/** A position: the stored fields (times in unix ns, 0 = the zero time; accounts as core ids) and the live view. */
export interface Position {
  id: bigint;
  owner: number;
  tierId: number;
  delegator: number;
  /** The delegation's validator, or undefined when undelegated. */
  validator: number | undefined;
  /** The tokens its delegation, unbonding entry or balance holds now. */
  amount: bigint;
  /** Raw Dec; 0 when undelegated. */
  delegatedShares: bigint;
  lastBonusAccrual: bigint;
  lastEventSeq: bigint;
  lastKnownBonded: boolean;
  exitTriggeredAt: bigint;
  exitUnlockAt: bigint;
  createdAtHeight: bigint;
  createdAtTime: bigint;
  delegated: boolean;
  unbonding: boolean;
}

/** The stored fields alone (x/tieredrewards `Position`, as the raw queries and some events carry it). */
export type StoredPosition = Omit<Position, "validator" | "amount" | "delegatedShares" | "delegated" | "unbonding">;

/** The position view (validator: P_VALIDATOR's, undefined unless delegated). */
const POSITION_VIEW: Layout<Position> = {
  id: ["u64", P_ID],
  owner: ["u32", P_OWNER],
  tierId: ["u32", P_TIER],
  delegator: ["u32", P_DELEGATOR],
  validator: ["u32", P_VALIDATOR],
  lastBonusAccrual: ["i64", P_LAST_ACCRUAL],
  lastEventSeq: ["u64", P_LAST_SEQ],
  lastKnownBonded: ["bool", P_BONDED],
  delegated: ["bool", PV_DELEGATED],
  unbonding: ["bool", PV_UNBONDING],
  exitTriggeredAt: ["i64", P_TRIGGERED],
  exitUnlockAt: ["i64", P_UNLOCK],
  createdAtHeight: ["u64", P_HEIGHT],
  createdAtTime: ["i64", P_TIME],
  amount: ["u128", PV_AMOUNT],
  delegatedShares: ["u128", PV_SHARES],
};

/** The position view tiersPosition wrote at `p`. */
export function readPosition(core: Core, p: number): Position {
  const position = core.readRecord(p, POSITION_VIEW);
  if (!position.delegated) position.validator = undefined;
  return position;
}

/** Derived status at a block time (REFERENCE.md §13.22). */
export function positionStatus(p: Position, nowNs: bigint): PositionStatus {
  const elapsed = p.exitTriggeredAt !== 0n && nowNs >= p.exitUnlockAt;
  if (p.delegated) return elapsed ? "elapsed" : p.exitTriggeredAt !== 0n ? "exiting" : "active";
  if (p.unbonding) return "unbonding";
  return elapsed ? "withdrawable" : p.exitTriggeredAt !== 0n ? "exiting" : "active";
}
