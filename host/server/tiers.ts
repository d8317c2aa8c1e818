// x/tieredrewards' REST queries (REFERENCE §8) as the gateway renders them: params, tiers, the
// rewards pool, positions (live view and stored records) by id, owner, tier and all with
// pagination, reward estimates, voting power; plus the owed bonus of an owner (DESIGN decision 8).
// Unknown ids answer 404 code 5 (decision 6). Routes only read.

import type { Hono } from "hono";
import { accountAddressBytes } from "../address.js";
import { ModuleAccount } from "../core/ledger.js";
import type { Position, StoredPosition } from "../core/position.js";
import { moduleAddress } from "../tx/keys.js";
import { coin, decString, GatewayError, GrpcCode, durationString, intString, timestampString } from "./gateway.js";
import { orderedArray, paginate, parsePageRequest, type OrderedIds } from "./pagination.js";
import type { ChainView } from "./view.js";

export interface TierDef {
  id: number;
  exitDurationSeconds: bigint;
  /** Raw Dec. */
  bonusApy: bigint;
  minLockAmount: bigint;
  closeOnly: boolean;
}

/** Positions as the core's decoder gives them (host/core/position.ts): stored fields and the live view. */
export type { Position, StoredPosition };

/** What the tier routes read; the node adapts the core's `Tiers` to it. */
export interface TierQueries {
  params(): { targetBaseRewardsRate: bigint };
  tiers(): TierDef[];
  position(id: bigint): Position | undefined;
  /** Position ids, ascending, of one owner, one tier, or all. */
  positionIds(scope: { owner?: number; tier?: number }): OrderedIds;
  /** Pending base and bonus of a position at the last block's time; throws a GatewayError if the pool is short. */
  estimate(id: bigint): { base: bigint; bonus: bigint };
  /** Raw Dec. */
  votingPower(owner: number): bigint;
  totalVotingPower(): bigint;
  owedBonus(owner: number): bigint;
  /** ValidatorData: delegated positions, the live events (oldest first) and the event sequence. */
  validatorData(validator: number): {
    positionCount: bigint; currentSeq: bigint;
    events: { height: bigint; timeNs: bigint; type: number; tokensPerShare: bigint; referenceCount: bigint }[];
  };
  /** RedelegationMappings: pending tier redelegations' unbonding ids and their positions, by unbonding id. */
  redelegationMappings(): { unbondingId: bigint; positionId: bigint }[];
}

const VALIDATOR_EVENT_TYPES = ["VALIDATOR_EVENT_TYPE_UNSPECIFIED", "VALIDATOR_EVENT_TYPE_SLASH", "VALIDATOR_EVENT_TYPE_UNBOND", "VALIDATOR_EVENT_TYPE_BOND"] as const;

const ZERO_TIME = "0001-01-01T00:00:00Z";
const NS_PER_S = 1_000_000_000n;
const MAX_UINT64 = (1n << 64n) - 1n;

const time = (ns: bigint) => (ns === 0n ? ZERO_TIME : timestampString(ns));
const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);

function uintPath(text: string, name: string, max: bigint): bigint {
  if (!/^[0-9]+$/.test(text) || BigInt(text) > max) {
    throw invalid(`type mismatch, parameter: ${name}, error: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`);
  }
  return BigInt(text);
}

/** A tier as proto-JSON (REFERENCE §3.2). */
export function tierJson(t: TierDef) {
  return {
    id: t.id,
    exit_duration: durationString(t.exitDurationSeconds * NS_PER_S),
    bonus_apy: decString(t.bonusApy),
    min_lock_amount: intString(t.minLockAmount),
    close_only: t.closeOnly,
  };
}

/** A stored position (`Position`) as proto-JSON: the raw queries and the events that carry one. */
export function rawPositionJson(p: StoredPosition, address: (id: number) => string) {
  return {
    id: intString(p.id),
    owner: address(p.owner),
    tier_id: p.tierId,
    last_bonus_accrual: time(p.lastBonusAccrual),
    last_event_seq: intString(p.lastEventSeq),
    last_known_bonded: p.lastKnownBonded,
    exit_triggered_at: time(p.exitTriggeredAt),
    exit_unlock_at: time(p.exitUnlockAt),
    created_at_height: intString(p.createdAtHeight),
    created_at_time: time(p.createdAtTime),
    delegator_address: address(p.delegator),
  };
}

export function registerTierRoutes(
  app: Hono, view: ChainView, tiers: TierQueries, chainSegment: string, options: { maxPageLimit?: number } = {},
): void {
  const base = `/${chainSegment}/tieredrewards/v1`;
  const { directory, denom } = view;
  const coins = (amount: bigint) => (amount === 0n ? [] : [coin(denom, amount)]);
  const address = (id: number) => directory.accountAddress(id) ?? "";

  const positionJson = (p: Position) => ({
    id: intString(p.id),
    owner: address(p.owner),
    tier_id: p.tierId,
    amount: intString(p.amount),
    validator: p.validator === undefined ? "" : (directory.validatorAddress(p.validator) ?? ""),
    delegated_shares: decString(p.delegatedShares),
    exit_triggered_at: time(p.exitTriggeredAt),
    exit_unlock_at: time(p.exitUnlockAt),
    created_at_height: intString(p.createdAtHeight),
    created_at_time: time(p.createdAtTime),
    delegator_address: address(p.delegator),
  });

  const rawJson = (p: StoredPosition) => rawPositionJson(p, address);

  const positionAt = (text: string): Position => {
    const id = uintPath(text, "position_id", MAX_UINT64);
    const p = tiers.position(id);
    if (p === undefined) throw new GatewayError(GrpcCode.NOT_FOUND, `position not found: position id ${id}`);
    return p;
  };

  /** An owner address: bad text is 400; a valid address the chain never saw owns nothing. */
  const ownerAt = (text: string): number | undefined => {
    try {
      accountAddressBytes(text, directory.accountPrefix);
    } catch (e) {
      throw invalid(`invalid address: ${(e as Error).message}`);
    }
    return directory.accountId(text);
  };

  const NONE: OrderedIds = { walk: () => [], count: () => 0n };

  const list = (ids: OrderedIds, query: (name: string) => string | undefined, render: (p: Position) => unknown) => {
    const page = paginate(ids, parsePageRequest(query, options.maxPageLimit));
    return { positions: page.ids.map((id) => render(tiers.position(id)!)), pagination: page.pagination };
  };

  app.get(`${base}/params`, (c) =>
    c.json({ params: { target_base_rewards_rate: decString(tiers.params().targetBaseRewardsRate) } }),
  );
  app.get(`${base}/tiers`, (c) => c.json({ tiers: tiers.tiers().map(tierJson) }));
  app.get(`${base}/rewards_pool_balances`, (c) =>
    c.json({
      address: moduleAddress("rewards_pool", directory.accountPrefix),
      balances: coins(view.ledger.balance(ModuleAccount.rewardsPool)),
    }),
  );

  for (const [prefix, render] of [
    ["", positionJson],
    ["/raw", rawJson],
  ] as const) {
    app.get(`${base}${prefix}/position/:position_id`, (c) => c.json({ position: render(positionAt(c.req.param("position_id"))) }));
    app.get(`${base}${prefix}/positions/:owner`, (c) => {
      const owner = ownerAt(c.req.param("owner"));
      return c.json(list(owner === undefined ? NONE : tiers.positionIds({ owner }), (n) => c.req.query(n), render));
    });
    app.get(`${base}${prefix}/positions_by_tier/:tier_id`, (c) => {
      const tier = Number(uintPath(c.req.param("tier_id"), "tier_id", 0xffff_ffffn));
      return c.json(list(tiers.positionIds({ tier }), (n) => c.req.query(n), render));
    });
    app.get(`${base}${prefix}/positions`, (c) => c.json(list(tiers.positionIds({}), (n) => c.req.query(n), render)));
  }

  app.get(`${base}/estimate_rewards/:position_id`, (c) => {
    const p = positionAt(c.req.param("position_id"));
    if (p.validator === undefined) return c.json({ base_rewards: [], bonus_rewards: [] });
    const { base: b, bonus } = tiers.estimate(p.id);
    return c.json({ base_rewards: coins(b), bonus_rewards: coins(bonus) });
  });
  app.get(`${base}/voting_power/:owner`, (c) => {
    const owner = ownerAt(c.req.param("owner"));
    return c.json({ voting_power: decString(owner === undefined ? 0n : tiers.votingPower(owner)) });
  });
  app.get(`${base}/total_delegated_voting_power`, (c) => c.json({ voting_power: decString(tiers.totalVotingPower()) }));
  app.get(`${base}/validator_data/:validator`, (c) => {
    const text = c.req.param("validator");
    try {
      accountAddressBytes(text, directory.validatorPrefix);
    } catch (e) {
      throw invalid(`invalid validator address: ${(e as Error).message}`);
    }
    const id = directory.validatorId(text);
    const d = id === undefined
      ? { positionCount: 0n, currentSeq: 0n, events: [] }
      : tiers.validatorData(id);
    return c.json({
      position_count: intString(d.positionCount),
      events: d.events.map((e) => ({
        height: intString(e.height),
        timestamp: time(e.timeNs),
        event_type: VALIDATOR_EVENT_TYPES[e.type] ?? VALIDATOR_EVENT_TYPES[0],
        tokens_per_share: decString(e.tokensPerShare),
        reference_count: intString(e.referenceCount),
      })),
      event_current_seq: intString(d.currentSeq),
    });
  });
  app.get(`${base}/redelegation_mappings`, (c) => {
    const all = tiers.redelegationMappings();
    const byId = new Map(all.map((m) => [m.unbondingId, m.positionId]));
    const page = paginate(orderedArray([...byId.keys()]), parsePageRequest((n) => c.req.query(n), options.maxPageLimit));
    return c.json({
      redelegation_mappings: page.ids.map((id) => ({ unbonding_id: intString(id), position_id: intString(byId.get(id)!) })),
      pagination: page.pagination,
    });
  });
  app.get(`${base}/owed_bonus/:owner`, (c) => {
    const owner = ownerAt(c.req.param("owner"));
    return c.json({ owed: coins(owner === undefined ? 0n : tiers.owedBonus(owner)) });
  });
}
