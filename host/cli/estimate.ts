// `estimate`: what a tier position would earn over a period.
//
// Base rewards: the target rate on the position's tokens, as the pool's top-up holds it, after the
// validator's commission, over the whole seconds of the period (a year is 31,557,600 s: x/mint's
// 6,311,520 blocks of 5 s), truncated once:
//   base = floor(amount x target x (1 - commission) x secs / 31557600)
// (exact integer arithmetic; the chain pays per block, each block truncated on its own, so it can
// differ by a few base units). It assumes the pool covers the shortfall throughout: `npm run
// project` shows how long it does.
//
// Bonus: the core's segmentBonus (REFERENCE §6.1), one segment from entry to the end of the period,
// shares = the amount at 1 token per share (a fresh delegation on an unslashed validator):
//   bonus = TruncateInt(shares x tokensPerShare x bonusApy x secs / 31557600),
// the segment ending at the exit commitment's unlock when exit is triggered at entry (--exit-now).
// Without --exit-now the tokens stay staked: base rewards run the whole period. With --exit-now the
// holder leaves at the unlock (MsgTierUndelegate): the tokens unbond for the chain's unbonding time
// (28 days by default) and earn nothing then, as on the chain, so base rewards stop at the unlock
// too: base = floor(amount x target x (1 - commission) x min(secs, unlock) / 31557600).

import type { Core } from "../core/core.js";
import { loadCoreFromFile } from "../core/node.js";
import { SECONDS_PER_YEAR, estimate, type Estimate } from "../core/estimate.js";
import { parseTimestamp, timestampString } from "../wire/gateway-json.js";
import {
  UsageError, decPercent, flagCommand, groupThousands, parseCount, parseTokens, type FlagSpecs,
  type FlagValues,
} from "./common.js";
import { decShort, formatTokens, parseFraction } from "./schedule.js";
import { genesisDoc, validate } from "../scenario/genesis-input.js";
import { scenarioBonus, scenarioProjection, type ScenarioBonus } from "../scenario/estimate-scenario.js";
import { pathFrom } from "../scenario/scenario-bonus.js";

const E18 = 10n ** 18n;
// The computation itself is host/core/estimate.ts (browser-safe: the web engine runs the same).
export { SECONDS_PER_YEAR, estimate, type Estimate, type EstimateInputs } from "../core/estimate.js";
const MAX_SECONDS = 100n * SECONDS_PER_YEAR;
const PERCENT_PLACES = 4;

const FLAGS = {
  amount: { type: "string", value: "TOKENS", description: "tokens locked in the position (up to 8 decimals); required" },
  tier: { type: "string", value: "N", description: "tier id (the genesis's tiers; default genesis: 1, 2, 3); required" },
  years: { type: "string", value: "Y", shown: "1", description: "period in years of 365.25 days (31,557,600 s), decimals allowed" },
  days: { type: "string", value: "D", description: "period in days of 86,400 s instead of --years, decimals allowed" },
  commission: {
    type: "string", value: "DEC", shown: "the genesis's first validator's, 0.1",
    description: "the validator's commission rate, a decimal fraction in [0, 1]",
  },
  "target-rate": {
    type: "string", value: "DEC", shown: "the genesis's, 0.03",
    description: "governance's TargetBaseRewardsRate, a decimal fraction in [0, 1]",
  },
  "exit-now": {
    type: "boolean",
    description: "trigger exit at entry and leave at the unlock: bonus and base stop at the exit commitment (no rewards while unbonding)",
  },
  genesis: { type: "string", value: "FILE", description: "a genesis JSON file laid over the default genesis (tiers, rates)" },
  start: {
    type: "string", value: "TIME", shown: "the genesis time",
    description: "when the position is entered: RFC 3339 (2027-03-01T12:00:00Z) or a date (2027-03-01, midnight UTC); " +
      "moves the unlock and, with --scenario, which months of the simulation the base rate comes from",
  },
  scenario: {
    type: "string", value: "FILE",
    description: "price the position on this scenario's projection (JSON or YAML, as `simulate`; run once, then kept, keyed by the " +
      "scenario's hash): base rewards at the base APY the chain paid month by month, the bonus the scenario's pool pays on its claims " +
      "(what it cannot pay stays owed or unpaid); its genesis gives the tiers and commission",
  },
  "no-cache": { type: "boolean", description: "with --scenario: run the scenario again instead of reading its kept projection (keyed by the scenario's hash)" },
  json: { type: "boolean", description: "print the estimate as JSON with exact values" },
} satisfies FlagSpecs;

/** An estimate priced on a scenario's projection: the bonus is what its pool pays; the promise beside it. */
export interface ScenarioEstimate extends Estimate {
  /** The tier's promise: one segment at its bonus APY (Estimate.bonus without a scenario). */
  promisedBonus: bigint;
  scenarioBonus: ScenarioBonus;
  projection: { key: string; cached: boolean; failedTxs: number; poolDry: { height: bigint; month: number; timeNs: bigint; days: string } | null };
}

const isScenario = (r: Estimate): r is ScenarioEstimate => "scenarioBonus" in r;

export function estimateJson(core: Core, r: Estimate): object {
  const dec = (v: bigint) => core.dec.format(v);
  const scenario = isScenario(r)
    ? {
      bonus_promised: `${r.promisedBonus}`,
      bonus_owed: `${r.scenarioBonus.owed}`,
      bonus_unpaid: `${r.scenarioBonus.unpaid}`,
      claims: r.scenarioBonus.claims,
      failed_claims: r.scenarioBonus.failedClaims,
      first_failed_claim: r.scenarioBonus.firstFailedNs === null ? null : timestampString(r.scenarioBonus.firstFailedNs),
      projection: {
        key: r.projection.key, cached: r.projection.cached, failed_txs: r.projection.failedTxs,
        pool_dry: r.projection.poolDry && { height: `${r.projection.poolDry.height}`, month: r.projection.poolDry.month, time: timestampString(r.projection.poolDry.timeNs), days: r.projection.poolDry.days },
      },
    }
    : {};
  return {
    amount: `${r.amount}`,
    tier: r.tier.id,
    seconds: `${r.seconds}`,
    start: timestampString(r.startNs),
    target_base_rewards_rate: dec(r.targetRate),
    base_rate: r.ratePath ? "scenario" : "target",
    commission: dec(r.commission),
    bonus_apy: dec(r.tier.bonusApy),
    exit_now: r.exitNow,
    exit_unlock_at: r.unlockNs === null ? null : timestampString(r.unlockNs),
    unbonded_at: r.unbondedNs === null ? null : timestampString(r.unbondedNs),
    base_seconds: `${r.baseSeconds}`,
    bonus_seconds: `${r.bonusSeconds}`,
    base_rewards: `${r.base}`,
    bonus_rewards: `${r.bonus}`,
    total_rewards: `${r.total}`,
    base_apy: dec(r.baseApy),
    effective_apy: dec(r.effectiveApy),
    ...scenario,
  };
}

/** Seconds as days with 2 decimals, truncated: 157788000 -> "1,826.25 days". */
function days(seconds: bigint): string {
  const hundredths = (seconds * 100n) / 86_400n;
  const frac = hundredths % 100n;
  return `${groupThousands(hundredths / 100n)}${frac === 0n ? "" : `.${frac.toString().padStart(2, "0")}`} days`;
}

export function renderEstimate(r: Estimate): string {
  const pct = (raw: bigint) => `${decPercent(raw, PERCENT_PLACES)}%`;
  const t = r.tier;
  const rows: [string, string][] = [
    ["position", `${formatTokens(r.amount)} tokens in tier ${t.id} (exit commitment ${days(t.exitDurationNs / 1_000_000_000n)}, bonus APY ${decShort(t.bonusApy)})`],
    ["period", `${groupThousands(r.seconds)} s (${days(r.seconds)}) from ${timestampString(r.startNs)}`],
    [
      "base rewards",
      `${formatTokens(r.base)} tokens  (` +
        (r.ratePath
          ? `the scenario's base rate, month by month, after ${decShort(r.commission)} commission: ${pct(r.baseApy)} a year on average`
          : `target ${decShort(r.targetRate)} after ${decShort(r.commission)} commission: ${pct(r.baseApy)} a year`) +
        (r.baseSeconds < r.seconds ? `, for ${groupThousands(r.baseSeconds)} s: none while unbonding)` : ")"),
    ],
    [
      "bonus",
      `${formatTokens(r.bonus)} tokens  (${groupThousands(r.bonusSeconds)} s` +
        (r.unlockNs !== null && r.bonusSeconds < r.seconds ? `: exit triggered at entry, stops at the unlock ${timestampString(r.unlockNs)})` : ")") +
        (isScenario(r) ? `: paid by the scenario's pool, of ${formatTokens(r.promisedBonus)} promised` : ""),
    ],
    ...(isScenario(r) ? scenarioLines(r) : []),
    ...(r.unlockNs !== null && r.unbondedNs !== null && r.baseSeconds < r.seconds
      ? [["unbonding", `undelegated at the unlock ${timestampString(r.unlockNs)}, tokens back ${timestampString(r.unbondedNs)} (no rewards meanwhile)`] as [string, string]]
      : []),
    ["total", `${formatTokens(r.total)} tokens`],
    ["effective APY", pct(r.effectiveApy)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join("\n");
}

/** What the scenario's pool did not pay, its claims, and where the projection came from. */
function scenarioLines(r: ScenarioEstimate): [string, string][] {
  const b = r.scenarioBonus;
  const p = r.projection;
  const out: [string, string][] = [];
  if (b.owed > 0n) out.push(["bonus owed", `${formatTokens(b.owed)} tokens  (due at the unlock, more than the pool held: owed by the chain, paid on a later claim if the pool refills)`]);
  if (b.unpaid > 0n) out.push(["bonus unpaid", `${formatTokens(b.unpaid)} tokens  (accrued, not paid by the period's end: claimable when the pool can pay)`]);
  out.push(["claims", `${b.claims} in the period, ${b.failedClaims} the pool could not cover` + (b.firstFailedNs === null ? "" : ` (the first ${timestampString(b.firstFailedNs)})`)]);
  out.push(["projection", `${p.cached ? "kept" : "new"} projection ${p.key.slice(0, 12)}…: ` +
    (p.poolDry ? `the pool runs dry in month ${p.poolDry.month} (${timestampString(p.poolDry.timeNs)}, ${p.poolDry.days} days after the genesis)` : "the pool lasts the horizon") +
    (p.failedTxs > 0 ? `; ${p.failedTxs} of the scenario's own txs failed` : "")]);
  return out;
}

/** A duration flag (decimal years or days) as whole seconds, truncated, in (0, 100 years]. */
function parsePeriod(core: Core, flag: string, text: string, unitSeconds: bigint): bigint {
  if (text.startsWith("-")) throw new UsageError(`--${flag} ${JSON.stringify(text)}: must not be negative`);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text)) throw new UsageError(`--${flag} ${JSON.stringify(text)}: not a number (digits, optionally with decimals)`);
  let raw: bigint;
  try {
    raw = core.dec.parse(text);
  } catch (e) {
    throw new UsageError(`--${flag} ${JSON.stringify(text)}: ${(e as Error).message}`);
  }
  const seconds = (raw * unitSeconds) / E18;
  if (seconds <= 0n) throw new UsageError(`--${flag} ${text}: must be at least one second`);
  if (seconds > MAX_SECONDS) throw new UsageError(`--${flag} ${text}: at most 100 years`);
  return seconds;
}

async function run(f: FlagValues<typeof FLAGS>): Promise<number> {
  if (f.amount === undefined) throw new UsageError("--amount TOKENS is required");
  if (f.tier === undefined) throw new UsageError("--tier N is required");
  if (f.years !== undefined && f.days !== undefined) throw new UsageError("give --years or --days, not both");
  const amount = parseTokens("amount", f.amount);
  if (amount === 0n) throw new UsageError("--amount 0: must be positive");
  const tierId = parseCount("tier", f.tier, { max: 0xffff_ffffn });

  const core = await loadCoreFromFile();
  const seconds =
    f.days !== undefined ? parsePeriod(core, "days", f.days, 86_400n) : parsePeriod(core, "years", f.years ?? "1", SECONDS_PER_YEAR);
  if (f.scenario !== undefined && (f.genesis !== undefined || f["target-rate"] !== undefined)) {
    throw new UsageError("--scenario gives the genesis and the base rate path: not with --genesis or --target-rate");
  }
  const projection = f.scenario === undefined ? undefined : await scenarioProjection(core, f.scenario, { cache: f["no-cache"] !== true });
  const path = projection && { genesis: projection.genesis, periods: projection.sim.rows.slice(1).map((row, i) => ({
    fromNs: projection.sim.rows[i]!.timeNs, toNs: row.timeNs, apy: row.baseApy ?? 0n,
  })) };
  const g = path?.genesis ?? validate(core, await genesisDoc(core, f.genesis), "genesis");
  const startNs = f.start === undefined ? g.genesisTimeNs : parseStart(f.start);
  if (path && startNs < g.genesisTimeNs) {
    throw new UsageError(`--start ${f.start}: before the scenario's genesis time ${timestampString(g.genesisTimeNs)}`);
  }
  const tier = g.tieredrewards.tiers.find((t) => BigInt(t.id) === tierId);
  if (!tier) {
    const ids = g.tieredrewards.tiers.map((t) => t.id).join(", ") || "none";
    throw new UsageError(`--tier ${tierId}: no such tier (the genesis has: ${ids})`);
  }
  if (tier.closeOnly) throw new UsageError(`--tier ${tierId}: the tier is close-only: no new positions`);
  if (amount < tier.minLockAmount) {
    throw new UsageError(`--amount ${f.amount}: below tier ${tierId}'s minimum lock of ${formatTokens(tier.minLockAmount)} tokens`);
  }
  const commission =
    f.commission !== undefined
      ? parseFraction(core, "commission", f.commission)
      : (g.staking.validators[0]?.commissionRate ?? 0n);
  const targetRate =
    f["target-rate"] !== undefined
      ? parseFraction(core, "target-rate", f["target-rate"])
      : g.tieredrewards.params.targetBaseRewardsRate;

  let r: Estimate;
  try {
    r = estimate(core, { amount, tier, seconds, commission, targetRate, exitNow: f["exit-now"], startNs,
      unbondingNs: g.staking.unbondingTimeNs, ...(path ? { ratePath: pathFrom(path.periods, startNs) } : {}),
    });
  } catch (e) {
    if (e instanceof RangeError && path) {
      throw new UsageError(`--scenario ${f.scenario}: its ${path.periods.length} months end before the period's base rewards do; give the scenario more months (or an earlier --start)`);
    }
    throw e;
  }
  if (projection) {
    const endNs = r.startNs + r.seconds * 1_000_000_000n;
    const exitAtEnd = r.unlockNs !== null && r.unlockNs <= endNs;
    const bonus = scenarioBonus(core, projection, { amount, tierId: tier.id, startNs, bonusEndNs: exitAtEnd ? r.unlockNs! : endNs, exitAtEnd });
    const total = r.base + bonus.paid;
    const scenarioResult: ScenarioEstimate = {
      ...r, promisedBonus: r.bonus, bonus: bonus.paid, total, effectiveApy: (total * E18 * SECONDS_PER_YEAR) / (r.amount * r.seconds),
      scenarioBonus: bonus, projection: { key: projection.key, cached: projection.cached, failedTxs: projection.sim.failures.length, poolDry: projection.sim.poolDry },
    };
    if (f.json) process.stdout.write(JSON.stringify(estimateJson(core, scenarioResult), null, 2) + "\n");
    else process.stdout.write(renderEstimate(scenarioResult) + "\n");
    return 0;
  }
  if (f.json) process.stdout.write(JSON.stringify(estimateJson(core, r), null, 2) + "\n");
  else process.stdout.write(renderEstimate(r) + "\n");
  return 0;
}

/** `--start`: RFC 3339, or a bare date at midnight UTC. */
function parseStart(text: string): bigint {
  const full = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text;
  try {
    return parseTimestamp(full);
  } catch (e) {
    throw new UsageError(`--start ${JSON.stringify(text)}: ${(e as Error).message} (RFC 3339, e.g. 2027-03-01T12:00:00Z, or 2027-03-01)`);
  }
}

export const estimateCommand = flagCommand({
  summary: "estimate a tier position's base and bonus rewards over a period",
  usage: "npm run estimate -- --amount TOKENS --tier N [--years Y | --days D] [--start TIME] [--scenario FILE] [flags]",
  about: [
    "Estimate what a tier position earns over a period: base rewards (the target rate on its tokens",
    "as the rewards pool's top-up holds it, after commission) plus the tier's bonus, computed by the",
    "core's bonus function (shares x tokens per share x bonus APY x whole seconds / 31,557,600,",
    "truncated). Without --exit-now the tokens stay staked the whole period. With --exit-now exit is",
    "triggered at entry and the holder undelegates at the unlock: bonus and base rewards stop there,",
    "the tokens unbond for the chain's unbonding time (28 days) earning nothing. Assumes the pool can",
    "pay throughout (see `npm run simulate`); with --scenario FILE the position is priced on that",
    "scenario's projection: base rewards at the base APY the chain paid month by month, the bonus as the",
    "scenario's pool pays it on its claims (paid, owed at the exit, or unpaid), beside the tier's promise.",
    "The position starts at --start, else at the start of the chain state priced: the genesis time (the",
    "dashboard's calculator starts at the chain's latest block, the same rule).",
  ],
  notes: [
    "--json gives exact values: amounts in base units, rates as 18-decimal Dec strings, seconds.",
  ],
  flags: FLAGS,
  run,
});


