// What a simulation returns (host/cli/simulate.ts): plain data (bigints, no functions), so a Web
// Worker can post it whole (host/web/sim-worker.ts) and a page can type it (host/web/engine.ts).

import type { Genesis } from "../app/genesis-sdk.js";

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
  /** Raw Dec; null for the genesis row. */
  baseApy: bigint | null;
  /** Raw Dec: the target rate at the month's end. */
  targetRate: bigint;
  /** Each tier's total APY (raw Dec), by tier id; null for the genesis row. */
  tierApys: { tier: number; bonusApy: bigint; totalApy: bigint | null }[];
  /** Open positions (locked, not undelegated). */
  positions: number;
}

export interface TxFailure {
  height: bigint;
  what: string;
  log: string;
}

export interface Simulation {
  genesis: Genesis;
  blocksPerYear: bigint;
  blocksPerMonth: bigint;
  blockTimeNs: bigint;
  months: number;
  rows: SimRow[];
  poolDry: { height: bigint; month: number; timeNs: bigint } | null;
  failures: TxFailure[];
  txs: number;
  /** The last block's state hash: equal runs end in equal states. */
  appHash: string;
}
