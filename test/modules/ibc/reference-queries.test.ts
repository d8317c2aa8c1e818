// IBC on a lone chain held to chain-maind: the ibc-evidence recording (test/reference-chain/ibc-evidence/)
// replayed on the node (each IBC message refused as the chain refused it), then every REST query the
// recording made on a chain with no IBC state (x/evidence's, transfer's, client's, connection's,
// channel's, interchain accounts') asked of the node: the same status and JSON. The recording asked
// them at its height 30, before its last rows; the answers that name the query's height are compared
// with that height read as the node's.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { nodeHarness } from "../../helpers/node.js";
import { SECOND } from "../../helpers/reference-workload.js";
import { readWorkload, replayRecorded } from "../../helpers/reference-replay.js";

const h = await nodeHarness({ prefix: "ibc-reference-" });
test.after(() => h.remove());

const recorded = readWorkload("ibc-evidence", "workload-results.json");
const node = await h.open({ genesis: readWorkload("ibc-evidence", "genesis.json"), blockTimeNs: SECOND });
const rows = await replayRecorded("ibc-evidence", node);
// The recording asked its queries before the rows that create IBC state: a second node replays up to there.
const FIRST_STATE = "ibc create client: a tendermint client of counterparty-1";
const before = await h.open({ genesis: readWorkload("ibc-evidence", "genesis.json"), blockTimeNs: SECOND });
await replayRecorded("ibc-evidence", before, () => {}, FIRST_STATE);

test("the replay answered the IBC messages as the chain did (code and codespace), the ones a lone chain lets through executed", () => {
  const through = new Set(["ibc create client: a tendermint client of counterparty-1", "ibc connection open init on the new client",
    "ibc channel open init on connection-0 (INIT)", "ica register interchain account on connection-0"]);
  const ibc = rows.filter((r) => /^(INVALID )?(ibc|ica) /.test(r.label) && !/module query safe/.test(r.label));
  assert.ok(ibc.length >= 42, `${ibc.length} rows`);
  assert.equal(ibc.map((r) => `${r.label}: ${r.node.codespace}/${r.node.code}`), ibc.map((r) => `${r.label}: ${r.chain.codespace}/${r.chain.code}`));
  // What the chain let through the node executes, with the chain's gas and msg response.
  for (const r of rows.filter((x) => through.has(x.label))) {
    assert.is(r.node.code, 0, r.label);
    assert.is(r.node.gasUsed, r.chain.gasUsed, r.label);
    assert.is(Buffer.from(String(r.node.data), "hex").toString("base64"), r.chain.data, r.label);
  }
});

test("each recorded query answers as chain-maind did", async () => {
  const queries = recorded.queries as { path: string; status: number; body: any }[];
  assert.ok(queries.length >= 30);
  const recordedHeight = "30";
  const height = `${before.chain.latestBlock().height}`;
  const off: string[] = [];
  for (const q of queries) {
    const got = await before.get(q.path);
    const want = JSON.parse(JSON.stringify(q.body).replaceAll(`"revision_height":"${recordedHeight}"`, `"revision_height":"${height}"`)
      .replace(`not found, height ${recordedHeight}"`, `not found, height ${height}"`));
    if (got.status !== q.status || JSON.stringify(got.json) !== JSON.stringify(want)) {
      off.push(`${q.path}: chain ${q.status} ${JSON.stringify(want)}\n    node ${got.status} ${JSON.stringify(got.json)}`);
    }
  }
  assert.equal(off, []);
});

test.run();
