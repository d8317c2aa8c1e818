// The ledger's records as the host reads them: decoders of the core's validator record, its
// delegation and entry views, votes and the block outcome (assembly/abi/*.ts). Decs raw.

import type { Core } from "./core.js";
import {
  BO_MINTED, BO_TOP_UP, BO_FEES, VOTE_VALIDATOR, VOTE_POWER, V_OPERATOR, V_STATUS, V_JAILED, V_TOKENS, V_SHARES,
  V_COMMISSION_RATE, V_PERIOD, V_CURRENT_REWARDS, V_COMMISSION, V_OUTSTANDING, V_LAST_POWER, V_UNBONDING_TIME,
  V_UNBONDING_HEIGHT, V_MIN_SELF_DELEGATION, STATUS_UNBONDED, STATUS_UNBONDING, STATUS_BONDED, DV_DELEGATOR,
  DV_VALIDATOR, DV_SHARES, DV_BALANCE, UV_VALIDATOR, UV_CREATION_HEIGHT, UV_COMPLETION, UV_INITIAL, UV_BALANCE, UV_ID,
  RV_SRC, RV_DST, RV_CREATION_HEIGHT, RV_COMPLETION, RV_INITIAL, RV_SHARES_DST, RV_BALANCE, RV_ID,
} from "./abi.gen.js";

/** Validator status (assembly/abi/validator.ts STATUS_*). */
export const ValidatorStatus = { unbonded: STATUS_UNBONDED, unbonding: STATUS_UNBONDING, bonded: STATUS_BONDED } as const;

/** A validator's record (assembly/abi/validator.ts). Decs raw. */
export interface ValidatorRecord {
  operator: number;
  status: number;
  jailed: boolean;
  tokens: bigint;
  delegatorShares: bigint;
  commissionRate: bigint;
  period: bigint;
  currentRewards: bigint;
  accumulatedCommission: bigint;
  outstanding: bigint;
  /** Consensus power in the last validator set (0: not in it). */
  lastPower: bigint;
  /** When an unbonding validator becomes unbonded (unix ns) and the height it started unbonding. */
  unbondingTime: bigint;
  unbondingHeight: bigint;
  minSelfDelegation: bigint;
}

/** A delegation with the tokens its shares are worth now (TokensFromShares, truncated). */
export interface DelegationInfo {
  delegator: number;
  validator: number;
  /** Raw Dec. */
  shares: bigint;
  balance: bigint;
}

/** An unbonding entry (x/staking UnbondingDelegationEntry). Times in unix ns. */
export interface UnbondingEntry {
  validator: number;
  creationHeight: bigint;
  completionTime: bigint;
  initialBalance: bigint;
  balance: bigint;
  /** The entry's id (the SDK's unbonding id). */
  id: bigint;
}

/** A redelegation entry (x/staking RedelegationEntry) and the tokens its shares are worth now. */
export interface RedelegationEntry {
  src: number;
  dst: number;
  creationHeight: bigint;
  completionTime: bigint;
  initialBalance: bigint;
  /** Raw Dec: shares at the destination. */
  sharesDst: bigint;
  balance: bigint;
  id: bigint;
}

export interface Vote {
  validator: number;
  power: bigint;
}

export interface BlockOutcome {
  minted: bigint;
  topUp: bigint;
  /** Moved from the fee collector to distribution. */
  fees: bigint;
}

export function readValidator(c: Core, p: number): ValidatorRecord {
  return {
    operator: c.readU32(p + V_OPERATOR),
    status: c.readU8(p + V_STATUS),
    jailed: c.readU8(p + V_JAILED) !== 0,
    tokens: c.readU128(p + V_TOKENS),
    delegatorShares: c.readU128(p + V_SHARES),
    commissionRate: c.readU128(p + V_COMMISSION_RATE),
    period: c.readU64(p + V_PERIOD),
    currentRewards: c.readU128(p + V_CURRENT_REWARDS),
    accumulatedCommission: c.readU128(p + V_COMMISSION),
    outstanding: c.readU128(p + V_OUTSTANDING),
    lastPower: c.readU64(p + V_LAST_POWER),
    unbondingTime: c.readI64(p + V_UNBONDING_TIME),
    unbondingHeight: c.readU64(p + V_UNBONDING_HEIGHT),
    minSelfDelegation: c.readU128(p + V_MIN_SELF_DELEGATION),
  };
}

export function readDelegation(c: Core, p: number): DelegationInfo {
  return {
    delegator: c.readU32(p + DV_DELEGATOR),
    validator: c.readU32(p + DV_VALIDATOR),
    shares: c.readU128(p + DV_SHARES),
    balance: c.readU128(p + DV_BALANCE),
  };
}

export function readUnbondingEntry(c: Core, p: number): UnbondingEntry {
  return {
    validator: c.readU32(p + UV_VALIDATOR),
    creationHeight: c.readU64(p + UV_CREATION_HEIGHT),
    completionTime: c.readI64(p + UV_COMPLETION),
    initialBalance: c.readU128(p + UV_INITIAL),
    balance: c.readU128(p + UV_BALANCE),
    id: c.readU64(p + UV_ID),
  };
}

export function readRedelegationEntry(c: Core, p: number): RedelegationEntry {
  return {
    src: c.readU32(p + RV_SRC),
    dst: c.readU32(p + RV_DST),
    creationHeight: c.readU64(p + RV_CREATION_HEIGHT),
    completionTime: c.readI64(p + RV_COMPLETION),
    initialBalance: c.readU128(p + RV_INITIAL),
    sharesDst: c.readU128(p + RV_SHARES_DST),
    balance: c.readU128(p + RV_BALANCE),
    id: c.readU64(p + RV_ID),
  };
}

export function readVote(c: Core, p: number): Vote {
  return { validator: c.readU32(p + VOTE_VALIDATOR), power: c.readU64(p + VOTE_POWER) };
}

export function writeVote(c: Core, p: number, v: Vote): void {
  c.writeI32(p + VOTE_VALIDATOR, v.validator);
  c.writeU64(p + VOTE_POWER, v.power);
}

export function readBlockOutcome(c: Core, p: number): BlockOutcome {
  return { minted: c.readU128(p + BO_MINTED), topUp: c.readU128(p + BO_TOP_UP), fees: c.readU128(p + BO_FEES) };
}
