// Issue 25, "Deliver 6": the node held to the real chain's recorded workload, tx by tx. The node is
// opened on the chain's own genesis.json (test/reference-chain) with 1 s blocks, as the chain ran,
// and the 41 recorded txs are signed again by CosmJS and sent at their recorded heights
// (helpers/reference-workload.ts). Per tx, against the record (helpers/reference-compare.ts): the
// stage (refused at CheckTx or failed/passed in a block), code, codespace and raw log exactly; gas
// used within 1 %; event types and attribute keys in order exactly; attribute values exactly once
// RFC3339 times and 32-byte addresses are normalised; the msg responses' type URLs.
//
// Gas: every tx is exact but the ten of NOT_EXACT, which read or write a record holding a block time
// (a validator's commission update time, a redelegation or unbonding entry's completion time, a
// position's bonus accrual and exit times, a proposal's submit, deposit and voting end times): a
// protobuf Timestamp's nanos are a varint (omitted when 0), so the record's size, and the per-byte
// gas (3 a byte read, 30 written), follows the block's time, which on the chain was the wall clock's
// and here is genesis_time + height s: a rerun of chain-maind itself on this genesis differed by up
// to 0.21 % on such txs. The node's figures (chain → node): create-validator 181,502 → 181,430,
// redelegate 250,226 → 250,187, tier-redelegate 328,716 → 328,737, lock-tier4 194,946 → 194,826,
// lock-tier1-amino 194,965 → 194,905, not-owner trigger-exit 51,617 → 51,614, gov-submit-proposal
// 153,748 → 153,322 (-0.28 %), exit-with-delegation partial 331,226 → 331,214, tier-undelegate
// 265,317 → 265,173, withdraw-from-tier 51,727 → 51,712.
//
// No value is excepted. "clear-position (cancel exit of posA)" withdraws what position A accrued on
// val2 since its tier-redelegate at height 45: 9,084 (2 × 757 + 5 × 1,514), as on the chain, since
// each block's rewards are split by the powers CometBFT had sign the block before (EndBlock 45 →
// set of 47 → LastCommit of block 48: app/block.ts, modules/staking/delayed-sets.ts).
//
// Its gas is 42 short of the chain's (153,764 / 153,806): one byte less in val2's historical-rewards
// record of period 3, read four times and written once. That record's ratio is 85,091,256,275 (11
// digits) by the chain's own BeginBlock events (val2 paid from block 38, its power from the
// redelegate at 39 from block 42), yet the chain charged as for 12 digits; before the delay was
// modelled the node's wrong ratio (137,647,634,626) had 12 and hid it. Named in GAS_OFF_BY_A_BYTE.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { nodeHarness } from "../helpers/node.js";
import { readReference } from "../helpers/reference-chain.js";
import { SECOND, replayWorkload, type WorkloadRow } from "../helpers/reference-workload.js";
import { differences, report } from "../helpers/reference-compare.js";
import { referenceTable, tableInReadme } from "../helpers/reference-table.js";

const h = await nodeHarness({ prefix: "reference-workload-" });

async function replay(): Promise<WorkloadRow[]> {
  const node = await h.open({ genesis: readReference("genesis.json"), blockTimeNs: SECOND });
  try {
    return await replayWorkload(node);
  } finally {
    await node.chain.close();
  }
}

const rows = await replay();

/** The txs whose gas is within 1 % but not exact: they size a record holding a block time (above). */
const NOT_EXACT = new Set([
  "create-validator", "redelegate", "tier-redelegate", "lock-tier4-exit-immediately", "lock-tier1-amino",
  "INVALID not-owner trigger-exit", "gov-submit-proposal", "exit-with-delegation partial (after unlock)",
  "tier-undelegate (after unlock)", "INVALID withdraw-from-tier before unbonding completes",
]);

/** Gas within 1 % but not exact for a reason other than a block time's size (above). */
const GAS_OFF_BY_A_BYTE = new Set(["clear-position (cancel exit of posA)"]);

test("all 41 recorded txs replayed", () => {
  assert.is(rows.length, 41);
});

test("every tx as the chain: stage, code, codespace, raw log, gas (1 %), events and attributes, msg responses", () => {
  const off = rows.map((r) => ({ r, d: differences(r) })).filter((x) => x.d.length > 0);
  if (off.length > 0) assert.unreachable(`${off.length} of ${rows.length} txs differ from the record:\n${off.map((x) => report(x.r, x.d)).join("\n")}`);
});

test("gas to the unit in every tx that sizes no block time (all but the ten named and GAS_OFF_BY_A_BYTE)", () => {
  for (const label of [...NOT_EXACT, ...GAS_OFF_BY_A_BYTE]) assert.ok(rows.some((r) => r.label === label), label);
  const off = rows.filter((r) => r.chain.stage === "deliver" && !NOT_EXACT.has(r.label) && !GAS_OFF_BY_A_BYTE.has(r.label) && r.node.gasUsed !== r.chain.gasUsed);
  assert.equal(off.map((r) => `#${r.n} ${r.label}: chain ${r.chain.gasUsed}, node ${r.node.gasUsed}`), []);
});

test("docs/exactness.md's table is this replay's (npm run reference-table -- --write regenerates it)", () => {
  assert.fixture(tableInReadme(), referenceTable(rows));
});

test.after(() => h.remove());
test.run();
