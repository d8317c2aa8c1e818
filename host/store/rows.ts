// The rows of the node's SQLite tables as better-sqlite3 returns them, and the records the store
// gives for them (host/store/store.ts): blocks, txs and accounts.

import type { AccountRecord } from "./records.js";
import { NO_ACCOUNT } from "./migrate.js";

export interface StoredBlock {
  height: bigint;
  /** Equal to height, or lower for a run of empty blocks. */
  firstHeight: bigint;
  /** Time of the first block of the row (unix ns). */
  timeNs: bigint;
  /** Between the blocks of a run; 0 for a single block. */
  stepNs: bigint;
  txCount: number;
  appHash: string;
  hash: string;
  /** x/mint's Minter.AnnualProvisions after the block (raw Dec; absent in older rows): a restart answers it. */
  annualProvisions?: bigint;
  /** JSON text of the block's finalize-block events (a single block; absent in older rows). */
  events?: string;
  /** JSON text of the block's CometBFT header and precommits (header.ts; a single block of a node with a database). */
  header?: string;
  /** JSON text of what CometBFT's FinalizeBlock said of the last commit (votes, double signs): x/slashing's input, for a replay. */
  consensus?: string;
}

export interface StoredTx {
  hash: string;
  height: bigint;
  index: number;
  /** The tx's bytes (a TxRaw, or a legacy StdTx's canonical JSON); absent in rows from before they were kept. */
  tx?: Uint8Array;
  /** What such an older row kept instead: the POSTed body `{tx_bytes, mode}` or `{tx, mode}` (framework/history.ts reads it). */
  body?: string;
  /** Its messages' responses (TxMsgData bytes; empty for a failed tx, and in rows from before they were kept). */
  data?: Uint8Array;
  code: number;
  codespace: string;
  rawLog: string;
  /** JSON text of the events. */
  events: string;
  /** The tx's gas limit and the gas it used; null in rows written before gas was metered. */
  gasWanted: bigint | null;
  gasUsed: bigint | null;
}

export interface BlockRow {
  height: number;
  first_height: number;
  time_ns: string;
  step_ns: string;
  tx_count: number;
  app_hash: string;
  hash: string;
  events?: string | null;
  header?: string | null;
  consensus?: string | null;
  annual_provisions?: string | null;
}

export interface TxRow {
  hash: string;
  height: number;
  idx: number;
  body: string;
  tx?: Buffer | null;
  data?: Buffer | null;
  code: number;
  codespace: string;
  raw_log: string;
  events: string;
  gas_wanted?: string | null;
  gas_used?: string | null;
}

export function toBlock(r: BlockRow): StoredBlock {
  return {
    height: BigInt(r.height),
    firstHeight: BigInt(r.first_height),
    timeNs: BigInt(r.time_ns),
    stepNs: BigInt(r.step_ns),
    txCount: r.tx_count,
    appHash: r.app_hash,
    hash: r.hash,
    ...(r.events != null ? { events: r.events } : {}),
    ...(r.header != null ? { header: r.header } : {}),
    ...(r.consensus != null ? { consensus: r.consensus } : {}),
    ...(r.annual_provisions != null ? { annualProvisions: BigInt(r.annual_provisions) } : {}),
  };
}

export function toTx(r: TxRow): StoredTx {
  return {
    hash: r.hash, height: BigInt(r.height), index: r.idx, ...(r.tx != null ? { tx: new Uint8Array(r.tx) } : { body: r.body }),
    ...(r.data != null ? { data: new Uint8Array(r.data) } : {}),
    code: r.code, codespace: r.codespace,
    rawLog: r.raw_log, events: r.events,
    gasWanted: r.gas_wanted == null ? null : BigInt(r.gas_wanted), gasUsed: r.gas_used == null ? null : BigInt(r.gas_used),
  };
}

export type AccountRow = { id: number; address: string; sequence: string; pubkey: Buffer | null; number?: string | null };

export function accountOf(r: AccountRow): AccountRecord {
  return {
    id: r.id, address: r.address, sequence: BigInt(r.sequence), pubKey: r.pubkey ?? undefined,
    // NULL: stored before numbers were kept (its id, as it was then); NO_ACCOUNT: no x/auth account
    ...(r.number === NO_ACCOUNT ? {} : { number: r.number == null ? BigInt(r.id) : BigInt(r.number) }),
  };
}
