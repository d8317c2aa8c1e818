// x/tieredrewards' positions of every kind (locked, committed, redelegated, partly exited, exit
// triggered) across the node's determinism checks: replay reaches every stored hash, an exported
// state starts a node with the same hash and positions and goes on alike, a restart keeps them.

import { test } from "uvu";
import * as assert from "uvu/assert";
import Database from "better-sqlite3";
import { loadCore } from "../../../host/core/core.js";
import { Application } from "../../../host/app/application.js";
import { devAddress, type Json } from "../../../host/app/genesis.js";
import {
  claimTierMsg, commitTierMsg, delegateMsg, lockTierMsg, positionAmountMsg, positionMsg, tierGovMsg, tierRedelegateMsg,
  updateTierParamsMsg,
} from "../../helpers/dev-signer.js";
import { nodeHarness, signedBy, wasm, type TestNode as Node } from "../../helpers/node.js";
import { CRO, GOV, TR, ZERO_TIME, allPositions, field, ids, ok, rate, tier, tiersOf, validator } from "../../helpers/node-tiers.js";

const nodes = await nodeHarness({ prefix: "node-tiers-replay-" });
const open = nodes.open;

test("positions of every kind: replay reaches every stored hash, an exported state starts a node with the same hash and positions, restart keeps them", async () => {
  const node = await open();
  const [u5, u6, u7, u8] = [5, 6, 7, 8].map((n) => devAddress(n)) as [string, string, string, string];
  const v = [0, 1, 2, 3].map((i) => validator(node, i));
  let exported: Json;
  let snapshot: { positions: any; raw: any; tiers: any; rate: string; power: any };
  const snap = async (n: Node) => ({
    positions: await allPositions(n),
    raw: await allPositions(n, true),
    tiers: await tiersOf(n),
    rate: await rate(n),
    power: (await n.get(`${TR}/total_delegated_voting_power`)).json,
  });
  try {
    await ok(node, 0, [tierGovMsg("MsgAddTier", GOV, tier(4, "3600s", "0.05", 10n * CRO)), updateTierParamsMsg(GOV, "0.04")]);
    const lock = await ok(node, 5, [lockTierMsg(u5, 1, 500n * CRO, v[0]!)]);
    const p0 = BigInt(field(lock, "EventPositionCreated", "position").id);
    await ok(node, 6, [delegateMsg(u6, v[1]!, 300n * CRO)]);
    const commit = await ok(node, 6, [commitTierMsg(u6, v[1]!, 200n * CRO, 2)]);
    const p1 = BigInt(field(commit, "EventDelegationCommitted", "position").id);
    await node.post("/dev/advance?duration=1h");
    const redelegate = await ok(node, 5, [tierRedelegateMsg(u5, p0, v[2]!)]);
    assert.is(field(redelegate, "EventPositionRedelegated", "dst_validator"), v[2]);
    // The pending redelegation maps to the position, by its staking unbonding id.
    const delegator = (await node.get(`/chainmain/tieredrewards/v1/position/${p0}`)).json.position.delegator_address;
    const entry = (await node.get(`/cosmos/staking/v1beta1/delegators/${delegator}/redelegations`)).json.redelegation_responses[0].entries[0];
    assert.equal((await node.get("/chainmain/tieredrewards/v1/redelegation_mappings")).json, {
      // The entry's id is a JSON number (RedelegationResponse is Go's encoding/json, as on the chain), the mapping's a uint64 string.
      redelegation_mappings: [{ unbonding_id: `${entry.redelegation_entry.unbonding_id}`, position_id: `${p0}` }],
      pagination: { next_key: null, total: "1" },
    });
    const quick = await ok(node, 7, [lockTierMsg(u7, 4, 50n * CRO, v[3]!, true)]);
    const p2 = BigInt(field(quick, "EventPositionCreated", "position").id);
    await node.post("/dev/advance?duration=2h");
    const partial = await ok(node, 7, [positionAmountMsg("MsgExitTierWithDelegation", u7, p2, 20n * CRO)]);
    assert.is(field(partial, "EventExitTierWithDelegation", "full_exit"), false);
    await ok(node, 5, [claimTierMsg(u5, [p0])]);
    const p3 = BigInt(field(await ok(node, 8, [lockTierMsg(u8, 3, 100n * CRO, v[1]!)]), "EventPositionCreated", "position").id);
    await ok(node, 8, [positionMsg("MsgTriggerExitFromTier", u8, p3)]);
    await node.post("/dev/advance?duration=1h");
    await ok(node, 5, [claimTierMsg(u5, [p0])]); // the exported block carries a tx (its hash covers it)

    snapshot = await snap(node);
    assert.equal(ids(snapshot.positions), [`${p0}`, `${p1}`, `${p2}`, `${p3}`]);
    const byId = (id: bigint) => snapshot.positions.positions.find((p: any) => p.id === `${id}`);
    assert.is(byId(p0).validator, v[2]);
    assert.is(byId(p1).amount, `${200n * CRO}`);
    assert.is(byId(p2).amount, `${30n * CRO}`);
    assert.not.equal(byId(p3).exit_triggered_at, ZERO_TIME);
    assert.is(snapshot.rate, "0.040000000000000000");
    assert.equal(node.chain.app.checkInvariants(), []);

    const res = await node.get("/dev/export");
    assert.is(res.status, 200);
    exported = res.json as Json;
    const top = node.chain.latestBlock();

    // The exported state on a new node: same height and hash, same positions, tiers, rate.
    const imported = await open({ genesis: exported });
    try {
      assert.is(imported.chain.latestBlock().height, top.height);
      assert.is(imported.chain.latestBlock().appHash, top.appHash);
      assert.is(imported.chain.latestBlock().hash, top.hash, "the exported block's own hash, which seeds the next block");
      assert.equal(await snap(imported), snapshot);
      assert.equal(imported.chain.app.checkInvariants(), []);
      // Both go on alike with the same signed tx: a claim and a new position (its delegator
      // address derived from the block) give the same hashes.
      for (const n of [node, imported]) {
        const body = await signedBy(n, 6, [claimTierMsg(u6, [p1]), lockTierMsg(u6, 1, 100n * CRO, v[3]!)]);
        assert.is((await n.post("/txs", body)).json.tx_response.code, 0);
        await n.post("/dev/advance?blocks=3");
      }
      assert.is(imported.chain.latestBlock().appHash, node.chain.latestBlock().appHash);
      assert.equal(await allPositions(imported), await allPositions(node));
    } finally {
      await imported.chain.close();
    }
    snapshot = await snap(node);
  } finally {
    await node.chain.close();
  }

  // Restart: same block, same positions.
  const again = await open({ dbPath: node.dbPath });
  const top = again.chain.latestBlock();
  try {
    assert.equal(await snap(again), snapshot);
    assert.equal(again.chain.app.checkInvariants(), []);
  } finally {
    await again.chain.close();
  }

  // Replay: every stored block row re-executed, its hash checked.
  const heights: bigint[] = [];
  assert.equal(Application.replay(await loadCore(wasm), node.dbPath, (h) => heights.push(h)), top);
  const db = new Database(node.dbPath, { readonly: true });
  const rows = (db.prepare("SELECT height FROM blocks ORDER BY height").all() as { height: number | bigint }[]).map((r) => BigInt(r.height));
  db.close();
  assert.equal(heights, rows, "one check per stored block row");
  assert.ok(rows.length > 15);
});

test.after(() => nodes.remove());

test.run();
