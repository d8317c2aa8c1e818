// End to end: the real server (host/main.ts startNode) on a loopback port with its SQLite
// database, transactions signed by CosmJS with a dev key and POSTed over HTTP: delegate, a day of
// blocks, withdraw the rewards; the server restarted mid-way keeps everything committed.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCoreFromFile } from "../../host/core/node.js";
import { startNode, type RunningNode } from "../../host/main.js";
import { devAddress } from "../../host/app/genesis.js";
import type { Config } from "../../host/config.js";
import {
  devSigner, delegateMsg, withdrawMsg, lockTierMsg, positionMsg, positionAmountMsg, claimTierMsg,
} from "../helpers/dev-signer.js";

const DIR = await mkdtemp(join(tmpdir(), "e2e-"));

const config = (dbPath: string, blockTimeNs = 5_000_000_000n, genesisFile?: string): Config => ({
  port: 0, host: "127.0.0.1", chainSegment: "chainmain", blockTimeNs, clock: "simulated", genesisFile, dbPath, dev: true,
});

async function call(node: RunningNode, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${node.url}${path}`, body === undefined && !path.startsWith("/dev/") ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  assert.is(res.status, 200, JSON.stringify(json));
  return json;
}

async function broadcast(node: RunningNode, n: number, msgs: Parameters<Awaited<ReturnType<typeof devSigner>>["sign"]>[0]) {
  const signer = await devSigner(n);
  const acct = node.chain.directory.account(signer.address)!;
  const body = await signer.sign(msgs, { chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence });
  const r = await call(node, "/cosmos/tx/v1beta1/txs", body);
  assert.is(r.tx_response.code, 0, r.tx_response.raw_log);
  return r.tx_response.txhash as string;
}

/** The first event of a type that has the attribute (the fee's `message` event has no `action`). */
const attr = (tr: any, type: string, key: string) =>
  tr.events.filter((e: any) => e.type === type).flatMap((e: any) => e.attributes).find((a: any) => a.key === key)?.value;

/** A typed tier event's field, parsed from its proto-JSON attribute. */
const field = (tr: any, event: string, key: string) => {
  const value = attr(tr, `chainmain.tieredrewards.v1.${event}`, key);
  return value === undefined ? undefined : JSON.parse(value);
};

/** Broadcast, make the block, and return the committed tx's response (code 0 asserted). */
async function included(node: RunningNode, n: number, msgs: Parameters<typeof broadcast>[2]) {
  const hash = await broadcast(node, n, msgs);
  await call(node, "/dev/advance?blocks=1");
  const tr = (await call(node, `/cosmos/tx/v1beta1/txs/${hash}`)).tx_response;
  assert.is(tr.code, 0, tr.raw_log);
  return tr;
}

test("CosmJS-signed delegate -> a day of blocks -> server restart -> withdraw rewards, over HTTP", async () => {
  const dbPath = join(DIR, "chain.db");
  const user = devAddress(7);
  let node = await startNode(config(dbPath), { core: await loadCoreFromFile() });
  let restarted = false;
  try {
    const val = node.chain.directory.validatorAddress(2)!;
    const id = node.chain.directory.accountId(user)!;
    const start = node.chain.ledger.balance(id);

    const delegation = await broadcast(node, 7, [delegateMsg(user, val, 2_000_000_000_000n)]);
    await call(node, "/dev/advance?blocks=1");
    const d = (await call(node, `/cosmos/tx/v1beta1/txs/${delegation}`)).tx_response;
    assert.is(d.height, "1");
    assert.is(attr(d, "delegate", "amount"), "2000000000000basecro");
    assert.is(node.chain.ledger.balance(id), start - 2_000_000_000_000n - 5000n);

    const day = await call(node, "/dev/advance?duration=24h");
    assert.is(day.blocks, "17280");
    const committed = node.chain.latestBlock();
    const pending = node.chain.ledger.pendingRewards(id, 2);
    assert.ok(pending > 0n, "a day of rewards");

    await node.close();
    node = await startNode(config(dbPath), { core: await loadCoreFromFile() });
    restarted = true;
    assert.equal(node.chain.latestBlock(), committed, "nothing committed is lost; the state hash matches");
    assert.is(node.chain.ledger.pendingRewards(id, 2), pending);

    const before = node.chain.ledger.balance(id);
    const withdrawal = await broadcast(node, 7, [withdrawMsg(user, val)]);
    await call(node, "/dev/advance?blocks=1");
    const w = (await call(node, `/cosmos/tx/v1beta1/txs/${withdrawal}`)).tx_response;
    assert.is(w.code, 0);
    const paid = BigInt(attr(w, "withdraw_rewards", "amount").replace("basecro", ""));
    assert.ok(paid >= pending / 10n ** 18n, "at least what was pending a block earlier");
    assert.is(node.chain.ledger.balance(id), before + paid - 5000n);
    // About 3 % a year on 20,000 CRO after 10 % commission: ~1.48 CRO a day.
    assert.ok(paid > 140_000_000n && paid < 155_000_000n, `a day's reward: ${paid}`);
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.close();
  }
  assert.ok(restarted);
});

test("tiered staking over HTTP: lock -> trigger exit -> restart -> a year -> instant exit -> claim", async () => {
  const dbPath = join(DIR, "tiers.db");
  // Ten-minute blocks, and x/mint told so (blocks_per_year), make a year 52,596 blocks.
  const TEN_MINUTES = 600_000_000_000n;
  const genesis = join(DIR, "ten-minute-blocks.json");
  await writeFile(genesis, JSON.stringify({ app_state: { mint: { params: { blocks_per_year: "52596" } } } }));
  const owner = devAddress(6);
  const amount = 1_000n * 10n ** 8n; // 1,000 CRO
  let node = await startNode(config(dbPath, TEN_MINUTES, genesis), { core: await loadCoreFromFile() });
  try {
    const val = node.chain.directory.validatorAddress(1)!;
    const ownerId = node.chain.directory.accountId(owner)!;
    const liquid = node.chain.ledger.balance(ownerId);
    const poolBefore = BigInt((await call(node, "/chainmain/tieredrewards/v1/rewards_pool_balances")).balances[0].amount);

    // Lock 1,000 CRO in tier 1 (1 year) on validator 1.
    const lock = await included(node, 6, [lockTierMsg(owner, 1, amount, val)]);
    assert.is(attr(lock, "message", "action"), "/chainmain.tieredrewards.v1.MsgLockTier");
    assert.is(attr(lock, "message", "sender"), owner);
    assert.is(lock.events.find((e: any) => e.attributes.some((a: any) => a.key === "action")).attributes.find((a: any) => a.key === "msg_index")?.value, "0");
    const created = field(lock, "EventPositionCreated", "position");
    assert.is(created.owner, owner);
    assert.is(created.tier_id, 1);
    const id = BigInt(created.id);
    const lockedAt = Date.parse(created.created_at_time);
    const listed = await call(node, `/chainmain/tieredrewards/v1/positions/${owner}`);
    assert.equal(listed.positions.map((p: any) => p.id), [`${id}`]);
    assert.is(listed.positions[0].amount, `${amount}`);
    assert.is(listed.positions[0].validator, val);
    assert.is(node.chain.ledger.balance(ownerId), liquid - amount - 5000n);

    // Trigger exit: the countdown starts now, one tier-1 exit duration (365 days) ahead.
    const trigger = await included(node, 6, [positionMsg("MsgTriggerExitFromTier", owner, id)]);
    const unlock = Date.parse(field(trigger, "EventExitTriggered", "exit_unlock_at"));
    const triggeredAt = Date.parse((await call(node, `/chainmain/tieredrewards/v1/position/${id}`)).position.exit_triggered_at);
    assert.is(unlock - triggeredAt, 365 * 86_400_000);

    // Restart mid-way: nothing committed is lost, the state hash matches.
    const committed = node.chain.latestBlock();
    await node.close();
    node = await startNode(config(dbPath, TEN_MINUTES, genesis), { core: await loadCoreFromFile() });
    assert.equal(node.chain.latestBlock(), committed);
    assert.is(Date.parse((await call(node, `/chainmain/tieredrewards/v1/position/${id}`)).position.exit_unlock_at), unlock);

    // Before the commitment has elapsed an instant exit is refused: code 14, nothing changes.
    const early = await broadcast(node, 6, [positionAmountMsg("MsgExitTierWithDelegation", owner, id, amount)]);
    await call(node, "/dev/advance?blocks=1");
    const refused = (await call(node, `/cosmos/tx/v1beta1/txs/${early}`)).tx_response;
    assert.is(refused.codespace, "tieredrewards");
    assert.is(refused.code, 14);

    // A year later: the commitment has elapsed.
    await call(node, "/dev/advance?duration=8761h");
    const estimate = await call(node, `/chainmain/tieredrewards/v1/estimate_rewards/${id}`);
    // Bonus: shares x 1 token/share x 0.02 x whole seconds from the lock to the unlock / 31,557,600 (no slash).
    const seconds = BigInt((unlock - lockedAt) / 1000);
    const bonus = (amount * 2n * seconds) / (100n * 31_557_600n);
    assert.equal(estimate.bonus_rewards, [{ denom: "basecro", amount: `${bonus}` }]);

    // Instant exit of half back to base staking; the rest stays in the tier (above the 100 CRO minimum).
    const half = amount / 2n;
    const exit = await included(node, 6, [positionAmountMsg("MsgExitTierWithDelegation", owner, id, half)]);
    assert.is(field(exit, "EventExitTierWithDelegation", "transferred_amount"), `${half}`);
    assert.is(field(exit, "EventExitTierWithDelegation", "full_exit"), false);
    assert.equal(field(exit, "EventBonusRewardsClaimed", "rewards"), [{ denom: "basecro", amount: `${bonus}` }]);
    const base = BigInt(field(exit, "EventBaseRewardsClaimed", "rewards")[0].amount);
    // ~3 % a year after 10 % commission on 1,000 CRO: about 27 CRO.
    assert.ok(base > 25n * 10n ** 8n && base < 29n * 10n ** 8n, `a year of base rewards: ${base}`);
    const delegations = await call(node, `/cosmos/staking/v1beta1/delegations/${owner}`);
    assert.equal(delegations.delegation_responses.map((d: any) => [d.delegation.validator_address, d.balance.amount]), [[val, `${half}`]]);

    // Claim: base rewards of the remaining half since the exit; no bonus past the unlock.
    await call(node, "/dev/advance?duration=24h");
    const claim = await included(node, 6, [claimTierMsg(owner, [id])]);
    assert.equal(field(claim, "EventTierRewardsClaimed", "position_ids"), [`${id}`]);
    assert.equal(field(claim, "EventTierRewardsClaimed", "bonus_rewards"), []);
    const dayBase = BigInt(field(claim, "EventTierRewardsClaimed", "base_rewards")[0].amount);
    assert.ok(dayBase > 3_000_000n && dayBase < 4_500_000n, `a day of base rewards on 500 CRO: ${dayBase}`);

    // Every fee and reward accounted for: liquid = start - locked - 5 fees (one refused) + base + bonus + day's base.
    assert.is(node.chain.ledger.balance(ownerId), liquid - amount - 5n * 5000n + base + bonus + dayBase);
    const poolAfter = BigInt((await call(node, "/chainmain/tieredrewards/v1/rewards_pool_balances")).balances[0].amount);
    assert.ok(poolAfter < poolBefore - bonus, "the pool paid the bonus and a year of top-ups");
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.close();
  }
});

test.after(() => rm(DIR, { recursive: true, force: true }));

test.run();
