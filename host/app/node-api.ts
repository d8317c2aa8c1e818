// What the renderers (server/, rpc/) and the development chain's routes read and call of a running
// node: the application's reads, and its driver's tx intake and clock. They depend on this, never
// on a driver class: the embedded clock (drivers/embedded.ts NodeChain) implements it by holding an
// Application and forwarding these reads to it.

import type { ClockMode } from "../config.js";
import type { Application } from "./application.js";
import type { BlockHeader, TxResult } from "../framework/types.js";

/** What a simulated advance did. */
export interface Advanced {
  /** Blocks made by this call. */
  blocks: bigint;
  header: BlockHeader;
}

/** The application's reads (and its check-only CheckTx and simulate) a renderer uses. */
export type NodeReads = Pick<
  Application,
  | "chainId" | "genesis" | "genesisDoc" | "genesisBytes" | "genesisParams" | "denom" | "bondDenom" | "directory" | "ledger" | "emission" | "latest" | "halted" | "pending"
  | "latestBlock" | "inflation" | "annualProvisions" | "totalSupply" | "supplyOf" | "inflationParams"
  | "txResult" | "searchTxs" | "blockTxs" | "heightOfBlockHash" | "consensusValidators" | "validatorInfo" | "unconfirmedTxs"
  | "onCommit" | "exportGenesis" | "exportGenesisStream" | "checkTx" | "simulate" | "memoryReport"
>;

/** A running node as its renderers see it. */
export interface Node extends NodeReads {
  readonly clock: ClockMode;
  /** A block for each tx CheckTx admits, at once (`--automine`). */
  readonly automine: boolean;
  /** How many blocks `durationNs` is at the block time. */
  blocksIn(durationNs: bigint): bigint;
  /** The simulated clock's next block time. */
  nextBlockTime(): bigint;
  /** CheckTx into the mempool (throws TxError): the tx hash and a promise of its result once in a committed block. */
  submit(tx: Uint8Array): { hash: string; included: Promise<TxResult> };
  /** Resolves once tx search sees every committed tx (the tx index's worker caught up: store/tx-index.ts). */
  txIndexed?(): Promise<void>;
  /** Real clock: make the block due by now, before serving a request (queries yield to blocks). */
  produceIfDue?(): void;
  /** Simulated clock: `blocks` blocks, `stepNs` apart (default: the block time). */
  advance(blocks: bigint, stepNs?: bigint): Promise<Advanced>;
}
