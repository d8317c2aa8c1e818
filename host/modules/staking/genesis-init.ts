// x/staking's InitGenesis of an exported chain (a new chain's validators come from genutil's
// gentxs): its validators (with x/distribution's F1 accumulators they carry in the core),
// historical rewards and slash events, delegations with their starting infos, unbonding and
// redelegation entries with their ids, placed record by record in the core; the validators'
// descriptions and consensus keys in the registry.

import { ValidationError } from "../../errors.js";
import { Cell } from "../../core/genesis-records.js";
import { at, type GenesisPlacer } from "../../framework/genesis-place.js";
import { ACCOUNT_PREFIX, VALIDATOR_PREFIX } from "../../framework/prefixes.js";
import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import { idOf } from "../auth/genesis-init.js";
import type { NodeDirectory } from "../auth/directory.js";
import type { DistributionState } from "../distribution/genesis.js";
import type { SigningInfo } from "../slashing/params.js";
import { consensusAddressOf } from "./consensus-key.js";
import type { StakingState } from "./genesis.js";
import { orderKey, type ValidatorRegistry } from "./validators.js";

/** What x/staking's InitGenesis reads and writes. */
export interface StakingInitApp {
  readonly genesis: {
    readonly genesisTimeNs: bigint;
    readonly sdk: { readonly staking?: StakingState; readonly distribution: DistributionState; readonly signingInfos: ReadonlyMap<string, SigningInfo> };
    readonly tieredrewards: { readonly mappings: readonly { unbondingId: bigint }[] };
  };
  readonly placer: GenesisPlacer;
  readonly directory: NodeDirectory;
  readonly validators: ValidatorRegistry;
  /** The placed validators' core ids by operator (x/tieredrewards' placement reads them). */
  readonly validatorIds: Map<string, number>;
}

export function initStaking(app: StakingInitApp): void {
  const { genesis: g, placer } = app;
  const s = g.sdk.staking;
  if (s === undefined) return;
  const d = g.sdk.distribution;
  const ids = app.validatorIds;
  const slashCounts = new Map<string, bigint>();
  const events = [...d.slashEvents].sort((a, b) => (a.height < b.height ? -1 : a.height > b.height ? 1 : a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  for (const e of events) slashCounts.set(e.validator, (slashCounts.get(e.validator) ?? 0n) + 1n);
  const path = "app_state.staking.validators";
  s.validators.forEach((v, i) => {
    const current = d.current.get(v.operator);
    if (current === undefined) throw new ValidationError(`no current rewards for validator ${v.operator}`, "app_state.distribution.validator_current_rewards");
    const info = g.sdk.signingInfos.get(consensusAddressOf(v.pub));
    at(`${path}[${i}]`, () => placer.validator({
      id: i, operator: idOf(app.directory, accountOfOperator(v.operator)), status: v.status, jailed: v.jailed, tokens: v.tokens, shares: v.shares,
      commissionRate: v.rate, period: current.period, currentRewards: current.rewards, commission: d.commission.get(v.operator) ?? 0n,
      outstanding: d.outstanding.get(v.operator) ?? 0n, orderKey: orderKey(v.operator), lastPower: s.lastPowers.get(v.operator) ?? 0n,
      unbondingTime: v.unbondingTimeNs, unbondingHeight: v.unbondingHeight, minSelfDelegation: v.minSelfDelegation,
      jailedUntil: info?.jailedUntilNs ?? 0n, slashEvents: slashCounts.get(v.operator) ?? 0n,
    }));
    app.validators.place(i, {
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
    const info = d.startingInfos.get(del.delegator, del.validator);
    if (info === undefined) throw new ValidationError("no starting info for this delegation in app_state.distribution.delegator_starting_infos", p);
    at(p, () => placer.delegation(idOf(app.directory, del.delegator), vid(del.validator, p), del.shares, info.stake, info.previousPeriod, info.height));
  });
  let last = 0n;
  s.unbondings.forEach((u, i) => u.entries.forEach((e, j) => {
    const p = `app_state.staking.unbonding_delegations[${i}].entries[${j}]`;
    at(p, () => placer.unbonding({ id: e.id, delegator: idOf(app.directory, u.delegator), validator: vid(u.validator, p), height: e.height, completion: e.completionNs, initial: e.initial, balance: e.amount }));
    if (e.id > last) last = e.id;
  }));
  s.redelegations.forEach((r, i) => r.entries.forEach((e, j) => {
    const p = `app_state.staking.redelegations[${i}].entries[${j}]`;
    at(p, () => placer.redelegation({ id: e.id, delegator: idOf(app.directory, r.delegator), src: vid(r.src, p), dst: vid(r.dst, p), height: e.height, completion: e.completionNs, initial: e.initial, sharesDst: e.amount }));
    if (e.id > last) last = e.id;
  }));
  for (const m of g.tieredrewards.mappings) if (m.unbondingId > last) last = m.unbondingId;
  placer.entrySequence(last);
  placer.cell(Cell.blockTime, g.genesisTimeNs);
}

/** The account (`cro1…`) of a `crocncl1…` operator. */
function accountOfOperator(operator: string): string {
  return encodeAddress(ACCOUNT_PREFIX, accountAddressBytes(operator, VALIDATOR_PREFIX));
}
