// Tier positions' figures for `npm run bench`: a claim and a position update (add) with 1,000
// against 1,000,000 positions (lazy accrual: both should cost the same), and the linear memory a
// position takes.

import { loadCore } from "../host/core/core.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../host/core/emission.js";
import { Ledger, ModuleAccount as M, FIRST_USER_ACCOUNT } from "../host/core/ledger.js";
import { Tiers, DEFAULT_TIERS } from "../host/core/tiers.js";

const E18 = 10n ** 18n;
const VALIDATORS = 100;
const OWNERS = 1_000;
const FUNDS = 10n ** 16n;
const POOL = 10n ** 17n;
const LOCK = DEFAULT_TIERS[0].minLockAmount;
const STEP = 5n * 10n ** 9n;

export interface TiersBench {
  rows: { positions: number; claimMicros: number; addMicros: number; bytesPerPosition: number; setupSeconds: number }[];
  claimRatio: number;
  addRatio: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function chain(wasm: Uint8Array, n: number) {
  const core = await loadCore(wasm);
  const emission = new Emission(core);
  const ledger = new Ledger(core);
  const tiers = new Tiers(core);
  emission.configure(DEFAULT_EMISSION_PARAMS);
  emission.setState({ height: 0n, totalSupply: FUNDS * BigInt(VALIDATORS + OWNERS) + POOL, burned: 0n });
  ledger.configure({ communityTax: E18 / 50n, targetBaseRewardsRate: 0n });
  ledger.configureStaking(VALIDATORS, 1_000_000n, 28n * 86_400n * 10n ** 9n);
  ledger.genesisBalance(M.rewardsPool, POOL);
  for (let i = 0; i < VALIDATORS; i++) {
    ledger.genesisBalance(FIRST_USER_ACCOUNT + i, FUNDS);
    ledger.createValidatorWithSelfDelegation(i, FIRST_USER_ACCOUNT + i, E18 / 20n, FUNDS / 2n, BigInt(i));
  }
  const owner0 = FIRST_USER_ACCOUNT + VALIDATORS;
  for (let i = 0; i < OWNERS; i++) ledger.genesisBalance(owner0 + i, FUNDS);
  for (const t of DEFAULT_TIERS) tiers.addTier(t);
  ledger.advance(2, STEP, STEP);
  const memBefore = core.exports.memory.buffer.byteLength;
  const t = performance.now();
  const firstDelegator = owner0 + OWNERS;
  for (let i = 0; i < n; i++) tiers.lock(owner0 + (i % OWNERS), 1, LOCK, i % VALIDATORS, firstDelegator + i);
  const setupSeconds = (performance.now() - t) / 1000;
  core.exports.storeJournalClear(); // what a node does after persisting the block
  const bytesPerPosition = (core.exports.memory.buffer.byteLength - memBefore) / n;
  ledger.advance(20, 3n * STEP, 86_400n * 10n ** 9n); // a day a block: every position has bonus to pay
  return { core, ledger, tiers, owner0, setupSeconds, bytesPerPosition };
}

type Chain = Awaited<ReturnType<typeof chain>> & { n: number; k: number; time: bigint; unpaid: number; claims: number[]; adds: number[] };

/**
 * Batches of 2,000 operations, per-operation mean of each, median of 5; the chains take turns
 * batch by batch (a change in the machine's load hits both) after one untimed warm-up batch each
 * (the WASM tiers up from its baseline compiler while it runs). A batch is two runs of 1,000
 * different positions, each after a new block (untimed), so every claim pays a block's base and
 * bonus (checked) and every add settles them first — at 1k as at 1M, where no position comes back.
 */
function timeTurns(chains: Chain[], kind: "claim" | "add"): void {
  for (let batch = -1; batch < 5; batch++) {
    for (const c of chains) {
      let ms = 0;
      for (let run = 0; run < 2; run++) {
        c.ledger.advance(1, c.time, STEP);
        c.time += STEP;
        const t = performance.now();
        for (let j = 0; j < 1_000; j++, c.k++) {
          const id = (c.k * 7919) % c.n;
          const owner = c.owner0 + (id % OWNERS);
          if (kind === "add") c.tiers.add(owner, BigInt(id), 1_000n);
          else if (c.tiers.claim(owner, [BigInt(id)]).bonusRewards === 0n) c.unpaid++;
        }
        ms += performance.now() - t;
      }
      c.core.exports.storeJournalClear(); // what a node does after each block
      if (batch >= 0) (kind === "add" ? c.adds : c.claims).push((ms * 1000) / 2_000);
    }
  }
}

export async function runTiersBench(wasm: Uint8Array, progress: (s: string) => void, sizes = [1_000, 1_000_000]): Promise<TiersBench> {
  const chains: Chain[] = [];
  for (const n of sizes) {
    progress(`tiers: ${n} positions`);
    const c = await chain(wasm, n);
    chains.push({ ...c, n, k: 0, time: 23n * 86_400n * 10n ** 9n, unpaid: 0, claims: [], adds: [] });
  }
  progress("tiers: claims and adds, the chains in turns");
  timeTurns(chains, "claim");
  timeTurns(chains, "add");
  for (const c of chains) {
    if (c.unpaid > 0) throw new Error(`${c.unpaid} claims at ${c.n} positions paid no bonus: the sizes would not do the same work`);
  }
  const rows = chains.map((c) => ({
    positions: c.n, claimMicros: median(c.claims), addMicros: median(c.adds), bytesPerPosition: c.bytesPerPosition, setupSeconds: c.setupSeconds,
  }));
  const last = rows[rows.length - 1], first = rows[0];
  return { rows, claimRatio: last.claimMicros / first.claimMicros, addRatio: last.addMicros / first.addMicros };
}
