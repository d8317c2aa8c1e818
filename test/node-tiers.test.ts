// x/tieredrewards through the node (host/app/application.ts): governance and user tier messages
// in signed amino txs (host/modules/tieredrewards/messages.ts), their failures with codespace, code and raw
// log, the target rate as a persisted record (restart, abort, replay, export), positions across
// restart / replay / export, the tier query routes on the node (host/modules/tieredrewards/view.ts over
// host/modules/tieredrewards/queries.ts) and the derivation of a position's delegator address.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { bech32 } from "@scure/base";
import type { AminoMsg } from "@cosmjs/amino";
import { loadCore } from "../host/core/core.js";
import { ModuleAccount } from "../host/core/ledger.js";
import { TierError } from "../host/core/tiers.js";
import { NodeChain } from "../host/drivers/embedded.js";
import { REWARDS_POOL_ADDRESS, defaultGenesisJson, devAddress, mergeJson, operatorOf, type Json } from "../host/app/genesis.js";
import { positionDelegatorAddress } from "../host/modules/tieredrewards/messages.js";
import {
  FEE, commitTierMsg, delegateMsg, sendMsg, deleteTierMsg, lockTierMsg, positionAmountMsg, positionMsg, claimTierMsg,
  tierGovMsg, tierRedelegateMsg, updateTierParamsMsg,
} from "./helpers/dev-signer.js";
import { committedTx as tx, nodeHarness, signedBy, wasm, type TestNode as Node } from "./helpers/node.js";

const S = 1_000_000_000n;
const FEE_AMOUNT = BigInt(FEE.amount[0]!.amount);
const GOV = devAddress(0); // the default genesis's authority
const TR = "/chainmain/tieredrewards/v1";
const ZERO_TIME = "0001-01-01T00:00:00Z";
const YEAR_SECONDS = 31_557_600n;
const CRO = 100_000_000n;

const nodes = await nodeHarness({ prefix: "node-tiers-" });
const open = nodes.open;

/** As tx, asserting success. */
async function ok(node: Node, n: number, msgs: AminoMsg[]): Promise<any> {
  const tr = await tx(node, n, msgs);
  assert.is(tr.code, 0, tr.raw_log);
  return tr;
}

/** A typed tier event's field (its attribute parsed from proto-JSON); `nth` for repeated events. */
function field(tr: any, event: string, key: string, nth = 0): any {
  const e = tr.events.filter((x: any) => x.type === `chainmain.tieredrewards.v1.${event}`)[nth];
  const v = e?.attributes.find((a: any) => a.key === key)?.value;
  return v === undefined ? undefined : JSON.parse(v);
}

const tierEvents = (tr: any): string[] =>
  tr.events.map((e: any) => e.type as string).filter((t: string) => t.startsWith("chainmain.tieredrewards.v1."))
    .map((t: string) => t.slice("chainmain.tieredrewards.v1.".length));

const validator = (node: Node, id: number) => node.chain.directory.validatorAddress(id)!;
const balanceOf = (node: Node, address: string) => node.chain.ledger.balance(node.chain.directory.accountId(address)!);
const pool = (node: Node) => node.chain.ledger.balance(ModuleAccount.rewardsPool);
const rate = async (node: Node) => (await node.get(`${TR}/params`)).json.params.target_base_rewards_rate as string;
const tiersOf = async (node: Node) => (await node.get(`${TR}/tiers`)).json.tiers as any[];
const allPositions = async (node: Node, raw = false) => (await node.get(`${TR}${raw ? "/raw" : ""}/positions`)).json;
const ids = (r: any) => r.positions.map((p: any) => p.id);

/** The pool's decrease over one empty block: that block's base-rewards top-up. */
async function topUpOfNextBlock(node: Node): Promise<bigint> {
  const before = pool(node);
  await node.post("/dev/advance?blocks=1");
  return before - pool(node);
}

const tier = (id: number, exit: string, apy: string, minLock: bigint, closeOnly = false) => ({
  id, exit_duration: exit, bonus_apy: apy, min_lock_amount: `${minLock}`, close_only: closeOnly,
});
/** Decimal text as a Dec renders it: 18 decimals. */
const dec18 = (text: string) => {
  const [int, frac = ""] = text.split(".");
  return `${int}.${frac.padEnd(18, "0")}`;
};
/** A tier as the routes and events render it. */
const tierJson = (t: ReturnType<typeof tier>) => ({ ...t, bonus_apy: dec18(t.bonus_apy) });

const failed = (index: number, log: string) => `failed to execute message; message index: ${index}: ${log}`;

// ---------------------------------------------------------------------------------------------
// 1. Governance
// ---------------------------------------------------------------------------------------------

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
    assert.equal(node.chain.checkInvariants(), []);
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
  assert.equal(NodeChain.replay(await loadCore(wasm), node.dbPath), top);

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
    assert.equal(node.chain.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

// ---------------------------------------------------------------------------------------------
// 2. User-message failures
// ---------------------------------------------------------------------------------------------

test("user tier messages that fail: codespace, code and raw_log; only the fee and sequence move", async () => {
  const node = await open();
  try {
    const [u5, u6] = [devAddress(5), devAddress(6)];
    const v0 = validator(node, 0);
    await ok(node, 0, [tierGovMsg("MsgAddTier", GOV, tier(5, "60s", "0.01", 1n, true))]); // close-only
    const p0 = BigInt(field(await ok(node, 5, [lockTierMsg(u5, 1, 200n * CRO, v0)]), "EventPositionCreated", "position").id);
    const p1 = BigInt(field(await ok(node, 5, [lockTierMsg(u5, 1, 100n * CRO, v0)]), "EventPositionCreated", "position").id);

    const refused = async (n: number, msgs: AminoMsg[], codespace: string, code: number, log: string | RegExp) => {
      const signer = devAddress(n);
      const balance = balanceOf(node, signer);
      const sequence = node.chain.directory.account(signer)!.sequence;
      const positions = await allPositions(node);
      const raw = await allPositions(node, true);
      const accounts = node.chain.directory.accounts().length;
      const delegations = (await node.get(`/cosmos/staking/v1beta1/delegations/${signer}`)).json;
      const tr = await tx(node, n, msgs);
      assert.equal([tr.codespace, tr.code], [codespace, code], tr.raw_log);
      if (typeof log === "string") assert.is(tr.raw_log, log);
      else assert.match(tr.raw_log, log);
      assert.equal(tierEvents(tr), [], "no tier event of a failed tx");
      assert.is(balanceOf(node, signer), balance - FEE_AMOUNT, "only the fee");
      assert.is(node.chain.directory.account(signer)!.sequence, sequence + 1n);
      assert.equal(await allPositions(node), positions);
      assert.equal(await allPositions(node, true), raw);
      assert.equal((await node.get(`/cosmos/staking/v1beta1/delegations/${signer}`)).json, delegations);
      assert.is(node.chain.directory.accounts().length, accounts, "no account left behind (e.g. a position's delegator)");
      assert.equal(node.chain.checkInvariants(), []);
      return tr;
    };

    await refused(5, [lockTierMsg(u5, 5, 200n * CRO, v0)], "tieredrewards", 7, failed(0, "tier is close only"));
    await refused(5, [lockTierMsg(u5, 1, 99n * CRO, v0)], "tieredrewards", 9, failed(0, "min lock amount not met"));
    await refused(5, [lockTierMsg(u5, 9, 200n * CRO, v0)], "tieredrewards", 17, failed(0, "tier id 9: tier not found"));
    await refused(5, [lockTierMsg(u5, 1, 200n * CRO, operatorOf(u5))], "staking", 3, failed(0, "validator does not exist"));
    const spendable = balanceOf(node, u5) - FEE_AMOUNT; // what the lock's bank send finds
    await refused(5, [lockTierMsg(u5, 1, 10n ** 15n, v0)], "sdk", 5,
      failed(0, `spendable balance ${spendable}basecro is smaller than 1000000000000000basecro: insufficient funds`));
    await refused(6, [positionMsg("MsgTriggerExitFromTier", u6, p0)], "tieredrewards", 22, failed(0, "position owner mismatch"));
    await refused(6, [positionAmountMsg("MsgAddToTierPosition", u6, p0, CRO)], "tieredrewards", 22, failed(0, "position owner mismatch"));
    await refused(5, [positionMsg("MsgTriggerExitFromTier", u5, 999n)], "tieredrewards", 18, failed(0, "position id 999: position not found"));
    await refused(5, [claimTierMsg(u5, [p0, 999n])], "tieredrewards", 18, failed(0, "position id 999: position not found"));
    await refused(5, [positionMsg("MsgWithdrawFromTier", u5, p0)], "tieredrewards", 24, failed(0, "exit has not been triggered"));
    await refused(5, [tierRedelegateMsg(u5, p0, v0)], "tieredrewards", 16, failed(0, "redelegation to same validator"));

    // Trigger exit: once fine, twice refused; withdrawing before the unlock is refused.
    const trigger = await ok(node, 5, [positionMsg("MsgTriggerExitFromTier", u5, p0)]);
    assert.is(field(trigger, "EventExitTriggered", "position_id"), `${p0}`);
    await refused(5, [positionMsg("MsgTriggerExitFromTier", u5, p0)], "tieredrewards", 15, failed(0, "position has triggered exit"));
    await refused(5, [positionAmountMsg("MsgAddToTierPosition", u5, p0, CRO)], "tieredrewards", 15, failed(0, "position has triggered exit"));
    await refused(5, [positionMsg("MsgWithdrawFromTier", u5, p0)], "tieredrewards", 14, failed(0, "exit lock duration not reached"));
    await refused(5, [positionMsg("MsgTierUndelegate", u5, p0)], "tieredrewards", 14, failed(0, "exit lock duration not reached"));

    // A good message followed by a failing one: both undone (p1's exit not triggered, no position).
    await refused(
      5, [positionMsg("MsgTriggerExitFromTier", u5, p1), lockTierMsg(u5, 1, CRO, v0)],
      "tieredrewards", 9, failed(1, "min lock amount not met"),
    );
    assert.is((await node.get(`${TR}/position/${p1}`)).json.position.exit_triggered_at, ZERO_TIME);

    // An account a failed tx's message created is gone with it (here a send's recipient).
    const stranger = devAddress(20);
    await refused(5, [sendMsg(u5, stranger, CRO), positionMsg("MsgTriggerExitFromTier", u5, 999n)], "tieredrewards", 18, failed(1, "position id 999: position not found"));
    assert.is((await node.get(`/cosmos/auth/v1beta1/accounts/${stranger}`)).status, 404);
  } finally {
    await node.chain.close();
  }
});

// ---------------------------------------------------------------------------------------------
// 3. Determinism: replay, export, restart
// ---------------------------------------------------------------------------------------------

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
    assert.equal(node.chain.checkInvariants(), []);

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
      assert.equal(imported.chain.checkInvariants(), []);
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
    assert.equal(again.chain.checkInvariants(), []);
  } finally {
    await again.chain.close();
  }

  // Replay: every stored block row re-executed, its hash checked.
  const heights: bigint[] = [];
  assert.equal(NodeChain.replay(await loadCore(wasm), node.dbPath, (h) => heights.push(h)), top);
  const db = new Database(node.dbPath, { readonly: true });
  const rows = (db.prepare("SELECT height FROM blocks ORDER BY height").all() as { height: number | bigint }[]).map((r) => BigInt(r.height));
  db.close();
  assert.equal(heights, rows, "one check per stored block row");
  assert.ok(rows.length > 15);
});

// ---------------------------------------------------------------------------------------------
// 4. Routes on the node
// ---------------------------------------------------------------------------------------------

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
    assert.equal(node.chain.checkInvariants(), []);

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

// ---------------------------------------------------------------------------------------------
// 5. positionDelegatorAddress
// ---------------------------------------------------------------------------------------------

/** REFERENCE §3.3, written out independently: address.Module("tieredrewards/position", h, owner, be64(id), be64(nonce)). */
function referenceDelegator(headerHash: Uint8Array, ownerBytes: Uint8Array, id: bigint, nonce: bigint): string {
  const sha = (...parts: Uint8Array[]) => {
    const h = createHash("sha256");
    for (const p of parts) h.update(p);
    return new Uint8Array(h.digest());
  };
  const be = (v: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(v);
    return new Uint8Array(b);
  };
  let a = sha(sha(Buffer.from("module")), Buffer.from("tieredrewards/position"), new Uint8Array([0]), headerHash);
  for (const key of [ownerBytes, be(id), be(nonce)]) a = sha(sha(a), key);
  return bech32.encode("cro", bech32.toWords(a), 100);
}

test("positionDelegatorAddress: the reference's derivation, deterministic, 32 bytes, seeded by header hash, owner and id; skips taken candidates; ten taken is (31)", () => {
  const header = new Uint8Array(32).fill(7);
  const owner = devAddress(5);
  const ownerBytes = bech32.fromWords(bech32.decode(owner as `${string}1${string}`).words);
  const none = () => false;
  const a = positionDelegatorAddress(header, owner, 3n, "cro", none);
  assert.is(a, positionDelegatorAddress(header, owner, 3n, "cro", none), "deterministic");
  assert.is(a, referenceDelegator(header, ownerBytes, 3n, 0n));
  const decoded = bech32.decode(a as `${string}1${string}`, 100);
  assert.is(decoded.prefix, "cro");
  assert.is(bech32.fromWords(decoded.words).length, 32);

  const others = [
    positionDelegatorAddress(new Uint8Array(32).fill(8), owner, 3n, "cro", none),
    positionDelegatorAddress(header, devAddress(6), 3n, "cro", none),
    positionDelegatorAddress(header, owner, 4n, "cro", none),
  ];
  assert.is(new Set([a, ...others]).size, 4, "header hash, owner and id each change it");

  // Taken candidates are skipped in nonce order.
  const candidates = Array.from({ length: 10 }, (_, n) => referenceDelegator(header, ownerBytes, 3n, BigInt(n)));
  assert.is(new Set(candidates).size, 10);
  assert.is(positionDelegatorAddress(header, owner, 3n, "cro", (x) => x === candidates[0]), candidates[1]);
  const firstFour = new Set(candidates.slice(0, 4));
  assert.is(positionDelegatorAddress(header, owner, 3n, "cro", (x) => firstFour.has(x)), candidates[4]);
  const allButLast = new Set(candidates.slice(0, 9));
  assert.is(positionDelegatorAddress(header, owner, 3n, "cro", (x) => allButLast.has(x)), candidates[9]);
  const asked: string[] = [];
  try {
    positionDelegatorAddress(header, owner, 3n, "cro", (x) => (asked.push(x), true));
    assert.unreachable("ten taken candidates must fail");
  } catch (e) {
    assert.instance(e, TierError);
    assert.is((e as TierError).codespace, "tieredrewards");
    assert.is((e as TierError).code, 31);
    assert.is((e as TierError).message, "could not derive a free position delegator address");
  }
  assert.equal(asked, candidates, "exactly the ten nonces, in order");
});

test.after(() => nodes.remove());

test.run();
