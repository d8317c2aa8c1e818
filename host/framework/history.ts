// What the chain has committed, read back from the store: a tx's result by hash, a tx search, a
// block with its txs and events. A block inside a run of empty blocks (one row) gets the run's
// app hash and a hash derived from the run's and its height.

import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { NodeStore, StoredTx } from "../store/store.js";
import { parseTxQuery } from "../store/tx-search.js";
import { txBytesOfBody } from "../wire/tx.js";
import { stdTxBytes } from "../wire/amino/stdtx.js";
import type { StoredHeader } from "./header.js";
import type { TxEvent } from "./events.js";
import type { BlockHeader, TxResult } from "./types.js";

/** A stored tx's bytes (an older row's POSTed body converted: wire/tx.ts txBytesOfBody). */
export function storedTxBytes(t: Pick<StoredTx, "tx" | "body">): Uint8Array {
  return t.tx ?? txBytesOfBody(t.body ?? "{}", stdTxBytes);
}

export interface BlockWithTxs {
  header: BlockHeader;
  hash: string;
  appHash: string;
  txs: TxResult[];
  events: TxEvent[];
  comet?: StoredHeader;
}

export class History {
  constructor(private readonly chainId: string, private readonly store: NodeStore | undefined) {}

  /** A committed transaction's result. */
  txResult(hash: string): TxResult | undefined {
    const t = this.store?.tx(hash.toUpperCase());
    return t && this.storedResult(t);
  }

  /** The committed txs matching a tx query (store/tx-search.ts), a page of them, and how many match. */
  searchTxs(query: string, o: { page: number; limit: number; desc: boolean }): { total: number; txs: TxResult[] } {
    const conditions = parseTxQuery(query);
    if (!this.store) return { total: 0, txs: [] };
    const found = this.store.searchTxs(conditions, { offset: (o.page - 1) * o.limit, limit: o.limit, desc: o.desc });
    return { total: found.total, txs: found.txs.map((t) => this.storedResult(t)) };
  }

  /**
   * The block at `height` and its txs in order; undefined if the chain has not made it. Its `txs`,
   * `events` and `comet` (and each tx's `events`) are parsed when first read: the RPC's `status`
   * and a block's `last_commit` read a block's hashes alone (`lazily`).
   */
  blockTxs(height: bigint): BlockWithTxs | undefined {
    const row = this.store?.blockRowAt(height);
    if (!row) return undefined;
    const store = this.store!;
    const header = { chainId: this.chainId, height, timeNs: row.timeNs + (height - row.firstHeight) * row.stepNs };
    const single = row.firstHeight === row.height;
    const hash = height === row.height ? row.hash : runBlockHash(row.hash, height);
    const hasComet = row.header !== undefined && single;
    const b = { header, hash, appHash: row.appHash, txs: [] as TxResult[], events: [] as TxEvent[], ...(hasComet ? { comet: undefined as unknown as StoredHeader } : {}) };
    lazily(b, "txs", () => (single ? store.txsAt(height).map((t) => this.storedResult(t, row.timeNs)) : []));
    // A run of empty blocks is one row, made in one core call: its blocks' events were not kept.
    lazily(b, "events", () => (row.events !== undefined && single ? (JSON.parse(row.events) as TxEvent[]) : []));
    if (hasComet) lazily(b as { comet: StoredHeader }, "comet", () => JSON.parse(row.header!) as StoredHeader);
    return b;
  }

  /**
   * The height of the block with this hash, looked up in SQLite, no block read: a stored block hash
   * at any height; inside a run of empty blocks (one row), its heights' derived hashes at or above
   * `runsFrom` (a hash each to compute).
   */
  heightOfBlockHash(hash: string, runsFrom: bigint): bigint | undefined {
    if (!this.store) return undefined;
    const direct = this.store.heightOfBlockHash(hash);
    if (direct !== undefined) return direct;
    const from = runsFrom < 1n ? 1n : runsFrom;
    for (const run of this.store.runsFrom(from)) {
      for (let h = run.height - 1n; h >= run.firstHeight && h >= from; h--) if (runBlockHash(run.hash, h) === hash) return h;
    }
    return undefined;
  }

  /** A stored tx's result; `timeNs`: its block's time when the caller read its row (else read by height). Its `events` are parsed when first read. */
  private storedResult(t: StoredTx, timeNs?: bigint): TxResult {
    const { body: _, ...row } = t;
    const r: TxResult = {
      ...row, tx: storedTxBytes(t), data: t.data ?? new Uint8Array(), events: [], timeNs: timeNs ?? this.store!.blockTime(t.height),
      gasWanted: t.gasWanted ?? 0n, gasUsed: t.gasUsed ?? 0n,
    };
    lazily(r, "events", () => JSON.parse(t.events) as TxEvent[]);
    return r;
  }
}

/**
 * `o[key]` made by `make` when first read (then an ordinary data property): enumerable, in the
 * key's place (the object keeps its key order, so JSON, spreads and deep equality see what an
 * eagerly made value gives).
 */
function lazily<T extends object, K extends keyof T>(o: T, key: K, make: () => T[K]): void {
  Object.defineProperty(o, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = make();
      Object.defineProperty(o, key, { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
    set(value: T[K]) {
      Object.defineProperty(o, key, { value, enumerable: true, configurable: true, writable: true });
    },
  });
}

/** The hash of a block inside a run of empty blocks (one row): derived from the run's hash and its height. */
function runBlockHash(runHash: string, height: bigint): string {
  return bytesToHex(sha256(utf8ToBytes(`${runHash}|${height}`))).toUpperCase();
}
