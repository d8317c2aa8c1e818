// The embedded driver (`npm start`): a block clock of its own over the application it holds
// (app/application.ts), whose ABCI methods it calls: CheckTx admits
// a tx into the mempool with a promise of its result; each block is the mempool's txs whose gas
// limits fit the consensus max_gas, in arrival order, run through FinalizeBlock and made durable
// by Commit at once. The real clock makes a block every block time on a wall-clock grid; the
// simulated clock makes blocks on request (`advance`; `advanceTime`: the blocks a duration stands
// for), jumping ahead in runs of empty blocks made in one core call, each block a block time after
// the last (or at the time dev mode set for the next one). `--automine` makes a block for each tx at once. Under CometBFT (drivers/abci.ts) the
// same object serves, its clock idle. The renderers see it as a Node (app/node-api.ts): the
// application's reads, forwarded, and the clock's intake.

import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Core } from "../core/core.js";
import type { ClockMode } from "../config.js";
import { LAST_TIME_TEXT, MAX_DURATION_NS } from "../wire/duration.js";
import { ValidationError } from "../errors.js";
import type { Json } from "../app/genesis.js";
import { Application, memoryState, openState, type ApplicationOptions, type OpenOptions } from "../app/application.js";
import type { Advanced, Node } from "../app/node-api.js";
import type { AppState } from "../app/state.js";
import type { StateCheat } from "../app/cheats.js";
import { ChainStateError, type TxResult } from "../framework/types.js";
import { assertNoUpgradeNeeded, refuseRestart } from "../modules/upgrade/pre-block.js";
import { ON_DEMAND_DEFAULTS, OnDemandCadence, type OnDemandParams } from "./on-demand.js";

/** The node's database opened, unless it stopped at an upgrade plan's height no flag applies or skips (x/upgrade). */
export function openUnlessUpgradeDue(core: Core, genesisDoc: Json, options: NodeChainOptions): AppState {
  const s = openState(core, genesisDoc, options);
  try {
    refuseRestart(s.upgrade, s.last.height);
  } catch (e) {
    s.store?.close();
    throw e;
  }
  return s;
}

export interface ChainOptions {
  clock: ClockMode;
  /** Block interval in nanoseconds (> 0). */
  blockTimeNs: bigint;
  /** The wall clock in nanoseconds since the Unix epoch (real clock headers); replaceable in tests. */
  now?: () => bigint;
  /** A block for each tx CheckTx admits, at once (`--automine`). */
  automine?: boolean;
  /** Real clock: blocks as soon as txs wait (`--on-demand-blocks`, drivers/on-demand.ts); true: the default bounds. */
  onDemand?: OnDemandParams | boolean;
}

export interface NodeChainOptions extends ChainOptions, OpenOptions {}

export type { Advanced };

/** Blocks the simulated clock runs per core call before letting other work in (~50 ms of work). */
export const ADVANCE_CHUNK = 65_536n;
/** Consecutive real-clock headers are at least this far apart, as CometBFT's time iota. */
const MIN_TIME_STEP_NS = 1_000_000n;

/**
 * The wall clock in nanoseconds, as Go's time.Now gives CometBFT's headers: the milliseconds of
 * Date.now(), the finer digits from the monotonic clock (so a block's time carries nanoseconds,
 * as the chain's do, and the wall clock's own adjustments still hold).
 */
export const wallClockNs = (): bigint => BigInt(Date.now()) * 1_000_000n + (process.hrtime.bigint() % 1_000_000n);

export class NodeChain implements Node {
  /** The application this driver makes blocks of. */
  readonly app: Application;
  readonly clock: ClockMode;
  /** The real clock's interval between blocks (dev mode's setIntervalMining changes it; 0: none, blocks by automine or on request). */
  blockTimeNs: bigint;
  /** A block for each tx CheckTx admits (`--automine`; dev mode's setAutomine turns it on and off). */
  automine: boolean;
  private readonly now: () => bigint;
  private timer: NodeJS.Timeout | undefined;
  /** While the real clock's timer is set: the time it is set for, and what it runs. */
  private dueNs: bigint | undefined;
  private tickNow: (() => void) | undefined;
  /** Interval mining turned off (setInterval(0)): the timer is not restarted. */
  private intervalOff = false;
  private stopped = false;
  private queue: Promise<unknown> = Promise.resolve();
  /** The simulated clock's next block time when dev mode set it (dev/chain.ts); else a block time after the last. */
  nextTimeNs: bigint | undefined;
  /** Dev mode's setters (dev/chain.ts: setBalance, setSequence, setDelegation, ...): made by the next block, before its BeginBlock. */
  pendingCheats: StateCheat[] = [];
  /** `--on-demand-blocks`: the real clock's blocks as soon as txs wait (drivers/on-demand.ts). */
  readonly onDemand: OnDemandCadence | undefined;

  constructor(s: AppState, options: ChainOptions & ApplicationOptions) {
    if (options.blockTimeNs <= 0n) throw new RangeError("block time must be positive");
    // A halt stops the clock first, then tells the caller.
    this.app = new Application(s, {
      ...options,
      onHalt: (failure) => {
        this.stop();
        options.onHalt?.(failure);
      },
    });
    this.clock = options.clock;
    this.blockTimeNs = options.blockTimeNs;
    this.now = options.now ?? wallClockNs;
    this.automine = options.automine === true;
    if (options.onDemand && this.clock === "real") {
      const params = options.onDemand === true ? ON_DEMAND_DEFAULTS : options.onDemand;
      this.onDemand = new OnDemandCadence(params, this.now, () => this.pending, () => this.demandBlock());
    }
  }

  /** The node's database (see Application): new from `genesisDoc`, or restored. */
  static open(core: Core, genesisDoc: Json, options: NodeChainOptions): NodeChain {
    return new NodeChain(openUnlessUpgradeDue(core, genesisDoc, options), options);
  }

  /** A chain in memory only (what-if runs such as the CLI's projection): a simulated clock unless `clock` says otherwise. */
  static inMemory(core: Core, genesisDoc: Json, blockTimeNs: bigint, options: Partial<ChainOptions> = {}): NodeChain {
    return new NodeChain(memoryState(core, genesisDoc), { clock: "simulated", ...options, blockTimeNs });
  }

  blocksIn(durationNs: bigint): bigint {
    return durationNs / this.blockTimeNs;
  }

  /**
   * CheckTx into the mempool (decode and verify: chain id, account number, sequence counting the
   * txs already waiting, signature, signer = each message's owner; the fee). Throws TxError.
   * Returns the tx hash and a promise of its result once in a committed block.
   */
  submit(tx: Uint8Array): { hash: string; included: Promise<TxResult> } {
    const { verified, pending } = this.app.checkTx(tx, "mempool");
    const included = new Promise<TxResult>((resolve, reject) => pending!.done.push({ resolve, reject }));
    included.catch(() => {}); // nobody waits for a sync/async tx: its rejection on a halt is no crash
    // --automine: a block of the oldest waiting tx (if any is left); a halt is reported by onHalted.
    if (this.automine) void this.enqueue(() => this.pending > 0 && this.blockNow(1)).catch(() => {});
    this.onDemand?.arrived();
    return { hash: verified.txHash, included };
  }

  /** A block now (of at most `maxTxs` waiting txs), at the clock's next time: the simulated one's, or now on the real clock. */
  blockNow(maxTxs?: number): void {
    if (this.stopped) return;
    const floor = this.latest.timeNs + MIN_TIME_STEP_NS;
    const now = this.now();
    const timeNs = this.clock === "simulated" ? this.nextBlockTime() : now > floor ? now : floor;
    if (timeNs > MAX_DURATION_NS) throw new ValidationError(`a block at ${timeNs} ns since 1970 is past the last time the chain can hold (${LAST_TIME_TEXT})`);
    this.produceWithMempool(timeNs, maxTxs);
  }

  /** The simulated clock's next block time: the one dev mode set, else a block time after the last block. */
  nextBlockTime(): bigint {
    return this.nextTimeNs ?? this.latest.timeNs + this.blockTimeNs;
  }

  /** Run `work` after the advances and cheats queued before it (one at a time, as blocks are made). */
  enqueue<T>(work: () => T | Promise<T>): Promise<T> {
    const result = this.queue.then(work, work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Simulated clock: `blocks` blocks, the first at the next block time, each next one `stepNs`
   * later (default: the block time); the first carries the mempool's transactions (and dev mode's
   * balances), the rest are made in runs of up to ADVANCE_CHUNK per core call, the event loop
   * getting a turn between.
   */
  advance(blocks: bigint, stepNs: bigint = this.blockTimeNs): Promise<Advanced> {
    if (this.clock !== "simulated") {
      return Promise.reject(new ChainStateError("blocks are made by the real clock; use --clock simulated"));
    }
    if (blocks < 0n) return Promise.reject(new RangeError("negative block count"));
    if (stepNs <= 0n) return Promise.reject(new RangeError("the time between blocks must be positive"));
    return this.enqueue(() => this.runBlocks(blocks, stepNs));
  }

  /**
   * Simulated clock: the blocks `durationNs` stands for, durationNs / block time of them a block
   * time apart (made as advance makes them), then the rest of the duration added to the next
   * block's time, so that the next block comes `durationNs` later than it would have: the chain
   * lives through the time (each block mints, pays and counts) instead of jumping over it.
   */
  advanceTime(durationNs: bigint): Promise<Advanced & { nextBlockTimeNs: bigint }> {
    if (this.clock !== "simulated") {
      return Promise.reject(new ChainStateError("blocks are made by the real clock; use --clock simulated"));
    }
    if (durationNs < 0n) return Promise.reject(new RangeError("negative duration"));
    return this.enqueue(async () => {
      const target = this.nextBlockTime() + durationNs;
      if (target > MAX_DURATION_NS) {
        throw new ValidationError(`the next block would be at ${target} ns since 1970, past the last time the chain can hold (${LAST_TIME_TEXT})`);
      }
      const done = await this.runBlocks(durationNs / this.blockTimeNs, this.blockTimeNs);
      if (!this.stopped) this.nextTimeNs = target === this.latest.timeNs + this.blockTimeNs ? undefined : target;
      return { ...done, nextBlockTimeNs: this.nextBlockTime() };
    });
  }

  /** advance's work, run in the queue: the first block carries the mempool (and dev mode's setters), then runs of empty blocks. */
  private async runBlocks(blocks: bigint, stepNs: bigint): Promise<Advanced> {
    // The core's times are int64 nanoseconds since 1970: no block after 2262-04-11.
    const lastNs = blocks === 0n ? 0n : this.nextBlockTime() + (blocks - 1n) * stepNs;
    if (lastNs > MAX_DURATION_NS) {
      throw new ValidationError(`${blocks} blocks would end at ${lastNs} ns since 1970, past the last time the chain can hold (${LAST_TIME_TEXT})`);
    }
    const from = this.latest.height;
    let left = blocks;
    while (left > 0n && !this.stopped) {
      const start = this.latest.height === from ? this.nextBlockTime() : this.latest.timeNs + stepNs;
      if (this.pending > 0 || this.pendingCheats.length > 0) {
        this.produceWithMempool(start);
        left -= 1n;
      } else {
        let n = left < ADVANCE_CHUNK ? left : ADVANCE_CHUNK;
        // x/gov's EndBlocker runs in single blocks: a run stops before the first block at or
        // after a deposit or voting period's end, and that block is made alone.
        // x/group's too: the first block after a proposal's voting period (or its pruning time).
        const deadline = earliest(this.app.gov.nextDeadline(), this.app.group.nextDeadline());
        if (deadline !== undefined) {
          const before = deadline <= start ? 0n : (deadline - start + stepNs - 1n) / stepNs;
          if (before < n) n = before;
        }
        // x/upgrade's plan: the block at its height is made alone (its PreBlocker may stop the chain there).
        const due = this.app.upgrade.plan()?.height;
        if (due !== undefined && due > this.latest.height && due - this.latest.height - 1n < n) n = due - this.latest.height - 1n;
        if (n === 0n) {
          this.produceWithMempool(start);
          left -= 1n;
        } else {
          this.app.finalizeBlock({ height: this.latest.height + 1n, timeNs: start, run: { count: n, stepNs } });
          this.nextTimeNs = undefined;
          this.app.commit();
          left -= n;
        }
      }
      if (left > 0n) await yieldToEventLoop();
    }
    return { blocks: this.latest.height - from, header: this.latest };
  }

  /** One block of the mempool's txs that fit the block's gas (at most `maxTxs`), at `timeNs`; their promises settled. */
  private produceWithMempool(timeNs: bigint, maxTxs?: number): void {
    assertNoUpgradeNeeded(this.app.upgrade, this.latest.height + 1n); // x/upgrade's halt: the mempool's txs stay
    const batch = this.app.reapMempool(this.app.maxGas(), maxTxs);
    const changes = this.pendingCheats.splice(0);
    let results: TxResult[];
    try {
      results = this.app.finalizeBlock({ height: this.latest.height + 1n, timeNs, txs: batch, ...(changes.length > 0 ? { cheats: { changes } } : {}) }).results;
      this.nextTimeNs = undefined;
      this.app.commit();
    } catch (e) {
      const failure = new ChainStateError(`chain halted at height ${this.app.latestDurable().height}: ${(e as Error).message}`);
      batch.forEach((p) => p.done.forEach((f) => f.reject(failure)));
      throw e;
    }
    batch.forEach((p, i) => p.done.forEach((f) => f.resolve(results[i]!)));
    this.onDemand?.blockMade();
  }

  /** The on-demand cadence's block: now (at least the time step after the last), then the idle timer from it. */
  private demandBlock(): void {
    if (this.stopped || this.pending === 0) return;
    try {
      this.blockNow();
    } catch {
      return; // the application halted and reported it.
    }
    // The idle block comes a block time after this one (the grid starts again from now).
    if (this.timer !== undefined && !this.intervalOff) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.start();
    }
  }

  /**
   * Real clock: blocks every `intervalNs` from now on (dev mode's interval mining); 0: no timer,
   * blocks only by automine or on request. Throws ChainStateError on the simulated clock.
   */
  setInterval(intervalNs: bigint): void {
    if (this.clock !== "real") throw new ChainStateError("the simulated clock makes blocks only when asked (POST /dev/advance, dev_mine)");
    if (intervalNs < 0n) throw new RangeError("negative interval");
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.intervalOff = intervalNs === 0n;
    if (!this.intervalOff) {
      this.blockTimeNs = intervalNs;
      this.start();
    }
  }

  /** A block now, after the advances and cheats queued before it (dev mode: block 1 at start, mine on a real clock). */
  mineNow(): Promise<void> {
    return this.enqueue(() => this.blockNow());
  }

  /** Real clock: a block every block time (after genesis time) until stop(). */
  start(): void {
    if (this.clock !== "real") throw new ChainStateError("the simulated clock has no timer");
    if (this.timer !== undefined || this.stopped || this.intervalOff) return;
    const waitNs = this.genesis.genesisTimeNs - this.now();
    if (waitNs > 0n) {
      const ms = waitNs / 1_000_000n + 1n;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.start();
      }, Number(ms > 2_147_483_647n ? 2_147_483_647n : ms));
      return;
    }
    // Blocks on a wall-clock grid (start + k x block time), each timer set for the next grid time:
    // a late block (a busy event loop) does not push back the ones after it. After a stall of more
    // than a block time (a paused process) the grid restarts from now instead of bursting blocks.
    // But never less than a block time after the timer's last block: CometBFT waits timeout_commit
    // after a commit, so the chain's headers are at least that far apart, and what counts whole
    // seconds between two blocks (a tier bonus claimed a block after its position changed) sees one.
    let due = this.now() + this.blockTimeNs;
    let last: bigint | undefined;
    const tick = () => {
      this.timer = undefined;
      this.dueNs = undefined;
      if (this.stopped) return;
      const now = this.now();
      try {
        let floor = this.latest.timeNs + MIN_TIME_STEP_NS;
        if (last !== undefined && last + this.blockTimeNs > floor) floor = last + this.blockTimeNs;
        this.produceWithMempool((last = now > floor ? now : floor));
      } catch {
        return; // the application halted and reported it.
      }
      const after = this.now();
      due = nextBlockDue(due, after, this.blockTimeNs);
      if (due < last + this.blockTimeNs) due = last + this.blockTimeNs;
      this.dueNs = due;
      this.timer = setTimeout(tick, Number(due > after ? (due - after) / 1_000_000n : 0n));
    };
    this.tickNow = tick;
    this.dueNs = due;
    this.timer = setTimeout(tick, Number(this.blockTimeNs / 1_000_000n));
  }

  /**
   * Real clock: the block the timer has due by now, made at once. The renderers call it as a
   * request arrives, so queries yield to block production: under a heavy query load the timer's
   * callback waits behind the requests the event loop is serving, and blocks drifted apart (up to
   * 2.8 s at a 1 s block time); now the first request past a block's time makes that block first.
   */
  produceIfDue(): void {
    if (this.timer === undefined || this.dueNs === undefined || this.tickNow === undefined || this.stopped) return;
    if (this.now() < this.dueNs) return;
    clearTimeout(this.timer);
    this.tickNow();
  }

  // ---- the application's reads (a Node's: app/node-api.ts), forwarded ----

  get chainId() { return this.app.chainId; }
  get genesis() { return this.app.genesis; }
  get genesisDoc() { return this.app.genesisDoc; }
  genesisBytes() { return this.app.genesisBytes(); }
  get genesisParams() { return this.app.genesisParams; }
  get denom() { return this.app.denom; }
  get bondDenom() { return this.app.bondDenom; }
  get directory() { return this.app.directory; }
  get ledger() { return this.app.ledger; }
  get emission() { return this.app.emission; }
  get latest() { return this.app.latest; }
  get halted() { return this.app.halted; }
  get pending() { return this.app.pending; }
  latestBlock() { return this.app.latestBlock(); }
  inflation() { return this.app.inflation(); }
  annualProvisions() { return this.app.annualProvisions(); }
  totalSupply() { return this.app.totalSupply(); }
  supplyOf(denom: string) { return this.app.supplyOf(denom); }
  inflationParams() { return this.app.inflationParams(); }
  txResult(hash: string) { return this.app.txResult(hash); }
  searchTxs(...a: Parameters<Application["searchTxs"]>) { return this.app.searchTxs(...a); }
  txIndexed(): Promise<void> { return this.app.state.store?.txIndexCaughtUp() ?? Promise.resolve(); }
  blockTxs(height: bigint) { return this.app.blockTxs(height); }
  heightOfBlockHash(hash: string, runsFrom: bigint) { return this.app.heightOfBlockHash(hash, runsFrom); }
  consensusValidators() { return this.app.consensusValidators(); }
  validatorInfo(id: number) { return this.app.validatorInfo(id); }
  unconfirmedTxs() { return this.app.unconfirmedTxs(); }
  onCommit(listener: Parameters<Application["onCommit"]>[0]) { return this.app.onCommit(listener); }
  exportGenesis() { return this.app.exportGenesis(); }
  exportGenesisStream() { return this.app.exportGenesisStream(); }
  checkTx(tx: Uint8Array, mode: "mempool" | "check") { return this.app.checkTx(tx, mode); }
  simulate(txBytes: Uint8Array) { return this.app.simulate(txBytes); }
  memoryReport() { return this.app.memoryReport(); }

  /** Stop making blocks; close the database once the running advance (if any) is done. */
  async close(): Promise<void> {
    this.stop();
    await this.queue;
    this.app.closeStore();
  }

  stop(): void {
    this.stopped = true;
    this.onDemand?.stop();
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }
}

/**
 * The real clock's next block time after the block due at `due`, with the clock now at `now`: the
 * next point of the grid, so lateness does not accumulate; after a stall of more than a block time,
 * a new grid from now (the missed blocks are not made in a burst).
 */
export function nextBlockDue(due: bigint, now: bigint, blockTimeNs: bigint): bigint {
  const next = due + blockTimeNs;
  return next + blockTimeNs < now ? now + blockTimeNs : next;
}

/** The earlier of two optional times. */
const earliest = (a: bigint | undefined, b: bigint | undefined): bigint | undefined => (a === undefined ? b : b === undefined || a <= b ? a : b);
