// What the application answers and what its drivers and renderers see of it: tx results, committed
// blocks, headers, and the errors that say the chain or its database cannot go on.

import type { TxEvent } from "./events.js";
import type { BlockSummary } from "./view.js";
import type { TxError } from "../wire/errors.js";

/** A transaction's result, as stored and as GET /cosmos/tx/v1beta1/txs/{hash} shows it. */
export interface TxResult {
  hash: string;
  height: bigint;
  index: number;
  code: number;
  codespace: string;
  rawLog: string;
  events: TxEvent[];
  /** The tx's bytes: a protobuf TxRaw, or a legacy amino StdTx's canonical JSON (wire/tx.ts isLegacyTx). */
  tx: Uint8Array;
  timeNs: bigint;
  /** The tx's gas limit (fee.gas). */
  gasWanted: bigint;
  /** What the gas meter counted (above gasWanted for an out-of-gas tx, as the SDK reports). */
  gasUsed: bigint;
  /** Its messages' responses, a TxMsgData's bytes (empty for a failed tx). */
  data: Uint8Array;
}

/** A committed block, as commit listeners see it: its height (the last of a run) and its txs' results. */
export interface CommittedBlock {
  height: bigint;
  firstHeight: bigint;
  /** The (last) block's time and its state hash. */
  timeNs: bigint;
  appHash: string;
  /** Milliseconds from the block's journal to durable (its hash and its SQLite transaction). */
  commitMs?: number;
  results: TxResult[];
  /** Its finalize-block events (the modules' BeginBlock work); none for a run of empty blocks. */
  events: TxEvent[];
}

/** When a block's write happens: at once, or at CometBFT's Commit. */
export type Durability = "now" | "at-commit";

/** A block executed and hashed, with the SQLite write that makes it durable. */
export interface UncommittedBlock {
  height: bigint;
  write: () => void;
  /** Milliseconds from its journal to its hash, and the records it writes (lastCommit). */
  prepareMs: number;
  records: number;
  summary: BlockSummary;
  committed: CommittedBlock;
}

/** Simulate's answer: gas, and the events and data (TxMsgData) of its would-be result. */
export interface SimulationResult {
  gasWanted: bigint;
  gasUsed: bigint;
  events: TxEvent[];
  data: Uint8Array;
}

export interface BlockHeader {
  chainId: string;
  height: bigint;
  /** Nanoseconds since the Unix epoch. */
  timeNs: bigint;
}

/** A tx that fails in simulation, and the gas it had used (the SDK's answer names both). */
export class SimulationError extends Error {
  constructor(readonly txError: TxError, readonly gasUsed: bigint) {
    super(`${txError.log} with gas used: '${gasUsed}'`);
    this.name = "SimulationError";
  }
}

/** The node's database does not match (hash, genesis, core build): refuse to start. */
export class NodeStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NodeStateError";
  }
}

/** The chain refuses to make blocks (halted, stopped, or the wrong clock for the request). */
export class ChainStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChainStateError";
  }
}
