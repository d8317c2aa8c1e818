// The genesis document, x/genutil's as in the SDK (AppGenesis, ValidateGenesis over every module):
// the SDK's AppGenesis as chain-maind writes it (`genesis.json` after
// collect-gentxs, or the output of `chain-maind export`), read module by module (host/modules/
// <module>/genesis.ts) with every error naming its JSON path. The modules that change what the
// node does are read; the others chain-main has (ibc, nft, authz, feegrant, group, upgrade, …) are
// kept as they are and exported again. Two sections are the node's own, which chain-maind does not
// read (it reads each module by its name): `app_state.node` (the governance authority of a local
// chain, the power reduction) and `app_state.node_state` (an exported node's exact records).

import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { ValidationError } from "../../errors.js";
import { sortedJsonStringify } from "../../wire/amino/sign-doc.js";
import { parseTimestamp } from "../../wire/gateway-json.js";
import { FIRST_TIME_TEXT, LAST_TIME_TEXT, fitsDuration } from "../../wire/duration.js";
import { MAX_U64, array, duration, fail, int, isObject, materializeJson, object, string, uint64, withAddressScope, type DecParser, type Json } from "../../framework/genesis-json.js";
import { canonicalAddress } from "../../wire/address.js";
import { parseAuth, type AuthGenesis } from "../auth/genesis.js";
import { parseBank, type Coin } from "../bank/genesis.js";
import type { BankParams } from "../bank/keeper.js";
import { parseMint, type MintGenesis } from "../mint/genesis.js";
import { parseInflation, type InflationParams } from "../inflation/genesis.js";
import { parseStaking, type StakingState } from "../staking/genesis.js";
import { parseDistribution, type DistributionState } from "../distribution/genesis.js";
import { parseTieredRewards, type TieredRewardsGenesis } from "../tieredrewards/genesis.js";
import { parseGov, type GovParams, type GovState } from "../gov/genesis.js";
import { parseSlashing } from "../slashing/genesis.js";
import { parseFeegrant } from "../feegrant/genesis.js";
import { parseNft, type NftCollection } from "../nft/genesis.js";
import { parseCircuit, type CircuitGenesis } from "../circuit/genesis.js";
import { parseGroup } from "../group/genesis.js";
import type { GenesisState as GroupGenesis } from "../../wire/gen/cosmos/group/v1/genesis_pb.js";
import { parseEvidence } from "../evidence/genesis.js";
import type { Equivocation } from "../evidence/keeper.js";
import type { Grant as FeeGrant } from "../feegrant/keeper.js";
import { parseAuthz } from "../authz/genesis.js";
import type { Grant } from "../authz/keeper.js";
import { parseGenutil, type GenTx, type GenTxValidator } from "./genesis.js";
import type { SigningInfo, SlashingParams } from "../slashing/params.js";

import { ACCOUNT_PREFIX, GOV_MODULE_ADDRESS, VALIDATOR_PREFIX } from "../../framework/prefixes.js";

export { ACCOUNT_PREFIX, GOV_MODULE_ADDRESS, REWARDS_POOL_ADDRESS, VALIDATOR_PREFIX } from "../../framework/prefixes.js";
const PREFIXES = { account: ACCOUNT_PREFIX, validator: VALIDATOR_PREFIX };

/** chain-main's modules (v1ac014c6's app_state), the node's own two sections, and modules older SDKs had. */
export const KNOWN_SECTIONS = [
  "06-solomachine", "07-tendermint", "auth", "authz", "bank", "chainmain", "circuit", "consensus", "distribution", "evidence",
  "feegrant", "genutil", "gov", "group", "ibc", "inflation", "interchainaccounts", "mint", "nft", "slashing", "staking", "supply",
  "tieredrewards", "transfer", "upgrade", "vesting", "capability", "crisis", "params", "node", "node_state",
];
/** Sections the node reads; the rest of KNOWN_SECTIONS are kept verbatim. */
export const READ_SECTIONS = new Set([
  "auth", "authz", "bank", "circuit", "distribution", "evidence", "feegrant", "genutil", "gov", "group", "inflation", "mint", "nft", "slashing", "staking", "tieredrewards", "node", "node_state",
]);

/** A gentx's validator: what the CLI's projections read of a new chain's validators. */
export type GenesisValidator = GenTxValidator;

export interface StakingGenesis {
  maxValidators: number;
  unbondingTimeNs: bigint;
  /** Tokens per unit of consensus power (the SDK's DefaultPowerReduction unless app_state.node says). */
  powerReduction: bigint;
  /** A new chain's validators (its gentxs'). */
  validators: GenesisValidator[];
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
  accounts: { id: number; address: string; sequence: bigint; pubKey?: Uint8Array; number?: bigint }[];
  /** sha256 of the SDK sections it was exported with (genesis-export.ts sdkDigest); absent: not checked. */
  sdkDigest?: string;
}

/** A validated genesis. */
export interface Genesis {
  chainId: string;
  /** Nanoseconds since the Unix epoch. */
  genesisTimeNs: bigint;
  /** The height of the state the document holds: initial_height - 1 (0: a new chain). */
  height: bigint;
  bank: {
    /** Total supply by denom, sorted by denom; holds the bond denom. */
    supply: Coin[];
    /** x/bank's params: default_send_enabled and the per-denom flags (send_enabled). */
    params: BankParams;
    /** Bond-denom balance held by the burned addresses, in total (part of the supply). */
    burnedBalance: bigint;
  };
  mint: MintGenesis;
  inflation: { params: InflationParams; decayEpochStart: bigint };
  /** Bond-denom balances, in the genesis order (the order core account ids are assigned in). */
  balances: { address: string; amount: bigint }[];
  staking: StakingGenesis;
  distribution: { communityTax: bigint };
  tieredrewards: TieredRewardsGenesis;
  /** Consensus params: the block gas limit, -1 = none. */
  /** The block gas limit; the evidence ages x/evidence holds double signs to (absent: CometBFT's defaults). */
  consensus: { maxGas: bigint; evidenceMaxAge?: { blocks: bigint; ns: bigint } };
  /** The governance authority (the x/gov module account; a local chain may name a key) and x/gov's params. */
  gov: { authority: string; params: GovParams };
  slashing: { params: SlashingParams };
  /** An exported node's state (GET /dev/export): the chain starts from it instead of the sections above. */
  nodeState?: NodeState;
  /** What InitChain places beyond params (genesis-init.ts). */
  sdk: {
    auth: AuthGenesis;
    genTxs: GenTx[];
    /** An exported chain's validators, delegations and entries; absent for a new chain. */
    staking?: StakingState;
    distribution: DistributionState;
    gov: GovState;
    /** x/authz's grants (an exported chain's). */
    authz: Grant[];
    /** Signing infos by consensus address (upper-case hex). */
    signingInfos: Map<string, SigningInfo>;
    /** x/feegrant's allowances. */
    feegrant: FeeGrant[];
    /** chain-main x/nft's collections. */
    nft: NftCollection[];
    /** x/circuit's permissions and disabled types. */
    circuit: CircuitGenesis;
    /** ibc-go's section as given (host/modules/ibc/genesis.ts reads it into the IBC store). */
    ibc?: unknown;
    /** Interchain accounts' section as given (host/modules/ibc/genesis.ts reads its controller ports). */
    interchainaccounts?: unknown;
    /** x/group's GenesisState. */
    group: GroupGenesis;
    /** x/evidence's equivocations. */
    evidence: Equivocation[];
  };
}

/** sha256 (hex) of a document's SDK sections: all but `app_state.node_state`, keys sorted. */
export function sdkDigest(doc: Json): string {
  const o = doc as { [key: string]: Json };
  const { node_state: _, ...app } = (isObject(o.app_state) ? o.app_state : {}) as { [key: string]: Json };
  // A streamed document's long arrays are read back whole here (an exported node's digest: the SDK sections as one text).
  return bytesToHex(sha256(utf8ToBytes(sortedJsonStringify(materializeJson({ ...o, app_state: app })))));
}

/** A document chain-maind wrote (or this node exported): taken as it is, never laid over the default. */
export function isCompleteDoc(doc: Json): boolean {
  return isObject(doc) && (doc.app_name !== undefined || (isObject(doc.app_state) && doc.app_state.auth !== undefined));
}

/** Parse and validate a complete genesis document. First failure wins, as in the reference. */
export function parseGenesis(doc: Json, dec: DecParser, parseNodeState: (v: Json | undefined) => NodeState): Genesis {
  return withAddressScope(() => parseDocument(doc, dec, parseNodeState));
}

function parseDocument(doc: Json, dec: DecParser, parseNodeState: (v: Json | undefined) => NodeState): Genesis {
  const root = object(doc, "genesis", ["app_name", "app_version", "genesis_time", "chain_id", "initial_height", "app_hash", "app_state", "consensus"]);
  const chainId = string(root.chain_id, "chain_id");
  if (chainId.trim() === "") throw new ValidationError("genesis doc must include non-empty chain_id", "chain_id");
  if (chainId.length > 50) throw new ValidationError("chain_id in genesis doc is too long (max: 50)", "chain_id");
  for (const k of ["app_name", "app_version"] as const) if (root[k] !== undefined) string(root[k], k);
  if (root.app_hash !== undefined && root.app_hash !== null) string(root.app_hash, "app_hash");
  let genesisTimeNs: bigint;
  try {
    genesisTimeNs = parseTimestamp(string(root.genesis_time, "genesis_time"));
  } catch (e) {
    if (e instanceof ValidationError) throw e;
    throw new ValidationError((e as Error).message, "genesis_time");
  }
  coreTime(genesisTimeNs, root.genesis_time as string, "genesis_time");
  const initialHeight = root.initial_height === undefined ? 1n : uint64(root.initial_height, "initial_height");
  if (initialHeight === 0n) fail("initial_height cannot be 0", "initial_height");
  const app = object(root.app_state, "app_state", KNOWN_SECTIONS);
  if (isObject(app.staking) && Array.isArray(app.staking.validators) && app.staking.validators.some((v) => isObject(v) && "self_delegation" in v)) {
    fail("this is the node's former genesis format: validators are gentxs (app_state.genutil.gen_txs) now; see docs/operator.md", "app_state.staking.validators");
  }
  const node = parseNode(app.node);
  const mint = parseMint(app.mint, dec);
  const denom = mint.params.mintDenom;
  const bank = parseBank(app.bank, denom, ACCOUNT_PREFIX);
  const inflation = parseInflation(app.inflation, dec);
  const auth = parseAuth(app.auth, ACCOUNT_PREFIX);
  const staking = parseStaking(app.staking, dec, denom, PREFIXES);
  const distribution = parseDistribution(app.distribution, dec, denom, PREFIXES);
  const tieredrewards = parseTieredRewards(app.tieredrewards, dec, PREFIXES);
  const gov = parseGov(app.gov, dec, denom, ACCOUNT_PREFIX);
  const slashing = parseSlashing(app.slashing, dec, `${VALIDATOR_PREFIX}cons`);
  const genTxs = parseGenutil(app.genutil, dec, denom, PREFIXES);
  const authz = parseAuthz(app.authz, ACCOUNT_PREFIX);
  const feegrant = parseFeegrant(app.feegrant, ACCOUNT_PREFIX);
  const nft = parseNft(app.nft, ACCOUNT_PREFIX);
  const circuit = parseCircuit(app.circuit, ACCOUNT_PREFIX);
  const group = parseGroup(app.group);
  const evidence = parseEvidence(app.evidence);
  checkGenTxs(genTxs, auth, bank.balances);
  const nodeState = app.node_state === undefined ? undefined : parseNodeState(app.node_state);
  if (nodeState?.sdkDigest !== undefined && nodeState.sdkDigest !== sdkDigest(doc)) {
    fail("the SDK sections differ from those this state was exported with; remove app_state.node_state to start from the SDK sections", "app_state.node_state.sdk_digest");
  }
  const consensus = parseConsensus(root.consensus);
  const burned = new Set(inflation.params.burnedAddresses);
  return {
    chainId, genesisTimeNs, height: initialHeight - 1n,
    bank: { supply: bank.supply, params: bank.params, burnedBalance: bank.balances.filter((b) => burned.has(b.address)).reduce((t, b) => t + b.amount, 0n) },
    mint, inflation, balances: bank.balances,
    staking: { ...staking.params, powerReduction: node.powerReduction, validators: genTxs.map((t) => t.validator) },
    distribution: { communityTax: distribution.communityTax },
    tieredrewards, consensus, gov: { authority: node.govAuthority, params: gov.params }, slashing: { params: slashing.params },
    ...(nodeState ? { nodeState } : {}),
    sdk: { auth, genTxs, ...(staking.state ? { staking: staking.state } : {}), distribution: distribution.state, gov: gov.state, authz, signingInfos: slashing.infos, feegrant, nft, circuit, group, evidence, ...(app.ibc === undefined ? {} : { ibc: app.ibc }), ...(app.interchainaccounts === undefined ? {} : { interchainaccounts: app.interchainaccounts }) },
  };
}

/** The node's own settings (`app_state.node`): `{gov_authority, power_reduction}`. */
function parseNode(v: Json | undefined): { govAuthority: string; powerReduction: bigint } {
  const path = "app_state.node";
  const o = v === undefined ? {} : object(v, path, ["gov_authority", "power_reduction"]);
  let govAuthority = GOV_MODULE_ADDRESS;
  if (o.gov_authority !== undefined) {
    const text = string(o.gov_authority, `${path}.gov_authority`);
    try {
      govAuthority = canonicalAddress(text, ACCOUNT_PREFIX);
    } catch (e) {
      throw new ValidationError(`invalid authority address ${text}: ${(e as Error).message}`, `${path}.gov_authority`);
    }
  }
  const powerReduction = o.power_reduction === undefined ? 1_000_000n : int(o.power_reduction, `${path}.power_reduction`);
  if (powerReduction <= 0n || powerReduction > MAX_U64) fail(`power reduction must be a positive uint64: ${powerReduction}`, `${path}.power_reduction`);
  return { govAuthority, powerReduction };
}

/** A gentx's signer holds an account, and its self-delegation (SDK: the ante handler, then the message). */
function checkGenTxs(genTxs: GenTx[], auth: AuthGenesis, balances: { address: string; amount: bigint }[]): void {
  if (genTxs.length === 0) return; // an exported chain's millions of accounts: no set of them to make
  const accounts = new Set(auth.accounts.map((a) => a.address));
  const funds = new Map(balances.map((b) => [b.address, b.amount]));
  const operators = new Set<string>();
  genTxs.forEach((t, i) => {
    const p = `app_state.genutil.gen_txs[${i}]`;
    if (!accounts.has(t.signer)) fail(`account ${t.signer} does not exist: the signer needs an account in app_state.auth.accounts`, p);
    if (operators.has(t.validator.operatorAddress)) fail(`duplicate validator ${t.validator.operatorAddress}`, p);
    operators.add(t.validator.operatorAddress);
    const left = funds.get(t.signer) ?? 0n;
    if (left < t.validator.selfDelegation) {
      fail(`operator account ${t.signer} holds ${left}, less than the self delegation ${t.validator.selfDelegation}`, p);
    }
    funds.set(t.signer, left - t.validator.selfDelegation);
  });
}

/**
 * `consensus.params.block.max_gas` (the SDK's AppGenesis; CometBFT's consensus params): the most
 * gas the txs of one block may ask for in all, -1 = no limit (CometBFT's default, and ours when
 * absent). An int64 string, at least -1. The other consensus params and validators are kept.
 */
function parseConsensus(v: Json | undefined): Genesis["consensus"] {
  if (v === undefined || v === null) return { maxGas: -1n };
  const c = object(v, "consensus", ["params", "validators"]);
  if (c.validators !== undefined && c.validators !== null) array(c.validators, "consensus.validators");
  if (c.params === undefined || c.params === null) return { maxGas: -1n };
  const p = object(c.params, "consensus.params", ["block", "evidence", "validator", "version", "abci", "synchrony", "feature"]);
  const evidenceMaxAge = parseEvidenceAge(p.evidence);
  if (p.block === undefined) return { maxGas: -1n, ...evidenceMaxAge };
  const path = "consensus.params.block";
  const b = object(p.block, path, ["max_gas", "max_bytes"]);
  if (b.max_gas === undefined) return { maxGas: -1n };
  const maxGas = int(b.max_gas, `${path}.max_gas`);
  if (maxGas < -1n || maxGas >= 1n << 63n) fail("block.MaxGas must be greater or equal to -1 (and fit an int64)", `${path}.max_gas`);
  return { maxGas, ...evidenceMaxAge };
}

/** consensus.params.evidence's ages (CometBFT's genesis JSON: max_age_duration in nanoseconds, or a duration string). */
function parseEvidenceAge(v: Json | undefined): { evidenceMaxAge?: { blocks: bigint; ns: bigint } } {
  if (v === undefined || v === null) return {};
  const path = "consensus.params.evidence";
  const e = object(v, path, ["max_age_num_blocks", "max_age_duration", "max_bytes"]);
  if (e.max_age_num_blocks === undefined || e.max_age_duration === undefined) return {};
  const d = e.max_age_duration;
  const ns = typeof d === "string" && /s$/.test(d) ? duration(d, `${path}.max_age_duration`) : int(d, `${path}.max_age_duration`);
  return { evidenceMaxAge: { blocks: int(e.max_age_num_blocks, `${path}.max_age_num_blocks`), ns } };
}

/**
 * A time the core can hold: int64 nanoseconds since the Unix epoch, 1677-09-21T00:12:43.145224192Z
 * to 2262-04-11T23:47:16.854775807Z (the reference's Timestamp reaches years 1 to 9999; a time
 * outside would reach the core wrapped, so it is refused here).
 */
export function coreTime(ns: bigint, text: string, path: string): void {
  if (!fitsDuration(ns)) fail(`time ${JSON.stringify(text)} is outside this node's range: ${FIRST_TIME_TEXT} to ${LAST_TIME_TEXT} (int64 nanoseconds since 1970)`, path);
}

