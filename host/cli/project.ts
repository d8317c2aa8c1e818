// `project`: supply, inflation and the rewards pool over the years, by running the chain itself.
//
// The genesis (the default, or --genesis laid over it, with the flags' overrides written into the
// document) is loaded into an in-memory NodeChain exactly as the node loads it, and the core runs
// every block: mint -> base-rewards top-up from the pool -> distribution, then EndBlock. Nothing
// is a formula of the host: each column is read from the core's state between runs of blocks.
//
// A month is floor(blocks_per_year / 12) blocks, as the core counts it (the decay's month). With no
// transactions nothing but the core's BeginBlock moves tokens, so per period:
//   minted   = the growth of the total supply (nothing burns);
//   top-ups  = what reached the fee collector and distribution beyond the mint (the pool's
//              payments, measured where they arrive, not where they leave);
//   base APY = what distribution allocated to the validators (commission included, community
//              tax excluded) over the bonded tokens, annualized: x blocks_per_year / blocks.
// The pool runs dry at the first block after which it holds nothing; that block is found exactly:
// a run of blocks is never longer than the pool can pay at the target rate's full top-up per block.

import type { Core } from "../core/core.js";
import { ModuleAccount } from "../core/ledger.js";
import { loadCoreFromFile } from "../core/node.js";
import { NodeChain } from "../drivers/embedded.js";
import { ChainStateError } from "../framework/types.js";
import { parseGoDuration } from "../config.js";
import { timestampString, durationString } from "../wire/gateway-json.js";
import type { Genesis, Json } from "../app/genesis.js";
import {
  UsageError, decPercent, flagCommand, groupThousands, parseCount, parseTokens, wholeTokens,
  type FlagSpecs, type FlagValues,
} from "./common.js";
import { decShort, parseFraction } from "./schedule.js";
import { genesisDoc, validate, withBlocksPerYear, withPool, withTargetRate } from "../scenario/genesis-input.js";
import { Progress } from "../scenario/progress.js";

const E18 = 10n ** 18n;
/** A year of 365.25 days (x/mint's blocks_per_year: 31,557,600 s / 5 s = 6,311,520). */
export const YEAR_NS = 31_557_600n * 1_000_000_000n;
const MAX_MONTHS = 1200n;
const PERCENT_PLACES = 4;

const FLAGS = {
  years: { type: "string", value: "N", shown: "5", description: "years to project, whole years (at most 100)" },
  months: { type: "string", value: "N", description: "months to project instead of --years (at most 1200)" },
  every: { type: "string", value: "month|year", default: "year", description: "one row per month or per year" },
  genesis: { type: "string", value: "FILE", description: "a genesis JSON file laid over the default genesis" },
  "target-rate": {
    type: "string", value: "DEC", shown: "the genesis's, 0.03",
    description: "governance's TargetBaseRewardsRate, a decimal fraction in [0, 1] (0: no top-ups)",
  },
  pool: {
    type: "string", value: "TOKENS", shown: "the genesis's, 5000000000",
    description: "the rewards pool's starting balance, moved from or to the reserve (dev key 0): supply unchanged",
  },
  "block-time": {
    type: "string", value: "DURATION", shown: "31557600s / the genesis's blocks_per_year, 5s",
    description: "block interval; sets blocks_per_year = floor(31557600s / DURATION) (e.g. 1m: 12x fewer blocks, faster)",
  },
  json: { type: "boolean", description: "print the projection as JSON with exact values" },
} satisfies FlagSpecs;

/** The chain's state between two runs of blocks. */
export interface Snapshot {
  month: bigint;
  height: bigint;
  timeNs: bigint;
  totalSupply: bigint;
  circulating: bigint;
  /** Inflation of the last block (of block 1 at genesis), raw Dec. */
  inflation: bigint;
  pool: bigint;
  bonded: bigint;
  feeCollector: bigint;
  distribution: bigint;
  /** Raw Dec (DecCoins), held by distribution. */
  communityPool: bigint;
}

export interface ProjectionRow extends Snapshot {
  /** Since the previous row (0 for the genesis row). */
  minted: bigint;
  topUps: bigint;
  /** Allocated to validators (commission included) since the previous row, truncated. */
  stakerRewards: bigint;
  /** Raw Dec; null for the genesis row or without bonded tokens. */
  baseApy: bigint | null;
}

export interface Projection {
  genesis: Genesis;
  blocksPerYear: bigint;
  blocksPerMonth: bigint;
  blockTimeNs: bigint;
  targetRate: bigint;
  months: bigint;
  rows: ProjectionRow[];
  /** The first block after which the pool is empty (height 0: empty at genesis). */
  poolDry: { height: bigint; month: bigint; timeNs: bigint } | null;
}

export interface ProjectionInputs {
  /** The genesis document (overrides already written in). */
  doc: Json;
  blockTimeNs: bigint;
  months: bigint;
  /** Months between rows (1 or 12); the last month always gets a row. */
  step: bigint;
}

function snapshot(chain: NodeChain, month: bigint, burned: bigint): Snapshot {
  const l = chain.ledger;
  const totalSupply = chain.totalSupply();
  const h = chain.latest;
  return {
    month,
    height: h.height,
    timeNs: h.timeNs,
    totalSupply,
    circulating: totalSupply - burned,
    inflation: chain.inflation(),
    pool: l.balance(ModuleAccount.rewardsPool),
    bonded: l.pool().bonded,
    feeCollector: l.balance(ModuleAccount.feeCollector),
    distribution: l.balance(ModuleAccount.distribution),
    communityPool: l.communityPool(),
  };
}

function row(prev: Snapshot | undefined, cur: Snapshot, blocksPerYear: bigint): ProjectionRow {
  if (!prev) return { ...cur, minted: 0n, topUps: 0n, stakerRewards: 0n, baseApy: null };
  const minted = cur.totalSupply - prev.totalSupply;
  const arrived = cur.feeCollector + cur.distribution - (prev.feeCollector + prev.distribution);
  // Distribution holds the community pool (a Dec) and the validators' rewards: the rest, as a Dec.
  const stakerRewardsDec = (cur.distribution - prev.distribution) * E18 - (cur.communityPool - prev.communityPool);
  const blocks = cur.height - prev.height;
  const baseApy = cur.bonded > 0n && blocks > 0n ? (stakerRewardsDec * blocksPerYear) / (cur.bonded * blocks) : null;
  return { ...cur, minted, topUps: arrived - minted, stakerRewards: stakerRewardsDec / E18, baseApy };
}

/**
 * Run the projection: genesis into an in-memory chain, then the blocks month by month. `onMonth`
 * is called as month m is being run.
 */
export async function project(core: Core, inputs: ProjectionInputs, onMonth?: (m: bigint, height: bigint) => void): Promise<Projection> {
  const chain = NodeChain.inMemory(core, inputs.doc, inputs.blockTimeNs);
  const g = chain.genesis;
  const bpy = g.mint.params.blocksPerYear;
  const perMonth = bpy / 12n;
  const burned = g.bank.burnedBalance; // no transactions: the burn addresses' balances never change
  const targetRate = chain.app.tiers.params().targetBaseRewardsRate;
  const start = chain.latest.height;
  const pool0 = chain.ledger.balance(ModuleAccount.rewardsPool);
  let poolDry: Projection["poolDry"] = pool0 === 0n ? { height: start, month: 0n, timeNs: chain.latest.timeNs } : null;

  let last = snapshot(chain, 0n, burned);
  const rows: ProjectionRow[] = [row(undefined, last, bpy)];
  for (let m = 1n; m <= inputs.months; m++) {
    for (let left = perMonth; left > 0n; ) {
      let n = left;
      if (!poolDry && targetRate > 0n) {
        // No block tops up more than the target rate's whole per-block reward (the shortfall is
        // target - mint share): a run of `safe` blocks cannot empty the pool, so the block that
        // empties it is always the last of a run, found exactly.
        const maxPerBlock = ceilDiv(targetRate * chain.ledger.pool().bonded, E18 * bpy) + 1n;
        const safe = (chain.ledger.balance(ModuleAccount.rewardsPool) - 1n) / maxPerBlock;
        if (safe < n) n = safe > 0n ? safe : 1n;
      }
      onMonth?.(m, chain.latest.height);
      try {
        await chain.advance(n);
      } catch (e) {
        if (e instanceof ChainStateError) throw new UsageError(`the core stopped the projection: ${e.message}`);
        throw e;
      }
      left -= n;
      if (!poolDry && chain.ledger.balance(ModuleAccount.rewardsPool) === 0n) {
        if (n !== 1n && targetRate > 0n) throw new Error(`internal: the pool ran dry inside a run of ${n} blocks`);
        poolDry = { height: chain.latest.height, month: m, timeNs: chain.latest.timeNs };
      }
    }
    if (m % inputs.step === 0n || m === inputs.months) {
      const cur = snapshot(chain, m, burned);
      rows.push(row(last, cur, bpy));
      last = cur;
    }
  }
  return {
    genesis: g, blocksPerYear: bpy, blocksPerMonth: perMonth, blockTimeNs: inputs.blockTimeNs, targetRate,
    months: inputs.months, rows, poolDry,
  };
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** The exact JSON of --json. */
export function projectionJson(core: Core, p: Projection): object {
  const dec = (v: bigint) => core.dec.format(v);
  return {
    blocks_per_year: `${p.blocksPerYear}`,
    blocks_per_month: `${p.blocksPerMonth}`,
    block_time: durationString(p.blockTimeNs),
    target_base_rewards_rate: dec(p.targetRate),
    community_tax: dec(p.genesis.distribution.communityTax),
    months: `${p.months}`,
    rows: p.rows.map((r) => ({
      month: `${r.month}`,
      height: `${r.height}`,
      time: timestampString(r.timeNs),
      total_supply: `${r.totalSupply}`,
      circulating_supply: `${r.circulating}`,
      inflation: dec(r.inflation),
      minted: `${r.minted}`,
      rewards_pool: `${r.pool}`,
      top_ups: `${r.topUps}`,
      bonded: `${r.bonded}`,
      staker_rewards: `${r.stakerRewards}`,
      base_apy: r.baseApy === null ? null : dec(r.baseApy),
    })),
    pool_dry: p.poolDry && {
      height: `${p.poolDry.height}`,
      month: `${p.poolDry.month}`,
      time: timestampString(p.poolDry.timeNs),
    },
  };
}

/** The human table. */
export function renderProjection(p: Projection): string {
  const g = p.genesis;
  const head = [
    `Projection over ${p.months} months: ${groupThousands(p.blocksPerYear)} blocks/year ` +
      `(${durationString(p.blockTimeNs)} blocks, ${groupThousands(p.blocksPerMonth)} blocks/month), ` +
      `target base rate ${decShort(p.targetRate)}, community tax ${decShort(g.distribution.communityTax)}, ` +
      `decay ${decShort(g.inflation.params.decayRate)}/month.`,
    "Tokens are whole tokens; minted, top-ups and base APY cover the blocks since the previous row.",
    "",
  ];
  const header = ["month", "height", "total supply", "circulating", "inflation", "minted", "rewards pool", "top-ups", "bonded", "base APY"];
  const body = p.rows.map((r, i) => [
    `${r.month}`,
    groupThousands(r.height),
    groupThousands(wholeTokens(r.totalSupply)),
    groupThousands(wholeTokens(r.circulating)),
    `${decPercent(r.inflation, PERCENT_PLACES)}%`,
    i === 0 ? "-" : groupThousands(wholeTokens(r.minted)),
    groupThousands(wholeTokens(r.pool)),
    i === 0 ? "-" : groupThousands(wholeTokens(r.topUps)),
    groupThousands(wholeTokens(r.bonded)),
    r.baseApy === null ? "-" : `${decPercent(r.baseApy, PERCENT_PLACES)}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join("  ");
  const last = p.rows[p.rows.length - 1];
  const foot = p.poolDry
    ? p.poolDry.height === p.rows[0].height
      ? "The rewards pool is empty from genesis: no top-ups; stakers get the mint's share alone."
      : `The rewards pool runs dry at height ${groupThousands(p.poolDry.height)} (month ${p.poolDry.month}, ` +
        `${timestampString(p.poolDry.timeNs)}); from then on stakers get the mint's share alone.`
    : `The rewards pool does not run dry within the projection: ${groupThousands(wholeTokens(last.pool))} tokens left.`;
  return [...head, line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line), "", foot].join("\n");
}

async function run(f: FlagValues<typeof FLAGS>): Promise<number> {
  if (f.years !== undefined && f.months !== undefined) throw new UsageError("give --years or --months, not both");
  const months =
    f.months !== undefined
      ? parseCount("months", f.months, { min: 1n, max: MAX_MONTHS })
      : 12n * parseCount("years", f.years ?? "5", { min: 1n, max: MAX_MONTHS / 12n });
  if (f.every !== "month" && f.every !== "year") {
    throw new UsageError(`--every ${JSON.stringify(f.every)}: must be month or year`);
  }
  const step = f.every === "month" ? 1n : 12n;
  const pool = f.pool === undefined ? undefined : parseTokens("pool", f.pool);
  let blockTimeNs: bigint | undefined;
  if (f["block-time"] !== undefined) {
    const text = f["block-time"];
    try {
      blockTimeNs = parseGoDuration(text);
    } catch (e) {
      throw new UsageError(`--block-time ${JSON.stringify(text)}: ${(e as Error).message}`);
    }
    if (blockTimeNs <= 0n) throw new UsageError(`--block-time ${JSON.stringify(text)}: must be positive`);
    if (YEAR_NS / blockTimeNs < 12n) throw new UsageError(`--block-time ${text}: at most a month (a year must have at least 12 blocks)`);
  }

  const core = await loadCoreFromFile();
  const targetRate = f["target-rate"] === undefined ? undefined : parseFraction(core, "target-rate", f["target-rate"]);
  let doc = await genesisDoc(core, f.genesis);
  const g = validate(core, doc, "genesis");
  if (g.nodeState || g.sdk.staking) throw new UsageError("--genesis: an exported state (app_state.node_state, or app_state.staking.validators) cannot be projected; give a new chain's genesis");
  if (targetRate !== undefined) doc = withTargetRate(core, doc, targetRate);
  if (pool !== undefined) doc = withPool(core, doc, pool);
  if (blockTimeNs !== undefined) doc = withBlocksPerYear(doc, YEAR_NS / blockTimeNs);
  else {
    blockTimeNs = YEAR_NS / g.mint.params.blocksPerYear;
    if (blockTimeNs === 0n) blockTimeNs = 1n;
  }
  validate(core, doc, "genesis with the flags' overrides");

  const progress = new Progress(process.stderr);
  let p: Projection;
  try {
    p = await project(core, { doc, blockTimeNs, months, step }, (m, h) =>
      progress.update(`projecting month ${m}/${months} (height ${groupThousands(h)}) …`),
    );
  } finally {
    progress.done();
  }
  if (f.json) process.stdout.write(JSON.stringify(projectionJson(core, p), null, 2) + "\n");
  else process.stdout.write(renderProjection(p) + "\n");
  return 0;
}

export const projectCommand = flagCommand({
  summary: "project supply, inflation, the rewards pool and base APY over the years (runs every block)",
  usage: "npm run project -- [flags]",
  about: [
    "Project total and circulating supply, the inflation rate, what is minted, the rewards pool's",
    "balance and the base-rewards top-ups it pays, bonded tokens and the base APY, by running every",
    "block of the chain in the core (mint, top-up from the pool, distribution) on the default genesis",
    "or --genesis FILE laid over it. Reports the block where the pool runs dry, if it does.",
    "A year at the real 5 s blocks is 6,311,520 blocks: about 8 s (progress on stderr); --block-time 1m is 12x faster.",
  ],
  notes: [
    "Columns: month (a month is floor(blocks_per_year / 12) blocks), height, total and circulating",
    "supply (burn addresses excluded), the inflation rate of the row's last block, tokens minted and",
    "top-ups paid by the pool since the previous row, the pool's balance, bonded tokens, and the base",
    "APY: what the period's blocks allocated to validators (commission included, community tax not)",
    "over bonded tokens, annualized. Tokens are whole tokens, truncated; percentages truncated.",
    "--json gives exact values: amounts in base units, rates as 18-decimal Dec strings.",
  ],
  flags: FLAGS,
  run,
});
