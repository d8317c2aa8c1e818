// The tier queries' REST routes (the typed handlers of modules/tieredrewards/queries.ts, rendered
// by the query router) and the pagination they share, over in-memory positions: the gateway's
// exact JSON (REFERENCE §8 examples), pagination semantics, and errors with their HTTP statuses.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { encodeAddress } from "../../../host/wire/address.js";
import { errorBody, GatewayError, GrpcCode, httpStatusFromCode } from "../../../host/wire/gateway-json.js";
import { toGatewayError } from "../../../host/server/app.js";
import { orderedArray, paginate, pageRequestOf } from "../../../host/wire/pagination.js";
import { registerOwedBonusRoute, tieredrewardsQueries, type Position, type TierQueries } from "../../../host/modules/tieredrewards/queries.js";
import { QueryRouter } from "../../../host/framework/query-router.js";
import { ANSWER_TYPES } from "../../../host/app/queries.js";
import { registerQueryRoutes } from "../../../host/server/query-routes.js";
import { requestFromHttp } from "../../../host/wire/gateway-request.js";
import { QueryAllTierPositionsRequestSchema, Query, type QueryAllTierPositionsRequest } from "../../../host/wire/gen/chainmain/tieredrewards/v1/query_pb.js";
import type { ChainView, Directory } from "../../../host/framework/view.js";

const E18 = 10n ** 18n;
// The reference's example addresses are illustrative (bad checksums): real ones of the same kinds.
const OWNER = encodeAddress("cro", new Uint8Array(20).fill(1));
const VALOPER = encodeAddress("crocncl", new Uint8Array(20).fill(2));
const DELEGATOR = encodeAddress("cro", new Uint8Array(32).fill(3)); // 32 bytes, as a position's
const STRANGER = encodeAddress("cro", new Uint8Array(20).fill(7));

const accounts = new Map<number, string>([
  [16, OWNER],
  [17, DELEGATOR],
]);
const directory: Directory = {
  accountPrefix: "cro",
  validatorPrefix: "crocncl",
  accountId: (a) => [...accounts].find(([, x]) => x === a)?.[0],
  accountAddress: (id) => accounts.get(id),
  validatorId: (v) => (v === VALOPER ? 0 : undefined),
  validatorAddress: (id) => (id === 0 ? VALOPER : undefined),
  validatorIds: () => [0],
  accountIds: () => [16, 17],
  account: () => undefined,
};

let pool = 50_000_000_000_000_000n;
const view = {
  chainId: "chainmain-1",
  denom: "basecro",
  directory,
  ledger: { balance: (id: number) => (id === 2 ? pool : 0n) },
} as unknown as ChainView;

/** Position 7 of the reference's example, and a few more of the same owner in tier 2. */
const seven: Position = {
  id: 7n,
  owner: 16,
  tierId: 1,
  delegator: 17,
  validator: 0,
  delegatedShares: 10_000_000_000n * E18,
  amount: 10_000_000_000n,
  lastBonusAccrual: 1_779_264_871_123_456_789n,
  lastEventSeq: 3n,
  lastKnownBonded: true,
  exitTriggeredAt: 0n,
  exitUnlockAt: 0n,
  createdAtHeight: 28_015_223n,
  createdAtTime: 1_779_264_871_123_456_789n,
  delegated: true,
  unbonding: false,
};
const positions = new Map<bigint, Position>([[7n, seven]]);
for (const id of [9n, 10n, 12n, 15n]) {
  positions.set(id, { ...seven, id, tierId: 2, validator: undefined, delegatedShares: 0n, amount: 0n, lastKnownBonded: false, delegated: false });
}

const tiers: TierQueries = {
  params: () => ({ targetBaseRewardsRate: 3n * 10n ** 16n }),
  tiers: () => [
    { id: 1, exitDurationSeconds: 31_536_000n, bonusApy: 2n * 10n ** 16n, minLockAmount: 10_000_000_000n, closeOnly: false },
    { id: 3, exitDurationSeconds: 126_144_000n, bonusApy: 7n * 10n ** 16n, minLockAmount: 10_000_000_000n, closeOnly: true },
  ],
  position: (id) => positions.get(id),
  positionIds: ({ owner, tier }) =>
    orderedArray(
      [...positions.values()]
        .filter((p) => (owner === undefined || p.owner === owner) && (tier === undefined || p.tierId === tier))
        .map((p) => p.id)
        .sort((a, b) => (a < b ? -1 : 1)),
    ),
  estimate: (id) => {
    if (pool < 16_427_104n) throw new GatewayError(GrpcCode.UNKNOWN, `insufficient bonus pool balance: bonus: 16427104, pool balance: ${pool}`);
    return { base: id === 7n ? 24_640_657n : 0n, bonus: 16_427_104n };
  },
  votingPower: (owner) => (owner === 16 ? 10_000_000_000n * E18 : 0n),
  totalVotingPower: () => 10_000_000_000n * E18,
  owedBonus: (owner) => (owner === 16 ? 5n : 0n),
  validatorData: (v) => ({
    positionCount: v === 0 ? 1n : 0n,
    currentSeq: v === 0 ? 3n : 0n,
    events: v === 0 ? [{ height: 41n, timeNs: 1_779_264_871_000_000_000n, type: 1, tokensPerShare: 99n * 10n ** 16n, referenceCount: 1n }] : [],
  }),
  redelegationMappings: () => [
    { unbondingId: 2n, positionId: 9n },
    { unbondingId: 4n, positionId: 7n },
    { unbondingId: 11n, positionId: 10n },
  ],
};

const app = new Hono();
registerQueryRoutes(app, new QueryRouter(ANSWER_TYPES).add(Query, tieredrewardsQueries(view, tiers)), "chainmain");
registerOwedBonusRoute(app, view, tiers, "chainmain");
app.onError((err, c) => {
  const { code, message } = toGatewayError(err, (e) => {
    throw e;
  });
  return c.json(errorBody(code, message), httpStatusFromCode(code) as ContentfulStatusCode);
});

async function get(path: string, status = 200): Promise<any> {
  const res = await app.request(path);
  const body = await res.json();
  assert.is(res.status, status, `${path}: ${JSON.stringify(body)}`);
  return body;
}

const routes = suite("tier routes");

routes("tiers, params and pool as the gateway renders them", async () => {
  assert.equal(await get("/chainmain/tieredrewards/v1/tiers"), {
    tiers: [
      { id: 1, exit_duration: "31536000s", bonus_apy: "0.020000000000000000", min_lock_amount: "10000000000", close_only: false },
      { id: 3, exit_duration: "126144000s", bonus_apy: "0.070000000000000000", min_lock_amount: "10000000000", close_only: true },
    ],
  });
  assert.equal(await get("/chainmain/tieredrewards/v1/params"), { params: { target_base_rewards_rate: "0.030000000000000000" } });
  assert.equal(await get("/chainmain/tieredrewards/v1/rewards_pool_balances"), {
    address: "cro1ag7qj65w7882kkn8nl7hnfvfqlemxwamd5g2pr",
    balances: [{ denom: "basecro", amount: "50000000000000000" }],
  });
  pool = 0n;
  assert.equal((await get("/chainmain/tieredrewards/v1/rewards_pool_balances")).balances, []);
  pool = 50_000_000_000_000_000n;
});

routes("a position: the reference's example, live and raw", async () => {
  assert.equal(await get("/chainmain/tieredrewards/v1/position/7"), {
    position: {
      id: "7",
      owner: OWNER,
      tier_id: 1,
      amount: "10000000000",
      validator: VALOPER,
      delegated_shares: "10000000000.000000000000000000",
      exit_triggered_at: "0001-01-01T00:00:00Z",
      exit_unlock_at: "0001-01-01T00:00:00Z",
      created_at_height: "28015223",
      created_at_time: "2026-05-20T08:14:31.123456789Z",
      delegator_address: DELEGATOR,
    },
  });
  const raw = (await get("/chainmain/tieredrewards/v1/raw/position/7")).position;
  assert.equal(Object.keys(raw), [
    "id", "owner", "tier_id", "last_bonus_accrual", "last_event_seq", "last_known_bonded",
    "exit_triggered_at", "exit_unlock_at", "created_at_height", "created_at_time", "delegator_address",
  ]);
  assert.is(raw.last_event_seq, "3");
  assert.is(raw.last_known_bonded, true);
  const undelegated = (await get("/chainmain/tieredrewards/v1/position/9")).position;
  assert.is(undelegated.validator, "");
  assert.is(undelegated.delegated_shares, "0.000000000000000000");
});

routes("unknown and malformed ids and addresses", async () => {
  // The module's error as the chain returns it (docs/decisions.md 6).
  assert.equal(await get("/chainmain/tieredrewards/v1/position/999", 500), {
    code: 2,
    message: "codespace tieredrewards code 18: position not found: position id 999",
    details: [],
  });
  const bad = await get("/chainmain/tieredrewards/v1/position/x7", 400);
  assert.is(bad.code, 3);
  assert.is(bad.message, 'type mismatch, parameter: position_id, error: strconv.ParseUint: parsing "x7": invalid syntax');
  await get("/chainmain/tieredrewards/v1/position/18446744073709551616", 400);
  const addr = await get("/chainmain/tieredrewards/v1/positions/cro1nope", 400);
  assert.match(addr.message, /^invalid address: decoding bech32 failed/);
  const valoper = await get(`/chainmain/tieredrewards/v1/voting_power/${VALOPER}`, 400);
  assert.match(valoper.message, /invalid Bech32 prefix; expected cro, got crocncl/);
  assert.equal(await get(`/chainmain/tieredrewards/v1/positions/${STRANGER}`), { positions: [], pagination: { next_key: null, total: "0" } });
});

routes("positions by owner, tier and all: pagination", async () => {
  const all = await get("/chainmain/tieredrewards/v1/positions");
  assert.equal(all.positions.map((p: any) => p.id), ["7", "9", "10", "12", "15"]);
  assert.equal(all.pagination, { next_key: null, total: "5" });

  const first = await get("/chainmain/tieredrewards/v1/positions_by_tier/2?pagination.limit=2");
  assert.equal(first.positions.map((p: any) => p.id), ["9", "10"]);
  assert.is(first.pagination.total, "0", "a given limit without count_total counts nothing");
  assert.ok(first.pagination.next_key);
  const second = await get(`/chainmain/tieredrewards/v1/positions_by_tier/2?pagination.limit=2&pagination.key=${encodeURIComponent(first.pagination.next_key)}`);
  assert.equal(second.positions.map((p: any) => p.id), ["12", "15"]);
  assert.equal(second.pagination, { next_key: null, total: "0" });

  const counted = await get(`/chainmain/tieredrewards/v1/positions/${OWNER}?pagination.offset=1&pagination.limit=3&pagination.count_total=true`);
  assert.equal(counted.positions.map((p: any) => p.id), ["9", "10", "12"]);
  assert.is(counted.pagination.total, "5");
  const reversed = await get("/chainmain/tieredrewards/v1/raw/positions?pagination.reverse=true&pagination.limit=2");
  assert.equal(reversed.positions.map((p: any) => p.id), ["15", "12"]);

  const both = await get(`/chainmain/tieredrewards/v1/positions?pagination.offset=1&pagination.key=${first.pagination.next_key}`, 400);
  assert.is(both.message, "invalid request, either offset or key is expected, got both");
  await get("/chainmain/tieredrewards/v1/positions?pagination.limit=-1", 400);
  await get("/chainmain/tieredrewards/v1/positions_by_tier/4294967296", 400);
  // A malformed count_total is refused even where an omitted limit turns counting on anyway
  // (found by the hostile suite: it answered 200).
  const maybe = await get(`/chainmain/tieredrewards/v1/positions/${OWNER}?pagination.count_total=maybe`, 400);
  assert.is(maybe.message, 'type mismatch, parameter: pagination.count_total, error: strconv.ParseBool: parsing "maybe": invalid syntax');
  await get("/chainmain/tieredrewards/v1/positions?pagination.limit=0&pagination.count_total=2", 400);
});

routes("estimate, voting power and owed bonus", async () => {
  assert.equal(await get("/chainmain/tieredrewards/v1/estimate_rewards/7"), {
    base_rewards: [{ denom: "basecro", amount: "24640657" }],
    bonus_rewards: [{ denom: "basecro", amount: "16427104" }],
  });
  assert.equal(await get("/chainmain/tieredrewards/v1/estimate_rewards/9"), { base_rewards: [], bonus_rewards: [] });
  pool = 1n;
  const short = await get("/chainmain/tieredrewards/v1/estimate_rewards/7", 500);
  assert.is(short.code, 2);
  assert.match(short.message, /^insufficient bonus pool balance/);
  pool = 50_000_000_000_000_000n;
  assert.equal(await get(`/chainmain/tieredrewards/v1/voting_power/${OWNER}`), { voting_power: "10000000000.000000000000000000" });
  assert.equal(await get(`/chainmain/tieredrewards/v1/voting_power/${STRANGER}`), { voting_power: "0.000000000000000000" });
  assert.equal(await get("/chainmain/tieredrewards/v1/total_delegated_voting_power"), { voting_power: "10000000000.000000000000000000" });
  assert.equal(await get(`/chainmain/tieredrewards/v1/owed_bonus/${OWNER}`), { owed: [{ denom: "basecro", amount: "5" }] });
});

routes.run();

const pages = suite("pagination");

/** `pagination.*` query parameters as the gateway parses them, under the node's rules. */
const parsePageRequest = (params: Record<string, string>) =>
  pageRequestOf(requestFromHttp<QueryAllTierPositionsRequest>(QueryAllTierPositionsRequestSchema, {
    path: {}, query: (name) => (params[name] === undefined ? [] : [params[name]!]),
  }).pagination);
const q = (params: Record<string, string>) => params;
const nextKey = (key: Uint8Array) => Buffer.from(key).toString("base64");

pages("defaults: limit 100, total counted when no limit is given", () => {
  const ids = Array.from({ length: 250 }, (_, i) => BigInt(i * 2));
  const page = paginate(orderedArray(ids), parsePageRequest(q({})));
  assert.is(page.ids.length, 100);
  assert.is(page.pagination.total, 250n);
  const next = parsePageRequest(q({ "pagination.key": nextKey(page.pagination.nextKey) }));
  assert.is(next.from, 200n);
  const last = paginate(orderedArray(ids), parsePageRequest(q({ "pagination.offset": "200" })));
  assert.is(last.ids.length, 50);
  assert.is(last.pagination.nextKey.length, 0);
});

pages("bad parameters are 400 with the gateway's wording", () => {
  for (const [name, value] of [
    ["pagination.limit", "ten"],
    ["pagination.offset", "1.5"],
    ["pagination.reverse", "yes"],
    ["pagination.key", "AAA"],
    ["pagination.limit", "10001"],
  ]) {
    try {
      parsePageRequest(q({ [name!]: value! }));
      assert.unreachable(`${name}=${value}`);
    } catch (e) {
      assert.instance(e, GatewayError);
      assert.is((e as GatewayError).code, GrpcCode.INVALID_ARGUMENT);
    }
  }
});



pages("validator_data and redelegation_mappings: the reference's shapes, pagination, bad addresses", async () => {
  assert.equal(await get(`/chainmain/tieredrewards/v1/validator_data/${VALOPER}`), {
    position_count: "1",
    events: [{
      height: "41", timestamp: "2026-05-20T08:14:31Z", event_type: "VALIDATOR_EVENT_TYPE_SLASH",
      tokens_per_share: "0.990000000000000000", reference_count: "1",
    }],
    event_current_seq: "3",
  });
  const other = encodeAddress("crocncl", new Uint8Array(20).fill(9));
  assert.equal(await get(`/chainmain/tieredrewards/v1/validator_data/${other}`), { position_count: "0", events: [], event_current_seq: "0" });
  assert.is((await get(`/chainmain/tieredrewards/v1/validator_data/${OWNER}`, 400)).code, 3);
  const all = await get("/chainmain/tieredrewards/v1/redelegation_mappings");
  assert.equal(all, {
    redelegation_mappings: [
      { unbonding_id: "2", position_id: "9" }, { unbonding_id: "4", position_id: "7" }, { unbonding_id: "11", position_id: "10" },
    ],
    pagination: { next_key: null, total: "3" },
  });
  const first = await get("/chainmain/tieredrewards/v1/redelegation_mappings?pagination.limit=2");
  assert.equal(first.redelegation_mappings.map((m: any) => m.unbonding_id), ["2", "4"]);
  const rest = await get(`/chainmain/tieredrewards/v1/redelegation_mappings?pagination.key=${encodeURIComponent(first.pagination.next_key)}`);
  assert.equal(rest.redelegation_mappings, [{ unbonding_id: "11", position_id: "10" }]);
  const reversed = await get("/chainmain/tieredrewards/v1/redelegation_mappings?pagination.reverse=true&pagination.limit=1");
  assert.equal(reversed.redelegation_mappings, [{ unbonding_id: "11", position_id: "10" }]);
});

pages.run();
