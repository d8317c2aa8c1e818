// What a simulation returns (host/scenario/sim-run.ts): plain data (bigints, no functions), so a Web
// Worker can post it whole (host/web/sim-worker.ts) and a page can type it (host/web/engine.ts).

import type { Provenance } from "./provenance.js";

/** A tier in a month: what it promised and what its positions were paid (raw Decs, base units). */
export interface TierMonth {
  tier: number;
  /** The tier's bonus APY parameter at the month's end. */
  bonusApy: bigint;
  /** Base APY after validator 0's commission + the tier's bonus APY: the promise; null for the genesis row. */
  nominalApy: bigint | null;
  /**
   * Base APY after validator 0's commission + the bonus paid to the tier's positions in the month's
   * blocks over their tokens at the month's start, annualized: what was received. Null when the tier
   * held no bonus-earning tokens at the month's start (nothing to measure), and for the genesis row.
   */
  paidApy: bigint | null;
  /** Bonus paid to the tier's positions in the month's blocks (claims, and owed bonus paid). */
  bonusPaid: bigint;
  /** Tokens of the tier's positions earning bonus at the month's end (delegated, not past their unlock). */
  tokens: bigint;
}

export interface SimRow {
  month: number;
  height: bigint;
  timeNs: bigint;
  phase: string;
  totalSupply: bigint;
  circulating: bigint;
  /** Raw Dec: the inflation of the month's last block. */
  inflation: bigint;
  minted: bigint;
  fees: bigint;
  topUp: bigint;
  bonusPaid: bigint;
  owedBonus: bigint;
  pool: bigint;
  poolInflows: bigint;
  bonded: bigint;
  /** Raw Dec. */
  bondedRatio: bigint;
  /** Raw Dec: what the month's blocks gave stakers over bonded tokens, annualized; null for the genesis row. */
  baseApy: bigint | null;
  /** Raw Dec: the target rate at the month's end. */
  targetRate: bigint;
  /** Each tier's month, by tier id order. */
  tiers: TierMonth[];
  /** Open positions (locked, not undelegated). */
  positions: number;
  /** Scenario txs of the month's blocks that failed (simulation, CheckTx or DeliverTx). */
  failedTxs: number;
}

export interface TxFailure {
  height: bigint;
  what: string;
  log: string;
}

export interface Simulation {
  /** What the outputs read of the run's genesis (the whole parsed genesis at run time; typed narrowly so the web package's typings need no schema types). */
  genesis: { readonly distribution: { readonly communityTax: bigint } };
  blocksPerYear: bigint;
  blocksPerMonth: bigint;
  blockTimeNs: bigint;
  months: number;
  rows: SimRow[];
  /**
   * The block after which the rewards pool holds nothing: its height, month, time and the days from
   * the genesis time to it (exact decimal text, provenance.ts's daysText); null: it lasted the horizon.
   */
  poolDry: { height: bigint; month: number; timeNs: bigint; days: string } | null;
  /** Every scenario tx that failed, in order. */
  failures: TxFailure[];
  /** What the scenario asked that was done in part (a bonded ratio clamped to its floor), in order: said, not failed. */
  warnings: { height: bigint; what: string; warning: string }[];
  /** Scenario txs sent (failed ones included). */
  txs: number;
  /** The last block's state hash: equal runs end in equal states. */
  appHash: string;
  /** What paying fees in lumps (fees.payments_per_month) rather than by block cost the pool (sim-run.ts, docs/notebook.md). */
  feeLumping: FeeLumping;
  /** Where the projection comes from: scenario hash, block time, genesis, code version. */
  provenance: Provenance;
}

/**
 * The fee payments' effect on the pool. A payment's fee reaches the fee collector at once and lowers
 * the top-up of the one block that distributes it: by the fee after community tax, at most by that
 * block's top-up. The same fees spread evenly over the blocks the payment stands for would lower
 * each block's top-up by its share. Measured at each payment: the top-up of the block that
 * distributes it and of the block after (no fee), both made alone; amounts in base units.
 */
export interface FeeLumping {
  /** Fee payments made (txs with a fee) and those measured (the two blocks after it free of scenario txs). */
  payments: number;
  measured: number;
  /** The measured payments' fees after community tax. */
  feesAfterTax: bigint;
  /** What those payments kept in the pool: the top-up they lowered. */
  savedByLumps: bigint;
  /** What the same fees spread evenly by block would have kept: each block's share, at most its top-up. */
  savedIfSpread: bigint;
  /** savedIfSpread - savedByLumps: what the lumps cost the pool (>= 0 up to rounding). */
  poolEffect: bigint;
  /** The pool effect in days of top-ups at the measured rate (exact decimal text, 6 decimals); null: no top-up measured. */
  days: string | null;
}
