// The core for a web page: `npm run build` bundles this file (with @assemblyscript/loader and the
// host's core modules) into build/web/engine.js, an ES module with no Node built-ins, and its
// typings. It loads core.wasm from a URL, fetched bytes, a Response or a compiled
// WebAssembly.Module, and offers the few computations a page needs, all exact: amounts are bigint
// base units (1 token = 10^8), rates raw Decs (value x 10^18, so 0.03 is 30000000000000000n).
//
//   import { loadEngine, formatTokens, parseTokens } from "tiered-rewards-engine";
//   const engine = await loadEngine(new URL("./core.wasm", import.meta.url));
//   engine.estimate({ amount: parseTokens("1000"), tier, seconds: 31557600n, ... }).total

import { loadCore, type Core } from "../core/core.js";
import { DEFAULT_EMISSION_PARAMS, Emission, type BlockOutcome, type EmissionParams } from "../core/emission.js";
import { estimate as estimateCore, SECONDS_PER_YEAR, type Estimate, type EstimateInputs, type EstimateTier } from "../core/estimate.js";
import { computeTopUp, segmentBonus, type TopUpInput, type TopUpResult } from "../core/rewards.js";
import type { SimRow, Simulation, TierMonth, TxFailure } from "../scenario/sim-types.js";

export { CoreError } from "../core/errors.js";
export { DEFAULT_EMISSION_PARAMS, SECONDS_PER_YEAR };
export type { BlockOutcome, Core, EmissionParams, Estimate, EstimateInputs, EstimateTier, TopUpInput, TopUpResult };
export type { SimRow, Simulation, TierMonth, TxFailure };
export type { ColumnKind, DataTable, TableColumn } from "../scenario/table.js";
import type { DataTable } from "../scenario/table.js";
export * from "./format.js";

/** Where the core comes from: a URL to fetch, a fetch Response (or its promise), bytes, or a compiled module. */
export type CoreSource = string | URL | Response | PromiseLike<Response> | BufferSource | WebAssembly.Module;

const E18 = 10n ** 18n;
const NS_PER_S = 1_000_000_000n;

async function bytesOf(source: CoreSource): Promise<BufferSource | WebAssembly.Module> {
  if (typeof source === "string" || source instanceof URL) source = fetch(source);
  if (typeof (source as PromiseLike<Response>).then === "function") source = await (source as PromiseLike<Response>);
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) throw new Error(`cannot load the core from ${source.url || "the response"}: HTTP ${source.status}`);
    return source.arrayBuffer();
  }
  return source as BufferSource | WebAssembly.Module;
}

/**
 * Load the core and return an engine on it. `emission` overrides the emission parameters
 * (default: the reference chain's, DEFAULT_EMISSION_PARAMS).
 */
export async function loadEngine(source: CoreSource, emission: Partial<EmissionParams> = {}): Promise<Engine> {
  return new Engine(await loadCore(await bytesOf(source)), emission);
}

/** One point of an emission schedule. */
export interface SchedulePoint extends BlockOutcome {
  /** Tokens minted since the start of the schedule (base units). */
  mintedSince: bigint;
}

export interface ScheduleInput {
  /** Last executed block and the supply then (bank total, burned balances included). */
  fromHeight: bigint;
  totalSupply: bigint;
  /** Balances of the burn addresses (default 0). */
  burned?: bigint;
  /** Blocks between points (e.g. a month of blocks) and how many points. */
  step: bigint;
  points: number;
}

export interface BonusInput {
  /** Tokens of the position (base units) at `tokensPerShare`; default 1 token per share. */
  amount: bigint;
  tokensPerShare?: bigint;
  /** Raw Dec. */
  bonusApy: bigint;
  /** Unix ns. */
  startNs: bigint;
  endNs: bigint;
  /** When exit was triggered: the unlock time (unix ns), where the bonus stops; null if not. */
  exitUnlockNs?: bigint | null;
}

export interface BonusResult {
  /** Base units, truncated as the chain truncates. */
  bonus: bigint;
  /** Whole seconds the bonus accrued. */
  seconds: bigint;
  /** Where the segment ended (unix ns): the end, or the unlock if earlier. */
  effectiveEndNs: bigint;
}

export class Engine {
  readonly core: Core;
  readonly emissionParams: EmissionParams;
  private readonly emission: Emission;

  constructor(core: Core, emission: Partial<EmissionParams> = {}) {
    this.core = core;
    this.emissionParams = { ...DEFAULT_EMISSION_PARAMS, ...emission };
    this.emission = new Emission(core);
    this.emission.configure(this.emissionParams);
  }

  /** Inflation rate (raw Dec) of the block at `height`: the base rate decayed monthly, smooth by block. */
  rateAt(height: bigint): bigint {
    return this.emission.rateAt(height);
  }

  /** Annual provisions (raw Dec of base units) and the block provision (base units) for a rate and a supply. */
  provisions(rate: bigint, totalSupply: bigint): { annual: bigint; block: bigint } {
    return this.emission.provisions(rate, totalSupply);
  }

  /** The block provision of the block at `height` on a total supply, before the cap. */
  blockProvisionAt(height: bigint, totalSupply: bigint): bigint {
    return this.provisions(this.rateAt(height), totalSupply).block;
  }

  /**
   * The emission schedule: every block run in the core from `fromHeight` (cap included), one point
   * each `step` blocks.
   */
  schedule(input: ScheduleInput): SchedulePoint[] {
    if (input.step <= 0n) throw new RangeError("step must be at least 1 block");
    this.emission.setState({ height: input.fromHeight, totalSupply: input.totalSupply, burned: input.burned ?? 0n });
    const out: SchedulePoint[] = [];
    for (let i = 0; i < input.points; i++) {
      const last = this.emission.advance(input.step);
      out.push({ ...last, mintedSince: last.totalSupply - input.totalSupply });
    }
    return out;
  }

  /** The base-rewards top-up of one block from the rewards pool, as the chain's BeginBlock computes it. */
  topUp(input: TopUpInput): TopUpResult {
    return computeTopUp(this.core, input);
  }

  /** A tier position's bonus over a period (one segment, as the chain accrues it). */
  bonus(b: BonusInput): BonusResult {
    const instant = (ns: bigint) => {
      const unix = ns / NS_PER_S;
      return { unix, nanos: Number(ns - unix * NS_PER_S) };
    };
    const r = segmentBonus(this.core, {
      shares: b.amount * E18,
      tokensPerShare: b.tokensPerShare ?? E18,
      bonusApy: b.bonusApy,
      start: instant(b.startNs),
      end: instant(b.endNs),
      exitUnlockAt: b.exitUnlockNs == null ? null : instant(b.exitUnlockNs),
    });
    return {
      bonus: r.bonus,
      seconds: r.durationSeconds,
      effectiveEndNs: r.effectiveEnd.unix * NS_PER_S + BigInt(r.effectiveEnd.nanos),
    };
  }

  /** What a tier position earns over a period: exactly `npm run estimate` (host/core/estimate.ts). */
  estimate(inputs: EstimateInputs): Estimate {
    if (inputs.amount <= 0n) throw new RangeError("amount must be positive");
    if (inputs.seconds <= 0n) throw new RangeError("the period must be at least one second");
    if (inputs.commission < 0n || inputs.commission > E18) throw new RangeError("commission must be in [0, 1]");
    if (inputs.targetRate < 0n || inputs.targetRate > E18) throw new RangeError("target rate must be in [0, 1]");
    return estimateCore(this.core, inputs);
  }

  /** A raw Dec as the chain prints it ("0.030000000000000000"). */
  formatDec(raw: bigint): string {
    return this.core.dec.format(raw);
  }

  /** Decimal text ("0.03") as a raw Dec, exactly as the chain parses it. */
  parseDec(text: string): bigint {
    return this.core.dec.parse(text);
  }
}

/** Progress of a simulation: blocks made of the horizon's. */
export type SimulationProgress = (height: bigint, of: bigint) => void;

/**
 * The scenario engine (`npm run simulate`) in a Web Worker: `worker` is the package's
 * `sim-worker.js` (its URL, or a Worker made from it as `new Worker(url, { type: "module" })`),
 * `wasm` the core's URL, bytes or module, `scenario` a scenario's fields (the file format of
 * `npm run simulate -- --scenario`; absent fields default). Resolves with the CLI's exact
 * simulation (every row, the pool-dry block, the end state's hash) and, with `chart`, its SVG.
 */
export function simulateInWorker(
  worker: string | URL | Worker, wasm: string | URL | BufferSource | WebAssembly.Module, scenario: Record<string, unknown>,
  options: { onProgress?: SimulationProgress; chart?: boolean; table?: boolean } = {},
): Promise<{ simulation: Simulation; svg?: string; table?: DataTable }> {
  const own = typeof worker === "string" || worker instanceof URL;
  const w = own ? new Worker(worker, { type: "module" }) : worker;
  const id = ++requests;
  const wasmSource = typeof wasm === "string" ? new URL(wasm, globalThis.location?.href).href : wasm instanceof URL ? wasm.href : wasm;
  return new Promise((resolve, reject) => {
    const done = () => {
      w.removeEventListener("message", onMessage);
      w.removeEventListener("error", onError);
      if (own) w.terminate();
    };
    const onError = (e: ErrorEvent) => {
      done();
      reject(new Error(`simulation worker: ${e.message}`));
    };
    const onMessage = (e: MessageEvent) => {
      const m = e.data as { id: number; type: string; height?: bigint; of?: bigint; simulation?: Simulation; svg?: string; table?: DataTable; message?: string };
      if (m.id !== id) return;
      if (m.type === "progress") options.onProgress?.(m.height!, m.of!);
      else if (m.type === "done") {
        done();
        resolve({ simulation: m.simulation!, ...(m.svg !== undefined ? { svg: m.svg } : {}), ...(m.table !== undefined ? { table: m.table } : {}) });
      } else {
        done();
        reject(new Error(m.message));
      }
    };
    w.addEventListener("message", onMessage);
    w.addEventListener("error", onError);
    w.postMessage({ id, wasm: wasmSource, scenario, chart: options.chart === true, table: options.table === true });
  });
}

let requests = 0;
