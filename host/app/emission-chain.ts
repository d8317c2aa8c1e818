// The in-memory chain: a genesis, the core's emission engine, and a block clock. Every block
// runs the core's per-block loop (Emission.advance); the chain keeps the header (height, time).
// The core never sees a time: it gets heights only. The host stamps each header, either with the
// wall clock (real clock) or with genesis time + height x block time (simulated clock).
//
// The chain owns its core instance: the emission state lives in the core's linear memory, so
// two chains must never share one core.

import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Core } from "../core/core.js";
import { Emission, type BlockOutcome } from "../core/emission.js";
import type { ClockMode } from "../config.js";
import { bondDenom, emissionGenesisState, emissionParams, type Genesis } from "./genesis.js";
import { ChainStateError, type BlockHeader } from "./types.js";
import { ADVANCE_CHUNK, wallClockNs, type Advanced, type ChainOptions } from "../drivers/embedded.js";

export { ChainStateError, ADVANCE_CHUNK, type BlockHeader, type Advanced, type ChainOptions };

/** Consecutive real-clock headers are at least this far apart, as CometBFT's time iota. */
const MIN_TIME_STEP_NS = 1_000_000n;
/** setTimeout / setInterval accept at most 2^31 - 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class EmissionChain {
  readonly genesis: Genesis;
  readonly clock: ClockMode;
  readonly blockTimeNs: bigint;
  readonly bondDenom: string;
  private readonly emission: Emission;
  private readonly now: () => bigint;
  private readonly onHalt: (error: Error) => void;
  private header: BlockHeader;
  private timer: NodeJS.Timeout | undefined;
  private haltReason: Error | null = null;
  private stopped = false;
  /** Simulated advances run one after the other. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(core: Core, genesis: Genesis, options: ChainOptions & { onHalt?: (error: Error) => void }) {
    if (options.blockTimeNs <= 0n) throw new RangeError("block time must be positive");
    this.genesis = genesis;
    this.clock = options.clock;
    this.blockTimeNs = options.blockTimeNs;
    this.bondDenom = bondDenom(genesis);
    this.now = options.now ?? wallClockNs;
    this.onHalt = options.onHalt ?? (() => {});
    this.emission = new Emission(core);
    this.emission.configure(emissionParams(genesis));
    this.emission.setState(emissionGenesisState(genesis));
    this.header = { chainId: genesis.chainId, height: 0n, timeNs: genesis.genesisTimeNs };
  }

  get chainId(): string {
    return this.genesis.chainId;
  }

  /** Header of the last block; height 0 (at genesis time) before the first block. */
  get latest(): BlockHeader {
    return { ...this.header };
  }

  /** Why the chain halted, or null while it makes blocks. */
  get halted(): Error | null {
    return this.haltReason;
  }

  /** What the last block did (all zero but the supply before the first block). */
  lastBlock(): BlockOutcome {
    return this.emission.last();
  }

  /** x/mint inflation: the rate of the last block; before any block, the rate block 1 will use. */
  inflation(): bigint {
    return this.header.height === 0n ? this.emission.rateAt(1n) : this.emission.last().rate;
  }

  /** x/mint annual provisions (raw Dec): of the last block; before any block, those of block 1. */
  annualProvisions(): bigint {
    if (this.header.height !== 0n) return this.emission.last().annualProvisions;
    return this.emission.provisions(this.emission.rateAt(1n), this.totalSupply()).annual;
  }

  /** Bank total of the bond denom, burned balances included. */
  totalSupply(): bigint {
    return this.emission.last().totalSupply;
  }

  /** Bank total of a denom: 0 for a denom the chain has never seen, as the SDK answers. */
  supplyOf(denom: string): bigint {
    if (denom === this.bondDenom) return this.totalSupply();
    return this.genesis.bank.supply.find((c) => c.denom === denom)?.amount ?? 0n;
  }

  /** Whole blocks the simulated clock makes in a duration (the clock only stands at block times). */
  blocksIn(durationNs: bigint): bigint {
    return durationNs / this.blockTimeNs;
  }

  /**
   * Simulated clock: make `blocks` blocks. The core runs up to ADVANCE_CHUNK blocks per call and
   * the event loop gets a turn between calls, so queries keep being answered during a long jump
   * (they see whole blocks only). Concurrent calls run one after the other. Resolves to the
   * blocks made and the last header (fewer than asked if the chain was stopped meanwhile).
   */
  advance(blocks: bigint): Promise<Advanced> {
    if (this.clock !== "simulated") {
      return Promise.reject(new ChainStateError("blocks are made by the real clock; use --clock simulated"));
    }
    if (blocks < 0n) return Promise.reject(new RangeError("negative block count"));
    const run = async (): Promise<Advanced> => {
      const from = this.header.height;
      let left = blocks;
      while (left > 0n && !this.stopped) {
        const n = left < ADVANCE_CHUNK ? left : ADVANCE_CHUNK;
        this.produce(n);
        left -= n;
        if (left > 0n) await yieldToEventLoop();
      }
      return { blocks: this.header.height - from, header: this.latest };
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Real clock: make a block every block time until stop(); waits for genesis time first. */
  start(): void {
    if (this.clock !== "real") throw new ChainStateError("the simulated clock has no timer");
    if (this.timer !== undefined || this.stopped) return;
    const intervalMs = Number(this.blockTimeNs / 1_000_000n); // 1 ms to 24 h: validated by config
    const waitNs = this.genesis.genesisTimeNs - this.now();
    if (waitNs > 0n) {
      // Like CometBFT, no block before genesis time. Long waits go in steps of at most 2^31-1 ms.
      const ms = waitNs / 1_000_000n + 1n;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.start();
      }, Number(ms > BigInt(MAX_TIMER_MS) ? BigInt(MAX_TIMER_MS) : ms));
      return;
    }
    this.timer = setInterval(() => {
      try {
        this.produce(1n);
      } catch {
        // produce() halted the chain and reported it.
      }
    }, intervalMs);
  }

  /** Stop making blocks: the timer is cleared and a running advance ends at its next chunk. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Run `count` blocks in one core call and stamp the header. A failure halts the chain. */
  private produce(count: bigint): void {
    if (this.haltReason) throw new ChainStateError(`chain halted at height ${this.header.height}: ${this.haltReason.message}`);
    let failure: Error | undefined;
    try {
      this.emission.advance(count);
    } catch (e) {
      failure = e instanceof Error ? e : new Error(String(e));
    }
    // On failure the core stays at its last completed block: the header follows it.
    const height = this.emission.last().height;
    if (height !== this.header.height) this.header = { ...this.header, height, timeNs: this.blockTime(height) };
    if (failure) {
      this.haltReason = failure;
      if (this.timer !== undefined) this.stop();
      this.onHalt(failure);
      throw new ChainStateError(`chain halted at height ${height}: ${failure.message}`);
    }
  }

  private blockTime(height: bigint): bigint {
    if (this.clock === "simulated") return this.genesis.genesisTimeNs + height * this.blockTimeNs;
    const floor = this.header.timeNs + MIN_TIME_STEP_NS;
    const now = this.now();
    return now > floor ? now : floor;
  }
}
