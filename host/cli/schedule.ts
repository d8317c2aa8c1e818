// `schedule`: the emission schedule (spec §1's inflation decay table) computed by the core.
//
// The core runs every block: the first simulated block (height 1) is the decay epoch and month 0;
// month m is the block at height 1 + m * blocksPerMonth, blocksPerMonth = floor(blocksPerYear /
// 12) as the core (and the reference) count it. Each block mints its provision, capped, into the
// total supply, so the provisions of a later month are on the supply that earlier blocks grew.
// Nothing here is a float formula: the host only reads the core's state and formats bigints.

import type { Core } from "../core/core.js";
import { CoreError } from "../core/errors.js";
import { Emission, DEFAULT_EMISSION_PARAMS, type EmissionParams } from "../core/emission.js";
import { loadCoreFromFile } from "../core/node.js";
import {
  UNITS_PER_TOKEN, UsageError, decPercent, flagCommand, groupThousands, parseCount, parseTokens, wholeTokens,
  wholeTokensOfDec, type FlagSpecs, type FlagValues,
} from "./common.js";
import { Progress } from "../scenario/progress.js";
import { decShort } from "../scenario/numbers.js";

export { decShort };

const U64_MAX = (1n << 64n) - 1n;
const E18 = 10n ** 18n;
/** Decimals of the percentage column (truncated). */
const PERCENT_PLACES = 6;

/** The launch supply of spec §1: about 98.5 billion tokens. */
export const DEFAULT_LAUNCH_SUPPLY = 98_500_000_000n * UNITS_PER_TOKEN;

const D = DEFAULT_EMISSION_PARAMS;

/** The longest schedule: 100 years. */
const MAX_MONTHS = 1200n;

const FLAGS = {
  months: { type: "string", value: "N", default: "60", description: "last month of the schedule (at most 1200: 100 years)" },
  step: { type: "string", value: "N", default: "6", description: "months between rows" },
  supply: {
    type: "string",
    value: "TOKENS",
    default: String(DEFAULT_LAUNCH_SUPPLY / UNITS_PER_TOKEN),
    description: "total supply before the first block, in tokens (up to 8 decimals)",
  },
  "base-rate": {
    type: "string",
    value: "DEC",
    default: decShort(D.baseRate),
    description: "inflation rate before decay, a decimal fraction in [0, 1]",
  },
  decay: {
    type: "string",
    value: "DEC",
    default: decShort(D.decayRate),
    description: "monthly decay of the rate, a decimal fraction in [0, 1]",
  },
  "blocks-per-year": {
    type: "string",
    value: "N",
    default: String(D.blocksPerYear),
    description: "blocks a year, at least 12 (a month is floor(N / 12) blocks)",
  },
  "max-supply": {
    type: "string",
    value: "TOKENS",
    default: String(D.maxSupply / UNITS_PER_TOKEN),
    description: "cap on circulating supply, in tokens; 0 = no cap",
  },
  json: { type: "boolean", description: "print the rows as JSON with exact values" },
} satisfies FlagSpecs;

/** The inputs of a schedule. */
export interface ScheduleOptions {
  /** Last month (rows at 0, every `step` months, and `months`). */
  months: bigint;
  step: bigint;
  /** Total supply before the first block, base units. */
  supply: bigint;
  /** Emission parameters; the decay epoch is forced to height 1. */
  params: Omit<EmissionParams, "decayEpochStart">;
}

export interface ScheduleRow {
  month: bigint;
  height: bigint;
  /** Inflation of the block, raw Dec. */
  rate: bigint;
  /** Annual provisions of the block (rate x supply before it), raw Dec of base units. */
  annualProvisions: bigint;
  /** Total supply after the block, base units. */
  totalSupply: bigint;
}

/** Blocks in a month, as the core counts them. */
export function blocksPerMonth(blocksPerYear: bigint): bigint {
  return blocksPerYear / 12n;
}

/** The most blocks one `advance` call runs (about a second of core time). */
const MAX_CHUNK = 2_000_000n;

/**
 * Run the schedule in the core: one block to the epoch (month 0), then one `advance` call per
 * month (split at MAX_CHUNK blocks). `onMonth(m)` is called before each call: month m is being
 * simulated.
 */
export function simulate(
  core: Core,
  opts: ScheduleOptions,
  onMonth?: (month: bigint) => void,
): ScheduleRow[] {
  const emission = new Emission(core);
  emission.configure({ ...opts.params, decayEpochStart: 1n });
  emission.setState({ height: 0n, totalSupply: opts.supply, burned: 0n });
  const perMonth = blocksPerMonth(opts.params.blocksPerYear);
  const rows: ScheduleRow[] = [];
  const push = (month: bigint) => {
    const o = emission.last();
    rows.push({
      month,
      height: o.height,
      rate: o.rate,
      annualProvisions: o.annualProvisions,
      totalSupply: o.totalSupply,
    });
  };
  emission.advance(1n);
  push(0n);
  for (let m = 1n; m <= opts.months; m++) {
    // One call per month; a month longer than MAX_CHUNK blocks is split so progress keeps moving.
    for (let left = perMonth; left > 0n; ) {
      const n = left < MAX_CHUNK ? left : MAX_CHUNK;
      onMonth?.(m);
      emission.advance(n);
      left -= n;
    }
    if (m % opts.step === 0n || m === opts.months) push(m);
  }
  return rows;
}

/** The exact rows of --json. */
export function rowsJson(core: Core, rows: ScheduleRow[]): object[] {
  return rows.map((r) => ({
    month: r.month.toString(),
    height: r.height.toString(),
    inflation: core.dec.format(r.rate),
    annual_provisions: core.dec.format(r.annualProvisions),
    total_supply: r.totalSupply.toString(),
  }));
}

/** The human table. */
export function renderTable(opts: ScheduleOptions, rows: ScheduleRow[]): string {
  const p = opts.params;
  const perMonth = blocksPerMonth(p.blocksPerYear);
  const cap = p.maxSupply === 0n ? "none" : `${formatTokens(p.maxSupply)} tokens`;
  const head = [
    `Emission schedule: launch supply ${formatTokens(opts.supply)} tokens, base rate ${decShort(p.baseRate)},`,
    `decay ${decShort(p.decayRate)}/month, ${groupThousands(p.blocksPerYear)} blocks/year ` +
      `(${groupThousands(perMonth)} blocks/month), cap ${cap}; decay epoch = height 1 = month 0.`,
    "",
  ];
  const header = ["month", "height", "inflation", "annual provisions (tokens/yr)", "total supply (tokens)"];
  const body = rows.map((r) => [
    r.month.toString(),
    groupThousands(r.height),
    `${decPercent(r.rate, PERCENT_PLACES)}%`,
    groupThousands(wholeTokensOfDec(r.annualProvisions)),
    groupThousands(wholeTokens(r.totalSupply)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join("  ");
  return [...head, line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

/** A token amount: whole tokens grouped, plus the fraction when there is one. */
export function formatTokens(units: bigint): string {
  const whole = groupThousands(units / UNITS_PER_TOKEN);
  const frac = (units % UNITS_PER_TOKEN).toString().padStart(8, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : whole;
}

/** A decimal-fraction flag parsed exactly by the core, in [0, 1]. */
export function parseFraction(core: Core, flag: string, text: string): bigint {
  if (text.startsWith("-")) throw new UsageError(`--${flag} ${JSON.stringify(text)}: must not be negative`);
  let raw: bigint;
  try {
    raw = core.dec.parse(text);
  } catch (e) {
    if (e instanceof CoreError) throw new UsageError(`--${flag} ${JSON.stringify(text)}: ${e.message}`);
    throw e;
  }
  if (raw > E18) throw new UsageError(`--${flag} ${text}: must be between 0 and 1 inclusive`);
  return raw;
}

async function run(f: FlagValues<typeof FLAGS>): Promise<number> {
  // 100 years take about two minutes of core time; a longer run is more likely a typo.
  const months = parseCount("months", f.months, { max: MAX_MONTHS });
  const step = parseCount("step", f.step, { min: 1n });
  const supply = parseTokens("supply", f.supply);
  const maxSupply = parseTokens("max-supply", f["max-supply"]);
  const blocksPerYear = parseCount("blocks-per-year", f["blocks-per-year"], { min: 12n, max: U64_MAX });
  const perMonth = blocksPerMonth(blocksPerYear);
  if (1n + months * perMonth > U64_MAX) {
    throw new UsageError(`--months ${months}: the last height would exceed 2^64 - 1 at ${blocksPerYear} blocks/year`);
  }

  const core = await loadCoreFromFile();
  const opts: ScheduleOptions = {
    months,
    step,
    supply,
    params: {
      ...DEFAULT_EMISSION_PARAMS,
      baseRate: parseFraction(core, "base-rate", f["base-rate"]),
      decayRate: parseFraction(core, "decay", f.decay),
      maxSupply,
      blocksPerYear,
    },
  };

  const progress = new Progress(process.stderr);
  let rows: ScheduleRow[];
  try {
    rows = simulate(core, opts, (m) => progress.update(`simulating month ${m}/${months} …`));
  } catch (e) {
    // A core error here comes from the flags' values (e.g. a supply whose provisions overflow).
    if (e instanceof CoreError) throw new UsageError(`the core stopped the simulation: ${e.message}`);
    throw e;
  } finally {
    progress.done();
  }

  if (f.json) {
    process.stdout.write(JSON.stringify(rowsJson(core, rows), null, 2) + "\n");
  } else {
    process.stdout.write(renderTable(opts, rows) + "\n");
  }
  return 0;
}

export const schedule = flagCommand({
  summary: "print the emission schedule (inflation rate, annual provisions, supply by month)",
  usage: "host/cli.ts schedule [flags]",
  about: [
    "Print the emission schedule: inflation rate, annual provisions and total supply at month 0",
    "(the decay epoch, height 1), every STEP months, and month MONTHS. The core simulates every",
    "block; each block mints its provision (capped) into the total supply.",
  ],
  notes: [
    "Columns: month, height of the month's first block, inflation rate of that block (percent,",
    `${PERCENT_PLACES} decimals, truncated), its annual provisions and the total supply after it`,
    "(whole tokens, truncated). --json gives exact values: inflation and annual_provisions as",
    "18-decimal Dec strings (annual_provisions in base units), total_supply in base units.",
  ],
  flags: FLAGS,
  run,
});
