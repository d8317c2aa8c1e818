// Export: the last committed state as the SDK's genesis document, as `chain-maind export` writes
// it (initial_height = the next block, every module's state, consensus.validators), so chain-maind
// or another node starts from it. The sections the node does not read are the genesis's, kept.
// The node's exact records ride along in `app_state.node_state` (export.ts), bound to these
// sections by their digest: a node started on the document continues this chain bit for bit.

import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { base64 } from "@scure/base";
import type { Core } from "../core/core.js";
import { Vesting } from "../core/vesting.js";
import { decodeCoreState, tableIds, type CoreState } from "../core/genesis-records.js";
import type { NodeStore } from "../store/store.js";
import { addressOrder, isObject, type Json } from "./genesis-json.js";
import { ACCOUNT_PREFIX, READ_SECTIONS, VALIDATOR_PREFIX, type Genesis } from "./genesis-sdk.js";
export { sdkDigest } from "./genesis-sdk.js";
import type { NodeDirectory } from "../modules/auth/directory.js";
import { AUTH_PARAMS, accountJson, foreignModules } from "../modules/auth/genesis.js";
import { bankJson } from "../modules/bank/genesis.js";
import { stakingJson, stakingParamsJson, type SdkEntry, type StakingState } from "../modules/staking/genesis.js";
import { distributionJson, pairKey, type DistributionState } from "../modules/distribution/genesis.js";
import { mintJson } from "../modules/mint/genesis.js";
import { inflationJson, type InflationParams } from "../modules/inflation/genesis.js";
import { tieredRewardsJson, withGenesisMappings } from "../modules/tieredrewards/genesis.js";
import { govJson } from "../modules/gov/genesis-export.js";
import type { Gov } from "../modules/gov/keeper.js";
import type { Slashing } from "../modules/slashing/keeper.js";
import type { Bank } from "../modules/bank/keeper.js";
import type { Feegrant } from "../modules/feegrant/keeper.js";
import { feegrantJson } from "../modules/feegrant/genesis.js";
import { storedNftJson } from "../modules/nft/genesis.js";
import type { GovernedParams } from "../modules/gov/governed-params.js";
import { paramsJson } from "../modules/gov/update-params.js";
import { mintParams } from "../modules/mint/update-params.js";
import { slashingJson } from "../modules/slashing/genesis.js";
import { authzJson } from "../modules/authz/genesis.js";
import { Authz, type Grant } from "../modules/authz/keeper.js";
import type { ValidatorRegistry } from "../modules/staking/validators.js";

/** What an export reads: the chain's stored state and its modules at the last committed block. */
export interface ExportSource {
  genesis: Genesis;
  genesisDoc: Json;
  core: Core;
  store: NodeStore;
  directory: NodeDirectory;
  validators: ValidatorRegistry;
  gov: Gov;
  slashing: Slashing;
  /** x/bank's params now. */
  bank: Bank;
  feegrant: Feegrant;
  /** The params governance set (each module's, absent: the genesis's). */
  params?: GovernedParams;
  inflationParams: InflationParams;
  /** x/mint's rate and annual provisions of the last block (raw Decs). */
  minter: { inflation: bigint; annualProvisions: bigint };
  communityPool: bigint;
}

type Obj = { [key: string]: Json };
const PREFIXES = { account: ACCOUNT_PREFIX, validator: VALIDATOR_PREFIX };
const CONS_PREFIX = `${VALIDATOR_PREFIX}cons`;

export function exportSdkGenesis(src: ExportSource): Json {
  const doc = src.genesisDoc as Obj;
  const app = doc.app_state as Obj;
  const g = src.genesis;
  const last = src.store.lastBlock()!;
  const height = last.height;
  const denom = g.mint.params.mintDenom;
  const core = decodeCoreState(src.store.records(), tableIds(src.core));
  const addressOf = (id: number) => src.directory.accountAddress(id) ?? missing(`account ${id}`);
  const operatorOf = (id: number) => src.directory.validatorAddress(id) ?? missing(`validator ${id}`);
  const governed = (name: "auth" | "staking" | "distribution" | "gov" | "consensus") => {
    const p = src.params?.get(name);
    return p === undefined ? undefined : (paramsJson(name, p as never) as Obj);
  };
  const kept = (name: string) => {
    const section = isObject(app[name]) ? (app[name] as Obj) : undefined;
    const p = name === "auth" || name === "staking" || name === "distribution" || name === "gov" ? governed(name) : undefined;
    return p === undefined ? section : { ...(section ?? {}), params: p };
  };
  const out: Obj = {};
  for (const [k, v] of Object.entries(app)) if (!READ_SECTIONS.has(k)) out[k] = v;
  const byBytes = addressOrder(ACCOUNT_PREFIX, false);
  const accounts = src.directory.accounts().filter((a) => a.number !== undefined || a.id < 16).sort((a, b) => byBytes(a.address, b.address));
  const foreign = foreignModules(g.sdk.auth);
  const vesting = new Vesting(src.core);
  out.auth = {
    params: kept("auth")?.params ?? { ...AUTH_PARAMS },
    accounts: accounts.map((a) => {
      const lock = vesting.lock(a.id);
      return accountJson({ ...a, number: a.number ?? BigInt(a.id) }, foreign.get(a.address), ACCOUNT_PREFIX, lock && { lock, denom });
    }),
  };
  out.bank = bankJson(kept("bank"), [...core.balances].map(([id, amount]) => ({ address: addressOf(id), amount })), denom, ACCOUNT_PREFIX, src.bank.params());
  const staking = stakingState(core, src, addressOf, operatorOf);
  out.staking = staking.validators.length === 0 && staking.delegations.length === 0
    ? { ...(kept("staking") ?? {}), params: kept("staking")?.params ?? stakingParamsJson(g.staking, denom) }
    : stakingJson(kept("staking")?.params ?? stakingParamsJson(g.staking, denom), staking, PREFIXES);
  const unchanged = height === g.height;
  out.distribution = distributionJson({
    params: kept("distribution")?.params ?? null,
    previousProposer: unchanged && typeof kept("distribution")?.previous_proposer === "string" ? kept("distribution")!.previous_proposer as string : "",
  }, distributionState(core, src, addressOf, operatorOf), denom, PREFIXES);
  out.mint = mintJson(mintParams(src.params, g.mint.params), unchanged && g.mint.minter ? g.mint.minter : src.minter);
  out.inflation = inflationJson(src.inflationParams, g.inflation.decayEpochStart);
  out.tieredrewards = tieredRewardsJson({
    params: { targetBaseRewardsRate: core.targetRate ?? g.tieredrewards.params.targetBaseRewardsRate },
    tiers: core.tiers.sort((a, b) => a.id - b.id).map((t) => ({ id: t.id, exitDurationNs: t.exitSeconds * 1_000_000_000n, bonusApy: t.apy, minLockAmount: t.minLock, closeOnly: t.closeOnly })),
    nextPositionId: core.nextPositionId,
    positions: core.positions.map((p) => ({
      id: p.id, owner: addressOf(p.owner), tierId: p.tier, lastBonusAccrualNs: p.lastAccrual, lastEventSeq: p.lastSeq, lastKnownBonded: p.bonded,
      exitTriggeredAtNs: p.triggered, exitUnlockAtNs: p.unlock, createdAtHeight: p.height, createdAtTimeNs: p.time, delegator: addressOf(p.delegator),
    })),
    mappings: mappings(core, g),
    events: core.validatorEvents.sort((a, b) => a.validator - b.validator || (a.seq < b.seq ? -1 : 1)).map((e) => ({
      validator: operatorOf(e.validator), seq: e.seq, height: e.height, timeNs: e.time, type: e.type, tokensPerShare: e.tokensPerShare, references: e.refs,
    })),
    seqs: new Map([...core.validatorSeqs].filter(([, seq]) => seq > 0n).map(([v, seq]) => [operatorOf(v), seq] as const)),
  });
  out.gov = govJson(kept("gov") ?? {}, src.gov, denom, ACCOUNT_PREFIX);
  out.slashing = slashingJson(src.slashing.params, src.slashing.all(), CONS_PREFIX);
  out.authz = authzJson(storedGrants(src.store));
  out.feegrant = feegrantJson(src.feegrant.all());
  out.nft = storedNftJson(src.store.govRecords());
  out.genutil = { gen_txs: [] };
  if (app.node !== undefined) out.node = app.node;
  const consensus = isObject(doc.consensus) ? (doc.consensus as Obj) : {};
  return {
    ...(doc.app_name === undefined ? {} : { app_name: doc.app_name }),
    ...(doc.app_version === undefined ? {} : { app_version: doc.app_version }),
    genesis_time: doc.genesis_time as Json,
    chain_id: doc.chain_id as Json,
    initial_height: Number(height + 1n),
    app_hash: null,
    app_state: out,
    consensus: {
      validators: consensusValidators(staking),
      ...(governed("consensus") !== undefined ? { params: consensusJson(governed("consensus")!) } : consensus.params === undefined ? {} : { params: consensus.params }),
    },
  };
}

/** x/authz's grants as the store holds them at the last committed block, in the store's order. */
function storedGrants(store: NodeStore): Grant[] {
  const authz = new Authz(ACCOUNT_PREFIX);
  for (const r of store.govRecords()) if (Authz.owns(r.key)) authz.load(r.key, r.value);
  return authz.all().map((x) => x.grant);
}

function missing(what: string): never {
  throw new Error(`export: ${what} has no address in the directory`);
}

function stakingState(core: CoreState, src: ExportSource, addressOf: (id: number) => string, operatorOf: (id: number) => string): StakingState {
  const entries = <T extends { id: bigint }, K>(list: T[], key: (e: T) => string, make: (e: T) => K, entry: (e: T) => SdkEntry) => {
    const groups = new Map<string, { head: K; entries: SdkEntry[] }>();
    for (const e of [...list].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const k = key(e);
      if (!groups.has(k)) groups.set(k, { head: make(e), entries: [] });
      groups.get(k)!.entries.push(entry(e));
    }
    return [...groups.values()].map((x) => ({ ...x.head, entries: x.entries }));
  };
  return {
    validators: core.validators.map((v) => {
      const meta = src.validators.meta(v.id)!;
      return {
        operator: operatorOf(v.id), pub: meta.pub, jailed: v.jailed, status: v.status, tokens: v.tokens, shares: v.shares, description: meta.description,
        unbondingHeight: v.unbondingHeight, unbondingTimeNs: v.unbondingTime, rate: v.commissionRate, maxRate: meta.maxRate, maxChangeRate: meta.maxChangeRate,
        updateTimeNs: meta.updateTimeNs, minSelfDelegation: v.minSelfDelegation,
      };
    }),
    delegations: core.delegations.map((d) => ({ delegator: addressOf(d.delegator), validator: operatorOf(d.validator), shares: d.shares })),
    unbondings: entries(core.unbondings, (e) => `${e.delegator}/${e.validator}`, (e) => ({ delegator: addressOf(e.delegator), validator: operatorOf(e.validator) }),
      (e) => ({ id: e.id, height: e.height, completionNs: e.completion, initial: e.initial, amount: e.balance })),
    redelegations: entries(core.redelegations, (e) => `${e.delegator}/${e.src}/${e.dst}`, (e) => ({ delegator: addressOf(e.delegator), src: operatorOf(e.src), dst: operatorOf(e.dst) }),
      (e) => ({ id: e.id, height: e.height, completionNs: e.completion, initial: e.initial, amount: e.sharesDst })),
    lastPowers: new Map(core.validators.filter((v) => v.lastPower > 0n).map((v) => [operatorOf(v.id), v.lastPower])),
  };
}

function distributionState(core: CoreState, src: ExportSource, addressOf: (id: number) => string, operatorOf: (id: number) => string): DistributionState {
  return {
    communityPool: src.communityPool,
    withdrawAddresses: new Map([...core.withdrawAddresses].map(([d, to]) => [addressOf(d), addressOf(to)])),
    outstanding: new Map(core.validators.map((v) => [operatorOf(v.id), v.outstanding])),
    commission: new Map(core.validators.map((v) => [operatorOf(v.id), v.commission])),
    historical: core.historical.map((h) => ({ validator: operatorOf(h.validator), period: h.period, ratio: h.ratio, references: h.references })),
    current: new Map(core.validators.map((v) => [operatorOf(v.id), { rewards: v.currentRewards, period: v.period }])),
    startingInfos: new Map(core.delegations.filter((d) => d.hasInfo).map((d) => [
      pairKey(addressOf(d.delegator), operatorOf(d.validator)), { previousPeriod: d.previousPeriod, stake: d.stake, height: d.height },
    ])),
    slashEvents: core.slashEvents.map((e) => ({ validator: operatorOf(e.validator), height: e.height, period: e.period, fraction: e.fraction })),
  };
}

/** Those of live position redelegations and the genesis's (chain-main keeps them past maturity). */
function mappings(core: CoreState, g: Genesis): { unbondingId: bigint; positionId: bigint }[] {
  const byDelegator = new Map(core.positions.map((p) => [p.delegator, p.id]));
  const live = core.redelegations.flatMap((r) => {
    const positionId = byDelegator.get(r.delegator);
    return positionId === undefined ? [] : [{ unbondingId: r.id, positionId }];
  });
  return withGenesisMappings(live, g.tieredrewards.mappings);
}

/** CometBFT's genesis validators: the last validator set, by operator. */
function consensusValidators(s: StakingState): Json {
  const order = addressOrder(VALIDATOR_PREFIX, true);
  return s.validators.filter((v) => (s.lastPowers.get(v.operator) ?? 0n) > 0n).sort((a, b) => order(a.operator, b.operator)).map((v) => ({
    address: bytesToHex(sha256(v.pub).subarray(0, 20)).toUpperCase(),
    pub_key: { type: "tendermint/PubKeyEd25519", value: base64.encode(v.pub) },
    power: `${s.lastPowers.get(v.operator)}`,
    name: v.description.moniker,
  }));
}

/** The consensus params of the export: CometBFT's genesis JSON (durations in nanoseconds, as CometBFT writes them). */
function consensusJson(p: Obj): Json {
  const e = p.evidence as Obj | undefined;
  const d = typeof e?.max_age_duration === "string" ? BigInt((e.max_age_duration as string).replace(/s$/, "").split(".")[0]!) * 1_000_000_000n : undefined;
  return { ...p, ...(e === undefined ? {} : { evidence: { ...e, ...(d === undefined ? {} : { max_age_duration: `${d}` }) } }) };
}
