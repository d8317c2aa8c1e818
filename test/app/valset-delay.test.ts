// CometBFT's two-block delay of validator-set updates in the node's own blocks (app/block.ts,
// modules/staking/delayed-sets.ts, docs/decisions.md 24): a delegation at height H changes its
// validator's power at EndBlock H, which CometBFT has sign block H + 2, so x/distribution pays by it
// from block H + 3; blocks H + 1 and H + 2 still pay by the old powers. The same state whether the
// blocks after come one at a time, as one run of empty blocks, or across a restart in the middle
// of the delay; and a replay from genesis gives the same hashes.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../host/core/core.js";
import { Application } from "../../host/app/application.js";
import { devAddress, operatorOf } from "../../host/modules/genutil/default-genesis.js";
import { delegateMsg } from "../helpers/dev-signer.js";
import { committedTx, nodeHarness, wasm, type TestNode } from "../helpers/node.js";

const h = await nodeHarness({ prefix: "valset-delay-" });
const AMOUNT = 90_000_000_000_000n; // 0.9 M CRO of dev key 5's 1 M: validator 0's power up by 0.009 %

/** Validator 0's and 1's outstanding rewards (raw Decs) and last powers. */
const state = (node: TestNode) => {
  const [v0, v1] = [node.chain.ledger.validator(0)!, node.chain.ledger.validator(1)!];
  return { out0: v0.outstanding, out1: v1.outstanding, power0: v0.lastPower, power1: v1.lastPower };
};

/** One empty block as CometBFT would have it made (FinalizeBlock without commit info, then Commit), not as a run. */
const single = (node: TestNode) => {
  node.chain.app.finalizeBlock({ height: node.chain.latestBlock().height + 1n, timeNs: node.chain.nextBlockTime() });
  node.chain.app.commit();
};

/** A node two blocks on, then dev key 5's delegation to validator 0 (operated by dev key 1) in block H. */
async function delegated(dbPath?: string): Promise<{ node: TestNode; height: bigint }> {
  const node = await h.open(dbPath === undefined ? {} : { dbPath });
  await node.chain.advance(2n);
  const tx = await committedTx(node, 5, [delegateMsg(devAddress(5), operatorOf(devAddress(1)), AMOUNT)], { advance: "chain" });
  assert.is(tx.code, 0, tx.raw_log);
  return { node, height: BigInt(tx.height) };
}

test("a delegation's power pays from the third block after it: blocks H + 1 and H + 2 split by the old powers", async () => {
  const { node, height } = await delegated();
  try {
    const after = state(node);
    assert.ok(after.power0 > after.power1, "EndBlock H raised validator 0's power");
    const paid: { h: bigint; r0: bigint; r1: bigint }[] = [];
    let last = after;
    for (let i = 1n; i <= 5n; i++) {
      await node.chain.advance(1n);
      const now = state(node);
      paid.push({ h: height + i, r0: now.out0 - last.out0, r1: now.out1 - last.out1 });
      last = now;
    }
    // the delay: equal powers, equal shares, to the base unit
    for (const p of paid.slice(0, 2)) assert.is(p.r0, p.r1, `block ${p.h} pays by the powers before the delegation`);
    // from H + 3: by the new powers (r0 / r1 = power0 / power1, up to the Decs' truncation)
    for (const p of paid.slice(2)) {
      assert.ok(p.r0 > p.r1, `block ${p.h} pays validator 0 more`);
      const skew = p.r0 * after.power1 - p.r1 * after.power0;
      assert.ok((skew < 0n ? -skew : skew) * 1_000_000_000n < p.r1 * after.power0, `block ${p.h}: ${p.r0} / ${p.r1} is ${after.power0} / ${after.power1}`);
    }
  } finally {
    await node.chain.close();
  }
});

test("the same state one block at a time, as one run of empty blocks, across a restart in the delay, and on a replay", async () => {
  const BLOCKS = 6n;
  // one block at a time, each through FinalizeBlock and Commit (no run)
  const a = await delegated();
  for (let i = 0n; i < BLOCKS; i++) single(a.node);
  const one = { head: a.node.chain.latestBlock(), state: state(a.node) };
  await a.node.chain.close();
  // one run of empty blocks (its first two blocks made alone, by the delayed set)
  const b = await delegated();
  await b.node.chain.advance(BLOCKS);
  const run = { head: b.node.chain.latestBlock(), state: state(b.node) };
  await b.node.chain.close();
  assert.is(run.head.height, one.head.height);
  assert.equal(run.state, one.state);
  assert.is(run.head.appHash, one.head.appHash);
  // a restart after H + 1: block H + 2 still owes the old set (its record is in the database)
  const c = await delegated();
  await c.node.chain.advance(1n);
  const mid = c.node.chain.latestBlock();
  await c.node.chain.close();
  const reopened = await h.open({ dbPath: c.node.dbPath });
  try {
    assert.equal(reopened.chain.latestBlock(), mid, "restored at the same hashes");
    await reopened.chain.advance(BLOCKS - 1n);
    assert.equal(state(reopened), one.state);
    assert.is(reopened.chain.latestBlock().appHash, one.head.appHash);
  } finally {
    await reopened.chain.close();
  }
  // replays from genesis, each block's state hash checked
  for (const db of [a.node.dbPath, b.node.dbPath, c.node.dbPath]) {
    assert.is(Application.replay(await loadCore(wasm), db).appHash, one.head.appHash, db);
  }
});

test("the owed set is a stored record (hashed with the state) from block H until block H + 2 has used it", async () => {
  const { node, height } = await delegated();
  try {
    const rows = () => (node.chain.app as unknown as { s: { store: { govRecords(): { key: string }[] } } }).s.store.govRecords().map((g) => g.key);
    assert.ok(rows().includes("vs/delayed"), `block ${height} owes the set before it`);
    await node.chain.advance(1n);
    assert.ok(rows().includes("vs/delayed"), `block ${height + 1n} still owes it`);
    await node.chain.advance(1n);
    assert.not.ok(rows().includes("vs/delayed"), `after block ${height + 2n} nothing is owed`);
  } finally {
    await node.chain.close();
  }
});

test("under CometBFT the commit info's powers split the rewards, not the app's own set", async () => {
  const node = await h.open();
  try {
    await node.chain.advance(2n);
    const [v0, v1] = node.chain.consensusValidators();
    const hex = (a: Uint8Array) => Buffer.from(a).toString("hex").toUpperCase();
    assert.is(v0!.power, v1!.power, "the app's own set: equal powers");
    const before = state(node);
    const others = () => [2, 3].map((id) => node.chain.ledger.validator(id)!.outstanding);
    const othersBefore = others();
    // CometBFT's last commit: validator 0 signed with three times validator 1's power (its set two blocks back)
    node.chain.app.finalizeBlock({
      height: node.chain.latestBlock().height + 1n, timeNs: node.chain.nextBlockTime(),
      consensus: { votes: [{ address: hex(v0!.address), power: 3n * v1!.power, signed: true }, { address: hex(v1!.address), power: v1!.power, signed: false }], doubleSigns: [] },
    });
    node.chain.app.commit();
    const now = state(node);
    const [r0, r1] = [now.out0 - before.out0, now.out1 - before.out1];
    assert.ok(r1 > 0n, "an absent vote is paid too, as x/distribution pays every vote");
    const skew = r0 - 3n * r1;
    assert.ok((skew < 0n ? -skew : skew) * 1_000_000_000n < r0, `${r0} is three times ${r1}`);
    assert.equal(others(), othersBefore, "validators 2 and 3, in the app's set but not in the commit, are paid nothing");
  } finally {
    await node.chain.close();
  }
});

test.after(() => h.remove());
test.run();
