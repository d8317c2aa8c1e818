// The ledger's records as the host reads them: decoders of the core's validator record, its
// delegation and entry views, votes and the block outcome (assembly/abi/*.ts), each a layout
// read by the one record reader (host/core/record-layout.ts). Decs raw.

import type { Core } from "./core.js";
import type { Layout } from "./record-layout.js";
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

const VALIDATOR: Layout<ValidatorRecord> = {
  operator: ["u32", V_OPERATOR],
  status: ["u8", V_STATUS],
  jailed: ["bool", V_JAILED],
  tokens: ["u128", V_TOKENS],
  delegatorShares: ["u128", V_SHARES],
  commissionRate: ["u128", V_COMMISSION_RATE],
  period: ["u64", V_PERIOD],
  currentRewards: ["u128", V_CURRENT_REWARDS],
  accumulatedCommission: ["u128", V_COMMISSION],
  outstanding: ["u128", V_OUTSTANDING],
  lastPower: ["u64", V_LAST_POWER],
  unbondingTime: ["i64", V_UNBONDING_TIME],
  unbondingHeight: ["u64", V_UNBONDING_HEIGHT],
  minSelfDelegation: ["u128", V_MIN_SELF_DELEGATION],
};

const DELEGATION: Layout<DelegationInfo> = {
  delegator: ["u32", DV_DELEGATOR],
  validator: ["u32", DV_VALIDATOR],
  shares: ["u128", DV_SHARES],
  balance: ["u128", DV_BALANCE],
};

const UNBONDING_ENTRY: Layout<UnbondingEntry> = {
  validator: ["u32", UV_VALIDATOR],
  creationHeight: ["u64", UV_CREATION_HEIGHT],
  completionTime: ["i64", UV_COMPLETION],
  initialBalance: ["u128", UV_INITIAL],
  balance: ["u128", UV_BALANCE],
  id: ["u64", UV_ID],
};

const REDELEGATION_ENTRY: Layout<RedelegationEntry> = {
  src: ["u32", RV_SRC],
  dst: ["u32", RV_DST],
  creationHeight: ["u64", RV_CREATION_HEIGHT],
  completionTime: ["i64", RV_COMPLETION],
  initialBalance: ["u128", RV_INITIAL],
  sharesDst: ["u128", RV_SHARES_DST],
  balance: ["u128", RV_BALANCE],
  id: ["u64", RV_ID],
};

const VOTE: Layout<Vote> = { validator: ["u32", VOTE_VALIDATOR], power: ["u64", VOTE_POWER] };

const BLOCK_OUTCOME: Layout<BlockOutcome> = { minted: ["u128", BO_MINTED], topUp: ["u128", BO_TOP_UP], fees: ["u128", BO_FEES] };

export const readValidator = (c: Core, p: number): ValidatorRecord => c.readRecord(p, VALIDATOR);
export const readDelegation = (c: Core, p: number): DelegationInfo => c.readRecord(p, DELEGATION);
export const readUnbondingEntry = (c: Core, p: number): UnbondingEntry => c.readRecord(p, UNBONDING_ENTRY);
export const readRedelegationEntry = (c: Core, p: number): RedelegationEntry => c.readRecord(p, REDELEGATION_ENTRY);
export const readVote = (c: Core, p: number): Vote => c.readRecord(p, VOTE);
export const readBlockOutcome = (c: Core, p: number): BlockOutcome => c.readRecord(p, BLOCK_OUTCOME);

export function writeVote(c: Core, p: number, v: Vote): void {
  c.writeI32(p + VOTE_VALIDATOR, v.validator);
  c.writeU64(p + VOTE_POWER, v.power);
}

