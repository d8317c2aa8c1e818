// The scenario of `simulate`: one JSON document, every field defaulted, `--set path=value`
// overrides written into the document before it is validated. Validation names the field path
// (`cohorts[1].amount: ...`), as the genesis's ValidationError does.
//
// Times are months of the chain: floor(blocks_per_year / 12) blocks, as the core's decay counts
// them. An event "at month m" is delivered in the first block after month m: height
// m x blocks_per_month + 1 (month 0: block 1).
//
// Amounts are tokens as decimal strings (up to 8 decimals, 1 token = 10^8 base units); rates and
// ratios are decimal strings parsed by the core's Dec parser. Nothing here is a float.

import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { ValidationError } from "../errors.js";
import { mergeJson, type Json } from "../app/genesis.js";
import { parseGoDuration } from "../config.js";
import { oneLine } from "../flags.js";
import { parseDocument } from "yaml";
import { Problems, jsonSyntaxErrors } from "./scenario-errors.js";

const E18 = 10n ** 18n;
const UNITS_PER_TOKEN = 10n ** 8n;
export const MAX_MONTHS = 1200;
/** At most this many validators in a scenario's set. */
export const MAX_VALIDATORS = 1000;

export interface DecParser {
  parse(text: string): bigint;
}

export interface Phase {
  name: string;
  month: number;
  /** Base units moved from the reserve into the rewards pool at the start of each month of the phase. */
  revenuePerMonth: bigint;
}

export interface Cohort {
  month: number;
  tier: number;
  /** Base units locked. */
  amount: bigint;
  /** Index into the genesis's validators. */
  validator: number;
  /** "never", "at_entry" (trigger_exit_immediately), or the month the exit is triggered. */
  exit: "never" | "at_entry" | number;
  /** At the unlock: stay delegated in the tier (no bonus), or undelegate (28 days, then withdraw). */
  onUnlock: "stay" | "undelegate";
}

export type GovChange =
  | { month: number; kind: "target_rate"; rate: bigint }
  | { month: number; kind: "tier_apy"; tier: number; bonusApy: bigint };

export interface Scenario {
  /** A genesis file laid over the default genesis (resolved against the scenario file's folder). */
  genesis: string | null;
  /** A JSON object laid over the genesis (mergeJson): launch supply, inflation, cap, burn addresses... */
  genesisOverride: Json | null;
  months: number;
  /** Block interval (ns); blocks_per_year = floor(31557600 s / block time). null: the genesis's. */
  blockTimeNs: bigint | null;
  /** Initial TargetBaseRewardsRate (raw Dec); null: the genesis's. */
  targetRate: bigint | null;
  /** The rewards pool's starting balance (base units), moved from or to the reserve; null: the genesis's. */
  poolReserve: bigint | null;
  /** One-off transfers from the reserve into the pool. */
  inflows: { month: number; amount: bigint }[];
  /** The spec's phases, by start month (sorted); revenue inflows per month while each lasts. */
  phases: Phase[];
  fees: { perYear: bigint; growth: bigint; paymentsPerMonth: number };
  /** The reserve delegates (or undelegates what it delegated) to reach the ratio at the month. */
  bondedRatio: { month: number; ratio: bigint }[];
  cohorts: Cohort[];
  claims: { everyMonths: number };
  /**
   * Who the phases' revenue serves first once the pool is short (docs/economics.md): "pool" (the
   * default) deposits it at the month's start as its own tx, where the next blocks' top-ups draw on
   * it before the next claim; "revenue_first" deposits a claim month's revenue in the claim's own
   * tx, before the claim, so the claim is paid from it first and the top-ups get the rest.
   */
  bonusFunding: "pool" | "revenue_first";
  governance: GovChange[];
  /**
   * The validator set, instead of the genesis's: `count` validators, the genesis's first ones kept,
   * the rest new operators funded from the reserve with `selfDelegation` each; commissions cycle
   * through `commissions` (raw Decs) by validator index. null: the genesis's validators.
   */
  validators: { count: number; commissions: bigint[]; selfDelegation: bigint | null } | null;
  /**
   * A running chain's state to start from instead of the genesis's (the dashboard's "now"): its
   * latest block's time, its height (the inflation then, decaying on as the chain's) and its total
   * supply (the reserve's balance made up to it). null: the genesis's.
   */
  start: { time: string | null; height: bigint | null; supply: bigint | null } | null;
  /** The whole document this scenario was parsed from (every default filled in): its provenance hashes it. */
  source: Json;
}

/** The default scenario document: every field, shown by `simulate --print-scenario`. */
export function defaultScenarioJson(): { [key: string]: Json } {
  return {
    genesis: null,
    genesis_override: null,
    months: 60,
    block_time: null,
    target_rate: null,
    pool: { reserve: null, inflows: [] },
    phases: [{ name: "reserve", month: 0, revenue_per_month: "0" }],
    fees: { per_year: "0", growth: "0", payments_per_month: 30 },
    bonded_ratio: [],
    cohorts: [],
    claims: { every_months: 1 },
    bonus_funding: "pool",
    governance: [],
    validators: null,
    start: null,
  };
}

type Obj = { [key: string]: Json };

function isObject(v: Json | undefined): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function fail(reason: string, path: string): never {
  throw new ValidationError(reason, path);
}

/** An object with only these keys; each unknown field is a problem of its own (into `problems`, when given). */
function object(v: Json | undefined, path: string, keys: readonly string[], problems?: Problems): Obj {
  if (!isObject(v)) fail(`expected an object, got ${kindOf(v)}`, path);
  for (const k of Object.keys(v)) {
    if (keys.includes(k)) continue;
    const check = () => fail(`unknown field (known: ${keys.join(", ")})`, path ? `${path}.${k}` : k);
    if (problems) problems.take(check, undefined);
    else check();
  }
  return v;
}

function kindOf(v: Json | undefined): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return `a ${typeof v} (${JSON.stringify(v)})`;
}

function array(v: Json | undefined, path: string): Json[] {
  if (!Array.isArray(v)) fail(`expected an array, got ${kindOf(v)}`, path);
  return v;
}

function integer(v: Json | undefined, path: string, min: number, max: number): number {
  if (typeof v === "string" && /^[0-9]{1,15}$/.test(v)) v = Number(v); // --set months=24 keeps its text
  if (typeof v !== "number" || !Number.isSafeInteger(v)) fail(`expected an integer, got ${kindOf(v)}`, path);
  if (v < min || v > max) fail(`must be between ${min} and ${max}, got ${v}`, path);
  return v;
}

function tokens(v: Json | undefined, path: string): bigint {
  if (typeof v !== "string") fail(`expected a token amount as a string (e.g. "1000000" or "1.5"), got ${kindOf(v)}`, path);
  const m = /^([0-9]+)(?:\.([0-9]{1,8}))?$/.exec(v);
  if (!m) fail(`not a token amount: ${JSON.stringify(v)} (digits, up to 8 decimals, not negative)`, path);
  const units = BigInt(m[1]!) * UNITS_PER_TOKEN + BigInt((m[2] ?? "").padEnd(8, "0"));
  if (units >= 1n << 127n) fail(`too large: ${v}`, path);
  return units;
}

function decimal(v: Json | undefined, path: string, dec: DecParser, max: bigint | null): bigint {
  if (typeof v !== "string") fail(`expected a decimal as a string (e.g. "0.03"), got ${kindOf(v)}`, path);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(v)) fail(`not a non-negative decimal: ${JSON.stringify(v)}`, path);
  let raw: bigint;
  try {
    raw = dec.parse(v);
  } catch (e) {
    fail(`${(e as Error).message}: ${JSON.stringify(v)}`, path);
  }
  if (max !== null && raw > max) fail(`must be at most ${max / E18}, got ${v}`, path);
  return raw;
}

/**
 * Validate a scenario document (defaults filled in) into a Scenario; every problem is collected
 * and thrown together (a ScenarioErrors, a ValidationError naming each field; host/scenario/scenario-errors.ts).
 */
export function parseScenario(doc: Json, dec: DecParser): Scenario {
  const d = mergeDefaults(doc);
  const P = new Problems();
  const take = <T>(check: () => T, fallback: T) => P.take(check, fallback);
  const top = take(() => object(d, "", Object.keys(defaultScenarioJson()), P), d as Obj);
  const months = take(() => integer(top.months, "months", 1, MAX_MONTHS), MAX_MONTHS);
  const month = (v: Json | undefined, path: string) => take(() => integer(v, path, 0, months), 0);
  /** Each element of an array field, each checked on its own. */
  const each = <T>(v: Json | undefined, path: string, f: (x: Json, p: string) => T): T[] =>
    take(() => array(v, path), []).map((x, i) => f(x, `${path}[${i}]`));
  const obj = (v: Json | undefined, path: string, keys: readonly string[]): Obj => take(() => object(v, path, keys, P), {});

  const genesis = take(() => (top.genesis === null ? null : typeof top.genesis === "string" && top.genesis !== "" ? top.genesis : fail(`expected a file name or null, got ${kindOf(top.genesis)}`, "genesis")), null);
  const genesisOverride = take(() => (top.genesis_override === null ? null : isObject(top.genesis_override) ? top.genesis_override : fail(`expected an object or null, got ${kindOf(top.genesis_override)}`, "genesis_override")), null);

  const blockTimeNs = take((): bigint | null => {
    if (top.block_time === null) return null;
    if (typeof top.block_time !== "string") fail(`expected a duration such as "5s" or "1h", got ${kindOf(top.block_time)}`, "block_time");
    let ns: bigint;
    try {
      ns = parseGoDuration(top.block_time);
    } catch (e) {
      fail((e as Error).message, "block_time");
    }
    if (ns <= 0n) fail("must be positive", "block_time");
    if ((31_557_600n * 1_000_000_000n) / ns < 12n) fail("at most a month (a year must have at least 12 blocks)", "block_time");
    return ns;
  }, null);
  const targetRate = take(() => (top.target_rate === null ? null : decimal(top.target_rate, "target_rate", dec, E18)), null);

  const pool = obj(top.pool, "pool", ["reserve", "inflows"]);
  const poolReserve = take(() => (pool.reserve === null || pool.reserve === undefined ? null : tokens(pool.reserve, "pool.reserve")), null);
  const inflows = each(pool.inflows ?? [], "pool.inflows", (x, p) => {
    const o = obj(x, p, ["month", "amount"]);
    return { month: month(o.month, `${p}.month`), amount: take(() => tokens(o.amount, `${p}.amount`), 0n) };
  });

  const phases = each(top.phases, "phases", (x, p): Phase => {
    const o = obj(x, p, ["name", "month", "revenue_per_month"]);
    const name = take(() => (typeof o.name !== "string" || o.name === "" ? fail(`expected a name, got ${kindOf(o.name)}`, `${p}.name`) : o.name), "");
    return { name, month: month(o.month, `${p}.month`), revenuePerMonth: take(() => tokens(o.revenue_per_month ?? "0", `${p}.revenue_per_month`), 0n) };
  });
  for (let i = 1; i < phases.length; i++) {
    if (phases[i]!.month <= phases[i - 1]!.month) take(() => fail("phases must start at increasing months", `phases[${i}].month`), undefined);
  }

  const f = obj(top.fees, "fees", ["per_year", "growth", "payments_per_month"]);
  const fees = {
    perYear: take(() => tokens(f.per_year ?? "0", "fees.per_year"), 0n),
    growth: take(() => decimal(f.growth ?? "0", "fees.growth", dec, 100n * E18), 0n),
    paymentsPerMonth: take(() => integer(f.payments_per_month ?? 30, "fees.payments_per_month", 1, 1_000_000), 1),
  };

  const bondedRatio = each(top.bonded_ratio, "bonded_ratio", (x, p) => {
    const o = obj(x, p, ["month", "ratio"]);
    return { month: month(o.month, `${p}.month`), ratio: take(() => decimal(o.ratio, `${p}.ratio`, dec, E18), 0n) };
  });

  const cohorts = each(top.cohorts, "cohorts", (x, p): Cohort => {
    const o = obj(x, p, ["month", "tier", "amount", "validator", "exit", "on_unlock"]);
    const m = month(o.month ?? 0, `${p}.month`);
    const exit = take((): Cohort["exit"] => {
      if (o.exit === undefined || o.exit === "never") return "never";
      if (o.exit === "at_entry") return "at_entry";
      if (typeof o.exit === "number") return integer(o.exit, `${p}.exit`, m, months);
      fail(`expected "never", "at_entry" or a month number, got ${kindOf(o.exit)}`, `${p}.exit`);
    }, "never");
    const onUnlock = o.on_unlock ?? "stay";
    if (onUnlock !== "stay" && onUnlock !== "undelegate") take(() => fail(`expected "stay" or "undelegate", got ${kindOf(onUnlock)}`, `${p}.on_unlock`), undefined);
    const amount = take(() => {
      const a = tokens(o.amount, `${p}.amount`);
      return a === 0n ? fail("must be positive", `${p}.amount`) : a;
    }, 1n);
    return {
      month: m,
      tier: take(() => integer(o.tier, `${p}.tier`, 1, 0xffff_ffff), 1),
      amount,
      validator: take(() => integer(o.validator ?? 0, `${p}.validator`, 0, 10_000), 0),
      exit,
      onUnlock: onUnlock === "undelegate" ? "undelegate" : "stay",
    };
  });

  const c = obj(top.claims, "claims", ["every_months"]);
  const claims = { everyMonths: take(() => integer(c.every_months ?? 1, "claims.every_months", 0, MAX_MONTHS), 1) };

  const bonusFunding = top.bonus_funding ?? "pool";
  if (bonusFunding !== "pool" && bonusFunding !== "revenue_first") take(() => fail(`expected "pool" or "revenue_first", got ${kindOf(bonusFunding)}`, "bonus_funding"), undefined);

  const governance = each(top.governance, "governance", (x, p): GovChange => {
    const o = obj(x, p, ["month", "target_rate", "tier", "bonus_apy"]);
    const m = month(o.month, `${p}.month`);
    return take((): GovChange => {
      if (o.target_rate !== undefined) {
        if (o.tier !== undefined || o.bonus_apy !== undefined) fail("one change per entry: target_rate, or tier with bonus_apy", p);
        return { month: m, kind: "target_rate", rate: decimal(o.target_rate, `${p}.target_rate`, dec, E18) };
      }
      if (o.tier === undefined || o.bonus_apy === undefined) fail("expected target_rate, or tier and bonus_apy", p);
      const tier = take(() => integer(o.tier, `${p}.tier`, 1, 0xffff_ffff), 1);
      return { month: m, kind: "tier_apy", tier, bonusApy: decimal(o.bonus_apy, `${p}.bonus_apy`, dec, null) };
    }, { month: m, kind: "target_rate", rate: 0n });
  });

  const validators = take(() => parseValidators(top.validators, dec), null);
  const start = take(() => parseStart(top.start), null);
  P.done();
  return {
    genesis, genesisOverride, months, blockTimeNs, targetRate, poolReserve, inflows, phases, fees, bondedRatio, cohorts, claims,
    bonusFunding: bonusFunding === "revenue_first" ? "revenue_first" : "pool", governance, validators, start,
    source: mergeJson(defaultScenarioJson(), doc),
  };
}

/** `start: {time, height, supply}` or null (each field optional). */
function parseStart(v: Json | undefined): Scenario["start"] {
  if (v === null || v === undefined) return null;
  const o = object(v, "start", ["time", "height", "supply"]);
  let time: string | null = null;
  if (o.time !== undefined && o.time !== null) {
    if (typeof o.time !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/.test(o.time)) {
      fail(`expected an RFC 3339 UTC time such as "2027-01-01T00:00:00Z", got ${kindOf(o.time)}`, "start.time");
    }
    time = o.time;
  }
  let height: bigint | null = null;
  if (o.height !== undefined && o.height !== null) {
    const h = typeof o.height === "number" && Number.isSafeInteger(o.height) ? `${o.height}` : o.height;
    if (typeof h !== "string" || !/^[0-9]{1,19}$/.test(h)) fail(`expected a block height, got ${kindOf(o.height)}`, "start.height");
    height = BigInt(h);
  }
  const supply = o.supply === undefined || o.supply === null ? null : tokens(o.supply, "start.supply");
  return { time, height, supply };
}

/** The document with every top-level field and every nested object's fields defaulted. */
function mergeDefaults(doc: Json): Json {
  if (!isObject(doc)) fail(`a scenario is a JSON object, got ${kindOf(doc)}`, "");
  const d = defaultScenarioJson();
  const out: Obj = { ...d };
  for (const [k, v] of Object.entries(doc)) {
    const def = d[k];
    out[k] = isObject(def) && isObject(v) ? { ...def, ...v } : v;
  }
  return out;
}

/**
 * `--set key=value`: the key a dotted path (`fees.per_year`, `cohorts[0].amount` or
 * `cohorts.0.amount`), the value JSON if it parses as JSON, else the text itself; a bare number
 * stays text ("0.05", "100000000": exact, never a float), integers fields accept digit strings.
 * Writes into a copy.
 */
export function applySet(doc: Json, assignment: string): Json {
  const eq = assignment.indexOf("=");
  if (eq <= 0) throw new ValidationError(`expected key=value, got ${JSON.stringify(assignment)}`, "--set");
  const key = assignment.slice(0, eq);
  const text = assignment.slice(eq + 1);
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    value = text;
  }
  if (typeof value === "number") value = text;
  const parts = key.replace(/\[(\d+)\]/g, ".$1").split(".");
  if (parts.some((p) => p === "")) throw new ValidationError(`bad key ${JSON.stringify(key)}`, "--set");
  const root = mergeDefaults(structuredClone(doc)) as Obj;
  let cur: Json = root;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const last = i === parts.length - 1;
    const at = parts.slice(0, i + 1).join(".");
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(part)) throw new ValidationError(`${JSON.stringify(part)} is not an index of an array`, at);
      const idx = Number(part);
      if (idx > cur.length) throw new ValidationError(`index ${idx} past the end (length ${cur.length})`, at);
      if (last) cur[idx] = value;
      else {
        if (cur[idx] === undefined || cur[idx] === null) cur[idx] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
        cur = cur[idx]!;
      }
    } else if (isObject(cur)) {
      if (last) cur[part] = value;
      else {
        if (cur[part] === undefined || cur[part] === null) cur[part] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
        cur = cur[part]!;
      }
    } else {
      throw new ValidationError(`cannot set a field inside ${kindOf(cur)}`, at);
    }
  }
  return root;
}

/**
 * A scenario file: JSON, or YAML when it ends in `.yaml`/`.yml` (the `yaml` package, YAML 1.2's
 * core schema). Relative `genesis` paths are resolved against the file's folder. A YAML number
 * with a fraction or beyond 2^53 is refused, naming its path: amounts and rates are decimal
 * strings (`amount: "1000.5"`), never floats.
 */
export async function readScenarioDoc(file: string): Promise<Json> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new ValidationError(`cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, file);
  }
  let doc: Json;
  if (/\.ya?ml$/i.test(file)) {
    const y = parseDocument(text, { schema: "core", prettyErrors: true });
    if (y.errors.length > 0) {
      throw new ValidationError(`not YAML:\n${y.errors.map((e) => `  ${file}:${e.linePos?.[0] ? `${e.linePos[0].line}:${e.linePos[0].col}: ` : ""}${oneLine(e.message.split("\n")[0]!)}`).join("\n")}`, file);
    }
    doc = y.toJS() as Json;
    const floats = new Problems();
    refuseFloats(doc, "", floats);
    floats.done();
  } else {
    const errors = jsonSyntaxErrors(text);
    if (errors.length > 0) {
      throw new ValidationError(`not JSON:\n${errors.map((e) => `  ${file}:${e.position.line}:${e.position.column}: ${e.reason}`).join("\n")}`, file);
    }
    doc = JSON.parse(text) as Json;
  }
  if (isObject(doc) && typeof doc.genesis === "string" && doc.genesis !== "") {
    doc = { ...doc, genesis: resolve(dirname(file), doc.genesis) };
  }
  return doc;
}

/** YAML numbers must be safe integers (months, tier ids, counts); a decimal is written as a string. */
function refuseFloats(v: unknown, path: string, problems: Problems): void {
  if (typeof v === "number" && !Number.isSafeInteger(v)) {
    problems.take(() => fail(`${v} is not an integer: write decimals (amounts, rates) as strings, e.g. "${v}"`, path), undefined);
  }
  if (Array.isArray(v)) v.forEach((x, i) => refuseFloats(x, `${path}[${i}]`, problems));
  else if (v !== null && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) refuseFloats(x, path === "" ? k : `${path}.${k}`, problems);
  }
}

/** `validators: {count, commissions, self_delegation}` or null. */
function parseValidators(v: Json | undefined, dec: DecParser): Scenario["validators"] {
  if (v === null || v === undefined) return null;
  const o = object(v, "validators", ["count", "commissions", "self_delegation"]);
  const count = integer(o.count, "validators.count", 1, MAX_VALIDATORS);
  const commissions = o.commissions === undefined
    ? []
    : array(o.commissions, "validators.commissions").map((c, i) => decimal(c, `validators.commissions[${i}]`, dec, E18));
  const selfDelegation = o.self_delegation === undefined || o.self_delegation === null ? null : tokens(o.self_delegation, "validators.self_delegation");
  if (selfDelegation === 0n) fail("must be positive", "validators.self_delegation");
  return { count, commissions, selfDelegation };
}
