// A small chain for the tier suites: three bonded validators, funded users, the default tiers,
// a rewards pool, and blocks at chosen times. Delegator accounts of positions come from `fresh()`.

import { loadCoreFromFile } from "../../host/core/node.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { Ledger, ModuleAccount as M, FIRST_USER_ACCOUNT } from "../../host/core/ledger.js";
import { Tiers, DEFAULT_TIERS } from "../../host/core/tiers.js";

export const E18 = 10n ** 18n;
export const SECOND = 1_000_000_000n;
export const DAY = 86_400n * SECOND;
export const UNBONDING = 28n * DAY;
export const OPS = [FIRST_USER_ACCOUNT, FIRST_USER_ACCOUNT + 1, FIRST_USER_ACCOUNT + 2];
export const ALICE = FIRST_USER_ACCOUNT + 3;
export const BOB = FIRST_USER_ACCOUNT + 4;
export const FUNDS = 10n ** 14n;
export const SELF = 10n ** 13n;
export const TOKEN = 10n ** 8n;
export const MIN_LOCK = 100n * TOKEN;

export async function tierChain(opts: { pool?: bigint; targetRate?: bigint } = {}) {
  const pool = opts.pool ?? 10n ** 15n;
  const core = await loadCoreFromFile();
  const emission = new Emission(core);
  const ledger = new Ledger(core);
  const tiers = new Tiers(core);
  emission.configure(DEFAULT_EMISSION_PARAMS);
  emission.setState({ height: 0n, totalSupply: 5n * FUNDS + pool, burned: 0n });
  ledger.configure({ communityTax: E18 / 50n, targetBaseRewardsRate: opts.targetRate ?? 0n });
  ledger.configureStaking(100, 1_000_000n, UNBONDING);
  for (const a of [...OPS, ALICE, BOB]) ledger.genesisBalance(a, FUNDS);
  ledger.genesisBalance(M.rewardsPool, pool);
  OPS.forEach((op, v) => ledger.createValidatorWithSelfDelegation(v, op, E18 / 10n, SELF, BigInt(v)));
  for (const t of DEFAULT_TIERS) tiers.addTier(t);
  let height = 0n;
  let time = 1_700_000_000n * SECOND;
  let nextAccount = 1000;
  const chain = {
    core, emission, ledger, tiers,
    /** One block `dt` after the last. */
    block(dt = 5n * SECOND) {
      height += 1n;
      time += dt;
      const outcome = ledger.beginBlock(height, ledger.lastCommitVotes(), time);
      ledger.endBlock(height, time);
      return outcome;
    },
    now: () => time,
    height: () => height,
    fresh: () => nextAccount++,
    pool: () => ledger.balance(M.rewardsPool),
  };
  chain.block();
  chain.block();
  return chain;
}

export type TierChain = Awaited<ReturnType<typeof tierChain>>;

const YEAR_SECONDS = 31_557_600n;

/** Cosmos Dec Mul: half-even at the 18th decimal. */
export function decMul(a: bigint, b: bigint): bigint {
  return roundHalfEven(a * b, E18);
}

/** Cosmos Dec Quo: (a x 10^36 / b) truncated, then half-even by 10^18. */
export function decQuo(a: bigint, b: bigint): bigint {
  return roundHalfEven((a * E18 * E18) / b, E18);
}

function roundHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d, r = n % d;
  if (2n * r > d || (2n * r === d && q % 2n === 1n)) return q + 1n;
  return q;
}

/** REFERENCE.md §6.1, in BigInt: TruncateInt(s.Mul(t).Mul(a).MulInt64(secs).QuoInt64(31557600)). */
export function expectedSegment(shares: bigint, tps: bigint, apy: bigint, seconds: bigint): bigint {
  if (seconds <= 0n) return 0n;
  return (decMul(decMul(shares, tps), apy) * seconds) / YEAR_SECONDS / E18;
}
