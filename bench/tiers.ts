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
  return { core, tiers, owner0, setupSeconds, bytesPerPosition };
}

/** Batches of 2,000 operations on positions spread over the id range: per-operation mean of each, median of 5. */
function timeOps(n: number, op: (id: bigint, owner: number) => void, owner0: number): number {
  const times: number[] = [];
  let k = 0;
  for (let batch = 0; batch < 5; batch++) {
    const t = performance.now();
    for (let j = 0; j < 2_000; j++, k++) {
      const id = (k * 7919) % n;
      op(BigInt(id), owner0 + (id % OWNERS));
    }
    times.push(((performance.now() - t) * 1000) / 2_000);
  }
  return median(times);
}

export async function runTiersBench(wasm: Uint8Array, progress: (s: string) => void, sizes = [1_000, 1_000_000]): Promise<TiersBench> {
  const rows: TiersBench["rows"] = [];
  for (const n of sizes) {
    progress(`tiers: ${n} positions`);
    const c = await chain(wasm, n);
    const claimMicros = timeOps(n, (id, owner) => c.tiers.claim(owner, [id]), c.owner0);
    const addMicros = timeOps(n, (id, owner) => c.tiers.add(owner, id, 1_000n), c.owner0);
    c.core.exports.storeJournalClear();
    rows.push({ positions: n, claimMicros, addMicros, bytesPerPosition: c.bytesPerPosition, setupSeconds: c.setupSeconds });
  }
  const last = rows[rows.length - 1], first = rows[0];
  return { rows, claimRatio: last.claimMicros / first.claimMicros, addRatio: last.addMicros / first.addMicros };
}
