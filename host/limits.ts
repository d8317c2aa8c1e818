// The node's limits on what it takes in: its admission policy, set by flags (host/config.ts), with
// the reference's defaults where it has them. They bound the work and memory one request or one
// account can cost the node; they are not consensus: a replay re-executes the stored blocks
// whatever limits the node ran with.

export interface Limits {
  /** HTTP request body, bytes (413 beyond, refused before reading the rest). */
  maxBodyBytes: number;
  /** JSON nesting of a POSTed body (400 beyond, refused before parsing). */
  maxJsonDepth: number;
  /** A tx's canonical bytes (CometBFT mempool.max_tx_bytes; sdk 21 `tx too large`). */
  maxTxBytes: number;
  /** Messages in one tx (no reference default; sdk 18). */
  maxMsgsPerTx: number;
  /** x/auth max_memo_characters (sdk 12). */
  maxMemoCharacters: number;
  /** x/auth tx_sig_limit (sdk 14). */
  txSigLimit: number;
  /** CometBFT mempool.size: txs waiting for a block (sdk 20 `mempool is full`). */
  mempoolMaxTxs: number;
  /** CometBFT mempool.max_txs_bytes: their bytes in all (sdk 20). */
  mempoolMaxBytes: number;
  /** Largest `pagination.limit` a query takes (400 beyond). */
  maxPageLimit: number;
  /**
   * The core's memory ceiling, bytes (a 32-bit WASM memory: at most 4 GiB): a state that would not
   * fit is refused at start, and txs once the next block's growth would pass it (host/core/memory.ts).
   */
  coreMemoryBytes: number;
  /**
   * The most memory a streamed genesis import may be expected to take (host/app/genesis-stream.ts
   * importMemoryEstimate, from the document's size): a bigger document is refused before it is read.
   */
  importMemoryBytes: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = {
  maxBodyBytes: 1_048_576,
  maxJsonDepth: 64,
  maxTxBytes: 1_048_576,
  maxMsgsPerTx: 100,
  maxMemoCharacters: 256,
  txSigLimit: 7,
  mempoolMaxTxs: 5_000,
  mempoolMaxBytes: 1_073_741_824,
  maxPageLimit: 1_000,
  coreMemoryBytes: 2 ** 32,
  importMemoryBytes: 16 * 2 ** 30,
};

/** A minimum gas price as the flag gives it: a decimal amount of a denom per unit of gas. */
export interface GasPriceText {
  /** Decimal text, e.g. `0.025` (parsed with the core's Dec at startup). */
  amount: string;
  denom: string;
}
