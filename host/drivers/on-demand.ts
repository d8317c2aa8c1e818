// The on-demand block cadence of the single node (`--on-demand-blocks`, real clock only): a block is
// made as soon as txs wait, instead of at the next point of the --block-time grid. As dev chains
// mine on demand (Anvil, Hardhat), but batched: a block comes when the mempool holds txs and either
// no tx arrived for a quiet gap (the burst is over), or the oldest waiting tx has waited the longest
// wait, or the mempool holds a block's worth; never sooner than a least gap after the last block.
// When no tx waits, the regular --block-time timer makes the idle blocks, a block time after the
// last block. The header time is the wall clock's, as every real-clock block's.
//
// What it changes for the economics (docs/performance.md, "Committing sooner"): x/mint and the
// base-rewards top-up pay per block (annual provisions / blocks_per_year), so blocks that come
// faster than --block-time under load pay a year's emission sooner in wall time; x/tieredrewards
// accrues by header time. The same holds on chain-maind with a short timeout_commit. Hence a flag,
// not the default.

/** The cadence's bounds, in nanoseconds of the wall clock. */
export interface OnDemandParams {
  /** A block once no tx arrived for this long. */
  quietNs: bigint;
  /** A block once the oldest waiting tx waited this long, however busy the intake. */
  maxWaitNs: bigint;
  /** Blocks at least this far apart (their wall clock times). */
  minGapNs: bigint;
  /** A block at once (within minGapNs) when this many txs wait. */
  maxTxs: number;
}

export const ON_DEMAND_DEFAULTS: OnDemandParams = onDemandFromEnv(process.env.STAKING_ENGINE_ON_DEMAND, {
  quietNs: 20_000_000n,
  maxWaitNs: 250_000_000n,
  minGapNs: 100_000_000n,
  maxTxs: 5_000,
});

/**
 * `STAKING_ENGINE_ON_DEMAND="quiet,maxWait,minGap"` (milliseconds, each optional: "5,,50"): the
 * cadence's bounds for a measurement; anything not a whole number of ms keeps the default.
 */
export function onDemandFromEnv(text: string | undefined, d: OnDemandParams): OnDemandParams {
  if (text === undefined) return d;
  const [q, w, g] = text.split(",").map((x) => (/^\d+$/.test(x.trim()) ? BigInt(x.trim()) * 1_000_000n : undefined));
  return { quietNs: q ?? d.quietNs, maxWaitNs: w ?? d.maxWaitNs, minGapNs: g ?? d.minGapNs, maxTxs: d.maxTxs };
}

/** What the cadence knows when it decides. */
export interface OnDemandState {
  nowNs: bigint;
  /** Number of txs waiting. */
  pending: number;
  /** When the oldest tx that waits since the last block arrived (undefined: none). */
  firstNs: bigint | undefined;
  /** When the latest tx arrived. */
  lastNs: bigint;
  /** When the last block was made (wall clock; undefined: none yet). */
  lastBlockNs: bigint | undefined;
}

/**
 * The decision: `0n` a block now, a positive wait (ns) before asking again, or `undefined`: no tx
 * waits, nothing to do until one arrives.
 */
export function onDemandWait(s: OnDemandState, p: OnDemandParams): bigint | undefined {
  if (s.pending <= 0) return undefined;
  const first = s.firstNs ?? s.lastNs;
  // The earliest time the batch is ready: the quiet gap after the latest arrival, or the longest wait, or now if full.
  let ready = s.pending >= p.maxTxs ? s.nowNs : s.lastNs + p.quietNs;
  if (first + p.maxWaitNs < ready) ready = first + p.maxWaitNs;
  if (s.lastBlockNs !== undefined && s.lastBlockNs + p.minGapNs > ready) ready = s.lastBlockNs + p.minGapNs;
  return ready <= s.nowNs ? 0n : ready - s.nowNs;
}

/** The timer that runs the decision: `arrived` after each admitted tx, `blockMade` after each block. */
export class OnDemandCadence {
  private timer: NodeJS.Timeout | undefined;
  private firstNs: bigint | undefined;
  private lastNs = 0n;
  private lastBlockNs: bigint | undefined;
  private stopped = false;

  constructor(
    readonly params: OnDemandParams,
    private readonly now: () => bigint,
    private readonly pending: () => number,
    /** Make a block of the waiting txs (it calls blockMade). */
    private readonly make: () => void,
  ) {}

  /** A tx was admitted into the mempool. */
  arrived(): void {
    const t = this.now();
    this.firstNs ??= t;
    this.lastNs = t;
    // A full mempool decides now; else the first decision comes after a quiet gap (a later arrival re-arms it then).
    if (this.pending() >= this.params.maxTxs) {
      this.clear();
      this.arm(0n); // in the next turn: not inside the caller's CheckTx batch
    } else if (this.timer === undefined) {
      this.arm(this.params.quietNs);
    }
  }

  /** A block was made (by this cadence or the idle timer): the txs left wait from now. */
  blockMade(): void {
    const t = this.now();
    this.lastBlockNs = t;
    this.firstNs = this.pending() > 0 ? t : undefined;
    this.clear();
    // The txs a block left (a block's gas was full) are decided on after the least gap.
    if (this.firstNs !== undefined && !this.stopped) this.arm(this.params.minGapNs > 0n ? this.params.minGapNs : 1_000_000n);
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }

  private decide(): void {
    if (this.stopped) return;
    const wait = onDemandWait({ nowNs: this.now(), pending: this.pending(), firstNs: this.firstNs, lastNs: this.lastNs, lastBlockNs: this.lastBlockNs }, this.params);
    if (wait === undefined) this.firstNs = undefined;
    else if (wait === 0n) this.make();
    else this.arm(wait);
  }

  private arm(waitNs: bigint): void {
    const ms = Number((waitNs + 999_999n) / 1_000_000n);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.decide();
    }, ms);
  }

  private clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
