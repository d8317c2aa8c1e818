// InitChain from the SDK's genesis document: x/auth's accounts with their numbers, x/bank's
// balances, then either a new chain's gentxs (delivered as the SDK's genutil does, then the
// validator set's first update) or an exported chain's state placed record by record in the core
// (validators with their F1 accumulators, historical rewards, slash events, delegations with their
// starting infos, unbonding and redelegation entries with their ids, withdraw addresses, the
// community pool, tier positions and validator events), x/gov's and x/slashing's records, and the
// validators' descriptions and consensus keys. An exported state must hold together: the core's
// invariants are checked before its first block is committed.

import { ValidationError } from "../errors.js";
import type { Core } from "../core/core.js";
import type { Emission } from "../core/emission.js";
import type { Ledger } from "../core/ledger.js";
import type { Tiers } from "../core/tiers.js";
import { CoreError } from "../core/errors.js";
import { Cell, GenesisPlacer } from "../core/genesis-records.js";
import type { NodeDirectory } from "../modules/auth/directory.js";
import { moduleAccountNumbers } from "../modules/auth/genesis.js";
import { accountAddressBytes, encodeAddress } from "../wire/address.js";
import type { Gov } from "../modules/gov/keeper.js";
import { govRecords } from "../modules/gov/genesis-state.js";
import type { Slashing } from "../modules/slashing/keeper.js";
import type { Feegrant } from "../modules/feegrant/keeper.js";
import { expiresAt } from "../modules/feegrant/allowance.js";
import { consensusAddressOf } from "../modules/staking/consensus-key.js";
import { orderKey, type ValidatorRegistry } from "../modules/staking/validators.js";
import { pairKey } from "../modules/distribution/genesis.js";
import { ACCOUNT_PREFIX, VALIDATOR_PREFIX, type Genesis } from "./genesis-sdk.js";
import { TABLE_NAMES } from "../core/memory.js";
import { bondLock } from "../modules/vesting/genesis.js";

/** What InitChain works on: the chain's keepers, and how it delivers a gentx. */
export interface InitChainHost {
  readonly core: Core;
  readonly ledger: Ledger;
  readonly tiers: Tiers;
  readonly emission: Emission;
  readonly directory: NodeDirectory;
  readonly validators: ValidatorRegistry;
  readonly gov: Gov;
  readonly slashing: Slashing;
  readonly feegrant: Feegrant;
  /** A gentx's TxRaw through the ante handler and its message at the genesis height: its code and log, or a throw (a bad signature). */
  deliverGenTx(txBytes: Uint8Array): { code: number; rawLog: string };
}

/** Genesis into the core and the host's modules; returns the burn addresses' ids and balance. Throws ValidationError naming the path. */
export function initChain(g: Genesis, h: InitChainHost): { burnIds: number[]; burned: bigint } {
  const exported = g.sdk.staking !== undefined;
  if (exported && g.sdk.genTxs.length > 0) {
    throw new ValidationError("gentxs make a new chain's validators; an exported state has its own", "app_state.genutil.gen_txs");
  }
  const burned = g.bank.burnedBalance;
  if (!exported) h.emission.setState({ height: g.height, totalSupply: g.bank.supply.find((c) => c.denom === g.mint.params.mintDenom)!.amount, burned });
  const burnIds = accounts(g, h.directory);
  for (const b of g.balances) h.ledger.genesisBalance(h.directory.accountId(b.address)!, b.amount);
  placeVesting(g, h);
  const placer = new GenesisPlacer(h.core);
  const validatorIds = exported ? placeStaking(g, h, placer) : new Map<string, number>();
  placeDistribution(g, h, placer);
  for (const t of g.tieredrewards.tiers) {
    h.tiers.addTier({ id: t.id, exitDuration: t.exitDurationNs / 1_000_000_000n, bonusApy: t.bonusApy, minLockAmount: t.minLockAmount, closeOnly: t.closeOnly });
  }
  placeTiers(g, h, placer, validatorIds);
  // what the export named without an account (a delegator, an owner): numbered as the SDK would on first use
  const burn = new Set(burnIds);
  for (const a of h.directory.accounts()) {
    if (a.number === undefined && a.id >= 16 && !burn.has(a.id)) h.directory.genesisAccount(a.address, { number: h.directory.nextAccountNumber() });
  }
  for (const r of govRecords(g.sdk.gov)) h.gov.importRecord(r.key, r.value);
  for (const [address, info] of g.sdk.signingInfos) h.slashing.importRecord(`s/${address}`, JSON.stringify(info, (_, v) => (typeof v === "bigint" ? `${v}n` : v)));
  // x/feegrant's InitGenesis: GrantAllowance each (a grantee without an account gets one)
  g.sdk.feegrant.forEach((grant, i) => {
    const refuse = (why: string) => { throw new ValidationError(`${why}: invalid request`, `app_state.feegrant.allowances[${i}]`); };
    if (h.feegrant.get(grant.granter, grant.grantee) !== undefined) refuse("fee allowance already exists");
    const exp = expiresAt(grant.allowance);
    if (exp !== undefined && exp < g.genesisTimeNs) refuse("expiration is before current block time");
    if (!h.directory.numbered(grant.grantee)) h.directory.genesisAccount(grant.grantee, { number: h.directory.nextAccountNumber() });
    h.feegrant.importGrant(grant);
  });
  g.sdk.genTxs.forEach((t, i) => {
    const at = `app_state.genutil.gen_txs[${i}]`;
    let r: { code: number; rawLog: string };
    try {
      r = h.deliverGenTx(t.txBytes);
    } catch (e) {
      throw new ValidationError((e as Error).message, at);
    }
    if (r.code !== 0) throw new ValidationError(`failed to execute DeliverTx: ${r.rawLog}`, at);
  });
  if (exported) {
    h.ledger.restore(g.height, burned);
    const broken = [...h.ledger.checkInvariants(), ...h.tiers.checkInvariants()];
    if (broken.length > 0) throw new ValidationError(`the exported state does not hold together: ${broken.join("; ")}`, "app_state");
  } else {
    h.ledger.endBlock(g.height, g.genesisTimeNs);
  }
  return { burnIds, burned };
}

/**
 * Core ids in the order the node always gave them (balances, then other accounts, then burn
 * addresses); x/auth numbers as the SDK's InitGenesis gives them: the genesis's, then the module
 * accounts it lacks, then (leniently) a balance without an account. A burn address without
 * either has no account.
 */
function accounts(g: Genesis, directory: NodeDirectory): number[] {
  const auth = new Map(g.sdk.auth.accounts.map((a) => [a.address, a]));
  const give = (address: string) => {
    const a = auth.get(address);
    directory.genesisAccount(address, a === undefined ? {} : { number: a.number, sequence: a.sequence, ...(a.pubKey ? { pubKey: a.pubKey } : {}) });
  };
  for (const b of g.balances) give(b.address);
  for (const a of g.sdk.auth.accounts) give(a.address);
  const burnIds = g.inflation.params.burnedAddresses.map((a) => directory.genesisAccount(a));
  for (const [address, number] of moduleAccountNumbers(g.sdk.auth, ACCOUNT_PREFIX)) directory.genesisAccount(address, { number });
  for (const b of g.balances) if (!directory.numbered(b.address)) directory.genesisAccount(b.address, { number: directory.nextAccountNumber() });
  return burnIds;
}

/** The vesting accounts' locks (x/auth/vesting), of the bond denom. */
function placeVesting(g: Genesis, h: InitChainHost): void {
  for (const a of g.sdk.auth.accounts) {
    if (a.vesting === undefined) continue;
    const path = `app_state.auth.accounts (${a.address})`;
    const lock = bondLock(a.vesting, g.mint.params.mintDenom, path);
    at(path, () => h.ledger.vesting.create(h.directory.accountId(a.address)!, lock));
  }
}

/** An address's core id, an account without a number if it is new (numbered after all). */
function idOf(directory: NodeDirectory, address: string): number {
  return directory.accountId(address) ?? directory.genesisAccount(address);
}

/** Wrap a core refusal of a placed record with the path of what was placed. */
function at<T>(path: string, place: () => T): T {
  try {
    return place();
  } catch (e) {
    if (e instanceof CoreError) throw new ValidationError(`the core refused it: ${e.message}`, path);
    throw e;
  }
}

function placeStaking(g: Genesis, h: InitChainHost, placer: GenesisPlacer): Map<string, number> {
  const s = g.sdk.staking!;
  const d = g.sdk.distribution;
  const ids = new Map<string, number>();
  const slashCounts = new Map<string, bigint>();
  const events = [...d.slashEvents].sort((a, b) => (a.height < b.height ? -1 : a.height > b.height ? 1 : a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  for (const e of events) slashCounts.set(e.validator, (slashCounts.get(e.validator) ?? 0n) + 1n);
  const path = "app_state.staking.validators";
  s.validators.forEach((v, i) => {
    const current = d.current.get(v.operator);
    if (current === undefined) throw new ValidationError(`no current rewards for validator ${v.operator}`, "app_state.distribution.validator_current_rewards");
    const info = g.sdk.signingInfos.get(consensusAddressOf(v.pub));
    at(`${path}[${i}]`, () => placer.validator({
      id: i, operator: idOf(h.directory, accountOfOperator(v.operator)), status: v.status, jailed: v.jailed, tokens: v.tokens, shares: v.shares,
      commissionRate: v.rate, period: current.period, currentRewards: current.rewards, commission: d.commission.get(v.operator) ?? 0n,
      outstanding: d.outstanding.get(v.operator) ?? 0n, orderKey: orderKey(v.operator), lastPower: s.lastPowers.get(v.operator) ?? 0n,
      unbondingTime: v.unbondingTimeNs, unbondingHeight: v.unbondingHeight, minSelfDelegation: v.minSelfDelegation,
      jailedUntil: info?.jailedUntilNs ?? 0n, slashEvents: slashCounts.get(v.operator) ?? 0n,
    }));
    h.validators.place(i, {
      operator: v.operator, description: v.description, maxRate: v.maxRate, maxChangeRate: v.maxChangeRate, updateTimeNs: v.updateTimeNs, pub: v.pub,
    });
    ids.set(v.operator, i);
  });
  const vid = (operator: string, p: string) => {
    const id = ids.get(operator);
    if (id === undefined) throw new ValidationError(`no validator ${operator} in app_state.staking.validators`, p);
    return id;
  };
  d.historical.forEach((r, i) => {
    const p = `app_state.distribution.validator_historical_rewards[${i}]`;
    at(p, () => placer.historical(vid(r.validator, p), r.period, r.ratio, r.references));
  });
  const index = new Map<string, bigint>();
  events.forEach((e) => {
    const n = index.get(e.validator) ?? 0n;
    index.set(e.validator, n + 1n);
    at("app_state.distribution.validator_slash_events", () => placer.slashEvent(vid(e.validator, "app_state.distribution.validator_slash_events"), n, e.height, e.period, e.fraction));
  });
  s.delegations.forEach((del, i) => {
    const p = `app_state.staking.delegations[${i}]`;
    const info = d.startingInfos.get(pairKey(del.delegator, del.validator));
    if (info === undefined) throw new ValidationError("no starting info for this delegation in app_state.distribution.delegator_starting_infos", p);
    at(p, () => placer.delegation(idOf(h.directory, del.delegator), vid(del.validator, p), del.shares, info.stake, info.previousPeriod, info.height));
  });
  let last = 0n;
  s.unbondings.forEach((u, i) => u.entries.forEach((e, j) => {
    const p = `app_state.staking.unbonding_delegations[${i}].entries[${j}]`;
    at(p, () => placer.unbonding({ id: e.id, delegator: idOf(h.directory, u.delegator), validator: vid(u.validator, p), height: e.height, completion: e.completionNs, initial: e.initial, balance: e.amount }));
    if (e.id > last) last = e.id;
  }));
  s.redelegations.forEach((r, i) => r.entries.forEach((e, j) => {
    const p = `app_state.staking.redelegations[${i}].entries[${j}]`;
    at(p, () => placer.redelegation({ id: e.id, delegator: idOf(h.directory, r.delegator), src: vid(r.src, p), dst: vid(r.dst, p), height: e.height, completion: e.completionNs, initial: e.initial, sharesDst: e.amount }));
    if (e.id > last) last = e.id;
  }));
  for (const m of g.tieredrewards.mappings) if (m.unbondingId > last) last = m.unbondingId;
  placer.entrySequence(last);
  placer.cell(Cell.blockTime, g.genesisTimeNs);
  return ids;
}

function placeDistribution(g: Genesis, h: InitChainHost, placer: GenesisPlacer): void {
  const d = g.sdk.distribution;
  if (g.sdk.staking === undefined && (d.outstanding.size > 0 || d.historical.length > 0 || d.current.size > 0 || d.startingInfos.size > 0)) {
    throw new ValidationError("F1 records need their validators (app_state.staking.validators)", "app_state.distribution");
  }
  if (d.communityPool > 0n) placer.cell(Cell.communityPool, d.communityPool);
  for (const [delegator, to] of d.withdrawAddresses) {
    if (to !== delegator) placer.withdrawAddress(idOf(h.directory, delegator), idOf(h.directory, to));
  }
}

function placeTiers(g: Genesis, h: InitChainHost, placer: GenesisPlacer, validatorIds: Map<string, number>): void {
  const t = g.tieredrewards;
  const vid = (operator: string, p: string) => {
    const id = validatorIds.get(operator);
    if (id === undefined) throw new ValidationError(`no validator ${operator} in app_state.staking.validators`, p);
    return id;
  };
  t.seqs.forEach((seq, operator) => at("app_state.tieredrewards.validator_event_seqs", () => placer.validatorSeq(vid(operator, "app_state.tieredrewards.validator_event_seqs"), seq)));
  t.events.forEach((e, i) => {
    const p = `app_state.tieredrewards.validator_events[${i}]`;
    at(p, () => placer.validatorEvent({ validator: vid(e.validator, p), seq: e.seq, height: e.height, time: e.timeNs, type: e.type, tokensPerShare: e.tokensPerShare, refs: e.references }));
  });
  const s = g.sdk.staking;
  const delegatedTo = new Map<string, string>();
  for (const d of s?.delegations ?? []) delegatedTo.set(d.delegator, d.validator);
  for (const u of s?.unbondings ?? []) if (!delegatedTo.has(u.delegator)) delegatedTo.set(u.delegator, u.validator);
  const positions = t.positions.map((p, i) => ({ p, i })).sort((a, b) => (a.p.id < b.p.id ? -1 : 1));
  if (positions.length > 0 && s === undefined) throw new ValidationError("positions need their delegations (app_state.staking)", "app_state.tieredrewards.positions");
  for (const { p, i } of positions) {
    const path = `app_state.tieredrewards.positions[${i}]`;
    const validator = delegatedTo.get(p.delegator);
    at(path, () => placer.position({
      id: p.id, owner: idOf(h.directory, p.owner), tier: p.tierId, delegator: idOf(h.directory, p.delegator),
      validator: validator === undefined ? 0 : vid(validator, path), lastAccrual: p.lastBonusAccrualNs, lastSeq: p.lastEventSeq,
      bonded: p.lastKnownBonded, triggered: p.exitTriggeredAtNs, unlock: p.exitUnlockAtNs, height: p.createdAtHeight, time: p.createdAtTimeNs,
    }));
  }
  if (t.nextPositionId > 0n) at("app_state.tieredrewards.next_position_id", () => placer.nextPositionId(t.nextPositionId));
}

/**
 * How many records of each core table a document places (host/core/memory.ts: checked against the
 * core's memory and reserved before anything is placed): its balances, delegations (one list head
 * per delegator), F1 records, entries, withdraw addresses, positions (their delegators' accounts too).
 */
export function genesisRecordCounts(g: Genesis): Map<number, number> {
  const s = g.sdk.staking;
  const d = g.sdk.distribution;
  const t = g.tieredrewards;
  const count = new Map<number, number>();
  const add = (name: string, n: number) => {
    const id = TABLE_NAMES.indexOf(name);
    count.set(id, (count.get(id) ?? 0) + n);
  };
  add("balances", g.balances.length + t.positions.length);
  add("validators", (s?.validators.length ?? 0) + g.sdk.genTxs.length);
  add("historical rewards", d.historical.length + g.sdk.genTxs.length);
  add("slash events", d.slashEvents.length);
  add("delegations", (s?.delegations.length ?? 0) + g.sdk.genTxs.length);
  add("delegator lists", new Set(s?.delegations.map((x) => x.delegator)).size + g.sdk.genTxs.length);
  add("validator lists", (s?.validators.length ?? 0) + g.sdk.genTxs.length);
  const unbondings = s?.unbondings.reduce((n, u) => n + u.entries.length, 0) ?? 0;
  add("unbonding entries", unbondings);
  add("unbonding lists", s?.unbondings.length ?? 0);
  add("unbonding pairs", s?.unbondings.length ?? 0);
  add("redelegation entries", s?.redelegations.reduce((n, r) => n + r.entries.length, 0) ?? 0);
  add("redelegation lists", s?.redelegations.length ?? 0);
  add("withdraw addresses", d.withdrawAddresses.size);
  add("positions", t.positions.length);
  add("position owners", new Set(t.positions.map((p) => p.owner)).size);
  add("positions by delegator", t.positions.length);
  add("validator events", t.events.length);
  return count;
}

/** The account (`cro1…`) of a `crocncl1…` operator. */
function accountOfOperator(operator: string): string {
  return encodeAddress(ACCOUNT_PREFIX, accountAddressBytes(operator, VALIDATOR_PREFIX));
}
