// x/tieredrewards' query routes on the node (host/modules/tieredrewards/view.ts over
// host/modules/tieredrewards/queries.ts): positions by owner, by tier and all, with pagination;
// one position live and raw; errors; estimates against a short pool (and a claim it cannot pay);
// voting power.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { bech32 } from "@scure/base";
import { REWARDS_POOL_ADDRESS, defaultGenesisJson, devAddress, mergeJson, type Json } from "../../../host/app/genesis.js";
import { claimTierMsg, lockTierMsg, positionMsg, tierGovMsg } from "../../helpers/dev-signer.js";
import { committedTx as tx, nodeHarness, signedBy } from "../../helpers/node.js";
import {
  CRO, GOV, TR, YEAR_SECONDS, ZERO_TIME, allPositions, failed, ids, ok, pool, tier, tiersOf, validator, S,
} from "../../helpers/node-tiers.js";

const nodes = await nodeHarness({ prefix: "node-tiers-routes-" });
const open = nodes.open;

/** The default genesis with a rewards pool of `poolAmount` basecro (the reserve holds the rest) and no top-up. */
function smallPoolGenesis(poolAmount: bigint): Json {
  const base = defaultGenesisJson() as any;
  const balances = base.app_state.bank.balances.map((b: any) => ({ ...b, coins: b.coins.map((c: any) => ({ ...c })) }));
  const reserve = balances.find((b: any) => b.address === devAddress(0));
  const poolEntry = balances.find((b: any) => b.address === REWARDS_POOL_ADDRESS);
  reserve.coins[0].amount = `${BigInt(reserve.coins[0].amount) + BigInt(poolEntry.coins[0].amount) - poolAmount}`;
  poolEntry.coins[0].amount = `${poolAmount}`;
  return mergeJson(base, {
    app_state: { bank: { balances }, tieredrewards: { params: { target_base_rewards_rate: "0" } } },
  });
}

test("tier routes on the node: positions by owner / tier / all with pagination, errors, estimates with a short pool, voting power, raw positions", async () => {
  const POOL = 50_000n;
  const node = await open({ genesis: smallPoolGenesis(POOL) });
  try {
    const [u5, u6] = [devAddress(5), devAddress(6)];
    const v = [0, 1, 2, 3].map((i) => validator(node, i));
    const pools = (await node.get(`${TR}/rewards_pool_balances`)).json;
    assert.equal(pools, { address: REWARDS_POOL_ADDRESS, balances: [{ denom: "basecro", amount: `${POOL}` }] });

    // Five positions in one block: three of dev 5 (one tx), two of dev 6.
    await node.post("/txs", await signedBy(node, 5, [
      lockTierMsg(u5, 1, 200n * CRO, v[0]!), lockTierMsg(u5, 2, 300n * CRO, v[1]!), lockTierMsg(u5, 1, 400n * CRO, v[2]!),
    ]));
    await node.post("/txs", await signedBy(node, 6, [lockTierMsg(u6, 1, 100n * CRO, v[0]!), lockTierMsg(u6, 3, 150n * CRO, v[3]!)]));
    await node.post("/dev/advance?blocks=1");
    assert.equal(ids(await allPositions(node)), ["0", "1", "2", "3", "4"]);

    const page = async (path: string, q = "") => {
      const r = await node.get(`${TR}${path}${q ? `?${q}` : ""}`);
      assert.is(r.status, 200, JSON.stringify(r.json));
      return r.json;
    };
    /** Every page through next_key, `limit` at a time. */
    const walk = async (path: string, limit: number, extra = "") => {
      const out: string[] = [];
      let key: string | null = null;
      let pages = 0;
      do {
        const q: string = `pagination.limit=${limit}${extra}${key === null ? "" : `&pagination.key=${encodeURIComponent(key)}`}`;
        const r = await page(path, q);
        assert.is(r.pagination.total, "0", "no count without count_total");
        out.push(...ids(r));
        key = r.pagination.next_key;
        pages++;
      } while (key !== null && pages < 10);
      return { out, pages };
    };

    // By owner.
    const all5 = await page(`/positions/${u5}`);
    assert.equal(ids(all5), ["0", "1", "2"]);
    assert.equal(all5.pagination, { next_key: null, total: "3" }, "no limit: counted");
    const first = await page(`/positions/${u5}`, "pagination.limit=2");
    assert.equal(ids(first), ["0", "1"]);
    assert.is(typeof first.pagination.next_key, "string");
    assert.is(first.pagination.total, "0");
    const second = await page(`/positions/${u5}`, `pagination.limit=2&pagination.key=${encodeURIComponent(first.pagination.next_key)}`);
    assert.equal(ids(second), ["2"]);
    assert.equal(second.pagination, { next_key: null, total: "0" });
    assert.is((await page(`/positions/${u5}`, "pagination.limit=2&pagination.count_total=true")).pagination.total, "3");
    assert.equal(await walk(`/positions/${u5}`, 2, "&pagination.reverse=true"), { out: ["2", "1", "0"], pages: 2 });
    assert.equal(ids(await page(`/positions/${u6}`)), ["3", "4"]);
    assert.equal(ids(await page(`/positions/${devAddress(7)}`)), [], "an owner without positions");
    assert.equal((await page(`/positions/${devAddress(7)}`)).pagination, { next_key: null, total: "0" });

    // By tier, and all.
    assert.equal(ids(await page("/positions_by_tier/1")), ["0", "2", "3"]);
    assert.equal(await walk("/positions_by_tier/1", 1), { out: ["0", "2", "3"], pages: 3 });
    assert.equal(await walk("/positions_by_tier/1", 2, "&pagination.reverse=true"), { out: ["3", "2", "0"], pages: 2 });
    assert.is((await page("/positions_by_tier/1", "pagination.limit=1&pagination.count_total=true")).pagination.total, "3");
    assert.equal(ids(await page("/positions_by_tier/2")), ["1"]);
    assert.equal(ids(await page("/positions_by_tier/7")), []);
    assert.equal(await walk("/positions", 2), { out: ["0", "1", "2", "3", "4"], pages: 3 });
    assert.equal(await walk("/positions", 3, "&pagination.reverse=true"), { out: ["4", "3", "2", "1", "0"], pages: 2 });
    assert.equal(ids(await page("/positions", "pagination.offset=1&pagination.limit=2")), ["1", "2"]);
    assert.equal(await walk("/raw/positions", 2), { out: ["0", "1", "2", "3", "4"], pages: 3 });
    assert.equal(ids(await page(`/raw/positions/${u6}`)), ["3", "4"]);
    assert.equal(ids(await page("/raw/positions_by_tier/1", "pagination.reverse=true")), ["3", "2", "0"]);

    // One position, live and raw.
    const p1 = (await page("/position/1")).position;
    const created = "2026-01-01T00:00:05Z";
    assert.equal({ ...p1, delegator_address: "" }, {
      id: "1", owner: u5, tier_id: 2, amount: `${300n * CRO}`, validator: v[1], delegated_shares: `${300n * CRO}.000000000000000000`,
      exit_triggered_at: ZERO_TIME, exit_unlock_at: ZERO_TIME, created_at_height: "1", created_at_time: created, delegator_address: "",
    });
    const decoded = bech32.decode(p1.delegator_address as `${string}1${string}`, 100);
    assert.is(decoded.prefix, "cro");
    assert.is(bech32.fromWords(decoded.words).length, 32, "a position's delegator is a 32-byte address");
    assert.ok(node.chain.directory.accountId(p1.delegator_address) !== undefined, "its account exists");
    const delegators = new Set((await allPositions(node)).positions.map((p: any) => p.delegator_address));
    assert.is(delegators.size, 5, "one delegator address per position");
    const raw1 = (await page("/raw/position/1")).position;
    assert.equal(raw1, {
      id: "1", owner: u5, tier_id: 2, last_bonus_accrual: created, last_event_seq: "0", last_known_bonded: true,
      exit_triggered_at: ZERO_TIME, exit_unlock_at: ZERO_TIME, created_at_height: "1", created_at_time: created,
      delegator_address: p1.delegator_address,
    });

    // Errors: unknown id the module's 500 (tieredrewards 18), bad id 400 code 3 (live and raw).
    for (const prefix of ["", "/raw"]) {
      const missing = await node.get(`${TR}${prefix}/position/999`);
      // The module's error as the chain returns it (docs/decisions.md 6).
      assert.equal([missing.status, missing.json], [500, { code: 2, message: "codespace tieredrewards code 18: position not found: position id 999", details: [] }]);
      const bad = await node.get(`${TR}${prefix}/position/abc`);
      assert.equal([bad.status, bad.json.code], [400, 3]);
      assert.is(bad.json.message, 'type mismatch, parameter: position_id, error: strconv.ParseUint: parsing "abc": invalid syntax');
      assert.is((await node.get(`${TR}${prefix}/position/-1`)).status, 400);
    }
    const badOwner = await node.get(`${TR}/positions/cro1notanaddress`);
    assert.equal([badOwner.status, badOwner.json.code], [400, 3]);
    assert.match(badOwner.json.message, /^invalid address: /);
    assert.equal((await node.get(`${TR}/estimate_rewards/999`)).status, 500, "an unknown position: the module's error, as the chain");

    // An hour on: the small position's bonus fits the pool, the large one's does not.
    await node.post("/dev/advance?duration=1h");
    const seconds = (node.chain.latestBlock().timeNs - BigInt(Date.parse(created)) * 1_000_000n) / S;
    const bonusOf = (amount: bigint, apyPercent: bigint) => (amount * apyPercent * seconds) / (100n * YEAR_SECONDS);
    const small = (await page("/estimate_rewards/3"));
    assert.equal(small.bonus_rewards, [{ denom: "basecro", amount: `${bonusOf(100n * CRO, 2n)}` }]);
    assert.ok(bonusOf(100n * CRO, 2n) < POOL && bonusOf(300n * CRO, 4n) > POOL);
    assert.ok(BigInt(small.base_rewards[0].amount) > 0n, "base rewards from the mint alone");
    const hash = node.chain.latestBlock().appHash;
    const short = await node.get(`${TR}/estimate_rewards/1`);
    assert.equal([short.status, short.json], [500, {
      code: 2, message: `insufficient bonus pool balance: bonus: ${bonusOf(300n * CRO, 4n)}, pool balance: ${POOL}`, details: [],
    }]);
    // Estimates change nothing.
    assert.equal(await page("/estimate_rewards/3"), small);
    assert.is(pool(node), POOL);
    assert.is(node.chain.latestBlock().appHash, hash);
    assert.equal(node.chain.app.checkInvariants(), []);

    // A claim the pool cannot pay fails with 12 and changes nothing; an APY change of the tier too.
    const before = await allPositions(node, true);
    const claim = await tx(node, 5, [claimTierMsg(u5, [1n])]);
    assert.equal([claim.codespace, claim.code], ["tieredrewards", 12]);
    assert.match(claim.raw_log, new RegExp(`^${failed(0, "bonus: \\d+, pool balance: 50000: insufficient bonus pool balance")}$`));
    const apy = await tx(node, 0, [tierGovMsg("MsgUpdateTier", GOV, tier(2, "63072000s", "0.05", 100n * CRO))]);
    assert.equal([apy.codespace, apy.code], ["tieredrewards", 12]);
    assert.is((await tiersOf(node))[1].bonus_apy, "0.040000000000000000");
    assert.equal(await allPositions(node, true), before);
    assert.is(pool(node), POOL);

    // Voting power: the delegated positions' shares, by owner and in all.
    assert.equal((await page(`/voting_power/${u5}`)), { voting_power: `${900n * CRO}.000000000000000000` });
    assert.equal((await page(`/voting_power/${u6}`)), { voting_power: `${250n * CRO}.000000000000000000` });
    assert.equal((await page(`/voting_power/${devAddress(7)}`)), { voting_power: "0.000000000000000000" });
    assert.equal((await page("/total_delegated_voting_power")), { voting_power: `${1150n * CRO}.000000000000000000` });
    const badPower = await node.get(`${TR}/voting_power/xyz`);
    assert.equal([badPower.status, badPower.json.code], [400, 3]);
    // A full instant exit is impossible before the unlock; after a trigger the power is unchanged (still delegated).
    await ok(node, 6, [positionMsg("MsgTriggerExitFromTier", u6, 3n)]);
    assert.equal((await page(`/voting_power/${u6}`)), { voting_power: `${250n * CRO}.000000000000000000` });
  } finally {
    await node.chain.close();
  }
});

test.after(() => nodes.remove());

test.run();
