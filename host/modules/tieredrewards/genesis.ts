// chain-main's x/tieredrewards genesis (`app_state.tieredrewards`, REFERENCE §3, §11): params and
// tiers, and an exported chain's positions (with their bonus checkpoints and exit times), the next
// position id, the validators' event sequences and live events, and the redelegation mappings.

import { ValidationError } from "../../errors.js";
import { decString, durationString, timestampString } from "../../wire/gateway-json.js";
import {
  ONE, ZERO_TIME, address, array, bool, decimal, duration, fail, int, object, string, timestamp, uint64,
  type DecParser, type Json,
} from "../../framework/genesis-json.js";
import { lazyMap, type StreamJson } from "../../framework/json-stream.js";

/** A tier (REFERENCE §3.2). */
export interface Tier {
  id: number;
  exitDurationNs: bigint;
  /** Raw Dec in [0, 1]. */
  bonusApy: bigint;
  minLockAmount: bigint;
  closeOnly: boolean;
}

export interface SdkPosition {
  id: bigint;
  owner: string;
  tierId: number;
  /** Times unix ns, 0 = the zero time. */
  lastBonusAccrualNs: bigint;
  lastEventSeq: bigint;
  lastKnownBonded: boolean;
  exitTriggeredAtNs: bigint;
  exitUnlockAtNs: bigint;
  createdAtHeight: bigint;
  createdAtTimeNs: bigint;
  delegator: string;
}

export interface SdkValidatorEvent {
  validator: string;
  seq: bigint;
  height: bigint;
  timeNs: bigint;
  /** 1 slash, 2 unbond, 3 bond (the core's EVENT_*). */
  type: number;
  tokensPerShare: bigint;
  references: bigint;
}

export interface TieredRewardsGenesis {
  params: { targetBaseRewardsRate: bigint };
  tiers: Tier[];
  nextPositionId: bigint;
  positions: SdkPosition[];
  mappings: { unbondingId: bigint; positionId: bigint }[];
  events: SdkValidatorEvent[];
  seqs: Map<string, bigint>;
}

const EVENT_TYPES = ["VALIDATOR_EVENT_TYPE_UNSPECIFIED", "VALIDATOR_EVENT_TYPE_SLASH", "VALIDATOR_EVENT_TYPE_UNBOND", "VALIDATOR_EVENT_TYPE_BOND"] as const;

/** x/tieredrewards GenesisState.Validate (REFERENCE §3.1, §3.2, §11). */
export function parseTieredRewards(v: Json | undefined, dec: DecParser, prefixes: { account: string; validator: string }): TieredRewardsGenesis {
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
  const nextPositionId = t.next_position_id === undefined ? 0n : uint64(t.next_position_id, `${path}.next_position_id`);
  const acc = (x: Json | undefined, at: string) => address(x, at, prefixes.account);
  const val = (x: Json | undefined, at: string) => address(x, at, prefixes.validator);
  const positionIds = new Set<bigint>();
  const delegators = new Set<string>();
  const positions = array(t.positions ?? [], `${path}.positions`).map((x, i): SdkPosition => {
    const at = `${path}.positions[${i}]`;
    const o = object(x, at, [
      "id", "owner", "tier_id", "last_bonus_accrual", "last_event_seq", "last_known_bonded", "exit_triggered_at", "exit_unlock_at",
      "created_at_height", "created_at_time", "delegator_address",
    ]);
    const id = uint64(o.id, `${at}.id`);
    if (positionIds.has(id)) fail(`duplicate position id ${id}`, `${at}.id`);
    if (id >= nextPositionId) fail(`position id ${id} must be below next_position_id ${nextPositionId}`, `${at}.id`);
    positionIds.add(id);
    const tierId = uint64(o.tier_id, `${at}.tier_id`);
    if (!ids.has(Number(tierId))) fail(`tier ${tierId} not found`, `${at}.tier_id`);
    const owner = acc(o.owner, `${at}.owner`);
    const delegator = acc(o.delegator_address, `${at}.delegator_address`);
    if (delegator === owner || delegators.has(delegator)) fail("a position's delegator address is its own, not its owner's nor another position's", `${at}.delegator_address`);
    delegators.add(delegator);
    const triggered = timestamp(o.exit_triggered_at ?? ZERO_TIME, `${at}.exit_triggered_at`);
    const unlock = timestamp(o.exit_unlock_at ?? ZERO_TIME, `${at}.exit_unlock_at`);
    if ((triggered === 0n) !== (unlock === 0n) || (triggered !== 0n && unlock <= triggered)) fail("exit_unlock_at must follow exit_triggered_at", at);
    return {
      id, owner, tierId: Number(tierId), delegator, exitTriggeredAtNs: triggered, exitUnlockAtNs: unlock,
      lastBonusAccrualNs: timestamp(o.last_bonus_accrual ?? ZERO_TIME, `${at}.last_bonus_accrual`),
      lastEventSeq: uint64(o.last_event_seq ?? "0", `${at}.last_event_seq`),
      lastKnownBonded: bool(o.last_known_bonded ?? false, `${at}.last_known_bonded`),
      createdAtHeight: uint64(o.created_at_height, `${at}.created_at_height`),
      createdAtTimeNs: timestamp(o.created_at_time, `${at}.created_at_time`),
    };
  });
  const mappings = array(t.redelegation_mappings ?? [], `${path}.redelegation_mappings`).map((x, i) => {
    const at = `${path}.redelegation_mappings[${i}]`;
    const o = object(x, at, ["unbonding_id", "position_id"]);
    return { unbondingId: uint64(o.unbonding_id, `${at}.unbonding_id`), positionId: uint64(o.position_id, `${at}.position_id`) };
  });
  const events = array(t.validator_events ?? [], `${path}.validator_events`).map((x, i): SdkValidatorEvent => {
    const at = `${path}.validator_events[${i}]`;
    const o = object(x, at, ["validator", "sequence", "event"]);
    const e = object(o.event, `${at}.event`, ["height", "timestamp", "event_type", "tokens_per_share", "reference_count"]);
    const type = EVENT_TYPES.indexOf(string(e.event_type, `${at}.event.event_type`) as (typeof EVENT_TYPES)[number]);
    if (type <= 0) fail(`unknown event type (known: ${EVENT_TYPES.slice(1).join(", ")})`, `${at}.event.event_type`);
    return {
      validator: val(o.validator, `${at}.validator`), seq: uint64(o.sequence, `${at}.sequence`),
      height: uint64(e.height, `${at}.event.height`), timeNs: timestamp(e.timestamp, `${at}.event.timestamp`), type,
      tokensPerShare: decimal(e.tokens_per_share, `${at}.event.tokens_per_share`, dec, "tokens per share"),
      references: uint64(e.reference_count, `${at}.event.reference_count`),
    };
  });
  const seqs = new Map(array(t.validator_event_seqs ?? [], `${path}.validator_event_seqs`).map((x, i) => {
    const at = `${path}.validator_event_seqs[${i}]`;
    const o = object(x, at, ["validator", "current_seq"]);
    return [val(o.validator, `${at}.validator`), uint64(o.current_seq, `${at}.current_seq`)] as const;
  }));
  return { params: { targetBaseRewardsRate: rate }, tiers, nextPositionId, positions, mappings, events, seqs };
}

const time = (ns: bigint) => (ns === 0n ? ZERO_TIME : timestampString(ns));

export const tierJson = (t: Tier): Json => ({
  id: t.id, exit_duration: durationString(t.exitDurationNs), bonus_apy: decString(t.bonusApy), min_lock_amount: `${t.minLockAmount}`, close_only: t.closeOnly,
});

export function tieredRewardsJson(g: TieredRewardsGenesis): StreamJson {
  const byId = <T extends { id: bigint }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return {
    params: { target_base_rewards_rate: decString(g.params.targetBaseRewardsRate) },
    tiers: g.tiers.map(tierJson),
    // made as written (a long list: 100k positions at 1M accounts)
    positions: lazyMap([...g.positions].sort(byId), (p) => ({
      id: `${p.id}`, owner: p.owner, tier_id: p.tierId, last_bonus_accrual: time(p.lastBonusAccrualNs), last_event_seq: `${p.lastEventSeq}`,
      last_known_bonded: p.lastKnownBonded, exit_triggered_at: time(p.exitTriggeredAtNs), exit_unlock_at: time(p.exitUnlockAtNs),
      created_at_height: `${p.createdAtHeight}`, created_at_time: time(p.createdAtTimeNs), delegator_address: p.delegator,
    })),
    next_position_id: `${g.nextPositionId}`,
    redelegation_mappings: [...g.mappings].sort((a, b) => (a.unbondingId < b.unbondingId ? -1 : a.unbondingId > b.unbondingId ? 1 : 0))
      .map((m) => ({ unbonding_id: `${m.unbondingId}`, position_id: `${m.positionId}` })),
    validator_events: g.events.map((e) => ({
      validator: e.validator, sequence: `${e.seq}`,
      event: { height: `${e.height}`, timestamp: time(e.timeNs), event_type: EVENT_TYPES[e.type]!, tokens_per_share: decString(e.tokensPerShare), reference_count: `${e.references}` },
    })),
    validator_event_seqs: [...g.seqs].map(([validator, seq]) => ({ validator, current_seq: `${seq}` })),
  };
}

/**
 * The redelegation mappings the chain shows: those of live position redelegations and those the
 * genesis brought (chain-main keeps a mapping past its redelegation's maturity), by unbonding id.
 */
export function withGenesisMappings(
  live: { unbondingId: bigint; positionId: bigint }[], genesis: { unbondingId: bigint; positionId: bigint }[],
): { unbondingId: bigint; positionId: bigint }[] {
  const out = new Map(genesis.map((m) => [m.unbondingId, m]));
  for (const m of live) if (!out.has(m.unbondingId)) out.set(m.unbondingId, m);
  return [...out.values()].sort((a, b) => (a.unbondingId < b.unbondingId ? -1 : a.unbondingId > b.unbondingId ? 1 : 0));
}
