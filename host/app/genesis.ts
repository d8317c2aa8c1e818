// Genesis of the chain: the embedded default, the JSON shape (Cosmos-like: `chain_id`,
// `genesis_time`, `app_state.{bank,mint,inflation,staking,distribution,tieredrewards}`), and its
// validation with the reference's rules and messages (REFERENCE §2.1, §2.6, §3, §11; SDK x/mint,
// x/bank, x/staking and x/distribution for their parts).
//
// Decimals are parsed by the core (exactly, never through a float); amounts are bigints parsed
// from strings, and a JSON number is refused wherever an amount or a rate is expected.

import { readFile } from "node:fs/promises";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { base64 } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { accountAddressBytes, encodeAddress } from "../wire/address.js";
import { pubKeyAddress } from "../wire/keys.js";
import { ValidationError } from "../errors.js";
import type { SlashingParams } from "../modules/slashing/keeper.js";
import {
  MAX_U64, ONE, array, decimal, duration, fail, int, isObject, mergeJson, object, string, uint64, unitInterval,
  type DecParser, type GenesisJson, type Json,
} from "./genesis-json.js";
import { parseGov, parseSlashing, type GovParams } from "../modules/gov/genesis.js";

export { mergeJson, type DecParser, type GenesisJson, type Json } from "./genesis-json.js";
export { DEFAULT_GOV_PARAMS_JSON, type GovParams } from "../modules/gov/genesis.js";
import type { EmissionParams, EmissionState } from "../core/emission.js";
import { decString, parseTimestamp } from "../wire/gateway-json.js";
import { FIRST_TIME_TEXT, LAST_TIME_TEXT, fitsDuration } from "../wire/duration.js";

/** Bech32 prefix of account addresses (REFERENCE §1). */
export const ACCOUNT_PREFIX = "cro";
/** Bech32 prefix of validator operator addresses. */
export const VALIDATOR_PREFIX = "crocncl";

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
  /** Bond-denom balances, in the genesis order (the order core account ids are assigned in). */
  balances: { address: string; amount: bigint }[];
  staking: StakingGenesis;
  distribution: { communityTax: bigint };
  tieredrewards: TieredRewardsGenesis;
  /** Consensus params: the block gas limit, -1 = none. */
  consensus: { maxGas: bigint };
  /**
   * The governance authority: the only signer of governance messages (tier and params changes).
   * The reference's is the x/gov module account, which no key holds; a local chain names a key.
   */
  gov: { authority: string; params: GovParams };
  /** x/slashing's params (used under CometBFT: host/modules/slashing/keeper.ts); the SDK's defaults if absent. */
  slashing: { params: SlashingParams };
  /** An exported node's state (GET /dev/export): the chain starts from it instead of the sections above. */
  nodeState?: NodeState;
}

/**
 * A node's whole state at a height, as exported: the core's records (table id, bytes; tied to the
 * core build that wrote them) and the accounts with their sequences.
 */
export interface NodeState {
  height: bigint;
  timeNs: bigint;
  /** The exporting node's hash of that block (absent: the importing node computes its own). */
  blockHash?: string;
  /** The block's seed hash (header.ts seedHash: what the next block's position addresses derive from); absent: blockHash. */
  seedHash?: string;
  /** x/gov's records (host/modules/gov/keeper.ts), key and JSON text. */
  gov: { key: string; value: string }[];
  /** The core's state format the records were written in (absent: 1, before formats were kept). */
  stateFormat: number;
  records: { table: number; bytes: Uint8Array }[];
  accounts: { id: number; address: string; sequence: bigint; pubKey?: Uint8Array }[];
}

/** x/staking's Description: what explorers show for a validator. */
export interface ValidatorDescription {
  moniker: string;
  identity: string;
  website: string;
  securityContact: string;
  details: string;
}

/** The SDK's Description.EnsureLength limits. */
const DESCRIPTION_LIMITS = { moniker: 70, identity: 3000, website: 140, security_contact: 140, details: 280 } as const;

export interface GenesisValidator {
  /** `crocncl1...`; its account (same bytes, `cro1...`) pays the self-delegation. */
  operatorAddress: string;
  description: ValidatorDescription;
  /** Raw Dec in [0, 1]. */
  commissionRate: bigint;
  selfDelegation: bigint;
  /** Its ed25519 consensus key (`consensus_pubkey`); absent: derived from the chain id and operator (node/consensus-key.ts). */
  consensusPubKey?: Uint8Array;
}

export interface StakingGenesis {
  maxValidators: number;
  unbondingTimeNs: bigint;
  /** Tokens per unit of consensus power (SDK DefaultPowerReduction). */
  powerReduction: bigint;
  validators: GenesisValidator[];
}

/** A tier (REFERENCE §3.2). */
export interface Tier {
  id: number;
  exitDurationNs: bigint;
  /** Raw Dec in [0, 1]. */
  bonusApy: bigint;
  minLockAmount: bigint;
  closeOnly: boolean;
}

/** x/tieredrewards genesis (REFERENCE §11): kept whole; the tiers reach the core with the tier module. */
export interface TieredRewardsGenesis {
  params: { targetBaseRewardsRate: bigint };
  tiers: Tier[];
  nextPositionId: bigint;
}

/**
 * Development keys: private key N = sha256("staking-engine dev key N"). Public knowledge, so for
 * local chains only: key 0 holds the reserve, keys 1-4 operate the validators, 5-8 are users.
 */
export function devPrivateKey(n: number): Uint8Array {
  return sha256(utf8ToBytes(`staking-engine dev key ${n}`));
}

/** The `cro1...` address of dev key N. */
export function devAddress(n: number, prefix = ACCOUNT_PREFIX): string {
  return pubKeyAddress(secp256k1.getPublicKey(devPrivateKey(n), true), prefix);
}

/** The dev keys of the default genesis, for people and tests: key number, hex private key, address. */
export function devKeys(): { n: number; privateKey: string; address: string }[] {
  return Array.from({ length: 9 }, (_, n) => ({ n, privateKey: bytesToHex(devPrivateKey(n)), address: devAddress(n) }));
}

/** The operator address (`crocncl1...`) of an account address. */
export function operatorOf(accountAddress: string): string {
  return encodeAddress(VALIDATOR_PREFIX, accountAddressBytes(accountAddress, ACCOUNT_PREFIX));
}
/**
 * The default genesis: the reference chain's v7 emission values (1 % base rate pinned by
 * inflation_min = inflation_max, 6.8 % monthly decay from block 1, a 100 B CRO cap) on a
 * 98.5 B CRO launch supply, at a fixed genesis time so that every run is the same.
 */
export function defaultGenesisJson(): GenesisJson {
  // 4 validators of 10 B CRO self-delegation each (bonded ratio ~41 %: the 1 % mint pays bonded
  // stake ~2.4 %, so the rewards pool tops it up to the 3 % target); 4 users of 1 M CRO; a 5 B
  // CRO rewards pool (the top-up alone takes ~0.6 B CRO in the first year, more as the mint
  // decays: years of runway, so a 4-year tier can be tried); the reserve (dev key 0) holds the
  // rest of the launch supply.
  const selfDelegation = 1_000_000_000_000_000_000n;
  const operatorFunds = selfDelegation + 100_000_000_000n;
  const userFunds = 100_000_000_000_000n;
  const pool = 500_000_000_000_000_000n;
  const launch = 9_850_000_000_000_000_000n;
  const reserve = launch - pool - 4n * operatorFunds - 4n * userFunds;
  const balances: Json[] = [
    { address: devAddress(0), coins: [{ denom: "basecro", amount: `${reserve}` }] },
    { address: REWARDS_POOL_ADDRESS, coins: [{ denom: "basecro", amount: `${pool}` }] },
  ];
  for (let n = 1; n <= 4; n++) balances.push({ address: devAddress(n), coins: [{ denom: "basecro", amount: `${operatorFunds}` }] });
  for (let n = 5; n <= 8; n++) balances.push({ address: devAddress(n), coins: [{ denom: "basecro", amount: `${userFunds}` }] });
  const validators: Json[] = [1, 2, 3, 4].map((n) => ({
    operator_address: operatorOf(devAddress(n)),
    commission_rate: "0.100000000000000000",
    self_delegation: `${selfDelegation}`,
    description: { moniker: `local-validator-${n}`, details: `Validator ${n} of the local chain, operated by dev key ${n} (README).` },
  }));
  const tier = (id: number, exit: string, apy: string): Json => ({
    id, exit_duration: exit, bonus_apy: apy, min_lock_amount: "10000000000", close_only: false,
  });
  return {
    chain_id: "chainmain-local",
    genesis_time: "2026-01-01T00:00:00Z",
    app_state: {
      bank: {
        supply: [{ denom: "basecro", amount: "9850000000000000000" }],
        burned_balance: "0",
        balances,
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
      staking: {
        params: { unbonding_time: "2419200s", max_validators: 100, power_reduction: "100000000" },
        validators,
      },
      distribution: { params: { community_tax: "0.020000000000000000" } },
      tieredrewards: {
        params: { target_base_rewards_rate: "0.030000000000000000" },
        tiers: [
          tier(1, "31536000s", "0.020000000000000000"),
          tier(2, "63072000s", "0.040000000000000000"),
          tier(3, "126144000s", "0.070000000000000000"),
        ],
        positions: [],
        next_position_id: "0",
      },
      // Governance messages (tiers, params) are signed by this key on the local chain: dev key 0.
      gov: { authority: devAddress(0) },
    },
  };
}

/** The rewards pool's module address (REFERENCE §1). */
export const REWARDS_POOL_ADDRESS = "cro1ag7qj65w7882kkn8nl7hnfvfqlemxwamd5g2pr";
/** The x/gov module account: the reference's governance authority (REFERENCE §1). */
export const GOV_MODULE_ADDRESS = "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z";

/** The default genesis with `override`'s fields laid over it, validated. */
export function genesisWithOverride(override: Json, dec: DecParser): Genesis {
  if (!isObject(override)) throw new ValidationError("must be a JSON object", "genesis");
  return parseGenesis(mergeJson(defaultGenesisJson(), override), dec);
}

/** A genesis JSON file laid over the default genesis, not yet validated. Errors name the file. */
export async function readGenesisDoc(path: string): Promise<Json> {
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
  if (!isObject(doc)) throw new ValidationError("must be a JSON object", path);
  return mergeJson(defaultGenesisJson(), doc);
}

/** Read a genesis JSON file and lay it over the default genesis, validated. Errors name the file. */
export async function readGenesisFile(path: string, dec: DecParser): Promise<Genesis> {
  const doc = await readGenesisDoc(path);
  try {
    return parseGenesis(doc, dec);
  } catch (e) {
    if (e instanceof ValidationError) throw new ValidationError(e.message, path);
    throw e;
  }
}

/** Parse and validate a complete genesis document. First failure wins, as in the reference. */
export function parseGenesis(doc: Json, dec: DecParser): Genesis {
  const root = object(doc, "genesis", ["chain_id", "genesis_time", "app_state", "consensus"]);
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
  coreTime(genesisTimeNs, root.genesis_time as string, "genesis_time");
  const app = object(root.app_state, "app_state", [
    "bank", "mint", "inflation", "staking", "distribution", "tieredrewards", "gov", "slashing", "node_state",
  ]);
  const mint = parseMint(app.mint, dec);
  const bank = parseBank(app.bank, mint.params.mintDenom);
  const inflation = parseInflation(app.inflation, dec);
  const balances = parseBalances(app.bank, mint.params.mintDenom, bank, inflation.params.burnedAddresses);
  const staking = parseStaking(app.staking, dec, balances);
  const distribution = parseDistribution(app.distribution, dec);
  const tieredrewards = parseTieredRewards(app.tieredrewards, dec);
  const gov = parseGov(app.gov, dec, mint.params.mintDenom, { authority: GOV_MODULE_ADDRESS, prefix: ACCOUNT_PREFIX });
  const slashing = parseSlashing(app.slashing, dec);
  const nodeState = app.node_state === undefined ? undefined : parseNodeState(app.node_state);
  const consensus = parseConsensus(root.consensus);
  return { chainId, genesisTimeNs, bank, mint, inflation, balances, staking, distribution, tieredrewards, gov, slashing, nodeState, consensus };
}

/**
 * `consensus.params.block.max_gas` (the SDK's AppGenesis; CometBFT's consensus params): the most
 * gas the txs of one block may ask for in all, -1 = no limit (CometBFT's default, and ours when
 * absent). An int64 string, at least -1.
 */
function parseConsensus(v: Json | undefined): Genesis["consensus"] {
  if (v === undefined) return { maxGas: -1n };
  const c = object(v, "consensus", ["params"]);
  if (c.params === undefined) return { maxGas: -1n };
  const p = object(c.params, "consensus.params", ["block"]);
  if (p.block === undefined) return { maxGas: -1n };
  const path = "consensus.params.block";
  const b = object(p.block, path, ["max_gas", "max_bytes"]);
  if (b.max_gas === undefined) return { maxGas: -1n };
  const maxGas = int(b.max_gas, `${path}.max_gas`);
  if (maxGas < -1n || maxGas >= 1n << 63n) fail("block.MaxGas must be greater or equal to -1 (and fit an int64)", `${path}.max_gas`);
  return { maxGas };
}

// ---- modules ------------------------------------------------------------------------------

const MAX_U128 = (1n << 128n) - 1n;
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;

/** sdk.ValidateDenom. */
export function validDenom(denom: string): boolean {
  return DENOM.test(denom);
}

function parseBank(v: Json | undefined, bondDenom: string): Genesis["bank"] {
  const path = "app_state.bank";
  const bank = object(v, path, ["supply", "burned_balance", "balances"]);
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
/**
 * x/inflation Params.Validate (REFERENCE §2.1), first failure wins: the genesis's params and
 * MsgUpdateParams's. Throws ValidationError (the reference's plain error texts).
 */
export function inflationParamsFrom(v: Json | undefined, dec: DecParser, pp: string): InflationParams {
  const p = object(v, pp, ["max_supply", "burned_addresses", "decay_rate"]);

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

  return { maxSupply, burnedAddresses, decayRate };
}

function parseInflation(v: Json | undefined, dec: DecParser): Genesis["inflation"] {
  const path = "app_state.inflation";
  const infl = object(v, path, ["params", "decay_epoch_start"]);
  const { maxSupply, burnedAddresses, decayRate } = inflationParamsFrom(infl.params, dec, `${path}.params`);
  const decayEpochStart =
    infl.decay_epoch_start === undefined ? 0n : uint64(infl.decay_epoch_start, `${path}.decay_epoch_start`);
  if (decayRate <= 0n && decayEpochStart !== 0n) {
    throw new ValidationError("decay_epoch_start must be zero when decay is disabled", path);
  }
  return { params: { maxSupply, burnedAddresses, decayRate }, decayEpochStart };
}

/**
 * x/bank balances: each address once, bond denom only (the ledger holds one denom), adding up to
 * the bond supply; the burned addresses' balances must add up to `burned_balance`.
 */
function parseBalances(
  v: Json | undefined, bondDenom: string, bank: Genesis["bank"], burnedAddresses: string[],
): Genesis["balances"] {
  const path = "app_state.bank.balances";
  const list = array((v as { [key: string]: Json }).balances ?? [], path);
  const seen = new Set<string>();
  const out = list.map((b, i) => {
    const p = `${path}[${i}]`;
    const o = object(b, p, ["address", "coins"]);
    const address = canonicalAccount(o.address, `${p}.address`);
    if (seen.has(address)) throw new ValidationError(`duplicate balance for address ${address}`, p);
    seen.add(address);
    let amount = 0n;
    array(o.coins, `${p}.coins`).forEach((c, j) => {
      const cp = `${p}.coins[${j}]`;
      const co = object(c, cp, ["denom", "amount"]);
      const denom = string(co.denom, `${cp}.denom`);
      if (denom !== bondDenom) throw new ValidationError(`only the bond denom ${bondDenom} can be held, got ${denom}`, cp);
      const a = int(co.amount, `${cp}.amount`);
      if (a <= 0n) throw new ValidationError(`coin ${a}${denom} amount is not positive`, cp);
      amount += a;
    });
    return { address, amount };
  });
  const total = out.reduce((t, b) => t + b.amount, 0n);
  const supply = bank.supply.find((c) => c.denom === bondDenom)!.amount;
  if (total !== supply) {
    throw new ValidationError(`balances add up to ${total}${bondDenom}, the supply is ${supply}${bondDenom}`, path);
  }
  const burned = out.filter((b) => burnedAddresses.includes(b.address)).reduce((t, b) => t + b.amount, 0n);
  if (burned !== bank.burnedBalance) {
    throw new ValidationError(
      `burned_balance ${bank.burnedBalance} differs from the burned addresses' balances ${burned}`,
      "app_state.bank.burned_balance",
    );
  }
  return out;
}

/** A validator's optional description: each field a string within the SDK's length limit. */
function parseDescription(v: Json | undefined, path: string): ValidatorDescription {
  const d = v === undefined ? {} : object(v, path, Object.keys(DESCRIPTION_LIMITS));
  const field = (key: keyof typeof DESCRIPTION_LIMITS): string => {
    const text = d[key] === undefined ? "" : string(d[key], `${path}.${key}`);
    if (text.length > DESCRIPTION_LIMITS[key]) {
      throw new ValidationError(`invalid ${key} length; got: ${text.length}, max: ${DESCRIPTION_LIMITS[key]}`, `${path}.${key}`);
    }
    return text;
  };
  return {
    moniker: field("moniker"), identity: field("identity"), website: field("website"),
    securityContact: field("security_contact"), details: field("details"),
  };
}

/** A validator's consensus key as the SDK's genesis writes it: `{"@type": "/cosmos.crypto.ed25519.PubKey", "key": base64}`. */
function parseConsensusPubKey(v: Json, path: string): Uint8Array {
  const o = object(v, path, ["@type", "key"]);
  const type = string(o["@type"], `${path}.@type`);
  if (type !== "/cosmos.crypto.ed25519.PubKey") {
    throw new ValidationError(`validator pubkey type is not supported: got ${type}, expected /cosmos.crypto.ed25519.PubKey`, path);
  }
  let key: Uint8Array;
  try {
    key = base64.decode(string(o.key, `${path}.key`));
  } catch (e) {
    throw new ValidationError(`invalid base64: ${(e as Error).message}`, `${path}.key`);
  }
  if (key.length !== 32) throw new ValidationError(`an ed25519 public key is 32 bytes, got ${key.length}`, `${path}.key`);
  return key;
}

/** x/staking params and the genesis validators, each self-delegated from its operator's balance. */
function parseStaking(v: Json | undefined, dec: DecParser, balances: Genesis["balances"]): StakingGenesis {
  const path = "app_state.staking";
  const st = object(v, path, ["params", "validators"]);
  const pp = `${path}.params`;
  const p = object(st.params, pp, ["unbonding_time", "max_validators", "power_reduction"]);
  const unbondingTimeNs = duration(p.unbonding_time, `${pp}.unbonding_time`);
  if (unbondingTimeNs <= 0n) throw new ValidationError(`unbonding time must be positive: ${unbondingTimeNs}`, pp);
  const maxValidators = uint64(p.max_validators, `${pp}.max_validators`);
  if (maxValidators === 0n || maxValidators > 0xffff_ffffn) {
    throw new ValidationError(`max validators must be positive: ${maxValidators}`, pp);
  }
  const powerReduction = p.power_reduction === undefined ? 1_000_000n : int(p.power_reduction, `${pp}.power_reduction`);
  if (powerReduction <= 0n || powerReduction > MAX_U64) {
    throw new ValidationError(`power reduction must be a positive uint64: ${powerReduction}`, pp);
  }
  const funds = new Map(balances.map((b) => [b.address, b.amount]));
  const operators = new Set<string>();
  const consensusKeys = new Set<string>();
  const validators = array(st.validators, `${path}.validators`).map((x, i): GenesisValidator => {
    const vp = `${path}.validators[${i}]`;
    const o = object(x, vp, ["operator_address", "commission_rate", "self_delegation", "description", "consensus_pubkey"]);
    const operatorAddress = string(o.operator_address, `${vp}.operator_address`);
    let account: string;
    try {
      account = encodeAddress(ACCOUNT_PREFIX, accountAddressBytes(operatorAddress, VALIDATOR_PREFIX));
    } catch (e) {
      throw new ValidationError(`invalid validator address: ${(e as Error).message}`, `${vp}.operator_address`);
    }
    if (operators.has(operatorAddress)) throw new ValidationError(`duplicate validator ${operatorAddress}`, vp);
    operators.add(operatorAddress);
    const commissionRate = decimal(o.commission_rate, `${vp}.commission_rate`, dec, "commission rate");
    unitInterval(commissionRate, vp, "commission rate cannot be negative", "commission rate cannot be more than 100%");
    const selfDelegation = int(o.self_delegation, `${vp}.self_delegation`);
    if (selfDelegation <= 0n) throw new ValidationError(`self delegation must be positive: ${selfDelegation}`, vp);
    const left = funds.get(account) ?? 0n;
    if (left < selfDelegation) {
      throw new ValidationError(`operator account ${account} holds ${left}, less than the self delegation ${selfDelegation}`, vp);
    }
    funds.set(account, left - selfDelegation);
    const consensusPubKey = o.consensus_pubkey === undefined ? undefined : parseConsensusPubKey(o.consensus_pubkey, `${vp}.consensus_pubkey`);
    if (consensusPubKey !== undefined) {
      const text = base64.encode(consensusPubKey);
      if (consensusKeys.has(text)) throw new ValidationError("validator already exist for this pubkey; must use new validator pubkey", `${vp}.consensus_pubkey`);
      consensusKeys.add(text);
    }
    return {
      operatorAddress, commissionRate, selfDelegation, description: parseDescription(o.description, `${vp}.description`),
      ...(consensusPubKey ? { consensusPubKey } : {}),
    };
  });
  return { maxValidators: Number(maxValidators), unbondingTimeNs, powerReduction, validators };
}

function parseDistribution(v: Json | undefined, dec: DecParser): Genesis["distribution"] {
  const path = "app_state.distribution";
  const d = object(v, path, ["params"]);
  const pp = `${path}.params`;
  const p = object(d.params, pp, ["community_tax"]);
  const communityTax = decimal(p.community_tax, `${pp}.community_tax`, dec, "community tax");
  unitInterval(communityTax, pp, "community tax must be positive", "community tax too large");
  return { communityTax };
}

/** `gov`: `{authority}`, a `cro1...` address; absent, the x/gov module account (REFERENCE §1). */
/** x/tieredrewards GenesisState.Validate (REFERENCE §3.1, §3.2, §11); positions are not yet supported. */
function parseTieredRewards(v: Json | undefined, dec: DecParser): TieredRewardsGenesis {
  const path = "app_state.tieredrewards";
  const t = object(v, path, [
    "params", "tiers", "positions", "next_position_id", "redelegation_mappings", "validator_events", "validator_event_seqs",
  ]);
  const pp = `${path}.params`;
  const p = object(t.params, pp, ["target_base_rewards_rate"]);
  const rate = decimal(p.target_base_rewards_rate, pp, dec, "target base rewards rate");
  if (rate < 0n) throw new ValidationError(`target base rewards rate cannot be negative: ${decString(rate)}`, pp);
  if (rate > ONE) throw new ValidationError(`target base rewards rate must not exceed 1.0 (100%): got ${decString(rate)}`, pp);
  const ids = new Set<number>();
  const tiers = array(t.tiers ?? [], `${path}.tiers`).map((x, i): Tier => {
    const tp = `${path}.tiers[${i}]`;
    const o = object(x, tp, ["id", "exit_duration", "bonus_apy", "min_lock_amount", "close_only"]);
    if (typeof o.id !== "number" || !Number.isInteger(o.id) || o.id < 0 || o.id > 0xffff_ffff) {
      throw new ValidationError("must be a uint32 number", `${tp}.id`);
    }
    if (o.id === 0) throw new ValidationError("tier id must be non-zero", tp);
    if (ids.has(o.id)) throw new ValidationError(`duplicate tier ID ${o.id} at index ${i}`, `${path}.tiers`);
    ids.add(o.id);
    const exitDurationNs = duration(o.exit_duration, `${tp}.exit_duration`);
    if (exitDurationNs <= 0n) throw new ValidationError("exit duration must be positive", tp);
    const bonusApy = decimal(o.bonus_apy, tp, dec, "bonus apy");
    if (bonusApy < 0n) throw new ValidationError(`bonus apy cannot be negative: ${decString(bonusApy)}`, tp);
    if (bonusApy > ONE) throw new ValidationError(`bonus apy must not exceed 1.0 (100%): got ${decString(bonusApy)}`, tp);
    if (o.min_lock_amount === undefined || o.min_lock_amount === null) throw new ValidationError("min lock amount cannot be nil", tp);
    const minLockAmount = int(o.min_lock_amount, `${tp}.min_lock_amount`);
    if (minLockAmount < 0n) throw new ValidationError(`min lock amount cannot be negative: ${minLockAmount}`, tp);
    if (o.close_only !== undefined && typeof o.close_only !== "boolean") throw new ValidationError("must be a boolean", `${tp}.close_only`);
    return { id: o.id, exitDurationNs, bonusApy, minLockAmount, closeOnly: o.close_only === true };
  });
  tiers.sort((a, b) => a.id - b.id);
  for (const k of ["positions", "redelegation_mappings", "validator_events", "validator_event_seqs"] as const) {
    if (t[k] !== undefined && array(t[k], `${path}.${k}`).length > 0) {
      throw new ValidationError("not supported yet by this node: must be empty", `${path}.${k}`);
    }
  }
  const nextPositionId = t.next_position_id === undefined ? 0n : uint64(t.next_position_id, `${path}.next_position_id`);
  return { params: { targetBaseRewardsRate: rate }, tiers, nextPositionId };
}

/** `node_state`: `{height, time, records: [[table, base64]], accounts: [{id, address, sequence, pub_key}]}`. */
function parseNodeState(v: Json | undefined): NodeState {
  const path = "app_state.node_state";
  const o = object(v, path, ["height", "time", "block_hash", "seed_hash", "state_format", "records", "accounts", "gov"]);
  const height = uint64(o.height, `${path}.height`);
  let timeNs: bigint;
  try {
    timeNs = parseTimestamp(string(o.time, `${path}.time`));
  } catch (e) {
    throw new ValidationError((e as Error).message, `${path}.time`);
  }
  coreTime(timeNs, o.time as string, `${path}.time`);
  const records = array(o.records, `${path}.records`).map((r, i) => {
    const p = `${path}.records[${i}]`;
    if (!Array.isArray(r) || r.length !== 2 || typeof r[0] !== "number" || typeof r[1] !== "string") {
      fail("must be [table, base64 bytes]", p);
    }
    return { table: r[0] as number, bytes: base64Bytes(r[1] as string, p) };
  });
  const accounts = array(o.accounts, `${path}.accounts`).map((a, i) => {
    const p = `${path}.accounts[${i}]`;
    const ao = object(a, p, ["id", "address", "sequence", "pub_key"]);
    if (typeof ao.id !== "number" || !Number.isSafeInteger(ao.id) || ao.id < 0) fail("must be an account id", `${p}.id`);
    return {
      id: ao.id,
      address: canonicalAccount(ao.address, `${p}.address`),
      sequence: uint64(ao.sequence, `${p}.sequence`),
      pubKey: ao.pub_key === undefined || ao.pub_key === null ? undefined : base64Bytes(string(ao.pub_key, `${p}.pub_key`), `${p}.pub_key`),
    };
  });
  let blockHash: string | undefined;
  if (o.block_hash !== undefined) {
    blockHash = string(o.block_hash, `${path}.block_hash`);
    if (!/^[0-9A-F]{64}$/.test(blockHash)) throw new ValidationError("must be 64 upper-case hex digits", `${path}.block_hash`);
  }
  let seedHash: string | undefined;
  if (o.seed_hash !== undefined) {
    seedHash = string(o.seed_hash, `${path}.seed_hash`);
    if (!/^[0-9A-F]{64}$/.test(seedHash)) throw new ValidationError("must be 64 upper-case hex digits", `${path}.seed_hash`);
  }
  const gov = array(o.gov ?? [], `${path}.gov`).map((g, i) => {
    const p = `${path}.gov[${i}]`;
    if (!Array.isArray(g) || g.length !== 2 || typeof g[0] !== "string" || typeof g[1] !== "string" || !/^([mpdvis]|val)(\/|$)/.test(g[0])) {
      fail("must be [key, JSON text] of an x/gov, x/slashing or validator record", p);
    }
    return { key: g[0] as string, value: g[1] as string };
  });
  const sf = o.state_format ?? 1;
  if (typeof sf !== "number" || !Number.isInteger(sf) || sf < 1) throw new ValidationError("must be a positive integer", `${path}.state_format`);
  return { height, timeNs, blockHash, ...(seedHash ? { seedHash } : {}), gov, stateFormat: sf, records, accounts };
}

function base64Bytes(text: string, path: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) fail("invalid base64", path);
  return new Uint8Array(Buffer.from(text, "base64"));
}

/** A canonical `cro1...` account address. */
function canonicalAccount(v: Json | undefined, path: string): string {
  const text = string(v, path);
  try {
    return encodeAddress(ACCOUNT_PREFIX, accountAddressBytes(text, ACCOUNT_PREFIX));
  } catch (e) {
    throw new ValidationError(`invalid address: ${(e as Error).message}`, path);
  }
}

/**
 * A time the core can hold: int64 nanoseconds since the Unix epoch, 1677-09-21T00:12:43.145224192Z
 * to 2262-04-11T23:47:16.854775807Z (the reference's Timestamp reaches years 1 to 9999; a time
 * outside would reach the core wrapped, so it is refused here).
 */
function coreTime(ns: bigint, text: string, path: string): void {
  if (!fitsDuration(ns)) fail(`time ${JSON.stringify(text)} is outside this node's range: ${FIRST_TIME_TEXT} to ${LAST_TIME_TEXT} (int64 nanoseconds since 1970)`, path);
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

