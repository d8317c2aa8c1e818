// The node's embedded default genesis (x/genutil's `init` in the SDK: every module's section), in the SDK's format as chain-maind writes `genesis.json`
// after collect-gentxs: the dev keys' accounts (numbers 0-8), balances, 4 validators made by
// gentxs signed with dev keys 1-4 (their consensus keys the ones the node derives and signs its
// own blocks with), the reference chain's v7 emission values and tiers, and the node's own
// settings (dev key 0 governs; 1 CRO per unit of consensus power).

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import { pubKeyAddress } from "../../wire/keys.js";
import { DEV_KEY_COUNT, devPrivateKey } from "../../wire/dev-keys.js";
import { AUTH_PARAMS, BASE_ACCOUNT } from "../auth/genesis.js";
import { DEFAULT_GOV_PARAMS_JSON } from "../gov/genesis.js";
import { genTxJson } from "./genesis.js";
import { consensusKey } from "../staking/consensus-key.js";
import { ACCOUNT_PREFIX, REWARDS_POOL_ADDRESS, VALIDATOR_PREFIX } from "./genesis-sdk.js";
import type { GenesisJson, Json } from "../../framework/genesis-json.js";

/** Development keys (wire/dev-keys.ts, shared with the client package): key 0 holds the reserve, 1-4 operate the validators, 5-8 are users. */
export { devPrivateKey };

/** The `cro1...` address of dev key N. */
export function devAddress(n: number, prefix = ACCOUNT_PREFIX): string {
  return pubKeyAddress(secp256k1.getPublicKey(devPrivateKey(n), true), prefix);
}

/** The dev keys of the default genesis, for people and tests: key number, hex private key, address. */
export function devKeys(): { n: number; privateKey: string; address: string }[] {
  return Array.from({ length: DEV_KEY_COUNT }, (_, n) => ({ n, privateKey: bytesToHex(devPrivateKey(n)), address: devAddress(n) }));
}

/** The operator address (`crocncl1...`) of an account address. */
export function operatorOf(accountAddress: string): string {
  return encodeAddress(VALIDATOR_PREFIX, accountAddressBytes(accountAddress, ACCOUNT_PREFIX));
}

/** x/bank's metadata of CRO, as the reference chain's genesis has it. */
export const CRO_METADATA: Json = {
  description: "The native token of Crypto.org Chain.",
  denom_units: [{ denom: "basecro", exponent: 0, aliases: ["carson"] }, { denom: "cro", exponent: 8, aliases: [] }],
  base: "basecro", display: "cro", name: "Crypto.org Chain", symbol: "CRO", uri: "", uri_hash: "",
};

/** A dev key's gentx: MsgCreateValidator of its operator (commission 0.1 / max 0.2 / max change 0.01), signed for `chainId`. */
export function devGenTx(o: {
  chainId: string; key: number; selfDelegation: bigint; commissionRate?: bigint; description?: { moniker?: string; details?: string }; denom?: string;
  /** Its ed25519 consensus key (default: the one the node derives and signs with). */
  consensusPubKey?: Uint8Array;
}): Json {
  const operator = operatorOf(devAddress(o.key));
  const rate = o.commissionRate ?? 100_000_000_000_000_000n;
  return genTxJson({
    chainId: o.chainId, privateKey: devPrivateKey(o.key), denom: o.denom ?? "basecro",
    validator: {
      operatorAddress: operator,
      description: { moniker: o.description?.moniker ?? "", identity: "", website: "", securityContact: "", details: o.description?.details ?? "" },
      commissionRate: rate, maxRate: rate > 200_000_000_000_000_000n ? rate : 200_000_000_000_000_000n, maxChangeRate: 10_000_000_000_000_000n,
      minSelfDelegation: 1n, selfDelegation: o.selfDelegation, consensusPubKey: o.consensusPubKey ?? consensusKey(o.chainId, operator).pub,
    },
  });
}

/** The default genesis's chain id (`--chain-id` replaces it: the gentxs are signed for the one asked). */
export const DEFAULT_CHAIN_ID = "chainmain-local";

const cached = new Map<string, GenesisJson>();

/**
 * The default genesis: the reference chain's v7 emission values (1 % base rate pinned by
 * inflation_min = inflation_max, 6.8 % monthly decay from block 1, a 100 B CRO cap) on a
 * 98.5 B CRO launch supply, at a fixed genesis time so that every run is the same.
 */
export function defaultGenesisJson(chainId = DEFAULT_CHAIN_ID): GenesisJson {
  if (!cached.has(chainId)) cached.set(chainId, build(chainId));
  return structuredClone(cached.get(chainId)!);
}

function build(chainId: string): GenesisJson {
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
  const coins = (amount: bigint): Json => [{ denom: "basecro", amount: `${amount}` }];
  const balances: Json[] = [
    { address: devAddress(0), coins: coins(reserve) },
    { address: REWARDS_POOL_ADDRESS, coins: coins(pool) },
  ];
  for (let n = 1; n <= 4; n++) balances.push({ address: devAddress(n), coins: coins(operatorFunds) });
  for (let n = 5; n <= 8; n++) balances.push({ address: devAddress(n), coins: coins(userFunds) });
  const accounts: Json[] = Array.from({ length: DEV_KEY_COUNT }, (_, n) => ({
    "@type": BASE_ACCOUNT, address: devAddress(n), pub_key: null, account_number: `${n}`, sequence: "0",
  }));
  const genTxs = [1, 2, 3, 4].map((n) => devGenTx({
    chainId, key: n, selfDelegation,
    description: { moniker: `local-validator-${n}`, details: `Validator ${n} of the local chain, operated by dev key ${n} (README).` },
  }));
  const tier = (id: number, exit: string, apy: string): Json => ({
    id, exit_duration: exit, bonus_apy: apy, min_lock_amount: "10000000000", close_only: false,
  });
  return {
    app_name: "tiered-rewards-engine",
    app_version: "0.1.0",
    genesis_time: "2026-01-01T00:00:00Z",
    chain_id: chainId,
    initial_height: 1,
    app_hash: null,
    app_state: {
      auth: { params: { ...AUTH_PARAMS }, accounts },
      bank: {
        params: { send_enabled: [], default_send_enabled: true },
        balances, supply: coins(launch), denom_metadata: [CRO_METADATA], send_enabled: [],
      },
      staking: {
        params: {
          unbonding_time: "2419200s", max_validators: 100, max_entries: 7, historical_entries: 10000, bond_denom: "basecro",
          min_commission_rate: "0.000000000000000000",
        },
        last_total_power: "0", last_validator_powers: [], validators: [], delegations: [], unbonding_delegations: [], redelegations: [],
        exported: false,
      },
      distribution: {
        params: {
          community_tax: "0.020000000000000000", base_proposer_reward: "0.000000000000000000", bonus_proposer_reward: "0.000000000000000000",
          withdraw_addr_enabled: true,
        },
        fee_pool: { community_pool: [] }, delegator_withdraw_infos: [], previous_proposer: "", outstanding_rewards: [],
        validator_accumulated_commissions: [], validator_historical_rewards: [], validator_current_rewards: [], delegator_starting_infos: [],
        validator_slash_events: [],
      },
      mint: {
        minter: { inflation: "0.010000000000000000", annual_provisions: "0.000000000000000000" },
        params: {
          mint_denom: "basecro", inflation_rate_change: "0.000000000000000000", inflation_max: "0.010000000000000000",
          inflation_min: "0.010000000000000000", goal_bonded: "0.670000000000000000", blocks_per_year: "6311520",
        },
      },
      inflation: {
        params: { max_supply: "10000000000000000000", burned_addresses: ["cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv"], decay_rate: "0.068000000000000000" },
        decay_epoch_start: "1",
      },
      tieredrewards: {
        params: { target_base_rewards_rate: "0.030000000000000000" },
        tiers: [tier(1, "31536000s", "0.020000000000000000"), tier(2, "63072000s", "0.040000000000000000"), tier(3, "126144000s", "0.070000000000000000")],
        positions: [], next_position_id: "0", redelegation_mappings: [], validator_events: [], validator_event_seqs: [],
      },
      gov: {
        starting_proposal_id: "1", deposits: [], votes: [], proposals: [], deposit_params: null, voting_params: null, tally_params: null,
        params: structuredClone(DEFAULT_GOV_PARAMS_JSON) as unknown as Json, constitution: "",
      },
      slashing: {
        params: {
          signed_blocks_window: "100", min_signed_per_window: "0.500000000000000000", downtime_jail_duration: "600s",
          slash_fraction_double_sign: "0.050000000000000000", slash_fraction_downtime: "0.010000000000000000",
        },
        signing_infos: [], missed_blocks: [],
      },
      genutil: { gen_txs: genTxs },
      // The node's own settings: governance messages signed by dev key 0 (a local chain), and
      // 1 CRO (10^8 basecro) per unit of consensus power.
      node: { gov_authority: devAddress(0), power_reduction: "100000000" },
    },
    consensus: {
      params: {
        block: { max_bytes: "22020096", max_gas: "-1" },
        evidence: { max_age_num_blocks: "100000", max_age_duration: "172800000000000", max_bytes: "1048576" },
        validator: { pub_key_types: ["ed25519"] }, version: { app: "0" }, abci: { vote_extensions_enable_height: "0" },
      },
    },
  };
}
