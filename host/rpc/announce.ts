// The websocket's announcer (rpc/websocket.ts): every committed block told to the subscribers in
// height order, as CometBFT publishes NewBlock / NewBlockHeader for each block it commits and
// then a Tx event for each of its txs. A run of empty blocks (dev_mine N, dev_advanceTime,
// POST /dev/advance: one commit for many heights) is announced block by block, each with its own
// header and events as the RPC's `block` and `block_results` answer them for that height.
//
// Bounded work, whatever the run: at most MAX_WAITING_BLOCKS heights wait to be announced (a run
// of more has only its last ones announced: the older waiting heights are dropped, a gap a client
// sees as after a reconnect; a dropped block's Tx events are still sent); BATCH_BLOCKS are
// announced per turn of the event loop (the first batch at once, in the commit), so blocks keep
// being made and requests answered; while a subscriber has more than HIGH_WATER_BYTES unsent the
// announcer waits for it, and a subscriber that stays above it for STALL_MS is dropped, as
// CometBFT drops a client that is "not pulling messages fast enough".

import type { CommittedBlock, TxResult } from "../framework/types.js";

/** Most heights waiting to be announced (a run of more: its last ones). */
export const MAX_WAITING_BLOCKS = 10_000n;
/** Blocks announced per turn of the event loop. */
export const BATCH_BLOCKS = 256;
/** A subscriber's unsent bytes above which the announcer waits for it to read. */
export const HIGH_WATER_BYTES = 256 * 1024;
/** How long the announcer waits for a subscriber above HIGH_WATER_BYTES before dropping it. */
export const STALL_MS = 10_000;

/** A commit waiting to be announced: heights `next`..`block.height`, then its txs. */
interface Waiting {
  next: bigint;
  readonly block: CommittedBlock;
}

/** What the announcer asks of the websocket. */
export interface AnnounceTarget {
  /** Whether any client subscribes to NewBlock or NewBlockHeader (else heights are skipped). */
  wantsBlocks(): boolean;
  /** NewBlock / NewBlockHeader of the block at `height` to their subscribers (false: no such block now, as after a revert). */
  announceBlock(height: bigint): boolean;
  /** The Tx events of a committed block's txs. */
  announceTxs(results: readonly TxResult[]): void;
  /** The subscribers with more than `bytes` unsent (the announcer waits for them). */
  behind(bytes: number): unknown[];
  /** Drop a subscriber that stopped reading. */
  drop(client: unknown): void;
}

export class Announcer {
  private readonly waiting: Waiting[] = [];
  private count = 0n;
  private scheduled: { immediate: NodeJS.Immediate } | { timeout: NodeJS.Timeout } | undefined;
  private stalledSince: number | undefined;
  private closed = false;

  private readonly stallMs: number;

  /** `stallMs`: how long a subscriber above HIGH_WATER_BYTES is waited for (STALL_MS). */
  constructor(private readonly target: AnnounceTarget, o: { stallMs?: number } = {}) {
    this.stallMs = o.stallMs ?? STALL_MS;
  }

  /** Heights waiting to be announced. */
  get backlog(): bigint {
    return this.count;
  }

  /** A committed block (or run): queued, and announced at once if nothing waits before it. */
  committed(block: CommittedBlock): void {
    if (this.closed) return;
    this.waiting.push({ next: block.firstHeight, block });
    this.count += block.height - block.firstHeight + 1n;
    this.trim();
    if (this.scheduled === undefined) this.pump();
  }

  close(): void {
    this.closed = true;
    this.waiting.length = 0;
    this.count = 0n;
    if (this.scheduled !== undefined) {
      if ("timeout" in this.scheduled) clearTimeout(this.scheduled.timeout);
      else clearImmediate(this.scheduled.immediate);
      this.scheduled = undefined;
    }
  }

  /** The oldest waiting heights dropped until at most MAX_WAITING_BLOCKS wait (their txs' events kept). */
  private trim(): void {
    for (const w of this.waiting) {
      if (this.count <= MAX_WAITING_BLOCKS) break;
      const left = w.block.height - w.next + 1n;
      const drop = left < this.count - MAX_WAITING_BLOCKS ? left : this.count - MAX_WAITING_BLOCKS;
      w.next += drop;
      this.count -= drop;
    }
    // A commit whose heights are all dropped and that has no txs is done.
    while (this.waiting.length > 0 && this.waiting[0]!.next > this.waiting[0]!.block.height && this.waiting[0]!.block.results.length === 0) {
      this.waiting.shift();
    }
  }

  /** Announce up to BATCH_BLOCKS heights, then give the event loop a turn (or wait for a slow subscriber). */
  private pump(): void {
    this.scheduled = undefined;
    let budget = BATCH_BLOCKS;
    while (this.waiting.length > 0 && budget > 0 && !this.closed) {
      const slow = this.target.behind(HIGH_WATER_BYTES);
      if (slow.length > 0) {
        const now = Date.now();
        this.stalledSince ??= now;
        if (now - this.stalledSince < this.stallMs) {
          this.scheduled = { timeout: setTimeout(() => this.pump(), 10) };
          return;
        }
        for (const c of slow) this.target.drop(c);
      }
      this.stalledSince = undefined;
      const w = this.waiting[0]!;
      if (w.next <= w.block.height) {
        if (this.target.wantsBlocks()) {
          this.target.announceBlock(w.next);
          budget -= 1;
          w.next += 1n;
          this.count -= 1n;
        } else {
          this.count -= w.block.height - w.next + 1n; // nobody asks for blocks: the commit's heights are skipped
          w.next = w.block.height + 1n;
        }
        continue;
      }
      this.waiting.shift();
      if (w.block.results.length > 0) this.target.announceTxs(w.block.results);
    }
    if (this.waiting.length > 0 && !this.closed) this.scheduled = { immediate: setImmediate(() => this.pump()) };
  }
}
