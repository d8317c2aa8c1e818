// The ledger's figures for `npm run bench`: the per-block rewards loop (mint, top-up, allocation by
// power with commission, distribution) with 100 validators in WASM against the BigInt model of
// the same rules in the same run, one simulated year of it run for real, and a claim's cost with
// 1,000 against 1,000,000 delegations. Before any timing, the bench's chain runs a few hundred
// blocks in the core and in the model (the core's mint handed to the model): every number equal.

import { loadCore } from "../host/core/core.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../host/core/emission.js";
import { Ledger, ModuleAccount as M, FIRST_USER_ACCOUNT } from "../host/core/ledger.js";
import {
  LedgerBigInt, REWARDS_POOL, FEE_COLLECTOR, DISTRIBUTION, BONDED_POOL, NOT_BONDED_POOL,
} from "../model/ledger-bigint.js";

const E18 = 10n ** 18n;
const VALIDATORS = 100;
const FUNDS = 10n ** 14n;
const POOL = 10n ** 17n;
const TAX = E18 / 50n;
const TARGET = (3n * E18) / 100n;
/** A claim bench delegation: one block's rewards on it are ~30 whole units. */
const DELEGATION = 1_000_000_000n;

async function ledgerChain(wasm: Uint8Array) {
  const core = await loadCore(wasm);
  const emission = new Emission(core);
  const ledger = new Ledger(core);
  emission.configure(DEFAULT_EMISSION_PARAMS);
  emission.setState({ height: 0n, totalSupply: FUNDS * BigInt(VALIDATORS + 1) + POOL, burned: 0n });
  ledger.configure({ communityTax: TAX, targetBaseRewardsRate: TARGET });
  ledger.configureStaking(VALIDATORS, 1_000_000n, 28n * 86_400n * 10n ** 9n);
  ledger.genesisBalance(M.rewardsPool, POOL);
  for (let i = 0; i < VALIDATORS; i++) {
    ledger.genesisBalance(FIRST_USER_ACCOUNT + i, FUNDS);
    ledger.createValidatorWithSelfDelegation(i, FIRST_USER_ACCOUNT + i, E18 / 20n, FUNDS / 2n + BigInt(i) * 10n ** 9n, BigInt(i));
  }
  ledger.endBlock(0n, 0n);
  return { core, emission, ledger };
}

const validatorName = (i: number) => `v${String(i).padStart(3, "0")}`;

function modelChain() {
  const model = new LedgerBigInt({ communityTax: TAX, targetBaseRewardsRate: TARGET });
  model.fund(REWARDS_POOL, POOL);
  for (let i = 0; i < VALIDATORS; i++) {
    const name = validatorName(i);
    model.fund(name, FUNDS);
    model.createValidator(name, FUNDS / 2n + BigInt(i) * 10n ** 9n, E18 / 20n);
  }
  model.endBlock(0n, 0n);
  return model;
}

export interface LedgerBench {
  /** Blocks run in both the core and the model (with the core's mint) and found identical. */
  checkedBlocks: number;
  wasmBlocksPerSec: number[];
  bigintBlocksPerSec: number[];
  ratio: number[];
  yearSecondsProjected: number;
  /** One year of blocks (6,311,520) advanced once on a fresh chain, timed; undefined if skipped. */
  year?: { blocks: number; seconds: number; end: { height: bigint; communityPool: bigint; outstanding0: bigint; commission0: bigint } };
  claimMicros: { delegations: number; medianMicros: number }[];
}

export const BLOCKS_PER_YEAR = 6_311_520;

/**
 * The bench's chain in the core and in the model, block by block through `advance(1)` (the timed
 * path), the model minting what the core minted: balances, the community pool, every validator's
 * commission, outstanding and current rewards must be equal. Returns the blocks checked.
 */
async function checkAgainstModel(wasm: Uint8Array, blocks: number): Promise<number> {
  const { core, ledger } = await ledgerChain(wasm);
  const model = modelChain();
  const step = 5n * 10n ** 9n;
  const outcome = core.exports.ledgerBlockOutcomePtr();
  const mismatches: string[] = [];
  for (let h = 1; h <= blocks; h++) {
    const t = BigInt(h) * step;
    ledger.advance(1, t, step);
    model.beginBlock(BigInt(h), t, core.readU128(outcome));
    model.endBlock(BigInt(h), t);
  }
  const modules: [string, number][] = [
    [FEE_COLLECTOR, M.feeCollector], [DISTRIBUTION, M.distribution], [REWARDS_POOL, M.rewardsPool],
    [BONDED_POOL, M.bondedPool], [NOT_BONDED_POOL, M.notBondedPool],
  ];
  for (const [name, id] of modules) {
    if (ledger.balance(id) !== model.balance(name)) mismatches.push(`${name}: ${ledger.balance(id)} vs ${model.balance(name)}`);
  }
  if (ledger.communityPool() !== model.communityPool()) mismatches.push("community pool");
  for (let i = 0; i < VALIDATORS; i++) {
    const mine = ledger.validator(i)!;
    const name = validatorName(i);
    if (mine.accumulatedCommission !== model.commission(name)) mismatches.push(`${name} commission`);
    if (mine.outstanding !== model.outstandingRewards(name)) mismatches.push(`${name} outstanding`);
    if (mine.currentRewards !== model.state.currentRewards.get(name)?.rewards) mismatches.push(`${name} current rewards`);
  }
  if (mismatches.length > 0) {
    throw new Error(`ledger: the core and the BigInt model disagree after ${blocks} blocks: ${mismatches.slice(0, 5).join("; ")}`);
  }
  return blocks;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Interleaved rounds of whole blocks (BeginBlock with the last set's votes, EndBlock): WASM runs
 * them inside the core (`advance`: no boundary crossing per block), the model 1,000 a round.
 */
export async function runLedgerBench(
  wasm: Uint8Array, rounds: number, progress: (s: string) => void, opts: { year?: boolean } = {},
): Promise<LedgerBench> {
  progress("ledger: checking the bench's chain against the BigInt model");
  const checkedBlocks = await checkAgainstModel(wasm, 300);
  const { ledger } = await ledgerChain(wasm);
  const model = modelChain();
  let mh = 0n;
  let t0 = 5n * 10n ** 9n;
  const step = 5n * 10n ** 9n;
  const wasmRates: number[] = [];
  const bigRates: number[] = [];
  for (let r = 0; r <= rounds; r++) {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    let t = performance.now();
    ledger.advance(20_000, t0, step);
    t0 += 20_000n * step;
    const w = 20_000 / ((performance.now() - t) / 1000);
    gc?.();
    t = performance.now();
    for (let i = 0; i < 1_000; i++) {
      mh++;
      model.beginBlock(mh, mh * step, 15_000_000_000n);
      model.endBlock(mh, mh * step);
    }
    const b = 1_000 / ((performance.now() - t) / 1000);
    if (r > 0) {
      wasmRates.push(w);
      bigRates.push(b);
    }
    progress(`ledger round ${r}/${rounds}`);
  }
  const ratio = wasmRates.map((w, i) => w / bigRates[i]);
  let year: LedgerBench["year"];
  if (opts.year ?? true) {
    // The whole year on a fresh chain, once: what the projection above extrapolates
    progress(`ledger: one simulated year (${BLOCKS_PER_YEAR} blocks), once`);
    const c = await ledgerChain(wasm);
    (globalThis as { gc?: () => void }).gc?.();
    const t = performance.now();
    c.ledger.advance(BLOCKS_PER_YEAR, step, step);
    const seconds = (performance.now() - t) / 1000;
    const v0 = c.ledger.validator(0)!;
    year = {
      blocks: BLOCKS_PER_YEAR,
      seconds,
      end: {
        height: c.emission.last().height,
        communityPool: c.ledger.communityPool(),
        outstanding0: v0.outstanding,
        commission0: v0.accumulatedCommission,
      },
    };
  }
  const first = FIRST_USER_ACCOUNT + VALIDATORS + 1;
  // 1k and 1M (the sizes), and the decades between: the curve shows whether a claim's
  // cost grows with the delegations or only with the caches they no longer fit.
  const sizes = [1_000, 10_000, 100_000, 1_000_000];
  const chains = [];
  for (const n of sizes) {
    progress(`ledger claims with ${n} delegations: set-up`);
    const c = await ledgerChain(wasm);
    // the delegators' funds at genesis, with the supply to match; each delegation is large
    // enough that one block's rewards on it are whole units, so every claim pays (a balance write)
    for (let i = 0; i < n; i++) c.ledger.genesisBalance(first + i, 2n * DELEGATION);
    c.emission.setState({ height: 0n, totalSupply: FUNDS * BigInt(VALIDATORS + 1) + POOL + 2n * DELEGATION * BigInt(n), burned: 0n });
    for (let i = 0; i < n; i++) c.ledger.delegate(first + i, i % VALIDATORS, DELEGATION);
    c.ledger.advance(20, step, step);
    chains.push({ n, c, k: 0, time: 21n * step, times: [] as number[], unpaid: 0 });
  }
  // Batches of 2,000 claims: per-claim mean of each batch, median of 5 (a single call is too
  // short to time alone on a shared machine). A batch is two runs of 1,000 different delegators,
  // each after a new block (untimed): at 1k every claim pays what one block earned, at 1M (where
  // no delegator comes back) what the blocks since its delegation earned; both pay whole units,
  // so both do the same work. The two chains take turns, batch by batch, so a change in the
  // machine's load hits both; a first batch each warms up untimed.
  progress("ledger claims");
  for (let batch = -1; batch < 5; batch++) {
    for (const ch of chains) {
      let ms = 0;
      for (let run = 0; run < 2; run++) {
        ch.c.ledger.advance(1, ch.time, step);
        ch.time += step;
        const t = performance.now();
        for (let j = 0; j < 1_000; j++, ch.k++) {
          const who = first + ((ch.k * 7919) % ch.n);
          if (ch.c.ledger.withdrawRewards(who, (who - first) % VALIDATORS) === 0n) ch.unpaid++;
        }
        ms += performance.now() - t;
      }
      if (batch >= 0) ch.times.push((ms * 1000) / 2_000);
    }
  }
  for (const ch of chains) {
    if (ch.unpaid > 0) throw new Error(`${ch.unpaid} claims at ${ch.n} delegations paid nothing: the two sizes would not do the same work`);
  }
  const claims = chains.map((ch) => ({ delegations: ch.n, medianMicros: median(ch.times) }));
  return {
    checkedBlocks,
    wasmBlocksPerSec: wasmRates,
    bigintBlocksPerSec: bigRates,
    ratio,
    yearSecondsProjected: BLOCKS_PER_YEAR / median(wasmRates),
    year,
    claimMicros: claims,
  };
}

export const medianOf = median;
