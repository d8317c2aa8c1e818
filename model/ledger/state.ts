// The ledger's records, parameters and state tables. Amounts are base units (bigint); "Dec" fields
// are LegacyDec raw values (value x 10^18); times are unix nanoseconds (bigint).

import { E18 } from "../dec-bigint.js";
import { LedgerPanic } from "./errors.js";
import { Cell, Journal, Table } from "./store.js";

// ---- module accounts (auth module account names; the host maps them to their bech32) --------

export const FEE_COLLECTOR = "fee_collector";
export const DISTRIBUTION = "distribution";
export const REWARDS_POOL = "rewards_pool";
export const BONDED_POOL = "bonded_tokens_pool";
export const NOT_BONDED_POOL = "not_bonded_tokens_pool";
export const MODULE_ACCOUNTS = [FEE_COLLECTOR, DISTRIBUTION, REWARDS_POOL, BONDED_POOL, NOT_BONDED_POOL] as const;

// ---- parameters -----------------------------------------------------------------------------

export interface LedgerParams {
  bondDenom: string;
  /** Dec. x/distribution DefaultParams: 0.02. */
  communityTax: bigint;
  /** x/staking unbonding_time; the spec's 28 days (SDK default: 21 days). */
  unbondingTimeNs: bigint;
  /** x/staking DefaultMaxValidators. */
  maxValidators: number;
  /** x/staking DefaultMaxEntries. */
  maxEntries: number;
  /** Dec. x/staking DefaultMinCommissionRate. */
  minCommissionRate: bigint;
  /** Tokens per unit of consensus power: sdk.DefaultPowerReduction (chain-main keeps it). */
  powerReduction: bigint;
  /** Dec in [0, 1]. x/tieredrewards; 0 turns the top-up off (its default). */
  targetBaseRewardsRate: bigint;
  /** x/mint blocks_per_year. */
  blocksPerYear: bigint;
}

const SECOND = 1_000_000_000n;

export const DEFAULT_PARAMS: Readonly<LedgerParams> = {
  bondDenom: "basecro",
  communityTax: (2n * E18) / 100n,
  unbondingTimeNs: 28n * 24n * 3600n * SECOND,
  maxValidators: 100,
  maxEntries: 7,
  minCommissionRate: 0n,
  powerReduction: 1_000_000n,
  targetBaseRewardsRate: 0n,
  blocksPerYear: 6_311_520n,
};

// ---- x/staking records ----------------------------------------------------------------------

export type BondStatus = "bonded" | "unbonding" | "unbonded";

export interface Validator {
  readonly operator: string;
  readonly status: BondStatus;
  readonly jailed: boolean;
  readonly tokens: bigint;
  /** Dec. */
  readonly delegatorShares: bigint;
  /** Dec (commission.rate, max_rate, max_change_rate). */
  readonly commissionRate: bigint;
  readonly maxRate: bigint;
  readonly maxChangeRate: bigint;
  readonly minSelfDelegation: bigint;
  /** Set when the validator begins unbonding (kept, stale, after it bonds again). */
  readonly unbondingHeight: bigint;
  readonly unbondingTime: bigint;
  /** x/slashing signing info's jailed_until; 0 = none. */
  readonly jailedUntil: bigint;
}

export interface Delegation {
  readonly delegator: string;
  readonly validator: string;
  /** Dec. */
  readonly shares: bigint;
}

export interface UnbondingEntry {
  readonly creationHeight: bigint;
  readonly completionTime: bigint;
  readonly initialBalance: bigint;
  readonly balance: bigint;
}

export interface UnbondingDelegation {
  readonly delegator: string;
  readonly validator: string;
  readonly entries: readonly UnbondingEntry[];
}

export interface RedelegationEntry {
  readonly creationHeight: bigint;
  readonly completionTime: bigint;
  readonly initialBalance: bigint;
  /** Dec. */
  readonly sharesDst: bigint;
}

export interface Redelegation {
  readonly delegator: string;
  readonly src: string;
  readonly dst: string;
  readonly entries: readonly RedelegationEntry[];
}

/** One validator of the last commit, as CometBFT reports it to BeginBlock. */
export interface Vote {
  readonly operator: string;
  readonly power: bigint;
}

// ---- x/distribution records (F1) ------------------------------------------------------------

export interface CurrentRewards {
  /** Dec: rewards for delegators accumulated in the current period. */
  readonly rewards: bigint;
  readonly period: bigint;
}

export interface HistoricalRewards {
  /** Dec: cumulative reward per token up to the end of the period. */
  readonly cumulativeRewardRatio: bigint;
  readonly referenceCount: number;
}

export interface SlashEvent {
  readonly height: bigint;
  readonly period: bigint;
  /** Dec. */
  readonly fraction: bigint;
}

export interface StartingInfo {
  readonly previousPeriod: bigint;
  /** Dec. */
  readonly stake: bigint;
  readonly height: bigint;
}

// ---- keys -----------------------------------------------------------------------------------

export const pairKey = (a: string, b: string) => `${a}/${b}`;
export const tripleKey = (a: string, b: string, c: string) => `${a}/${b}/${c}`;
export const periodKey = (validator: string, period: bigint) => `${validator}/${period}`;

/** Address order for every iteration the SDK does in store-key order (bytes order on chain). */
export type AddressOrder = (a: string, b: string) => number;
export const codeUnitOrder: AddressOrder = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

// ---- the state --------------------------------------------------------------------------------

export class LedgerState {
  readonly journal = new Journal();
  height = 0n;
  timeNs = 0n;
  /** The last commit's votes, fixed at the previous EndBlock: ordered by power, then address. */
  lastCommit: Vote[] = [];

  // x/bank
  readonly balances = new Table<string, bigint>(this.journal);
  readonly supply = new Cell<bigint>(this.journal, 0n);

  // x/staking
  readonly validators = new Table<string, Validator>(this.journal);
  /** pairKey(delegator, validator). */
  readonly delegations = new Table<string, Delegation>(this.journal);
  /** pairKey(delegator, validator). */
  readonly unbondings = new Table<string, UnbondingDelegation>(this.journal);
  /** tripleKey(delegator, src, dst). */
  readonly redelegations = new Table<string, Redelegation>(this.journal);
  /** LastValidatorPower: operator -> consensus power at the last EndBlock. */
  readonly lastPowers = new Table<string, bigint>(this.journal);
  readonly lastTotalPower = new Cell<bigint>(this.journal, 0n);

  // x/distribution
  /** FeePool.community_pool, Dec. */
  readonly communityPool = new Cell<bigint>(this.journal, 0n);
  readonly currentRewards = new Table<string, CurrentRewards>(this.journal);
  /** periodKey(validator, period). */
  readonly historicalRewards = new Table<string, HistoricalRewards>(this.journal);
  /** Dec. */
  readonly outstanding = new Table<string, bigint>(this.journal);
  /** Dec. */
  readonly accumulatedCommission = new Table<string, bigint>(this.journal);
  /** Per validator, ordered by (height, period). */
  readonly slashEvents = new Table<string, readonly SlashEvent[]>(this.journal);
  /** pairKey(validator, delegator). */
  readonly startingInfo = new Table<string, StartingInfo>(this.journal);
  /** Withdrawals the SDK clipped to the outstanding rewards ("rounding error withdrawing rewards"). */
  readonly roundingClips = new Cell<number>(this.journal, 0);

  constructor(
    readonly params: LedgerParams,
    readonly addressOrder: AddressOrder,
  ) {}

  balance(address: string): bigint {
    return this.balances.get(address) ?? 0n;
  }

  mustValidator(operator: string): Validator {
    const v = this.validators.get(operator);
    if (!v) throw new LedgerPanic(`validator record not found for address: ${operator}`);
    return v;
  }

  delegation(delegator: string, validator: string): Delegation | undefined {
    return this.delegations.get(pairKey(delegator, validator));
  }
}
