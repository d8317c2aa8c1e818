// The emission engine of the core (assembly/emission/emission.ts), driven through its records.

import type { Core } from "./core.js";
import { layout, type Fields } from "./record-layout.js";
import {
  PARAMS_BASE_RATE, PARAMS_DECAY_RATE, PARAMS_MAX_SUPPLY, PARAMS_BLOCKS_PER_YEAR, PARAMS_DECAY_EPOCH, STATE_HEIGHT,
  STATE_TOTAL_SUPPLY, STATE_RATE, STATE_ANNUAL, STATE_PROVISION, STATE_MINTED,
} from "./abi.gen.js";

/** Emission parameters. Rates are raw Decs (value x 10^18); amounts are base units. */
export interface EmissionParams {
  /** x/mint inflation before decay (inflation_min = inflation_max). */
  baseRate: bigint;
  /** Monthly decay, in [0, 1]. */
  decayRate: bigint;
  /** Cap on circulating supply; 0 = none. */
  maxSupply: bigint;
  blocksPerYear: bigint;
  /** Height where decay starts; 0 = never set (no decay). */
  decayEpochStart: bigint;
}

export interface EmissionState {
  /** Last block executed. */
  height: bigint;
  /** Bank total of the bond denom, burned balances included. */
  totalSupply: bigint;
  /** Balances of the burn addresses. */
  burned: bigint;
}

/** The emission state record's view of the last block (assembly/abi/emission-state.ts). */
const BLOCK_OUTCOME = layout({
  height: ["u64", STATE_HEIGHT],
  rate: ["u128", STATE_RATE],
  annualProvisions: ["u128", STATE_ANNUAL],
  blockProvision: ["u128", STATE_PROVISION],
  minted: ["u128", STATE_MINTED],
  totalSupply: ["u128", STATE_TOTAL_SUPPLY],
});

/** What the last block did. */
export type BlockOutcome = Fields<typeof BLOCK_OUTCOME>;

const E18 = 10n ** 18n;

/** The reference chain's v7 values: 1%, 6.8% a month, 100 B CRO cap, 6,311,520 blocks a year. */
export const DEFAULT_EMISSION_PARAMS: EmissionParams = {
  baseRate: E18 / 100n,
  decayRate: (68n * E18) / 1000n,
  maxSupply: 10n ** 19n,
  blocksPerYear: 6_311_520n,
  decayEpochStart: 1n,
};

export class Emission {
  private readonly params: number;
  private readonly state: number;

  constructor(private readonly core: Core) {
    this.params = core.exports.emissionParamsPtr();
    this.state = core.exports.emissionStatePtr();
  }

  /** Validate and load parameters (computes the per-block factor by the reference's ApproxRoot). */
  configure(p: EmissionParams): void {
    const c = this.core;
    c.writeU128(this.params + PARAMS_BASE_RATE, p.baseRate);
    c.writeU128(this.params + PARAMS_DECAY_RATE, p.decayRate);
    c.writeU128(this.params + PARAMS_MAX_SUPPLY, p.maxSupply);
    c.writeU64(this.params + PARAMS_BLOCKS_PER_YEAR, p.blocksPerYear);
    c.writeU64(this.params + PARAMS_DECAY_EPOCH, p.decayEpochStart);
    c.check(c.exports.emissionConfigure());
  }

  /** Set the chain's position; refused as a whole (burned above supply, out of range). */
  setState(s: EmissionState): void {
    const c = this.core;
    c.writeU128(c.slot(5), s.totalSupply);
    c.writeU128(c.slot(6), s.burned);
    c.check(c.exports.emissionSetState(s.height, c.slot(5), c.slot(6)));
  }

  /** Run `count` blocks inside the core. */
  advance(count: bigint = 1n): BlockOutcome {
    const c = this.core;
    c.check(c.exports.emissionAdvance(count));
    return this.last();
  }

  /** The state and the outcome of the last block. */
  last(): BlockOutcome {
    return this.core.readRecord<BlockOutcome>(this.state, BLOCK_OUTCOME);
  }

  rateAt(height: bigint): bigint {
    const c = this.core;
    c.check(c.exports.emissionRateAt(c.slot(2), height));
    return c.readU128(c.slot(2));
  }

  /** x^n and f^r at a height (both 1 where no decay applies). */
  decayParts(height: bigint): { intPart: bigint; fracPart: bigint } {
    const c = this.core;
    c.check(c.exports.emissionDecayParts(c.slot(3), c.slot(4), height));
    return { intPart: c.readU128(c.slot(3)), fracPart: c.readU128(c.slot(4)) };
  }

  /** Annual provisions (raw Dec) and block provision (integer) for a rate and a total supply. */
  provisions(rate: bigint, totalSupply: bigint): { annual: bigint; block: bigint } {
    const c = this.core;
    c.writeU128(c.slot(0), rate);
    c.writeU128(c.slot(1), totalSupply);
    c.check(c.exports.emissionProvisions(c.slot(3), c.slot(4), c.slot(0), c.slot(1)));
    return { annual: c.readU128(c.slot(3)), block: c.readU128(c.slot(4)) };
  }

  /** f = (1 - decay)^(1 / blocksPerMonth), as the reference computes it. */
  perBlockFactor(): bigint {
    const c = this.core;
    c.check(c.exports.emissionPerBlockFactor(c.slot(2)));
    return c.readU128(c.slot(2));
  }
}
