// x/distribution's genesis (`app_state.distribution`) as the SDK v0.53 writes it: params, the
// community pool, withdraw addresses, and an exported chain's F1 records per validator (outstanding
// rewards, accumulated commission, historical rewards by period with their reference counts,
// current rewards and period, slash events) and per delegation (starting info).

import { flatStringWriters, indentUnit, lazyMap, type ItemWriters, type StreamJson } from "../../framework/json-stream.js";
import { decString } from "../../wire/gateway-json.js";
import {
  address, addressOrder, array, bondCoins, bondCoinsJson, bool, dec, decimal, fail, object, uint64, unitInterval,
  type DecParser, type Json,
} from "../../framework/genesis-json.js";

// The long arrays' items' text, compiled (json-stream.ts): a starting info per delegation.
export const WITHDRAW_WRITERS = flatStringWriters(["delegator_address", "withdraw_address"]);
type StartingItem = { delegator_address: string; validator_address: string; starting_info: { previous_period: string; stake: string; height: string } };
const J = JSON.stringify;
export const STARTING_INFO_WRITERS: ItemWriters = {
  indented: (item, inner, outer) => {
    const d = item as StartingItem, s = d.starting_info, i2 = inner + indentUnit(inner, outer);
    return `{${inner}"delegator_address": ${J(d.delegator_address)},${inner}"validator_address": ${J(d.validator_address)},${inner}"starting_info": {` +
      `${i2}"previous_period": ${J(s.previous_period)},${i2}"stake": ${J(s.stake)},${i2}"height": ${J(s.height)}${inner}}${outer}}`;
  },
  sorted: (item) => {
    const d = item as StartingItem, s = d.starting_info;
    return `{"delegator_address":${J(d.delegator_address)},"starting_info":{"height":${J(s.height)},"previous_period":${J(s.previous_period)},"stake":${J(s.stake)}},"validator_address":${J(d.validator_address)}}`;
  },
};

export interface DistributionState {
  communityPool: bigint;
  withdrawAddresses: Map<string, string>;
  outstanding: Map<string, bigint>;
  commission: Map<string, bigint>;
  historical: { validator: string; period: bigint; ratio: bigint; references: number }[];
  current: Map<string, { rewards: bigint; period: bigint }>;
  startingInfos: StartingInfos;
  slashEvents: { validator: string; height: bigint; period: bigint; fraction: bigint }[];
}

export interface StartingInfo {
  previousPeriod: bigint;
  stake: bigint;
  height: bigint;
}

/**
 * Delegations' starting infos by validator, then delegator: keyed by the address strings the
 * records already hold (no `delegator/validator` string made per delegation: a million at 1M).
 */
export class StartingInfos {
  private readonly byValidator = new Map<string, Map<string, StartingInfo>>();
  private count = 0;
  /** A later info of the same pair replaces the earlier one (as a Map of pairs did). */
  set(delegator: string, validator: string, info: StartingInfo): void {
    let m = this.byValidator.get(validator);
    if (m === undefined) this.byValidator.set(validator, (m = new Map()));
    if (!m.has(delegator)) this.count++;
    m.set(delegator, info);
  }
  get(delegator: string, validator: string): StartingInfo | undefined {
    return this.byValidator.get(validator)?.get(delegator);
  }
  get size(): number {
    return this.count;
  }
  *entries(): Generator<{ delegator: string; validator: string; info: StartingInfo }> {
    for (const [validator, m] of this.byValidator) for (const [delegator, info] of m) yield { delegator, validator, info };
  }
}

export function parseDistribution(
  v: Json | undefined, dp: DecParser, denom: string, prefixes: { account: string; validator: string },
): { communityTax: bigint; state: DistributionState } {
  const path = "app_state.distribution";
  const d = object(v, path, [
    "params", "fee_pool", "delegator_withdraw_infos", "previous_proposer", "outstanding_rewards", "validator_accumulated_commissions",
    "validator_historical_rewards", "validator_current_rewards", "delegator_starting_infos", "validator_slash_events",
  ]);
  const pp = `${path}.params`;
  const p = object(d.params, pp, ["community_tax", "base_proposer_reward", "bonus_proposer_reward", "withdraw_addr_enabled"]);
  const communityTax = decimal(p.community_tax, `${pp}.community_tax`, dp, "community tax");
  unitInterval(communityTax, pp, "community tax must be positive", "community tax too large");
  for (const k of ["base_proposer_reward", "bonus_proposer_reward"] as const) {
    if (p[k] !== undefined) unitInterval(decimal(p[k], `${pp}.${k}`, dp, k.replaceAll("_", " ")), `${pp}.${k}`, "must be positive", "too large");
  }
  // false runs as governance's params would (modules/gov/governed-genesis.ts).
  if (p.withdraw_addr_enabled !== undefined) bool(p.withdraw_addr_enabled, `${pp}.withdraw_addr_enabled`);
  if (d.previous_proposer !== undefined && d.previous_proposer !== "") address(d.previous_proposer, `${path}.previous_proposer`, `${prefixes.validator}cons`);
  const acc = (x: Json | undefined, at: string) => address(x, at, prefixes.account);
  const val = (x: Json | undefined, at: string) => address(x, at, prefixes.validator);
  const decs = dec(dp);
  const list = (key: string) => array(d[key] ?? [], `${path}.${key}`);
  const perValidator = <T>(key: string, keys: string[], read: (o: { [k: string]: Json | undefined }, at: string) => T): Map<string, T> => {
    const out = new Map<string, T>();
    list(key).forEach((x, i) => {
      const at = `${path}.${key}[${i}]`;
      const o = object(x, at, ["validator_address", ...keys]);
      const addr = val(o.validator_address, `${at}.validator_address`);
      if (out.has(addr)) fail(`duplicate record of ${addr}`, at);
      out.set(addr, read(o, at));
    });
    return out;
  };
  const fp = `${path}.fee_pool`;
  const feePool = object(d.fee_pool ?? { community_pool: [] }, fp, ["community_pool"]);
  const state: DistributionState = {
    communityPool: bondCoins(feePool.community_pool, `${fp}.community_pool`, denom, decs),
    withdrawAddresses: new Map(list("delegator_withdraw_infos").map((x, i) => {
      const at = `${path}.delegator_withdraw_infos[${i}]`;
      const o = object(x, at, ["delegator_address", "withdraw_address"]);
      return [acc(o.delegator_address, `${at}.delegator_address`), acc(o.withdraw_address, `${at}.withdraw_address`)];
    })),
    outstanding: perValidator("outstanding_rewards", ["outstanding_rewards"], (o, at) => bondCoins(o.outstanding_rewards, `${at}.outstanding_rewards`, denom, decs)),
    commission: perValidator("validator_accumulated_commissions", ["accumulated"], (o, at) =>
      bondCoins(object(o.accumulated, `${at}.accumulated`, ["commission"]).commission, `${at}.accumulated.commission`, denom, decs)),
    current: perValidator("validator_current_rewards", ["rewards"], (o, at) => {
      const r = object(o.rewards, `${at}.rewards`, ["rewards", "period"]);
      return { rewards: bondCoins(r.rewards, `${at}.rewards.rewards`, denom, decs), period: uint64(r.period, `${at}.rewards.period`) };
    }),
    historical: list("validator_historical_rewards").map((x, i) => {
      const at = `${path}.validator_historical_rewards[${i}]`;
      const o = object(x, at, ["validator_address", "period", "rewards"]);
      const r = object(o.rewards, `${at}.rewards`, ["cumulative_reward_ratio", "reference_count"]);
      const references = uint64(r.reference_count, `${at}.rewards.reference_count`);
      if (references > 0xffff_ffffn) fail("reference count too large", `${at}.rewards.reference_count`);
      return {
        validator: val(o.validator_address, `${at}.validator_address`), period: uint64(o.period, `${at}.period`),
        ratio: bondCoins(r.cumulative_reward_ratio, `${at}.rewards.cumulative_reward_ratio`, denom, decs), references: Number(references),
      };
    }),
    startingInfos: startingInfos(list("delegator_starting_infos"), (x, i, infos) => {
      const at = `${path}.delegator_starting_infos[${i}]`;
      const o = object(x, at, ["delegator_address", "validator_address", "starting_info"]);
      const s = object(o.starting_info, `${at}.starting_info`, ["previous_period", "stake", "height"]);
      const delegator = acc(o.delegator_address, `${at}.delegator_address`);
      const validator = val(o.validator_address, `${at}.validator_address`);
      infos.set(delegator, validator, {
        previousPeriod: uint64(s.previous_period, `${at}.starting_info.previous_period`),
        stake: decimal(s.stake, `${at}.starting_info.stake`, dp, "stake"),
        height: uint64(s.height, `${at}.starting_info.height`),
      });
    }),
    slashEvents: list("validator_slash_events").map((x, i) => {
      const at = `${path}.validator_slash_events[${i}]`;
      const o = object(x, at, ["validator_address", "height", "period", "validator_slash_event"]);
      const e = object(o.validator_slash_event, `${at}.validator_slash_event`, ["validator_period", "fraction"]);
      const fraction = decimal(e.fraction, `${at}.validator_slash_event.fraction`, dp, "fraction");
      unitInterval(fraction, `${at}.validator_slash_event.fraction`, "fraction cannot be negative", "fraction too large");
      return {
        validator: val(o.validator_address, `${at}.validator_address`), height: uint64(o.height, `${at}.height`),
        period: uint64(e.validator_period ?? o.period, `${at}.validator_slash_event.validator_period`), fraction,
      };
    }),
  };
  return { communityTax, state };
}

/** A list's starting infos, each read by `read` in the list's order. */
function startingInfos(list: Json[], read: (x: Json, i: number, infos: StartingInfos) => void): StartingInfos {
  const infos = new StartingInfos();
  list.forEach((x, i) => read(x, i, infos));
  return infos;
}

/** `app_state.distribution` of the node's state; params and the previous proposer as given. */
export function distributionJson(
  kept: { params: Json; previousProposer: string }, s: DistributionState, denom: string, prefixes: { account: string; validator: string },
  /** The withdraw addresses and starting infos already in the document's order (an export sorts them a step at a time); s's are not read then. */
  sorted?: { withdraw: [delegator: string, to: string][]; starting: { delegator: string; validator: string; info: { previousPeriod: bigint; stake: bigint; height: bigint } }[] },
): StreamJson {
  const vOrder = addressOrder(prefixes.validator, true);
  const aBytes = addressOrder(prefixes.account, false);
  const aOrder = addressOrder(prefixes.account, true);
  const decCoins = (x: bigint) => bondCoinsJson(x, denom, decString);
  const validators = (m: Map<string, unknown>) => [...m.keys()].sort(vOrder);
  const starting = sorted?.starting ?? [...s.startingInfos.entries()]
    .sort((a, b) => vOrder(a.validator, b.validator) || aOrder(a.delegator, b.delegator));
  return {
    params: kept.params,
    fee_pool: { community_pool: decCoins(s.communityPool) },
    delegator_withdraw_infos: lazyMap(sorted?.withdraw ?? [...s.withdrawAddresses].sort(([a], [b]) => aBytes(a, b)),
      ([delegator, to]) => ({ delegator_address: delegator, withdraw_address: to }), WITHDRAW_WRITERS),
    previous_proposer: kept.previousProposer,
    outstanding_rewards: validators(s.outstanding).map((v) => ({ validator_address: v, outstanding_rewards: decCoins(s.outstanding.get(v)!) })),
    validator_accumulated_commissions: validators(s.commission).map((v) => ({ validator_address: v, accumulated: { commission: decCoins(s.commission.get(v)!) } })),
    validator_historical_rewards: [...s.historical].sort((a, b) => vOrder(a.validator, b.validator) || (a.period < b.period ? -1 : a.period > b.period ? 1 : 0))
      .map((h) => ({ validator_address: h.validator, period: `${h.period}`, rewards: { cumulative_reward_ratio: decCoins(h.ratio), reference_count: h.references } })),
    validator_current_rewards: validators(s.current).map((v) => {
      const c = s.current.get(v)!;
      return { validator_address: v, rewards: { rewards: decCoins(c.rewards), period: `${c.period}` } };
    }),
    delegator_starting_infos: lazyMap(starting, ({ delegator, validator, info }) => ({
      delegator_address: delegator, validator_address: validator,
      starting_info: { previous_period: `${info.previousPeriod}`, stake: decString(info.stake), height: `${info.height}` },
    }), STARTING_INFO_WRITERS),
    validator_slash_events: [...s.slashEvents].sort((a, b) => vOrder(a.validator, b.validator) || (a.height < b.height ? -1 : a.height > b.height ? 1 : 0))
      .map((e) => ({
        validator_address: e.validator, height: `${e.height}`, period: `${e.period}`,
        validator_slash_event: { validator_period: `${e.period}`, fraction: decString(e.fraction) },
      })),
  };
}
