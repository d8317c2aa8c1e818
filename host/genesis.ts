// Genesis of the emission chain: the embedded default, the JSON shape (Cosmos-like: `chain_id`,
// `genesis_time`, `app_state.{bank,mint,inflation}`), and its validation with the reference's
// rules and messages (REFERENCE §2.1, §2.6; SDK x/mint and x/bank for their parts).
//
// Decimals are parsed by the core (exactly, never through a float); amounts are bigints parsed
// from strings, and a JSON number is refused wherever an amount or a rate is expected.

import { readFile } from "node:fs/promises";
import { accountAddressBytes } from "./address.js";
import { ValidationError } from "./errors.js";
import type { EmissionParams, EmissionState } from "./core/emission.js";
import { decString, parseTimestamp } from "./server/gateway.js";

/** Bech32 prefix of account addresses (REFERENCE §1). */
export const ACCOUNT_PREFIX = "cro";

/** What parses decimal text into a raw Dec: the core's `core.dec`. */
export interface DecParser {
  parse(text: string): bigint;
}

export interface Coin {
  denom: string;
  amount: bigint;
}

/** x/mint params. Decs are raw (value x 10^18). */
export interface MintParams {
  mintDenom: string;
  inflationRateChange: bigint;
  inflationMax: bigint;
  inflationMin: bigint;
  goalBonded: bigint;
  blocksPerYear: bigint;
}

/** x/inflation params (REFERENCE §2.1). */
export interface InflationParams {
  /** Cap on circulating supply in base units; 0 = unlimited. */
  maxSupply: bigint;
  burnedAddresses: string[];
  /** Monthly decay, raw Dec in [0, 1]. */
  decayRate: bigint;
}

/** A validated genesis. */
export interface Genesis {
  chainId: string;
  /** Nanoseconds since the Unix epoch. */
  genesisTimeNs: bigint;
  bank: {
    /** Total supply by denom, sorted by denom; holds the bond denom. */
    supply: Coin[];
    /** Bond-denom balance held by the burned addresses, in total (part of the supply). */
    burnedBalance: bigint;
  };
  mint: { params: MintParams };
  inflation: { params: InflationParams; decayEpochStart: bigint };
}

/**
 * The default genesis: the reference chain's v7 emission values (1 % base rate pinned by
 * inflation_min = inflation_max, 6.8 % monthly decay from block 1, a 100 B CRO cap) on a
 * 98.5 B CRO launch supply, at a fixed genesis time so that every run is the same.
 */
export function defaultGenesisJson(): GenesisJson {
  return {
    chain_id: "chainmain-local",
    genesis_time: "2026-01-01T00:00:00Z",
    app_state: {
      bank: {
        supply: [{ denom: "basecro", amount: "9850000000000000000" }],
        burned_balance: "0",
      },
      mint: {
        params: {
          mint_denom: "basecro",
          inflation_rate_change: "0.000000000000000000",
          inflation_max: "0.010000000000000000",
          inflation_min: "0.010000000000000000",
          goal_bonded: "0.670000000000000000",
          blocks_per_year: "6311520",
        },
      },
      inflation: {
        params: {
          max_supply: "10000000000000000000",
          burned_addresses: ["cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv"],
          decay_rate: "0.068000000000000000",
        },
        decay_epoch_start: "1",
      },
    },
  };
}

/** JSON values as they come out of JSON.parse. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type GenesisJson = { [key: string]: Json };

/**
 * `override` laid over `base`: objects merge key by key, anything else (arrays included) is
 * replaced. A `null` replaces too, and then fails validation like a missing required field.
 */
export function mergeJson(base: Json, override: Json): Json {
  if (isObject(base) && isObject(override)) {
    const out: { [key: string]: Json } = { ...base };
    for (const [k, v] of Object.entries(override)) out[k] = k in base ? mergeJson(base[k], v) : v;
    return out;
  }
  return override;
}

/** The default genesis with `override`'s fields laid over it, validated. */
export function genesisWithOverride(override: Json, dec: DecParser): Genesis {
  if (!isObject(override)) throw new ValidationError("must be a JSON object", "genesis");
  return parseGenesis(mergeJson(defaultGenesisJson(), override), dec);
}

/** Read a genesis JSON file and lay it over the default genesis. Errors name the file. */
export async function readGenesisFile(path: string, dec: DecParser): Promise<Genesis> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new ValidationError(`cannot read: ${err.code === "ENOENT" ? "no such file" : err.message}`, path);
  }
  let doc: Json;
  try {
    doc = JSON.parse(text) as Json;
  } catch (e) {
    throw new ValidationError(`not valid JSON: ${(e as Error).message}`, path);
  }
  try {
    return genesisWithOverride(doc, dec);
  } catch (e) {
    if (e instanceof ValidationError) throw new ValidationError(e.message, path);
    throw e;
  }
}

/** Parse and validate a complete genesis document. First failure wins, as in the reference. */
export function parseGenesis(doc: Json, dec: DecParser): Genesis {
  const root = object(doc, "genesis", ["chain_id", "genesis_time", "app_state"]);
  const chainId = string(root.chain_id, "chain_id");
  if (chainId.trim() === "") throw new ValidationError("genesis doc must include non-empty chain_id", "chain_id");
  if (chainId.length > 50) throw new ValidationError("chain_id in genesis doc is too long (max: 50)", "chain_id");
  let genesisTimeNs: bigint;
  try {
    genesisTimeNs = parseTimestamp(string(root.genesis_time, "genesis_time"));
  } catch (e) {
    if (e instanceof ValidationError) throw e;
    throw new ValidationError((e as Error).message, "genesis_time");
  }
  const app = object(root.app_state, "app_state", ["bank", "mint", "inflation"]);
  const mint = parseMint(app.mint, dec);
  const bank = parseBank(app.bank, mint.params.mintDenom);
  const inflation = parseInflation(app.inflation, dec);
  return { chainId, genesisTimeNs, bank, mint, inflation };
}

// ---- modules ------------------------------------------------------------------------------

const MAX_U128 = (1n << 128n) - 1n;
const MAX_U64 = (1n << 64n) - 1n;
const ONE = 10n ** 18n;
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;

/** sdk.ValidateDenom. */
export function validDenom(denom: string): boolean {
  return DENOM.test(denom);
}

function parseBank(v: Json | undefined, bondDenom: string): Genesis["bank"] {
  const path = "app_state.bank";
  const bank = object(v, path, ["supply", "burned_balance"]);
  const list = array(bank.supply, `${path}.supply`);
  const supply: Coin[] = list.map((c, i) => {
    const p = `${path}.supply[${i}]`;
    const o = object(c, p, ["denom", "amount"]);
    const denom = string(o.denom, `${p}.denom`);
    if (!validDenom(denom)) throw new ValidationError(`invalid denom: ${denom}`, `${p}.denom`);
    const amount = int(o.amount, `${p}.amount`);
    if (amount <= 0n) throw new ValidationError(`coin ${amount}${denom} amount is not positive`, p);
    if (amount > MAX_U128) throw new ValidationError("too large (at most 2^128 - 1 base units)", `${p}.amount`);
    return { denom, amount };
  });
  for (let i = 1; i < supply.length; i++) {
    if (supply[i].denom === supply[i - 1].denom) {
      throw new ValidationError(`duplicate denomination ${supply[i].denom}`, `${path}.supply`);
    }
    if (supply[i].denom < supply[i - 1].denom) {
      throw new ValidationError(`denomination ${supply[i].denom} is not sorted`, `${path}.supply`);
    }
  }
  const bond = supply.find((c) => c.denom === bondDenom);
  if (!bond) throw new ValidationError(`no supply of the mint denom ${bondDenom}`, `${path}.supply`);
  const burnedBalance = bank.burned_balance === undefined ? 0n : int(bank.burned_balance, `${path}.burned_balance`);
  if (burnedBalance < 0n) {
    throw new ValidationError(`burned balance cannot be negative: ${burnedBalance}`, `${path}.burned_balance`);
  }
  if (burnedBalance > bond.amount) {
    throw new ValidationError(
      `burned balance ${burnedBalance} exceeds the supply of ${bondDenom} ${bond.amount}`,
      `${path}.burned_balance`,
    );
  }
  return { supply, burnedBalance };
}

/** SDK x/mint Params.Validate, plus this engine's rule that inflation_min = inflation_max. */
function parseMint(v: Json | undefined, dec: DecParser): Genesis["mint"] {
  const path = "app_state.mint";
  const mint = object(v, path, ["params"]);
  const pp = `${path}.params`;
  const p = object(mint.params, pp, [
    "mint_denom", "inflation_rate_change", "inflation_max", "inflation_min", "goal_bonded", "blocks_per_year",
  ]);
  const mintDenom = string(p.mint_denom, `${pp}.mint_denom`);
  if (mintDenom.trim() === "") throw new ValidationError("mint denom cannot be blank", pp);
  if (!validDenom(mintDenom)) throw new ValidationError(`invalid denom: ${mintDenom}`, pp);
  const rateChange = decimal(p.inflation_rate_change, `${pp}.inflation_rate_change`, dec, "inflation rate change");
  unitInterval(rateChange, pp, "inflation rate change cannot be negative", "inflation rate change too large");
  const inflationMax = decimal(p.inflation_max, `${pp}.inflation_max`, dec, "max inflation");
  unitInterval(inflationMax, pp, "max inflation cannot be negative", "max inflation too large");
  const inflationMin = decimal(p.inflation_min, `${pp}.inflation_min`, dec, "min inflation");
  unitInterval(inflationMin, pp, "min inflation cannot be negative", "min inflation too large");
  const goalBonded = decimal(p.goal_bonded, `${pp}.goal_bonded`, dec, "goal bonded");
  if (goalBonded <= 0n) throw new ValidationError(`goal bonded must be positive: ${decString(goalBonded)}`, pp);
  if (goalBonded > ONE) throw new ValidationError(`goal bonded too large: ${decString(goalBonded)}`, pp);
  const blocksPerYear = uint64(p.blocks_per_year, `${pp}.blocks_per_year`);
  if (blocksPerYear === 0n) throw new ValidationError(`blocks per year must be positive: ${blocksPerYear}`, pp);
  if (inflationMax < inflationMin) {
    throw new ValidationError(
      `max inflation (${decString(inflationMax)}) must be greater than or equal to min inflation (${decString(inflationMin)})`,
      pp,
    );
  }
  if (inflationMax !== inflationMin) {
    // The engine follows the reference's v7 setting: with min = max the x/mint rate is that value
    // at every block, whatever the bonded ratio. A moving rate would need staking state.
    throw new ValidationError(
      `inflation_min must equal inflation_max: this node pins the x/mint rate (got min ${decString(inflationMin)}, max ${decString(inflationMax)})`,
      pp,
    );
  }
  return {
    params: { mintDenom, inflationRateChange: rateChange, inflationMax, inflationMin, goalBonded, blocksPerYear },
  };
}

/** x/inflation GenesisState.Validate (REFERENCE §2.1, §2.6). */
function parseInflation(v: Json | undefined, dec: DecParser): Genesis["inflation"] {
  const path = "app_state.inflation";
  const infl = object(v, path, ["params", "decay_epoch_start"]);
  const pp = `${path}.params`;
  const p = object(infl.params, pp, ["max_supply", "burned_addresses", "decay_rate"]);

  if (p.max_supply === undefined || p.max_supply === null) throw new ValidationError("max supply cannot be nil", pp);
  const maxSupply = int(p.max_supply, `${pp}.max_supply`);
  if (maxSupply < 0n) throw new ValidationError(`max supply cannot be negative: ${maxSupply}`, pp);
  if (maxSupply > MAX_U128) throw new ValidationError("max supply too large (at most 2^128 - 1 base units)", pp);

  const burnedAddresses = array(p.burned_addresses ?? [], `${pp}.burned_addresses`).map((a, i) =>
    typeof a === "string" ? a : fail(`must be a string`, `${pp}.burned_addresses[${i}]`),
  );
  const seen = new Set<string>();
  burnedAddresses.forEach((addr, i) => {
    try {
      accountAddressBytes(addr, ACCOUNT_PREFIX);
    } catch (e) {
      throw new ValidationError(`invalid burned address at index ${i}: ${addr}, error: ${(e as Error).message}`, pp);
    }
    if (seen.has(addr)) throw new ValidationError(`duplicate burned address found: ${addr}`, pp);
    seen.add(addr);
  });

  if (p.decay_rate === undefined || p.decay_rate === null) throw new ValidationError("decay rate cannot be nil", pp);
  const decayRate = decimal(p.decay_rate, `${pp}.decay_rate`, dec, "decay rate");
  if (decayRate < 0n) {
    throw new ValidationError(
      `decay rate cannot be negative (must be between 0 and 1 inclusive, got: ${decString(decayRate)})`,
      pp,
    );
  }
  if (decayRate > ONE) {
    throw new ValidationError(`decay rate too large (must be between 0 and 1 inclusive, got: ${decString(decayRate)})`, pp);
  }

  const decayEpochStart =
    infl.decay_epoch_start === undefined ? 0n : uint64(infl.decay_epoch_start, `${path}.decay_epoch_start`);
  if (decayRate <= 0n && decayEpochStart !== 0n) {
    throw new ValidationError("decay_epoch_start must be zero when decay is disabled", path);
  }
  return { params: { maxSupply, burnedAddresses, decayRate }, decayEpochStart };
}

// ---- what the core gets -------------------------------------------------------------------

export function bondDenom(g: Genesis): string {
  return g.mint.params.mintDenom;
}

/** The bank total of the bond denom at genesis. */
export function bondSupply(g: Genesis): bigint {
  return g.bank.supply.find((c) => c.denom === bondDenom(g))!.amount;
}

/** The core's emission parameters for a genesis. */
export function emissionParams(g: Genesis): EmissionParams {
  return {
    baseRate: g.mint.params.inflationMin,
    decayRate: g.inflation.params.decayRate,
    maxSupply: g.inflation.params.maxSupply,
    blocksPerYear: g.mint.params.blocksPerYear,
    decayEpochStart: g.inflation.decayEpochStart,
  };
}

/** The core's emission state at height 0. */
export function emissionGenesisState(g: Genesis): EmissionState {
  return { height: 0n, totalSupply: bondSupply(g), burned: g.bank.burnedBalance };
}

// ---- JSON readers -------------------------------------------------------------------------

function fail(reason: string, path: string): never {
  throw new ValidationError(reason, path);
}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** An object with only the given keys (an unknown key is most likely a typo). */
function object(v: Json | undefined, path: string, keys: string[]): { [key: string]: Json | undefined } {
  if (!isObject(v)) fail(v === undefined || v === null ? "missing" : "must be a JSON object", path);
  for (const k of Object.keys(v)) {
    if (!keys.includes(k)) fail(`unknown field ${JSON.stringify(k)} (known: ${keys.join(", ")})`, path);
  }
  return v;
}

function array(v: Json | undefined, path: string): Json[] {
  if (!Array.isArray(v)) fail(v === undefined || v === null ? "missing" : "must be a JSON array", path);
  return v;
}

function string(v: Json | undefined, path: string): string {
  if (typeof v !== "string") fail(v === undefined || v === null ? "missing" : "must be a string", path);
  return v;
}

/** An Int: a string of decimal digits with an optional sign, as Cosmos encodes it. */
function int(v: Json | undefined, path: string): bigint {
  if (typeof v === "number") fail(`must be a string (an integer in quotes, e.g. "${v}")`, path);
  const s = string(v, path);
  if (!/^[+-]?[0-9]+$/.test(s)) fail(`invalid integer ${JSON.stringify(s)}`, path);
  return BigInt(s);
}

/** A uint64: a decimal string, or a JSON number that is a safe integer (protobuf JSON allows both). */
function uint64(v: Json | undefined, path: string): bigint {
  let n: bigint;
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v) || v < 0) fail(`invalid uint64 ${v} (write large values as strings)`, path);
    n = BigInt(v);
  } else {
    const s = string(v, path);
    if (!/^[0-9]+$/.test(s)) fail(`invalid uint64 ${JSON.stringify(s)}`, path);
    n = BigInt(s);
  }
  if (n > MAX_U64) fail(`invalid uint64 ${n}: out of range`, path);
  return n;
}

/**
 * A Dec string, parsed by the core's LegacyNewDecFromStr. The core holds non-negative values
 * only, so a leading '-' is taken off here and the result negated: the validation rules, not the
 * parser, reject negative rates, with the reference's messages.
 */
function decimal(v: Json | undefined, path: string, dec: DecParser, what: string): bigint {
  if (v === undefined || v === null) fail(`${what} cannot be nil`, path);
  if (typeof v === "number") fail(`must be a string (a decimal in quotes, e.g. "${v}")`, path);
  const s = string(v, path);
  const negative = s.startsWith("-");
  try {
    const raw = dec.parse(negative ? s.slice(1) : s);
    return negative ? -raw : raw;
  } catch (e) {
    throw new ValidationError((e as Error).message, path);
  }
}

function unitInterval(v: bigint, path: string, negative: string, tooLarge: string): void {
  if (v < 0n) throw new ValidationError(`${negative}: ${decString(v)}`, path);
  if (v > ONE) throw new ValidationError(`${tooLarge}: ${decString(v)}`, path);
}
