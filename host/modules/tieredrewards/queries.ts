// x/tieredrewards' queries (REFERENCE §8), one typed handler per method of its Query service:
// params, tiers, the rewards pool, positions (live view and stored records) by id, owner, tier and
// all with pagination, reward estimates, voting power, validator data, redelegation mappings. REST
// and abci_query render the same answers (framework/query-router.ts). An unknown position is the
// module's error as the chain returns it (tieredrewards code 18, HTTP 500: docs/decisions.md 6).
// Beside the service, the owner's owed bonus (DESIGN decision 8), a REST route of the node's own.

import type { Hono } from "hono";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { timestamp as unixTimestamp } from "../../wire/timestamp.js";
import { accountAddressBytes } from "../../wire/address.js";
import { ModuleAccount } from "../../core/ledger.js";
import { moduleAddress } from "../../wire/keys.js";
import { coin, decString, GatewayError, GrpcCode, durationString, intString, moduleError, timestampString } from "../../wire/gateway-json.js";
import { TIER_CODESPACE, TIER_MESSAGES } from "../../core/errors.js";
import { orderedArray, paginate, pageRequestOf, type OrderedIds } from "../../wire/pagination.js";
import type { PageRequest } from "../../wire/gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { Query } from "../../wire/gen/chainmain/tieredrewards/v1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { ChainView } from "../../framework/view.js";
import type { Tier } from "../../core/tier.js";
import type { Position, StoredPosition } from "../../core/position.js";

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

const NS_PER_S = 1_000_000_000n;
/** x/tieredrewards' ErrPositionNotFound. */
const POSITION_NOT_FOUND = 18;
/** 0001-01-01T00:00:00Z: a position's time that was never set (not exiting). */
const ZERO_TIME_S = -62_135_596_800n;

const time = (ns: bigint) => (ns === 0n ? ZERO_TIME : timestampString(ns));
const ZERO_TIME = "0001-01-01T00:00:00Z";
const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);

/** A Timestamp of unix nanoseconds (0: the zero time, a position's "never"). */
const timestamp = (ns: bigint): Timestamp => (ns === 0n ? { ...unixTimestamp(0n), seconds: ZERO_TIME_S } : unixTimestamp(ns));

/** A tier as the schema's Tier (its init shape): the tier queries' and the events' form. */
export function tierMessage(t: TierDef) {
  return { id: t.id, exitDuration: { seconds: t.exitDurationSeconds, nanos: 0 }, bonusApy: `${t.bonusApy}`, minLockAmount: `${t.minLockAmount}`, closeOnly: t.closeOnly };
}

/** A stored position as the schema's Position (its init shape): the raw queries' and the events' form. */
export function positionRecord(p: StoredPosition, address: (id: number) => string) {
  return {
    id: p.id, owner: address(p.owner), tierId: p.tierId, lastBonusAccrual: timestamp(p.lastBonusAccrual),
    lastEventSeq: p.lastEventSeq, lastKnownBonded: p.lastKnownBonded,
    exitTriggeredAt: timestamp(p.exitTriggeredAt), exitUnlockAt: timestamp(p.exitUnlockAt),
    createdAtHeight: p.createdAtHeight, createdAtTime: timestamp(p.createdAtTime), delegatorAddress: address(p.delegator),
  };
}

/** A tier as proto-JSON (REFERENCE §3.2): what the events that carry one write. */
export function tierJson(t: TierDef) {
  return {
    id: t.id,
    exit_duration: durationString(t.exitDurationSeconds * NS_PER_S),
    bonus_apy: decString(t.bonusApy),
    min_lock_amount: intString(t.minLockAmount),
    close_only: t.closeOnly,
  };
}

/** A stored position (`Position`) as proto-JSON: what the events that carry one write. */
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

/** The Query service's handlers over the chain's view and its tier queries. */
export function tieredrewardsQueries(view: ChainView, tiers: TierQueries, options: { maxPageLimit?: number } = {}): ServiceHandlers<typeof Query> {
  const { directory, denom } = view;
  const coins = (amount: bigint) => (amount === 0n ? [] : [{ denom, amount: `${amount}` }]);
  const address = (id: number) => directory.accountAddress(id) ?? "";

  const positionView = (p: Position) => ({
    id: p.id, owner: address(p.owner), tierId: p.tierId, amount: `${p.amount}`,
    validator: p.validator === undefined ? "" : (directory.validatorAddress(p.validator) ?? ""),
    delegatedShares: `${p.delegatedShares}`,
    exitTriggeredAt: timestamp(p.exitTriggeredAt), exitUnlockAt: timestamp(p.exitUnlockAt),
    createdAtHeight: p.createdAtHeight, createdAtTime: timestamp(p.createdAtTime), delegatorAddress: address(p.delegator),
  });
  const record = (p: StoredPosition) => positionRecord(p, address);

  const positionAt = (id: bigint): Position => {
    const p = tiers.position(id);
    if (p === undefined) throw moduleError(TIER_CODESPACE, POSITION_NOT_FOUND, `${TIER_MESSAGES[POSITION_NOT_FOUND]}: position id ${id}`);
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
  const page = <T>(ids: OrderedIds, p: PageRequest | undefined, render: (p: Position) => T) => {
    const got = paginate(ids, pageRequestOf(p, options.maxPageLimit));
    return { positions: got.ids.map((id) => render(tiers.position(id)!)), pagination: got.pagination };
  };
  const ofOwner = (owner: string) => {
    const id = ownerAt(owner);
    return id === undefined ? NONE : tiers.positionIds({ owner: id });
  };

  return {
    params: () => ({ params: { targetBaseRewardsRate: `${tiers.params().targetBaseRewardsRate}` } }),
    tiers: () => ({ tiers: tiers.tiers().map(tierMessage) }),
    rewardsPoolBalances: () => ({
      address: moduleAddress("rewards_pool", directory.accountPrefix), balances: coins(view.ledger.balance(ModuleAccount.rewardsPool)),
    }),
    tierPosition: (r) => ({ position: positionView(positionAt(r.positionId)) }),
    tierPositionsByOwner: (r) => page(ofOwner(r.owner), r.pagination, positionView),
    tierPositionsByTier: (r) => page(tiers.positionIds({ tier: r.tierId }), r.pagination, positionView),
    allTierPositions: (r) => page(tiers.positionIds({}), r.pagination, positionView),
    rawTierPosition: (r) => ({ position: record(positionAt(r.positionId)) }),
    rawTierPositionsByOwner: (r) => page(ofOwner(r.owner), r.pagination, record),
    rawTierPositionsByTier: (r) => page(tiers.positionIds({ tier: r.tierId }), r.pagination, record),
    rawAllTierPositions: (r) => page(tiers.positionIds({}), r.pagination, record),
    estimatePositionRewards: (r) => {
      const p = positionAt(r.positionId);
      if (p.validator === undefined) return { baseRewards: [], bonusRewards: [] };
      const { base, bonus } = tiers.estimate(p.id);
      return { baseRewards: coins(base), bonusRewards: coins(bonus) };
    },
    votingPowerByOwner: (r) => {
      const owner = ownerAt(r.owner);
      return { votingPower: `${owner === undefined ? 0n : tiers.votingPower(owner)}` };
    },
    totalDelegatedVotingPower: () => ({ votingPower: `${tiers.totalVotingPower()}` }),
    validatorData: (r) => {
      try {
        accountAddressBytes(r.validator, directory.validatorPrefix);
      } catch (e) {
        throw invalid(`invalid validator address: ${(e as Error).message}`);
      }
      const id = directory.validatorId(r.validator);
      const d = id === undefined ? { positionCount: 0n, currentSeq: 0n, events: [] } : tiers.validatorData(id);
      return {
        positionCount: d.positionCount, eventCurrentSeq: d.currentSeq,
        events: d.events.map((e) => ({
          height: e.height, timestamp: timestamp(e.timeNs), eventType: e.type, tokensPerShare: `${e.tokensPerShare}`, referenceCount: e.referenceCount,
        })),
      };
    },
    redelegationMappings: (r) => {
      const byId = new Map(tiers.redelegationMappings().map((m) => [m.unbondingId, m.positionId]));
      const got = paginate(orderedArray([...byId.keys()]), pageRequestOf(r.pagination, options.maxPageLimit));
      return { redelegationMappings: got.ids.map((id) => ({ unbondingId: id, positionId: byId.get(id)! })), pagination: got.pagination };
    },
  };
}

/** The owner's owed bonus (DESIGN decision 8): a REST route of the node's own, beside the service. */
export function registerOwedBonusRoute(app: Hono, view: ChainView, tiers: TierQueries, chainSegment: string): void {
  app.get(`/${chainSegment}/tieredrewards/v1/owed_bonus/:owner`, (c) => {
    const text = c.req.param("owner");
    try {
      accountAddressBytes(text, view.directory.accountPrefix);
    } catch (e) {
      throw invalid(`invalid address: ${(e as Error).message}`);
    }
    const owner = view.directory.accountId(text);
    const owed = owner === undefined ? 0n : tiers.owedBonus(owner);
    return c.json({ owed: owed === 0n ? [] : [coin(view.denom, owed)] });
  });
}

/** The core's tier as the routes' tier shape. */
export function tierDef(t: Tier): TierDef {
  return { id: t.id, exitDurationSeconds: t.exitDuration, bonusApy: t.bonusApy, minLockAmount: t.minLockAmount, closeOnly: t.closeOnly };
}
