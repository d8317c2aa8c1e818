// chain-main's x/nft Query service held to chain-maind: the nft recording (test/reference-chain/nft/)
// replayed on the node, then every REST query the recording made after its last tx (denoms and their
// pages, a denom by id and by name, collections and their pages, supplies, owners, tokens, and the
// not-found and bad-address answers) asked of the node: the same status and the same JSON.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { nodeHarness } from "../../helpers/node.js";
import { SECOND } from "../../helpers/reference-workload.js";
import { readWorkload, replayRecorded } from "../../helpers/reference-replay.js";

const h = await nodeHarness({ prefix: "nft-reference-" });

const recorded = readWorkload("nft", "workload-results.json");
const node = await h.open({ genesis: readWorkload("nft", "genesis.json"), blockTimeNs: SECOND });
const rows = await replayRecorded("nft", node);

test("the replay delivered what the chain delivered (the ratchet holds each row; here the queries' state)", () => {
  assert.equal(rows.map((r) => r.node.code), rows.map((r) => r.chain.code));
});

test(`each of the ${recorded.queries.length} recorded queries answers as chain-maind did`, async () => {
  assert.ok(recorded.queries.length >= 30);
  const off: string[] = [];
  for (const q of recorded.queries as { path: string; status: number; body: unknown }[]) {
    const got = await node.get(q.path);
    if (got.status !== q.status || JSON.stringify(got.json) !== JSON.stringify(q.body)) {
      off.push(`${q.path}: chain ${q.status} ${JSON.stringify(q.body)}\n    node ${got.status} ${JSON.stringify(got.json)}`);
    }
  }
  assert.equal(off, []);
});

test("the last row's queries (read right after the last tx's block) answer as chain-maind did", async () => {
  const last = recorded.results.at(-1) as { queries: { path: string; status: number; body: unknown }[] };
  for (const q of last.queries) {
    const got = await node.get(q.path);
    assert.equal([got.status, got.json], [q.status, q.body], q.path);
  }
});

test.after(async () => {
  await node.chain.close();
  await h.remove();
});
test.run();
