// x/tieredrewards' governance messages through the node (host/app/application.ts, signed amino
// txs to host/modules/tieredrewards/messages.ts): MsgUpdateParams and the target rate as a persisted
// record (abort, wrong signer, bad rates; restart, replay, export), and MsgAddTier / MsgUpdateTier /
// MsgDeleteTier with their events, the tiers route and the settlement an APY change makes first.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../../host/core/core.js";
import { Application } from "../../../host/app/application.js";
import { devAddress, type Json } from "../../../host/app/genesis.js";
import { deleteTierMsg, lockTierMsg, positionAmountMsg, positionMsg, tierGovMsg, updateTierParamsMsg } from "../../helpers/dev-signer.js";
import { committedTx as tx, nodeHarness, wasm } from "../../helpers/node.js";
import {
  CRO, GOV, TR, YEAR_SECONDS, balanceOf, failed, field, ok, pool, rate, tier, tierEvents, tierJson, tiersOf, topUpOfNextBlock,
  validator,
} from "../../helpers/node-tiers.js";

const nodes = await nodeHarness({ prefix: "node-tiers-gov-" });
const open = nodes.open;

test("MsgUpdateParams: the authority changes params and the top-up; aborted txs, wrong signer and bad rates change nothing; restart, replay and export keep the rate", async () => {
  const node = await open();
  let exported: Json | undefined;
  try {
    assert.is(await rate(node), "0.030000000000000000");
    const base = await topUpOfNextBlock(node);
    assert.ok(base > 0n, "the genesis rate 0.03 is above the mint's yield: the pool tops up");

    // Abort path before any params record exists: the first message sets 0.5, the second fails.
    const aborted = await tx(node, 0, [updateTierParamsMsg(GOV, "0.5"), deleteTierMsg(GOV, 99)]);
    assert.equal([aborted.codespace, aborted.code, aborted.raw_log], ["tieredrewards", 17, failed(1, "tier id 99: tier not found")]);
    assert.is(await rate(node), "0.030000000000000000", "the aborted rate is undone");
    const afterAbort = await topUpOfNextBlock(node);
    assert.ok(afterAbort * 100n > base * 99n && afterAbort * 100n < base * 101n, `top-up still at 0.03: ${afterAbort} vs ${base}`);

    // The authority sets 0.05: no typed event, the route and the top-up follow.
    const set = await ok(node, 0, [updateTierParamsMsg(GOV, "0.05")]);
    assert.equal(tierEvents(set), []);
    assert.is(await rate(node), "0.050000000000000000");
    const higher = await topUpOfNextBlock(node);
    assert.ok(higher > 3n * base, `a higher target tops up more: ${higher} vs ${base}`);

    // Abort path with the record present: 0.07 is undone, 0.05 stays.
    const aborted2 = await tx(node, 0, [updateTierParamsMsg(GOV, "0.07"), deleteTierMsg(GOV, 99)]);
    assert.is(aborted2.code, 17);
    assert.is(await rate(node), "0.050000000000000000");
    const stillHigher = await topUpOfNextBlock(node);
    assert.ok(stillHigher * 100n > higher * 99n && stillHigher * 100n < higher * 101n);

    // A signer that is not the authority: accepted at CheckTx (the message server checks it), gov 13 in the block.
    const wrong = await tx(node, 5, [updateTierParamsMsg(devAddress(5), "0.1")]);
    assert.is(wrong.codespace, "gov");
    assert.is(wrong.code, 13);
    assert.is(wrong.raw_log, failed(0, `invalid authority; expected ${GOV}, got ${devAddress(5)}: expected gov account as only signer for proposal message`));
    assert.is(await rate(node), "0.050000000000000000");

    // Rates out of range: plain errors (codespace undefined, code 1), with the Dec as the reference formats it.
    const tooHigh = await tx(node, 0, [updateTierParamsMsg(GOV, "1.5")]);
    assert.equal(
      [tooHigh.codespace, tooHigh.code, tooHigh.raw_log],
      ["undefined", 1, failed(0, "target base rewards rate must not exceed 1.0 (100%): got 1.500000000000000000")],
    );
    const negative = await tx(node, 0, [updateTierParamsMsg(GOV, "-0.1")]);
    assert.equal(
      [negative.codespace, negative.code, negative.raw_log],
      ["undefined", 1, failed(0, "target base rewards rate cannot be negative: -0.100000000000000000")],
    );
    assert.is(await rate(node), "0.050000000000000000");
    // Exactly 1 is allowed.
    await ok(node, 0, [updateTierParamsMsg(GOV, "1")]);
    assert.is(await rate(node), "1.000000000000000000");

    // Rate 0: no top-up at all.
    await ok(node, 0, [updateTierParamsMsg(GOV, "0")]);
    assert.is(await rate(node), "0.000000000000000000");
    const p0 = pool(node);
    await node.post("/dev/advance?blocks=10");
    assert.is(pool(node), p0, "target 0: the pool pays nothing");
    const exportedRes = await node.get("/dev/export");
    assert.is(exportedRes.status, 200);
    exported = exportedRes.json as Json;
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }

  // Restart: the rate is the stored one, not the genesis's 0.03.
  const again = await open({ dbPath: node.dbPath });
  let top;
  try {
    assert.is(await rate(again), "0.000000000000000000");
    const p = pool(again);
    await again.post("/dev/advance?blocks=10");
    assert.is(pool(again), p, "still no top-up after the restart");
    top = again.chain.latestBlock();
  } finally {
    await again.chain.close();
  }
  // Replay re-applies every rate change (and undoes the aborted ones) block by block to the same hashes.
  assert.equal(Application.replay(await loadCore(wasm), node.dbPath), top);

  // An exported state starts a node with the same rate (and the same hash).
  const imported = await open({ genesis: exported! });
  try {
    assert.is(await rate(imported), "0.000000000000000000");
    const p = pool(imported);
    await imported.post("/dev/advance?blocks=10");
    assert.is(pool(imported), p);
  } finally {
    await imported.chain.close();
  }
});

test("MsgAddTier / MsgUpdateTier / MsgDeleteTier: events, GET /tiers, an APY change settles the tier's positions first, delete refused while positions exist", async () => {
  const node = await open();
  try {
    const user = devAddress(5);
    const t4 = tier(4, "60s", "0.05", 10n * CRO);
    const added = await ok(node, 0, [tierGovMsg("MsgAddTier", GOV, t4)]);
    assert.equal(tierEvents(added), ["EventTierChanged"]);
    assert.is(field(added, "EventTierChanged", "action"), "TIER_CHANGE_ACTION_NEW");
    assert.equal(field(added, "EventTierChanged", "tier"), tierJson(t4));
    const changed = added.events.find((e: any) => e.type === "chainmain.tieredrewards.v1.EventTierChanged");
    assert.equal(changed.attributes.map((a: any) => a.key), ["action", "tier", "msg_index"]);
    assert.is(changed.attributes[0].value, '"TIER_CHANGE_ACTION_NEW"', "strings keep their quotes");
    const tiers = await tiersOf(node);
    assert.equal(tiers.map((t) => t.id), [1, 2, 3, 4]);
    assert.equal(tiers[3], tierJson(t4));

    // Refusals: an existing id (5), a bad tier (plain error), a non-authority (gov 13).
    const dup = await tx(node, 0, [tierGovMsg("MsgAddTier", GOV, tier(1, "60s", "0.05", 1n))]);
    assert.equal([dup.codespace, dup.code, dup.raw_log], ["tieredrewards", 5, failed(0, "tier already exists")]);
    const badApy = await tx(node, 0, [tierGovMsg("MsgAddTier", GOV, tier(6, "60s", "1.5", 1n))]);
    assert.equal([badApy.codespace, badApy.code, badApy.raw_log], ["undefined", 1, failed(0, "bonus apy must not exceed 1.0 (100%): got 1.500000000000000000")]);
    const negativeApy = await tx(node, 0, [tierGovMsg("MsgAddTier", GOV, tier(6, "60s", "-0.01", 1n))]);
    assert.equal([negativeApy.codespace, negativeApy.code, negativeApy.raw_log], ["undefined", 1, failed(0, "bonus apy cannot be negative: -0.010000000000000000")]);
    const zeroExit = await tx(node, 0, [tierGovMsg("MsgAddTier", GOV, tier(6, "0s", "0.01", 1n))]);
    assert.equal([zeroExit.codespace, zeroExit.code, zeroExit.raw_log], ["undefined", 1, failed(0, "exit duration must be positive")]);
    const notGov = await tx(node, 5, [tierGovMsg("MsgAddTier", user, tier(6, "60s", "0.01", 1n))]);
    assert.equal([notGov.codespace, notGov.code], ["gov", 13]);
    assert.equal((await tiersOf(node)).map((t) => t.id), [1, 2, 3, 4]);

    // A position in tier 4, an hour of blocks.
    const amount = 20n * CRO;
    const lock = await ok(node, 5, [lockTierMsg(user, 4, amount, validator(node, 0))]);
    const id = BigInt(field(lock, "EventPositionCreated", "position").id);
    const lockedAt = BigInt(Date.parse(field(lock, "EventPositionCreated", "position").created_at_time)) / 1000n;
    await node.post("/dev/advance?duration=1h");

    // Changing the APY first claims the position at the old APY (base and bonus to the owner).
    const before = balanceOf(node, user);
    const t4b = tier(4, "120s", "0.10", 10n * CRO);
    const updated = await ok(node, 0, [tierGovMsg("MsgUpdateTier", GOV, t4b)]);
    assert.equal(tierEvents(updated), ["EventBaseRewardsClaimed", "EventBonusRewardsClaimed", "EventTierChanged"]);
    const at = BigInt(Date.parse(updated.timestamp)) / 1000n;
    const bonus = (amount * 5n * (at - lockedAt)) / (100n * YEAR_SECONDS);
    assert.ok(bonus > 0n);
    assert.equal(field(updated, "EventBonusRewardsClaimed", "rewards"), [{ denom: "basecro", amount: `${bonus}` }]);
    assert.is(field(updated, "EventBonusRewardsClaimed", "position_id"), `${id}`);
    assert.is(field(updated, "EventBonusRewardsClaimed", "owner"), user);
    const baseRewards = BigInt(field(updated, "EventBaseRewardsClaimed", "rewards")[0].amount);
    assert.ok(baseRewards > 0n);
    assert.is(balanceOf(node, user), before + baseRewards + bonus, "paid to the owner");
    assert.is(field(updated, "EventTierChanged", "action"), "TIER_CHANGE_ACTION_UPDATE");
    assert.equal(field(updated, "EventTierChanged", "tier"), tierJson(t4b));
    assert.equal((await tiersOf(node))[3], tierJson(t4b));
    // Settled up to the update's block, the last one: nothing more to estimate yet.
    assert.equal((await node.get(`${TR}/estimate_rewards/${id}`)).json, { base_rewards: [], bonus_rewards: [] });

    // The same APY: no settlement, only the tier change.
    const sameApy = await ok(node, 0, [tierGovMsg("MsgUpdateTier", GOV, { ...t4b, min_lock_amount: `${5n * CRO}` })]);
    assert.equal(tierEvents(sameApy), ["EventTierChanged"]);
    const unknown = await tx(node, 0, [tierGovMsg("MsgUpdateTier", GOV, tier(9, "60s", "0.01", 1n))]);
    assert.equal([unknown.codespace, unknown.code, unknown.raw_log], ["tieredrewards", 17, failed(0, "tier id 9: tier not found")]);

    // Delete: refused while the tier has a position (6); a tier without positions goes, with its old definition.
    const refused = await tx(node, 0, [deleteTierMsg(GOV, 4)]);
    assert.equal([refused.codespace, refused.code, refused.raw_log], ["tieredrewards", 6, failed(0, "tier has active positions")]);
    assert.equal((await tiersOf(node)).map((t) => t.id), [1, 2, 3, 4]);
    const tier2 = (await tiersOf(node))[1];
    const deleted = await ok(node, 0, [deleteTierMsg(GOV, 2)]);
    assert.is(field(deleted, "EventTierChanged", "action"), "TIER_CHANGE_ACTION_DELETE");
    assert.equal(field(deleted, "EventTierChanged", "tier"), tier2);
    assert.equal((await tiersOf(node)).map((t) => t.id), [1, 3, 4]);
    const again = await tx(node, 0, [deleteTierMsg(GOV, 2)]);
    assert.equal([again.code, again.raw_log], [17, failed(0, "tier id 2: tier not found")]);

    // Once its last position has left (exit elapsed, full instant exit), tier 4 can go.
    await ok(node, 5, [positionMsg("MsgTriggerExitFromTier", user, id)]);
    await node.post("/dev/advance?duration=3m");
    const exit = await ok(node, 5, [positionAmountMsg("MsgExitTierWithDelegation", user, id, amount)]);
    assert.is(field(exit, "EventExitTierWithDelegation", "full_exit"), true);
    await ok(node, 0, [deleteTierMsg(GOV, 4)]);
    assert.equal((await tiersOf(node)).map((t) => t.id), [1, 3]);
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

test.after(() => nodes.remove());

test.run();
