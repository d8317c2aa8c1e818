// x/upgrade and x/circuit held to chain-maind: the upgrade-circuit recording (test/reference-chain/
// upgrade-circuit/) replayed on the node; the queries the recording made before its first tx asked of
// a fresh node, those after its proposals passed asked after the replay's; then the plan the recording
// scheduled reaches its height: the node stops there with the line chain-maind logged, the last
// committed height the one before, and applies nothing until told.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { nodeHarness } from "../../helpers/node.js";
import { SECOND } from "../../helpers/reference-workload.js";
import { readWorkload, replayRecorded } from "../../helpers/reference-replay.js";

type Q = { path: string; status: number; body: unknown };
const h = await nodeHarness({ prefix: "upgrade-reference-" });
const recorded = readWorkload("upgrade-circuit", "workload-results.json");
const genesis = readWorkload("upgrade-circuit", "genesis.json");

async function differences(node: Awaited<ReturnType<typeof h.open>>, queries: Q[]): Promise<string[]> {
  const off: string[] = [];
  for (const q of queries) {
    const got = await node.get(q.path);
    if (got.status !== q.status || JSON.stringify(got.json) !== JSON.stringify(q.body)) off.push(`${q.path}: chain ${q.status} ${JSON.stringify(q.body)}\n    node ${got.status} ${JSON.stringify(got.json)}`);
  }
  return off;
}

test("the queries before the first tx (plan, module versions, authority, applied plan, circuit) answer as chain-maind's", async () => {
  const fresh = await h.open({ genesis, blockTimeNs: SECOND });
  try {
    await fresh.chain.advance(1n);
    const queries = recorded.queries_before as Q[];
    assert.ok(queries.length >= 10);
    // the circuit account asked before any permission: its not-found answer names the address's bytes
    assert.equal(await differences(fresh, queries), []);
  } finally {
    await fresh.chain.close();
  }
});

test("replayed, the proposals passed: the plan, the disable list and the accounts as the chain's; then the halt at the plan's height", async () => {
  const node = await h.open({ genesis, blockTimeNs: SECOND });
  try {
    const rows = await replayRecorded("upgrade-circuit", node);
    assert.equal(rows.map((r) => r.node.code), rows.map((r) => r.chain.code));
    const plan = recorded.halt.plan_height as number;
    // the last proposals' voting ends (30 s) before the plan's height
    await node.chain.advance(BigInt(plan - 5) - node.chain.latest.height);
    assert.equal(await differences(node, recorded.queries_after_batch2 as Q[]), []);
    const stopped = await node.chain.advance(20n).then(() => "", (e: Error) => e.message);
    const line = (recorded.halt.log_lines as string[]).find((l) => l.includes("NEEDED"))!;
    assert.ok(line.includes(stopped) && stopped.startsWith('UPGRADE "halt-plan" NEEDED at height: '), `${stopped} / ${line}`);
    assert.is(node.chain.latest.height, BigInt(plan - 1), "the last committed height is the one before the plan's");
    assert.equal([(await node.get("/cosmos/upgrade/v1beta1/current_plan")).json, (await node.get("/cosmos/upgrade/v1beta1/applied_plan/halt-plan")).json],
      (recorded.halt.queries as Q[]).slice(0, 2).map((q) => q.body), "the queries answer at the halt as the chain's");
  } finally {
    await node.chain.close();
  }
});

test.after(() => h.remove());
test.run();
