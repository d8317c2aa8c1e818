// x/group's Query service held to chain-maind: the group recording (test/reference-chain/group/)
// replayed on the node, then every REST query the recording made after its last tx (groups and their
// pages, members, policies by group and by admin, proposals, votes by proposal and by voter, tallies,
// the policies' accounts, and the not-found, aborted-tally and bad-address answers) asked of the node:
// the same status and the same JSON, but for the times (the replay's blocks are not the recording's
// to the nanosecond, so every RFC 3339 time is compared as a time, not its value).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { nodeHarness } from "../../helpers/node.js";
import { SECOND } from "../../helpers/reference-workload.js";
import { readWorkload, replayRecorded } from "../../helpers/reference-replay.js";

const h = await nodeHarness({ prefix: "group-reference-" });

const recorded = readWorkload("group", "workload-results.json");
const node = await h.open({ genesis: readWorkload("group", "genesis.json"), blockTimeNs: SECOND });
const rows = await replayRecorded("group", node);

/** The answer with its times (RFC 3339) as a placeholder. */
const timeless = (v: unknown): string => JSON.stringify(v).replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"/g, '"<time>"');

test("the replay delivered what the chain delivered (the ratchet holds each row; here the queries' state)", () => {
  assert.equal(rows.map((r) => r.node.code), rows.map((r) => r.chain.code));
});

test(`each of the ${recorded.queries.length} recorded queries answers as chain-maind did`, async () => {
  assert.ok(recorded.queries.length >= 50);
  const off: string[] = [];
  for (const q of recorded.queries as { path: string; status: number; body: unknown }[]) {
    const got = await node.get(q.path);
    if (got.status !== q.status || timeless(got.json) !== timeless(q.body)) {
      off.push(`${q.path}: chain ${q.status} ${JSON.stringify(q.body)}\n    node ${got.status} ${JSON.stringify(got.json)}`);
    }
  }
  assert.equal(off, []);
});

test.after(async () => {
  await node.chain.close();
  await h.remove();
});
test.run();
